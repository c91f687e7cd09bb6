"""What the browser tests do again and again: wait for a page, fill in a form, press a button, sign in, and
make the files a person would upload (with real tools: vips, ffmpeg)."""

import importlib.resources
import os
import random
import subprocess
import tempfile
from urllib.parse import urlparse

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 30  # seconds for any one page to arrive (debug builds hash passwords slowly)
SESSION_COOKIE = "heirloom_session"
SUBMIT_BUTTON = "button[type=submit], button:not([type]), input[type=submit]"
SIGN_OUT_BUTTON = (
    "//header//form//*[self::button or self::input]"
    "[normalize-space(.)='Sign out' or @value='Sign out']"
)


# Pages


def wait(driver):
    return WebDriverWait(driver, TIMEOUT)


def path_of(driver):
    return urlparse(driver.current_url).path


def wait_for_path(driver, *paths):
    wait(driver).until(lambda d: path_of(d) in paths, f"expected to be on {' or '.join(paths)}")
    return path_of(driver)


def wait_for_text(driver, text, css="main"):
    """Waits until the first element matching css shows text (the page arrived, or a script finished)."""

    def shows(d):
        try:
            return text in d.find_element(By.CSS_SELECTOR, css).text
        except WebDriverException:  # gone, or half replaced: Chromium says so in several ways while a page loads
            return False

    wait(driver).until(shows, f"no {text!r} in {css}")


def main_text(driver):
    return driver.find_element(By.TAG_NAME, "main").text


def fill_and_submit(driver, fields, form="form"):
    """Types each value into the input of that name, then clicks the submit button of their form.

    form, a CSS selector, picks the form where a page has several with the same field names."""
    first = None
    for name, value in fields.items():
        field = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, f"{form} [name='{name}']")))
        field.clear()
        field.send_keys(value)
        first = first or field
    form = first.find_element(By.XPATH, "./ancestor::form")
    form.find_element(By.CSS_SELECTOR, SUBMIT_BUTTON).click()


def click_button(driver, label):
    """Clicks the button with exactly this label, scrolled into view first (the phone screen is small)."""
    button = wait(driver).until(EC.element_to_be_clickable((By.XPATH, f"//button[normalize-space(.)=\"{label}\"]")))
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def choose_file(driver, input_id, *paths):
    """Chooses files in the file input with this id, as a person does (test_file_forms.py counts the inputs so chosen)."""
    field = driver.find_element(By.ID, input_id)
    # a form folded behind "Add…" is opened first, as a person presses it
    driver.execute_script("for (let d = arguments[0].closest('details'); d; d = d.parentElement.closest('details'))"
                          " d.open = true; arguments[0].scrollIntoView({block: 'center'})", field)
    field.send_keys("\n".join(paths))
    return field


def open_fold(driver, summary_starts):
    """Opens the folded part of a page (a <details>) whose summary starts with these words."""
    summary = driver.find_element(
        By.XPATH, f"//details[not(@open)]/summary[starts-with(normalize-space(.), '{summary_starts}')]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
    summary.click()


def visible_alert(driver):
    """The first displayed element with role=alert that says something, or False."""
    alerts = driver.find_elements(By.CSS_SELECTOR, "[role=alert]")
    return next((alert for alert in alerts if alert.is_displayed() and alert.text.strip()), False)


def navigation_labels(driver):
    links = driver.find_elements(By.CSS_SELECTOR, "nav a")
    return [" ".join(link.get_attribute("textContent").split()) for link in links]


# Signing in and out


def sign_in_with_token(driver, base_url, token):
    """Signs the browser in by giving it the token as its session cookie, as the sign-in form would."""
    driver.get(f"{base_url}/api/health")  # a cookie can only be set for the site the browser is on
    driver.add_cookie({"name": SESSION_COOKIE, "value": token, "path": "/", "httpOnly": True, "sameSite": "Lax"})


def sign_out(driver):
    wait(driver).until(EC.element_to_be_clickable((By.XPATH, SIGN_OUT_BUTTON)), "no Sign out button").click()


# Accessibility

AXE_SOURCE = None


def axe_violations(driver, rules=None, impacts=("serious", "critical")):
    """axe-core 4 on the page as it is now: one line per failing element of a violation of these impacts (or of
    these rules only, whatever their impact)."""
    global AXE_SOURCE
    if AXE_SOURCE is None:
        AXE_SOURCE = (importlib.resources.files("axe_playwright_python") / "axe.min.js").read_text()
    driver.execute_script(AXE_SOURCE)
    options = {"runOnly": {"type": "rule", "values": rules}} if rules else {}
    results = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, arguments[0]).then(done, (e) => done({error: String(e)}));", options)
    assert "error" not in results, results
    return [
        f"axe {v['id']} ({v['impact']}): {node.get('failureSummary', '').splitlines()[-1].strip()[:140]} "
        f"{node['html'][:140]}"
        for v in results["violations"] if rules or v["impact"] in impacts
        for node in v["nodes"][:4]
    ]


# At phone width

# What every page must be at 390 px: nothing wider than the phone; body text of at least 16 px; every target (button,
# field, link that is not inside a sentence) at least 44 px tall.
PHONE_CHECKS = """
const problems = [];
const visible = (e) => {
  const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'
    && !e.closest('.visually-hidden, [hidden], [aria-hidden=true]');
};
const describe = (e) => (e.outerHTML || '').slice(0, 120).replace(/\\s+/g, ' ');
if (document.documentElement.scrollWidth > window.innerWidth + 1)
  problems.push(`wider than the phone: ${document.documentElement.scrollWidth} px`);
for (const e of document.querySelectorAll('main p, main li, main dd, main dt, main td, main label, main input, '
    + 'main select, main textarea, main button, nav a')) {
  if (!visible(e) || e.matches('input[type=checkbox], input[type=radio]')) continue;
  const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) || e.matches('input, select, textarea');
  if (own && parseFloat(getComputedStyle(e).fontSize) < 16)
    problems.push(`text under 16 px (${getComputedStyle(e).fontSize}): ${describe(e)}`);
}
for (const e of document.querySelectorAll('button, select, textarea, summary, input:not([type=hidden]), '
    + 'a.button, [role=button], nav a')) {
  if (!visible(e)) continue;
  // A sentence of a typed copy that plays from there reads as part of the text, like a link inside a sentence.
  if (e.matches('[role=button]') && getComputedStyle(e).display === 'inline') continue;
  let box = e;
  if (e.matches('input[type=checkbox], input[type=radio]')) box = e.closest('label') || e;
  if (e.matches('input[type=file]') && e.labels && e.labels.length) continue; // its label or drop zone is the target
  const r = box.getBoundingClientRect();
  if (r.height < 43.5) problems.push(`target ${Math.round(r.height)} px tall: ${describe(e)}`);
}
for (const a of document.querySelectorAll('main a:not(.button)')) {
  if (!visible(a)) continue;
  const display = getComputedStyle(a).display;
  if (display === 'inline') continue; // a link inside a sentence
  const r = a.getBoundingClientRect();
  if (r.height < 43.5) problems.push(`link ${Math.round(r.height)} px tall: ${describe(a)}`);
}
return problems;
"""


def phone_problems(driver):
    """One line for each way the page as it is now fails PHONE_CHECKS."""
    return driver.execute_script(PHONE_CHECKS)


# Files to upload


def unique_word():
    """A made-up, pronounceable word (\"Kelotamu\") that no other test uses: a test's own data is easy to find
    in a hub that the other tests share."""
    pick = random.SystemRandom().choice  # unaffected by anything that seeds random
    return "".join(pick("bdfgklmnprstvz") + pick("aeiou") for _ in range(4)).capitalize()


def make_photo(name="photo.jpg", width=1200, height=900):
    """A real JPEG of noise made with vips, as a phone would send one."""
    path = os.path.join(tempfile.mkdtemp(), name)
    subprocess.run(["vips", "gaussnoise", path, str(width), str(height)], check=True)
    return path


def make_recording(name="recording.webm", seconds=3):
    """WebM/Opus of a tone made with ffmpeg, as a browser records it."""
    path = os.path.join(tempfile.mkdtemp(), name)
    subprocess.run(
        ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", f"sine=frequency=330:duration={seconds}", "-c:a", "libopus",
         path],
        check=True,
    )
    return path


def make_pdf(name="paper.pdf", text="The last will of Ann Miller"):
    """A one-page PDF with a line of text, its cross-reference table written as a reader expects."""
    stream = f"BT /F1 18 Tf 72 720 Td ({text}) Tj ET".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path = os.path.join(tempfile.mkdtemp(), name)
    with open(path, "wb") as file:
        file.write(out)
    return path
