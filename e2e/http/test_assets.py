"""Stylesheets and scripts on a slow home connection: gzipped, kept by the browser for a year under a versioned
name, and asked for again under their plain names; pages and JSON are never compressed (a page holds its form's
secret beside what a person typed: BREACH)."""

import gzip
import re

import requests

from conftest import running_server

ASSET = re.compile(r'(?:href|src)="(/assets/[0-9a-f]{12}/[^"]+)"')


def test_assets_are_gzipped_and_cached_under_a_versioned_name():
    with running_server("assets") as server:
        # given the sign-in page, which anyone can open
        page = requests.get(f"{server.base_url}/login", headers={"Accept-Encoding": "gzip"}, timeout=30)
        assert page.status_code == 200
        assert page.headers.get("Content-Encoding") is None, "a page must not be compressed"
        assets = ASSET.findall(page.text)
        assert {a.rsplit("/", 1)[-1] for a in assets} >= {"heirloom.css", "page.js", "favicon.svg"}, assets
        # and the page names no script that it does not use
        assert not [a for a in assets if a.endswith(("recorder.js", "waveform.js", "upload-progress.js"))], assets

        for asset in assets:
            # when the browser asks for it, saying it takes gzip
            raw = requests.get(f"{server.base_url}{asset}", headers={"Accept-Encoding": "gzip"}, timeout=30,
                               stream=True)
            body = raw.raw.read()
            # then it comes gzipped, to keep for a year
            assert raw.status_code == 200, asset
            assert raw.headers["Cache-Control"] == "public, max-age=31536000, immutable", asset
            assert raw.headers.get("Content-Encoding") == "gzip", asset
            plain = gzip.decompress(body)
            same = requests.get(f"{server.base_url}{asset}", headers={"Accept-Encoding": "identity"}, timeout=30)
            assert same.content == plain and same.headers.get("Content-Encoding") is None, asset
            if asset.endswith(".css"):
                assert len(body) * 3 < len(plain), f"{asset}: {len(body)} of {len(plain)} bytes"

        # the same files under their plain names, or an old version, are asked for again each time
        stylesheet = next(a for a in assets if a.endswith(".css"))
        for path in ("/css/heirloom.css", "/assets/000000000000/css/heirloom.css"):
            answer = requests.get(f"{server.base_url}{path}", timeout=30)
            assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-cache", path
            assert answer.content == requests.get(f"{server.base_url}{stylesheet}", timeout=30).content
        # and JSON is never compressed
        health = requests.get(f"{server.base_url}/api/health", headers={"Accept-Encoding": "gzip"}, timeout=30)
        assert health.headers.get("Content-Encoding") is None
        # a path under /assets/ that names no file is a plain 404, never a page of the hub
        for path in ("js/nothing.js", "login", "api/health", "", "css/a%3Bb.css", "/css/heirloom.css"):
            answer = requests.get(f"{server.base_url}/assets/{'0' * 12}/{path}", timeout=30)
            assert answer.status_code == 404, path
