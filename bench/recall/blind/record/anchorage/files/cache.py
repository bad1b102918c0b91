"""A small SQLite cache of external link results, so CI does not fetch every URL on every run.

SQLite rather than a JSON file: a CI job killed mid-write leaves a half-written JSON file, while a
SQLite commit is atomic, and expiry is a WHERE clause. The file is .anchorage-cache.sqlite in the
working directory unless ANCHORAGE_CACHE names another path (CI keeps it between runs).

Good results are kept OK_TTL (24 h), failures only FAIL_TTL (1 h): a link someone just fixed
should turn green on the next push, not tomorrow.
"""

import os
import sqlite3
import time

DEFAULT_PATH = ".anchorage-cache.sqlite"
OK_TTL = 24 * 3600
FAIL_TTL = 3600

SCHEMA = """
CREATE TABLE IF NOT EXISTS link_status (
    url TEXT PRIMARY KEY,
    status TEXT NOT NULL,   -- the HTTP code, or why the URL could not be fetched
    ok INTEGER NOT NULL,
    checked_at REAL NOT NULL
)
"""


class LinkCache:
    def __init__(self, path: str | None = None, now=time.time) -> None:
        self.path = path or os.environ.get("ANCHORAGE_CACHE", DEFAULT_PATH)
        self.now = now
        self.db = sqlite3.connect(self.path)
        self.db.execute(SCHEMA)

    def get(self, url: str) -> int | str | None:
        row = self.db.execute(
            "SELECT status, ok, checked_at FROM link_status WHERE url = ?", (url,)
        ).fetchone()
        if row is None:
            return None
        status, ok, checked_at = row
        if self.now() - checked_at > (OK_TTL if ok else FAIL_TTL):
            return None
        return int(status) if status.isdigit() else status

    def put(self, url: str, status: int | str) -> None:
        ok = isinstance(status, int) and status < 400
        self.db.execute(
            "INSERT OR REPLACE INTO link_status (url, status, ok, checked_at) VALUES (?, ?, ?, ?)",
            (url, str(status), int(ok), self.now()),
        )
        self.db.commit()

    def purge(self) -> int:
        """Forgets every result; returns how many there were."""
        n = self.db.execute("DELETE FROM link_status").rowcount
        self.db.commit()
        return n

    def close(self) -> None:
        self.db.close()
