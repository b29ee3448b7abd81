"""What the room store answers a class: calls a second for 30 screens, and one call's time.

    python benchmarks/room_store.py [--screens 30] [--seconds 3] [--calls 300]

Every screen of a room asks the store for new moves twice a second, so a class of thirty
needs about 60 calls a second. Each screen is a page with a kernel of its own, so here each
is a process of its own, asking (``actions``) as fast as it is answered, all at once. The
store as it is keeps its connections (a SQLite file: one a thread; PostgreSQL: one pool a
process, wartutor/rooms/connections.py); as it was, it made a connection for every call.
Both in SQLite on this machine's disk and in a real PostgreSQL server started for the run
(Debian's package, on a Unix socket).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from postgres import start_postgres

from wartutor.rooms import RoomStore
from wartutor.variants.classic_war import ClassicRules

NEEDED = 2  # calls a second from each screen


class ConnectionEachCall:
    """The store as it was: a connection made for every call, closed after it."""

    def __init__(self, connect: Callable[[], Any]) -> None:
        self.connect = connect

    @contextmanager
    def begun(self) -> Iterator[Any]:
        db = self.connect()
        try:
            cursor = db.cursor()
            cursor.execute("BEGIN")
            yield cursor
        finally:
            db.close()

    def close(self) -> None:
        pass


def store_at(url: str, way: str) -> RoomStore:
    store = RoomStore.at(url)
    if way == "before":
        store._connections = ConnectionEachCall(store._connections.connect)  # type: ignore[assignment]
    return store


def screen(runs: list[tuple[str, str, str]], seconds: float, start: Any, counts: Any) -> None:
    """One screen's process: for each run, as many calls as are answered in ``seconds``."""
    for url, code, way in runs:
        store = store_at(url, way)
        start.wait()
        calls, end = 0, time.monotonic() + seconds
        while time.monotonic() < end:
            store.actions(code)
            calls += 1
        counts.put(calls)
        store.close()


def a_class(runs: list[tuple[str, str, str]], screens: int, seconds: float) -> list[float]:
    """Calls a second the store answered ``screens`` screens, for each run."""
    spawn = multiprocessing.get_context("spawn")  # the pool's threads are not forked
    start, counts = spawn.Barrier(screens + 1), spawn.Queue()
    processes = [spawn.Process(target=screen, args=(runs, seconds, start, counts))
                 for _ in range(screens)]
    for p in processes:
        p.start()
    rates = []
    for _ in runs:
        start.wait()
        rates.append(sum(counts.get() for _ in range(screens)) / seconds)
    for p in processes:
        p.join()
    return rates


def one_call(url: str, code: str, way: str, calls: int) -> tuple[float, float]:
    """Median and 95th percentile of one screen's call, in ms."""
    store = store_at(url, way)
    times = []
    for _ in range(calls):
        begun = time.perf_counter()
        store.actions(code)
        times.append(time.perf_counter() - begun)
    return 1000 * statistics.median(times), 1000 * sorted(times)[int(0.95 * len(times))]


def a_room(url: str) -> str:
    store = RoomStore.at(url)
    code = store.open_room("classic_war", ClassicRules(), seats=2, students=2,
                           opener="benchmark")
    store.append(code, 0, ("turn",))
    return code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screens", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--calls", type=int, default=300, help="calls timed one by one")
    args = parser.parse_args()
    server = start_postgres()
    try:
        with tempfile.TemporaryDirectory() as folder:
            databases = {"SQLite": f"sqlite://{folder}/rooms.sqlite3",
                         "PostgreSQL": server.url}
            codes = {name: a_room(url) for name, url in databases.items()}
            runs = [(name, way) for name in databases for way in ("before", "after")]
            rates = a_class([(databases[n], codes[n], w) for n, w in runs],
                            args.screens, args.seconds)
            print(f"A class of {args.screens} screens asking at once (it needs "
                  f"{NEEDED * args.screens} calls a second), and one screen's call alone:\n")
            print("| database | connections | calls a second | median call | p95 call |")
            print("|---|---|---|---|---|")
            for (name, way), rate in zip(runs, rates, strict=True):
                median, p95 = one_call(databases[name], codes[name], way, args.calls)
                kept = ("one made for every call (before)" if way == "before" else
                        "kept (after): " + ("one a thread" if name == "SQLite" else
                                            "a pool a process"))
                print(f"| {name} | {kept} | {rate:,.0f} | {median:.2f} ms | {p95:.2f} ms |")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
