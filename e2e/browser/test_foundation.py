"""The foundation as a person meets it: setting up a fresh hub, signing out and in, a wrong password.

Setting up needs a hub nobody has set up, so that test runs on a server of its own (`fresh_server`); the
wrong password is tried on the shared hub.
"""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from helpers import fill_and_submit, navigation_labels, path_of, sign_out, visible_alert, wait, wait_for_path
from hub import OWNER

NAVIGATION = ["Items", "Memories", "Journal", "Settings"]


def wait_for_home(driver):
    wait(driver).until(
        EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1.page-title"), OWNER["householdName"]),
        "expected Home with the household's name as its title",
    )


def test_fresh_hub_setup_then_login_sees_home(fresh_server, browser, screenshot):
    # given a fresh hub, which sends its first visitor to /setup, in a browser in Chicago
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "America/Chicago"})
    browser.get(fresh_server)
    wait_for_path(browser, "/setup")

    # when its first person sets it up
    fill_and_submit(browser, OWNER)
    wait_for_home(browser)

    # then they are on Home, with the sections in the navigation
    labels = navigation_labels(browser)
    for section in NAVIGATION:
        assert any(section in label for label in labels), f"no link {section!r} in the navigation: {labels}"
    # and the hub keeps Chicago's time, chosen in plain words on Settings
    browser.get(f"{fresh_server}/settings")
    zone = browser.find_element(By.CSS_SELECTOR, "#household-zone option:checked")
    assert zone.get_attribute("value") == "America/Chicago" and zone.text == "Chicago · Central Time"
    search = browser.find_element(By.ID, "household-zone-search")
    search.send_keys("Berlin")
    assert browser.find_element(By.CSS_SELECTOR, "#household-zone option:checked").get_attribute("value") \
        == "Europe/Berlin"
    screenshot("settings-time-zone")
    browser.get(fresh_server)

    # when they sign out, they are asked to sign in
    sign_out(browser)
    wait_for_path(browser, "/login")
    wait(browser).until(EC.visibility_of_element_located((By.NAME, "email")))
    screenshot("login")

    # and when they sign in again, they are back on Home
    fill_and_submit(browser, {"email": OWNER["email"], "password": OWNER["password"]})
    wait_for_home(browser)
    screenshot("home")


@pytest.mark.usefixtures("hub")
def test_wrong_password_shows_error(server, browser, screenshot):
    # given a hub that has been set up
    browser.get(f"{server}/login")
    wait_for_path(browser, "/login")

    # when someone signs in with the wrong password
    fill_and_submit(browser, {"email": OWNER["email"], "password": "not the password"})

    # then the page says so and they stay on the sign-in page
    alert = wait(browser).until(visible_alert, "expected an error message ([role=alert]) on the sign-in page")
    assert path_of(browser) == "/login"
    assert browser.find_element(By.NAME, "password").is_displayed()
    screenshot("login-wrong-password")
    assert alert.text.strip()
