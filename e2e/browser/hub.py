"""Heirloom outside the browser: the server as a process, its command line, and its JSON API.

The browser tests use these to start servers and to set up what a test needs but does not test (a hub, an
item with a photo), so that each test file runs alone and in any order.
"""

import json
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO_ROOT / "test-artifacts"  # screenshots, server logs, the pages of failed tests
STARTUP_TIMEOUT = 60  # seconds; the first start migrates a new database
OWNER = {
    "householdName": "The Miller Family",
    "name": "Ann Miller",
    "email": "ann@example.com",
    "password": "correct horse battery",
}


def binary():
    """The server binary: $HEIRLOOM_BIN, relative to the repository unless absolute."""
    path = Path(os.environ.get("HEIRLOOM_BIN", ".build/debug/heirloom"))
    return path if path.is_absolute() else REPO_ROOT / path


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def environment(data_dir, **extra):
    """The server's environment: SQLite in data_dir, plus extra settings."""
    # Phones reach the hub "on the home network" at loopback: tests never listen on a real interface.
    env = dict(os.environ, HEIRLOOM_DATA_DIR=str(data_dir), HEIRLOOM_LAN_ADDRESS="127.0.0.1")
    env.update(extra)
    # Empty means SQLite; set rather than removed, so that it also hides a DATABASE_URL in a .env file.
    env["DATABASE_URL"] = ""
    return env


def heirloom(data_dir, *args, stdin=""):
    """Runs a `heirloom` command (not `serve`) on data_dir; returns the finished process."""
    return subprocess.run([str(binary()), *args], input=stdin, capture_output=True, text=True,
                          env=environment(data_dir), cwd=REPO_ROOT, timeout=120)


def health_is_ok(base_url):
    try:
        with urllib.request.urlopen(f"{base_url}/api/health", timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


class ServerProcess:
    """`heirloom serve` on a loopback port with its own data directory; it can be killed and started again.

    The working directory is the repository: the server finds Resources/ and Public/ there."""

    def __init__(self, data_dir, log_path, port=None, env=None):
        self.data_dir, self.log_path = Path(data_dir), Path(log_path)
        self.port = port or free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.env = environment(self.data_dir, HEIRLOOM_PUBLIC_URL=self.base_url, **(env or {}))
        self.process = None

    def start(self):
        """Starts the server and waits until /api/health answers; raises with the server's log if it does not."""
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [str(binary()), "serve", "--hostname", "127.0.0.1", "--port", str(self.port)],
                cwd=REPO_ROOT, env=self.env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while not health_is_ok(self.base_url):
            try:
                status = self.process.wait(timeout=0.2)  # doubles as the pause between tries
            except subprocess.TimeoutExpired:
                status = None
            if status is not None or time.monotonic() > deadline:
                self.stop()
                reason = (f"exited with status {status} before /api/health answered" if status is not None
                          else f"did not answer /api/health with 200 within {STARTUP_TIMEOUT} s")
                raise RuntimeError(f"server {reason}; its log:\n" + self.log_path.read_text(errors="replace"))
        return self

    def kill(self):
        """Kills the server at once (SIGKILL), as a power cut would."""
        self.process.kill()
        self.process.wait(10)

    def stop(self):
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()


def call(base_url, method, path, body=None, token=None, content_type="application/json"):
    """One API request; returns (status, decoded JSON or None). A dict or list body is sent as JSON."""
    if isinstance(body, (dict, list)):
        body = json.dumps(body).encode()
    request = urllib.request.Request(f"{base_url}{path}", method=method, data=body)
    request.add_header("Content-Type", content_type)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def multipart(field, paths):
    """A multipart/form-data body with each file as a part named field; returns (body, content type)."""
    boundary = uuid.uuid4().hex
    body = b""
    for path in paths:
        body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; "
                 f"filename=\"{Path(path).name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").encode()
        body += Path(path).read_bytes() + b"\r\n"
    return body + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


class Hub:
    """A set-up hub as its owner reaches it over the JSON API."""

    def __init__(self, base_url, token):
        self.base_url, self.token = base_url, token

    @classmethod
    def set_up(cls, base_url, owner=OWNER):
        """Sets up a fresh hub with this owner, or signs the owner in where that was done already."""
        status, answer = call(base_url, "POST", "/api/setup", owner)
        if status == 409:  # already set up
            return cls(base_url, cls.log_in(base_url, owner["email"], owner["password"]))
        assert status == 201, (status, answer)
        return cls(base_url, answer["token"])

    @staticmethod
    def log_in(base_url, email, password, device_name="Browser test"):
        """Token sign-in; returns a new token (each is its own session: unlocking the journal is per token)."""
        status, answer = call(base_url, "POST", "/api/auth/login",
                              {"email": email, "password": password, "deviceName": device_name})
        assert status == 200, (status, answer)
        return answer["token"]

    def new_token(self):
        return self.log_in(self.base_url, OWNER["email"], OWNER["password"])

    def post(self, path, body, content_type="application/json"):
        status, answer = call(self.base_url, "POST", path, body, self.token, content_type)
        assert 200 <= status < 300, (path, status, answer)
        return answer

    def create_item(self, name, **fields):
        """Creates an item (fields as in ItemInput, e.g. estimatedValue="640"); returns its web path."""
        item = self.post("/api/items", {"name": name, **fields})
        return f"/items/{item['id']}"

    def add_item_photos(self, item_path, *photos):
        body, content_type = multipart("file", photos)
        self.post(f"/api{item_path}/photos", body, content_type)
