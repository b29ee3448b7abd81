"""The few pages the class server shows instead of an app: the door (the class password),
"the class server is full", the teacher's door to the class board, and errors.

Each is a small self-contained HTML page in plain words, readable on a phone and a
projector, that says what happened and what to do. Nothing in them comes from the request
unescaped, and no error page shows anything of the server's insides.

These pages are the server's, made before any kernel (no app, no language menu): each is
worded in the language in force, which the server's handlers set for the page from
:func:`page_language` (the server's WARTUTOR_LANG, else the browser's Accept-Language).

>>> "<script>" in door(next_url="/x?<script>", xsrf="", message="")
False
>>> page_language("de-AT,de;q=0.9,en;q=0.5"), page_language("fr, es;q=0.4"), page_language("")
('de', 'es', 'en')
"""

from __future__ import annotations

import os
from html import escape

from wartutor.language import ENVIRONMENT, N_, SOURCE, _, known, language

# The reasons of the statuses a student may meet, as tornado words them (in English).
REASONS = {403: N_("Forbidden"), 404: N_("Not Found"), 405: N_("Method Not Allowed"),
           429: N_("Too Many Requests"), 500: N_("Internal Server Error"),
           503: N_("Service Unavailable")}

STYLE = """
body { font-family: system-ui, sans-serif; font-size: 20px; line-height: 1.5;
       max-width: 38em; margin: 3em auto; padding: 0 1em; color: #1b1b1b; background: #fff; }
h1 { font-size: 30px; }
input, button { font-size: 20px; padding: 6px 10px; }
.wt-message { border-left: 6px solid #b3261e; padding: 4px 12px; background: #fdecea; }
@media (prefers-color-scheme: dark) {
  body { color: #eee; background: #1b1b1b; }
  .wt-message { background: #3b1715; }
}
"""


def page_language(accept_language: str | None) -> str:
    """The language of a server's page: the server's WARTUTOR_LANG, else the first of the
    browser's languages (its Accept-Language header, best first) that is offered, else
    English."""
    chosen = known(os.environ.get(ENVIRONMENT))
    if chosen is not None:
        return chosen
    ranked = []
    for place, part in enumerate((accept_language or "")[:500].split(",")[:20]):
        code, _sep, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _eq, value = param.strip().partition("=")
            if name == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if weight > 0 and known(code) is not None:
            ranked.append((-weight, place, known(code) or SOURCE))
    return min(ranked)[2] if ranked else SOURCE


def page(title: str, body: str) -> str:
    """A whole page: ``title`` is text, ``body`` is HTML already made safe."""
    return (f'<!DOCTYPE html>\n<html lang="{language()}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
            f"<body><main>{body}</main></body></html>")


def _form(next_url: str, xsrf: str, label: str, button: str) -> str:
    """The password form; ``xsrf`` is tornado's hidden-field HTML (already safe)."""
    return (f'<form method="post" action="/login?next={escape(next_url, quote=True)}">{xsrf}'
            f'<p><label for="password_input">{escape(label)}</label><br>'
            f'<input type="password" name="password" id="password_input" autocomplete="off" '
            f'autofocus required> <button type="submit" id="login_submit">{escape(button)}'
            f"</button></p></form>")


def _said(message: str) -> str:
    return f'<p class="wt-message" role="alert">{escape(message)}</p>' if message else ""


def door(*, next_url: str, xsrf: str, message: str) -> str:
    """The class password, asked once per browser."""
    # Translators: {example} is a class password (English words: they stay so).
    example = escape(_("Three words, such as {example}: spaces, hyphens and capitals do not "
                       "matter.")).replace("{example}", "<i>tiger lamp river</i>")
    ask = _("Type the class password your teacher read out.")
    return page(_("wartutor: the class password"), (
        f"<h1>wartutor</h1><p>{escape(ask)}</p>"
        + _said(message)
        + _form(next_url, xsrf, _("Class password"), _("Come in"))
        + f"<p>{example}</p>"))


def teachers_door(*, next_url: str, xsrf: str, message: str) -> str:
    """What a student sees at the class board, and where the teacher unlocks it."""
    title = _("The class board is the teacher's")
    back_words = _("back to the start page")
    back = f'<a href="/voila/render/start.ipynb">{escape(back_words)}</a>'
    # Translators: {start_page} is a link: "back to the start page".
    students = escape(_("Students: {start_page}.")).replace("{start_page}", back)
    shows = _("It shows every room of the class. Teachers: type the teacher password.")
    return page(title, (
        f"<h1>{escape(title)}</h1><p>{escape(shows)}</p>"
        + _said(message)
        + _form(next_url, xsrf, _("Teacher password"), _("Open the board"))
        + f"<p>{students}</p>"))


def class_full(*, pages_open: int, browser_full: bool) -> str:
    """No kernel for this page: the class or this browser has as many pages as it may."""
    if browser_full:
        why = _("This browser already has {count} pages of the class open, as many as one "
                "browser may.").format(count=pages_open)
        todo = [_("Close the tabs of the class you are not using."),
                _("Then reload this page.")]
    else:
        why = _("Every seat of the class server is taken just now.")
        todo = [_("Close any tabs of the class you are not using."),
                _("Wait a minute, then reload this page: pages left idle are closed."),
                _("If it still says this, ask your teacher.")]
    steps = "".join(f"<li>{escape(step)}</li>" for step in todo)
    title = _("The class server is full")
    return page(title, f"<h1>{escape(title)}</h1><p>{escape(why)}</p><ol>{steps}</ol>")


def error(status: int, reason: str) -> str:
    """Any other error, by its HTTP status and reason alone (never a traceback)."""
    words = {
        403: _("This page is not open to you."),
        404: _("There is no such page on the class server. Check the address, or start "
               "again from the start page."),
        429: _("Too many tries. Wait a little, then try again."),
    }.get(status, _("Something went wrong on the class server. Reload the page; if it "
                    "happens again, tell your teacher."))
    if REASONS.get(status) == reason:  # tornado's English reason, said in the language
        reason = _(REASONS[status])
    start = _("The start page")
    return page(f"{status}: {reason}", (
        f"<h1>{escape(reason)}</h1><p>{escape(words)}</p>"
        f'<p><a href="/voila/render/start.ipynb">{escape(start)}</a></p>'))
