"""Starts a Heirloom server on loopback for a benchmark and talks to it."""

import http.client
import json
import os
import socket
import subprocess
import tempfile
import time
import uuid


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Hub:
    """A release-built server with its own data directory, stopped when the benchmark ends."""

    def __init__(self, binary, data_dir=None, arguments=(), env=None):
        self.binary = binary
        self.arguments = list(arguments)
        self.env = dict(env or {})
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="heirloom-bench-")
        self.port = free_port()
        self.process = None
        self.token = None

    def start(self):
        env = dict(
            os.environ, HEIRLOOM_DATA_DIR=self.data_dir, HEIRLOOM_PUBLIC_URL=f"http://127.0.0.1:{self.port}",
            HEIRLOOM_LAN_ADDRESS="127.0.0.1")
        env.pop("DATABASE_URL", None)
        env.update(self.env)
        os.makedirs(self.data_dir, exist_ok=True)
        log = open(os.path.join(self.data_dir, "server.log"), "ab")
        self.process = subprocess.Popen(
            [self.binary, "serve", "--hostname", "127.0.0.1", "--port", str(self.port)] + self.arguments,
            stdout=log, stderr=subprocess.STDOUT, env=env,
        )
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if self.request("GET", "/api/health")[0] == 200:
                    return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("the server did not start; see " + os.path.join(self.data_dir, "server.log"))

    def stop(self):
        if self.process:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def connection(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)

    def request(self, method, path, body=None, headers=None, connection=None):
        conn = connection or self.connection()
        headers = dict(headers or {})
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        if isinstance(body, (dict, list)):
            body = json.dumps(body)
            headers["Content-Type"] = "application/json"
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        data = response.read()
        if connection is None:
            conn.close()
        return response.status, data

    def set_up(self):
        status, data = self.request(
            "POST", "/api/setup",
            {"householdName": "Benchmark Family", "name": "Bench", "email": "bench@example.com",
             "password": "benchmark password"},
        )
        if status != 201:
            raise RuntimeError(f"set-up failed: {status} {data[:200]}")
        answer = json.loads(data)
        self.token = answer["token"]
        return answer

    def rss_kib(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0


def multipart(paths):
    """A multipart/form-data body with each file as a "file" part; returns (body, content type)."""
    boundary = f"bench-{uuid.uuid4().hex}"
    body = bytearray()
    for path in paths:
        with open(path, "rb") as file:
            data = file.read()
        body += (
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{os.path.basename(path)}\"\r\n"
            "Content-Type: image/jpeg\r\n\r\n"
        ).encode()
        body += data + b"\r\n"
    body += f"--{boundary}--\r\n".encode()
    return bytes(body), f"multipart/form-data; boundary={boundary}"


def percentile(samples, fraction):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def table(headers, rows):
    widths = [max(len(str(x)) for x in column) for column in zip(headers, *rows)]
    line = lambda cells: "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + " |"
    print(line(headers))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print(line(row))
