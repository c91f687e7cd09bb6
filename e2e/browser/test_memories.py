"""The memory hub as a person uses it: add people, add a photo memory in steps, tag two faces, find it on a person's page;
and on a phone, tag a face on the enlarged photo with a long name that is read in full, beside the face, never on it."""

import json

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from helpers import (choose_file, click_button, axe_violations, fill_and_submit, main_text, make_photo, path_of, phone_problems, wait,
                     wait_for_path, wait_for_text)
from hub import multipart


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


def draw_box_with_a_finger(driver, frame, left, top, right, bottom):
    """The same with a touch: a finger pressed on the photo and drawn across it."""
    width, height = frame.size["width"], frame.size["height"]
    actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    finger = actions.pointer_action
    finger.move_to(frame, int(width * left - width / 2), int(height * top - height / 2)).pointer_down()
    for _ in range(2):
        finger.move_by(int(width * (right - left) / 2), int(height * (bottom - top) / 2))
    finger.pointer_up()
    actions.perform()


def test_add_a_photo_memory_tag_two_faces_and_find_it_on_a_persons_page(server, browser, signed_in, screenshot):
    add_person(browser, server, "Margaret Miller", "Mother")
    add_person(browser, server, "Walter Miller", "Father")
    screenshot("person-page-empty")

    # when the owner adds a photo memory, step by step
    browser.get(f"{server}/memories")
    screenshot("memories-empty")
    browser.find_element(By.CSS_SELECTOR, "main a[href='/memories/new']").click()
    wait_for_path(browser, "/memories/new")
    choose_file(browser, "memory-files", make_photo("wedding.jpg"))
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
    assert boxes[0].find_element(By.XPATH, "following-sibling::*[1]").is_displayed(), "a tap shows the name"
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
    # and a picture of her is chosen from a file on her edit page, and shown (issue 45: every file form)
    person_path = path_of(browser)
    browser.get(f"{server}{person_path}/edit")
    choose_file(browser, "person-avatar", make_photo("margaret.jpg", 600, 600))
    click_button(browser, "Upload the picture")
    browser.get(f"{server}{person_path}")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "main .avatar img"), "no picture on her page")

    # and the browse page finds it by person and by word
    browser.get(f"{server}/memories?q=wedding")
    assert browser.find_elements(By.CSS_SELECTOR, f"a.memory-card[href='{memory_path}']")
    screenshot("memories-grid")


LONG_NAME = "Margaret Elizabeth Featherstonehaugh-Smith"

RECT = "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];"

# An element's text is cut if it is wider than its box, or ends in an ellipsis.
CUT = """const e = arguments[0];
return e.scrollWidth > e.clientWidth + 1 || getComputedStyle(e).textOverflow === 'ellipsis';"""


def rect(driver, element):
    """(left, top, right, bottom) on the screen, in CSS pixels."""
    return tuple(driver.execute_script(RECT, element))


def overlaps(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def fractions(driver, box, frame):
    """Where a face box is on its photo, as fractions of the photo: (x, y, width, height)."""
    (left, top, right, bottom), (f_left, f_top, f_right, f_bottom) = rect(driver, box), rect(driver, frame)
    width, height = f_right - f_left, f_bottom - f_top
    return ((left - f_left) / width, (top - f_top) / height, (right - left) / width, (bottom - top) / height)


def assert_badge_beside(driver, box, frame):
    """The face box's badge (the element after it) shows outside the box and within the photo's sides, in full."""
    badge = box.find_element(By.XPATH, "following-sibling::*[1]")
    assert "face-badge" in badge.get_attribute("class").split() and badge.is_displayed()
    box_rect, badge_rect, frame_rect = rect(driver, box), rect(driver, badge), rect(driver, frame)
    assert not overlaps(box_rect, badge_rect), f"the badge {badge.text!r} covers its box: {badge_rect} {box_rect}"
    assert frame_rect[0] - 0.5 <= badge_rect[0] and badge_rect[2] <= frame_rect[2] + 0.5, \
        f"the badge {badge.text!r} runs off the photo: {badge_rect} in {frame_rect}"
    assert not driver.execute_script(CUT, badge), f"the badge {badge.text!r} is cut short"
    return badge


def assert_numbers_beside_their_boxes(driver, frame):
    for box in frame.find_elements(By.CSS_SELECTOR, ".face-box--placed"):
        assert_badge_beside(driver, box, frame)


def test_on_a_phone_a_face_is_boxed_on_the_enlarged_photo_and_its_long_name_read_in_full(
        server, browser, signed_in, screenshot):
    # given a person with a long name and a photo memory
    signed_in.post("/api/people", {"name": LONG_NAME, "relationship": "Grandmother"})
    body, kind = multipart("file", [make_photo("garden.jpg")])
    boundary = kind.split("=")[1]
    fields = {"type": "photo", "title": "In the garden at Hove"}
    body = b"".join(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n".encode()
                    for k, v in fields.items()) + body
    memory = signed_in.post("/api/memories", body, kind)

    # when its faces are tagged on the phone
    browser.get(f"{server}/memories/{memory['id']}/faces")
    frame = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-face-canvas]")))
    wait(browser).until(lambda d: d.execute_script("return arguments[0].querySelector('img').naturalWidth", frame) > 0)
    normal_width = frame.size["width"]
    enlarge = browser.find_element(By.CSS_SELECTOR, "[data-face-enlarge]")
    assert enlarge.text == "Enlarge the photo"
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", enlarge)
    screenshot("faces-phone-editor")
    findings = phone_problems(browser) + axe_violations(browser)

    # then "Enlarge the photo" shows it across the whole screen, with Done at hand
    enlarge.click()
    dialog = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "dialog.face-zoom[open]")))
    done = dialog.find_element(By.CSS_SELECTOR, "[data-face-done]")
    assert browser.switch_to.active_element == done, "Done has the focus"
    frame = dialog.find_element(By.CSS_SELECTOR, "[data-face-canvas]")
    wait(browser).until(lambda d: frame.size["width"] >= 390 - 2 * 12, "the photo is not as wide as the screen")
    assert frame.size["width"] > normal_width + 20
    assert rect(browser, frame)[3] <= browser.execute_script("return innerHeight") + 0.5, "all the photo shows"

    # when a face is boxed on the enlarged photo, at its right edge near the bottom, and another at the top left with a
    # finger
    draw_box(browser, frame, 0.70, 0.55, 0.97, 0.95)
    draw_box_with_a_finger(browser, frame, 0.05, 0.10, 0.30, 0.40)
    wait(browser).until(lambda d: len(frame.find_elements(By.CSS_SELECTOR, ".face-box--placed")) == 2, "two boxes")
    assert browser.execute_script("return arguments[0].scrollTop", dialog) == 0, "drawing keeps the photo still"
    screenshot("faces-phone-enlarged")
    assert_numbers_beside_their_boxes(browser, frame)
    findings += [f"enlarged: {p}" for p in phone_problems(browser) + axe_violations(browser)]
    enlarged = [fractions(browser, box, frame) for box in frame.find_elements(By.CSS_SELECTOR, ".face-box--placed")]
    tags = json.loads(browser.find_element(By.CSS_SELECTOR, "[data-face-json]").get_attribute("value"))
    for tag, wanted in zip(tags, [(0.70, 0.55, 0.27, 0.40), (0.05, 0.10, 0.25, 0.30)]):
        got = (tag["x"], tag["y"], tag["width"], tag["height"])
        assert all(abs(a - b) < 0.01 for a, b in zip(got, wanted)), (got, wanted)

    # and Escape puts the photo back, with the boxes at the same places on it
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    wait(browser).until(EC.invisibility_of_element_located((By.CSS_SELECTOR, "dialog.face-zoom")))
    assert browser.switch_to.active_element == enlarge, "the focus is back on Enlarge the photo"
    frame = browser.find_element(By.CSS_SELECTOR, ".face-photo > [data-face-canvas]")
    assert abs(frame.size["width"] - normal_width) < 1
    normal = [fractions(browser, box, frame) for box in frame.find_elements(By.CSS_SELECTOR, ".face-box--placed")]
    for a, b in zip(enlarged, normal):
        assert all(abs(p - q) < 0.01 for p, q in zip(a, b)), (a, b)

    # and Done does as much
    enlarge.click()
    done = wait(browser).until(EC.element_to_be_clickable((By.CSS_SELECTOR, "dialog[open] [data-face-done]")))
    done.click()
    wait(browser).until(EC.invisibility_of_element_located((By.CSS_SELECTOR, "dialog.face-zoom")))
    assert browser.switch_to.active_element == enlarge

    # when the face at the right is named with the long name
    select = browser.find_elements(By.CSS_SELECTOR, "[data-face-select]")[0]
    Select(select).select_by_visible_text(LONG_NAME)

    # then its row says the whole name, and the list of people is as wide as the row and shows it whole too
    row = select.find_element(By.XPATH, "ancestor::li[1]")
    name = row.find_element(By.CSS_SELECTOR, "[data-face-name]")
    assert name.text == LONG_NAME and not browser.execute_script(CUT, name)
    assert row.find_element(By.TAG_NAME, "label").text == "Face 1"
    assert select.size["width"] >= row.size["width"] - 1
    assert select.size["height"] > 60, "the chosen name wraps in the list of people"
    assert "Not named yet" in browser.find_elements(By.CSS_SELECTOR, "[data-face-name]")[1].text
    assert_numbers_beside_their_boxes(browser, frame)
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", frame)
    screenshot("faces-phone-named")
    findings += [f"named: {p}" for p in phone_problems(browser) + axe_violations(browser)]
    browser.find_element(By.CSS_SELECTOR, "[data-face-save]").click()

    # then on the memory page a tap on the face shows the whole name beside the face, not on it
    wait(browser).until(lambda d: not path_of(d).endswith("/faces"), "expected to leave the face tagging step")
    boxes = wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".face-box--placed") or False)
    frame = browser.find_element(By.CSS_SELECTOR, "[data-face-frame]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", frame)
    named = next(box for box in boxes if box.get_attribute("aria-label") == LONG_NAME)
    named.click()
    badge = assert_badge_beside(browser, named, frame)
    assert badge.text == LONG_NAME, "a tap shows the whole name"
    assert badge.get_attribute("data-side") == "above", "the box is near the bottom: the name goes above it"
    assert badge.size["height"] > 40, "the long name wraps onto a second line"
    screenshot("faces-phone-memory")
    findings += [f"memory: {p}" for p in phone_problems(browser) + axe_violations(browser)]
    other = next(box for box in boxes if box != named)
    other.click()
    assert not badge.is_displayed(), "a tap on another face hides the first name"
    assert assert_badge_beside(browser, other, frame).get_attribute("data-side") == "below"
    assert not findings, "\n".join(findings)


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
