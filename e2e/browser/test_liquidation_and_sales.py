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


def plan_sale(browser, server, venue):
    """Adds an estate sale at this venue from the Sales page; returns the new sale's path."""
    browser.get(f"{server}/sales")
    wait_for_text(browser, "Plan a sale")
    browser.find_element(By.NAME, "venue").send_keys(venue)
    click_button(browser, "Add the sale")
    wait_for_text(browser, "The sale is added")
    return path_of(browser)


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
    sale_path = plan_sale(browser, server, "12 Elm Street")
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


def test_a_lot_of_alike_pieces_is_priced_whole_and_promised_things_are_not_offered(server, browser, signed_in,
                                                                                    screenshot):
    import subprocess
    import urllib.request

    from selenium.webdriver.support.ui import Select

    from hub import ARTIFACTS

    # given twelve dinner plates at $25 each, and pearls left to Lily
    plates = f"{unique_word()} dinner plates"
    signed_in.create_item(plates, estimatedValue="25", quantity=12)
    pearls = f"{unique_word()} pearls"
    pearls_path = signed_in.create_item(pearls, estimatedValue="300")
    lily = signed_in.post("/api/beneficiaries", {"name": "Lily Miller"})
    signed_in.post(f"/api{pearls_path}/beneficiaries", {"beneficiaryId": lily["id"]})

    # when the owner plans a sale
    sale_path = plan_sale(browser, server, "Hill Farm")

    # then "Add a lot" offers the plates, and not the pearls, which are promised
    offered = [option.text for option in Select(browser.find_element(By.NAME, "itemId")).options]
    assert plates in offered and pearls not in offered, offered

    # when the plates go in a lot at $25 a plate
    Select(browser.find_element(By.NAME, "itemId")).select_by_visible_text(plates)
    browser.find_element(By.NAME, "targetPrice").send_keys("25")
    click_button(browser, "Add the lot")
    wait_for_text(browser, "The lot is added")

    # then the sale offers the twelve at $300, and says what its lots come to
    text = main_text(browser)
    assert "$300 (12 × $25)" in text, text
    assert "Target prices together: $300" in text, text
    screenshot("sale-lot-of-pieces")

    # and so does the lot's page
    lot = wait(browser).until(EC.element_to_be_clickable((By.PARTIAL_LINK_TEXT, plates)))
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", lot)
    lot.click()
    wait_for_text(browser, "Checklist")
    assert "$300 (12 × $25)" in main_text(browser)
    lot_path = path_of(browser)
    screenshot("lot-of-pieces")

    # and the printed label a helper reads at the sale
    request = urllib.request.Request(f"{server}/api{sale_path}/labels.pdf")
    request.add_header("Authorization", f"Bearer {signed_in.token}")
    with urllib.request.urlopen(request, timeout=120) as response:
        pdf = ARTIFACTS / "lot-labels-pieces.pdf"
        pdf.write_bytes(response.read())
    printed = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "$300 (12 × $25)" in printed, printed
    subprocess.run(["pdftoppm", "-png", "-r", "80", "-f", "1", "-l", "1", str(pdf),
                    str(ARTIFACTS / "lot-labels-pieces")], check=True)

    # when the owner takes everything out of the lot, keeping the lot
    browser.get(f"{server}{lot_path}")
    link = wait(browser).until(EC.element_to_be_clickable((By.PARTIAL_LINK_TEXT, "Take everything out")))
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    wait_for_text(browser, f"This takes {plates} out of the lot.")
    click_button(browser, "Take everything out")

    # then the lot is still there, empty, and the plates can go in a lot again
    wait_for_text(browser, "The lot is empty now.")
    assert "Nothing is in this lot now." in main_text(browser)
    screenshot("lot-emptied")
    browser.get(f"{server}{sale_path}")
    offered = [option.text for option in Select(browser.find_element(By.NAME, "itemId")).options]
    assert plates in offered, offered
