"""make bench-items: 100,000 items; list, category and search latency next to a plain substring scan.

Fills the hub's SQLite database directly (after the server migrated it), then measures through the HTTP
API: the first list page, a category page and a prefix search, each p50 and p99 over many requests; and,
on the same table in the same run, the same search done as a plain substring scan (LIKE '%q%').
Goals on 2 cores: list and search p99 under 30 ms; search at least 10x faster than the substring scan.
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
from hub import Hub, percentile, table  # noqa: E402

COUNT = int(os.environ.get("BENCH_ITEMS", "100000"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "300"))

ADJECTIVES = ["antique", "silver", "oak", "walnut", "brass", "porcelain", "crystal", "mahogany", "pearl", "gold",
              "victorian", "handmade", "painted", "carved", "enamel", "copper", "leather", "silk", "wool", "pewter"]
OBJECTS = {
    "Furniture": ["dresser", "chair", "table", "bookcase", "cabinet", "desk", "bench"],
    "Jewelry": ["necklace", "ring", "brooch", "bracelet", "watch", "earrings"],
    "Art": ["painting", "print", "sculpture", "watercolour", "etching"],
    "China & Crystal": ["tea set", "vase", "decanter", "platter", "goblets"],
    "Rug": ["rug", "runner", "kilim"],
    "Decor": ["lamp", "mirror", "clock", "candlesticks"],
    "Collectibles": ["coins", "stamps", "figurines", "train set"],
    "Tools": ["plane", "toolbox", "saw", "chisel set"],
    "Luggage": ["trunk", "suitcase", "hatbox"],
    "Luxury Personal Items": ["handbag", "fountain pen", "cufflinks"],
    "Other": ["quilt", "radio", "camera"],
}
PHRASES = ["bought in", "a wedding present from", "handed down by", "made by", "found at a fair in", "kept since"]
PLACES = ["London", "Lisbon", "Chicago", "Tabriz", "Kyoto", "Dublin", "Vienna", "Toronto", "Oslo", "Naples"]
SEARCHES = ["sil", "mahog", "tabr", "pearl neck", "kyoto", "brooch", "walnut desk", "victor"]


def fill(database, household_id):
    random.seed(7)
    db = sqlite3.connect(database)
    now = time.time()
    rows, fts = [], []
    for index in range(COUNT):
        category = random.choice(list(OBJECTS))
        name = f"{random.choice(ADJECTIVES).capitalize()} {random.choice(OBJECTS[category])}"
        description = (f"{random.choice(PHRASES).capitalize()} {random.choice(PLACES)} in {random.randint(1900, 2020)}, "
                       f"{random.choice(ADJECTIVES)} and {random.choice(ADJECTIVES)}.")
        item_id = str(uuid.UUID(int=random.getrandbits(128))).upper()
        created = now - COUNT + index
        value = random.randint(10, 50_000) * 100 if random.random() < 0.8 else None
        rows.append((item_id, household_id, name, description, category, "USD", value, created, created))
        fts.append((name, category, description, item_id, household_id))
    db.executemany(
        "INSERT INTO items (id, household_id, name, description, category, currency_code, estimated_value, "
        "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.executemany("INSERT INTO items_fts (name, category, description, item_id, household_id) VALUES (?, ?, ?, ?, ?)",
                   fts)
    db.commit()
    db.execute("ANALYZE")
    db.close()


def http_latency(hub, paths):
    """p50 and p99 in ms of GETs over one kept-alive connection, cycling through `paths`."""
    conn = hub.connection()
    for path in paths[:5]:
        hub.request("GET", path, connection=conn)
    samples = []
    for round_ in range(ROUNDS):
        path = paths[round_ % len(paths)]
        started = time.perf_counter()
        status, _ = hub.request("GET", path, connection=conn)
        samples.append((time.perf_counter() - started) * 1000)
        if status != 200:
            raise RuntimeError(f"{path} answered {status}")
    conn.close()
    return percentile(samples, 0.5), percentile(samples, 0.99)


def sql_latency(database, household_id, queries, full_text):
    """p50 and p99 in ms of the searches as SQL on the same table: the server's FTS5 query, or a plain
    substring scan (LIKE '%q%' over name, description and category), which must read every row to find
    all matches, as ranking them needs."""
    db = sqlite3.connect(database)
    samples = []
    for round_ in range(max(40, ROUNDS // 4)):
        words = queries[round_ % len(queries)].split()
        if full_text:
            # as the server does it: rank up to 2,000 matches; list broader queries newest first
            match = " ".join(f'"{w}"*' for w in words)
            started = time.perf_counter()
            matches = db.execute(
                "SELECT COUNT(*) FROM (SELECT 1 FROM items_fts WHERE items_fts MATCH ? LIMIT 2001)", [match]
            ).fetchone()[0]
            order = "rowid DESC" if matches > 2000 else "rank"
            db.execute(f"SELECT item_id FROM items_fts WHERE items_fts MATCH ? AND household_id = ? "
                       f"ORDER BY {order} LIMIT 31", [match, household_id]).fetchall()
            samples.append((time.perf_counter() - started) * 1000)
            continue
        else:
            clause = " AND ".join("(name LIKE ? OR description LIKE ? OR category LIKE ?)" for _ in words)
            sql = f"SELECT id FROM items WHERE household_id = ? AND {clause}"
            params = [household_id] + [f"%{w}%" for w in words for _ in range(3)]
        started = time.perf_counter()
        db.execute(sql, params).fetchall()
        samples.append((time.perf_counter() - started) * 1000)
    db.close()
    return percentile(samples, 0.5), percentile(samples, 0.99)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/heirloom"
    work = tempfile.mkdtemp(prefix="heirloom-bench-items-")
    hub = Hub(binary, data_dir=work)
    try:
        hub.start()
        household_id = hub.set_up()["household"]["id"].upper()
        hub.stop()
        database = os.path.join(work, "heirloom.sqlite")
        print(f"Filling {COUNT:,} items…", flush=True)
        fill(database, household_id)
        hub.start()
        from urllib.parse import quote
        rows = []
        p50, p99 = http_latency(hub, ["/api/items?limit=30"])
        rows.append(["first list page (newest)", f"{p50:.1f}", f"{p99:.1f}", "< 30"])
        p50, p99 = http_latency(hub, [f"/api/items?limit=30&category={quote(c)}" for c in OBJECTS])
        rows.append(["category page", f"{p50:.1f}", f"{p99:.1f}", "< 30"])
        search = http_latency(hub, [f"/api/items?limit=30&q={quote(q)}" for q in SEARCHES])
        rows.append(["search (FTS5, prefix, ranked)", f"{search[0]:.1f}", f"{search[1]:.1f}", "< 30"])
        fts = sql_latency(database, household_id, SEARCHES, full_text=True)
        scan = sql_latency(database, household_id, SEARCHES, full_text=False)
        rows.append(["SQL only: the search's FTS5 query", f"{fts[0]:.2f}", f"{fts[1]:.2f}", ""])
        rows.append(["SQL only: same searches as LIKE '%q%' scan (all rows)", f"{scan[0]:.2f}", f"{scan[1]:.2f}", ""])
        rows.append(["search speed-up, SQL p50 (scan / FTS5)", f"{scan[0] / fts[0]:.0f}×", "", "≥ 10×"])
        rows.append(["search speed-up, end to end (scan SQL / HTTP search) p50", f"{scan[0] / search[0]:.1f}×", "", ""])
        print()
        table(["measure (ms)", "p50", "p99", "goal"], rows)
    finally:
        hub.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
