"""A hub whose media are in an S3 service (make test-s3): a wrong secret or a missing bucket stops `serve` at once
with the service's own words and never the secret; `heirloom media check` and `migrate` work against the bucket."""

import os
import subprocess

import pytest
import requests

from conftest import REPO_ROOT, built_binary, running_server, s3_media, set_up_hub, stored_blobs
from media_fixtures import png

pytestmark = pytest.mark.skipif(not os.environ.get("HEIRLOOM_TEST_S3_ENDPOINT"), reason="needs scripts/with-s3.sh")


def heirloom(data_dir, media_env, *args):
    environment = dict(os.environ, DATABASE_URL="", HEIRLOOM_DATA_DIR=str(data_dir), HEIRLOOM_LAN_ADDRESS="127.0.0.1",
                       HEIRLOOM_PUBLIC_URL="http://127.0.0.1:9", **media_env)
    return subprocess.run([str(built_binary()), *args], capture_output=True, text=True, env=environment,
                          cwd=REPO_ROOT, timeout=120)


@pytest.mark.parametrize("change, words", [
    ({"HEIRLOOM_S3_SECRET_ACCESS_KEY": "not-the-secret-at-all-0123456789abcdef"}, "SignatureDoesNotMatch"),
    ({"HEIRLOOM_MEDIA_URL": "s3://no-such-bucket-here/family"}, "no-such-bucket-here"),
])
def test_serve_with_a_wrong_secret_or_bucket_stops_in_plain_words(tmp_path, change, words):
    media_env = dict(s3_media("refused"), **change)
    served = heirloom(tmp_path / "data", media_env, "serve", "--hostname", "127.0.0.1", "--port", "0")
    said = served.stdout + served.stderr
    assert served.returncode != 0, said[-2000:]
    assert "HEIRLOOM_MEDIA_URL" in said and words in said, said[-2000:]
    assert media_env["HEIRLOOM_S3_SECRET_ACCESS_KEY"] not in said
    assert "Fatal error" not in said


def test_media_check_and_a_move_to_a_folder_and_back(tmp_path):
    data_dir = tmp_path / "hub"
    with running_server("s3-move", data_dir=data_dir) as server:
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {set_up_hub(session, server.base_url)}"
        urls = []
        for seed in range(3):
            stored = session.post(f"{server.base_url}/api/media?use=photo", data=png(seed),
                                  headers={"Content-Type": "application/octet-stream"}, timeout=60)
            assert stored.status_code == 201, stored.text
            urls.append(stored.json()["originalUrl"])
        blobs = stored_blobs(server)
        media_env = server.media_env
        folder = tmp_path / "moved"

        # the bucket holds every file, whole
        checked = heirloom(data_dir, media_env, "media", "check")
        assert checked.returncode == 0, checked.stdout + checked.stderr

        # a move to a folder while the hub serves: every file there, and the hub serves them from it
        moved = heirloom(data_dir, media_env, "media", "migrate", "--to", f"file://{folder}", "--settle-seconds", "6")
        assert moved.returncode == 0, moved.stdout + moved.stderr
        assert f"copied {len(blobs)} of {len(blobs)} files" in moved.stdout, moved.stdout
        in_folder = sorted(path.name for path in folder.rglob("*") if path.is_file())
        assert set(blobs) <= set(in_folder)
        for url, seed in zip(urls, range(3)):
            served = session.get(server.base_url + url, timeout=30)
            assert served.status_code == 200 and served.content == png(seed)

        # and back to the bucket
        back = heirloom(data_dir, media_env, "media", "migrate", "--to", media_env["HEIRLOOM_MEDIA_URL"],
                        "--settle-seconds", "6")
        assert back.returncode == 0, back.stdout + back.stderr
        for url, seed in zip(urls, range(3)):
            assert session.get(server.base_url + url, timeout=30).content == png(seed)
