"""Parting with things on a phone: an item's brief, choosing a path, ticking the plan to done; a sale with a lot
whose checklist is ticked to ready, and its printable labels."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from helpers import click_button, main_text, open_fold, path_of, unique_word, wait, wait_for_path, wait_for_text
from hub import call


def walk_brief_to_done(browser, server, page_path, screenshot, name):
    """From an item's or a set's brief page: make the brief, choose consignment, tick every step."""
    browser.get(f"{server}{page_path}")
    wait_for_text(browser, "Ask for a brief")
    screenshot(f"{name}-no-brief")
    click_button(browser, "Make the brief")

    # then the brief shows its paths, the recommended one first chosen
    wait_for_text(browser, "The brief is ready")
    text = main_text(browser)
    assert "Consign it" in text and "Sell it yourself" in text and "Give it away" in text
    assert "$400 – $600 after fees" in text
    assert "Rule-based advice" not in text
    screenshot(f"{name}-brief")

    # when the consignment path is chosen
    radio = browser.find_element(By.CSS_SELECTOR, "input[name=chosenPath][value=pathB_delegateConsign]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", radio)
    radio.click()
    click_button(browser, "Choose this path and make a plan")

    # then the plan's steps are listed, none done
    wait_for_text(browser, "The plan is ready")
    assert "0 of 3 steps done" in main_text(browser)
    screenshot(f"{name}-plan")

    # when each step is ticked, the first with a note
    for number in (1, 2, 3):
        if number == 1:
            note = browser.find_elements(By.CSS_SELECTOR, ".plan-step input[name=note]")[0]
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", note)
            note.send_keys("Smith's charges 40%")
        click_button(browser, f"Mark step {number} done")
        wait_for_text(browser, f"{number} of 3 steps done")

    # then the plan is done, and says who ticked each step
    text = main_text(browser)
    assert "All done." in text
    assert text.count("Done by ") == 3
    assert "Smith's charges 40%" in browser.page_source
    screenshot(f"{name}-plan-done")


def test_item_brief_to_done(server, browser, signed_in, screenshot):
    # given an item worth something
    item_path = signed_in.create_item(f"{unique_word()} oak dining table", category="Furniture", estimatedValue="900")

    # when the owner opens its brief from the item's page
    browser.get(f"{server}{item_path}")
    open_fold(browser, "Parting with it")
    link = wait(browser).until(EC.element_to_be_clickable((By.LINK_TEXT, "Brief and plan")))
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    wait_for_path(browser, f"{item_path}/liquidation")

    # then they can walk it from brief to done
    walk_brief_to_done(browser, server, f"{item_path}/liquidation", screenshot, "downsizing-item")


def test_set_brief_to_done(server, browser, signed_in, screenshot):
    # given a set of chairs worth something
    item_path = signed_in.create_item(f"{unique_word()} dining chairs", category="Furniture", estimatedValue="150",
                                      quantity=6)
    made = signed_in.post("/api/sets", {"name": f"{unique_word()} dining room", "type": "furniture",
                                        "sellTogether": True, "members": [{"itemId": item_path.split("/")[-1],
                                                                           "quantity": 6}]})
    set_path = f"/sets/{made['id']}"

    # when the owner opens its brief from the set's page
    browser.get(f"{server}{set_path}")
    link = wait(browser).until(EC.element_to_be_clickable((By.LINK_TEXT, "Brief and plan")))
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    wait_for_path(browser, f"{set_path}/liquidation")

    # then the set too walks from brief to done, and the set is done
    walk_brief_to_done(browser, server, f"{set_path}/liquidation", screenshot, "downsizing-set")
    status, answer = call(server, "GET", f"/api/sets/{made['id']}", token=signed_in.token)
    assert status == 200 and answer["disposition"]["status"] == "done", answer


def test_sale_lot_checklist_and_labels(server, browser, signed_in, screenshot):
    # given an item
    name = f"{unique_word()} brass lamp"
    signed_in.create_item(name, estimatedValue="40")

    # when the owner plans an estate sale
    browser.get(f"{server}/sales")
    wait_for_text(browser, "Plan a sale")
    browser.find_element(By.NAME, "venue").send_keys("12 Elm Street")
    click_button(browser, "Add the sale")
    wait_for_text(browser, "The sale is added")
    sale_path = path_of(browser)
    assert "Estate sale at 12 Elm Street" in main_text(browser)

    # and adds a lot with the lamp
    from selenium.webdriver.support.ui import Select

    Select(browser.find_element(By.NAME, "itemId")).select_by_visible_text(name)
    browser.find_element(By.NAME, "room").send_keys("Hall")
    browser.find_element(By.NAME, "targetPrice").send_keys("35")
    click_button(browser, "Add the lot")
    wait_for_text(browser, "The lot is added")
    screenshot("downsizing-sale")
    assert "Print lot labels (PDF)" in main_text(browser)

    # when they open the lot and tick its checklist
    lot = wait(browser).until(EC.element_to_be_clickable((By.PARTIAL_LINK_TEXT, name)))
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", lot)
    lot.click()
    wait_for_text(browser, "Checklist")
    assert not browser.find_elements(By.XPATH, "//button[normalize-space(.)='Mark Ready']")
    for step in ("Prepared", "Documented", "Staged", "Ready"):
        click_button(browser, f"Mark {step}")
        wait_for_text(browser, "The lot is saved")

    # then it is ready, with who ticked each step
    text = main_text(browser)
    assert "This lot is ready for the sale." in text
    assert text.count("Ticked by ") == 4
    screenshot("downsizing-lot")

    # and the sale shows it ready
    browser.get(f"{server}{sale_path}")
    wait_for_text(browser, "1 of 1 ready")
