"""The Memory Palace app reaches the hub at a home-network IPv4 address over plain http. When the server itself
listens elsewhere (here 127.0.0.1, as behind a TLS proxy), the hub opens a second listener on that address; the
QR code names it, and the app's calls and the media addresses in its answers work there."""

import json
import struct
import zlib

import requests

from conftest import free_port, running_server, set_up_hub


def test_a_second_listener_on_the_home_network_address():
    # given a hub serving on 127.0.0.1 whose home-network address is 127.0.0.2 on another port
    lan_port = free_port()
    with running_server("home-network", env={"HEIRLOOM_LAN_ADDRESS": f"127.0.0.2:{lan_port}"}) as server:
        session = requests.Session()
        owner = set_up_hub(session, server.base_url)

        # when a phone is paired, then its code names the home-network address
        pairing = session.post(
            f"{server.base_url}/api/devices/pairing", json={"name": "Phone"},
            headers={"Authorization": f"Bearer {owner}"}, timeout=10)
        assert pairing.status_code == 201, pairing.text
        code = json.loads(pairing.json()["qrText"])
        assert code["serverIP"] == "127.0.0.2" and code["port"] == lan_port

        # and the app's calls are answered there, over plain http
        app = f"http://{code['serverIP']}:{code['port']}"
        assert requests.get(f"{app}/health", timeout=5).status_code == 200
        headers = {"x-auth-token": code["authToken"]}
        note = requests.post(
            f"{app}/api/memories/text", headers=headers, timeout=10,
            json={"title": "Recipe", "content": "Two eggs", "peopleIds": [], "whenWasThis": "", "whereWasThis": "",
                  "deviceName": "Phone"})
        assert note.status_code == 201, note.text
        memories = requests.get(f"{app}/api/memories", headers=headers, timeout=10).json()
        assert memories["success"] is True and memories["memories"][0]["title"] == "Recipe"

        # and the main address still serves everything else
        assert session.get(f"{server.base_url}/api/health", timeout=5).status_code == 200


def test_an_address_that_is_not_this_machine_is_reported_not_fatal():
    # given a home-network address this machine does not have
    with running_server("home-network-missing", env={"HEIRLOOM_LAN_ADDRESS": "192.0.2.1"}) as server:
        # then the hub still serves, and says why phones cannot connect
        assert requests.get(f"{server.base_url}/health", timeout=5).status_code == 200
        assert "Cannot listen on the home-network address 192.0.2.1" in server.log()


def small_png():
    """A 16 by 16 grey PNG, made here."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"\x80\x80\x80" * 16 for _ in range(16))
    header = struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def test_the_home_network_listener_answers_only_the_memory_palace_app():
    # given a hub serving on 127.0.0.1 with its home-network listener at 127.0.0.2, and a paired phone
    lan_port = free_port()
    with running_server("home-network-only-app", env={"HEIRLOOM_LAN_ADDRESS": f"127.0.0.2:{lan_port}"}) as server:
        session = requests.Session()
        owner = set_up_hub(session, server.base_url)
        bearer = {"Authorization": f"Bearer {owner}"}
        pairing = session.post(
            f"{server.base_url}/api/devices/pairing", json={"name": "Phone"}, headers=bearer, timeout=10)
        code = json.loads(pairing.json()["qrText"])
        app = f"http://127.0.0.2:{lan_port}"

        # when the hub's pages, its password log-in and the household export are asked for there
        refused = [
            requests.get(f"{app}/login", timeout=5),
            requests.post(f"{app}/login", data={"email": "ann@example.com", "password": "x"}, timeout=5),
            requests.post(f"{app}/api/auth/login", json={"email": "ann@example.com", "password": "x"}, timeout=5),
            requests.get(f"{app}/api/export", headers=bearer, timeout=5),
            requests.get(f"{app}/api/export", headers={"x-auth-token": code["authToken"]}, timeout=5),
            requests.get(f"{app}/api/health", timeout=5),
            requests.get(f"{app}/", timeout=5),
            requests.get(f"{app}/api/people", headers=bearer, timeout=5),
        ]

        # then each is 404, with nothing of the hub in it
        for response in refused:
            assert response.status_code == 404, (response.request.method, response.url, response.status_code)
            assert response.json()["error"]["code"] == "not_found"
            assert "set-cookie" not in response.headers

        # while the app's own calls work there, and everything still works at the main address
        assert requests.get(f"{app}/health", timeout=5).status_code == 200
        people = requests.get(f"{app}/api/people", headers={"x-auth-token": code["authToken"]}, timeout=10)
        assert people.status_code == 200 and people.json()["success"] is True
        photo = requests.post(
            f"{app}/api/memories/photo", headers={"x-auth-token": code["authToken"]}, timeout=30,
            files={"photo": ("photo.jpg", small_png(), "image/jpeg")},
            data={"title": "Garden", "description": "", "whenWasThis": "", "whereWasThis": "", "deviceName": "Phone"})
        assert photo.status_code == 201, photo.text
        memories = requests.get(f"{app}/api/memories", headers={"x-auth-token": code["authToken"]}, timeout=10)
        image = memories.json()["memories"][0]["imageUrl"]
        assert image.startswith(f"{app}/app/media/")
        assert requests.get(image, timeout=10).status_code == 200
        assert session.get(f"{server.base_url}/login", timeout=5).status_code == 200
        assert session.get(f"{server.base_url}/api/export", headers=bearer, timeout=30).status_code == 200


def test_behind_https_no_plain_listener_is_opened_unless_asked_for():
    # given a hub whose public address is https and whose home-network address is not set
    with running_server(
        "home-network-https", env={"HEIRLOOM_PUBLIC_URL": "https://hub.example", "HEIRLOOM_LAN_ADDRESS": ""}
    ) as server:
        session = requests.Session()
        owner = set_up_hub(session, server.base_url)

        # when a phone is paired, then its code names no plain-http address, and the log says why
        pairing = session.post(
            f"{server.base_url}/api/devices/pairing", json={"name": "Phone"},
            headers={"Authorization": f"Bearer {owner}"}, timeout=10)
        assert pairing.status_code == 201, pairing.text
        code = json.loads(pairing.json()["qrText"])
        assert "serverIP" not in code and code["serverURL"] == "https://hub.example"
        assert "HEIRLOOM_PUBLIC_URL is https, so no plain-http listener is opened" in server.log()
