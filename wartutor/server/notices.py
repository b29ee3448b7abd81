"""The few pages the class server shows instead of an app: the door (the class password),
"the class server is full", the teacher's door to the class board, and errors.

Each is a small self-contained HTML page in plain words, readable on a phone and a
projector, that says what happened and what to do. Nothing in them comes from the request
unescaped, and no error page shows anything of the server's insides.

>>> "<script>" in door(next_url="/x?<script>", xsrf="", message="")
False
"""

from __future__ import annotations

from html import escape

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


def page(title: str, body: str) -> str:
    """A whole page: ``title`` is text, ``body`` is HTML already made safe."""
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
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
    return page("wartutor: the class password", (
        "<h1>wartutor</h1><p>Type the class password your teacher read out.</p>"
        + _said(message)
        + _form(next_url, xsrf, "Class password", "Come in")
        + "<p>Three words, such as <i>tiger lamp river</i>: spaces, hyphens and capitals "
          "do not matter.</p>"))


def teachers_door(*, next_url: str, xsrf: str, message: str) -> str:
    """What a student sees at the class board, and where the teacher unlocks it."""
    return page("The class board is the teacher's", (
        "<h1>The class board is the teacher's</h1>"
        "<p>It shows every room of the class. Teachers: type the teacher password.</p>"
        + _said(message)
        + _form(next_url, xsrf, "Teacher password", "Open the board")
        + '<p>Students: <a href="/voila/render/start.ipynb">back to the start page</a>.</p>'))


def class_full(*, pages_open: int, browser_full: bool) -> str:
    """No kernel for this page: the class or this browser has as many pages as it may."""
    if browser_full:
        why = (f"This browser already has {pages_open} pages of the class open, as many as "
               "one browser may.")
        todo = ["Close the tabs of the class you are not using.",
                "Then reload this page."]
    else:
        why = "Every seat of the class server is taken just now."
        todo = ["Close any tabs of the class you are not using.",
                "Wait a minute, then reload this page: pages left idle are closed.",
                "If it still says this, ask your teacher."]
    steps = "".join(f"<li>{escape(step)}</li>" for step in todo)
    return page("The class server is full",
                f"<h1>The class server is full</h1><p>{escape(why)}</p><ol>{steps}</ol>")


def error(status: int, reason: str) -> str:
    """Any other error, by its HTTP status and reason alone (never a traceback)."""
    words = {
        403: "This page is not open to you.",
        404: "There is no such page on the class server. Check the address, or start again "
             "from the start page.",
        429: "Too many tries. Wait a little, then try again.",
    }.get(status, "Something went wrong on the class server. Reload the page; if it "
                  "happens again, tell your teacher.")
    return page(f"{status}: {reason}", (
        f"<h1>{escape(reason)}</h1><p>{escape(words)}</p>"
        '<p><a href="/voila/render/start.ipynb">The start page</a></p>'))
