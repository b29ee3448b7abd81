"""How the room store reaches its database: the connections a server process keeps.

Every screen asks its room for new moves twice a second, so a class of thirty makes about
60 calls a second; on PostgreSQL, making a connection for a call costs far more than the
call (benchmarks/room_store.py measures both). So a process keeps its connections:

- **PostgreSQL**: one pool a process for each database address (``psycopg_pool``), shared
  by every store of that address in the process (a page's lobby, its board, every thread).
  It keeps one connection, opens a few more while calls overlap, and closes those again
  when they have been idle for a while.
- **A SQLite file**: one connection a thread, kept as long as the thread. Python's sqlite3
  refuses a connection in any thread but its own (``check_same_thread``), and sharing one
  safely would need a lock around every call, while opening a file on this disk costs
  little. Each thread's connection reads while another writes (the file is in WAL mode).
- **SQLite in memory**: one connection for all, since it *is* the database (a second
  connection would find an empty one).

Each gives :meth:`begun`: a cursor in a transaction just begun, on a connection that works.
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

POOL_MOST = 4  # connections a process's pool may hold while its threads' calls overlap
POOL_WAIT = 10.0  # seconds a call waits for a free connection, as SQLite for a lock


class ThreadConnections:
    """SQLite: one connection a thread (``shared``: one for every thread, in memory)."""

    def __init__(self, connect: Callable[[], Any], *, shared: bool = False) -> None:
        self.connect = connect
        self._shared = connect() if shared else None
        self._mine = threading.local()

    def _connection(self, *, fresh: bool = False) -> Any:
        if self._shared is not None:
            return self._shared
        db = None if fresh else getattr(self._mine, "db", None)
        if db is None:
            db = self._mine.db = self.connect()
        return db

    @contextmanager
    def begun(self) -> Iterator[Any]:
        try:
            cursor = self._connection().cursor()
            cursor.execute("BEGIN")
        except Exception:
            # A kept connection left unusable (a transaction that could not be ended): a
            # new one, once.
            cursor = self._connection(fresh=True).cursor()
            cursor.execute("BEGIN")
        yield cursor

    def close(self) -> None:
        """Close this thread's connection (a later call opens another)."""
        db = getattr(self._mine, "db", None)
        if db is not None:
            self._mine.db = None
            db.close()


_pools: dict[str, Any] = {}  # this process's pool for each PostgreSQL address
_pools_lock = threading.Lock()


@atexit.register
def _close_pools() -> None:
    """Close every pool as the process ends: left to the garbage collector, a pool waits
    seconds for threads the ending interpreter no longer runs (Python 3.13)."""
    with _pools_lock:
        pools = list(_pools.values())
        _pools.clear()
    for pool in pools:
        pool.close()


class PooledConnections:
    """PostgreSQL: this process's pool for the address ``url``."""

    def __init__(self, url: str) -> None:
        import psycopg

        self.url = url
        self.lost = (psycopg.OperationalError, psycopg.InterfaceError)
        self._pool()  # a database that cannot be reached is said now, by the store's maker

    def connect(self) -> Any:
        """A connection of its own, outside the pool (what the store did for every call
        before it kept any: benchmarks/room_store.py compares the two)."""
        import psycopg

        return psycopg.connect(self.url, autocommit=True)

    def _pool(self) -> Any:
        with _pools_lock:
            pool = _pools.get(self.url)
            if pool is None:
                from psycopg_pool import ConnectionPool

                # Said at once, in psycopg's words (no server there, a wrong password): a
                # pool would only retry in the background, and every page wait for it.
                self.connect().close()
                pool = _pools[self.url] = ConnectionPool(
                    self.url, kwargs={"autocommit": True}, min_size=1, max_size=POOL_MOST,
                    timeout=POOL_WAIT, num_workers=1, open=True, name="wartutor rooms")
            return pool

    @contextmanager
    def begun(self) -> Iterator[Any]:
        pool = self._pool()
        for attempt in (1, 2):
            with pool.connection() as db:
                try:
                    cursor = db.cursor()
                    cursor.execute("BEGIN")
                except self.lost:
                    if attempt == 2:
                        raise
                    # The server dropped the pool's connections (a restart): the pool
                    # replaces every broken one, and the call is tried again.
                    pool.check()
                    continue
                yield cursor
                return

    def close(self) -> None:
        """Close this process's pool for the address (a later call opens another)."""
        with _pools_lock:
            pool = _pools.pop(self.url, None)
        if pool is not None:
            pool.close()
