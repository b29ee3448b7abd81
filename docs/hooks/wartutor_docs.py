"""MkDocs hooks: the parts of the site that are read from the code, so they cannot drift.

A page asks for them with HTML comments, each on a line of its own:

- ``<!-- wartutor:rulings VARIANT -->``: the variant's rulings, from the ``ruling(...)``
  metadata of its rules dataclass (``wartutor.core.rulings.rulings_of``), its fixed
  rulings, and the settings rooms and shared screens play;
- ``<!-- wartutor:rules-cited VARIANT -->``: the rule sections its explanations cite
  (``variant.rule_titles``); each id must also appear in the page's own words;
- ``<!-- wartutor:deck war_room -->``: the shipped War Room deck, card by card;
- ``<!-- wartutor:readme SECTION -->``: a section of README.md, whose links are pointed at
  the repository or at this site;
- ``<!-- wartutor:include FILE -->``: a file of the repository (CHANGELOG.md);
- ``<!-- wartutor:schema FILE -->``: a JSON Schema shipped in ``wartutor/schemas``, which
  the site also publishes under ``schemas/``.

Every ``pycon`` block (``>>>`` lines and their output) is run as a doctest when the page is
built, one namespace a page: a worked example whose output has changed fails the build.
"""

from __future__ import annotations

import doctest
import logging
import posixpath
import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from wartutor import schemas
from wartutor.core.rulings import rulings_of
from wartutor.variants import find_variant

log = logging.getLogger("mkdocs.hooks.wartutor")

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FOLDER = "schemas"  # where the site publishes the schema files
_MARKER = re.compile(r"^<!-- wartutor:([a-z-]+) (.+?) -->$", re.MULTILINE)
_PYCON = re.compile(r"^```pycon\n(.*?)^```$", re.MULTILINE | re.DOTALL)
_LINK = re.compile(r"(!?\[[^\]]*\])\(([^)\s]+)\)")


# Rulings and rule sections


def _cell(text: object) -> str:
    """Text for one cell of a Markdown table: one line, no bare pipe."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _value(value: object) -> str:
    return f"`{value!r}`"


def rulings_markdown(name: str) -> str:
    """The rulings of variant ``name`` as Markdown tables."""
    variant = find_variant(name)
    lines = ["| Ruling | Question | Default | Allowed | Why |", "|---|---|---|---|---|"]
    defaults = variant.rules_type()
    for option, meta in rulings_of(variant.rules_type).items():
        allowed = meta.allowed_text or ", ".join(_value(c) for c in meta.choices)
        lines.append(f"| **{meta.id}**<br>`{option}` | {_cell(meta.question)} | "
                     f"{_value(getattr(defaults, option))} | {_cell(allowed)} | "
                     f"{_cell(meta.why)} |")
    fixed = getattr(variant, "fixed_rulings", ())
    if fixed:
        lines += ["", "Fixed rulings (one sensible answer; cited, not switchable):", "",
                  "| Ruling | Question | Answer |", "|---|---|---|"]
        lines += [f"| **{f.id}** | {_cell(f.question)} | {_cell(f.answer)} |" for f in fixed]
    shared = getattr(variant, "shared_play_settings", {})
    if shared:
        settings = ", ".join(
            f"**{rulings_of(variant.rules_type)[k].id}** {_value(v)}" for k, v in shared.items())
        lines += ["", f"Rooms and shared screens play {settings} unless the teacher chooses "
                      "otherwise: being asked then gives no hidden card away."]
    return "\n".join(lines)


def _ruling_ids(name: str) -> set[str]:
    variant = find_variant(name)
    ids = {meta.id for meta in rulings_of(variant.rules_type).values()}
    return ids | {f.id for f in getattr(variant, "fixed_rulings", ())}


def rule_sections(name: str) -> dict[str, str]:
    """The rule sections (not rulings) that explanations of variant ``name`` cite."""
    rulings = _ruling_ids(name)
    titles = find_variant(name).rule_titles
    return {rule: title for rule, title in titles.items()
            if rule not in rulings and not title.startswith("ruling ")}


def rules_cited_markdown(name: str, page_text: str, page: Page) -> str:
    sections = rule_sections(name)
    missing = [rule for rule in sections if f"**{rule}**" not in page_text]
    if missing:
        log.warning("%s: the rule sections %s are cited by the app but not described on "
                    "this page (write **ID** where the rules explain them)",
                    page.file.src_uri, ", ".join(missing))
    lines = ["| Cited as | What the app shows |", "|---|---|"]
    lines += [f"| **{rule}** | {_cell(title)} |" for rule, title in sections.items()]
    return "\n".join(lines)


def war_room_deck_markdown() -> str:
    """The shipped War Room deck (ruling WR-DECK's default), card by card."""
    from wartutor.variants.war_room.deck import default_deck
    from wartutor.variants.war_room.explain import instruction_text

    deck = default_deck()
    lines = [f"**{deck.name}** ({len(deck.cards)} cards): {_cell(deck.description)}", "",
             "| Code | Card | VC | Copies | Activation |", "|---|---|---|---|---|"]
    for kind, copies in zip(deck.kinds, deck.copies, strict=True):
        steps = "; then ".join(instruction_text(step) for step in kind.instructions)
        lines.append(f"| `{kind.code}` | {_cell(kind.name)} | {kind.vc} | {copies} | "
                     f"{_cell(steps) or 'none: it can only decline'} |")
    return "\n".join(lines)


# README sections and repository files


def _blob_base(config: MkDocsConfig) -> str:
    return f"{str(config.repo_url).rstrip('/')}/blob/main/"


def _relink(markdown: str, page: Page, config: MkDocsConfig) -> str:
    """Links relative to the repository's root: to this site for docs/, else to the
    repository."""
    def link(found: re.Match[str]) -> str:
        label, target = found.groups()
        if re.match(r"^[a-z][a-z0-9+.-]*:|^#", target):
            return found.group(0)
        if target.startswith("docs/"):
            here = posixpath.dirname(page.file.src_uri)
            return f"{label}({posixpath.relpath(target[len('docs/'):], here or '.')})"
        return f"{label}({_blob_base(config)}{target})"
    return _LINK.sub(link, markdown)


def readme_section(title: str, page: Page, config: MkDocsConfig) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text,
                      re.MULTILINE | re.DOTALL)
    if found is None:
        raise PluginError(f"{page.file.src_uri}: README.md has no section '## {title}'")
    return _relink(found.group(1).strip(), page, config)


def include(path: str, page: Page, config: MkDocsConfig) -> str:
    file = ROOT / path
    if not file.is_file():
        raise PluginError(f"{page.file.src_uri}: there is no file {path} to include")
    return _relink(file.read_text(encoding="utf-8").strip(), page, config)


# Schemas


def _schema_files() -> list[str]:
    return [schemas.TRACE_FILE, *(schemas.position_file(v) for v in schemas.VARIANT_NAMES)]


def schema_markdown(file: str, page: Page) -> str:
    if file not in _schema_files():
        raise PluginError(f"{page.file.src_uri}: no schema {file} in wartutor/schemas")
    here = posixpath.dirname(page.file.src_uri)
    link = posixpath.relpath(f"{SCHEMA_FOLDER}/{file}", here or ".")
    text = schemas.schema_text(file).strip()
    return (f"[Download `{file}`]({link})\n\n"
            f'??? abstract "`{file}`"\n\n'
            + "\n".join(f"    {line}" if line else "" for line in
                        ["```json", *text.splitlines(), "```"]))


# Worked examples


def run_examples(markdown: str, page: Page) -> None:
    """Run every pycon block of the page as a doctest, in one namespace; fail the build
    with the doctest report if one's output differs."""
    blocks = [(markdown.count("\n", 0, found.start(1)), found.group(1))
              for found in _PYCON.finditer(markdown)]
    if not blocks:
        return
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    namespace: dict[str, Any] = {"__name__": f"docs.{page.file.src_uri}"}
    report: list[str] = []
    for number, (line, block) in enumerate(blocks, start=1):
        test = parser.get_doctest(block, namespace, f"{page.file.src_uri} example {number}",
                                  page.file.src_uri, line)
        runner.run(test, out=report.append, clear_globs=False)
        namespace = test.globs  # a DocTest runs in a copy: the next block goes on from it
    if runner.failures:
        raise PluginError(f"{page.file.src_uri}: {runner.failures} worked example(s) no "
                          "longer give the output shown:\n" + "".join(report))


# The hooks


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for file in _schema_files():
        files.append(File.generated(config, f"{SCHEMA_FOLDER}/{file}",
                                    content=schemas.schema_text(file)))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    def expand(found: re.Match[str]) -> str:
        kind, argument = found.groups()
        if kind == "rulings":
            return rulings_markdown(argument)
        if kind == "rules-cited":
            return rules_cited_markdown(argument, markdown, page)
        if kind == "deck" and argument == "war_room":
            return war_room_deck_markdown()
        if kind == "readme":
            return readme_section(argument, page, config)
        if kind == "include":
            return include(argument, page, config)
        if kind == "schema":
            return schema_markdown(argument, page)
        raise PluginError(f"{page.file.src_uri}: unknown marker wartutor:{kind}")

    run_examples(markdown, page)  # before the markers grow the page: its own line numbers
    return _MARKER.sub(expand, markdown)
