"""Thirty wrong journal passwords sent at once get no more password checks than the five promised."""

from concurrent.futures import ThreadPoolExecutor

import requests

from conftest import running_server, set_up_hub


def test_simultaneous_wrong_passwords_are_held_to_five():
    with running_server("journal-race") as server:
        token = set_up_hub(requests.Session(), server.base_url)

        def guess(_):
            # A session of its own per guess: thirty connections, all in flight together.
            with requests.Session() as session:
                return session.post(
                    f"{server.base_url}/api/journal/unlock",
                    json={"password": "not my password"},
                    headers={"Authorization": f"Bearer {token}"},
                    timeout=60,
                ).status_code

        with ThreadPoolExecutor(max_workers=30) as pool:
            statuses = list(pool.map(guess, range(30)))

        assert statuses.count(401) <= 5, statuses
        assert statuses.count(429) >= 25, statuses
