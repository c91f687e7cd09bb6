"""make bench-summary: the estate summary (GET /api/estate/summary) over 10,000 items, next to the plain item list.

Fills the hub's SQLite database directly (after the server migrated it) with 10,000 items of mixed quantities,
values, currencies and dispositions, 300 sets holding 1,500 of them, and 20 beneficiaries; then measures through
the HTTP API, in the same run and over the same data, p50 and p99 of the summary and, as the reference, of the
first page of the plain item list (GET /api/items?limit=30). Goal on 2 cores: summary p99 under 100 ms.
"""

import os
import random
import shutil
import sqlite3
import sys
import tempfile
import time
import uuid

sys.path.insert(0, os.path.dirname(__file__))
from bench_items import http_latency  # noqa: E402
from hub import Hub, table  # noqa: E402

COUNT = int(os.environ.get("BENCH_SUMMARY_ITEMS", "10000"))
SETS = COUNT // 33
CATEGORIES = ["Furniture", "Jewelry", "Art", "China & Crystal", "Rug", "Decor", "Collectibles", "Tools", "Luggage",
              "Clothing", "Electronics", "Appliances", "Documents & Papers", "Other"]
VALUES = ["undecided", "undecided", "sell", "consign", "donate", "discard", "keep"]
STATUSES = ["notStarted", "inProgress", "done"]


def new_id():
    return str(uuid.UUID(int=random.getrandbits(128))).upper()


def fill(database, household_id):
    random.seed(19)
    db = sqlite3.connect(database)
    now = time.time()
    items = []
    for index in range(COUNT):
        value = random.choice(VALUES)
        status = "notStarted" if value == "undecided" else random.choice(STATUSES)
        amount = random.randint(1, 5000) * 100 if status == "done" and value in ("sell", "consign") else None
        estimated = random.randint(10, 50_000) * 100 if random.random() < 0.8 else None
        items.append((new_id(), household_id, f"Item {index}", "", random.choice(CATEGORIES),
                      random.choice(["USD"] * 9 + ["EUR"]), estimated, now - COUNT + index, now - COUNT + index,
                      random.choice([1] * 8 + [2, 6, 12]), value, status, "", amount))
    db.executemany(
        "INSERT INTO items (id, household_id, name, description, category, currency_code, estimated_value, "
        "created_at, updated_at, quantity, disposition_value, disposition_status, disposition_note, "
        "disposition_amount) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", items)
    sets, members = [], []
    pool = random.sample(items, SETS * 5)
    for index in range(SETS):
        set_id = new_id()
        value = random.choice(VALUES)
        status = "notStarted" if value == "undecided" else random.choice(STATUSES)
        sets.append((set_id, household_id, f"Set {index}", "other", "", 1, "USD", value, status, "",
                     random.randint(1, 900) * 100 if status == "done" else None, now, now))
        for item in pool[index * 5:(index + 1) * 5]:
            members.append((new_id(), set_id, item[0], random.randint(1, item[9]), now))
    db.executemany(
        "INSERT INTO item_sets (id, household_id, name, set_type, story, sell_together, currency_code, "
        "disposition_value, disposition_status, disposition_note, disposition_amount, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", sets)
    db.executemany("INSERT INTO item_set_members (id, set_id, item_id, quantity, created_at) VALUES (?, ?, ?, ?, ?)",
                   members)
    db.executemany(
        "INSERT INTO beneficiaries (id, household_id, name, email, is_linked_to_contact, name_edited_by_user, "
        "created_at, updated_at) VALUES (?, ?, ?, ?, 0, 1, ?, ?)",
        [(new_id(), household_id, f"Person {n}", None if n % 3 else f"p{n}@example.com", now, now) for n in range(20)])
    db.commit()
    db.execute("ANALYZE")
    db.close()


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/heirloom"
    work = tempfile.mkdtemp(prefix="heirloom-bench-summary-")
    hub = Hub(binary, data_dir=work)
    try:
        hub.start()
        household_id = hub.set_up()["household"]["id"].upper()
        hub.stop()
        print(f"Filling {COUNT:,} items and {SETS} sets…", flush=True)
        fill(os.path.join(work, "heirloom.sqlite"), household_id)
        hub.start()
        summary = http_latency(hub, ["/api/estate/summary"])
        listing = http_latency(hub, ["/api/items?limit=30"])
        rows = [
            ["GET /api/estate/summary", f"{summary[0]:.1f}", f"{summary[1]:.1f}", "< 100"],
            ["reference: GET /api/items?limit=30", f"{listing[0]:.1f}", f"{listing[1]:.1f}", ""],
            ["summary / list, p50", f"{summary[0] / listing[0]:.1f}×", "", ""],
        ]
        print()
        table(["measure (ms), same data, same run", "p50", "p99", "goal"], rows)
    finally:
        hub.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
