"""Beneficiaries as a person uses them: import contacts, give an item to someone after a date, see the totals."""

import os
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from helpers import choose_file, main_text, wait, wait_for_path, wait_for_text

CONTACTS = "\r\n".join(
    [
        "BEGIN:VCARD",
        "VERSION:3.0",
        "PRODID:-//Apple Inc.//iPhone OS 17.0//EN",
        "N:Pérez;Sofía;;;",
        "FN:Sofía Pérez",
        "item1.EMAIL;type=INTERNET;type=pref:sofia.perez@example.es",
        "item1.X-ABLabel:_$!<Other>!$_",
        "TEL;type=CELL;type=VOICE;type=pref:+34 612 34 56 78",
        "X-ABUID:7B1C0C4E-2B1D-4F6A-9E51-0C7D5B8A9F21:ABPerson",
        "END:VCARD",
        "BEGIN:VCARD",
        "VERSION:3.0",
        "FN:Robert Jones",
        "N:Jones;Robert;;;",
        "EMAIL;TYPE=INTERNET;TYPE=HOME:bob.jones@example.com",
        "END:VCARD",
        "BEGIN:VCARD",
        "VERSION:3.0",
        "EMAIL;TYPE=INTERNET:noname@example.com",
        "END:VCARD",
        "",
    ]
)


def contacts_file():
    path = os.path.join(tempfile.mkdtemp(), "contacts.vcf")
    with open(path, "w", encoding="utf-8", newline="") as file:
        file.write(CONTACTS)
    return path


def test_import_contacts_assign_an_item_with_a_date_and_see_the_totals(server, browser, signed_in, screenshot):
    # given an item worth something
    item_path = signed_in.create_item("Wedding quilt", estimatedValue="640")

    # when contacts are imported from a file through the + menu
    browser.get(f"{server}/beneficiaries")
    wait(browser).until(EC.element_to_be_clickable((By.CSS_SELECTOR, ".add-menu summary"))).click()
    # the menu's link, not the button that only a page without beneficiaries shows
    menu_link = (By.CSS_SELECTOR, ".add-menu a[href='/beneficiaries/import']")
    wait(browser).until(EC.element_to_be_clickable(menu_link)).click()
    wait_for_path(browser, "/beneficiaries/import")
    choose_file(browser, "import-file", contacts_file())
    browser.find_element(By.XPATH, "//button[normalize-space(.)='Import contacts']").click()

    # then each card says what became of it
    wait_for_text(browser, "Contacts imported", "h1")
    main = main_text(browser)
    assert "Sofía Pérez" in main and "Robert Jones" in main
    assert "This card has no name." in main
    screenshot("beneficiaries-import-results")

    # when the quilt is given to Sofía from a date on, with a message
    browser.get(f"{server}{item_path}")
    section = wait(browser).until(EC.presence_of_element_located((By.ID, "beneficiaries")))
    assert "No beneficiaries yet" in section.text
    Select(browser.find_element(By.ID, "link-beneficiary")).select_by_visible_text("Sofía Pérez")
    browser.find_element(By.CSS_SELECTOR, "#beneficiaries input[value='afterSpecificDate']").click()
    date = browser.find_element(By.ID, "link-accessDate")
    browser.execute_script("arguments[0].value = '2030-06-21'", date)
    browser.find_element(By.ID, "link-message").send_keys("For your wedding day.")
    browser.find_element(By.XPATH, "//section[@id='beneficiaries']//button[normalize-space(.)='Assign']").click()

    # then the item page shows the rule with the date in words
    wait_for_text(browser, "From June 21, 2030", "#beneficiaries")
    assert "For your wedding day." in browser.find_element(By.ID, "beneficiaries").text
    screenshot("item-beneficiaries")

    # and Your Beneficiaries shows her item count and total, with the contacts badge
    browser.get(f"{server}/beneficiaries")
    card = wait(browser).until(
        EC.presence_of_element_located((By.XPATH, "//a[contains(@class,'beneficiary-card')][contains(., 'Sofía Pérez')]"))
    )
    assert "1 item" in card.text and "$640" in card.text
    assert "From Contacts" in card.text
    screenshot("beneficiaries-index")

    # and her page lists the quilt with its rule
    card.click()
    wait_for_text(browser, "Sofía Pérez", "h1")
    main = main_text(browser)
    assert "Wedding quilt" in main and "From June 21, 2030" in main and "$640" in main
