"""Downsizing on a phone: decide what happens to an item and to a set, take both through to done, and see it all
on Home's estate at a glance."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from helpers import click_button, main_text, sign_in_with_token, wait, wait_for_text
from hub import Hub, call


def choose(browser, name, value):
    """Clicks the radio button of that name and value, scrolled into view."""
    radio = wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, f"input[name='{name}'][value='{value}']")))
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", radio)
    radio.click()


def decide(browser, value, status, amount=None):
    """Opens "What happens to it", chooses, and saves."""
    summary = wait(browser).until(EC.element_to_be_clickable((By.CSS_SELECTOR, "#disposition details summary")))
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
    summary.click()
    choose(browser, "value", value)
    choose(browser, "status", status)
    if amount is not None:
        field = browser.find_element(By.ID, "disposition-amount")
        field.clear()
        field.send_keys(amount)
    browser.find_element(By.CSS_SELECTOR, "#disposition form button[type=submit]").click()


def test_an_item_and_a_set_go_from_undecided_to_done_and_show_on_home(fresh_server, browser, screenshot):
    # given a household with a piano and eight plates, and its owner on a phone
    hub = Hub.set_up(fresh_server)
    piano = hub.create_item("Upright piano", estimatedValue="900", category="furniture")
    hub.create_item("Dinner plate", estimatedValue="10", category="china", quantity=8)
    sign_in_with_token(browser, fresh_server, hub.new_token())

    # when the piano is sold for 750
    browser.get(f"{fresh_server}{piano}")
    wait_for_text(browser, "What happens to it")
    screenshot("downsizing-item-undecided")
    decide(browser, "sell", "done", "750")

    # then its page says so
    wait_for_text(browser, "It fetched")
    assert "$750" in main_text(browser)
    screenshot("downsizing-item-done")

    # when the plates become a set that is donated
    browser.get(f"{fresh_server}/sets")
    field = wait(browser).until(EC.visibility_of_element_located((By.ID, "set-name")))
    field.send_keys("The good china")
    Select(browser.find_element(By.ID, "set-type")).select_by_value("tableware")
    click_button(browser, "Make the set")
    wait_for_text(browser, "Items in the set")
    Select(browser.find_element(By.ID, "member-item")).select_by_visible_text("Dinner plate (8)")
    quantity = browser.find_element(By.ID, "member-quantity")
    quantity.clear()
    quantity.send_keys("8")
    click_button(browser, "Add to the set")
    wait_for_text(browser, "8 of 8")
    decide(browser, "donate", "done")
    wait_for_text(browser, "Donate", css="[data-disposition-value]")
    screenshot("downsizing-set-done")

    # then Home shows both done, what was fetched, and nothing left undecided
    browser.get(f"{fresh_server}/")
    wait_for_text(browser, "The estate at a glance")
    estate = browser.find_element(By.ID, "estate").text
    assert "$980" in estate  # everything together: 900 + 8 × 10
    assert "$750" in browser.find_element(By.CSS_SELECTOR, "[data-estate-fetched]").text
    assert "9 of 9 pieces" in browser.find_element(By.CSS_SELECTOR, "[data-estate-done]").text
    dispositions = browser.find_element(By.CSS_SELECTOR, "[data-estate-dispositions]").text
    assert "Sell" in dispositions and "Donate" in dispositions and "Not decided yet" not in dispositions
    screenshot("downsizing-home")


def test_several_things_are_decided_at_once_from_the_list(fresh_server, browser, screenshot):
    # given three things nobody has decided about
    hub = Hub.set_up(fresh_server)
    for name in ["Reading lamp", "Tea chest", "Sewing box"]:
        hub.create_item(name)
    sign_in_with_token(browser, fresh_server, hub.new_token())

    # when Ann opens "Decide several at once" from the items list and saves without choosing
    browser.get(f"{fresh_server}/items")
    link = wait(browser).until(EC.element_to_be_clickable((By.CSS_SELECTOR, "main a[href='/items/decide']")))
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    wait_for_text(browser, "Decide several at once", "h1")
    for name in ["Reading lamp", "Tea chest"]:
        box = browser.find_element(By.XPATH, f"//label[.//span[normalize-space(.)='{name}']]//input[@type='checkbox']")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
        box.click()
    click_button(browser, "Save for the ticked things")
    # then she is told beside the choices, and her ticks are still there
    wait_for_text(browser, "Please choose what happens to them.")
    assert len(browser.find_elements(By.CSS_SELECTOR, "input[name='itemIds[]']:checked")) == 2
    screenshot("decide-several-choose")

    # when she chooses Donate and saves
    choose(browser, "value", "donate")
    click_button(browser, "Save for the ticked things")
    # then the two are no longer undecided, and the sewing box waits alone
    wait_for_text(browser, "Saved what happens to the things you ticked.")
    text = main_text(browser)
    assert "Sewing box" in text and "Reading lamp" not in text and "Tea chest" not in text
    status, answer = call(fresh_server, "GET", "/api/items", token=hub.token)
    assert status == 200, answer
    for item in answer["items"]:
        expected = "undecided" if item["name"] == "Sewing box" else "donate"
        assert item["disposition"]["value"] == expected, item["name"]
    screenshot("decide-several-saved")
