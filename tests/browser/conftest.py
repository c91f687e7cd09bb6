"""Fixtures for the browser tests: a running Heirloom server on a fresh data directory and headless Chromium.

The server binary must already be built (`make test-browser` builds it). Environment:
  HEIRLOOM_BIN       the server binary (default .build/debug/heirloom)
  CHROMIUM_BIN       the browser (default /usr/bin/chromium)
  CHROMEDRIVER_BIN   its driver (default /usr/bin/chromedriver)
Screenshots, the server's log and, for a failed test, the page's HTML go to test-artifacts/.
"""

import os
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

from fake_ai_provider import API_KEY as FAKE_AI_KEY
from fake_ai_provider import FakeProvider

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO_ROOT / "test-artifacts"
STARTUP_TIMEOUT = 60  # seconds; the first start migrates a new database
WINDOW_SIZE = "390,844"  # a phone held upright: the smallest screen the web app is made for


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def save_screenshot(driver, name):
    """Saves what the browser shows to test-artifacts/<name>.png and returns the path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def _health_is_ok(base_url):
    try:
        with urllib.request.urlopen(f"{base_url}/api/health", timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


@pytest.fixture(scope="session")
def ai_provider():
    """A fake Gemini on loopback (fake_ai_provider.py) that the server's AI appraiser talks to."""
    fake = FakeProvider().start()
    try:
        yield fake
    finally:
        fake.stop()


@pytest.fixture(scope="session")
def server(ai_provider):
    """Starts the built server on a free loopback port with an empty data directory; yields its base URL."""
    binary = Path(os.environ.get("HEIRLOOM_BIN", ".build/debug/heirloom"))
    if not binary.is_absolute():
        binary = REPO_ROOT / binary
    if not binary.exists():
        pytest.fail(f"server binary {binary} not found: build it with `swift build --product heirloom`")

    ARTIFACTS.mkdir(exist_ok=True)
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="heirloom-browser-") as data_dir:
        env = dict(os.environ)
        # Empty means SQLite; set rather than removed, so that it also hides a DATABASE_URL in a .env file.
        env["DATABASE_URL"] = ""
        env.update(HEIRLOOM_DATA_DIR=data_dir, HEIRLOOM_PUBLIC_URL=base_url)
        # The AI appraiser talks to the fake provider, never the internet.
        env.update(
            HEIRLOOM_AI_PROVIDER="gemini",
            HEIRLOOM_AI_BASE_URL=ai_provider.base_url,
            HEIRLOOM_AI_API_KEY=FAKE_AI_KEY,
            HEIRLOOM_AI_MODEL="gemini-fake",
        )
        log_path = ARTIFACTS / "server.log"
        with open(log_path, "wb") as log:
            # The working directory is the repository: the server finds Resources/ and Public/ there.
            process = subprocess.Popen(
                [str(binary), "serve", "--hostname", "127.0.0.1", "--port", str(port)],
                cwd=REPO_ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
            try:
                deadline = time.monotonic() + STARTUP_TIMEOUT
                while not _health_is_ok(base_url):
                    try:
                        status = process.wait(timeout=0.2)  # doubles as the pause between tries
                    except subprocess.TimeoutExpired:
                        status = None
                    if status is not None or time.monotonic() > deadline:
                        log.flush()
                        if status is not None:
                            reason = f"exited with status {status} before /api/health answered"
                        else:
                            reason = f"did not answer /api/health with 200 within {STARTUP_TIMEOUT} s"
                        pytest.fail(f"server {reason}; its log:\n" + log_path.read_text(errors="replace"))
                yield base_url
            finally:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keeps each phase's report on the test item, so the browser fixture can tell that a test failed."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture
def browser(request):
    """A fresh headless Chromium for one test; on failure its screen and page are saved to test-artifacts/."""
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={WINDOW_SIZE}"):
        options.add_argument(argument)
    # A pretend microphone (a beeping tone) that needs no permission prompt, for the recording flows.
    options.add_argument("--use-fake-device-for-media-stream")
    options.add_argument("--use-fake-ui-for-media-stream")
    service = Service(executable_path=os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    # Chromium keeps a window at least 500 px wide, even headless: set the phone's viewport directly.
    width, height = (int(n) for n in WINDOW_SIZE.split(","))
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )
    try:
        yield driver
        report = getattr(request.node, "report_call", None)
        if report is not None and report.failed:
            name = f"failed-{request.node.name}"
            save_screenshot(driver, name)
            (ARTIFACTS / f"{name}.html").write_text(driver.page_source)
    finally:
        driver.quit()


@pytest.fixture
def screenshot(browser):
    """Call with a name to save what the browser shows now to test-artifacts/<name>.png."""
    return lambda name: save_screenshot(browser, name)


def pytest_collection_modifyitems(session, config, items):
    """Runs test_foundation.py first: its first test sets up the fresh hub that the other files sign in to.

    test_ai_appraiser.py runs last: the items and beneficiaries it makes would show in the others' lists
    and searches."""
    order = {"test_foundation.py": 0, "test_ai_appraiser.py": 2}
    items.sort(key=lambda item: order.get(item.fspath.basename, 1))
