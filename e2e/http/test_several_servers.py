"""Three Heirloom servers on one PostgreSQL database and one media store (one data folder, or under make test-s3
one bucket), as behind a load balancer, under
concurrent load from one client: sign-in failures count across them, a session or an unlocked journal made through
one works on the others, every email and every letter goes once, media stored through one are served by the
others, and killing one mid-upload loses nothing it answered 201. Runs when HEIRLOOM_TEST_DATABASE_URL names a
PostgreSQL server (scripts/with-postgres.sh sets it); skipped otherwise."""

import contextlib
import datetime
import itertools
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pytest
import requests

from conftest import PASSWORD, running_server, s3_media, set_up_hub
from media_fixtures import png
from shared_hub import ADMIN_URL, Counter, mail_server, postgres_database

pytestmark = pytest.mark.skipif(not ADMIN_URL, reason="needs PostgreSQL: run under scripts/with-postgres.sh")


@dataclass
class Hub:
    servers: list
    token: str
    mail: Counter

    def auth(self, token=None):
        return {"Authorization": f"Bearer {token or self.token}"}

    def urls(self):
        return [server.base_url for server in self.servers]


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    # given one database, one mail server, one data folder, and three hubs on them whose schedulers run every second
    # (under make test-s3 the one store is a bucket, and each server has a data folder of its own)
    media = s3_media("several")
    shared = tmp_path_factory.mktemp("shared-data")
    with postgres_database("heirloom_several") as database_url, mail_server() as (counter, smtp_url):
        env = dict(DATABASE_URL=database_url, HEIRLOOM_SMTP_URL=smtp_url, HEIRLOOM_SCHEDULER_SECONDS="1", **media)
        with contextlib.ExitStack() as stack:
            servers = [stack.enter_context(running_server(
                f"several-{letter}", env=env,
                data_dir=tmp_path_factory.mktemp(f"data-{letter}") if media else shared)) for letter in "abc"]
            token = set_up_hub(requests.Session(), servers[0].base_url)
            yield Hub(servers, token, counter)


def sign_in(base, email, password):
    return requests.post(f"{base}/api/auth/login", json={"email": email, "password": password}, timeout=60)


def test_a_session_made_on_one_server_works_on_the_others_at_once(hub):
    a, b, c = hub.urls()
    # when the owner signs in through one server, for a token and in a browser
    token = sign_in(a, "ann@example.com", PASSWORD).json()["token"]
    browser = requests.Session()
    browser.get(f"{a}/login", timeout=30)
    signed_in = browser.post(f"{a}/login", allow_redirects=False, timeout=60, data={
        "email": "ann@example.com", "password": PASSWORD, "_csrf": browser.cookies["heirloom_csrf"]})
    assert signed_in.status_code == 303, signed_in.text
    # then the others know the token and the session cookie at once
    for base in (b, c):
        assert requests.get(f"{base}/api/me", headers=hub.auth(token), timeout=30).status_code == 200
        home = browser.get(f"{base}/", allow_redirects=False, timeout=30)
        assert home.status_code == 200, home.headers
    # and signing out through one ends the token on all
    assert requests.post(f"{c}/api/auth/logout", headers=hub.auth(token), timeout=30).status_code == 204
    for base in (a, b):
        assert requests.get(f"{base}/api/me", headers=hub.auth(token), timeout=30).status_code == 401


def test_a_journal_drawer_unlocked_through_one_server_is_unlocked_on_the_others(hub):
    a, b, c = hub.urls()
    drawers = requests.get(f"{a}/api/journal/drawers", headers=hub.auth(), timeout=30).json()["drawers"]
    locked = next(drawer["id"] for drawer in drawers if drawer["isLocked"])
    # when the drawer is unlocked through one server and a card written into it through another
    unlocked = requests.post(f"{a}/api/journal/unlock", json={"password": PASSWORD}, headers=hub.auth(), timeout=60)
    assert unlocked.status_code == 200, unlocked.text
    card = requests.post(f"{b}/api/journal/cards", headers=hub.auth(), timeout=30,
                         json={"drawerId": locked, "text": "private words", "tags": []})
    assert card.status_code == 201, card.text
    # then the third reads it
    read = requests.get(f"{c}/api/journal/cards/{card.json()['id']}", headers=hub.auth(), timeout=30)
    assert read.status_code == 200 and read.json()["text"] == "private words"
    # and locking it through the third locks it on the first
    assert requests.post(f"{c}/api/journal/lock", headers=hub.auth(), timeout=30).status_code == 204
    again = requests.get(f"{a}/api/journal/cards/{card.json()['id']}", headers=hub.auth(), timeout=30)
    assert again.status_code == 423


def test_five_failed_sign_ins_across_the_servers_lock_the_account_on_all(hub):
    a, b, c = hub.urls()
    # given a second member
    invitation = requests.post(f"{a}/api/invitations", json={"role": "editor"}, headers=hub.auth(), timeout=30)
    accepted = requests.post(f"{b}/api/invitations/{invitation.json()['token']}/accept", timeout=60,
                             json={"name": "Ben Miller", "email": "ben@example.com", "password": "ben's own password"})
    assert accepted.status_code == 201, accepted.text
    # when fifteen wrong passwords arrive at once, five at each server
    with ThreadPoolExecutor(max_workers=15) as pool:
        statuses = list(pool.map(lambda base: sign_in(base, "ben@example.com", "not his password").status_code,
                                 [a, b, c] * 5))
    # then five were checked in all, not five a server
    assert statuses.count(401) == 5, statuses
    assert statuses.count(429) == 10, statuses
    # and the right password waits on every server
    for base in (a, b, c):
        locked = sign_in(base, "ben@example.com", "ben's own password")
        assert locked.status_code == 429, locked.text
        assert 0 < int(locked.headers["Retry-After"]) <= 900


def test_every_email_goes_once_and_every_letter_is_delivered_once_under_load(hub):
    today = datetime.date.today().isoformat()
    bases = itertools.cycle(hub.urls())

    def add_contact(index, base):
        return requests.post(f"{base}/api/estate/executors", headers=hub.auth(), timeout=60,
                             json={"name": f"Contact {index}", "email": f"contact{index}@example.com"}).status_code

    def write_letter(index, base):
        readers = [{"name": f"Reader {index}-{n}", "email": f"reader{index}-{n}@example.com"} for n in range(3)]
        return requests.post(f"{base}/api/letters", headers=hub.auth(), timeout=60, json={
            "to": readers, "subject": f"Letter {index}", "text": "For you, today.", "deliver": {"on": today}
        }).status_code

    # when twenty-four trusted contacts are added and six letters for today written, all at once, through all three
    with ThreadPoolExecutor(max_workers=12) as pool:
        made = [pool.submit(add_contact, index, next(bases)) for index in range(24)]
        made += [pool.submit(write_letter, index, next(bases)) for index in range(6)]
        assert [future.result() for future in made] == [201] * 30
    expected = sorted([f"contact{index}@example.com" for index in range(24)]
                      + [f"reader{index}-{n}@example.com" for index in range(6) for n in range(3)])

    # then every message is sent, and stays sent once while the three schedulers go on
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        outbox = requests.get(f"{hub.urls()[1]}/api/outbox", headers=hub.auth(), timeout=30).json()["messages"]
        if len(outbox) == len(expected) and all(message["status"] == "sent" for message in outbox):
            break
        time.sleep(0.5)
    time.sleep(3)
    assert sorted(message["toEmail"] for message in outbox) == expected
    assert all(message["status"] == "sent" for message in outbox), outbox
    with hub.mail.lock:
        assert sorted(hub.mail.recipients) == expected
    # and each letter's delivery happened once
    audit = requests.get(f"{hub.urls()[2]}/api/estate/audit?limit=500", headers=hub.auth(), timeout=30).json()
    assert sum(entry["event"] == "letterDelivered" for entry in audit["entries"]) == 6


def upload(base, token, seed, size=48):
    body = png(seed, size)
    response = requests.post(f"{base}/api/media?use=photo", data=body, timeout=120,
                             headers={"Authorization": f"Bearer {token}", "Content-Type": "application/octet-stream"})
    return response, body


def served_everywhere(bases, token, stored):
    """The uploads of `stored` (id → bytes) whose original is missing or different on any of `bases`."""
    missing = []
    for media_id, body in stored.items():
        for base in bases:
            response = requests.get(f"{base}/api/media/{media_id}/original", timeout=60,
                                    headers={"Authorization": f"Bearer {token}"})
            if response.status_code != 200 or response.content != body:
                missing.append((base, media_id, response.status_code))
    return missing


def test_media_uploaded_through_one_server_are_served_by_the_others(hub):
    bases = hub.urls()
    with ThreadPoolExecutor(max_workers=6) as pool:
        results = list(pool.map(lambda seed: (seed % 3, *upload(bases[seed % 3], hub.token, 1000 + seed)), range(9)))
    stored = {}
    for index, response, body in results:
        assert response.status_code == 201, response.text
        stored[response.json()["id"]] = body
        # then the other two serve it, and its thumbnail
        others = [base for position, base in enumerate(bases) if position != index]
        assert not served_everywhere(others, hub.token, {response.json()["id"]: body})
        thumbnail = requests.get(f"{others[0]}/api/media/{response.json()['id']}/thumbnail",
                                 headers=hub.auth(), timeout=60)
        assert thumbnail.status_code == 200 and thumbnail.content[:2] == b"\xff\xd8"


def test_killing_one_server_mid_upload_loses_nothing_it_answered_201(hub):
    # Last in this file: the third server does not come back.
    victim = hub.servers[2]
    survivors = hub.urls()[:2]
    stored, lock = {}, threading.Lock()
    answered_by_victim, in_flight_at_victim = [0], [0]
    stop, killed = threading.Event(), threading.Event()
    failures_at_survivors = []
    seeds = itertools.count(5000)

    def uploader(worker):
        for turn in itertools.count():
            if stop.is_set():
                return
            base = (survivors + [victim.base_url])[(worker + turn) % 3]
            if base == victim.base_url and killed.is_set():
                continue
            with lock:
                seed = next(seeds)
                if base == victim.base_url:
                    in_flight_at_victim[0] += 1
            try:
                response, body = upload(base, hub.token, seed, size=256)
            except requests.RequestException:
                response, body = None, None
            with lock:
                if base == victim.base_url:
                    in_flight_at_victim[0] -= 1
                if response is not None and response.status_code == 201:
                    stored[response.json()["id"]] = body
                    if base == victim.base_url:
                        answered_by_victim[0] += 1
                elif base != victim.base_url:
                    failures_at_survivors.append(response.status_code if response is not None else "no answer")

    workers = [threading.Thread(target=uploader, args=(worker,)) for worker in range(6)]
    for worker in workers:
        worker.start()
    try:
        # when the third server has stored a few uploads and is in the middle of more, it is killed
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            with lock:
                if answered_by_victim[0] >= 3 and in_flight_at_victim[0] > 0:
                    victim.process.send_signal(signal.SIGKILL)
                    killed.set()
                    break
            time.sleep(0.01)
        assert killed.is_set(), "the third server never had an upload in flight"
        victim.process.wait(timeout=30)
        # and the others go on storing uploads for a while
        time.sleep(3)
    finally:
        stop.set()
        for worker in workers:
            worker.join(timeout=180)

    # then every upload any server answered 201 is served, whole, by both that are left
    assert answered_by_victim[0] >= 3
    assert not failures_at_survivors, failures_at_survivors
    assert not served_everywhere(survivors, hub.token, stored)
