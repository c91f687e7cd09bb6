"""A server killed in the middle of an upload leaves nothing half-written behind, and `heirloom media gc`
clears what it left in the temporary folder. This runs a server of its own, since it kills it."""

import json
import os
import signal
import socket
import sqlite3
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

from conftest import REPO_ROOT, _health_is_ok, free_port


def binary():
    path = Path(os.environ.get("HEIRLOOM_BIN", ".build/debug/heirloom"))
    return path if path.is_absolute() else REPO_ROOT / path


def start(data_dir, port):
    env = dict(os.environ, HEIRLOOM_DATA_DIR=str(data_dir), HEIRLOOM_PUBLIC_URL=f"http://127.0.0.1:{port}")
    env.pop("DATABASE_URL", None)
    log = open(data_dir / "server.log", "ab")
    process = subprocess.Popen([str(binary()), "serve", "--hostname", "127.0.0.1", "--port", str(port)],
                               stdout=log, stderr=subprocess.STDOUT, env=env, cwd=REPO_ROOT)
    deadline = time.time() + 60
    while not _health_is_ok(f"http://127.0.0.1:{port}"):
        assert time.time() < deadline and process.poll() is None, (data_dir / "server.log").read_text()
        time.sleep(0.2)
    return process


def api(port, method, path, body=None, token=None, content_type="application/json"):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method, data=body)
    request.add_header("Content-Type", content_type)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=120) as response:
        return response.status, json.loads(response.read() or b"null")


def files_in(folder):
    return [p for p in folder.rglob("*") if p.is_file()] if folder.exists() else []


def test_killed_mid_upload_leaves_no_half_file_and_gc_cleans_up():
    data_dir = Path(tempfile.mkdtemp(prefix="heirloom-crash-"))
    port = free_port()
    server = start(data_dir, port)
    try:
        owner = {"householdName": "Crash Family", "name": "Ann", "email": "ann@example.com",
                 "password": "correct horse battery"}
        _, answer = api(port, "POST", "/api/setup", json.dumps(owner).encode())
        token = answer["token"]

        # given an upload of a film that is a quarter sent when the server dies
        clip = data_dir / "clip.mp4"
        subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=10", "-t", "1",
                        "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart", str(clip)], check=True)
        head = clip.read_bytes()
        total = 40_000_000
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(
            (f"POST /api/media?use=video&fileName=big.mp4 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
             f"Authorization: Bearer {token}\r\nContent-Type: application/octet-stream\r\n"
             f"Content-Length: {total}\r\n\r\n").encode() + head
        )
        sent = len(head)
        chunk = os.urandom(1 << 20)
        while sent < total // 4:
            sock.sendall(chunk)
            sent += len(chunk)
        deadline = time.time() + 30
        while sum(p.stat().st_size for p in files_in(data_dir / "tmp")) < total // 8:
            assert time.time() < deadline, "the upload never reached the temporary folder"
            time.sleep(0.1)

        # when the server is killed
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        sock.close()

        # then the store holds no file and the database no row; only a temporary file is left
        assert files_in(data_dir / "media") == []
        db = sqlite3.connect(data_dir / "heirloom.sqlite")
        assert db.execute("SELECT COUNT(*) FROM media_objects").fetchone()[0] == 0
        db.close()
        leftovers = files_in(data_dir / "tmp")
        assert leftovers, "expected the interrupted upload's temporary file"

        # and after a restart the hub works, and media gc (once the grace period has passed) removes the leftover
        server = start(data_dir, port)
        status, media = api(port, "POST", "/api/media?use=video&fileName=clip.mp4", head, token,
                            "application/octet-stream")
        assert status == 201 and media["kind"] == "video"
        old = time.time() - 3600
        for leftover in leftovers:
            os.utime(leftover, (old, old))
        env = dict(os.environ, HEIRLOOM_DATA_DIR=str(data_dir))
        env.pop("DATABASE_URL", None)
        gc = subprocess.run([str(binary()), "media", "gc"], capture_output=True, text=True, env=env, cwd=REPO_ROOT,
                            timeout=120)
        assert gc.returncode == 0, gc.stdout + gc.stderr
        assert "removed tmp/" in gc.stdout and "freed" in gc.stdout, gc.stdout
        assert files_in(data_dir / "tmp") == []
        db = sqlite3.connect(data_dir / "heirloom.sqlite")
        kept = {h for row in db.execute("SELECT sha256, display_sha256, thumbnail_sha256 FROM media_objects")
                for h in row if h}
        db.close()
        assert {p.name for p in files_in(data_dir / "media")} == kept  # the film: original and its poster sizes
    finally:
        server.kill()
        server.wait(10)
