"""The foundation as a person meets it: setting up a fresh hub, signing out and in, a wrong password.

The tests share one server (and so one hub) and run in the order written: the first sets the hub up.
"""

from urllib.parse import urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 30  # seconds for any one page to arrive (debug builds hash passwords slowly)

OWNER = {
    "householdName": "The Miller Family",
    "name": "Ann Miller",
    "email": "ann@example.com",
    "password": "correct horse battery",
}
NAVIGATION = ["Items", "Memories", "Journal", "Settings"]
SUBMIT_BUTTON = "button[type=submit], button:not([type]), input[type=submit]"
SIGN_OUT_BUTTON = (
    "//header//form//*[self::button or self::input]"
    "[normalize-space(.)='Sign out' or @value='Sign out']"
)


def wait(driver):
    return WebDriverWait(driver, TIMEOUT)


def path_of(driver):
    return urlparse(driver.current_url).path


def wait_for_path(driver, *paths):
    wait(driver).until(lambda d: path_of(d) in paths, f"expected to be on {' or '.join(paths)}")
    return path_of(driver)


def fill_and_submit(driver, fields, form="form"):
    """Types each value into the input of that name, then clicks the submit button of their form.

    form, a CSS selector, picks the form where a page has several with the same field names."""
    first = None
    for name, value in fields.items():
        field = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, f"{form} [name='{name}']")))
        field.clear()
        field.send_keys(value)
        first = first or field
    form = first.find_element(By.XPATH, "./ancestor::form")
    form.find_element(By.CSS_SELECTOR, SUBMIT_BUTTON).click()


def wait_for_home(driver):
    wait(driver).until(
        EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1.page-title"), OWNER["householdName"]),
        "expected Home with the household's name as its title",
    )


def navigation_labels(driver):
    links = driver.find_elements(By.CSS_SELECTOR, "nav a")
    return [" ".join(link.get_attribute("textContent").split()) for link in links]


def sign_out(driver):
    wait(driver).until(EC.element_to_be_clickable((By.XPATH, SIGN_OUT_BUTTON)), "no Sign out button").click()


def visible_alert(driver):
    """The first displayed element with role=alert that says something, or False."""
    alerts = driver.find_elements(By.CSS_SELECTOR, "[role=alert]")
    return next((alert for alert in alerts if alert.is_displayed() and alert.text.strip()), False)


def set_up_hub(driver, base_url):
    """Opens the hub, which a fresh server sends to /setup, and creates the household and its owner."""
    driver.get(base_url)
    wait_for_path(driver, "/setup")
    fill_and_submit(driver, OWNER)
    wait_for_home(driver)


def test_fresh_hub_setup_then_login_sees_home(server, browser, screenshot):
    # given a fresh hub, when its first person sets it up
    set_up_hub(browser, server)

    # then they are on Home, with the sections in the navigation
    labels = navigation_labels(browser)
    for section in NAVIGATION:
        assert any(section in label for label in labels), f"no link {section!r} in the navigation: {labels}"

    # when they sign out, they are asked to sign in
    sign_out(browser)
    wait_for_path(browser, "/login")
    wait(browser).until(EC.visibility_of_element_located((By.NAME, "email")))
    screenshot("login")

    # and when they sign in again, they are back on Home
    fill_and_submit(browser, {"email": OWNER["email"], "password": OWNER["password"]})
    wait_for_home(browser)
    screenshot("home")


def test_wrong_password_shows_error(server, browser, screenshot):
    # given a hub that has been set up (by the test above, or here when this test runs alone)
    browser.get(f"{server}/login")
    if wait_for_path(browser, "/login", "/setup") == "/setup":
        set_up_hub(browser, server)
        sign_out(browser)
        wait_for_path(browser, "/login")

    # when someone signs in with the wrong password
    fill_and_submit(browser, {"email": OWNER["email"], "password": "not the password"})

    # then the page says so and they stay on the sign-in page
    alert = wait(browser).until(visible_alert, "expected an error message ([role=alert]) on the sign-in page")
    assert path_of(browser) == "/login"
    assert browser.find_element(By.NAME, "password").is_displayed()
    screenshot("login-wrong-password")
    assert alert.text.strip()
