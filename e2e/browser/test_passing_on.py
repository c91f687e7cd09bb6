"""Passing on, lived through as a family would: an estate holder, a trusted contact who reports the passing from
the link in an email, the holder's sign-in that cancels it, a second report, the waiting period running out (the
hub restarted with a later HEIRLOOM_NOW), and the beneficiary's email, page and answer. Mail goes through a real
SMTP server on loopback (aiosmtpd)."""

import re
import shutil
import tempfile
import threading
import time

import pytest
from aiosmtpd.controller import Controller
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from helpers import click_button, fill_and_submit, main_text, make_photo, wait, wait_for_path, wait_for_text
from hub import ARTIFACTS, OWNER, Hub, ServerProcess, call, free_port

START = "2031-05-01T09:00:00Z"
AFTER_WAITING = "2031-05-16T09:00:00Z"  # fifteen days on: past the default fourteen-day waiting period
MAIL_TIMEOUT = 60  # seconds for the scheduler (every 2 s here) to deliver a message


class Mailbox:
    """What the loopback SMTP server received: (recipients, message text) pairs."""

    def __init__(self):
        self.messages, self.lock = [], threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        import email
        import email.policy

        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        text = message.get_body(preferencelist=("plain",)).get_content()
        with self.lock:
            self.messages.append((list(envelope.rcpt_tos), str(message["Subject"]), text))
        return "250 Message accepted"

    def wait_for(self, address, subject_part):
        """The text of the first message to address whose subject contains subject_part."""
        deadline = time.monotonic() + MAIL_TIMEOUT
        while time.monotonic() < deadline:
            with self.lock:
                for to, subject, text in self.messages:
                    if address in to and subject_part in subject:
                        return text
            time.sleep(0.2)
        raise AssertionError(f"no email to {address} about {subject_part!r}; got {self.messages}")

    def count(self, address):
        with self.lock:
            return sum(1 for to, _, _ in self.messages if address in to)


def link_in(text, path):
    match = re.search(rf"http://127\.0\.0\.1:\d+/{path}/[A-Za-z0-9_-]+", text)
    assert match, text
    return match.group(0)


@pytest.fixture
def mailbox():
    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield box, controller.port
    controller.stop()


def start_hub(data_dir, port, smtp_port, now, name):
    env = dict(HEIRLOOM_SMTP_URL=f"smtp://127.0.0.1:{smtp_port}", HEIRLOOM_MAIL_FROM="hub@miller.example",
               HEIRLOOM_NOW=now, HEIRLOOM_SCHEDULER_SECONDS="2")
    (ARTIFACTS / f"{name}.log").unlink(missing_ok=True)
    return ServerProcess(data_dir, ARTIFACTS / f"{name}.log", port=port, env=env).start()


def as_nobody(browser, base_url):
    """Forgets every cookie, without loading a page: a page load makes the browser ask for /favicon.ico, and a late
    answer could set a cookie after they were cleared."""
    browser.get("about:blank")
    browser.execute_cdp_cmd("Network.clearBrowserCookies", {})


def test_a_family_lives_through_a_release(browser, mailbox, screenshot):
    box, smtp_port = mailbox
    data_dir = tempfile.mkdtemp(prefix="heirloom-passing-")
    server = start_hub(data_dir, free_port(), smtp_port, START, "server-passing")
    try:
        base = server.base_url
        # given a hub with a desk left to Sam upon passing (with a photo and a message), and a clock left to Sam
        # from a later date, and a lamp left to nobody
        hub = Hub.set_up(base)
        desk = hub.create_item("Walnut desk")
        hub.add_item_photos(desk, make_photo("desk.jpg"))
        clock = hub.create_item("Mantel clock")
        hub.create_item("Reading lamp")
        sam = hub.post("/api/beneficiaries", {"name": "Sam Miller", "email": "sam@example.com"})
        hub.post(f"/api{desk}/beneficiaries", {"beneficiaryId": sam["id"], "accessPermission": "uponPassing",
                                              "personalMessage": "Write your stories at it, as I did."})
        hub.post(f"/api{clock}/beneficiaries", {"beneficiaryId": sam["id"], "accessPermission": "afterSpecificDate",
                                               "accessDate": "2040-01-01"})

        # when the owner sets the estate holder and invites a trusted contact on Settings → Passing on
        browser.get(f"{base}/login")
        fill_and_submit(browser, {"email": OWNER["email"], "password": OWNER["password"]})
        wait_for_path(browser, "/")
        browser.get(f"{base}/settings/passing-on")
        Select(browser.find_element(By.ID, "holder")).select_by_visible_text("Ann Miller")
        click_button(browser, "Save the plan")
        wait_for_text(browser, "The plan for passing on is saved.")
        fill_and_submit(browser, {"name": "Mary Jones", "email": "mary@example.com"},
                        form="form[action='/settings/passing-on/executors']")
        wait_for_text(browser, "Mary Jones", "#executors")
        screenshot("passing-on-settings")

        # then Mary receives her invitation, and its link opens her page without a password
        invitation = box.wait_for("mary@example.com", "trusted contact")
        executor_link = link_in(invitation, "executor")
        as_nobody(browser, base)
        browser.get(executor_link)
        wait_for_text(browser, "Dear Mary Jones")
        screenshot("passing-on-executor")

        # when Mary reports the passing
        browser.execute_script("document.getElementById('date-of-passing').value = '2031-04-30'")
        click_button(browser, "Tell the family's hub")
        wait_for_text(browser, "Thank you for letting us know")

        # when the holder signs in, the report is cancelled and everyone is told
        as_nobody(browser, base)
        browser.get(f"{base}/login")
        fill_and_submit(browser, {"email": OWNER["email"], "password": OWNER["password"]})
        wait_for_path(browser, "/")
        box.wait_for("mary@example.com", "cancelled")
        box.wait_for("ann@example.com", "cancelled")
        status, estate = call(base, "GET", "/api/estate", token=hub.token)
        assert estate["state"] == "active", estate

        # when Mary reports again from the same link
        as_nobody(browser, base)
        browser.get(executor_link)
        wait_for_text(browser, "If Ann Miller has passed away")
        browser.execute_script("document.getElementById('date-of-passing').value = '2031-04-30'")
        click_button(browser, "Tell the family's hub")
        wait_for_text(browser, "Thank you for letting us know")
        assert box.count("sam@example.com") == 0

        # when the waiting period passes without a word from the holder (the hub restarted fifteen days on)
        server.stop()
        server = start_hub(data_dir, server.port, smtp_port, AFTER_WAITING, "server-passing-later")

        # then Sam receives one email, and its link opens a page with exactly the desk, its photo and message
        letter = box.wait_for("sam@example.com", "Ann Miller has left you")
        recipient_link = link_in(letter, "r")
        as_nobody(browser, base)
        browser.get(recipient_link)
        wait_for_text(browser, "Dear Sam Miller")
        page = main_text(browser)
        assert "Walnut desk" in page and "Write your stories at it, as I did." in page
        assert "Mantel clock" not in page and "Reading lamp" not in page
        photo = browser.find_element(By.CSS_SELECTOR, ".keepsake__photo")
        wait(browser).until(lambda d: d.execute_script("return arguments[0].naturalWidth", photo) > 0)
        screenshot("passing-on-recipient")

        # when Sam accepts the desk
        click_button(browser, "I would like to have it: Walnut desk")
        wait_for_text(browser, "You said you would like to have it.")
        # then the thanks is where Sam is looking, not at the top of a long page
        answer = browser.find_element(By.CSS_SELECTOR, ".keepsake__answer")
        assert browser.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight", answer)
        screenshot("passing-on-recipient-answered")
        owner_token = Hub.log_in(base, OWNER["email"], OWNER["password"])
        status, links = call(base, "GET", f"/api{desk}/beneficiaries", token=owner_token)
        assert [link["notificationStatus"] for link in links["links"]] == ["accepted"]
        assert box.count("sam@example.com") == 1
    finally:
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


def test_the_inactivity_check_asks_the_holder_then_tells_the_trusted_contact(browser, mailbox, screenshot):
    box, smtp_port = mailbox
    data_dir = tempfile.mkdtemp(prefix="heirloom-inactivity-")
    server = start_hub(data_dir, free_port(), smtp_port, "2031-01-01T09:00:00Z", "server-inactivity")
    try:
        base = server.base_url
        # given a holder who asked to be checked on after three months, and a trusted contact
        hub = Hub.set_up(base)
        browser.get(f"{base}/login")
        fill_and_submit(browser, {"email": OWNER["email"], "password": OWNER["password"]})
        wait_for_path(browser, "/")
        browser.get(f"{base}/settings/passing-on")
        Select(browser.find_element(By.ID, "holder")).select_by_visible_text("Ann Miller")
        Select(browser.find_element(By.ID, "inactivity")).select_by_visible_text("3 months")
        click_button(browser, "Save the plan")
        wait_for_text(browser, "The plan for passing on is saved.")
        fill_and_submit(browser, {"name": "Mary Jones", "email": "mary@example.com"},
                        form="form[action='/settings/passing-on/executors']")
        box.wait_for("mary@example.com", "trusted contact")

        # when three months and a day go by without a sign-in
        server.stop()
        server = start_hub(data_dir, server.port, smtp_port, "2031-04-02T09:00:00Z", "server-inactivity-april")

        # then Ann is asked whether she is well, and one click from the email says so, with no password
        reminder = box.wait_for("ann@example.com", "Are you well?")
        as_nobody(browser, base)
        browser.get(link_in(reminder, "still-here"))
        wait_for_text(browser, "Dear Ann Miller")
        screenshot("passing-on-still-here")
        click_button(browser, "I am still here")
        wait_for_text(browser, "Nothing more will happen.")
        assert box.count("mary@example.com") == 1

        # when she is not seen again for months, and answers none of the three reminders
        server.stop()
        server = start_hub(data_dir, server.port, smtp_port, "2031-08-15T09:00:00Z", "server-inactivity-august")

        # then Mary is told, with a link to her page, and nothing is given out
        notice = box.wait_for("mary@example.com", "has not been seen")
        assert "Nothing has been given out." in notice
        as_nobody(browser, base)
        browser.get(link_in(notice, "executor"))
        wait_for_text(browser, "If Ann Miller has passed away")
        status, estate = call(base, "GET", "/api/estate", token=hub.token)
        assert status == 200 and estate["state"] == "active", estate
    finally:
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
