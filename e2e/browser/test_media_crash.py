"""A server killed in the middle of an upload leaves nothing half-written behind, and `heirloom media gc`
clears what it left in the temporary folder. This runs a server of its own, since it kills it."""

import os
import socket
import sqlite3
import subprocess
import tempfile
import time
from pathlib import Path

from hub import OWNER, ServerProcess, call, heirloom


def files_in(folder):
    return [p for p in folder.rglob("*") if p.is_file()] if folder.exists() else []


def test_killed_mid_upload_leaves_no_half_file_and_gc_cleans_up():
    data_dir = Path(tempfile.mkdtemp(prefix="heirloom-crash-"))
    server = ServerProcess(data_dir, data_dir / "server.log").start()
    port = server.port
    try:
        owner = dict(OWNER, householdName="Crash Family", name="Ann")
        status, answer = call(server.base_url, "POST", "/api/setup", owner)
        assert status == 201, (status, answer)
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
        server.kill()
        sock.close()

        # then the store holds no file and the database no row; only a temporary file is left
        assert files_in(data_dir / "media") == []
        db = sqlite3.connect(data_dir / "heirloom.sqlite")
        assert db.execute("SELECT COUNT(*) FROM media_objects").fetchone()[0] == 0
        db.close()
        leftovers = files_in(data_dir / "tmp")
        assert leftovers, "expected the interrupted upload's temporary file"

        # and after a restart the hub works, and media gc (once the grace period has passed) removes the leftover
        server.start()
        status, media = call(server.base_url, "POST", "/api/media?use=video&fileName=clip.mp4", head, token,
                             "application/octet-stream")
        assert status == 201 and media["kind"] == "video"
        old = time.time() - 3600
        for leftover in leftovers:
            os.utime(leftover, (old, old))
        gc = heirloom(data_dir, "media", "gc")
        assert gc.returncode == 0, gc.stdout + gc.stderr
        assert "removed tmp/" in gc.stdout and "freed" in gc.stdout, gc.stdout
        assert files_in(data_dir / "tmp") == []
        db = sqlite3.connect(data_dir / "heirloom.sqlite")
        kept = {h for row in db.execute("SELECT sha256, display_sha256, thumbnail_sha256 FROM media_objects")
                for h in row if h}
        db.close()
        assert {p.name for p in files_in(data_dir / "media")} == kept  # the film: original and its poster sizes
    finally:
        server.stop()
