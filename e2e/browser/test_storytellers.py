"""A question each week, lived through at phone width (issue 33): Ann makes her mother a storyteller from Home,
asks her a question of her own and sends it at once. Mum gets the email (a real SMTP server on loopback), follows
her link (no account, no password), writes her answer and sees the thank-you page; the link is then used up. The
next question she answers by recording (Chromium's pretend microphone). Ann finds both answers on Mum's page.

The story runs on SQLite, and on PostgreSQL when `make test-browser` provides one (HEIRLOOM_TEST_DATABASE_URL)."""

import base64
import os
import shutil
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from helpers import click_button, main_text, wait_for_path, wait_for_text
from hub import Hub, free_port
from test_hand_over import START, databases, sign_in, start_hub
from test_passing_on import as_nobody, link_in, mailbox  # noqa: F401 (the fixture)


@pytest.mark.parametrize("database", databases())
def test_mum_answers_the_weeks_question(browser, mailbox, screenshot, database):  # noqa: F811
    box, smtp_port = mailbox
    data_dir = tempfile.mkdtemp(prefix="heirloom-storytellers-")
    name = f"server-storytellers-{database}"
    server = start_hub(data_dir, free_port(), smtp_port, START, name, database)
    try:
        base = server.base_url
        Hub.set_up(base)
        # given Ann, signed in on her phone
        sign_in(browser, base)
        # when she makes her mother a storyteller from Home
        section = browser.find_element(By.CSS_SELECTOR, "a.section-card[href='/storytellers']")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", section)
        section.click()
        wait_for_text(browser, "Nobody yet")
        browser.find_element(By.NAME, "name").send_keys("Mum")
        browser.find_element(By.NAME, "email").send_keys("mum@example.com")
        screenshot("storytellers-index")
        click_button(browser, "Add the storyteller")
        wait_for_text(browser, "What is coming")
        # and asks her own question, which goes first, and sends it now
        browser.find_element(By.NAME, "text").send_keys("How did you meet Dad?")
        click_button(browser, "Add the question")
        wait_for_text(browser, "Your question is next in line")
        first = browser.find_element(By.CSS_SELECTOR, ".story-queue .row__title").text
        assert first == "How did you meet Dad?"
        click_button(browser, "Send the next question now")
        wait_for_text(browser, "The question is on its way by email")
        storyteller_page = browser.current_url.split("?")[0]
        screenshot("storyteller-show")

        # then Mum gets the email, and her link opens a clean page with the question
        mail = box.wait_for("mum@example.com", "How did you meet Dad?")
        link = link_in(mail, "a")
        as_nobody(browser, base)
        browser.get(link)
        wait_for_path(browser, "/answer")
        assert "/a/" not in browser.current_url
        wait_for_text(browser, "How did you meet Dad?")
        screenshot("storyteller-answer")
        # when she writes her answer instead of recording it
        browser.find_element(By.CSS_SELECTOR, ".answer-page__write > summary").click()
        browser.find_element(By.NAME, "text").send_keys("At a dance in Leeds, in 1962. He trod on my toes.")
        click_button(browser, "Send my answer")
        wait_for_path(browser, "/answer/thanks")
        wait_for_text(browser, "Your story was received")
        screenshot("storyteller-thanks")
        # then the link is used up, and says so kindly
        browser.get(link)
        wait_for_text(browser, "Your story was received")

        # when the next question comes, she records her answer
        sign_in(browser, base)
        browser.get(storyteller_page)
        click_button(browser, "Send the next question now")
        wait_for_text(browser, "The question is on its way by email")
        next_question = main_text(browser)
        mail_count = box.count("mum@example.com")
        assert mail_count >= 1
        WebDriverWait(browser, 20).until(lambda _: box.count("mum@example.com") >= 2)
        with box.lock:
            second = [text for to, _, text in box.messages if "mum@example.com" in to][-1]
        second_link = link_in(second, "a")
        assert second_link != link
        as_nobody(browser, base)
        browser.get(second_link)
        wait_for_path(browser, "/answer")
        start = browser.find_element(By.CSS_SELECTOR, "[data-recorder-start]")
        WebDriverWait(browser, 10).until(lambda _: start.is_displayed())
        start.click()
        stop = browser.find_element(By.CSS_SELECTOR, "[data-recorder-stop]")
        WebDriverWait(browser, 10).until(lambda _: stop.is_displayed())
        browser.execute_script("return new Promise(r => setTimeout(r, 2500))")
        stop.click()
        send = browser.find_element(By.CSS_SELECTOR, "[data-recorder-save]")
        WebDriverWait(browser, 10).until(lambda _: send.is_displayed())
        send.click()
        wait_for_path(browser, "/answer/thanks")

        # then Ann finds both answers on Mum's page
        sign_in(browser, base)
        browser.get(storyteller_page)
        wait_for_text(browser, "Stories received")
        page = main_text(browser)
        assert "At a dance in Leeds, in 1962." in page
        assert "Written" in page and "Spoken" in page
        assert next_question
        screenshot("storyteller-answers")

        # and makes the book of Mum's stories: both chapters, the written one's words printed
        browser.find_element(By.PARTIAL_LINK_TEXT, "Make the book").click()
        wait_for_text(browser, "The book of Mum’s stories")
        screenshot("story-book")
        pdf = browser.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            const form = document.querySelector("form.story-book");
            const query = new URLSearchParams(new FormData(form)).toString();
            fetch(form.action + "?" + query).then(r => r.arrayBuffer()).then(b => {
                let text = ""; new Uint8Array(b).forEach(c => text += String.fromCharCode(c)); done(btoa(text));
            });
            """
        )
        path = os.path.join(data_dir, "book.pdf")
        with open(path, "wb") as out:
            out.write(base64.b64decode(pdf))
        words = subprocess.run(["pdftotext", path, "-"], capture_output=True, text=True, check=True).stdout
        words = " ".join(words.split())
        assert "The book of Mum’s stories" in words
        assert "At a dance in Leeds, in 1962." in words
    finally:
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
