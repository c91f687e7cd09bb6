"""The Memory Palace app reaches the hub at a home-network IPv4 address over plain http. When the server itself
listens elsewhere (here 127.0.0.1, as behind a TLS proxy), the hub opens a second listener on that address; the
QR code names it, and the app's calls and the media addresses in its answers work there."""

import json

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
