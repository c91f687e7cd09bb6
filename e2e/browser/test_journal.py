"""The private journal as a person meets it: writing a text card, uploading a voice card, then locking and
unlocking the Private drawer.
"""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from helpers import choose_file, fill_and_submit, main_text, make_recording, path_of, wait, wait_for_path, wait_for_text
from hub import OWNER

SECRET = "marzipanlighthouse"


def open_journal(driver, base_url):
    driver.get(f"{base_url}/journal")
    wait_for_text(driver, "Your journal", "h1.page-title")


def write_card(driver, base_url, drawer, text, tags=()):
    driver.get(f"{base_url}/journal/cards/new")
    Select(wait(driver).until(EC.visibility_of_element_located((By.NAME, "drawerId")))).select_by_visible_text(drawer)
    driver.find_element(By.NAME, "text").send_keys(text)
    tag_input = driver.find_element(By.NAME, "newTags")
    for tag in tags:
        tag_input.send_keys(tag, Keys.ENTER)  # the script turns each into a ticked chip
    driver.find_element(By.XPATH, "//button[normalize-space(.)='Save card']").click()
    wait(driver).until(lambda d: path_of(d).startswith("/journal/cards/") and "new" not in path_of(d))


def lock_bar_button(driver, label):
    return wait(driver).until(
        EC.element_to_be_clickable((By.XPATH, f"//div[contains(@class,'journal-lockbar')]//*[normalize-space(.)='{label}']"))
    )


def test_write_a_text_card(server, browser, signed_in, screenshot):
    open_journal(browser, server)
    screenshot("journal-index")

    write_card(browser, server, "Daily", "Walked along the harbour with Tom at dawn.", tags=["sea", "tom"])

    body = main_text(browser)
    assert "Walked along the harbour" in body
    chips = [tag.text for tag in browser.find_elements(By.CSS_SELECTOR, ".index-card__tags .tag")]
    assert chips == ["sea", "tom"], chips
    screenshot("journal-card")

    open_journal(browser, server)
    assert "Walked along the harbour" in browser.find_element(By.CSS_SELECTOR, ".journal-stack").text


def test_upload_a_voice_card_and_play_it(server, browser, signed_in, screenshot):
    browser.get(f"{server}/journal/cards/new")
    form = wait(browser).until(EC.visibility_of_element_located((By.ID, "voice")))
    Select(form.find_element(By.NAME, "drawerId")).select_by_visible_text("Family")
    form.find_element(By.NAME, "title").send_keys("Grandma's porch song")
    form.find_element(By.NAME, "newTags").send_keys("songs, summer")
    choose_file(browser, "voice-file", make_recording("porch-song.webm", seconds=3))
    screenshot("journal-voice-form")
    form.find_element(By.XPATH, ".//button[normalize-space(.)='Upload voice card']").click()
    wait(browser).until(lambda d: path_of(d).startswith("/journal/cards/") and "new" not in path_of(d))

    # the card plays its recording, with the waveform drawn and the duration shown
    assert browser.find_element(By.CSS_SELECTOR, "h1.index-card__heading").text == "Grandma's porch song"
    audio = browser.find_element(By.CSS_SELECTOR, ".journal-recording audio")
    assert audio.get_attribute("src").endswith("/audio")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".journal-recording .waveform svg rect"))
    assert browser.find_element(By.CSS_SELECTOR, "[data-duration]").text == "0:03"
    chips = [tag.text for tag in browser.find_elements(By.CSS_SELECTOR, ".index-card__tags .tag")]
    assert chips == ["songs", "summer"], chips
    # the browser can load it: the duration it reads is the recording's
    browser.execute_script("const a = document.querySelector('.journal-recording audio'); a.preload = 'auto'; a.load();")
    duration = wait(browser).until(
        lambda d: d.execute_script(
            "const a = document.querySelector('.journal-recording audio');"
            " return a.readyState >= 1 && a.duration > 0 ? a.duration : null;"
        )
    )
    assert 2.5 < duration < 3.5, duration
    screenshot("journal-voice-card")


def test_lock_and_unlock_the_private_drawer(server, browser, signed_in, screenshot):
    open_journal(browser, server)

    # unlocking asks for the password again
    lock_bar_button(browser, "Unlock").click()
    wait_for_path(browser, "/journal/unlock")
    screenshot("journal-unlock")
    fill_and_submit(browser, {"password": OWNER["password"]})
    wait_for_path(browser, "/journal")
    lock_bar_button(browser, "Lock now")

    write_card(browser, server, "Private", f"The {SECRET} stays between us.")
    assert SECRET in main_text(browser)

    # "Lock now" hides it everywhere: only "Private card" and the dots are left
    lock_bar_button(browser, "Lock now").click()
    wait(browser).until(EC.presence_of_element_located((By.XPATH, "//*[contains(., 'locked again')]")))
    assert SECRET not in browser.page_source
    browser.find_element(By.XPATH, "//a[contains(@class,'drawer-front')][.//*[normalize-space(.)='Private']]").click()
    wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".index-card--locked")))
    redacted = browser.find_element(By.CSS_SELECTOR, ".index-card--locked")
    assert "Private card" in redacted.text
    assert "••••••••••" in redacted.text
    assert SECRET not in browser.page_source
    screenshot("journal-private-locked")

    # opening the card shows the unlock prompt; the password opens it
    redacted.click()
    wait_for_text(browser, "Unlock your journal", "h1")
    assert SECRET not in browser.page_source
    fill_and_submit(browser, {"password": OWNER["password"]})
    wait_for_text(browser, SECRET)
    screenshot("journal-private-open")


def test_delete_a_drawer_after_choosing_where_its_cards_go(server, browser, signed_in, screenshot):
    browser.get(f"{server}/journal/drawers")

    # given a new drawer with a card in it
    fill_and_submit(browser, {"name": "Letters to Tom"}, form="form[action='/journal/drawers']")  # not a rename form
    wait_for_text(browser, "Letters to Tom", ".drawer-list")
    write_card(browser, server, "Letters to Tom", "Dear Tom, the roses are out again.")

    # when the drawer is deleted, the page asks where its card should go
    browser.get(f"{server}/journal/drawers")
    row = browser.find_element(By.XPATH, "//li[contains(@class,'drawer-row')][.//h2[contains(., 'Letters to Tom')]]")
    row.find_element(By.XPATH, ".//a[contains(., 'Delete')]").click()
    wait_for_text(browser, "Letters to Tom", "h1")
    Select(browser.find_element(By.NAME, "moveTo")).select_by_visible_text("Gratitude")
    screenshot("journal-drawer-delete")
    browser.find_element(By.XPATH, "//button[contains(., 'Move the cards and delete')]").click()
    wait_for_path(browser, "/journal/drawers")
    assert "Letters to Tom" not in browser.find_element(By.CSS_SELECTOR, ".drawer-list").text

    # then the card is in the chosen drawer
    browser.get(f"{server}/journal")
    browser.find_element(By.XPATH, "//a[contains(@class,'drawer-front')][.//*[normalize-space(.)='Gratitude']]").click()
    wait_for_text(browser, "Dear Tom, the roses are out again.")
