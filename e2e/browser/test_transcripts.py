"""Typed copies of recordings as a person uses them: a story told aloud is typed out beside its player, a click on
a sentence plays from there, and a family member corrects a word."""

import os
import subprocess
import tempfile
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from helpers import main_text, unique_word, wait, wait_for_text
from hub import call, multipart

SENTENCES = ["My mother played the piano every Sunday morning.", "The grandfather clock came from Boston."]


def spoken(sentences):
    """A WAV file of the sentences spoken by espeak-ng, a second's pause between them."""
    path = os.path.join(tempfile.mkdtemp(), "story.wav")
    ssml = "<speak>" + ' <break time="1s"/> '.join(sentences) + "</speak>"
    subprocess.run(["espeak-ng", "-m", "-v", "en-us+f2", "-s", "150", "-w", path, ssml], check=True)
    return path


def test_story_typed_out_followed_and_corrected(server, browser, signed_in, screenshot):
    # given an item with a story told aloud, typed out by the hub's offline engine
    word = unique_word()
    item_path = signed_in.create_item(f"{word} grandfather clock")
    body, content_type = multipart("file", [spoken(SENTENCES)])
    story = signed_in.post(f"/api{item_path}/audio", body, content_type)
    transcript_id = story["transcript"]["id"]
    deadline = time.monotonic() + 120
    while True:
        status, transcript = call(server, "GET", f"/api/transcripts/{transcript_id}", token=signed_in.token)
        assert status == 200, transcript
        if transcript["state"] == "done":
            break
        assert transcript["state"] in ("queued", "working") and time.monotonic() < deadline, transcript
        time.sleep(1)

    # when the family opens the item
    browser.get(f"{server}{item_path}")
    wait_for_text(browser, "Typed copy")

    # then the text is beside the player, labelled as a rough copy, in sentences that play from where they start
    assert "piano" in main_text(browser).lower()
    assert "rough copy" in main_text(browser)
    assert "Typed by the computer; it may have mistakes." in main_text(browser)
    phrases = browser.find_elements(By.CSS_SELECTOR, "[data-transcript] .transcript__segment[role='button']")
    assert len(phrases) >= 2, "the phrases are not playable"
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", phrases[0])
    screenshot("transcript-item-story")
    later = phrases[-1]
    start = float(later.get_attribute("data-start"))
    later.click()
    audio = browser.find_element(By.CSS_SELECTOR, "#stories audio")
    wait(browser).until(lambda d: d.execute_script("return arguments[0].currentTime", audio) >= start - 0.1,
                        "a click on a sentence did not play from it")
    wait(browser).until(lambda d: later.get_attribute("aria-current") == "true", "the sentence heard is not shown")
    browser.execute_script("arguments[0].pause()", audio)

    # when a family member corrects a word
    browser.find_element(By.XPATH, "//summary[normalize-space(.)='Correct a word']").click()
    area = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-transcript] textarea")))
    # in place: the words are already there, and only the one it got wrong is changed (issue 45, item 6)
    typed = area.get_attribute("value")
    at = typed.lower().index("piano")
    browser.execute_script("arguments[0].focus(); arguments[0].setSelectionRange(arguments[1], arguments[2])",
                           area, at, at + len("piano"))
    area.send_keys(word.lower())
    corrected = typed[:at] + word.lower() + typed[at + len("piano"):]
    assert area.get_attribute("value") == corrected
    browser.find_element(By.XPATH, "//button[normalize-space(.)='Save the correction']").click()

    # then the correction is shown, with who made it, and the machine's copy is kept
    wait_for_text(browser, "Corrected by")
    assert f"the {word.lower()} every sunday" in main_text(browser).lower()
    assert "Typed by the computer" not in main_text(browser)
    browser.execute_script(
        "arguments[0].scrollIntoView({block: 'center'})", browser.find_element(By.CSS_SELECTOR, "[data-transcript]"))
    screenshot("transcript-item-story-corrected")
    status, found = call(server, "GET", f"/api/items?q={word.lower()}", token=signed_in.token)
    assert status == 200 and [item["id"] for item in found["items"]] == [item_path.split("/")[-1]]

    # when the clock is left to Sam now, and Sam opens the link in the invitation
    status, sam = call(server, "POST", "/api/beneficiaries", {"name": f"Sam {word}", "email": f"{word.lower()}@example.com"},
                       token=signed_in.token)
    assert status == 201, sam
    status, left = call(server, "POST", f"/api{item_path}/beneficiaries",
                        {"beneficiaryId": sam["id"], "accessPermission": "immediate"}, token=signed_in.token)
    assert status == 201, left
    status, invitation = call(server, "POST", f"/api/beneficiaries/{sam['id']}/invite", token=signed_in.token)
    assert status == 200, invitation
    browser.get("about:blank")
    browser.execute_cdp_cmd("Network.clearBrowserCookies", {})
    browser.get(invitation["link"])
    wait_for_text(browser, f"Dear Sam {word}")
    # then the heir's page shows the story's corrected words, not the computer's
    typed_story = browser.find_element(By.CSS_SELECTOR, "[data-story-typed]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", typed_story)
    assert word.lower() in typed_story.text.lower() and "piano" not in typed_story.text.lower(), typed_story.text
    assert "Typed by the computer" not in typed_story.text
    screenshot("transcript-heirs-page-corrected")


def wait_until_typed_out(server, token, transcript_id):
    deadline = time.monotonic() + 120
    while True:
        status, transcript = call(server, "GET", f"/api/transcripts/{transcript_id}", token=token)
        assert status == 200, transcript
        if transcript["state"] == "done":
            return transcript
        assert transcript["state"] in ("queued", "working") and time.monotonic() < deadline, transcript
        time.sleep(1)


def test_voice_memory_typed_out(server, browser, signed_in, screenshot):
    # given a voice memory, typed out (other words than the story's: the same bytes would share its transcript)
    boundary = "transcript-test"
    audio = open(spoken([SENTENCES[0], "We sang together in the kitchen."]), "rb").read()
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nvoice\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nSunday mornings\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"voice.wav\"\r\n"
            "Content-Type: application/octet-stream\r\n\r\n").encode() + audio + f"\r\n--{boundary}--\r\n".encode()
    memory = signed_in.post("/api/memories", body, f"multipart/form-data; boundary={boundary}")
    wait_until_typed_out(server, signed_in.token, memory["media"][0]["transcript"]["id"])

    # when the family opens it, then the typed copy is beside the recording, its sentences playable
    browser.get(f"{server}/memories/{memory['id']}")
    wait_for_text(browser, "Typed copy")
    assert "piano" in main_text(browser).lower()
    phrases = browser.find_elements(By.CSS_SELECTOR, "[data-transcript] .transcript__segment[role='button']")
    assert len(phrases) >= 2, "the phrases are not playable"
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", phrases[0])
    screenshot("transcript-voice-memory")
