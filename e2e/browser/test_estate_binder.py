"""The estate binder and a letter for later, lived through at phone width (issue 31): Ann fills three sections of
her binder (her will, her bank, her funeral wishes), keeps one note to herself, and writes a letter to her
granddaughter Lily for her 18th birthday. Her passing is reported and, after the waiting period, confirmed; her son
Tom, the trusted contact, finds the binder leading his page and works through the checklist; Lily receives the
letter on her birthday and not a day before. No page or email ever shows the account number whole, and the note Ann
kept to herself never leaves her own pages.

Time moves by restarting the hub with a later HEIRLOOM_NOW; mail goes to a real SMTP server on loopback."""

import shutil
import tempfile
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from helpers import choose_file, click_button, fill_and_submit, main_text, make_pdf, wait_for_path, wait_for_text
from hub import OWNER, Hub, call, free_port
from test_hand_over import AFTER_WAITING, START, start_hub
from test_passing_on import as_nobody, link_in, mailbox  # noqa: F401 (the fixture)

ACCOUNT = "40-11-62 91234567"
BIRTHDAY = "2031-06-01"
DAY_BEFORE = "2031-05-31T09:00:00Z"
ON_THE_DAY = "2031-06-01T09:00:00Z"
CANARY = "CANARY-ANN-5521"


def add_entry(browser, base, section, fields, readers=None):
    """Fills the binder's entry form for a section; `readers` is the trusted contacts' choice, or None to follow
    the section."""
    browser.get(f"{base}/binder/new?section={section}")
    wait_for_text(browser, "Who may read it")
    for name, value in fields.items():
        element = browser.find_element(By.NAME, name)
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.send_keys(value)
    if readers:
        browser.find_element(By.CSS_SELECTOR, "input[name='follow'][value='own']").click()
        choice = browser.find_element(By.CSS_SELECTOR, f"input[name='executors'][value='{readers}']")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", choice)
        choice.click()
    click_button(browser, "Add to the binder")
    wait_for_text(browser, "The entry is saved in the binder.")


def test_an_executor_finds_the_binder_on_the_day_and_not_before(browser, mailbox, screenshot):  # noqa: F811
    box, smtp_port = mailbox
    data_dir = tempfile.mkdtemp(prefix="heirloom-binder-")
    server = start_hub(data_dir, free_port(), smtp_port, START, "server-binder", "sqlite")
    try:
        base = server.base_url
        # given Ann's hub with her son Tom as trusted contact
        hub = Hub.set_up(base)
        hub.post("/api/estate/executors", {"name": "Tom Miller", "email": "tom@example.com"})
        executor_link = link_in(box.wait_for("tom@example.com", "trusted contact"), "executor")

        # when Ann fills three sections of her binder from the Passing on page, and keeps one note to herself
        browser.get(f"{base}/login")
        fill_and_submit(browser, {"email": OWNER["email"], "password": OWNER["password"]})
        wait_for_path(browser, "/")
        browser.get(f"{base}/settings/passing-on")
        browser.find_element(By.LINK_TEXT, "Open the binder").click()
        wait_for_text(browser, "The estate binder")
        screenshot("binder-empty")
        add_entry(browser, base, "legal", {"title": "My will", "fields[originalKeptAt]": "The bureau, top drawer",
                                           "text": "Signed in 2019 with Hart & Co."}, readers="now")
        # and keeps the will's PDF with it, from the entry's page (issue 45: this form was once refused with 415)
        choose_file(browser, "paper-file", make_pdf("will.pdf"))
        click_button(browser, "Keep the paper")
        wait_for_text(browser, "will.pdf")
        assert "No papers yet" not in main_text(browser)
        screenshot("binder-paper-kept")
        add_entry(browser, base, "money", {"title": "Current account", "fields[institution]": "Barclays",
                                           "fields[accountNumber]": ACCOUNT})
        screenshot("binder-entry")
        assert "•••• 4567" in browser.page_source and "91234567" not in browser.page_source
        # she asks to see the number whole, and hides it again
        browser.find_element(By.LINK_TEXT, "Show the number").click()
        wait_for_text(browser, ACCOUNT)
        screenshot("binder-number-shown")
        browser.find_element(By.LINK_TEXT, "Hide the number").click()
        wait_for_text(browser, "Show the number")
        assert "91234567" not in browser.page_source
        add_entry(browser, base, "funeral", {"title": "Funeral wishes", "text": "Abide with me, and no black ties."})
        add_entry(browser, base, "other", {"title": "Spare key", "text": f"{CANARY} under the blue pot."},
                  readers="never")
        browser.get(f"{base}/binder")
        wait_for_text(browser, "Only you")
        screenshot("binder-filled")
        assert "91234567" not in browser.page_source

        # and writes a letter to Lily for her 18th birthday
        browser.get(f"{base}/letters/new")
        wait_for_text(browser, "Who it is for")
        browser.find_elements(By.NAME, "name[]")[0].send_keys("Lily Miller")
        browser.find_elements(By.NAME, "email[]")[0].send_keys("lily@example.com")
        browser.find_element(By.NAME, "subject").send_keys("For your 18th birthday")
        browser.find_element(By.NAME, "text").send_keys("Dear Lily,\n\nEighteen! The brooch is yours now.")
        browser.execute_script("arguments[0].value = arguments[1]", browser.find_element(By.NAME, "day"), BIRTHDAY)
        click_button(browser, "Keep the letter")
        wait_for_text(browser, "sealed until its day")

        # then before the passing, Tom's page shows only the will, which Ann let him read now
        browser.get(f"{base}/binder")
        Select(browser.find_element(By.ID, "preview-as")).select_by_visible_text("Tom Miller (trusted contact)")
        click_button(browser, "Show the preview")
        wait_for_text(browser, "The binder as Tom Miller sees it")
        assert "My will" in browser.page_source and "Current account" not in browser.page_source
        as_nobody(browser, base)
        browser.get(executor_link)
        wait_for_text(browser, "From the estate binder")
        page = browser.page_source
        assert "My will" in page and "Current account" not in page and "Funeral wishes" not in page
        assert "The first things to do" not in page
        # and the will's paper he opens from his page is the PDF itself, every page of it (issue 45)
        href = browser.find_element(By.PARTIAL_LINK_TEXT, "will.pdf").get_attribute("href")
        head = browser.execute_async_script(
            "const done = arguments[1]; fetch(arguments[0]).then(r => r.arrayBuffer())"
            ".then(b => done(String.fromCharCode(...new Uint8Array(b).slice(0, 5))))", href)
        assert head == "%PDF-", head

        # when Tom reports the passing and the waiting period runs out (the hub restarted fifteen days on)
        status, session = call(base, "POST", "/api/executor/session", {"token": executor_link.rsplit("/", 1)[1]})
        assert status == 200, session
        status, report = call(base, "POST", "/api/executor/report", {"dateOfPassing": "2031-04-30"},
                              token=session["token"])
        assert status == 200, report
        server.stop()
        server = start_hub(data_dir, server.port, smtp_port, AFTER_WAITING, "server-binder-later", "sqlite")

        # then Tom's page leads with the checklist and the binder, and he works through it
        browser.get(f"{base}/executor")
        wait_for_text(browser, "The first things to do")
        screenshot("binder-executor-checklist")
        page = browser.page_source
        assert page.index("The first things to do") < page.index("have been passed on")
        # with the account's number whole: he closes the account with it
        assert "Current account" in page and ACCOUNT in page
        assert CANARY not in page and "Spare key" not in page
        for _ in range(3):
            buttons = browser.find_elements(By.XPATH, "//section[@id='checklist']//button[normalize-space()='Done']")
            if not buttons:
                break
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", buttons[0])
            buttons[0].click()
            wait_for_text(browser, "The checklist is saved.")
        assert "3 of 3 done" in browser.page_source
        assert "Done by Tom Miller" in browser.page_source
        screenshot("binder-executor-done")

        # when the day before Lily's birthday comes, nothing has reached her
        server.stop()
        server = start_hub(data_dir, server.port, smtp_port, DAY_BEFORE, "server-binder-eve", "sqlite")
        time.sleep(5)
        assert box.count("lily@example.com") == 0
        # and on her birthday her letter arrives, and she reads it from the link in the email
        server.stop()
        server = start_hub(data_dir, server.port, smtp_port, ON_THE_DAY, "server-binder-birthday", "sqlite")
        letter_link = link_in(box.wait_for("lily@example.com", "A letter for you from Ann Miller"), "l")
        as_nobody(browser, base)
        browser.get(letter_link)
        wait_for_text(browser, "Eighteen! The brooch is yours now.")
        assert "Delivered on June 1, 2031" in main_text(browser)
        screenshot("binder-letter-on-the-day")
        # and no email carried the number or the private note
        for _, _, text in box.messages:
            assert "91234567" not in text and CANARY not in text
    finally:
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
