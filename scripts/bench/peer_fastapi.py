"""The reference of make bench-api: the Legacy Treasure Chest's backend stack answering Heirloom's item list.

FastAPI + uvicorn + SQLite, one worker, written the way such a service usually is: pydantic response models
with the same JSON fields as Heirloom's `GET /api/items` item, a bearer token looked up by its SHA-256 hash
on every request, keyset pagination (newest first, `created_at, id`), and each item's photos, documents and
audio stories read with the page, as Heirloom's JSON carries them. `GET /api/health` and `GET /api/me` are
there too, for the same comparison on the cheapest calls.

Run: PEER_DATABASE=peer.sqlite python3 -m uvicorn peer_fastapi:app --workers 1 (see bench_api.py, which also
fills the database with `seed`).
"""

import base64
import datetime
import hashlib
import os
import sqlite3
import threading
from typing import List, Optional

from fastapi import Depends, FastAPI, Header, HTTPException, Query
from pydantic import BaseModel

SCHEMA = """
CREATE TABLE IF NOT EXISTS households (id TEXT PRIMARY KEY, name TEXT NOT NULL, default_currency TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS users (id TEXT PRIMARY KEY, household_id TEXT NOT NULL REFERENCES households(id),
    name TEXT NOT NULL, email TEXT NOT NULL, role TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS auth_tokens (id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id),
    token_hash TEXT NOT NULL UNIQUE, expires_at REAL);
CREATE TABLE IF NOT EXISTS items (id TEXT PRIMARY KEY, household_id TEXT NOT NULL, name TEXT NOT NULL,
    description TEXT NOT NULL, category TEXT NOT NULL, currency_code TEXT NOT NULL, estimated_value INTEGER,
    suggested_price_new INTEGER, suggested_price_used INTEGER, purchase_price INTEGER, purchase_date TEXT,
    created_at REAL NOT NULL, updated_at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS items_newest ON items (household_id, created_at DESC, id DESC);
CREATE TABLE IF NOT EXISTS item_photos (id TEXT PRIMARY KEY, item_id TEXT NOT NULL, position INTEGER NOT NULL,
    original_url TEXT NOT NULL, display_url TEXT NOT NULL, thumbnail_url TEXT NOT NULL, width INTEGER NOT NULL,
    height INTEGER NOT NULL, taken_at REAL);
CREATE INDEX IF NOT EXISTS item_photos_item ON item_photos (item_id);
CREATE TABLE IF NOT EXISTS item_documents (id TEXT PRIMARY KEY, item_id TEXT NOT NULL, file_name TEXT NOT NULL,
    kind TEXT NOT NULL, size_bytes INTEGER NOT NULL, url TEXT NOT NULL, thumbnail_url TEXT, page_count INTEGER,
    created_at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS item_documents_item ON item_documents (item_id);
CREATE TABLE IF NOT EXISTS item_audio (id TEXT PRIMARY KEY, item_id TEXT NOT NULL, title TEXT NOT NULL,
    duration_seconds REAL NOT NULL, url TEXT NOT NULL, created_at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS item_audio_item ON item_audio (item_id);
"""


def seed(path, household_id, household_name, user, token, items):
    """Creates the peer's database: one household, its owner with `token`, and `items` (tuples as
    bench_api.py makes them: id, name, description, category, currency, value in cents or None, created)."""
    db = sqlite3.connect(path)
    db.executescript(SCHEMA)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("INSERT INTO households VALUES (?, ?, 'USD')", (household_id, household_name))
    db.execute("INSERT INTO users VALUES (?, ?, ?, ?, 'owner')", (user["id"], household_id, user["name"], user["email"]))
    db.execute("INSERT INTO auth_tokens VALUES (?, ?, ?, NULL)",
               (user["id"] + "-token", user["id"], hashlib.sha256(token.encode()).hexdigest()))
    db.executemany(
        "INSERT INTO items (id, household_id, name, description, category, currency_code, estimated_value, "
        "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(i[0], household_id, i[1], i[2], i[3], i[4], i[5], i[6], i[6]) for i in items])
    db.commit()
    db.execute("ANALYZE")
    db.close()


class Photo(BaseModel):
    id: str
    originalUrl: str
    displayUrl: str
    thumbnailUrl: str
    width: int
    height: int
    takenAt: Optional[datetime.datetime] = None


class Document(BaseModel):
    id: str
    fileName: str
    kind: str
    sizeBytes: int
    url: str
    thumbnailUrl: Optional[str] = None
    pageCount: Optional[int] = None


class AudioStory(BaseModel):
    id: str
    title: str
    durationSeconds: float
    waveform: List[float]
    url: str
    createdAt: datetime.datetime


class Item(BaseModel):
    id: str
    name: str
    description: str
    category: str
    estimatedValue: Optional[str] = None
    currencyCode: str
    suggestedPriceNew: Optional[str] = None
    suggestedPriceUsed: Optional[str] = None
    purchasePrice: Optional[str] = None
    purchaseDate: Optional[str] = None
    createdAt: datetime.datetime
    updatedAt: datetime.datetime
    photos: List[Photo]
    documents: List[Document]
    audioStories: List[AudioStory]


class ItemPage(BaseModel):
    items: List[Item]
    nextCursor: Optional[str] = None


class Health(BaseModel):
    status: str
    version: str
    hubName: str


class User(BaseModel):
    id: str
    name: str
    email: str


class Household(BaseModel):
    id: str
    name: str
    defaultCurrency: str


class Me(BaseModel):
    user: User
    household: Household
    role: str


app = FastAPI()
local = threading.local()


def database():
    """One SQLite connection per thread (FastAPI runs plain `def` endpoints on its thread pool)."""
    db = getattr(local, "db", None)
    if db is None:
        db = sqlite3.connect(os.environ["PEER_DATABASE"], check_same_thread=False)
        db.row_factory = sqlite3.Row
        local.db = db
    return db


def principal(authorization: Optional[str] = Header(None)):
    if not authorization or not authorization.startswith("Bearer "):
        raise HTTPException(401, "Sign in first.")
    digest = hashlib.sha256(authorization[7:].encode()).hexdigest()
    row = database().execute(
        "SELECT u.id, u.name, u.email, u.role, h.id AS household_id, h.name AS household_name, h.default_currency "
        "FROM auth_tokens t JOIN users u ON u.id = t.user_id JOIN households h ON h.id = u.household_id "
        "WHERE t.token_hash = ? AND (t.expires_at IS NULL OR t.expires_at > ?)",
        (digest, datetime.datetime.now().timestamp())).fetchone()
    if row is None:
        raise HTTPException(401, "Sign in first.")
    return row


def money(cents):
    return None if cents is None else f"{cents // 100}.{cents % 100:02d}"


def instant(seconds):
    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc)


@app.get("/api/health", response_model=Health)
def health():
    households = database().execute("SELECT name FROM households LIMIT 2").fetchall()
    return Health(status="ok", version="0.1.0", hubName=households[0]["name"] if len(households) == 1 else "Heirloom")


@app.get("/api/me", response_model=Me)
def me(who=Depends(principal)):
    return Me(user=User(id=who["id"], name=who["name"], email=who["email"]),
              household=Household(id=who["household_id"], name=who["household_name"],
                                   defaultCurrency=who["default_currency"]),
              role=who["role"])


@app.get("/api/items", response_model=ItemPage, response_model_exclude_none=True)
def items(limit: int = Query(30, ge=1, le=100), cursor: Optional[str] = None, who=Depends(principal)):
    db = database()
    if cursor:
        try:
            created, last_id = base64.urlsafe_b64decode(cursor.encode()).decode().split("|")
            created = float(created)
        except ValueError:
            raise HTTPException(400, "The cursor is not one this hub gave.")
        rows = db.execute(
            "SELECT * FROM items WHERE household_id = ? AND (created_at, id) < (?, ?) "
            "ORDER BY created_at DESC, id DESC LIMIT ?", (who["household_id"], created, last_id, limit + 1)).fetchall()
    else:
        rows = db.execute("SELECT * FROM items WHERE household_id = ? ORDER BY created_at DESC, id DESC LIMIT ?",
                          (who["household_id"], limit + 1)).fetchall()
    page = rows[:limit]
    ids = [row["id"] for row in page]
    marks = ",".join("?" * len(ids))
    photos, documents, stories = {}, {}, {}
    for row in db.execute(f"SELECT * FROM item_photos WHERE item_id IN ({marks}) ORDER BY position", ids):
        photos.setdefault(row["item_id"], []).append(Photo(
            id=row["id"], originalUrl=row["original_url"], displayUrl=row["display_url"],
            thumbnailUrl=row["thumbnail_url"], width=row["width"], height=row["height"],
            takenAt=instant(row["taken_at"]) if row["taken_at"] else None))
    for row in db.execute(f"SELECT * FROM item_documents WHERE item_id IN ({marks}) ORDER BY created_at", ids):
        documents.setdefault(row["item_id"], []).append(Document(
            id=row["id"], fileName=row["file_name"], kind=row["kind"], sizeBytes=row["size_bytes"], url=row["url"],
            thumbnailUrl=row["thumbnail_url"], pageCount=row["page_count"]))
    for row in db.execute(f"SELECT * FROM item_audio WHERE item_id IN ({marks}) ORDER BY created_at", ids):
        stories.setdefault(row["item_id"], []).append(AudioStory(
            id=row["id"], title=row["title"], durationSeconds=row["duration_seconds"], waveform=[], url=row["url"],
            createdAt=instant(row["created_at"])))
    result = [Item(
        id=row["id"], name=row["name"], description=row["description"], category=row["category"],
        estimatedValue=money(row["estimated_value"]), currencyCode=row["currency_code"],
        suggestedPriceNew=money(row["suggested_price_new"]), suggestedPriceUsed=money(row["suggested_price_used"]),
        purchasePrice=money(row["purchase_price"]), purchaseDate=row["purchase_date"],
        createdAt=instant(row["created_at"]), updatedAt=instant(row["updated_at"]),
        photos=photos.get(row["id"], []), documents=documents.get(row["id"], []),
        audioStories=stories.get(row["id"], [])) for row in page]
    next_cursor = None
    if len(rows) > limit:
        last = page[-1]
        next_cursor = base64.urlsafe_b64encode(f"{last['created_at']!r}|{last['id']}".encode()).decode()
    return ItemPage(items=result, nextCursor=next_cursor)
