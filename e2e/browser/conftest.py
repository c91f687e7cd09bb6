"""Fixtures for the browser tests: Heirloom servers on fresh data directories, the shared hub set up through its
API, and headless Chromium, signed in or not.

Every test file runs alone and in any order: a test that needs the hub asks for `hub` or `signed_in`, makes its own
data and looks only for that. `pytest --reverse-order` runs the tests backwards, to show it.

The server binary must already be built (`make test-browser` builds it). Environment:
  HEIRLOOM_BIN       the server binary (default .build/debug/heirloom)
  CHROMIUM_BIN       the browser (default /usr/bin/chromium)
  CHROMEDRIVER_BIN   its driver (default /usr/bin/chromedriver)
Screenshots, the servers' logs and, for a failed test, the page's HTML go to test-artifacts/.
"""

import os
import shutil
import tempfile

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

from fake_ai_provider import API_KEY as FAKE_AI_KEY
from fake_ai_provider import FakeProvider
from helpers import sign_in_with_token
from hub import ARTIFACTS, Hub, ServerProcess, binary

WINDOW_SIZE = "390,844"  # a phone held upright: the smallest screen the web app is made for


def save_screenshot(driver, name):
    """Saves what the browser shows to test-artifacts/<name>.png and returns the path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


@pytest.fixture(scope="session")
def ai_provider():
    """A fake Gemini on loopback (fake_ai_provider.py) that the server's AI appraiser talks to."""
    fake = FakeProvider().start()
    try:
        yield fake
    finally:
        fake.stop()


@pytest.fixture(scope="session")
def start_server(ai_provider):
    """A factory: start(name, **settings) starts a server on an empty data directory, logging to
    test-artifacts/<name>.log, with the fake AI provider unless settings say otherwise.

    It returns the running ServerProcess; all are stopped and their data removed when the session ends."""
    if not binary().exists():
        pytest.fail(f"server binary {binary()} not found: build it with `swift build --product heirloom`")
    # The AI appraiser talks to the fake provider, never the internet.
    ai = dict(HEIRLOOM_AI_PROVIDER="gemini", HEIRLOOM_AI_BASE_URL=ai_provider.base_url,
              HEIRLOOM_AI_API_KEY=FAKE_AI_KEY, HEIRLOOM_AI_MODEL="gemini-fake")
    started = []

    def start(name, **settings):
        data_dir = tempfile.mkdtemp(prefix="heirloom-browser-")
        (ARTIFACTS / f"{name}.log").unlink(missing_ok=True)
        server = ServerProcess(data_dir, ARTIFACTS / f"{name}.log", env={**ai, **settings})
        started.append(server)
        try:
            return server.start()
        except RuntimeError as error:
            pytest.fail(str(error))

    yield start
    for server in started:
        server.stop()
        shutil.rmtree(server.data_dir, ignore_errors=True)


@pytest.fixture(scope="session")
def server(start_server):
    """The server that the tests share; returns its base URL. Ask for `hub` (not this) to find its hub set up."""
    return start_server("server").base_url


@pytest.fixture
def fresh_server(start_server):
    """A server of the test's own that nobody has set up yet; yields its base URL."""
    server = start_server("server-fresh")
    yield server.base_url
    server.stop()


@pytest.fixture(scope="session")
def hub(server):
    """The shared server's hub, set up through the API with hub.OWNER as its owner (once, by whichever test asks
    first); returns the owner's API client."""
    return Hub.set_up(server)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keeps each phase's report on the test item, so the browser fixture can tell that a test failed."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture
def microphone():
    """What the browser's pretend microphone hears: None for Chromium's beeping tone. A test module that needs a
    voice overrides this fixture to return a WAV file's path (espeak-ng's speech, say), which the microphone plays
    once from the moment a page opens it, then falls silent."""
    return None


@pytest.fixture
def browser(request, microphone):
    """A fresh headless Chromium for one test; on failure its screen and page are saved to test-artifacts/."""
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={WINDOW_SIZE}"):
        options.add_argument(argument)
    # A pretend microphone (a beeping tone, or the `microphone` file) that needs no permission prompt, for the
    # recording flows.
    options.add_argument("--use-fake-device-for-media-stream")
    options.add_argument("--use-fake-ui-for-media-stream")
    if microphone is not None:
        options.add_argument(f"--use-file-for-fake-audio-capture={microphone}%noloop")
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


@pytest.fixture
def signed_in(browser, hub):
    """Signs the test's browser in as the owner of the shared hub, with a session of its own (its own journal
    lock); returns the owner's API client."""
    sign_in_with_token(browser, hub.base_url, hub.new_token())
    return hub


def pytest_addoption(parser):
    parser.addoption("--reverse-order", action="store_true", help="run the tests in reverse order, to show that "
                     "none depends on another having run first")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--reverse-order"):
        items.reverse()
