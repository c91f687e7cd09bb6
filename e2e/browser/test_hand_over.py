"""The hand-over, lived through at phone width as a family would (issue 29): a widow of 75 with three heirs, one
added without an email; a sale of everything undecided that leaves the pearls promised to a granddaughter alone;
her son, the trusted contact, reports her passing and she cancels it with the one tap in her email; a second report
runs out, one heir cannot be told and her son prints that heir's link; the widow signs in afterwards, sees what
happened and reopens the estate, and the heirs who were told hear that it was a mistake.

Mail goes through a real SMTP server on loopback (aiosmtpd); time moves by restarting the hub with a later
HEIRLOOM_NOW. The story runs on SQLite, and on PostgreSQL when `make test-browser` provides one
(HEIRLOOM_TEST_DATABASE_URL, from scripts/with-postgres.sh)."""

import os
import re
import shutil
import subprocess
import tempfile
import urllib.parse

import pytest
from selenium.webdriver.common.by import By

from helpers import click_button, fill_and_submit, main_text, wait_for_path, wait_for_text
from hub import ARTIFACTS, OWNER, Hub, ServerProcess, call, free_port
from test_passing_on import Mailbox, as_nobody, link_in, mailbox  # noqa: F401 (the fixture)

START = "2031-05-01T09:00:00Z"
CONFIRM_SALE = "Add the sale with this one thing"
AFTER_WAITING = "2031-05-16T09:00:00Z"  # fifteen days on: past the default fourteen-day waiting period


def databases():
    yield "sqlite"
    yield pytest.param("postgres", marks=pytest.mark.skipif(
        not os.environ.get("HEIRLOOM_TEST_DATABASE_URL"), reason="no PostgreSQL (run through make test-browser)"))


def start_hub(data_dir, port, smtp_port, now, name, database, **settings):
    env = dict(HEIRLOOM_SMTP_URL=f"smtp://127.0.0.1:{smtp_port}", HEIRLOOM_MAIL_FROM="hub@miller.example",
               HEIRLOOM_NOW=now, HEIRLOOM_SCHEDULER_SECONDS="2", **settings)
    if database == "postgres":
        env["HEIRLOOM_DATABASE_URL"] = database_of(data_dir)
    (ARTIFACTS / f"{name}.log").unlink(missing_ok=True)
    return ServerProcess(data_dir, ARTIFACTS / f"{name}.log", port=port, env=env).start()


def database_of(data_dir):
    """The PostgreSQL database of the hub in data_dir, made on first use: each story starts on an empty database of
    its own (a hub restarted on the same data directory finds its own again), never on what an earlier story left."""
    name = "hub_" + re.sub(r"[^a-z0-9]", "_", os.path.basename(data_dir.rstrip("/")).lower())
    admin = os.environ["HEIRLOOM_TEST_DATABASE_URL"]
    exists = subprocess.run(["psql", admin, "-tAq", "-c", f"SELECT 1 FROM pg_database WHERE datname = '{name}'"],
                            check=True, capture_output=True, text=True).stdout.strip()
    if not exists:
        subprocess.run(["psql", admin, "-q", "-v", "ON_ERROR_STOP=1", "-c", f"CREATE DATABASE {name}"],
                       check=True, capture_output=True)
    return urllib.parse.urlunparse(urllib.parse.urlparse(admin)._replace(path=f"/{name}"))


def sign_in(browser, base, who=OWNER):
    as_nobody(browser, base)
    browser.get(f"{base}/login")
    fill_and_submit(browser, {"email": who["email"], "password": who["password"]})
    wait_for_path(browser, "/")


@pytest.mark.parametrize("database", databases())
def test_a_hand_over_the_family_can_trust(browser, mailbox, screenshot, database):  # noqa: F811
    box, smtp_port = mailbox
    data_dir = tempfile.mkdtemp(prefix="heirloom-hand-over-")
    name = f"server-hand-over-{database}"
    server = start_hub(data_dir, free_port(), smtp_port, START, name, database)
    try:
        base = server.base_url
        # given Ann's pearls for Lily, her quilt for Rose (no email address), her vase for Daisy, upon her passing,
        # and a lamp nobody has decided about
        hub = Hub.set_up(base)
        heirs = {}
        for person, email in [("Lily Miller", "lily@example.com"), ("Rose Miller", None),
                              ("Daisy Miller", "daisy@example.com")]:
            heirs[person] = hub.post("/api/beneficiaries", {"name": person, **({"email": email} if email else {})})
        for item, person in [("Pearls", "Lily Miller"), ("Quilt", "Rose Miller"), ("Vase", "Daisy Miller")]:
            path = hub.create_item(item)
            hub.post(f"/api{path}/beneficiaries", {"beneficiaryId": heirs[person]["id"],
                                                  "accessPermission": "uponPassing"})
        hub.create_item("Reading lamp")

        # when Ann signs in, Home tells her first that Rose would not be told
        sign_in(browser, base)
        wait_for_text(browser, "Rose Miller would not be told when the time comes")
        screenshot("hand-over-home-not-told")

        # and a sale of everything undecided takes the lamp and leaves the promised pearls alone
        browser.get(f"{base}/sales")
        click_button(browser, "Add it with everything undecided")
        wait_for_text(browser, "What will be added")
        preview = main_text(browser)
        assert "Pearls" in preview and "Left to Lily Miller" in preview, preview
        screenshot("hand-over-sale-preview")
        click_button(browser, CONFIRM_SALE)
        wait_for_text(browser, "Reading lamp")
        lots = " ".join(e.text for e in browser.find_elements(By.CSS_SELECTOR, ".row__title"))
        assert "Reading lamp" in lots and "Pearls" not in lots and "Quilt" not in lots and "Vase" not in lots, lots

        # when her son Tom becomes the trusted contact and reports her passing
        browser.get(f"{base}/settings/passing-on")
        fill_and_submit(browser, {"name": "Tom Miller", "email": "tom@example.com"},
                        form="form[action='/settings/passing-on/executors']")
        wait_for_text(browser, "Tom Miller", "#executors")
        executor_link = link_in(box.wait_for("tom@example.com", "trusted contact"), "executor")
        as_nobody(browser, base)
        browser.get(executor_link)
        wait_for_text(browser, "Dear Tom Miller")
        browser.execute_script("document.getElementById('date-of-passing').value = '2031-04-30'")
        click_button(browser, "Tell the family's hub")
        wait_for_text(browser, "Thank you for letting us know")

        # then Ann's email carries one tap that says she is still here, without a password
        asked = box.wait_for("ann@example.com", "Please tell us you are still here")
        still_here = link_in(asked, "still-here")
        as_nobody(browser, base)
        browser.get(still_here)
        click_button(browser, "I am still here")
        wait_for_text(browser, "Nothing more will happen.")
        box.wait_for("tom@example.com", "cancelled")
        browser.get(still_here)  # it worked once
        wait_for_text(browser, "This link does not work")

        # when Tom reports again, and the waiting period runs out (the hub restarted fifteen days on)
        browser.get(executor_link)
        wait_for_text(browser, "If Ann Miller has passed away")
        browser.execute_script("document.getElementById('date-of-passing').value = '2031-04-30'")
        click_button(browser, "Tell the family's hub")
        wait_for_text(browser, "Thank you for letting us know")
        server.stop()
        server = start_hub(data_dir, server.port, smtp_port, AFTER_WAITING, f"{name}-later", database)

        # then Lily and Daisy are told by email, and Tom's page shows that Rose was not
        box.wait_for("lily@example.com", "Ann Miller has left you")
        box.wait_for("daisy@example.com", "Ann Miller has left you")
        as_nobody(browser, base)
        browser.get(executor_link)
        wait_for_text(browser, "Rose Miller has not been told")
        page = main_text(browser)
        assert "Each person has been sent a link" not in page
        assert "Quilt" not in page and "Pearls" not in page, page
        screenshot("hand-over-executor-not-told")

        # when Tom prints Rose's link, it opens her page without a password
        click_button(browser, "Print Rose Miller’s link")
        wait_for_text(browser, "For Rose Miller")
        screenshot("hand-over-printed-link")
        rose_link = re.search(r"http://127\.0\.0\.1:\d+/r/[A-Za-z0-9_-]+", main_text(browser)).group(0)
        as_nobody(browser, base)
        browser.get(rose_link)
        wait_for_text(browser, "Dear Rose Miller")
        assert "Quilt" in main_text(browser)

        # when Ann signs in afterwards, she reads first what happened, and reopens the estate after confirming
        sign_in(browser, base)
        wait_for_text(browser, "Your family’s hub believed you had passed away")
        browser.find_element(By.LINK_TEXT, "See what happened").click()
        wait_for_text(browser, "Tom Miller reported the passing")
        screenshot("hand-over-what-happened")
        browser.find_element(By.LINK_TEXT, "Reopen the estate").click()
        wait_for_text(browser, "Daisy Miller and Lily Miller were told")
        screenshot("hand-over-reopen-confirm")
        click_button(browser, "Yes, reopen the estate")
        wait_for_text(browser, "The estate is open again.")

        # then the heirs who were told hear, kindly, that it was a mistake
        sorry = box.wait_for("lily@example.com", "the earlier message was a mistake")
        assert "Ann Miller is well" in sorry
        box.wait_for("daisy@example.com", "the earlier message was a mistake")
        status, estate = call(base, "GET", "/api/estate", token=Hub.log_in(base, OWNER["email"], OWNER["password"]))
        assert status == 200 and estate["state"] == "active", estate
    finally:
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
