"""The Legacy Treasure Chest app: an owner approves a phone that asked the hub, and keeps the partner directory
the app's partner search answers from."""

import json
import urllib.error
import urllib.request
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from helpers import click_button, fill_and_submit, main_text, unique_word, wait_for_path, wait_for_text


def phone_call(server, path, body, device, request_id=None):
    """A call as the app makes it: JSON, its device id and a request id, no credentials."""
    request = urllib.request.Request(f"{server}{path}", method="POST", data=json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    request.add_header("X-LTC-Device-ID", device)
    request.add_header("X-Request-ID", request_id or str(uuid.uuid4()).upper())
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def search(city):
    return {
        "schemaVersion": 1,
        "scope": "item",
        "scenario": {"category": "Furniture", "valueBand": "MED", "bulky": True, "goal": "balanced",
                     "constraints": ["pickup_required"]},
        "location": {"city": city, "region": "ID", "countryCode": "US", "radiusMiles": 25},
        "hints": {"keywords": ["Oak"], "notes": "Oak dining table"},
    }


def test_an_owner_approves_a_phone_and_keeps_the_partner_list(server, browser, signed_in, screenshot):
    device = str(uuid.uuid4()).upper()
    city = unique_word()
    # given a phone that asked the hub and was turned away; the app shows the first characters of the request id
    request_id = str(uuid.uuid4()).upper()
    status, answer = phone_call(server, "/ai/disposition/partners/search", search(city), device, request_id)
    assert status == 403
    assert answer["error"]["code"] == "device_not_approved"
    code = request_id[:8]
    assert code in answer["error"]["message"]

    # when the owner finds it waiting on Settings → Connect a phone, shown only by its fingerprint
    browser.get(f"{server}/settings/devices")
    fingerprint = f"{device[:4]}…{device[-4:]}"
    wait_for_text(browser, fingerprint)
    assert device not in main_text(browser)
    row = browser.find_element(By.XPATH, f"//li[.//code[normalize-space(.)='{fingerprint}']]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)
    screenshot("treasure-chest-waiting")
    # and approves it with the code the phone shows
    form = browser.find_element(By.CSS_SELECTOR, "form[action='/settings/devices/gateway']")
    form.find_element(By.CSS_SELECTOR, "[name='device']").send_keys(code.lower())
    form.find_element(By.CSS_SELECTOR, "[name='name']").send_keys("Grandma's iPhone")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for_text(browser, "The phone is approved")
    assert "Grandma's iPhone" in main_text(browser)
    approved = browser.find_element(By.XPATH, f"//li[.//code[normalize-space(.)='{device}']]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", approved)
    screenshot("treasure-chest-approved")

    # then the phone's search is answered, from an empty list at first
    status, answer = phone_call(server, "/ai/disposition/partners/search", search(city), device)
    assert status == 200
    assert [r for r in answer["results"] if r.get("contact", {}).get("city") == city] == []

    # when the owner adds a partner from Settings
    shop = f"{unique_word()} Consignment"
    browser.get(f"{server}/settings")
    browser.find_element(By.CSS_SELECTOR, "main a[href='/settings/partners']").click()
    wait_for_path(browser, "/settings/partners")
    browser.find_element(By.CSS_SELECTOR, "main a[href='/settings/partners/new']").click()
    wait_for_path(browser, "/settings/partners/new")
    Select(browser.find_element(By.NAME, "partnerType")).select_by_value("consignment")
    fill_and_submit(browser, {"name": shop, "city": city, "region": "ID", "phone": "208-555-0100",
                              "categories": "Furniture", "questionsToAsk": "What is your commission?"})
    wait_for_text(browser, "The partner is saved.")
    assert shop in main_text(browser)
    listed = browser.find_element(By.XPATH, f"//li[.//p[normalize-space(.)='{shop}']]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", listed)
    screenshot("treasure-chest-partners")

    # then the phone's search suggests it
    status, answer = phone_call(server, "/ai/disposition/partners/search", search(city), device)
    assert status == 200
    found = [r for r in answer["results"] if r["name"] == shop]
    assert found and found[0]["contact"]["phone"] == "208-555-0100"
    assert found[0]["questionsToAsk"] == ["What is your commission?"]

    # and when the owner removes it, the phone no longer gets it
    browser.find_element(By.XPATH, f"//li[.//p[normalize-space(.)='{shop}']]//a[contains(., 'Edit')]").click()
    screenshot("treasure-chest-partner-edit")
    browser.find_element(By.XPATH, "//a[normalize-space(.)='Remove this partner']").click()
    click_button(browser, "Remove partner")
    wait_for_text(browser, "The partner was removed from your list.")
    status, answer = phone_call(server, "/ai/disposition/partners/search", search(city), device)
    assert [r for r in answer["results"] if r["name"] == shop] == []
