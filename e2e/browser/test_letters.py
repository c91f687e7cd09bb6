"""Letters for later, lived through at phone width (issue 31): Ann Miller writes a letter for her granddaughter
Lily's 18th birthday, with a recording of her voice, for Lily and for Grandpa Joe, who has no email address. The
day before, nothing has gone; on the morning of the birthday Lily gets an email (a real SMTP server on loopback),
follows her link, reads the letter, hears the recording and saves the letter as a PDF; Ann prints Joe's link from
her letters page (issue 44), and it opens the letter for him.

Time moves by restarting the hub with a later HEIRLOOM_NOW. The story runs on SQLite, and on PostgreSQL when
`make test-browser` provides one (HEIRLOOM_TEST_DATABASE_URL, from scripts/with-postgres.sh)."""

import shutil
import tempfile
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from helpers import axe_violations, choose_file, click_button, main_text, make_recording, wait_for_path, wait_for_text
from hub import Hub, free_port
from test_hand_over import START, databases, sign_in, start_hub
from test_passing_on import as_nobody, link_in, mailbox  # noqa: F401 (the fixture)

BIRTHDAY = "2031-05-20"
DAY_BEFORE = "2031-05-19T09:00:00Z"
ON_THE_DAY = "2031-05-20T09:00:00Z"


def fetch(browser, path):
    """The status and content type of a GET from the page, with its cookies."""
    return browser.execute_async_script(
        "fetch(arguments[0]).then(r => arguments[1](r.status + ' ' + r.headers.get('content-type')))", path)


@pytest.mark.parametrize("database", databases())
def test_a_letter_reaches_lily_on_her_birthday(browser, mailbox, screenshot, database):  # noqa: F811
    box, smtp_port = mailbox
    data_dir = tempfile.mkdtemp(prefix="heirloom-letters-")
    name = f"server-letters-{database}"
    server = start_hub(data_dir, free_port(), smtp_port, START, name, database)
    try:
        base = server.base_url
        Hub.set_up(base)
        # given Ann, signed in on her phone
        sign_in(browser, base)
        # when she writes a letter for Lily's birthday from Home
        section = browser.find_element(By.CSS_SELECTOR, "a.section-card[href='/letters']")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", section)
        section.click()
        wait_for_text(browser, "No letters yet")
        browser.find_element(By.LINK_TEXT, "Write a letter").click()
        wait_for_text(browser, "Who it is for")
        browser.find_elements(By.NAME, "name[]")[0].send_keys("Lily Miller")
        browser.find_elements(By.NAME, "email[]")[0].send_keys("lily@example.com")
        browser.find_elements(By.NAME, "name[]")[1].send_keys("Grandpa Joe")
        browser.find_element(By.NAME, "subject").send_keys("For your 18th birthday")
        browser.find_element(By.NAME, "text").send_keys("Dear Lily,\n\nEighteen! I am so proud of you.")
        day = browser.find_element(By.NAME, "day")
        browser.execute_script("arguments[0].value = arguments[1]", day, BIRTHDAY)
        screenshot("letters-new")
        click_button(browser, "Keep the letter")
        wait_for_text(browser, "sealed until its day")
        assert "On May 20, 2031" in main_text(browser)
        # and adds a recording of her voice
        browser.find_element(By.LINK_TEXT, "Change or postpone").click()
        wait_for_text(browser, "A recording or a film")
        # first spoken on the page, with the recorder the item pages' stories use (issue 45)
        start = browser.find_element(By.CSS_SELECTOR, "[data-letter-recorder] [data-recorder-start]")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", start)
        WebDriverWait(browser, 10).until(lambda _: start.is_displayed())
        start.click()
        stop = browser.find_element(By.CSS_SELECTOR, "[data-letter-recorder] [data-recorder-stop]")
        WebDriverWait(browser, 10).until(lambda _: stop.is_displayed())
        time.sleep(2)
        stop.click()
        keep = browser.find_element(By.CSS_SELECTOR, "[data-letter-recorder] [data-recorder-save]")
        WebDriverWait(browser, 10).until(lambda _: keep.is_displayed())
        keep.click()
        WebDriverWait(browser, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "audio.letter-player"))
        screenshot("letters-recorded")
        # then, as a file from her phone, in its place
        choose_file(browser, "letter-recording", make_recording("for-lily.webm"))
        click_button(browser, "Upload")
        wait_for_text(browser, "The recording is kept with your letter")
        assert browser.find_elements(By.CSS_SELECTOR, "audio.letter-player")
        screenshot("letters-edit")

        # then the day before her birthday nothing has gone
        server.stop()
        server = start_hub(data_dir, server.port, smtp_port, DAY_BEFORE, f"{name}-before", database)
        time.sleep(5)
        assert box.count("lily@example.com") == 0

        # when her birthday comes
        server.stop()
        server = start_hub(data_dir, server.port, smtp_port, ON_THE_DAY, f"{name}-day", database)
        mail = box.wait_for("lily@example.com", "A letter for you from Ann Miller")
        link = link_in(mail, "l")
        # then she reads it from her link, with the recording, and saves it as a PDF
        as_nobody(browser, base)
        browser.get(link)
        wait_for_path(browser, "/l")
        wait_for_text(browser, "Eighteen! I am so proud of you.")
        page = main_text(browser)
        assert "A letter from Ann Miller, for Lily Miller" in page
        assert "Delivered on May 20, 2031" in page
        player = browser.find_element(By.CSS_SELECTOR, "audio.letter-player")
        assert fetch(browser, player.get_attribute("src")).startswith("200 ")
        assert browser.find_element(By.LINK_TEXT, "Download the recording")
        pdf = browser.find_element(By.LINK_TEXT, "Save as PDF").get_attribute("href")
        assert fetch(browser, pdf) == "200 application/pdf"
        screenshot("letters-reader")
        assert not axe_violations(browser), axe_violations(browser)  # the letter's reader

        # and nothing was sent for Joe; Ann prints his link from her letters page
        assert box.count("Grandpa Joe") == 0
        sign_in(browser, base)
        browser.get(f"{base}/letters")
        wait_for_text(browser, "Grandpa Joe has no email address")
        click_button(browser, "Print Grandpa Joe’s link")
        wait_for_text(browser, "For Grandpa Joe")
        sheet = main_text(browser)
        assert "Ann Miller wrote you a letter" in sheet
        joes = browser.find_element(By.CSS_SELECTOR, ".heir-letter__url").text.strip()
        assert "/l/" in joes
        screenshot("letters-print-link")
        # then the printed link opens the letter for him, on a phone nobody has signed in on
        as_nobody(browser, base)
        browser.get(joes)
        wait_for_path(browser, "/l")
        wait_for_text(browser, "Eighteen! I am so proud of you.")
        assert "for Grandpa Joe" in main_text(browser)
    finally:
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
