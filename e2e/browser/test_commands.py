"""The `heirloom` command as an administrator uses it: create the first account on a fresh hub, add
another, reset a password, each read from standard input; the accounts then sign in over the API."""

import tempfile
from pathlib import Path

from hub import ARTIFACTS, ServerProcess, call, heirloom


def create_user(data_dir, *args, password):
    return heirloom(data_dir, "create-user", *args, stdin=password + "\n")


def log_in(base_url, email, password):
    status, _ = call(base_url, "POST", "/api/auth/login", {"email": email, "password": password})
    return status


def test_create_user_and_reset_password_from_the_command_line():
    data_dir = Path(tempfile.mkdtemp(prefix="heirloom-commands-"))

    # a fresh hub: the first account needs the household's name, and becomes its owner
    refused = create_user(data_dir, "--email", "ann@example.com", "--name", "Ann", password="first password")
    assert refused.returncode != 0
    assert "--household" in refused.stdout + refused.stderr

    made = create_user(data_dir, "--email", "Ann@Example.com", "--name", "Ann Miller",
                       "--household", "The Miller Family", password="first password")
    assert made.returncode == 0, made.stdout + made.stderr
    assert "owner Ann Miller <ann@example.com> in The Miller Family" in made.stdout

    # a second account joins the only household, as an editor by default
    second = create_user(data_dir, "--email", "ben@example.com", "--name", "Ben", password="ben's password")
    assert second.returncode == 0, second.stdout + second.stderr
    assert "editor Ben" in second.stdout

    # a short password and a taken email are refused
    short = create_user(data_dir, "--email", "cy@example.com", "--name", "Cy", password="short")
    assert short.returncode != 0
    taken = create_user(data_dir, "--email", "ann@example.com", "--name", "Ann", password="long enough pw")
    assert taken.returncode != 0

    reset = heirloom(data_dir, "reset-password", "--email", "ann@example.com", stdin="a brand new password\n")
    assert reset.returncode == 0, reset.stdout + reset.stderr

    # then the hub serves them: the new password works and the old one does not
    server = ServerProcess(data_dir, ARTIFACTS / "server-commands.log").start()
    try:
        assert log_in(server.base_url, "ann@example.com", "a brand new password") == 200
        assert log_in(server.base_url, "ann@example.com", "first password") == 401
        assert log_in(server.base_url, "ben@example.com", "ben's password") == 200
    finally:
        server.stop()
