"""make bench-api: requests a second under load, next to a FastAPI peer serving the same rows in the same run.

Heirloom (release build, production environment, SQLite) and the peer (scripts/bench/peer_fastapi.py:
FastAPI + uvicorn + SQLite, one worker) each get the same 10,000 items of one household; Heirloom also gets
memories (some with people) and journal cards (in open drawers, and in a locked drawer that must stay out of
the list). Then wrk (32 connections, 2 threads) loads each call for BENCH_SECONDS, three rounds, Heirloom and
the peer alternating, and the table shows the median round's requests a second and p50, and the worst p99.

BENCH_SECONDS and BENCH_ROUNDS change the load; BENCH_KEEP=1 keeps the seeded data directory (for profiling).

Goals on 2 cores: the item list page at least 2x the peer's requests a second; /api/health and /api/me at
least 10,000 a second; a memory-list and a journal-card page within 1.5x of the item page; p99 under 50 ms.
"""

import json
import os
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

sys.path.insert(0, os.path.dirname(__file__))
from bench_items import fill  # noqa: E402
from hub import Hub, free_port, table  # noqa: E402

ITEMS = int(os.environ.get("BENCH_ITEMS", "10000"))
SECONDS = int(os.environ.get("BENCH_SECONDS", "5"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
CONNECTIONS = 32
PAGE = 50
MEMORIES = 300
CARDS = 300
LOCKED_CARDS = 60


class Peer:
    """The FastAPI peer on a loopback port: uvicorn, one worker, its own SQLite file."""

    def __init__(self, work):
        self.database = os.path.join(work, "peer.sqlite")
        self.log = os.path.join(work, "peer.log")
        self.port = free_port()
        self.process = None

    def start(self):
        env = dict(os.environ, PEER_DATABASE=self.database)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "peer_fastapi:app", "--host", "127.0.0.1", "--port", str(self.port),
             "--workers", "1"],
            cwd=os.path.dirname(os.path.abspath(__file__)), env=env, stdout=open(self.log, "ab"),
            stderr=subprocess.STDOUT)
        deadline = time.time() + 60
        import http.client
        while time.time() < deadline:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                conn.request("GET", "/api/health")
                if conn.getresponse().status == 200:
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("the peer did not start; see " + self.log)

    def stop(self):
        if self.process:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def seed_heirloom_api(hub):
    """People, memories and journal cards through the API, as the apps make them."""
    people = []
    for name in ["Grandma Rose", "Grandpa Joe", "Aunt May", "Uncle Ben"]:
        status, data = hub.request("POST", "/api/people", {"name": name, "relationship": "family"})
        assert status == 201, (status, data[:200])
        people.append(json.loads(data)["id"])
    conn = hub.connection()
    for index in range(MEMORIES):
        boundary = "benchboundary"
        fields = {"type": "text", "title": f"Summer of {1950 + index % 60}", "content": "We went to the lake. " * 8,
                  "date": f"{1950 + index % 60}-07-14", "location": "Lake Tahoe", "context": "told at dinner",
                  "personIds": ",".join(str(p) for p in people[: index % 3])}
        body = "".join(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n"
                       for k, v in fields.items() if v) + f"--{boundary}--\r\n"
        status, data = hub.request("POST", "/api/memories", body.encode(),
                                   {"Content-Type": f"multipart/form-data; boundary={boundary}"}, connection=conn)
        assert status == 201, (status, data[:300])
    status, data = hub.request("GET", "/api/journal/drawers", connection=conn)
    assert status == 200, (status, data[:200])
    drawers = [d["id"] for d in json.loads(data)["drawers"]]
    for index in range(CARDS):
        card = {"drawerId": drawers[index % 3], "title": f"Day {index}",
                "text": "Walked to the market and bought bread. " * 6, "tags": ["market", f"week{index % 10}"],
                "createdAt": f"2026-{1 + index % 12:02d}-{1 + index % 28:02d}"}
        status, data = hub.request("POST", "/api/journal/cards", card, connection=conn)
        assert status == 201, (status, data[:300])
    # A locked drawer, whose cards the list must leave out.
    status, data = hub.request("POST", "/api/journal/drawers", {"name": "Sealed letters"}, connection=conn)
    assert status == 201, (status, data[:200])
    private = json.loads(data)["id"]
    for index in range(LOCKED_CARDS):
        card = {"drawerId": private, "title": f"Secret {index}", "text": "not for the list",
                "createdAt": "2026-12-31"}
        status, data = hub.request("POST", "/api/journal/cards", card, connection=conn)
        assert status == 201, (status, data[:300])
    status, data = hub.request("PATCH", f"/api/journal/drawers/{private}", {"isLocked": True}, connection=conn)
    assert status == 200, (status, data[:200])
    status, _ = hub.request("POST", "/api/journal/lock", connection=conn)
    assert status in (200, 204), status
    conn.close()


def item_rows(database, household_id):
    """The items `fill` wrote, for the peer: id, name, description, category, currency, value, created."""
    db = sqlite3.connect(database)
    rows = db.execute("SELECT id, name, description, category, currency_code, estimated_value, created_at "
                      "FROM items WHERE household_id = ?", [household_id]).fetchall()
    db.close()
    return rows


def wrk(port, path, token, seconds):
    command = ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s", "--latency", "--timeout", "10s"]
    if token:
        command += ["-H", f"Authorization: Bearer {token}"]
    output = subprocess.run(command + [f"http://127.0.0.1:{port}{path}"], check=True, capture_output=True,
                            text=True).stdout
    if "Non-2xx" in output or "Socket errors" in output:
        raise RuntimeError(f"wrk saw failures on {path}:\n{output}")
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))

    def latency(percent):
        value, unit = re.search(rf"^\s+{percent}%\s+([\d.]+)(us|ms|s)\s*$", output, re.M).groups()
        return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]

    return rps, latency(50), latency(99)


def check(port, path, token, expect):
    import http.client
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path, headers={"Authorization": f"Bearer {token}"} if token else {})
    response = conn.getresponse()
    body = response.read()
    assert response.status == 200, (path, response.status, body[:300])
    expect(json.loads(body))
    return len(body)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/heirloom"
    work = tempfile.mkdtemp(prefix="heirloom-bench-api-")
    hub = Hub(binary, data_dir=os.path.join(work, "hub"), arguments=["--env", "production"])
    peer = Peer(work)
    try:
        hub.start()
        answer = hub.set_up()
        household_id = answer["household"]["id"].upper()
        print("Seeding memories and journal cards through the API…", flush=True)
        seed_heirloom_api(hub)
        hub.stop()
        print(f"Filling {ITEMS:,} items into both databases…", flush=True)
        import bench_items
        bench_items.COUNT = ITEMS
        fill(os.path.join(hub.data_dir, "heirloom.sqlite"), household_id)
        from peer_fastapi import seed
        seed(peer.database, household_id, answer["household"]["name"],
             {"id": answer["user"]["id"], "name": answer["user"]["name"], "email": answer["user"]["email"]},
             hub.token, item_rows(os.path.join(hub.data_dir, "heirloom.sqlite"), household_id))
        hub.start()
        peer.start()

        items = f"/api/items?limit={PAGE}"
        calls = [
            ("items", items, True),
            ("health", "/api/health", True),
            ("me", "/api/me", True),
            ("memories", f"/api/memories?limit={PAGE}", False),
            ("journal", f"/api/journal/cards?limit={PAGE}", False),
        ]
        sizes = {}
        for server, port in [("heirloom", hub.port), ("peer", peer.port)]:
            sizes[(server, "items")] = check(port, items, hub.token, lambda b: len(b["items"]) == PAGE or 1 / 0)
            check(port, "/api/me", hub.token, lambda b: b["user"]["email"] == "bench@example.com" or 1 / 0)
        sizes[("heirloom", "memories")] = check(hub.port, calls[3][1], hub.token,
                                                lambda b: len(b["memories"]) == PAGE or 1 / 0)
        sizes[("heirloom", "journal")] = check(
            hub.port, calls[4][1], hub.token,
            lambda b: (len(b["cards"]) == PAGE and not any(c.get("title", "").startswith("Secret") for c in b["cards"]))
            or 1 / 0)
        print("Page sizes (bytes): " + ", ".join(f"{s} {c}: {n:,}" for (s, c), n in sizes.items()), flush=True)

        results = {}
        print(f"Warming up, then {ROUNDS} rounds of {SECONDS} s per call, {CONNECTIONS} connections…", flush=True)
        for name, path, on_peer in calls:
            wrk(hub.port, path, hub.token, 2)
            if on_peer:
                wrk(peer.port, path, hub.token, 2)
        for round_ in range(ROUNDS):
            for name, path, on_peer in calls:
                targets = [("heirloom", hub.port)] + ([("peer", peer.port)] if on_peer else [])
                if round_ % 2:
                    targets.reverse()
                for server, port in targets:
                    results.setdefault((server, name), []).append(wrk(port, path, hub.token, SECONDS))
            print(f"  round {round_ + 1} done", flush=True)

        def summary(key):
            runs = results[key]
            return (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs),
                    max(r[2] for r in runs))

        rows = []
        item_rps = summary(("heirloom", "items"))[0]
        goals = {"items": "≥ 2× peer", "health": "≥ 10,000/s", "me": "≥ 10,000/s", "memories": "≤ 1.5× item page",
                 "journal": "≤ 1.5× item page"}
        for name, path, on_peer in calls:
            rps, p50, p99 = summary(("heirloom", name))
            if on_peer:
                peer_rps, peer_p50, peer_p99 = summary(("peer", name))
                ratio = f"{rps / peer_rps:.2f}× peer"
            else:
                ratio = f"item page {item_rps / rps:.2f}× this"
            rows.append([f"GET {path}", "Heirloom", f"{rps:,.0f}", f"{p50:.2f}", f"{p99:.2f}", ratio, goals[name]])
            if on_peer:
                rows.append(["", "FastAPI peer", f"{peer_rps:,.0f}", f"{peer_p50:.2f}", f"{peer_p99:.2f}", "", ""])
        print()
        table(["call (32 connections)", "server", "requests/s", "p50 ms", "p99 ms", "ratio", "goal"], rows)
        print(f"\nMedian of {ROUNDS} rounds of {SECONDS} s (p99: the worst round); every p99 goal: < 50 ms.")
    finally:
        hub.stop()
        peer.stop()
        if os.environ.get("BENCH_KEEP"):
            # For profiling: the seeded hub's data directory and its token stay.
            print(f"Kept {hub.data_dir} (token {hub.token})")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
