"""The `heirloom` commands refuse in plain words: a reason of one or two lines on standard error and a non-zero
exit status, never a Swift fatal error with a stack trace (which also ends the process by a signal)."""

import os
import subprocess

import pytest
import requests

from conftest import REPO_ROOT, built_binary, delete_blob, running_server, set_up_hub, stored_blobs
from media_fixtures import png


def heirloom(data_dir, *args, stdin="", **settings):
    environment = dict(os.environ, DATABASE_URL="", HEIRLOOM_DATA_DIR=str(data_dir), HEIRLOOM_LAN_ADDRESS="127.0.0.1")
    environment.update(settings)
    return subprocess.run(
        [str(built_binary()), *args], input=stdin, capture_output=True, text=True, env=environment, cwd=REPO_ROOT,
        timeout=120,
    )


def assert_refused_plainly(finished, *words):
    said = finished.stderr.strip()
    assert finished.returncode > 0, f"status {finished.returncode}: {finished.stderr[-2000:]}"
    assert "Fatal error" not in finished.stderr and "Stack dump" not in finished.stderr, finished.stderr[-2000:]
    assert said, "no reason was given"
    assert len(said.splitlines()) <= 2, said
    for word in words:
        assert word in said, said


def test_media_gc_dry_run_with_a_missing_file_says_so_and_fails(tmp_path):
    data_dir = tmp_path / "hub"
    with running_server("command-errors", data_dir=data_dir) as server:
        # given a hub with a photo whose file has gone from the store
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {set_up_hub(session, server.base_url)}"
        stored = session.post(
            f"{server.base_url}/api/media?use=photo", data=png(5),
            headers={"Content-Type": "application/octet-stream"}, timeout=60,
        )
        assert stored.status_code == 201, stored.text
    blobs = stored_blobs(server)
    assert blobs
    delete_blob(server, blobs[0])

    # when the store is checked
    checked = heirloom(data_dir, "media", "gc", "--dry-run", **server.media_env)

    # then the command names the missing file and fails, in plain words
    assert_refused_plainly(checked, "missing")
    assert "missing" in checked.stdout


@pytest.mark.parametrize(
    "arguments, words",
    [
        (["backup"], ["--output"]),
        (["export"], ["--output"]),
        (["export", "--output", "out.zip"], ["--household"]),
        (["import", "/nonexistent/archive.zip"], ["no file"]),
        (["restore", "/nonexistent/backup"], ["backup.json"]),
        (["create-user", "--email", "ann@example.com", "--name", "Ann"], ["--household"]),
        (["reset-password", "--email", "nobody@example.com"], []),
        (["no-such-command"], []),
    ],
    ids=["backup", "export", "export-household", "import", "restore", "create-user", "reset-password", "unknown"],
)
def test_each_command_refuses_in_plain_words(tmp_path, arguments, words):
    # given a hub with no household yet; when a command is run without what it needs
    finished = heirloom(tmp_path / "hub", *arguments, stdin="a long enough password\n")

    # then it says why in a line or two and fails
    assert_refused_plainly(finished, *words)


def test_a_wrong_setting_is_named_in_plain_words(tmp_path):
    # given a public address that is not http(s); when any command starts
    finished = heirloom(tmp_path / "hub", "migrate", HEIRLOOM_PUBLIC_URL="ftp://hub.example")

    # then it names the setting and exits with EX_CONFIG
    assert_refused_plainly(finished, "HEIRLOOM_PUBLIC_URL")
    assert finished.returncode == 78
