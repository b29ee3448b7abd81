"""Gather the package's marked words into the catalogs, and compile the catalogs.

    make catalogs            # after changing words in the code, or a catalog
    python tools/catalogs.py new fr   # begin a language's catalog (docs/languages.md)

1. Every sentence marked in ``wartutor/`` (``_``, ``ngettext``, ``pgettext``,
   ``npgettext``, ``N_``: :mod:`wartutor.language`) goes into the template
   ``wartutor/locale/wartutor.pot``, with the comments written above it for translators.
2. Each language's ``wartutor.po`` is brought up to date with the template: a new
   sentence comes in untranslated, a changed one comes in "fuzzy" with its old
   translation for the translator to check (the tests refuse both until done).
3. Each ``wartutor.po`` is compiled to the ``wartutor.mo`` that the package reads.
"""

from __future__ import annotations

import copy
import datetime
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "wartutor"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "wartutor.pot"
KEYWORDS = {
    "_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
HEADER = {"project": "wartutor", "version": "catalog", "charset": "utf-8",
          "copyright_holder": "The wartutor authors",
          "msgid_bugs_address": "https://github.com/OWNER/wartutor/issues",
          "last_translator": "The wartutor authors", "language_team": "The wartutor authors",
          "header_comment": "# The words of wartutor (docs/languages.md: how to translate them).\n"}
SOME_DAY = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
# Two forms, one and more than one, as gettext has long had them for these languages
# (CLDR's third Spanish form is for millions, which no game of cards counts).
PLURALS = {"es": (2, "(n != 1)"), "de": (2, "(n != 1)")}


def template() -> Catalog:
    """The catalog of every marked sentence in the package, in a stable order."""
    catalog = Catalog(**HEADER, fuzzy=False)  # type: ignore[arg-type]
    found = extract_from_dir(str(PACKAGE), method_map=[("**.py", "python")],
                             keywords=KEYWORDS, comment_tags=("Translators:",),
                             strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(f"wartutor/{filename}", lineno)],
                    auto_comments=comments, context=context)
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    # No dates or line numbers: the files change only when the words do.
    write_po(out, catalog, width=96, omit_header=False, sort_output=False,
             include_lineno=False, ignore_obsolete=True)
    text = out.getvalue().decode()
    text = "\n".join(line for line in text.splitlines()
                     if not line.startswith(('"POT-Creation-Date:', '"PO-Revision-Date:')))
    return (text + "\n").encode()


def mo_bytes(catalog: Catalog) -> bytes:
    # The compiled header keeps no date either: the same words compile to the same bytes.
    catalog.creation_date = catalog.revision_date = SOME_DAY
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir())


def read(code: str) -> Catalog:
    with (LOCALE / code / "LC_MESSAGES" / "wartutor.po").open("rb") as f:
        return read_po(f, locale=code)


def update(code: str, pot: Catalog) -> Catalog:
    catalog = read(code)
    # A copy: Babel puts the template's own new messages into the catalog, and one
    # language's words must not become the next one's.
    catalog.update(copy.deepcopy(pot), update_header_comment=False)
    return catalog


def new(code: str) -> None:
    folder = LOCALE / code / "LC_MESSAGES"
    if folder.exists():
        sys.exit(f"{code} has a catalog already: {folder}")
    folder.mkdir(parents=True)
    catalog = Catalog(locale=code, **HEADER)  # type: ignore[arg-type]
    if code in PLURALS:
        catalog._num_plurals, catalog._plural_expr = PLURALS[code]
    catalog.fuzzy = False
    catalog.update(template())
    (folder / "wartutor.po").write_bytes(po_bytes(catalog))
    print(f"Begun: {folder / 'wartutor.po'}. Translate it, then: make catalogs")


def main() -> None:
    if sys.argv[1:2] == ["new"] and len(sys.argv) == 3:
        new(sys.argv[2])
        return
    pot = template()
    TEMPLATE.write_bytes(po_bytes(pot))
    for code in languages():
        catalog = update(code, pot)
        folder = LOCALE / code / "LC_MESSAGES"
        (folder / "wartutor.po").write_bytes(po_bytes(catalog))
        (folder / "wartutor.mo").write_bytes(mo_bytes(catalog))
        untranslated = sum(1 for m in catalog if m.id and (m.fuzzy or not all(
            m.string if isinstance(m.string, tuple) else (m.string,))))
        print(f"{code}: {sum(1 for m in catalog if m.id)} sentences, {untranslated} to translate")


if __name__ == "__main__":
    main()
