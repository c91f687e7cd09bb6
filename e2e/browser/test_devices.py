"""Connecting a phone: Settings → Connect a phone shows a QR code that a camera can read and that connects."""

import json
import subprocess
import tempfile
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from helpers import fill_and_submit, wait, wait_for_path, wait_for_text


def test_the_qr_code_on_screen_connects_a_phone(server, browser, signed_in, screenshot):
    # when the owner asks for a code from Settings
    browser.get(f"{server}/settings")
    browser.find_element(By.CSS_SELECTOR, "main a[href='/settings/devices']").click()
    wait_for_path(browser, "/settings/devices")
    fill_and_submit(browser, {"name": "Grandma's iPhone"})
    code = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".pairing__code svg")))
    screenshot("connect-a-phone")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", code)

    # then what the screen shows, read as a camera would, is settings that work
    with tempfile.NamedTemporaryFile(suffix=".png") as picture:
        picture.write(code.screenshot_as_png)
        picture.flush()
        read = subprocess.run(["zbarimg", "--quiet", "--raw", picture.name], capture_output=True, text=True, check=True)
    settings = json.loads(read.stdout.strip())
    assert settings["serverURL"] == server
    assert settings["port"] == int(server.rsplit(":", 1)[1])
    assert settings["hubName"] == "The Miller Family"
    request = urllib.request.Request(f"{server}/api/me", headers={"Authorization": f"Bearer {settings['token']}"})
    with urllib.request.urlopen(request, timeout=5) as response:
        assert json.load(response)["household"]["name"] == "The Miller Family"
    assert browser.find_element(By.ID, "pairing-text").get_attribute("value") == read.stdout.strip()

    # and the Memory Palace app finds its own keys in it, and connects as it does: http://serverIP:port
    assert settings["serverIP"] == "127.0.0.1" and settings["authToken"] == settings["token"]
    assert isinstance(settings["port"], int)
    app_base = f"http://{settings['serverIP']}:{settings['port']}"
    with urllib.request.urlopen(f"{app_base}/health", timeout=5) as response:
        assert response.status == 200
    request = urllib.request.Request(f"{app_base}/api/people", headers={"x-auth-token": settings["authToken"]})
    with urllib.request.urlopen(request, timeout=5) as response:
        assert json.load(response) == {"success": True, "people": []}
    # and a phone that cannot scan is told what to type
    browser.find_element(By.CSS_SELECTOR, ".pairing__manual summary").click()
    assert browser.find_element(By.CSS_SELECTOR, "[data-app-address]").text == "127.0.0.1"
    assert browser.find_element(By.CSS_SELECTOR, "[data-app-port]").text == str(settings["port"])
    assert browser.find_element(By.CSS_SELECTOR, "[data-app-token]").text == settings["authToken"]
    screenshot("connect-a-phone-by-hand")

    # and the phone is listed, and can be disconnected
    browser.get(f"{server}/settings/devices")
    assert "Grandma's iPhone" in browser.find_element(By.CSS_SELECTOR, ".rows").text
    browser.find_element(By.XPATH, "//button[contains(normalize-space(.), 'Disconnect')]").click()
    wait_for_text(browser, "No phones are connected yet.")
