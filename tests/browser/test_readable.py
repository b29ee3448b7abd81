"""Every app readable at every setting, on a classroom screen (1366x768), in the real Voilà.

Each app's own notebook is opened once in the light theme and kept open while the tests
below run in turn (the pages are shared, so the file stays quick): the choices stay put
while the moments play, the colours read, Large print makes every control bigger, and
with the rules cited and Large print on no explanation runs off the edge of its box or
is cut. Each app is opened again in Voilà's dark theme for its colours. Screenshots of
each app in light, dark and Large print go to test-artifacts/.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from axe import serious_contrast
from choices import ask_for_the_first_rank_that_may_be_asked
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from servers import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, Server

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1366, 768
APPS = ("classic_war", "guerrilla_tactics", "war_room", "trade_war", "arsenal")

# Where the apps explain: what just happened, the reasons beside the choices, the banner,
# the messages and the log.
EXPLANATIONS = ".wt-happened, .wt-reason, .wt-banner, .wt-message, .wt-log"

# Each explanation region that lays its words out wider than itself, hides words it cannot
# show, or scrolls without a scrollbar; and whether the moment on show starts inside it.
CUT_WORDS = """(selector) => {
  const problems = [];
  const name = el => el.className.split(' ').filter(c => c.startsWith('wt-')).join(' ');
  for (const el of document.querySelectorAll(selector)) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) { continue; }
    const style = getComputedStyle(el);
    if (el.scrollWidth > el.clientWidth + 1) {
      problems.push(`${name(el)}: laid out ${el.scrollWidth} px wide in ${el.clientWidth} px`);
    }
    for (const inner of el.querySelectorAll('*')) {
      const r = inner.getBoundingClientRect();
      if (r.width > 0 && r.right > box.right + 1) {
        problems.push(`${name(el)}: '${inner.textContent.slice(0, 40)}' runs off the right`);
        break;
      }
      const own = getComputedStyle(inner);
      if (inner.scrollHeight > inner.clientHeight + 1 && inner.clientHeight > 0 &&
          ['hidden', 'clip'].includes(own.overflowY)) {
        problems.push(`${name(el)}: '${inner.textContent.slice(0, 40)}' cut at the bottom`);
        break;
      }
    }
    if (el.scrollHeight > el.clientHeight + 1) {
      const scrolls = ['auto', 'scroll'].includes(style.overflowY);
      const bar = el.offsetWidth - el.clientWidth - parseFloat(style.borderLeftWidth)
                  - parseFloat(style.borderRightWidth);
      if (!scrolls) { problems.push(`${name(el)}: cut at the bottom, no scrollbar`); }
      else if (bar < 4) { problems.push(`${name(el)}: scrolls without a scrollbar`); }
    }
  }
  const now = document.querySelector('.wt-happened .wt-now');
  const happened = document.querySelector('.wt-happened');
  if (now && happened) {
    const a = now.getBoundingClientRect(), b = happened.getBoundingClientRect();
    if (a.top < b.top || a.top + 20 > b.bottom) { problems.push('the moment on show is hidden'); }
  }
  return problems;
}"""

# Every control on show, in page order: its kind and words, font size, width and height,
# and whether its words are cut short ("Nor…").
CONTROLS = """() => {
  const app = document.querySelector('.wt-app');
  const found = app.querySelectorAll(
    'button, select, input[type=text], input[type=checkbox], .widget-label, ' +
    '.widget-checkbox label, .wt-card-button, svg text');
  return [...found].filter(el => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && el.closest('.jupyter-widgets-output-area, .wt-watch')
      === null && !el.closest('.widget-play');
  }).map(el => {
    const r = el.getBoundingClientRect();
    const words = (el.getAttribute('placeholder') || el.textContent || el.tagName).trim();
    return {name: el.tagName.toLowerCase() + ' ' + words.slice(0, 30),
            font: parseFloat(getComputedStyle(el).fontSize), width: r.width, height: r.height,
            cut: el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1};
  });
}"""


@pytest.fixture(scope="module")
def context(browser: Browser) -> Iterator[BrowserContext]:
    # Headless Chromium hides scrollbars unless asked: a student's browser draws them, and a
    # box that scrolls must be seen to.
    drawn = browser.browser_type.launch(executable_path=CHROMIUM, headless=True,
                                        args=CHROMIUM_ARGS,
                                        ignore_default_args=["--hide-scrollbars"])
    context = drawn.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    context.set_default_timeout(60_000)
    yield context
    context.close()
    drawn.close()


@pytest.fixture(scope="module")
def apps(context: BrowserContext, voila_server: Server) -> Iterator[dict[str, Page]]:
    """Each app's page, opened when a test first asks for it and kept for the next tests."""
    opened: dict[str, Page] = {}
    yield opened
    for page in opened.values():
        page.close()


def open_app(context: BrowserContext, server: Server, name: str, theme: str = "light") -> Page:
    page = context.new_page()
    page.goto(f"{server.url}/voila/render/{name}.ipynb?theme={theme}")
    expect(page.locator(".wt-choices[role='region']").first).to_be_visible(timeout=90_000)
    page.evaluate("document.querySelector('.wt-app').scrollIntoView()")
    return page


def app_page(apps: dict[str, Page], context: BrowserContext, server: Server,
             name: str) -> Page:
    if name not in apps:
        apps[name] = open_app(context, server, name)
    return apps[name]


def first_choice(page: Page) -> None:
    """Press the first choice that can be pressed; in Trade War, ask from the menus for the
    first rank that may be asked."""
    skip(page)  # an app may open on the computers' first moves (Trade War, say)
    page.wait_for_function("() => document.querySelector('.wt-choices .wt-main-button:not("
                           "[disabled])') || document.querySelector('.tw-ask-menu select')"
                           "?.offsetParent")
    if ask_for_the_first_rank_that_may_be_asked(page):
        return
    page.locator(".wt-choices .wt-main-button:not([disabled])").first.click()


def set_toggle(page: Page, name: str, on: bool) -> None:
    """Turn a checkbox ("Rules cited (teacher)") or a toggle button ("Large print") on or off."""
    checkbox = page.get_by_role("checkbox", name=name)
    if checkbox.count():
        checkbox.first.set_checked(on)
        return
    button = page.get_by_role("button", name=name).first
    if ("mod-active" in (button.get_attribute("class") or "")) != on:
        button.click()


def skip(page: Page) -> None:
    """Skip to my turn, if the moments are still playing."""
    button = page.get_by_role("button", name="Skip to my turn").first
    if button.is_enabled():
        button.click()
    page.wait_for_timeout(500)


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("document.querySelector('.wt-app').scrollIntoView()")
    page.screenshot(path=ARTIFACTS / f"readable-{name}.png")


@pytest.mark.parametrize("name", APPS)
def test_the_choices_stay_put_while_the_moments_play(
        apps: dict[str, Page], context: BrowserContext, voila_server: Server, name: str) -> None:
    page = app_page(apps, context, voila_server, name)
    page.get_by_role("button", name="Normal").first.click()
    choices = page.locator(".wt-choices").first
    head = page.locator(".wt-happened-head").first
    for _ in range(4):  # a move whose moments play out (a lone moment is shown at rest)
        first_choice(page)
        page.wait_for_timeout(400)
        if head.inner_text().lower().startswith("moment"):
            break
    boxes = []
    while head.inner_text().lower().startswith("moment") and len(boxes) < 12:
        boxes.append(choices.bounding_box())
        page.get_by_role("button", name="Next").first.click()
        page.wait_for_timeout(250)
    assert boxes, "no playback was seen"
    assert all(box == boxes[0] for box in boxes), boxes  # neither moved nor resized
    at_rest = choices.bounding_box()
    assert at_rest is not None and boxes[0] is not None
    assert (at_rest["x"], at_rest["y"]) == (boxes[0]["x"], boxes[0]["y"]), "moved at the end"


@pytest.mark.parametrize("name", APPS)
def test_the_colours_read_in_the_light_theme(
        apps: dict[str, Page], context: BrowserContext, voila_server: Server, name: str) -> None:
    page = app_page(apps, context, voila_server, name)
    skip(page)
    shot(page, f"{name}-light")
    assert serious_contrast(page) == []


@pytest.mark.parametrize("name", APPS)
def test_large_print_makes_every_control_bigger(
        apps: dict[str, Page], context: BrowserContext, voila_server: Server, name: str) -> None:
    page = app_page(apps, context, voila_server, name)
    set_toggle(page, "Large print", False)
    page.wait_for_timeout(300)
    before = page.evaluate(CONTROLS)
    set_toggle(page, "Large print", True)
    expect(page.locator(".wt-app.wt-large").first).to_be_attached()
    page.wait_for_timeout(300)
    after = page.evaluate(CONTROLS)
    assert [c["name"] for c in after] == [c["name"] for c in before]
    same = [b["name"] for b, a in zip(before, after, strict=True)
            if a["font"] <= b["font"] and a["height"] <= b["height"]]
    assert same == [], "these keep their size under Large print"
    assert [c["name"] for c in after if c["cut"]] == [], "these are cut short"


@pytest.mark.parametrize("name", APPS)
def test_no_explanation_runs_off_the_edge_of_its_box(
        apps: dict[str, Page], context: BrowserContext, voila_server: Server, name: str) -> None:
    page = app_page(apps, context, voila_server, name)
    set_toggle(page, "Rules cited (teacher)", True)
    set_toggle(page, "Large print", True)
    page.wait_for_timeout(300)
    assert page.evaluate(CUT_WORDS, EXPLANATIONS) == [], "at rest"
    first_choice(page)  # and while the next moments play
    for _ in range(4):
        page.wait_for_timeout(300)
        assert page.evaluate(CUT_WORDS, EXPLANATIONS) == [], "during a playback"
        try:  # the playback may end between a look at Next and a press
            page.get_by_role("button", name="Next").first.click(timeout=2000)
        except PlaywrightTimeout:
            break
    shot(page, f"{name}-large")


@pytest.mark.parametrize("name", APPS)
def test_the_colours_read_in_the_dark_theme(
        context: BrowserContext, voila_server: Server, name: str) -> None:
    page = open_app(context, voila_server, name, theme="dark")
    try:
        first_choice(page)
        skip(page)
        shot(page, f"{name}-dark")
        assert serious_contrast(page) == []
        assert page.evaluate(CUT_WORDS, EXPLANATIONS) == []
    finally:
        page.close()
