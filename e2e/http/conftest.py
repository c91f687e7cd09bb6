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
import uuid
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
    def __init__(self, process, base_url, data_dir, log_path, media_env=None):
        self.process = process
        self.base_url = base_url
        self.data_dir = Path(data_dir)
        self.log_path = log_path
        # Where its media are kept (an S3 prefix under make test-s3): a command run beside it needs the same.
        self.media_env = dict(media_env or {})

    def log(self):
        return self.log_path.read_text(errors="replace")


def s3_media(name):
    """Under scripts/with-s3.sh (make test-s3), each server keeps its media under a prefix of its own in the test
    bucket; otherwise nothing is added and the media stay in the data folder."""
    endpoint = os.environ.get("HEIRLOOM_TEST_S3_ENDPOINT")
    if not endpoint:
        return {}
    return {
        "HEIRLOOM_MEDIA_URL": f"s3://{os.environ['HEIRLOOM_TEST_S3_BUCKET']}/http-{name}-{uuid.uuid4().hex[:12]}",
        "HEIRLOOM_S3_ENDPOINT": endpoint,
        "HEIRLOOM_S3_REGION": os.environ.get("HEIRLOOM_TEST_S3_REGION", "us-east-1"),
        "HEIRLOOM_S3_ACCESS_KEY_ID": os.environ["HEIRLOOM_TEST_S3_ACCESS_KEY_ID"],
        "HEIRLOOM_S3_SECRET_ACCESS_KEY": os.environ["HEIRLOOM_TEST_S3_SECRET_ACCESS_KEY"],
    }


def _s3(media_env):
    """A boto3 client for a server's S3 media, with the bucket and the key prefix of its blobs."""
    import boto3
    from botocore.config import Config

    client = boto3.client(
        "s3", endpoint_url=media_env["HEIRLOOM_S3_ENDPOINT"], region_name=media_env["HEIRLOOM_S3_REGION"],
        aws_access_key_id=media_env["HEIRLOOM_S3_ACCESS_KEY_ID"],
        aws_secret_access_key=media_env["HEIRLOOM_S3_SECRET_ACCESS_KEY"],
        config=Config(s3={"addressing_style": "path"}, retries={"max_attempts": 1}))
    bucket, _, prefix = media_env["HEIRLOOM_MEDIA_URL"][len("s3://"):].partition("/")
    return client, bucket, prefix.strip("/") + "/"


def stored_blobs(server):
    """The names (SHA-256s) of the blobs in a server's store: its data folder's media, or its S3 prefix."""
    if not server.media_env:
        folder = server.data_dir / "media"
        return sorted(path.name for path in folder.rglob("*") if path.is_file()) if folder.exists() else []
    client, bucket, prefix = _s3(server.media_env)
    names = []
    for page in client.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix):
        names += [item["Key"].rsplit("/", 1)[-1] for item in page.get("Contents", [])
                  if not item["Key"][len(prefix):].startswith("incoming/")]
    return sorted(names)


def delete_blob(server, name):
    """Removes one blob from a server's store behind its back, as a failing disk or a careless hand would."""
    path = f"{name[:2]}/{name[2:4]}/{name}"
    if not server.media_env:
        (server.data_dir / "media" / path).unlink()
        return
    client, bucket, prefix = _s3(server.media_env)
    client.delete_object(Bucket=bucket, Key=prefix + path)


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
        media_env = s3_media(name)
        environment.update(media_env)
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
        server = RunningServer(process, base_url, data_dir, log_path, media_env)
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
