"""The command line: simulate many games, or list a variant's rule options.

    wartutor simulate classic_war --games 10000 --seed 0 --jobs 2 \\
        --set pickup=shuffled --set battle_limit=None --out results.csv
    wartutor simulate classic_war --games 10000 --against war_down=3
    wartutor rulings classic_war

Bad names and values end with a message saying what is allowed (exit code 2).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wartutor.core.errors import BadInput
from wartutor.core.rulings import Ruling, rules_from, rulings_of, settings_of
from wartutor.explore.simulate import DEFAULT_MAX_LENGTH, simulate
from wartutor.variants import VARIANTS, find_variant


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


def parse_settings(variant_name: str, pairs: Sequence[str]) -> dict[str, Any]:
    """``["pickup=shuffled", "war_down=3"]`` as settings of the variant's rules."""
    known = rulings_of(find_variant(variant_name).rules_type)
    settings: dict[str, Any] = {}
    for pair in pairs:
        name, equals, text = pair.partition("=")
        name = name.strip()
        if not equals:
            raise BadInput(f"--set {pair!r} is not NAME=VALUE",
                           allowed="NAME=VALUE, such as " + _example(known))
        if name not in known:
            raise BadInput(f"{name!r} is not a rule option of {variant_name}",
                           allowed=", ".join(known))
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
    raise argparse.ArgumentTypeError(f"{text!r} is not a whole number >= 1 or None")


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
    parser = argparse.ArgumentParser(prog="wartutor", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    names = ", ".join(VARIANTS)

    run = commands.add_parser("simulate", help="play many seeded games and summarise them")
    run.add_argument("variant", metavar="VARIANT", help=f"one of: {names}")
    run.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    run.add_argument("--seed", type=int, default=0, help="first seed; games use seed, seed+1, ...")
    run.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
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
    run.add_argument("--out", default=None, metavar="FILE.csv", help="write the per-game table")
    run.add_argument("--quiet", action="store_true", help="no progress bar")

    show = commands.add_parser("rulings", help="list a variant's rule options and agents")
    show.add_argument("variant", metavar="VARIANT", help=f"one of: {names}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = make_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "rulings":
            print(rulings_text(args.variant))
        else:
            run_simulation(args)
    except BadInput as e:  # a user's mistake: say what is allowed, no traceback
        print(f"wartutor {args.command}: error: {e}", file=sys.stderr)
        return 2
    return 0


def run_simulation(args: argparse.Namespace) -> None:
    from wartutor.explore.reading import read, read_comparison

    variant = find_variant(args.variant)
    settings = parse_settings(variant.name, args.set)
    rules = rules_from(variant.rules_type, settings)
    against = parse_settings(variant.name, args.against)
    other = rules_from(variant.rules_type, {**settings, **against}) if against else None
    names = args.agents.split(",") if args.agents else None
    agents = names[0] if names and len(names) == 1 else names
    tables = [simulate(variant.name, args.games, args.seed, r, agents=agents,
                       traced=args.traced, max_length=args.max_length, jobs=args.jobs,
                       progress=not args.quiet)
              for r in ([rules] if other is None else [rules, other])]
    if args.out:
        paths = [Path(args.out)]
        if len(tables) == 2:  # results.csv and results-against.csv
            paths.append(paths[0].with_name(f"{paths[0].stem}-against{paths[0].suffix}"))
        for table, path in zip(tables, paths, strict=False):
            table.to_csv(path)
            print(f"wrote {len(table)} games to {path}", file=sys.stderr)
    print(read(tables[0]))
    if len(tables) == 2:
        changed = ", ".join(f"{name}={value!r}" for name, value in against.items())
        print()
        print(read_comparison(tables[0], tables[1], "as set", changed))


if __name__ == "__main__":
    sys.exit(main())
