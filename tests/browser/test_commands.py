"""The `heirloom` command as an administrator uses it: create the first account on a fresh hub, add
another, reset a password, each read from standard input; the accounts then sign in over the API."""

import json
import os
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from conftest import REPO_ROOT, _health_is_ok, free_port
from test_media_crash import binary


def heirloom(data_dir, *args, password=None):
    env = dict(os.environ, HEIRLOOM_DATA_DIR=str(data_dir))
    env.pop("DATABASE_URL", None)
    return subprocess.run([str(binary()), *args], input=(password + "\n") if password else "", capture_output=True,
                          text=True, env=env, cwd=REPO_ROOT, timeout=120)


def log_in(port, email, password):
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/auth/login", method="POST",
                                     data=json.dumps({"email": email, "password": password}).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_create_user_and_reset_password_from_the_command_line():
    data_dir = Path(tempfile.mkdtemp(prefix="heirloom-commands-"))

    # a fresh hub: the first account needs the household's name, and becomes its owner
    refused = heirloom(data_dir, "create-user", "--email", "ann@example.com", "--name", "Ann", password="first password")
    assert refused.returncode != 0
    assert "--household" in refused.stdout + refused.stderr

    made = heirloom(data_dir, "create-user", "--email", "Ann@Example.com", "--name", "Ann Miller",
                    "--household", "The Miller Family", password="first password")
    assert made.returncode == 0, made.stdout + made.stderr
    assert "owner Ann Miller <ann@example.com> in The Miller Family" in made.stdout

    # a second account joins the only household, as an editor by default
    second = heirloom(data_dir, "create-user", "--email", "ben@example.com", "--name", "Ben", password="ben's password")
    assert second.returncode == 0, second.stdout + second.stderr
    assert "editor Ben" in second.stdout

    # a short password and a taken email are refused
    short = heirloom(data_dir, "create-user", "--email", "cy@example.com", "--name", "Cy", password="short")
    assert short.returncode != 0
    taken = heirloom(data_dir, "create-user", "--email", "ann@example.com", "--name", "Ann", password="long enough pw")
    assert taken.returncode != 0

    reset = heirloom(data_dir, "reset-password", "--email", "ann@example.com", password="a brand new password")
    assert reset.returncode == 0, reset.stdout + reset.stderr

    # then the hub serves them: the new password works and the old one does not
    port = free_port()
    env = dict(os.environ, HEIRLOOM_DATA_DIR=str(data_dir))
    env.pop("DATABASE_URL", None)
    server = subprocess.Popen([str(binary()), "serve", "--hostname", "127.0.0.1", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=REPO_ROOT)
    try:
        deadline = time.time() + 60
        while not _health_is_ok(f"http://127.0.0.1:{port}"):
            assert time.time() < deadline and server.poll() is None, "the server did not start"
            time.sleep(0.2)
        assert log_in(port, "ann@example.com", "a brand new password") == 200
        assert log_in(port, "ann@example.com", "first password") == 401
        assert log_in(port, "ben@example.com", "ben's password") == 200
    finally:
        server.terminate()
        server.wait(10)
