"""Keeping the family's data: Settings → Export and its offline viewer, Items → Reports and the PDFs, and the
command line's export, import, backup and restore, each on a hub of the test's own."""

import subprocess
import tempfile
import time
import urllib.request
import zipfile
from pathlib import Path

from selenium.webdriver.common.by import By

from helpers import make_photo, sign_in_with_token, wait_for_text
from hub import ARTIFACTS, OWNER, Hub, ServerProcess, call, heirloom


def fetch(base_url, path, token):
    request = urllib.request.Request(f"{base_url}{path}")
    request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=300) as response:
        return response.status, response.headers, response.read()


def household_with_things(hub):
    """An item with a photo, a beneficiary who receives it with a message; returns the beneficiary's id."""
    item = hub.create_item("Grandfather’s pocket watch", description="Gold, 1931, still keeps time.",
                           category="jewelry", estimatedValue="1250", purchasePrice="90", purchaseDate="1931-05-02")
    hub.add_item_photos(item, make_photo("watch.jpg"))
    beneficiary = hub.post("/api/beneficiaries", {"name": "Daisy Miller", "relationship": "granddaughter"})
    hub.post(f"/api{item}/beneficiaries", {"beneficiaryId": beneficiary["id"], "accessPermission": "uponPassing",
                                           "personalMessage": "Wind it every Sunday, as I did."})
    return beneficiary["id"]


def test_export_page_and_the_offline_viewer(browser, screenshot, fresh_server):
    hub = Hub.set_up(fresh_server)
    household_with_things(hub)
    sign_in_with_token(browser, fresh_server, hub.token)

    # Home's getting-started list leads her to the family's page for keeping a copy, not the hub's settings
    browser.get(f"{fresh_server}/")
    browser.find_element(By.LINK_TEXT, "Keep a copy safe").click()
    wait_for_text(browser, "No copy has been downloaded yet.")
    assert browser.current_url.endswith("/settings/export")
    # and Settings leads there too
    browser.get(f"{fresh_server}/settings#keeping")
    wait_for_text(browser, "Nightly backups are not switched on")
    browser.execute_script("document.getElementById('keeping').scrollIntoView()")
    screenshot("settings-keeping-and-backups")
    browser.find_element(By.LINK_TEXT, "Keep a copy").click()
    wait_for_text(browser, "Download everything")
    screenshot("export-page")
    link = browser.find_element(By.LINK_TEXT, "Download everything")
    assert link.get_attribute("href").endswith("/api/export")

    # in a browser that cannot save a stream itself (Safari, Firefox), the browser downloads the file and the
    # page follows that download on the hub, to the end
    downloads = Path(tempfile.mkdtemp(prefix="heirloom-downloads-"))
    browser.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
        "source": "delete Window.prototype.showSaveFilePicker; delete window.showSaveFilePicker;"})
    browser.refresh()
    wait_for_text(browser, "Download everything")
    assert browser.execute_script("return !('showSaveFilePicker' in window)")
    browser.find_element(By.LINK_TEXT, "Download everything").click()
    wait_for_text(browser, "The export is saved", css="[data-export-status]")
    assert browser.find_element(By.CSS_SELECTOR, "[data-export-bar]").get_attribute("value") == "100"
    browser.execute_script("document.querySelector('[data-export-progress]').scrollIntoView()")
    screenshot("export-progress-done")
    saved = []
    for _ in range(100):
        saved = [path for path in downloads.iterdir() if path.suffix == ".zip"]
        if saved:
            break
        time.sleep(0.1)
    assert saved, list(downloads.iterdir())
    with zipfile.ZipFile(saved[0]) as downloaded:
        assert downloaded.testzip() is None and "manifest.json" in downloaded.namelist()
    # then the page says when the copy was made, and Home's step is ticked
    browser.refresh()
    wait_for_text(browser, "The last copy was downloaded on")
    browser.get(f"{fresh_server}/")
    wait_for_text(browser, "Getting started")
    done = [step.text for step in browser.find_elements(By.CSS_SELECTOR, ".getting-started__step--done")]
    assert any("Keep a copy safe" in text for text in done), done

    # what the link downloads is a ZIP whose index.html shows everything from the unpacked folder
    status, headers, body = fetch(fresh_server, "/api/export", hub.token)
    assert status == 200 and headers["Content-Type"] == "application/zip"
    folder = Path(tempfile.mkdtemp(prefix="heirloom-export-"))
    archive = folder / "export.zip"
    archive.write_bytes(body)
    with zipfile.ZipFile(archive) as unzipped:
        assert unzipped.testzip() is None
        unzipped.extractall(folder / "unpacked")
    browser.get((folder / "unpacked" / "index.html").as_uri())
    wait_for_text(browser, "Grandfather’s pocket watch", css="body")
    assert "Wind it every Sunday, as I did." in browser.find_element(By.TAG_NAME, "body").text
    photo = browser.find_element(By.CSS_SELECTOR, "#items img")
    browser.execute_script("arguments[0].scrollIntoView()", photo)
    assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", photo)
    screenshot("export-viewer")


def test_reports_page_and_the_pdfs(browser, screenshot, fresh_server):
    hub = Hub.set_up(fresh_server)
    beneficiary = household_with_things(hub)
    sign_in_with_token(browser, fresh_server, hub.token)

    browser.get(f"{fresh_server}/items")
    browser.find_element(By.LINK_TEXT, "Reports").click()
    wait_for_text(browser, "Estate inventory")
    screenshot("reports-page")

    for path, words in [
        ("/api/reports/estate.pdf", ["Estate inventory", "Grandfather’s pocket watch", "To Daisy Miller: upon my passing", "$1,250"]),
        ("/api/reports/insurance.pdf", ["Insurance inventory", "Purchase value: $90", "May 2, 1931"]),
        (f"/api/beneficiaries/{beneficiary}/packet.pdf", ["For Daisy Miller", "Wind it every Sunday, as I did."]),
    ]:
        status, headers, body = fetch(fresh_server, path, hub.token)
        assert status == 200 and headers["Content-Type"] == "application/pdf", path
        name = path.split("/")[-1]
        pdf = ARTIFACTS / f"report-{name}"
        pdf.write_bytes(body)
        text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout
        for word in words:
            assert word in text, (path, word, text)
        assert "Page 1 of 1" in text
        fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
        assert "DejaVu" in fonts and " no " not in fonts.split("\n", 2)[2].replace("yes yes", ""), fonts
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf),
                        str(ARTIFACTS / f"report-{name[:-4]}")], check=True)
        images = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True).stdout
        assert "jpeg" in images, images  # the photo is embedded as a small JPEG, not as raw pixels


def test_export_import_backup_and_restore_from_the_command_line(browser, screenshot):
    work = Path(tempfile.mkdtemp(prefix="heirloom-cli-"))
    server_data = work / "hub"
    server = ServerProcess(server_data, ARTIFACTS / "server-cli.log").start()
    try:
        hub = Hub.set_up(server.base_url)
        household_with_things(hub)
        _, household = call(server.base_url, "GET", "/api/household", token=hub.token)
        _, items_before = call(server.base_url, "GET", "/api/items", token=hub.token)

        # an export and a backup, made by the command line while the hub runs
        exported = heirloom(server_data, "export", "--household", household["id"], "--output",
                            str(work / "family.zip"))
        assert exported.returncode == 0, exported.stdout + exported.stderr
        backup = heirloom(server_data, "backup", "--output", str(work / "backup"))
        assert backup.returncode == 0, backup.stdout + backup.stderr
    finally:
        server.stop()
    with zipfile.ZipFile(work / "family.zip") as unzipped:
        assert unzipped.namelist()[0] == "manifest.json" and unzipped.testzip() is None

    # imported into a new hub: members must set a password again; a second import is refused
    new_hub = work / "new-hub"
    imported = heirloom(new_hub, "import", str(work / "family.zip"))
    assert imported.returncode == 0, imported.stdout + imported.stderr
    link = next(word for word in imported.stdout.split() if "/password/" in word)
    link_path = "/password/" + link.split("/password/")[1]
    again = heirloom(new_hub, "import", str(work / "family.zip"))
    assert again.returncode != 0 and "already holds the household" in again.stdout + again.stderr

    # the backup restored into a third folder, with every file its rows need
    restored_hub = work / "restored"
    restored = heirloom(restored_hub, "restore", str(work / "backup"))
    assert restored.returncode == 0, restored.stdout + restored.stderr
    checked = heirloom(restored_hub, "media", "gc", "--dry-run")
    assert checked.returncode == 0 and "0 file(s) missing" in checked.stdout, checked.stdout + checked.stderr

    for folder, password in [(new_hub, "a password after the move"), (restored_hub, OWNER["password"])]:
        server = ServerProcess(folder, ARTIFACTS / f"server-{folder.name}.log").start()
        try:
            if folder == new_hub:  # the owner follows the printed link and chooses a password
                browser.get(f"{server.base_url}{link_path}")
                wait_for_text(browser, "Choose a password")
                screenshot("password-link")
                browser.find_element(By.ID, "newPassword").send_keys(password)
                browser.find_element(By.ID, "confirmPassword").send_keys(password)
                browser.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
                wait_for_text(browser, "Your password is set")
            token = Hub.log_in(server.base_url, OWNER["email"], password)
            _, items_after = call(server.base_url, "GET", "/api/items", token=token)
            assert items_after == items_before, folder.name
        finally:
            server.stop()


def test_journal_download(browser, screenshot, fresh_server):
    hub = Hub.set_up(fresh_server)
    _, drawers = call(fresh_server, "GET", "/api/journal/drawers", token=hub.token)
    open_drawer = next(d for d in drawers["drawers"] if not d["isLocked"])
    hub.post("/api/journal/cards", {"drawerId": open_drawer["id"], "text": "The plums are ripe."})
    sign_in_with_token(browser, fresh_server, hub.token)

    browser.get(f"{fresh_server}/journal")
    wait_for_text(browser, "Download my journal")
    section = browser.find_element(By.ID, "keep-heading")
    browser.execute_script("arguments[0].scrollIntoView()", section)
    screenshot("journal-download")
    assert "Locked drawers are left out until you unlock them" in browser.find_element(By.TAG_NAME, "main").text

    status, headers, body = fetch(fresh_server, "/api/journal/export", hub.token)
    assert status == 200 and headers["Content-Type"] == "application/zip"
    folder = Path(tempfile.mkdtemp(prefix="heirloom-journal-"))
    (folder / "journal.zip").write_bytes(body)
    with zipfile.ZipFile(folder / "journal.zip") as unzipped:
        assert "The plums are ripe." in unzipped.read("journal.json").decode()
