"""Every page that each of four family members can reach, at phone width (390 px).

A widow of 75 who owns the hub, her son (an editor), her granddaughter (a viewer) and an heir with a personal link:
for each, the test follows the links of every page it reaches (one page per kind of address) and checks, on each:
no server setting (an environment variable, a command, a file path) in the text; axe-core without a serious or
critical violation; nothing wider than the phone; body text of at least 16 px; and every target (button, field,
link that is not inside a sentence) at least 44 px tall. A screenshot of each page goes to test-artifacts/family/.
All the findings of one person are reported together.
"""

import base64
import re
from urllib.parse import urljoin, urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from helpers import (choose_file, axe_violations, fill_and_submit, make_photo, make_recording, path_of, phone_problems,
                     sign_in_with_token, wait)
from hub import ARTIFACTS, Hub, call, multipart

WIDOW = {"householdName": "The Carter Family", "name": "Margaret Carter", "email": "margaret@example.com",
         "password": "roses in the garden"}
SON = {"name": "David Carter", "email": "david@example.com", "password": "fishing on sunday"}
GRANDDAUGHTER = {"name": "Emily Carter", "email": "emily@example.com", "password": "violin practice daily"}

# Addresses the crawl does not open: downloads, media files, the API, and leaving.
SKIPPED = re.compile(r"^/(api|media|logout|sign-out)\b|\.(pdf|csv|zip|vcf|ics|json|webm|m4a|jpg|png)$|/download\b"
                     r"|/export\b|/print\b|/qr\b")
ID = re.compile(r"/([0-9a-f]{8}-[0-9a-f-]{27}|\d+|[A-Za-z0-9_-]{20,})(?=/|$)")

# What a family member must never read: a server's settings.
JARGON = re.compile(r"\b(HEIRLOOM_[A-Z_]+|DATABASE_URL|[A-Z]{2,}_[A-Z_]{2,}=|make run|sudo |systemctl|docker )"
                    r"|\bheirloom (serve|backup|restore|migrate|media|export|import|users|reset)\b"
                    r"|(^|\s)(/(var|opt|etc|usr|home|tmp|srv)/[\w./-]+|~/[\w./-]+|[\w-]+\.sqlite\b)")

# The one page, for owners, that speaks of the server's settings, so that no other page has to.
RUNS_THE_HUB = "/settings/hub"


def seed(base_url):
    """The Carter family's hub: the widow's things, her son and granddaughter as members, an heir with a link.

    Returns (widow, son, granddaughter) API clients and the heir's link."""
    widow = Hub.set_up(base_url, WIDOW)
    members = []
    for person, role in ((SON, "editor"), (GRANDDAUGHTER, "viewer")):
        invitation = widow.post("/api/invitations", {"role": role, "email": person["email"]})
        status, answer = call(base_url, "POST", f"/api/invitations/{invitation['token']}/accept", person)
        assert status == 201, answer
        members.append(Hub(base_url, answer["token"]))

    clock = widow.post("/api/items", {"name": "Grandfather clock", "category": "Furniture",
                                      "estimatedValue": "1200", "description": "Walnut case, made in 1890."})
    widow.post(f"/api/items/{clock['id']}/photos", *multipart("file", [make_photo("clock.jpg")]))
    widow.post(f"/api/items/{clock['id']}/audio", *multipart("file", [make_recording("story.webm")]))
    widow.post("/api/items", {"name": "Dessert spoons", "category": "Silver", "estimatedValue": "25", "quantity": 12})
    heir = widow.post("/api/beneficiaries", {"name": "Sarah Carter", "relationship": "granddaughter",
                                             "email": "sarah@example.com"})
    widow.post(f"/api/items/{clock['id']}/beneficiaries",
               {"beneficiaryId": heir["id"], "personalMessage": "It kept time for our whole family."})
    heir_link = widow.post(f"/api/beneficiaries/{heir['id']}/invite", {})["link"]
    # and a neighbour as trusted contact: with no email set up, her link waits in the outbox to be passed on
    widow.post("/api/estate/executors", {"name": "Pat Neighbour", "email": "pat@example.com"})
    _, outbox = call(base_url, "GET", "/api/outbox", token=widow.token)
    contact_link = next(m["link"] for m in outbox["messages"] if m["toEmail"] == "pat@example.com" and m.get("link"))

    body, kind = multipart("file", [make_photo("beach.jpg")])
    boundary = kind.split("=")[1]
    fields = {"type": "photo", "title": "At the beach in Brighton", "date": "1968-07-14"}
    body = b"".join(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n".encode()
                    for k, v in fields.items()) + body
    widow.post("/api/memories", body, kind)
    for member in (widow, *members):
        _, drawers = call(base_url, "GET", "/api/journal/drawers", token=member.token)
        locked = member.post("/api/journal/drawers", {"name": "Kept to myself", "isLocked": True})
        open_drawer = next(d for d in drawers["drawers"] if not d["isLocked"])
        member.post("/api/journal/cards", {"drawerId": open_drawer["id"], "text": "The plums are ripe."})
        assert locked["isLocked"]
    return widow, members[0], members[1], heir_link, contact_link


@pytest.fixture(scope="module")
def family(start_server):
    # A hub as a family first runs it: no AI provider, no email, no backups set up.
    base_url = start_server("family", HEIRLOOM_AI_PROVIDER="", HEIRLOOM_MAX_DOCUMENT_MB="1").base_url
    widow, son, granddaughter, heir_link, contact_link = seed(base_url)
    return {"base_url": base_url, "widow": widow, "son": son, "granddaughter": granddaughter, "heir": heir_link,
            "trusted contact": contact_link}


def save_whole_page(browser, path):
    """A screenshot of the whole page, not only what the phone's screen shows, to look at."""
    height = browser.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]["height"]
    shot = browser.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": 390, "height": min(height, 6000), "scale": 1}})
    path.write_bytes(base64.b64decode(shot["data"]))


def pattern(path):
    return ID.sub("/{id}", path.rstrip("/") or "/")


def crawl(browser, base_url, start, name, limit=90):
    """Opens start and every page reachable from it by links (one of each kind); returns every finding."""
    folder = ARTIFACTS / "family"
    folder.mkdir(parents=True, exist_ok=True)
    queue, seen, findings, opened = [start], set(), [], 0
    origin = urlparse(base_url).netloc
    while queue and opened < limit:
        path = queue.pop(0)
        kind = pattern(path)
        if kind in seen:
            continue
        seen.add(kind)
        browser.get(urljoin(base_url, path))
        wait(browser).until(EC.presence_of_element_located((By.TAG_NAME, "main")))
        opened += 1
        save_whole_page(browser, folder / f"{name}{kind.replace('/', '-').replace('{id}', 'id')}.png")
        text = browser.find_element(By.TAG_NAME, "body").text
        page = f"{name} {kind}"
        if kind != RUNS_THE_HUB:
            findings += [f"{page}: server jargon {m.group(0).strip()!r}" for m in JARGON.finditer(text)]
        findings += [f"{page}: {p}" for p in phone_problems(browser)]
        findings += [f"{page}: {p}" for p in axe_violations(browser)]
        for href in browser.execute_script("return [...document.querySelectorAll('a[href]')].map(a => a.href)"):
            link = urlparse(href)
            if link.netloc == origin and not link.query and not SKIPPED.search(link.path):
                queue.append(link.path)
    assert opened > 3, f"{name} reached only {opened} pages"
    return findings


def home_order(browser, base_url, person):
    """Home opens on the family: memories and stories before the treasure chest; its values and the estate only for
    those who plan."""
    browser.get(base_url + "/")
    headings = [h.text for h in browser.find_elements(By.CSS_SELECTOR, "main h2")]
    text = browser.find_element(By.TAG_NAME, "main").text
    findings = []
    if headings.index("Lately in the family") > headings.index("Treasure chest"):
        findings.append(f"{person} home: the treasure chest comes before the family's memories: {headings}")
    if "Stories told" not in text:
        findings.append(f"{person} home: the story recorded about the clock is not among the newest")
    if person == "granddaughter":
        if "$" in text or "The estate at a glance" in headings:
            findings.append(f"{person} home: a viewer sees values")
    elif headings.index("The estate at a glance") < headings.index("Treasure chest"):
        findings.append(f"{person} home: the estate comes before the treasure chest: {headings}")
    if person == "widow" and not {"Sets", "Sales", "Passing on"} <= {h.text for h in
                                                                    browser.find_elements(By.CSS_SELECTOR, "main h3")}:
        findings.append(f"{person} home: sets, sales or passing on cannot be reached")
    return findings


@pytest.mark.parametrize("person", ["widow", "son", "granddaughter", "heir", "trusted contact"])
def test_every_page_each_person_reaches_is_fit_for_a_phone(browser, family, person):
    base_url = family["base_url"]
    if person in ("heir", "trusted contact"):
        start = urlparse(family[person]).path
    else:
        sign_in_with_token(browser, base_url, family[person].token)
        start = "/"
    findings = crawl(browser, base_url, start, person)
    if person not in ("heir", "trusted contact"):
        findings += home_order(browser, base_url, person)
    assert not findings, f"{len(findings)} findings:\n" + "\n".join(findings)


PAGE_BUDGET = 120 * 1024  # bytes a cold item page may transfer before its photos, on a slow home connection


def test_a_cold_item_page_transfers_under_120_kb_before_its_photos(browser, family):
    base_url = family["base_url"]
    sign_in_with_token(browser, base_url, family["son"].token)
    _, items = call(base_url, "GET", "/api/items?q=clock", token=family["son"].token)
    # a browser that has kept nothing
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.clearBrowserCache", {})
    browser.get(f"{base_url}/items/{items['items'][0]['id']}")
    wait(browser).until(lambda d: d.execute_script("return document.readyState") == "complete")
    sizes = browser.execute_script("""
        const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
        return entries.filter((e) => e.initiatorType !== 'img' && !e.name.includes('/api/media/'))
            .map((e) => [e.name, e.transferSize, e.encodedBodySize, e.decodedBodySize]);
    """)
    total = sum(size for _, size, _, _ in sizes)
    listing = "\n".join(f"{name}: {size} bytes ({decoded} unpacked)" for name, size, _, decoded in sizes)
    print(f"cold item page: {total} bytes before photos\n{listing}")
    assert total < PAGE_BUDGET, f"{total} bytes:\n{listing}"
    # and the stylesheet came compressed
    css = next(entry for entry in sizes if entry[0].endswith(".css"))
    assert css[2] * 3 < css[3], listing


def test_a_file_over_the_limit_is_refused_before_it_is_sent_in_the_hubs_own_words(browser, family, tmp_path):
    base_url, son = family["base_url"], family["son"]
    _, items = call(base_url, "GET", "/api/items?q=clock", token=son.token)
    item = items["items"][0]
    big = tmp_path / "appraisal.pdf"
    big.write_bytes(b"%PDF-1.4\n" + bytes(1_500_000))  # over this hub's 1 MB for documents
    # what the hub itself says of it
    body, kind = multipart("file", [big])
    status, refused = call(base_url, "POST", f"/api/items/{item['id']}/documents", body, son.token, kind)
    assert status == 413, refused

    # when the son chooses the same file on the item page
    sign_in_with_token(browser, base_url, son.token)
    browser.get(f"{base_url}/items/{item['id']}")
    field = browser.find_element(By.ID, "document-file")
    field.send_keys(str(big))
    error = wait(browser).until(lambda d: d.find_element(By.ID, "document-file-check"))
    # then the page says what the hub would say, beside the field, before anything is sent
    assert error.text == refused["error"]["message"]
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
    save_whole_page(browser, ARTIFACTS / "family" / "upload-refused.png")
    field.find_element(By.XPATH, "ancestor::form").find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    assert browser.current_url.endswith(f"/items/{item['id']}")
    _, after = call(base_url, "GET", f"/api/items/{item['id']}", token=son.token)
    assert after["documents"] == []


def test_a_document_is_given_a_title_and_kind_and_the_heir_reads_them(browser, family):
    base_url, son, widow = family["base_url"], family["son"], family["widow"]
    _, items = call(base_url, "GET", "/api/items?q=spoons", token=son.token)
    spoons = items["items"][0]
    title = "Receipt from Mappin & Webb, 1971"
    folder = ARTIFACTS / "family"
    folder.mkdir(parents=True, exist_ok=True)

    # when the son adds a photo of the receipt on the spoons' page, saying what it is
    sign_in_with_token(browser, base_url, son.token)
    browser.get(f"{base_url}/items/{spoons['id']}")
    choose_file(browser, "document-file", make_photo("IMG_2211.jpg", 900, 1200))
    Select(browser.find_element(By.ID, "document-type")).select_by_visible_text("Receipt")
    browser.find_element(By.ID, "document-title").send_keys(title)
    browser.find_element(By.XPATH, "//button[normalize-space(.)='Upload document']").click()

    # then the list shows it by its title and kind, the file's name small beneath
    name = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#documents .doc__name")))
    assert name.text == title
    document = browser.find_element(By.CSS_SELECTOR, "#documents .doc")
    assert document.find_element(By.CSS_SELECTOR, ".doc__kind").text == "Receipt"
    assert "IMG_2211.jpg" in document.find_element(By.CSS_SELECTOR, ".doc__label").text
    browser.execute_script("document.getElementById('documents').scrollIntoView()")
    save_whole_page(browser, folder / "document-titled.png")
    findings = phone_problems(browser) + axe_violations(browser)

    # and its own form changes it, at phone width too
    document.find_element(By.CSS_SELECTOR, ".doc__more summary").click()  # "Change…"
    document.find_element(By.PARTIAL_LINK_TEXT, "Change").click()
    wait(browser).until(EC.visibility_of_element_located((By.ID, "document-title")))
    save_whole_page(browser, folder / "document-form.png")
    findings += phone_problems(browser) + axe_violations(browser)
    assert Select(browser.find_element(By.ID, "document-type")).first_selected_option.text == "Receipt"
    browser.find_element(By.XPATH, "//button[normalize-space(.)='Save']").click()
    wait(browser).until(EC.url_contains("done=document-saved"))

    # when the spoons are left to Sarah, the heir, and she opens her link
    _, heirs = call(base_url, "GET", "/api/beneficiaries", token=widow.token)
    sarah = next(b for b in heirs["beneficiaries"] if b["name"] == "Sarah Carter")
    widow.post(f"/api/items/{spoons['id']}/beneficiaries", {"beneficiaryId": sarah["id"]})
    browser.delete_all_cookies()
    browser.get(family["heir"])
    wait(browser).until(EC.presence_of_element_located((By.ID, f"item-{spoons['id']}")))

    # then she reads what the paper is, never the file's name
    keepsake = browser.find_element(By.ID, f"item-{spoons['id']}")
    paper = keepsake.find_element(By.CSS_SELECTOR, ".keepsake__paper")
    assert paper.find_element(By.CSS_SELECTOR, ".keepsake__paper-kind").text == "Receipt"
    assert paper.find_element(By.TAG_NAME, "a").text == f"Open {title}"
    assert "IMG_2211" not in keepsake.text
    browser.execute_script("arguments[0].scrollIntoView()", paper)
    save_whole_page(browser, folder / "document-for-the-heir.png")
    findings += phone_problems(browser) + axe_violations(browser)
    assert not findings, "\n".join(findings)


def test_a_form_shows_all_its_mistakes_at_once_and_keeps_its_own_address(browser, family):
    base_url, son = family["base_url"], family["son"]
    folder = ARTIFACTS / "family"
    folder.mkdir(parents=True, exist_ok=True)

    # when the son adds a sewing box with two amounts the hub cannot read
    sign_in_with_token(browser, base_url, son.token)
    browser.get(f"{base_url}/items/new")
    browser.find_element(By.ID, "item-name").send_keys("Sewing box")
    browser.find_element(By.ID, "item-estimatedValue").send_keys("twenty-ish")
    browser.find_element(By.ID, "item-purchasePrice").send_keys("a lot")
    browser.find_element(By.ID, "item-name").find_element(By.XPATH, "ancestor::form").find_element(
        By.CSS_SELECTOR, "button[type=submit]").click()

    # then both are said at once, each beside its field, on the form's own address, the first one in view
    value_error = wait(browser).until(EC.visibility_of_element_located((By.ID, "item-estimatedValue-error")))
    price_error = browser.find_element(By.ID, "item-purchasePrice-error")
    assert value_error.text and price_error.text
    assert path_of(browser) == "/items/new"
    assert browser.find_element(By.ID, "item-name").get_attribute("value") == "Sewing box"
    assert browser.execute_script("return document.activeElement.id") == "item-estimatedValue"
    save_whole_page(browser, folder / "item-form-two-mistakes.png")
    findings = phone_problems(browser) + axe_violations(browser)

    # and a refresh shows the form afresh instead of sending it again
    browser.refresh()
    wait(browser).until(EC.visibility_of_element_located((By.ID, "item-name")))
    assert path_of(browser) == "/items/new"
    assert not browser.find_elements(By.CSS_SELECTOR, ".field__error")
    _, found = call(base_url, "GET", "/api/items?q=sewing", token=son.token)
    assert found["items"] == []

    # when, on his settings page, he mistypes his current password and the new one's second typing
    browser.get(f"{base_url}/settings")
    fill_and_submit(browser, {"currentPassword": "not my password", "newPassword": "a boat on the lake",
                              "confirmPassword": "a boat on the lakes"})

    # then both are said at once, and the address is the settings page's, which a refresh opens afresh
    wait(browser).until(EC.visibility_of_element_located(
        (By.CSS_SELECTOR, "[name=confirmPassword][aria-invalid=true]")))
    assert browser.find_elements(By.CSS_SELECTOR, "[name=currentPassword][aria-invalid=true]")
    assert path_of(browser) == "/settings"
    browser.refresh()
    wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[name=newPassword]")))
    assert not browser.find_elements(By.CSS_SELECTOR, "[aria-invalid=true]")
    assert not findings, "\n".join(findings)
