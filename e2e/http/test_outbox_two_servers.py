"""Two Heirloom servers on one PostgreSQL database drain one outbox: every email reaches the (loopback, aiosmtpd)
mail server exactly once. Runs when HEIRLOOM_TEST_DATABASE_URL names a PostgreSQL server (scripts/with-postgres.sh
sets it); skipped otherwise."""

import time

import pytest
import requests

from conftest import running_server, set_up_hub
from shared_hub import ADMIN_URL, mail_server, postgres_database

MESSAGES = 20


@pytest.mark.skipif(not ADMIN_URL, reason="needs PostgreSQL: run under scripts/with-postgres.sh")
def test_two_servers_send_each_email_once():
    # given one database, one mail server, and two hubs on them whose schedulers run every second
    with postgres_database("heirloom_two") as database_url, mail_server() as (counter, smtp_url):
        env = dict(DATABASE_URL=database_url, HEIRLOOM_SMTP_URL=smtp_url, HEIRLOOM_SCHEDULER_SECONDS="1")
        with running_server("outbox-a", env=env) as first, running_server("outbox-b", env=env) as second:
            session = requests.Session()
            token = set_up_hub(session, first.base_url)
            # when twenty trusted contacts are added, half through each hub
            for index in range(MESSAGES):
                base = (first if index % 2 else second).base_url
                response = session.post(f"{base}/api/estate/executors", timeout=30,
                                        headers={"Authorization": f"Bearer {token}"},
                                        json={"name": f"Contact {index}", "email": f"contact{index}@example.com"})
                assert response.status_code == 201, response.text
            # then every invitation is delivered, and stays delivered once while both keep running
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                outbox = session.get(f"{first.base_url}/api/outbox", timeout=30,
                                     headers={"Authorization": f"Bearer {token}"}).json()
                if all(message["status"] == "sent" for message in outbox["messages"]):
                    break
                time.sleep(0.5)
            time.sleep(3)  # a few more passes of both schedulers
            assert [m["status"] for m in outbox["messages"]] == ["sent"] * MESSAGES
            with counter.lock:
                recipients = list(counter.recipients)
            assert sorted(recipients) == sorted(f"contact{index}@example.com" for index in range(MESSAGES))
