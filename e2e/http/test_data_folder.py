"""A new data folder is private (0700, the database 0600, whatever the umask); an existing one that other users
can read is named in a warning at start-up."""

import os
import stat
import subprocess

from conftest import REPO_ROOT, built_binary, running_server


def heirloom(data_dir, *args, stdin=""):
    environment = dict(os.environ, DATABASE_URL="", HEIRLOOM_DATA_DIR=str(data_dir), HEIRLOOM_LAN_ADDRESS="127.0.0.1")
    return subprocess.run(
        [str(built_binary()), *args], input=stdin, capture_output=True, text=True, env=environment, cwd=REPO_ROOT,
        timeout=120, preexec_fn=lambda: os.umask(0o022),
    )


def mode(path):
    return stat.S_IMODE(path.stat().st_mode)


def test_migrate_makes_a_private_data_folder(tmp_path):
    # given no data folder yet, and the usual umask
    data_dir = tmp_path / "new" / "heirloom-data"

    # when `heirloom migrate` makes it
    migrated = heirloom(data_dir, "migrate", stdin="y\n")

    # then only the hub's user can open the folder and the database
    assert migrated.returncode == 0, migrated.stdout + migrated.stderr
    assert mode(data_dir) == 0o700
    assert mode(data_dir / "heirloom.sqlite") == 0o600
    for extra in ("heirloom.sqlite-wal", "heirloom.sqlite-shm"):
        if (data_dir / extra).exists():
            assert mode(data_dir / extra) == 0o600, extra
    assert "readable by other users" not in migrated.stdout + migrated.stderr


def test_serve_makes_private_files_and_warns_about_an_open_folder(tmp_path):
    # given a data folder others can read, as an older hub made it
    data_dir = tmp_path / "open"
    data_dir.mkdir()
    os.chmod(data_dir, 0o755)

    # when the hub starts on it
    with running_server("data-folder", data_dir=data_dir) as server:
        log = server.log()
        database_modes = {
            name: mode(data_dir / name)
            for name in ("heirloom.sqlite", "heirloom.sqlite-wal", "heirloom.sqlite-shm")
            if (data_dir / name).exists()
        }

    # then the start-up log says so, naming the folder, and the new database is private all the same
    assert "readable by other users" in log and str(data_dir) in log, log[-2000:]
    assert database_modes.get("heirloom.sqlite") == 0o600
    assert all(value == 0o600 for value in database_modes.values()), database_modes
