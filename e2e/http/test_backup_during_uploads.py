"""`heirloom backup --output DIR` run from the command line while the serving hub stores uploads: every media
row in the backup's database has its files in the backup's media folder, and the backup is private."""

import fcntl
import os
import sqlite3
import stat
import subprocess
import threading
import time

import requests

from conftest import built_binary, running_server, set_up_hub
from media_fixtures import png

BACKUPS = 4
HASH_COLUMNS = ("sha256", "display_sha256", "thumbnail_sha256", "playable_sha256")


def backup(server, folder):
    environment = dict(os.environ, DATABASE_URL="", HEIRLOOM_DATA_DIR=str(server.data_dir), **server.media_env)
    return subprocess.run(
        [str(built_binary()), "backup", "--output", str(folder)],
        env=environment, capture_output=True, text=True, timeout=120,
    )


def missing_files(folder):
    """The files the backup's media rows refer to that its media folder lacks."""
    connection = sqlite3.connect(f"file:{folder / 'database.sqlite'}?mode=ro", uri=True)
    try:
        rows = connection.execute(f"SELECT {', '.join(HASH_COLUMNS)} FROM media_objects").fetchall()
    finally:
        connection.close()
    hashes = {value for row in rows for value in row if value}
    missing = [value for value in hashes if not (folder / "media" / value[:2] / value[2:4] / value).is_file()]
    return len(rows), missing


def test_backup_from_the_command_line_during_uploads_has_every_file(tmp_path):
    with running_server("backup-during-uploads") as server:
        # given a hub that stores a new photo again and again
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {set_up_hub(session, server.base_url)}"
        stop = threading.Event()
        stored, failures = [], []

        def upload():
            seed = 0
            while not stop.is_set():
                seed += 1
                response = session.post(
                    f"{server.base_url}/api/media?use=photo", data=png(seed),
                    headers={"Content-Type": "application/octet-stream"}, timeout=60,
                )
                (stored if response.status_code == 201 else failures).append(response.status_code)

        uploader = threading.Thread(target=upload)
        uploader.start()
        try:
            while len(stored) < 2:
                time.sleep(0.05)
            # when backups are taken from the command line while the uploads go on
            folders = []
            for index in range(BACKUPS):
                folder = tmp_path / f"backup-{index}"
                made = backup(server, folder)
                assert made.returncode == 0, made.stdout + made.stderr
                folders.append(folder)
        finally:
            stop.set()
            uploader.join(timeout=60)
        assert not failures, failures

        # then each backup's database refers only to files its media folder holds
        for folder in folders:
            rows, missing = missing_files(folder)
            assert rows > 0
            assert not missing, f"{folder.name}: {len(missing)} of the files of {rows} rows are missing"
            # and only the hub's user can open it
            assert stat.S_IMODE(folder.stat().st_mode) == 0o700
            assert stat.S_IMODE((folder / "media").stat().st_mode) == 0o700
            for name in ("database.sqlite", "backup.json"):
                assert stat.S_IMODE((folder / name).stat().st_mode) == 0o600, name


def test_an_upload_waits_while_another_process_holds_the_media_lock(tmp_path):
    with running_server("media-lock") as server:
        # given another process (this test) holding the lock a backup takes
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {set_up_hub(session, server.base_url)}"
        descriptor = os.open(server.data_dir / "media.lock", os.O_RDWR)
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        answers = []
        uploader = threading.Thread(
            target=lambda: answers.append(
                session.post(
                    f"{server.base_url}/api/media?use=photo", data=png(1),
                    headers={"Content-Type": "application/octet-stream"}, timeout=60,
                ).status_code
            )
        )
        try:
            # when a photo is uploaded
            uploader.start()
            time.sleep(1.5)

            # then it is not stored while the lock is held, and is once it is let go
            assert answers == []
        finally:
            fcntl.flock(descriptor, fcntl.LOCK_UN)
            os.close(descriptor)
            uploader.join(timeout=60)
        assert answers == [201]
