"""The treasure chest as a person uses it: add an item, give it a photo, find it by searching, delete it."""

import os
import subprocess
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from test_foundation import OWNER, fill_and_submit, path_of, set_up_hub, wait, wait_for_home, wait_for_path


def sign_in(driver, base_url):
    """Signs the owner in, setting the hub up first when this test runs on a fresh server."""
    driver.get(f"{base_url}/login")
    if wait_for_path(driver, "/login", "/setup", "/") == "/setup":
        set_up_hub(driver, base_url)
        return
    if path_of(driver) == "/login":
        fill_and_submit(driver, {"email": OWNER["email"], "password": OWNER["password"]})
        wait_for_home(driver)


def make_photo():
    """A real JPEG made with vips, as a phone would send one."""
    path = os.path.join(tempfile.mkdtemp(), "candlesticks.jpg")
    subprocess.run(["vips", "gaussnoise", path, "1200", "900"], check=True)
    return path


def test_add_item_add_photo_find_it_and_delete_it(server, browser, screenshot):
    sign_in(browser, server)

    # when the owner adds an item
    browser.get(f"{server}/items")
    wait(browser).until(EC.element_to_be_clickable((By.CSS_SELECTOR, "main a[href='/items/new']"))).click()
    wait_for_path(browser, "/items/new")
    Select(browser.find_element(By.NAME, "category")).select_by_visible_text("Decor")
    fill_and_submit(
        browser,
        {"name": "Silver candlesticks", "estimatedValue": "1250", "description": "A wedding present, 1958."},
    )

    # then its page shows it with its value
    wait(browser).until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), "Silver candlesticks"))
    assert "$1,250" in browser.find_element(By.TAG_NAME, "main").text
    item_path = path_of(browser)

    # when a photo is added
    browser.find_element(By.ID, "photo-file").send_keys(make_photo())
    browser.find_element(By.XPATH, "//button[normalize-space(.)='Upload photos']").click()

    # then it is shown as the main photo
    photo = wait(browser).until(
        EC.visibility_of_element_located((By.CSS_SELECTOR, "#photos img[src*='/api/media/']")), "no photo on the item page"
    )
    wait(browser).until(lambda d: d.execute_script("return arguments[0].naturalWidth", photo) > 0, "the photo did not load")
    screenshot("item-with-photo")

    # when they search for the start of a word
    browser.get(f"{server}/items")
    fill_and_submit(browser, {"q": "silv"})
    wait(browser).until(EC.url_contains("q="), "expected the search results")  # /items lists the item too

    # then the item is found, with its thumbnail
    link = wait(browser).until(EC.element_to_be_clickable((By.PARTIAL_LINK_TEXT, "Silver candlesticks")))
    assert browser.find_elements(By.CSS_SELECTOR, "img[src*='/thumbnail']"), "no thumbnail in the search results"
    screenshot("items-search")
    link.click()
    wait_for_path(browser, item_path)

    # when they delete it, confirming once
    wait(browser).until(EC.element_to_be_clickable((By.LINK_TEXT, "Delete this item…"))).click()
    confirm = wait(browser).until(
        EC.element_to_be_clickable((By.XPATH, "//button[contains(normalize-space(.), 'Delete Silver candlesticks')]"))
    )
    confirm.click()

    # then it is gone, and searching finds nothing
    wait_for_path(browser, "/items")
    browser.get(f"{server}/items?q=silv")
    wait(browser).until(EC.text_to_be_present_in_element((By.TAG_NAME, "main"), "Nothing found"))
