"""An installed server finds its views and assets wherever it is started from, as systemd starts it (from /)."""

import os
import subprocess
import requests

from conftest import REPO_ROOT, built_binary, running_server


def assert_serves_pages(server):
    login = requests.get(f"{server.base_url}/login", timeout=10)
    assert login.status_code == 200, login.text[:500]
    assert "<form" in login.text
    css = requests.get(f"{server.base_url}/css/heirloom.css", timeout=10)
    assert css.status_code == 200
    assert css.headers["Content-Type"].startswith("text/css")


def test_built_server_started_from_root_directory():
    with running_server("from-root", cwd="/") as server:
        assert_serves_pages(server)


def test_make_install_lays_out_a_prefix_that_serves_from_root(tmp_path):
    prefix = tmp_path / "opt" / "heirloom"
    binary = built_binary()
    result = subprocess.run(
        ["make", "-s", "install", f"PREFIX={prefix}", f"HEIRLOOM_BIN={binary}"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    installed = prefix / "bin" / "heirloom"
    assert os.access(installed, os.X_OK)
    assert (prefix / "share" / "heirloom" / "Resources" / "Views" / "shared" / "layout.leaf").is_file()
    assert (prefix / "share" / "heirloom" / "Public" / "css" / "heirloom.css").is_file()

    with running_server("installed", binary=installed, cwd="/") as server:
        assert_serves_pages(server)


def test_resources_dir_override(tmp_path):
    # A copy of the resources somewhere else, named by HEIRLOOM_RESOURCES_DIR, is the one used.
    share = tmp_path / "share"
    share.mkdir()
    subprocess.run(["cp", "-r", str(REPO_ROOT / "Resources"), str(REPO_ROOT / "Public"), str(share)], check=True)
    marker = "<!-- served from the override -->"
    layout = share / "Resources" / "Views" / "shared" / "layout.leaf"
    layout.write_text(marker + "\n" + layout.read_text())
    with running_server("override", cwd="/", env={"HEIRLOOM_RESOURCES_DIR": str(share)}) as server:
        login = requests.get(f"{server.base_url}/login", timeout=10)
        assert login.status_code == 200
        assert marker in login.text
