"""The treasure chest as a person uses it: add an item, give it a photo, find it by searching, delete it."""

from urllib.parse import quote

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from helpers import choose_file, make_recording, fill_and_submit, main_text, make_photo, path_of, unique_word, wait, wait_for_path, wait_for_text


def test_add_item_add_photo_find_it_and_delete_it(server, browser, signed_in, screenshot):
    # given a word in its name that no other item has, so that a search finds this item and nothing else
    word = unique_word()
    name = f"{word} silver candlesticks"
    query = f"silv {word[:4].lower()}"

    # when the owner adds an item
    browser.get(f"{server}/items")
    wait(browser).until(EC.element_to_be_clickable((By.CSS_SELECTOR, "main a[href='/items/new']"))).click()
    wait_for_path(browser, "/items/new")
    Select(browser.find_element(By.NAME, "category")).select_by_visible_text("Decor")
    fill_and_submit(browser, {"name": name, "estimatedValue": "1250", "description": "A wedding present, 1958."})

    # then its page shows it with its value
    wait_for_text(browser, name, "h1")
    assert "$1,250" in main_text(browser)
    item_path = path_of(browser)

    # when a photo is added
    choose_file(browser, "photo-file", make_photo("candlesticks.jpg"))
    browser.find_element(By.XPATH, "//button[normalize-space(.)='Upload photos']").click()

    # then it is shown as the main photo
    photo = wait(browser).until(
        EC.visibility_of_element_located((By.CSS_SELECTOR, "#photos img[src*='/api/media/']")), "no photo on the item page"
    )
    wait(browser).until(lambda d: d.execute_script("return arguments[0].naturalWidth", photo) > 0, "the photo did not load")
    screenshot("item-with-photo")

    # when a story recorded elsewhere is added from a file (issue 45: every file form used from a browser)
    browser.find_element(By.ID, "audio-title").send_keys("How they came to us")
    choose_file(browser, "audio-file", make_recording("wedding-story.webm", seconds=2))
    browser.find_element(By.XPATH, "//button[normalize-space(.)='Upload story']").click()
    # then it is listed with a player
    wait_for_text(browser, "How they came to us")
    assert browser.find_elements(By.CSS_SELECTOR, "#stories audio, #stories .story audio, main audio")

    # when they search for the start of a word
    browser.get(f"{server}/items")
    fill_and_submit(browser, {"q": query})
    wait(browser).until(EC.url_contains("q="), "expected the search results")  # /items lists the item too

    # then the item is found, with its thumbnail
    link = wait(browser).until(EC.element_to_be_clickable((By.PARTIAL_LINK_TEXT, name)))
    assert browser.find_elements(By.CSS_SELECTOR, "img[src*='/thumbnail']"), "no thumbnail in the search results"
    screenshot("items-search")
    link.click()
    wait_for_path(browser, item_path)

    # when they delete it, confirming once
    wait(browser).until(EC.element_to_be_clickable((By.CSS_SELECTOR, "main a[href$='/delete']"))).click()
    confirm = wait(browser).until(
        EC.element_to_be_clickable((By.XPATH, f"//button[contains(normalize-space(.), 'Delete {name}')]"))
    )
    confirm.click()

    # then it is gone, and searching finds nothing
    wait_for_path(browser, "/items")
    browser.get(f"{server}/items?q={quote(query)}")
    wait_for_text(browser, "Nothing found")
