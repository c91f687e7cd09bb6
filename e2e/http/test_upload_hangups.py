"""Clients that hang up in the middle of an upload: the debug server (what `make run` serves) keeps answering.

Each upload declares its full length, sends a random part of it and closes the connection, sometimes with a
reset; afterwards the hub still answers /api/health and a whole upload still works."""

import random
import socket
import struct
import time

import requests

from conftest import health_is_ok, running_server, set_up_hub
from media_fixtures import png

CUT_OFFS = 60
STOPPING_TIME = 4  # seconds
BOUNDARY = "heirloom-hangup"


def raw_request(path, token, content_type, body):
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
        f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode()
    return head + body


def multipart(field, name, data):
    return (
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{field}"; filename="{name}"\r\n'
        "Content-Type: image/png\r\n\r\n"
    ).encode() + data + f"\r\n--{BOUNDARY}--\r\n".encode()


def hang_up_during(address, request, cut, reset, delay):
    """Sends the first `cut` bytes of `request`, waits `delay` seconds, then closes the connection."""
    with socket.create_connection(address, timeout=10) as connection:
        connection.sendall(request[:cut])
        started = time.perf_counter()
        while time.perf_counter() - started < delay:
            pass  # sleep() is too coarse: the answer to a refused upload is on its way within a millisecond
        if reset:
            # SO_LINGER with a zero timeout: close sends a reset instead of a FIN.
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def test_uploads_cut_off_at_random_points_leave_the_hub_serving():
    with running_server("upload-hangups", env={"HEIRLOOM_MAX_IMAGE_MB": "1"}) as server:
        # given a hub with an item
        session = requests.Session()
        token = set_up_hub(session, server.base_url)
        session.headers["Authorization"] = f"Bearer {token}"
        item = session.post(f"{server.base_url}/api/items", json={"name": "Lamp"}, timeout=10).json()["id"]
        host, port = server.base_url.removeprefix("http://").split(":")
        address = (host, int(port))
        photo = png(1, size=300)
        too_large = b"\x89PNG\r\n\x1a\n" + bytes(1_500_000)
        # Uploads refused early (the wrong kind of file, too large) are answered while the client may be going.
        requests_to_cut = [
            raw_request("/api/media?use=photo", token, "application/octet-stream", too_large),
            raw_request("/api/media?use=photo", token, "application/octet-stream", b"no picture here " * 20_000),
            raw_request(
                f"/api/items/{item}/photos", token, f"multipart/form-data; boundary={BOUNDARY}",
                multipart("file", "big.png", too_large),
            ),
            raw_request("/api/media?use=photo", token, "application/octet-stream", photo),
            raw_request(
                f"/api/items/{item}/photos", token, f"multipart/form-data; boundary={BOUNDARY}",
                multipart("file", "lamp.png", photo),
            ),
        ]

        # when uploads are cut off at random points (in the head, in the body), a few milliseconds after the last
        # byte sent, mostly by closing, some by a reset
        chosen = random.Random(27)
        for _ in range(CUT_OFFS):
            request = chosen.choice(requests_to_cut)
            # Mostly early, when the answer to a refused upload is on its way as the client goes; else anywhere.
            early = request.index(b"\r\n\r\n") + 64
            cut = chosen.randrange(1, early if chosen.random() < 0.7 else len(request))
            hang_up_during(address, request, cut, reset=chosen.random() < 0.25, delay=chosen.random() * 0.01)

        # then the hub still answers (a failed assertion takes a few seconds to print its trace and stop the
        # process), and a whole upload is still stored
        time.sleep(STOPPING_TIME)
        assert server.process.poll() is None and health_is_ok(server.base_url), server.log()[-3000:]
        for words in ("deinitialized before", "Assertion failed", "Fatal error"):
            assert words not in server.log(), server.log()[-3000:]
        stored = session.post(
            f"{server.base_url}/api/media?use=photo", data=png(2), headers={"Content-Type": "application/octet-stream"},
            timeout=60,
        )
        assert stored.status_code == 201, stored.text
