"""make bench-reports: the printed estate and insurance inventories of a 500-item household with a photo each,
and the household's export streamed from the same hub.

Prints two tables: pages, size and the time each report took, next to the goal (under about 50 MB for 500
items) and to the size of the original photos the report was made from; and the export's size, time and the
server's memory growth while streaming it (goal: far below the archive's size, since it is never built whole).

The photos are twelve-megapixel JPEGs of camera-like noise, which compresses worst of all, so a family's real
photos make smaller reports. BENCH_REPORT_PHOTOS distinct photos are shared round-robin by the items; each
item's photo is still made and embedded on its own, so the size is that of 500 different photos.
"""

import json
import os
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
from hub import Hub, multipart, table  # noqa: E402

ITEMS = int(os.environ.get("BENCH_REPORT_ITEMS", "500"))
PHOTOS = int(os.environ.get("BENCH_REPORT_PHOTOS", "25"))
GOAL_MB = 50


def run(*args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def make_photos(directory):
    base = os.path.join(directory, "base.v")
    run("vips", "gaussnoise", base, "4000", "3000", "--sigma", "40")
    paths = []
    for index in range(PHOTOS):
        path = os.path.join(directory, f"photo-{index:03}.jpg")
        run("vips", "linear", base, path + "[Q=90]", "1", str(index * 2), "--uchar")
        paths.append(path)
    return paths


def seed(hub, photos):
    categories = ["Furniture", "Jewelry", "Art", "China & Crystal", "Tools", "Collectibles", "Decor", "Rug"]
    status, data = hub.request("POST", "/api/beneficiaries", {"name": "Daisy Miller", "relationship": "daughter"})
    assert status == 201, data
    beneficiary = json.loads(data)["id"]
    connection = hub.connection()
    for index in range(ITEMS):
        status, data = hub.request(
            "POST", "/api/items",
            {"name": f"Keepsake number {index + 1}", "category": categories[index % len(categories)],
             "description": "Kept in the front room since 1962; a little worn on one corner, as it should be.",
             "estimatedValue": f"{50 + index * 7}.00", "purchasePrice": f"{20 + index}.00",
             "purchaseDate": "1962-06-14", "maker": "Walker & Hall", "serialNumber": f"WH-{index:05}"},
            connection=connection)
        assert status == 201, data
        item = json.loads(data)["id"]
        body, content_type = multipart([photos[index % len(photos)]])
        status, data = hub.request(
            "POST", f"/api/items/{item}/photos", body=body, headers={"Content-Type": content_type},
            connection=connection)
        assert status == 201, data
        if index % 5 == 0:
            status, data = hub.request(
                "POST", f"/api/items/{item}/beneficiaries",
                {"beneficiaryId": beneficiary, "accessPermission": "uponPassing",
                 "personalMessage": "With love, for your own home."}, connection=connection)
            assert status == 201, data
    connection.close()


def report(hub, path, directory):
    started = time.perf_counter()
    status, data = hub.request("GET", path)
    seconds = time.perf_counter() - started
    assert status == 200, data[:300]
    file = os.path.join(directory, os.path.basename(path))
    with open(file, "wb") as out:
        out.write(data)
    info = subprocess.run(["pdfinfo", file], check=True, capture_output=True, text=True).stdout
    pages = next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:"))
    return pages, len(data), seconds


def export(hub):
    """Streams GET /api/export to nowhere; returns (bytes, seconds, peak RSS growth in KiB)."""
    before = hub.rss_kib()
    peak = [before]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], hub.rss_kib())
            time.sleep(0.05)

    sampler = threading.Thread(target=sample)
    sampler.start()
    connection = hub.connection()
    started = time.perf_counter()
    connection.request("GET", "/api/export", headers={"Authorization": f"Bearer {hub.token}"})
    response = connection.getresponse()
    assert response.status == 200, response.status
    received = 0
    while chunk := response.read(1 << 20):
        received += len(chunk)
    seconds = time.perf_counter() - started
    done.set()
    sampler.join()
    connection.close()
    return received, seconds, peak[0] - before


def main():
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="heirloom-bench-reports-") as directory:
        photos = make_photos(directory)
        originals = sum(os.path.getsize(photos[i % len(photos)]) for i in range(ITEMS))
        hub = Hub(binary).start()
        try:
            hub.set_up()
            started = time.perf_counter()
            seed(hub, photos)
            print(f"Seeded {ITEMS} items with a 12-megapixel photo each in {time.perf_counter() - started:.0f} s.")
            rows = []
            for path in ["/api/reports/estate.pdf", "/api/reports/insurance.pdf"]:
                pages, size, seconds = report(hub, path, directory)
                rows.append([
                    os.path.basename(path), ITEMS, pages, f"{size / 1e6:.1f}", f"< {GOAL_MB}",
                    f"{originals / 1e6:.0f}", f"{seconds:.1f}"])
            table(["report", "items", "pages", "size MB", "goal MB", "original photos MB", "seconds"], rows)
            received, seconds, growth = export(hub)
            print()
            table(["export", "archive MB", "seconds", "MB/s", "server memory growth MB"], [[
                "/api/export", f"{received / 1e6:.0f}", f"{seconds:.1f}", f"{received / 1e6 / seconds:.0f}",
                f"{growth / 1024:.1f}"]])
        finally:
            hub.stop()


if __name__ == "__main__":
    main()
