"""Forgot your password: asking for a link on the sign-in page, and using it while sign-in is paused.

The owner's password changes, so the test runs on a server of its own (`fresh_server`).
"""

from selenium.webdriver.common.by import By

from helpers import fill_and_submit, path_of, wait, wait_for_path, wait_for_text
from hub import OWNER, Hub, call

NEW_PASSWORD = "a password I will remember"


def test_forgotten_password_link_signs_in_while_sign_in_is_paused(fresh_server, browser, screenshot):
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

    # when the owner opens the emailed link (this hub sends no email: it waits in the outbox) and sets a password
    status, outbox = call(fresh_server, "GET", "/api/outbox", token=hub.token)
    assert status == 200, outbox
    emailed = next(m["link"] for m in outbox["messages"] if m["purpose"] == "passwordReset")
    link = f"{fresh_server}/password/{emailed.split('/password/')[1]}"
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
