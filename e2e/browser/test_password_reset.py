"""Forgot your password: asking for a link on the sign-in page, and using it while sign-in is paused; and a member's
address proved by the link Settings sends.

The owner's password changes, so each test runs on a server of its own, which sends its mail to an SMTP server on
loopback: the reset link is the member's alone, and no page or outbox shows it to anyone else.
"""

import shutil
import tempfile

import pytest
from selenium.webdriver.common.by import By

from helpers import click_button, fill_and_submit, main_text, path_of, wait, wait_for_path, wait_for_text
from hub import OWNER, Hub, call, free_port
from test_hand_over import START
from test_passing_on import link_in, mailbox, start_hub  # noqa: F401 (the fixture)

NEW_PASSWORD = "a password I will remember"


@pytest.fixture
def mail_server(mailbox):  # noqa: F811
    """A hub of its own that sends mail to the test's mailbox; yields its address and the mailbox."""
    box, smtp_port = mailbox
    data_dir = tempfile.mkdtemp(prefix="heirloom-password-")
    server = start_hub(data_dir, free_port(), smtp_port, START, "server-password")
    try:
        yield server.base_url, box
    finally:
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


def test_forgotten_password_link_signs_in_while_sign_in_is_paused(mail_server, browser, screenshot):
    fresh_server, box = mail_server
    # given a hub whose owner's sign-in a stranger has paused with wrong guesses
    hub = Hub.set_up(fresh_server)
    for _ in range(5):
        call(fresh_server, "POST", "/api/auth/login", {"email": OWNER["email"], "password": "a stranger's guess"})
    status, _ = call(fresh_server, "POST", "/api/auth/login", {"email": OWNER["email"], "password": OWNER["password"]})
    assert status == 429

    # when the owner follows "Forgot your password?" from the sign-in page and asks for a link
    browser.get(f"{fresh_server}/login")
    browser.find_element(By.LINK_TEXT, "Get a link to choose a new one").click()
    wait_for_path(browser, "/password/forgot")
    wait_for_text(browser, "Forgot your password?")
    screenshot("password-forgot")
    fill_and_submit(browser, {"email": OWNER["email"]})

    # then the page says to look in the inbox, without saying whether the account exists
    wait_for_text(browser, "Check your email")
    screenshot("password-forgot-sent")
    assert "If an account uses ann@example.com" in browser.find_element(By.TAG_NAME, "main").text

    # when the owner opens the emailed link and sets a password (the outbox never shows it, to anyone)
    link = link_in(box.wait_for(OWNER["email"], "new password"), "password")
    status, outbox = call(fresh_server, "GET", "/api/outbox", token=hub.token)
    assert status == 200, outbox
    assert all(m.get("link") is None for m in outbox["messages"] if m["purpose"] == "passwordReset"), outbox
    browser.get(link)
    wait_for_text(browser, "Choose a new password")
    fill_and_submit(browser, {"newPassword": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD})

    # then they are signed in on Home, their other sessions ended, and the new password works
    wait_for_text(browser, "Your new password is set and you are signed in")
    assert path_of(browser) == "/"
    screenshot("password-reset-signed-in")
    status, _ = call(fresh_server, "GET", "/api/me", token=hub.token)
    assert status == 401
    assert Hub.log_in(fresh_server, OWNER["email"], NEW_PASSWORD)

    # and the link works only once
    browser.get(link)
    wait(browser).until(lambda d: "This link can" in d.find_element(By.TAG_NAME, "main").text)


def test_a_member_proves_their_address_from_settings(mail_server, browser, screenshot):
    base, box = mail_server
    # given a member whose address is only what they typed
    Hub.set_up(base)
    browser.get(f"{base}/login")
    fill_and_submit(browser, {"email": OWNER["email"], "password": OWNER["password"]})
    wait_for_path(browser, "/")
    browser.get(f"{base}/settings#your-address")
    wait_for_text(browser, "is not confirmed yet")
    # when they ask for a link, and press the button on the page it opens
    click_button(browser, "Send me a link to confirm it")
    wait_for_text(browser, "We have emailed you a link")
    link = link_in(box.wait_for(OWNER["email"], "confirm your email"), "confirm-email")
    browser.get(link)
    wait_for_text(browser, "Yes, this is my address")
    screenshot("email-confirmation")
    click_button(browser, "Yes, this is my address")
    wait_for_text(browser, "is confirmed as yours")
    # then Settings says so
    browser.get(f"{base}/settings#your-address")
    wait_for_text(browser, "Confirmed")
    assert "Send me a link to confirm it" not in main_text(browser)
