"""Two Heirloom servers on one PostgreSQL database drain one outbox: every email reaches the (loopback, aiosmtpd)
mail server exactly once. Runs when HEIRLOOM_TEST_DATABASE_URL names a PostgreSQL server (scripts/with-postgres.sh
sets it); skipped otherwise."""

import os
import subprocess
import threading
import time
import urllib.parse
import uuid

import pytest
import requests
from aiosmtpd.controller import Controller

from conftest import free_port, running_server, set_up_hub

ADMIN_URL = os.environ.get("HEIRLOOM_TEST_DATABASE_URL", "")
MESSAGES = 20


class Counter:
    def __init__(self):
        self.recipients, self.lock = [], threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.recipients.extend(envelope.rcpt_tos)
        return "250 Message accepted"


def psql(url, sql):
    subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-q", "-c", sql], check=True, capture_output=True)


@pytest.mark.skipif(not ADMIN_URL, reason="needs PostgreSQL: run under scripts/with-postgres.sh")
def test_two_servers_send_each_email_once():
    # given one database, one mail server, and two hubs on them whose schedulers run every second
    name = f"heirloom_two_{uuid.uuid4().hex}"
    psql(ADMIN_URL, f"CREATE DATABASE {name}")
    database_url = urllib.parse.urlunparse(urllib.parse.urlparse(ADMIN_URL)._replace(path=f"/{name}"))
    counter = Counter()
    smtp = Controller(counter, hostname="127.0.0.1", port=free_port())
    smtp.start()
    env = dict(DATABASE_URL=database_url, HEIRLOOM_SMTP_URL=f"smtp://127.0.0.1:{smtp.port}",
               HEIRLOOM_SCHEDULER_SECONDS="1")
    try:
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
    finally:
        smtp.stop()
        psql(ADMIN_URL, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
