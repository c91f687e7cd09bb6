"""SIGTERM lets an upload in flight finish and keeps it, then the server exits 0."""

import signal
import sqlite3
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import requests

from conftest import ARTIFACTS, running_server, set_up_hub, stored_blobs


def recording(path):
    # Twenty seconds of a tone as WAV (about 640 KB): real audio the server transcodes.
    subprocess.run(
        ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=20", str(path)], check=True
    )
    return path.read_bytes()


def slowly(data, seconds, sending):
    """The bytes in 20 pieces over `seconds`, as a phone on a slow network sends them; sets `sending` once three
    pieces have gone, so the signal comes while the body is still arriving. (After the first piece alone, a busy
    machine sometimes had not yet read the request's head when the signal came: the server, rightly, had no
    request to wait for.)"""
    step = max(1, len(data) // 20)
    for number, start in enumerate(range(0, len(data), step)):
        yield data[start : start + step]
        if number == 2:
            sending.set()
        time.sleep(seconds / 20)


def files_under(folder):
    return sorted(p for p in Path(folder).rglob("*") if p.is_file()) if Path(folder).exists() else []


def test_sigterm_during_upload_finishes_and_keeps_it(tmp_path):
    audio = recording(tmp_path / "tone.wav")
    with tempfile.TemporaryDirectory(prefix="heirloom-shutdown-") as data_dir:
        with running_server("shutdown", data_dir=data_dir) as server:
            token = set_up_hub(requests.Session(), server.base_url)
            outcome = {}
            sending = threading.Event()

            def upload():
                try:
                    response = requests.post(
                        f"{server.base_url}/api/media?use=audio&fileName=tone.wav",
                        data=slowly(audio, 3, sending),
                        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/octet-stream"},
                        timeout=60,
                    )
                    outcome["status"] = response.status_code
                except requests.RequestException as error:
                    outcome["error"] = error

            thread = threading.Thread(target=upload)
            thread.start()
            assert sending.wait(timeout=30), "the upload never started"
            server.process.send_signal(signal.SIGTERM)
            status = server.process.wait(timeout=60)
            thread.join(timeout=60)

            assert status == 0, server.log()
            # Either the upload was answered as stored and is all there, or nothing of it is left.
            database = sqlite3.connect(Path(data_dir) / "heirloom.sqlite")
            rows = database.execute("SELECT count(*) FROM media_objects").fetchone()[0]
            database.close()
            blobs = stored_blobs(server)
            leftovers = files_under(Path(data_dir) / "tmp")
            (ARTIFACTS / "http-shutdown-outcome.txt").write_text(f"{outcome} rows={rows} blobs={blobs}\n")
            assert leftovers == [], leftovers
            # The upload was under way when the signal came: it is answered as stored and is all there.
            assert outcome.get("status") == 201, (outcome, server.log()[-2000:])
            assert rows == 1 and len(blobs) >= 2, (rows, blobs)
