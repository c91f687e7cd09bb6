"""What several Heirloom servers share in the HTTP tests: a new PostgreSQL database on the test server
(HEIRLOOM_TEST_DATABASE_URL) and a loopback mail server (aiosmtpd) that counts what it receives."""

import contextlib
import os
import subprocess
import threading
import urllib.parse
import uuid

from aiosmtpd.controller import Controller

from conftest import free_port

ADMIN_URL = os.environ.get("HEIRLOOM_TEST_DATABASE_URL", "")


def psql(url, sql):
    subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-q", "-c", sql], check=True, capture_output=True)


@contextlib.contextmanager
def postgres_database(prefix):
    """Creates a database of its own on the test server; yields its URL and drops it afterwards."""
    name = f"{prefix}_{uuid.uuid4().hex}"
    psql(ADMIN_URL, f"CREATE DATABASE {name}")
    try:
        yield urllib.parse.urlunparse(urllib.parse.urlparse(ADMIN_URL)._replace(path=f"/{name}"))
    finally:
        psql(ADMIN_URL, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


class Counter:
    """Every recipient of every message the mail server accepted."""

    def __init__(self):
        self.recipients, self.lock = [], threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.recipients.extend(envelope.rcpt_tos)
        return "250 Message accepted"


@contextlib.contextmanager
def mail_server():
    """A mail server on a loopback port; yields its Counter and the HEIRLOOM_SMTP_URL that reaches it."""
    counter = Counter()
    smtp = Controller(counter, hostname="127.0.0.1", port=free_port())
    smtp.start()
    try:
        yield counter, f"smtp://127.0.0.1:{smtp.port}"
    finally:
        smtp.stop()
