"""Pages a person can take in on a phone (issue 45). At 390 px, Home and Passing on are at most five screens tall for a
household of ten things, three heirs, a trusted contact and a wish round, and the page of a thing with three photos,
two papers, a story and an heir is at most four; forms to add a photo, a story, a paper or a trusted
contact wait behind "Add…". On a desktop the item page uses the width: its sections sit side by side."""

import datetime

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from helpers import make_pdf, make_photo, make_recording, sign_in_with_token, wait
from hub import Hub, multipart

PHONE_SCREENS = {"item": 4, "home": 5, "passing-on": 5}


def seed(base_url):
    """The household of the issue's measure; returns the owner's client and the measured item's path."""
    owner = Hub.set_up(base_url)
    heirs = [owner.post("/api/beneficiaries", {"name": name, "relationship": "grandchild",
                                               "email": f"{name.split()[0].lower()}@example.com"})
             for name in ("Lily Miller", "Sam Miller", "Iris Miller")]
    items = [owner.post("/api/items", {"name": f"Thing number {n}", "category": "Decor", "estimatedValue": "120",
                                       "description": "Bought at the Saturday market in 1971."})
             for n in range(1, 10)]
    clock = owner.post("/api/items", {"name": "Mantel clock", "category": "Furniture", "estimatedValue": "900",
                                      "description": "Kept time on the mantel for three generations."})
    for n in range(3):
        owner.post(f"/api/items/{clock['id']}/photos", *multipart("file", [make_photo(f"clock-{n}.jpg", 1200, 900)]))
    for name in ("receipt.pdf", "valuation.pdf"):
        owner.post(f"/api/items/{clock['id']}/documents", *multipart("file", [make_pdf(name)]))
    owner.post(f"/api/items/{clock['id']}/audio", *multipart("file", [make_recording("clock-story.webm")]))
    owner.post(f"/api/items/{clock['id']}/beneficiaries",
               {"beneficiaryId": heirs[0]["id"], "personalMessage": "It ticked through every Sunday lunch."})
    owner.post("/api/estate/executors", {"name": "Pat Neighbour", "email": "pat@example.com"})
    closes = (datetime.date.today() + datetime.timedelta(days=14)).isoformat()
    owner.post("/api/wish-rounds", {"title": "Mother's things", "method": "points", "closesOn": closes,
                                    "things": [{"itemId": item["id"]} for item in items[:5]],
                                    "participants": [{"beneficiaryId": heir["id"]} for heir in heirs]})
    return owner, f"/items/{clock['id']}"


@pytest.fixture(scope="module")
def household(start_server):
    base_url = start_server("page-lengths").base_url
    owner, item_path = seed(base_url)
    return base_url, owner, item_path


def open_page(browser, household, page):
    base_url, owner, item_path = household
    sign_in_with_token(browser, base_url, owner.new_token())
    browser.get(base_url + {"item": item_path, "home": "/", "passing-on": "/settings/passing-on"}[page])
    wait(browser).until(EC.presence_of_element_located((By.TAG_NAME, "main")))


@pytest.mark.parametrize("page", ["item", "home", "passing-on"])
def test_a_page_is_few_screens_on_a_phone(browser, household, screenshot, page):
    open_page(browser, household, page)
    tall = browser.execute_script("return document.documentElement.scrollHeight / window.innerHeight")
    screenshot(f"length-{page}")
    browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    screenshot(f"length-{page}-end")
    print(f"{page}: {tall:.2f} screens at 390 px")
    assert tall <= PHONE_SCREENS[page], f"{page} is {tall:.1f} screens tall at 390 px (at most {PHONE_SCREENS[page]})"


def test_the_item_page_uses_a_desktops_width(browser, household, screenshot):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    open_page(browser, household, "item")
    screenshot("length-item-desktop")
    place = "const r = document.getElementById(arguments[0]).getBoundingClientRect(); return [r.left, r.top];"
    photos, heirs = (browser.execute_script(place, name) for name in ("photos", "beneficiaries"))
    assert photos[1] == heirs[1] and heirs[0] > photos[0] + 300, (photos, heirs)
