"""The memory hub as a person uses it: add people, add a photo memory in steps, tag two faces, find it on a person's page."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from helpers import fill_and_submit, main_text, make_photo, path_of, wait, wait_for_path, wait_for_text


def add_person(driver, base_url, name, relationship):
    driver.get(f"{base_url}/people")
    fill_and_submit(driver, {"name": name, "relationship": relationship})
    wait_for_text(driver, name, "h1")


def draw_box(driver, frame, left, top, right, bottom):
    """Drags across the photo from (left, top) to (right, bottom), given as fractions of its size."""
    width, height = frame.size["width"], frame.size["height"]
    start_x, start_y = int(width * left - width / 2), int(height * top - height / 2)
    ActionChains(driver).move_to_element_with_offset(frame, start_x, start_y).click_and_hold().move_by_offset(
        int(width * (right - left) / 2), int(height * (bottom - top) / 2)
    ).move_by_offset(int(width * (right - left) / 2), int(height * (bottom - top) / 2)).release().perform()


def test_add_a_photo_memory_tag_two_faces_and_find_it_on_a_persons_page(server, browser, signed_in, screenshot):
    add_person(browser, server, "Margaret Miller", "Mother")
    add_person(browser, server, "Walter Miller", "Father")
    screenshot("person-page-empty")

    # when the owner adds a photo memory, step by step
    browser.get(f"{server}/memories")
    screenshot("memories-empty")
    browser.find_element(By.CSS_SELECTOR, "main a[href='/memories/new']").click()
    wait_for_path(browser, "/memories/new")
    browser.find_element(By.ID, "memory-files").send_keys(make_photo("wedding.jpg"))
    wait_for_text(browser, "wedding.jpg", "[data-file-list]")
    screenshot("memory-step-1")
    assert not browser.find_element(By.ID, "memory-title").is_displayed(), "the details wait for step 2"
    browser.find_element(By.CSS_SELECTOR, "[data-step-next]").click()
    title = wait(browser).until(EC.visibility_of_element_located((By.ID, "memory-title")))
    title.send_keys("Our wedding day")
    browser.find_element(By.ID, "memory-date").send_keys("June 1962")
    browser.find_element(By.ID, "memory-location").send_keys("St Mary's, Dover")
    screenshot("memory-step-2")
    browser.find_element(By.CSS_SELECTOR, "[data-memory-save]").click()

    # then step 3 asks who is in the photo
    wait(browser).until(lambda d: path_of(d).endswith("/faces"), "expected the face tagging step")
    frame = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-face-canvas]")))
    wait(browser).until(lambda d: d.execute_script("return arguments[0].querySelector('img').naturalWidth", frame) > 0)

    # when two faces are boxed and named
    draw_box(browser, frame, 0.15, 0.2, 0.35, 0.5)
    draw_box(browser, frame, 0.6, 0.25, 0.8, 0.55)
    selects = wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-face-select]") if len(
        d.find_elements(By.CSS_SELECTOR, "[data-face-select]")) == 2 else False, "expected two faces to name")
    Select(selects[0]).select_by_visible_text("Margaret Miller")
    Select(browser.find_elements(By.CSS_SELECTOR, "[data-face-select]")[1]).select_by_visible_text("Walter Miller")
    screenshot("memory-step-3-faces")
    browser.find_element(By.CSS_SELECTOR, "[data-face-save]").click()

    # then the memory shows both faces with their names (the step's own heading names the memory too, so wait
    # until the browser has left the step)
    wait(browser).until(lambda d: not path_of(d).endswith("/faces"), "expected to leave the face tagging step")
    wait_for_text(browser, "Our wedding day", "h1")
    memory_path = path_of(browser)
    boxes = wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".face-box--placed") or False)
    assert len(boxes) == 2
    names = browser.find_element(By.CSS_SELECTOR, ".face-names").text
    assert "Margaret Miller" in names and "Walter Miller" in names
    assert "June 1962" in main_text(browser)
    boxes[0].click()
    assert boxes[0].find_element(By.CSS_SELECTOR, ".face-box__name").is_displayed(), "a tap shows the name"
    screenshot("memory-with-faces")

    # and the memory is on Margaret's page, which counts it
    browser.get(f"{server}/people")
    card = wait(browser).until(
        EC.visibility_of_element_located((By.XPATH, "//a[contains(@class,'person-card')][.//*[text()='Margaret Miller']]"))
    )
    assert "1 memory" in card.text
    screenshot("people")
    card.click()
    wait_for_text(browser, "Margaret Miller", "h1")
    link = browser.find_element(By.CSS_SELECTOR, f"main a.memory-card[href='{memory_path}']")
    assert "Our wedding day" in link.text
    screenshot("person-page")

    # and the browse page finds it by person and by word
    browser.get(f"{server}/memories?q=wedding")
    assert browser.find_elements(By.CSS_SELECTOR, f"a.memory-card[href='{memory_path}']")
    screenshot("memories-grid")


def test_record_a_voice_memory_in_the_browser(server, browser, signed_in, screenshot):

    # when a voice memory is recorded with the microphone
    browser.get(f"{server}/memories/new?type=voice")
    start = wait(browser).until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-record-start]")))
    start.click()
    wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-record-stop]")))
    wait_for_text(browser, "0:02", "[data-record-time]")
    browser.find_element(By.CSS_SELECTOR, "[data-record-stop]").click()
    wait_for_text(browser, "Voice memory", "[data-file-list]")
    screenshot("memory-voice-recorded")
    browser.find_element(By.CSS_SELECTOR, "[data-step-next]").click()
    wait(browser).until(EC.visibility_of_element_located((By.ID, "memory-title"))).send_keys("Grandpa's laugh")
    browser.find_element(By.CSS_SELECTOR, "[data-memory-save]").click()

    # then the memory plays it back, with its length
    wait_for_text(browser, "Grandpa's laugh", "h1")
    audio = browser.find_element(By.CSS_SELECTOR, ".memory-player audio")
    wait(browser).until(lambda d: d.execute_script("return arguments[0].duration", audio) or False, "the recording does not load")
    assert browser.execute_script("return arguments[0].duration", audio) >= 1.5
    assert "Voice" in browser.find_element(By.CSS_SELECTOR, ".page-header__tag").text
    screenshot("memory-voice")
