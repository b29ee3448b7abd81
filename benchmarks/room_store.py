"""How long a screen's look at its room takes: a kept connection beside one a call.

    python benchmarks/room_store.py [--calls N]

Every screen of a room asks the store for new moves twice a second, so a class of thirty
makes about 60 calls a second. The store keeps one connection a thread; the other column
opens a connection for each call, as the store did before. Both ask the same question
(``actions``) of the same room, in SQLite on this machine's disk and in a real PostgreSQL
server started for the run (Debian's package, on a Unix socket).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from postgres import start_postgres

from wartutor.rooms import RoomStore
from wartutor.variants.classic_war import ClassicRules


class ConnectionEachCall(RoomStore):
    """The store as it was: a new connection for every call, closed after it."""

    def _connection(self, *, fresh: bool = False) -> Any:
        self.close()
        return super()._connection(fresh=True)


def timed_calls(store: RoomStore, code: str, calls: int) -> list[float]:
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        store.actions(code)
        times.append(time.perf_counter() - start)
    return times


def row(name: str, url: str, calls: int) -> None:
    kept = RoomStore.at(url)
    code = kept.open_room("classic_war", ClassicRules(), seats=2, students=2,
                          opener="benchmark")
    kept.append(code, 0, ("turn",))
    each = ConnectionEachCall.at(url)
    for label, store in (("kept connection", kept), ("connection each call", each)):
        times = timed_calls(store, code, calls)
        print(f"| {name} | {label} | {1000 * statistics.median(times):.2f} ms | "
              f"{1000 * sorted(times)[int(0.95 * len(times))]:.2f} ms |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=500)
    args = parser.parse_args()
    print("| database | connection | median call | p95 call |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        row("SQLite", f"sqlite://{folder}/rooms.sqlite3", args.calls)
    server = start_postgres()
    try:
        row("PostgreSQL", server.url, args.calls)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
