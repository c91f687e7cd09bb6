"""Fixtures for the HTTP tests: a real Heirloom server on a loopback port, spoken to by real HTTP clients.

These tests need what the in-memory Swift tests cannot give: a TCP connection that is reused (keep-alive),
signals, an installed copy started from another directory. Environment:
  HEIRLOOM_BIN   the server binary (default .build/debug/heirloom)
The server's log goes to test-artifacts/http-<name>.log.
"""

import contextlib
import os
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO_ROOT / "test-artifacts"
STARTUP_TIMEOUT = 60  # seconds; the first start migrates a new database
PASSWORD = "correct horse battery"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def built_binary():
    binary = Path(os.environ.get("HEIRLOOM_BIN", ".build/debug/heirloom"))
    if not binary.is_absolute():
        binary = REPO_ROOT / binary
    if not binary.exists():
        pytest.fail(f"server binary {binary} not found: build it with `swift build --product heirloom`")
    return binary


def health_is_ok(base_url):
    try:
        with urllib.request.urlopen(f"{base_url}/api/health", timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


class RunningServer:
    def __init__(self, process, base_url, data_dir, log_path):
        self.process = process
        self.base_url = base_url
        self.data_dir = Path(data_dir)
        self.log_path = log_path

    def log(self):
        return self.log_path.read_text(errors="replace")


@contextlib.contextmanager
def running_server(name, binary=None, cwd=REPO_ROOT, env=None, data_dir=None):
    """Starts `binary serve` on a free port with a fresh data directory; yields a RunningServer."""
    binary = binary or built_binary()
    ARTIFACTS.mkdir(exist_ok=True)
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    with contextlib.ExitStack() as stack:
        if data_dir is None:
            data_dir = stack.enter_context(tempfile.TemporaryDirectory(prefix="heirloom-http-"))
        environment = dict(os.environ)
        environment["DATABASE_URL"] = ""
        environment.update(HEIRLOOM_DATA_DIR=str(data_dir), HEIRLOOM_PUBLIC_URL=base_url)
        # Never a listener on a real interface in tests.
        environment.update(HEIRLOOM_LAN_ADDRESS="127.0.0.1")
        environment.update(env or {})
        log_path = ARTIFACTS / f"http-{name}.log"
        log = stack.enter_context(open(log_path, "wb"))
        process = subprocess.Popen(
            [str(binary), "serve", "--hostname", "127.0.0.1", "--port", str(port)],
            cwd=cwd,
            env=environment,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        server = RunningServer(process, base_url, data_dir, log_path)
        try:
            deadline = time.monotonic() + STARTUP_TIMEOUT
            while not health_is_ok(base_url):
                try:
                    status = process.wait(timeout=0.2)
                except subprocess.TimeoutExpired:
                    status = None
                if status is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail(f"server {name} did not start (status {status}); its log:\n{server.log()}")
            yield server
        finally:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def set_up_hub(session, base_url, email="ann@example.com"):
    """Creates the household over the API and returns the owner's bearer token."""
    response = session.post(
        f"{base_url}/api/setup",
        json={"householdName": "The Millers", "name": "Ann Miller", "email": email, "password": PASSWORD},
        timeout=30,
    )
    assert response.status_code == 201, response.text
    return response.json()["token"]
