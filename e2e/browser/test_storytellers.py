"""A question each week, lived through at phone width (issue 33): Ann makes her mother a storyteller from Home,
asks her a question of her own and sends it at once. Mum gets the email (a real SMTP server on loopback), follows
her link (no account, no password), writes her answer and sees the thank-you page; the link is then used up. The
next question she answers by speaking into the microphone (Chromium's pretend one, playing a sentence spoken by
espeak-ng). Ann finds both answers on Mum's page; the spoken one is typed out beside its player by the hub's offline
speech engine, and Ann corrects a word. The book of Mum's stories prints the corrected sentence, with a QR code that
plays the recording from the hub.

The story runs on SQLite, and on PostgreSQL when `make test-browser` provides one (HEIRLOOM_TEST_DATABASE_URL)."""

import base64
import glob
import os
import re
import shutil
import subprocess
import tempfile
import time
import wave

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from helpers import axe_violations, click_button, main_text, wait, wait_for_path, wait_for_text
from hub import Hub, free_port
from test_hand_over import START, databases, sign_in, start_hub
from test_passing_on import as_nobody, link_in, mailbox  # noqa: F401 (the fixture)
from test_transcripts import SENTENCES, spoken

# What Mum says into the microphone, and what Ann types when she corrects the engine's rough copy: the story the
# other transcript tests tell, which the offline engine hears through Chromium's recorder with a word or two wrong
# ("My mother plays the piano …").
MUM_SAYS = SENTENCES
WORDS_THAT_MATTER = ["mother", "played", "piano", "sunday", "morning", "grandfather", "clock", "boston"]


@pytest.fixture
def microphone():
    """Mum's voice: the pretend microphone plays her sentences once (conftest's `browser` uses it)."""
    path = spoken(MUM_SAYS)
    yield path
    shutil.rmtree(os.path.dirname(path), ignore_errors=True)


def words(text):
    return re.findall(r"[a-z0-9']+", text.lower())


def word_error_rate(said, heard):
    """The words substituted, left out or added in `heard`, over the number of words `said` (edit distance)."""
    expected, got = words(said), words(heard)
    row = list(range(len(got) + 1))
    for i, word in enumerate(expected, 1):
        previous, row[0] = row[0], i
        for j, other in enumerate(got, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (word != other))
    return row[-1] / len(expected)


def typed_out(browser, timeout=90):
    """Reloads the recording's page until its typed copy is done (the page says to reload); returns the block."""
    deadline = time.monotonic() + timeout
    while True:
        block = browser.find_element(By.CSS_SELECTOR, "[data-transcript]")
        state = block.get_attribute("class")
        if "transcript--done" in state:
            return block
        assert "transcript--queued" in state or "transcript--working" in state, block.text
        assert time.monotonic() < deadline, f"not typed out in {timeout} s: {block.text}"
        time.sleep(1)
        browser.refresh()
        wait_for_text(browser, "Typed copy")


def qr_codes(pdf):
    """The QR codes printed in a PDF, decoded (pdftoppm draws its pages, zbarimg reads them)."""
    pages = tempfile.mkdtemp(prefix="heirloom-book-pages-")
    try:
        subprocess.run(["pdftoppm", "-r", "150", "-gray", "-png", pdf, os.path.join(pages, "page")], check=True)
        found = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable",
                                *sorted(glob.glob(os.path.join(pages, "*.png")))], capture_output=True, text=True)
        assert found.returncode in (0, 4), found.stderr  # 4: no code on any page
        return found.stdout.split()
    finally:
        shutil.rmtree(pages, ignore_errors=True)


def fetched(browser, url):
    """What the signed-in browser gets from url: its status, content type and length."""
    return browser.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        fetch(arguments[0]).then(async r => done([r.status, r.headers.get("content-type"),
                                                  (await r.arrayBuffer()).byteLength]));
        """, url)


@pytest.mark.parametrize("database", databases())
def test_mum_answers_the_weeks_question(browser, mailbox, microphone, screenshot, database):  # noqa: F811
    box, smtp_port = mailbox
    data_dir = tempfile.mkdtemp(prefix="heirloom-storytellers-")
    name = f"server-storytellers-{database}"
    # The offline speech engine, whatever the environment says: the hub types out Mum's answer itself.
    server = start_hub(data_dir, free_port(), smtp_port, START, name, database, HEIRLOOM_STT_PROVIDER="offline")
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
        # and the page says the next one goes a week on, not later today (issue 45, item 7)
        next_day = re.search(r"The next question goes on (\w+ \d+, \d{4})", main_text(browser)).group(1)

        # then Mum gets the email, and her link opens a clean page with the question
        mail = box.wait_for("mum@example.com", "How did you meet Dad?")
        link = link_in(mail, "a")
        assert f"The next question will come on {next_day}." in " ".join(mail.split()), mail
        as_nobody(browser, base)
        browser.get(link)
        wait_for_path(browser, "/answer")
        assert "/a/" not in browser.current_url
        wait_for_text(browser, "How did you meet Dad?")
        screenshot("storyteller-answer")
        assert not axe_violations(browser), axe_violations(browser)  # the storyteller's page, as she reads it
        # when she writes her answer instead of recording it
        browser.find_element(By.CSS_SELECTOR, ".answer-page__write > summary").click()
        browser.find_element(By.NAME, "text").send_keys("At a dance in Leeds, in 1962. He trod on my toes.")
        click_button(browser, "Send my answer")
        wait_for_path(browser, "/answer/thanks")
        wait_for_text(browser, "Your story was received")
        # and the thank-you page names the same day as her family's page and the email
        assert f"The next question will come on {next_day}." in main_text(browser)
        assert "Next week" not in main_text(browser)
        screenshot("storyteller-thanks")
        # then the link is used up, and says so kindly
        browser.get(link)
        wait_for_text(browser, "Your story was received")

        # when the next question comes, she answers it aloud
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
        # (the microphone plays her sentences from the moment the page opens it: she stops when they are said)
        with wave.open(microphone) as said:
            seconds = said.getnframes() / said.getframerate()
        time.sleep(seconds + 0.8)
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

        # when she opens the spoken one, it is typed out beside its player by the hub's own engine
        told = browser.find_element(
            By.XPATH, "//li[contains(@class, 'row')][.//p[contains(., 'Spoken')]]//a[contains(@href, '/memories/')]")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", told)
        told.click()
        wait_for_text(browser, "Typed copy")
        recording = browser.find_element(By.CSS_SELECTOR, "main audio").get_attribute("src")
        block = typed_out(browser)
        heard = block.find_element(By.CSS_SELECTOR, "[data-transcript-segments]").text
        said = " ".join(MUM_SAYS)
        # then the engine's rough copy has the words that matter (a word error rate bound, not an exact string)
        assert word_error_rate(said, heard) <= 0.35, heard
        found = [word for word in WORDS_THAT_MATTER if word in words(heard)]
        assert len(found) >= len(WORDS_THAT_MATTER) - 2, heard
        assert "rough copy" in block.text
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", block)
        screenshot("storyteller-answer-typed-out")

        # when Ann corrects it to what Mum said
        browser.find_element(By.XPATH, "//summary[normalize-space(.)='Correct a word']").click()
        area = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-transcript] textarea")))
        area.clear()
        area.send_keys(said)
        click_button(browser, "Save the correction")
        # then her words are the story's, and the machine's copy is kept
        wait_for_text(browser, "Corrected by")
        assert said in main_text(browser)
        assert browser.find_elements(By.XPATH, "//summary[contains(., 'The machine’s copy')]")

        # and makes the book of Mum's stories: both chapters, the written one's words and the corrected sentence
        browser.get(storyteller_page)
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
        printed = subprocess.run(["pdftotext", path, "-"], capture_output=True, text=True, check=True).stdout
        printed = " ".join(printed.split())
        assert "The book of Mum’s stories" in printed
        assert "At a dance in Leeds, in 1962." in printed
        assert said in printed, printed
        # with a QR code of a keyed link for that one recording (issue 45, item 3)
        codes = qr_codes(path)
        assert len(codes) == 1 and codes[0].startswith(base + "/hear/"), codes
        # when a cousin holding the book, signed in nowhere, scans it
        as_nobody(browser, base)
        browser.get(codes[0])
        wait_for_text(browser, "Told by Mum")
        # then a calm page plays the recording, with the corrected words, and leads nowhere else in the hub
        assert said in main_text(browser)
        assert "Typed by the computer" not in main_text(browser)
        player = browser.find_element(By.CSS_SELECTOR, "audio[data-book-recording]")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].muted = true", player)
        # the cousin presses the player's play button (at its left end)
        ActionChains(browser).move_to_element_with_offset(player, -player.size["width"] // 2 + 20, 0).click().perform()
        wait(browser).until(lambda d: d.execute_script("return arguments[0].currentTime", player) > 0,
                            "the recording does not play")
        browser.execute_script("arguments[0].pause()", player)
        source = browser.execute_script("return arguments[0].currentSrc", player)
        status, content_type, size = fetched(browser, source)
        assert status == 200 and content_type.startswith("audio/") and size > 1000, (status, content_type, size)
        assert not browser.find_elements(By.CSS_SELECTOR, "main a[href^='/items'], main a[href^='/memories']")
        screenshot("story-book-code")
        assert not axe_violations(browser), axe_violations(browser)  # the cousin's page, signed in nowhere
        # when Ann withdraws that copy's code from the book's page
        sign_in(browser, base)
        browser.get(storyteller_page + "/book")
        wait_for_text(browser, "The codes printed in the books")
        screenshot("story-book-codes")
        withdraw = browser.find_element(By.XPATH, "//button[starts-with(normalize-space(.), 'Withdraw this code')]")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", withdraw)
        withdraw.click()
        wait_for_text(browser, "The link was withdrawn")
        # then the code opens a kind page saying so, not JSON
        as_nobody(browser, base)
        browser.get(codes[0])
        wait_for_text(browser, "This link was withdrawn")
        assert not browser.find_elements(By.CSS_SELECTOR, "audio")
        screenshot("story-book-code-withdrawn")
    finally:
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
