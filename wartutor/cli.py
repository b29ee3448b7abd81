"""The command line: serve the apps, copy the notebooks, simulate many games, or list a
variant's rule options.

    wartutor app                      # the apps on this machine (http://127.0.0.1:8866)
    wartutor class                    # the class server (see wartutor class --help)
    wartutor notebooks my-lessons     # copy the notebooks to edit them
    wartutor simulate classic_war --games 10000 --seed 0 --jobs 2 \\
        --set pickup=shuffled --set battle_limit=None --out results.csv
    wartutor simulate classic_war --games 10000 --against war_down=3
    wartutor rulings classic_war
    wartutor --version              # also: python -m wartutor ...

Every error is one line saying what is wrong and what is allowed, never a traceback
(exit code 2; 1 when writing the table fails). Everything typed is checked before the
first game is played.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, NoReturn

from wartutor import __version__
from wartutor.core.chance import MAX_SEED
from wartutor.core.errors import BadInput, quoted
from wartutor.core.limits import MAX_DIGITS
from wartutor.core.rulings import Ruling, rules_from, rulings_of, settings_of
from wartutor.explore.simulate import DEFAULT_MAX_LENGTH, default_jobs, simulate
from wartutor.local import START_PAGE, app_command, copy_notebooks
from wartutor.variants import VARIANTS, find_variant

MAX_JOBS = 256  # processes asked for; more than the machine's cores are never started


def parse_value(text: str, ruling: Ruling | None = None) -> Any:
    """A value typed on the command line: one of the ruling's choices if it names one,
    else None, true/false, a whole number, or the text itself (rules_from checks it)."""
    if ruling is not None:
        for choice in ruling.choices:
            if text == str(choice) or text.lower() == str(choice).lower():
                return choice
    if text.lower() in ("none", "null"):
        return None
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return int(text)
    except ValueError:
        return text


def parse_settings(
    variant_name: str, pairs: Sequence[str], option: str = "--set"
) -> dict[str, Any]:
    """``["pickup=shuffled", "war_down=3"]`` as settings of the variant's rules; a refusal
    names the ``option`` they were typed after."""
    known = rulings_of(find_variant(variant_name).rules_type)
    settings: dict[str, Any] = {}
    for pair in pairs:
        name, equals, text = pair.partition("=")
        name = name.strip()
        if not equals:
            raise BadInput(f"{option} {quoted(pair)} is not NAME=VALUE",
                           allowed="NAME=VALUE, such as " + _example(known))
        if name not in known:
            raise BadInput(f"{option} {quoted(pair)}: {quoted(name)} is not a rule option of "
                           f"{variant_name}", allowed=", ".join(known))
        settings[name] = parse_value(text.strip(), known[name])
    return settings


def _example(known: dict[str, Ruling]) -> str:
    name, meta = next(iter(known.items()), ("name", None))
    value = meta.choices[-1] if meta and meta.choices else "value"
    return f"{name}={value}"


def parse_max_length(text: str) -> int | None:
    value: int | None = parse_value(text)
    if value is None or (type(value) is int and value >= 1):
        return value
    raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number >= 1 or None")


def whole_number(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``least``, quoted shortened if not."""

    def parse(text: str) -> int:
        digits = text.strip().removeprefix("+")
        if not (digits.isascii() and digits.isdecimal()):
            raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number >= {least}")
        if len(digits) > MAX_DIGITS:  # checked before converting: 5,000 digits cannot be
            raise argparse.ArgumentTypeError(
                f"{quoted(text)} has {len(digits):,} digits, more than any seed or count "
                f"needs (the largest seed, {MAX_SEED}, has {MAX_DIGITS})")
        if int(digits) < least:
            raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number >= {least}")
        return int(digits)

    return parse


class Parser(argparse.ArgumentParser):
    """argparse, with each error in one line that points to --help (no usage block)."""

    def error(self, message: str) -> NoReturn:
        line = " ".join(message.split())
        if len(line) > 300:  # argparse repeats what it did not recognise, however long
            line = line[:297] + "..."
        self.exit(2, f"{self.prog}: error: {line} (see {self.prog} --help)\n")


def rulings_text(variant_name: str) -> str:
    """Every rule option of a variant: its ruling, question, allowed values and default."""
    variant = find_variant(variant_name)
    defaults = settings_of(variant.rules_type())
    lines = [f"{variant.title} ({variant.name}): rule options, set with --set NAME=VALUE", ""]
    for name, meta in rulings_of(variant.rules_type).items():
        lines += [f"{name}  (ruling {meta.id})",
                  f"    {meta.question}",
                  f"    allowed: {meta.describe_allowed()}",
                  f"    default: {defaults[name]!r}", ""]
    agents = list(variant.agents)
    lines.append(f"agents (--agents NAME, or one per seat, comma-separated): {', '.join(agents)}"
                 f"; default {agents[0]}")
    return "\n".join(lines)


def make_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="wartutor", description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--version", action="version", version=f"wartutor {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    names = ", ".join(VARIANTS)

    app = commands.add_parser("app", help="serve the apps on this machine (127.0.0.1)")
    app.add_argument("--port", type=whole_number(1), default=8866, help="default 8866")
    commands.add_parser("class", help="serve the apps to a class, behind a password "
                                      "(all its options: wartutor class --help)",
                        add_help=False)
    copy = commands.add_parser("notebooks", help="copy the notebooks to a folder, to edit them")
    copy.add_argument("destination", metavar="DEST", help="a new or empty folder")

    run = commands.add_parser("simulate", help="play many seeded games and summarise them")
    run.add_argument("variant", metavar="VARIANT", help=f"one of: {names}")
    run.add_argument("--games", type=whole_number(0), default=1000,
                     help="number of games (default 1000)")
    run.add_argument("--seed", type=whole_number(0), default=0,
                     help=f"first seed; games use seed, seed+1, ... up to {MAX_SEED}")
    run.add_argument("--jobs", type=whole_number(1), default=None,
                     help=f"processes, at most {MAX_JOBS} (default, and never more than: "
                          "the machine's cores)")
    run.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                     help="a rule option (repeatable); see 'wartutor rulings VARIANT'")
    run.add_argument("--against", action="append", default=[], metavar="NAME=VALUE",
                     help="also play the same seeds with this option changed (repeatable), "
                          "and compare")
    run.add_argument("--agents", default=None, metavar="NAME[,NAME...]",
                     help="one agent for all seats, or one per seat (default: the first agent)")
    run.add_argument("--max-length", type=parse_max_length, default=DEFAULT_MAX_LENGTH,
                     help=f"stop a game as unfinished after this length "
                          f"(default {DEFAULT_MAX_LENGTH}; None for no maximum)")
    run.add_argument("--traced", action="store_true",
                     help="play through the traced engine, never the fast path")
    run.add_argument("--out", default=None, metavar="FILE.csv",
                     help="write the per-game table (to a folder that exists)")
    run.add_argument("--quiet", action="store_true", help="no progress bar")

    show = commands.add_parser("rulings", help="list a variant's rule options and agents")
    show.add_argument("variant", metavar="VARIANT", help=f"one of: {names}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["class"]:  # the class server reads its own options
        from wartutor.serve import main as serve_class

        return serve_class(argv[1:])
    parser = make_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, or a malformed command line (reported in one line)
        return stop.code if isinstance(stop.code, int) else 0
    try:
        if args.command == "rulings":
            print(rulings_text(args.variant))
        elif args.command == "app":
            return serve_app(args.port)
        elif args.command == "notebooks":
            folder = copy_notebooks(args.destination)
            print(f"The notebooks are in {folder}: open them with jupyter lab {folder}")
        else:
            run_simulation(args)
    except BadInput as e:  # a user's mistake: say what is allowed, no traceback
        return _fail(args.command, str(e), 2)
    except OSError as e:  # writing the table (a full disk, a folder gone since the check)
        where = f"cannot write {quoted(e.filename)}: " if e.filename else ""
        return _fail(args.command, f"{where}{e.strerror or e}", 1)
    except BrokenProcessPool:
        return _fail(args.command, "a worker process stopped unexpectedly (out of memory?); "
                                   "try fewer --jobs", 1)
    except KeyboardInterrupt:
        return _fail(args.command, "stopped (Ctrl-C)", 130)
    return 0


def serve_app(port: int) -> int:
    """Voilà serving the apps on this machine, until Ctrl-C; its exit code."""
    print(f"Open http://127.0.0.1:{port}/{START_PAGE}  (Ctrl-C stops)", flush=True)
    try:
        return subprocess.call(app_command(port))
    except KeyboardInterrupt:
        return 0


def _fail(command: str, message: str, code: int) -> int:
    print(f"wartutor {command}: error: {' '.join(message.split())}", file=sys.stderr)
    return code


def out_paths(out: str | None, comparing: bool) -> list[Path]:
    """Where the tables go (results.csv, and results-against.csv when comparing), checked
    before any game is played."""
    if out is None:
        return []
    if not out.strip():
        raise BadInput("--out is empty", allowed="a file name such as results.csv")
    path = Path(out).expanduser()
    paths = [path, path.with_name(f"{path.stem}-against{path.suffix}")] if comparing else [path]
    folder = path.parent
    if not folder.is_dir():
        raise BadInput(f"--out {quoted(out)}: there is no folder {quoted(str(folder))}",
                       allowed="a file in a folder that exists")
    if not os.access(folder, os.W_OK):
        raise BadInput(f"--out {quoted(out)}: the folder {quoted(str(folder))} cannot be "
                       "written to", allowed="a file in a folder you may write to")
    for each in paths:
        if each.is_dir():
            raise BadInput(f"--out {quoted(str(each))} is a folder",
                           allowed="a file name such as results.csv")
    return paths


def check_seeds(seed: int, games: int) -> None:
    """The games' seeds, ``seed`` to ``seed + games - 1``, must all be seeds."""
    if seed > MAX_SEED:
        raise BadInput(f"--seed {quoted(seed)} is larger than the largest seed",
                       allowed=f"a seed from 0 to {MAX_SEED}")
    if games > MAX_SEED + 1:
        raise BadInput(f"--games {games} is more games than there are seeds",
                       allowed=f"at most {MAX_SEED + 1} games")
    if games and seed + games - 1 > MAX_SEED:
        raise BadInput(f"--seed {seed} with --games {games} needs seeds up to "
                       f"{seed + games - 1}, past the largest seed, {MAX_SEED}",
                       allowed=f"a --seed of at most {MAX_SEED - games + 1} for {games} games")


def check_jobs(jobs: int | None, quiet: bool) -> None:
    if jobs is None:
        return
    if jobs > MAX_JOBS:
        raise BadInput(f"--jobs {quoted(jobs)} is more processes than wartutor starts",
                       allowed=f"--jobs from 1 to {MAX_JOBS}; more than the machine's "
                               f"{default_jobs()} cores are never started")
    if jobs > default_jobs() and not quiet:
        print(f"--jobs {jobs}: this machine has {default_jobs()} cores, so "
              f"{default_jobs()} processes play", file=sys.stderr)


def run_simulation(args: argparse.Namespace) -> None:
    from wartutor.explore.reading import read, read_comparison

    variant = find_variant(args.variant)
    settings = parse_settings(variant.name, args.set)
    rules = rules_from(variant.rules_type, settings)
    against = parse_settings(variant.name, args.against, "--against")
    try:
        other = rules_from(variant.rules_type, {**settings, **against}) if against else None
    except BadInput as e:
        raise BadInput(f"--against: {e.problem}", allowed=e.allowed) from None
    names = args.agents.split(",") if args.agents else None
    agents = names[0] if names and len(names) == 1 else names
    check_seeds(args.seed, args.games)
    check_jobs(args.jobs, args.quiet)
    paths = out_paths(args.out, other is not None)
    tables = [simulate(variant.name, args.games, args.seed, r, agents=agents,
                       traced=args.traced, max_length=args.max_length, jobs=args.jobs,
                       progress=not args.quiet)
              for r in ([rules] if other is None else [rules, other])]
    for table, path in zip(tables, paths, strict=False):
        try:
            table.to_csv(path)
        except OSError as e:  # name the file: an error on closing it does not
            raise OSError(e.errno, e.strerror, str(path)) from None
        print(f"wrote {len(table)} games to {path}", file=sys.stderr)
    print(read(tables[0]))
    if len(tables) == 2:
        changed = ", ".join(f"{name}={value!r}" for name, value in against.items())
        print()
        print(read_comparison(tables[0], tables[1], "as set", changed))


if __name__ == "__main__":
    sys.exit(main())
