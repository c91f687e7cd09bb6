"""The AI appraiser as a person uses it, against the fake provider: analyse an item, add notes for the expert,
ask again, apply the appraisal, and add several items at once from photos."""

import json
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from helpers import (choose_file, click_button, fill_and_submit, main_text, make_photo, open_fold, wait, wait_for_path,
                     wait_for_text)


def make_photos(count):
    return [make_photo(f"shelf-{n + 1}.jpg", 640, 480) for n in range(count)]


def provider_requests(ai_provider):
    with urllib.request.urlopen(f"{ai_provider.base_url}/_requests", timeout=5) as response:
        return json.loads(response.read())


def test_analyse_add_notes_rerun_apply_and_batch_add(server, browser, signed_in, screenshot, ai_provider):
    # given an item with a photo
    item_path = signed_in.create_item("Tea set from the attic")
    signed_in.add_item_photos(item_path, make_photos(1)[0])

    # when the owner asks the AI expert
    browser.get(f"{server}{item_path}#appraisal")
    screenshot("ai-item-section")
    click_button(browser, "Ask the AI expert")

    # then the appraisal shows what it is and a value range
    wait_for_text(browser, "Sterling silver tea set")
    assert "$800 – $1,200" in main_text(browser)
    screenshot("ai-result")

    # when they add notes for the expert and ask again
    browser.get(f"{server}{item_path}")
    open_fold(browser, "What is it worth?")
    notes = browser.find_element(By.ID, "appraisal-notes")
    notes.send_keys("Weighs 1,450 g. Marked Gorham under the lid.")
    click_button(browser, "Save notes")
    wait_for_text(browser, "Your notes for the AI expert are saved")
    assert "Weighs 1,450 g" in browser.find_element(By.ID, "appraisal-notes").get_attribute("value")
    click_button(browser, "Ask the AI expert again")
    wait_for_text(browser, "Add this to the item?")

    # then the notes reached the model, as facts
    last = provider_requests(ai_provider)[-1]["body"]
    assert "Weighs 1,450 g. Marked Gorham under the lid." in last

    # when they apply it with the middle of the range
    click_button(browser, "Apply to item")
    wait_for_path(browser, item_path)
    main = main_text(browser)
    assert "The appraisal was added" in main
    assert "$1,000" in main
    assert "Made by Gorham." in main
    screenshot("ai-applied")

    # when they add several items from photos
    browser.get(f"{server}/items/batch")
    screenshot("ai-batch-new")
    choose_file(browser, "batch-files", *make_photos(3))
    ai_provider.delay = 1.5  # slow enough to see the live count
    try:
        click_button(browser, "Upload and read the photos")

        # then the photos are read with a live count, and the review form appears
        wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, "[data-batch-count]")))
        screenshot("ai-batch-progress")
        wait(browser).until(
            EC.element_to_be_clickable((By.XPATH, "//button[normalize-space(.)='Add the ticked items']"))
        )
    finally:
        ai_provider.delay = 0
    assert "All 3 photos are read" in main_text(browser)
    title = browser.find_element(By.ID, "title-0")
    title.clear()
    title.send_keys("Grandma's teapot")
    browser.find_element(By.NAME, "include-2").click()  # leave the third one out
    screenshot("ai-batch-review")
    click_button(browser, "Add the ticked items")

    # then the chosen items are in the treasure chest, each with its photo
    wait_for_path(browser, "/items")
    main = main_text(browser)
    assert "The items were added" in main
    assert "Grandma's teapot" in main
    browser.get(f"{server}/items?q=teapot")
    wait(browser).until(EC.element_to_be_clickable((By.PARTIAL_LINK_TEXT, "Grandma's teapot")))
    assert browser.find_elements(By.CSS_SELECTOR, "img[src*='/thumbnail']"), "the imported item has no photo"
    screenshot("ai-batch-imported")


def test_draft_a_message_and_suggest_who_receives_it(server, browser, signed_in, screenshot, ai_provider):
    # given an item with a story and a beneficiary for it
    item_path = signed_in.create_item("Sunday tea pot", description="We drank from it every Sunday.")
    browser.get(f"{server}{item_path}/beneficiaries/new")
    Select(wait(browser).until(EC.presence_of_element_located((By.ID, "l-beneficiary")))).select_by_value("new")
    fill_and_submit(browser, {"newName": "Ben Miller"})
    wait_for_path(browser, item_path)

    # when the owner asks for a draft message in a light-hearted tone
    wait(browser).until(EC.element_to_be_clickable((By.PARTIAL_LINK_TEXT, "Change"))).click()
    Select(wait(browser).until(EC.presence_of_element_located((By.ID, "l-tone")))).select_by_value("lighthearted")
    click_button(browser, "Draft a message")

    # then the message box holds the draft, and nothing is saved until they press Save
    wait_for_text(browser, "Here is a draft")
    message = browser.find_element(By.ID, "l-message").get_attribute("value")
    assert "all the Sundays it remembers" in message
    assert "light-hearted" in provider_requests(ai_provider)[-1]["body"]
    screenshot("ai-draft-message")
    click_button(browser, "Save")
    wait_for_path(browser, item_path)
    assert "all the Sundays it remembers" in main_text(browser)

    # when they ask who else might receive a new item
    bench_path = signed_in.create_item("Garden bench")
    browser.get(f"{server}{bench_path}/beneficiaries/new")
    click_button(browser, "Suggest who might receive it")

    # then a suggestion with its reason is shown and chosen in the form, for them to confirm
    wait_for_text(browser, "Loves old things.")
    chosen = browser.find_element(By.ID, "l-beneficiary").get_attribute("value")
    assert chosen and chosen != "new"
    screenshot("ai-suggest")
