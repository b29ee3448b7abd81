"""The class server's door: the class password once per browser, the teacher password for
the teacher, and nothing else.

jupyter_server 2 asks an *identity provider* who a request is (Voilà standalone uses the
class named by ``Voila.identity_provider_class``); this one knows two kinds of people:

- a **student**: anyone who typed the class password. Each login is a new anonymous user
  with a random id, kept in the signed login cookie, and that id is "the browser" whose
  pages are counted (see :mod:`wartutor.server.ledger`);
- the **teacher**: whoever typed the teacher password, whose id starts with
  :data:`TEACHER`; only the teacher may open the class board (see :mod:`.pages`).

What jupyter_server would also take is refused: no token in the address (``?token=``) nor
in an ``Authorization`` header, no password in the login address, only in the form's body.
Wrong passwords slow their sender down (:mod:`wartutor.server.throttle`). The login cookie
is ``HttpOnly`` and ``SameSite=Lax``, and secure over HTTPS.
"""

from __future__ import annotations

import math
import uuid
from contextlib import AbstractContextManager
from typing import Any

from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.identity import IdentityProvider, User
from jupyter_server.auth.login import LoginFormHandler
from jupyter_server.auth.logout import LogoutHandler
from tornado import web
from traitlets import Unicode, default

from wartutor.language import _, ngettext, speaking_language
from wartutor.server import notices
from wartutor.server.passwords import same_password
from wartutor.server.throttle import Throttle

TEACHER = "teacher-"  # the start of the teacher's user ids; a cookie is signed, not forged
SAME_SITE = "Lax"  # cookies go with links from elsewhere, never with another site's forms


class ClassIdentityProvider(IdentityProvider):
    """Students by the class password, the teacher by the teacher password."""

    class_password = Unicode("", help="The password every student types.").tag(config=True)
    teacher_password = Unicode("", help="The password that opens the class board.").tag(
        config=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.pop("login_handler_class", None)  # Voilà passes its own: this door is ours
        super().__init__(**kwargs)
        self.throttle = Throttle()

    @default("cookie_options")
    def _same_site(self) -> dict[str, Any]:
        return {"samesite": SAME_SITE, "httponly": True}

    @property
    def auth_enabled(self) -> bool:
        return True

    async def get_user_token(self, handler: web.RequestHandler) -> User | None:
        return None  # a password never travels in an address or a header here

    def get_handlers(self) -> list[tuple[str, object]]:
        return [(r"/login", ClassLoginHandler), (r"/logout", LogoutHandler)]

    def who_typed(self, typed: str) -> User | None:
        """The user ``typed`` makes: the teacher, a student, or no one."""
        # Both are compared, whichever matches, so the time taken tells nothing; an unset
        # password (a mistake in the set-up) lets no one in.
        teacher = same_password(typed, self.teacher_password) and bool(self.teacher_password)
        student = same_password(typed, self.class_password) and bool(self.class_password)
        if teacher:
            return User(TEACHER + uuid.uuid4().hex, name="Teacher", display_name="Teacher")
        if student:
            return User(uuid.uuid4().hex, name="Student", display_name="Student")
        return None

    def process_login_form(self, handler: web.RequestHandler) -> User | None:
        return self.who_typed(handler.get_body_argument("password", default=""))


def is_teacher(user: object) -> bool:
    return isinstance(user, User) and user.username.startswith(TEACHER)


def speaking_to(handler: web.RequestHandler) -> AbstractContextManager[str]:
    """Word a page of the server in its browser's language (:func:`.notices.page_language`):
    the server serves every student from one process, so the language is set for the
    making of one page only (which awaits nothing)."""
    return speaking_language(notices.page_language(handler.request.headers.get(
        "Accept-Language")))


def browser_of(user: object) -> str:
    """The id that stands for a browser: its login's user id."""
    return user.username if isinstance(user, User) else ""


class ClassLoginHandler(LoginFormHandler):
    """The door: a form, slowed down for whoever keeps getting it wrong."""

    def _render(self, message: str | dict[str, str] | None = None) -> None:
        words = message if isinstance(message, str) else ""
        next_url = self.get_argument("next", default="/")
        xsrf = self.xsrf_form_html()
        with speaking_to(self):
            if TEACHERS_PAGE in next_url:
                made = notices.teachers_door(next_url=next_url, xsrf=xsrf, message=words)
            else:
                made = notices.door(next_url=next_url, xsrf=xsrf, message=words)
        self.finish(made)

    @allow_unauthenticated
    async def post(self) -> None:
        provider = self.identity_provider
        assert isinstance(provider, ClassIdentityProvider)
        address = self.request.remote_ip or ""
        wait = provider.throttle.wait_left(address)
        if wait > 0:
            # Not even checked: trying faster than allowed only lengthens nothing.
            self.set_status(429)
            self.set_header("Retry-After", str(math.ceil(wait)))
            with speaking_to(self):
                n = _seconds(wait)
                said = ngettext("Too many wrong passwords from this computer. Wait {count} "
                                "second, then try again. Forgot it? Ask your teacher.",
                                "Too many wrong passwords from this computer. Wait {count} "
                                "seconds, then try again. Forgot it? Ask your teacher.",
                                n).format(count=n)
            self._render(said)
            return
        user = provider.process_login_form(self)
        if user is None:
            wait = provider.throttle.failed(address)
            self.log.warning("A wrong password from %s", address)
            self.set_status(401)
            with speaking_to(self):
                said = _("That is not the password.")
                if wait:
                    n = _seconds(wait)
                    said += " " + ngettext("Wait {count} second before the next try.",
                                           "Wait {count} seconds before the next try.",
                                           n).format(count=n)
            self._render(said)
            return
        provider.throttle.succeeded(address)
        self.current_user = user
        self.log.info("%s logged in from %s", user.name, address)
        provider.set_login_cookie(self, user)
        self._redirect_safe(self.get_argument("next", default=self.base_url))


TEACHERS_PAGE = "class_board.ipynb"  # the login form for it asks for the teacher password


def _seconds(wait: float) -> int:
    """A wait, in whole seconds as a student is told it."""
    return max(1, math.ceil(wait))
