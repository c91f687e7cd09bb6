"""Benchmark (not a test): batch add from photos against a fake AI provider that answers in 1 s.

Uploads 20 photos as one batch and times until every photo is analysed, with the hub's default of 4 in flight.
The ideal is ceil(20 / 4) rounds of one analysis; one analysis is measured in the same run (a single photo
through /ai/analyze-item-photo), so the figure is compared with what this machine and provider really take.

Usage: bench_ai.py <heirloom binary>
"""

import base64
import json
import math
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "e2e", "browser"))

from fake_ai_provider import API_KEY, FakeProvider  # noqa: E402
from hub import Hub, multipart, table  # noqa: E402

PHOTOS = 20
IN_FLIGHT = 4
PROVIDER_SECONDS = 1.0


def make_photos(count):
    folder = tempfile.mkdtemp(prefix="heirloom-bench-ai-")
    paths = []
    for n in range(count):
        path = os.path.join(folder, f"photo-{n:02}.jpg")
        subprocess.run(["vips", "gaussnoise", path + "[Q=85]", "1024", "768"], check=True)
        paths.append(path)
    return paths


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/heirloom"
    fake = FakeProvider(delay=PROVIDER_SECONDS).start()
    os.environ.update(
        HEIRLOOM_AI_PROVIDER="gemini", HEIRLOOM_AI_BASE_URL=fake.base_url, HEIRLOOM_AI_API_KEY=API_KEY,
        HEIRLOOM_AI_MODEL="gemini-fake", HEIRLOOM_AI_CONCURRENCY=str(IN_FLIGHT),
    )
    hub = Hub(binary).start()
    try:
        hub.set_up()
        photos = make_photos(PHOTOS)

        # One analysis on its own: the unit the ideal is made of.
        with open(photos[0], "rb") as file:
            single = {"imageJpegBase64": base64.b64encode(file.read()).decode()}
        started = time.monotonic()
        status, data = hub.request("POST", "/ai/analyze-item-photo", single)
        one = time.monotonic() - started
        if status != 200:
            raise RuntimeError(f"single analysis failed: {status} {data[:200]}")

        # The batch: from the upload until every photo is done.
        body, content_type = multipart(photos)
        started = time.monotonic()
        status, data = hub.request("POST", "/api/batches", body, {"Content-Type": content_type})
        if status != 201:
            raise RuntimeError(f"batch failed: {status} {data[:200]}")
        uploaded = time.monotonic() - started
        batch_id = json.loads(data)["id"]
        while True:
            status, data = hub.request("GET", f"/api/batches/{batch_id}")
            states = [entry["state"] for entry in json.loads(data)["entries"]]
            if all(state in ("done", "failed") for state in states):
                break
            time.sleep(0.05)
        elapsed = time.monotonic() - started
        failed = states.count("failed")

        rounds = math.ceil(PHOTOS / IN_FLIGHT)
        ideal = rounds * one
        table(
            ["photos", "in flight", "provider", "one analysis", "ideal", "upload (stored, analysis started)",
             "batch (upload start to last result)", "last result after upload", "failed"],
            [[PHOTOS, IN_FLIGHT, f"{PROVIDER_SECONDS:.1f} s", f"{one:.2f} s",
              f"{ideal:.2f} s ({rounds} × {one:.2f} s)", f"{uploaded:.2f} s", f"{elapsed:.2f} s",
              f"{elapsed - uploaded:.2f} s", failed]],
        )
        print(f"\nbatch / ideal = {elapsed / ideal:.2f} (the ideal with the nominal 1 s provider is "
              f"{rounds * PROVIDER_SECONDS:.0f} s)")
    finally:
        hub.stop()
        fake.stop()


if __name__ == "__main__":
    main()
