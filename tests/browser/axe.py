"""axe-core in a page under test: what it finds serious, each finding with what it saw."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import axe_playwright_python
from playwright.sync_api import Page

# axe-core's own script, as the PyPI package axe-playwright-python ships it.
AXE_JS = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()


def serious_findings(page: Page, selector: str = "body",
                     rules: tuple[str, ...] = ()) -> list[str]:
    """axe-core's serious and critical findings inside ``selector`` (only ``rules``, if given)."""
    page.add_script_tag(content=AXE_JS)
    found: list[dict[str, Any]] = page.evaluate(
        """async ([selector, rules]) => (await axe.run(document.querySelector(selector),
             rules.length ? {runOnly: rules, resultTypes: ['violations']}
                          : {resultTypes: ['violations']})).violations""",
        [selector, list(rules)])
    return [f"{v['id']} at {node['target']}: "
            f"{node['any'][0]['message'] if node['any'] else v['help']}"
            for v in found if v["impact"] in ("serious", "critical") for node in v["nodes"]]


def serious_contrast(page: Page, selector: str = "body") -> list[str]:
    """axe-core's serious colour-contrast findings inside ``selector``."""
    return serious_findings(page, selector, ("color-contrast",))
