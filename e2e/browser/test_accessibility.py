"""axe-core on a phone-sized window (390 px): the journal and settings pages keep valid autocomplete values
and definition lists whose terms and descriptions axe recognises."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from helpers import axe_violations, wait

RULES = ["autocomplete-valid", "dlitem", "definition-list", "label", "duplicate-id"]


PAGES = ["/journal", "/journal/cards/new", "/journal/unlock", "/journal/drawers", "/settings"]


@pytest.mark.parametrize("path", PAGES, ids=[p.strip("/").replace("/", "-") for p in PAGES])
def test_pages_pass_axe(server, browser, signed_in, screenshot, path):
    browser.get(f"{server}{path}")
    wait(browser).until(EC.presence_of_element_located((By.TAG_NAME, "main")))
    screenshot("axe-" + (path.strip("/").replace("/", "-") or "home"))
    found = axe_violations(browser, RULES)
    assert not found, "\n".join(found)
