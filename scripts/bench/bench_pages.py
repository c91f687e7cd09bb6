"""make bench-pages: an item page opened cold on a phone over a slow home connection.

Headless Chromium at 390 px, its cache empty, on a simulated 1.6 Mbit/s link with 150 ms round trips (the
"slow 4G" of browser tools), opens the item page of a hub (release build) whose item has a photo, a recorded
story and a beneficiary. Printed next to the same page in the same run with compression refused by the browser
(Accept-Encoding: identity), which is how the page travelled before its stylesheet and scripts were gzipped.

Ready is DOMContentLoaded: the text, the stylesheet and the scripts are in and the page works (goal: under
0.8 s); the photos arrive after it. Bytes are what crossed the link before the photos.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from hub import Hub, multipart, table  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

ROUNDS = int(os.environ.get("BENCH_PAGES_ROUNDS", "5"))
LINK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
GOAL_SECONDS = 0.8


def seed(hub, directory):
    photo = os.path.join(directory, "clock.jpg")
    subprocess.run(["vips", "gaussnoise", photo, "3000", "2000"], check=True)
    story = os.path.join(directory, "story.webm")
    subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=330:duration=20", "-c:a",
                    "libopus", story], check=True)
    status, data = hub.request("POST", "/api/items", {
        "name": "Grandfather clock", "category": "Furniture", "estimatedValue": "1200",
        "description": "Walnut case, made in 1890; it came from Vienna with Grandmother in 1921."})
    assert status == 201, data
    item = json.loads(data)["id"]
    body, content_type = multipart([photo])
    assert hub.request("POST", f"/api/items/{item}/photos", body, {"Content-Type": content_type})[0] == 201
    body, content_type = multipart([story])
    body = body.replace(b"Content-Type: image/jpeg", b"Content-Type: audio/webm")
    assert hub.request("POST", f"/api/items/{item}/audio", body, {"Content-Type": content_type})[0] == 201
    status, data = hub.request("POST", "/api/beneficiaries", {"name": "Sarah Carter", "email": "sarah@example.com"})
    person = json.loads(data)["id"]
    hub.request("POST", f"/api/items/{item}/beneficiaries",
                {"beneficiaryId": person, "personalMessage": "It kept time for our whole family."})
    return f"/items/{item}"


def browser():
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=390,844"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(os.environ.get("CHROMEDRIVER_BIN",
                                                                              "/usr/bin/chromedriver")))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})
    return driver


def open_cold(driver, url, compressed):
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.execute_cdp_cmd("Network.setExtraHTTPHeaders",
                           {"headers": {} if compressed else {"Accept-Encoding": "identity"}})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", LINK)
    driver.get(url)
    return driver.execute_script("""
        const nav = performance.getEntriesByType('navigation')[0];
        const before = [nav, ...performance.getEntriesByType('resource')]
            .filter((e) => e.initiatorType !== 'img' && !e.name.includes('/api/media/'));
        return [nav.domContentLoadedEventEnd / 1000, nav.loadEventEnd / 1000,
                before.reduce((sum, e) => sum + e.transferSize, 0)];
    """)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/heirloom"
    with tempfile.TemporaryDirectory(prefix="bench-pages-") as directory:
        hub = Hub(binary).start()
        try:
            hub.set_up()
            base_url = f"http://127.0.0.1:{hub.port}"
            path = seed(hub, directory)
            driver = browser()
            try:
                driver.get(f"{base_url}/api/health")
                driver.add_cookie({"name": "heirloom_session", "value": hub.token, "path": "/"})
                runs = {True: [], False: []}
                for _ in range(ROUNDS):  # alternating, so that both meet the same machine
                    for compressed in (False, True):
                        runs[compressed].append(open_cold(driver, f"{base_url}{path}", compressed))
            finally:
                driver.quit()
        finally:
            hub.stop()
    rows = []
    for compressed, label in ((False, "before: nothing compressed"), (True, "Heirloom: gzipped, versioned")):
        ready = statistics.median(r[0] for r in runs[compressed])
        loaded = statistics.median(r[1] for r in runs[compressed])
        kilobytes = statistics.median(r[2] for r in runs[compressed]) / 1024
        rows.append([label, f"{ready:.2f} s", f"{loaded:.2f} s", f"{kilobytes:.0f} KB"])
    print(f"Cold item page at 390 px over 1.6 Mbit/s, 150 ms round trips; median of {ROUNDS} (goal: ready < "
          f"{GOAL_SECONDS} s, under 120 KB before photos)")
    table(["page", "ready (DOMContentLoaded)", "with its photo (load)", "bytes before photos"], rows)


if __name__ == "__main__":
    main()
