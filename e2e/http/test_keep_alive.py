"""A refused upload must not stall the next request on the same connection (Python requests' Session reuses it)."""

import http.client
import http.server
import json
import threading

import pytest
import requests

from conftest import PASSWORD, running_server, set_up_hub

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
NEXT_REQUEST_TIMEOUT = 10  # seconds; a stalled connection waits for the client's own timeout instead


class LazyBody:
    """`size` bytes starting with `head`, made as they are read, so a huge body costs no memory."""

    def __init__(self, head, size):
        self.head = head
        self.size = size
        self.sent = 0

    def __len__(self):
        return self.size

    def read(self, count=65536):
        count = min(count, 1 << 20, self.size - self.sent)
        if count <= 0:
            return b""
        chunk = (self.head[self.sent :] + bytes(count))[:count] if self.sent < len(self.head) else bytes(count)
        self.sent += count
        return chunk


@pytest.fixture(scope="module")
def hub():
    with running_server("keep-alive", env={"HEIRLOOM_MAX_IMAGE_MB": "1"}) as server:
        session = requests.Session()
        token = set_up_hub(session, server.base_url)
        session.headers["Authorization"] = f"Bearer {token}"
        yield server, session


def next_request_answers(server, session):
    """True when the next request on the session is answered; a stalled connection raises a timeout instead
    (the timeout only guards against a hang: how fast is a benchmark's business, not a test's)."""
    response = session.get(f"{server.base_url}/api/household", timeout=NEXT_REQUEST_TIMEOUT)
    assert response.status_code == 200, response.text
    return True


@pytest.mark.parametrize("size", [3_000_000, 300_000_000], ids=["bounded", "huge"])
def test_too_large_upload_then_next_request(hub, size):
    server, session = hub
    response = session.post(
        f"{server.base_url}/api/media?use=photo",
        data=LazyBody(PNG_MAGIC, size),
        headers={"Content-Type": "application/octet-stream"},
        timeout=60,
    )
    assert response.status_code == 413, response.text
    assert response.json()["error"]["code"] == "payload_too_large"
    assert next_request_answers(server, session)


@pytest.mark.parametrize("size", [2_000_000, 300_000_000], ids=["bounded", "huge"])
def test_unsupported_upload_then_next_request(hub, size):
    server, session = hub
    response = session.post(
        f"{server.base_url}/api/media?use=photo",
        data=LazyBody(b"this is no picture at all, only words " * 10, size),
        headers={"Content-Type": "application/octet-stream"},
        timeout=60,
    )
    assert response.status_code == 415, response.text
    assert next_request_answers(server, session)


def test_too_large_multipart_photo_then_next_request(hub):
    server, session = hub
    item = session.post(f"{server.base_url}/api/items", json={"name": "Lamp"}, timeout=10).json()["id"]
    response = session.post(
        f"{server.base_url}/api/items/{item}/photos",
        files={"file": ("big.png", PNG_MAGIC + bytes(3_000_000), "image/png")},
        timeout=60,
    )
    assert response.status_code == 413, response.text
    assert next_request_answers(server, session)


@pytest.mark.parametrize("size", [3_000_000, 300_000_000], ids=["bounded", "huge"])
def test_too_large_web_form_upload_then_next_request(hub, size):
    # The web pages read their uploads themselves (not through the API's runtime): the same must hold there.
    server, api = hub
    item = api.post(f"{server.base_url}/api/items", json={"name": "Clock"}, timeout=10).json()["id"]
    browser = requests.Session()
    browser.get(f"{server.base_url}/login", timeout=10)
    csrf = browser.cookies["heirloom_csrf"]
    signed_in = browser.post(
        f"{server.base_url}/login",
        data={"email": "ann@example.com", "password": PASSWORD, "_csrf": csrf},
        allow_redirects=False,
        timeout=30,
    )
    assert signed_in.status_code in (302, 303), signed_in.text[:300]

    boundary = "heirloom-test-boundary"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n{csrf}\r\n'
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n'
        "Content-Type: image/png\r\n\r\n"
    ).encode() + PNG_MAGIC
    response = browser.post(
        f"{server.base_url}/items/{item}/photos",
        data=LazyBody(head, size),
        headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
        allow_redirects=False,
        timeout=60,
    )
    assert response.status_code == 413, response.text[:300]
    page = browser.get(f"{server.base_url}/items/{item}", timeout=NEXT_REQUEST_TIMEOUT)
    assert page.status_code == 200


def test_too_large_multipart_photo_followed_by_more_parts_then_next_request(hub):
    # Parts after the refused file are left to the runtime's reader, which stops at the refusal.
    server, session = hub
    item = session.post(f"{server.base_url}/api/items", json={"name": "Mirror"}, timeout=10).json()["id"]
    response = session.post(
        f"{server.base_url}/api/items/{item}/photos",
        files=[
            ("file", ("big.png", PNG_MAGIC + bytes(3_000_000), "image/png")),
            ("file", ("second.png", PNG_MAGIC + bytes(800_000), "image/png")),
            ("note", (None, "x" * 900_000)),
        ],
        timeout=60,
    )
    assert response.status_code == 413, response.text
    assert next_request_answers(server, session)


class RefusingS3(http.server.BaseHTTPRequestHandler):
    """An S3 service that lists an empty bucket and begins multipart uploads, but refuses every part: a store that
    fails part-way through an upload."""

    protocol_version = "HTTP/1.1"

    def _answer(self, status, body=b""):
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Type", "application/xml")
        self.end_headers()
        self.wfile.write(body)

    def _read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        while length > 0:
            length -= len(self.rfile.read(min(length, 1 << 20)))

    def do_GET(self):
        self._answer(200, b"<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>")

    def do_HEAD(self):
        self._answer(404)

    def do_POST(self):
        self._read_body()
        self._answer(200, b"<InitiateMultipartUploadResult><UploadId>u1</UploadId></InitiateMultipartUploadResult>")

    def do_PUT(self):
        self._read_body()
        self._answer(403, b"<Error><Code>AccessDenied</Code><Message>Parts are refused here.</Message></Error>")

    def do_DELETE(self):
        self._answer(204)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def failing_store_hub():
    service = http.server.ThreadingHTTPServer(("127.0.0.1", 0), RefusingS3)
    threading.Thread(target=service.serve_forever, daemon=True).start()
    store = {
        "HEIRLOOM_MEDIA_URL": "s3://family/media", "HEIRLOOM_S3_ENDPOINT": f"http://127.0.0.1:{service.server_port}",
        "HEIRLOOM_S3_REGION": "us-east-1", "HEIRLOOM_S3_ACCESS_KEY_ID": "key", "HEIRLOOM_S3_SECRET_ACCESS_KEY": "secret",
    }
    try:
        with running_server("failing-store", env=store) as server:
            session = requests.Session()
            token = set_up_hub(session, server.base_url)
            session.headers["Authorization"] = f"Bearer {token}"
            yield server, session
    finally:
        service.shutdown()


def test_upload_the_store_fails_part_way_then_next_request(failing_store_hub):
    # The store refuses the upload's first part once 8 MiB have come: the rest of the 40 MB is read and dropped, so
    # the client, still sending, gets the JSON error instead of a connection reset. Plain http.client, which (unlike
    # requests) does not look for an answer once its sending fails.
    server, session = failing_store_hub
    host, port = server.base_url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=60)
    try:
        connection.request(
            "POST", "/api/media?use=video&fileName=film.mp4",
            body=LazyBody(b"\x00\x00\x00\x20ftypisom\x00\x00\x02\x00isomiso2avc1mp41", 40_000_000),
            headers={"Authorization": session.headers["Authorization"], "Content-Type": "application/octet-stream",
                     "Content-Length": "40000000"},
        )
        response = connection.getresponse()
        body = response.read()
    finally:
        connection.close()
    assert response.status == 503, body[:300]
    assert json.loads(body)["error"]["code"] == "media_store_unavailable"
    assert next_request_answers(server, session)
