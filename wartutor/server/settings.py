"""Everything the class server is set to, in one place, as the traitlets config Voilà reads.

It is built here rather than read from a ``voila.json`` (which Voilà looks for in the
working directory and in the user's Jupyter folders), so that ``make class`` serves the
same way from any folder, and no config file of the machine's can turn tracebacks back on.
The passwords and the cookie key go into the config in memory, never onto a command line.

>>> settings = ClassSettings(notebooks=Path("notebooks"), class_password="a-b-c",
...                          teacher_password="d-e-f", cookie_secret=b"k" * 32)
>>> settings.most_kernels, settings.most_pages
(60, 48)
>>> settings.config().VoilaConfiguration.show_tracebacks
False
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from pathlib import Path

from traitlets.config import Config

from wartutor.server.passwords import spoken

CLASS_SIZE = 30
KERNELS_PER_STUDENT = 2  # a game and the start page, or a room and the rules
PER_BROWSER = 6  # pages of the class one browser may hold: a few tabs, not forty
# Kernels started before the class arrives, by notebook: the page everyone opens first,
# and the rooms a class plays together. Their pages come at once (see README).
PREHEAT = {"start.ipynb": 4, "play_together.ipynb": 8}
TEACHERS_ONLY = ("class_board.ipynb",)
THEMES = ("light", "dark")  # JupyterLab's own, which the apps' colours follow
EXPLORER_GAMES = 20_000  # games in one run of the rule explorer: a few seconds of a core
EXPLORER_WORKERS = 1  # processes one run may use: a class shares the cores


@dataclass
class ClassSettings:
    notebooks: Path
    class_password: str
    teacher_password: str
    cookie_secret: bytes  # the server's own secret, kept between restarts
    port: int = 8866
    address: str = ""  # every network address of the machine
    class_size: int = CLASS_SIZE
    max_kernels: int | None = None  # default: KERNELS_PER_STUDENT a student
    per_browser: int = PER_BROWSER
    preheat: dict[str, int] = field(default_factory=lambda: dict(PREHEAT))
    certfile: str = ""
    keyfile: str = ""
    theme: str = "light"  # one of THEMES, for every page of the class

    @property
    def most_kernels(self) -> int:
        return self.max_kernels or KERNELS_PER_STUDENT * self.class_size

    @property
    def most_pages(self) -> int:
        """Kernels pages may hold: the rest of the cap is the preheated pools'."""
        return self.most_kernels - sum(self.preheat.values())

    def problems(self) -> list[str]:
        """What makes these settings unusable, in words for the command line."""
        said = []
        if self.most_pages < 1:
            said.append(f"the preheated kernels ({sum(self.preheat.values())}) leave no room "
                        f"for pages under --max-kernels {self.most_kernels}")
        if self.per_browser < 1:
            said.append("--kernels-per-browser must be at least 1")
        missing = [name for name in self.preheat if not (self.notebooks / name).is_file()]
        if missing:
            said.append(f"no notebook {', '.join(missing)} to preheat in {self.notebooks}")
        if bool(self.keyfile) and not self.certfile:
            said.append("--keyfile needs --certfile")
        if spoken(self.class_password) == spoken(self.teacher_password):
            said.append("the teacher password must not be the class password")
        return said

    def signing_key(self) -> bytes:
        """The cookies' key: the server's secret and both passwords, so that new passwords
        (a new lesson) turn every old login away, while a restart keeps the class in."""
        words = f"{spoken(self.class_password)}\n{spoken(self.teacher_password)}".encode()
        return hmac.new(self.cookie_secret, words, hashlib.sha256).digest()

    def config(self) -> Config:
        # Imported here: they bring jupyter_server, which the command line's checks and
        # its --help do without (see wartutor.serve.main).
        from wartutor.server.kernels import CULL_EVERY, DISCONNECTED_IDLE
        from wartutor.server.login import SAME_SITE

        c = Config()
        c.ClassVoila.ip = self.address
        c.ClassVoila.port = self.port
        c.ClassVoila.port_retries = 0  # the address read out must be the one served
        c.ClassVoila.open_browser = False
        c.ClassVoila.config_file_paths = []  # no voila.json of the folder or the user
        c.ClassVoila.cookie_secret = self.signing_key()
        c.ClassVoila.certfile, c.ClassVoila.keyfile = self.certfile, self.keyfile
        c.ClassVoila.teachers_only = list(TEACHERS_ONLY)
        c.ClassVoila.identity_provider_class = "wartutor.server.login.ClassIdentityProvider"
        c.ClassVoila.tornado_settings = {
            "serve_traceback": False,
            # A page is 5 MB of scripts and styles, a third of that gzipped: thirty pages
            # at once share the school's wifi.
            "compress_response": True,
            # Voilà's page reads the _xsrf cookie to close its kernel: not HttpOnly.
            "xsrf_cookie_kwargs": {"samesite": SAME_SITE},
        }
        c.ClassIdentityProvider.class_password = self.class_password
        c.ClassIdentityProvider.teacher_password = self.teacher_password
        if self.certfile:
            c.ClassIdentityProvider.secure_cookie = True

        c.VoilaConfiguration.show_tracebacks = False
        c.VoilaConfiguration.allow_template_override = "NO"  # ?template=... is no one's choice
        # The theme is the teacher's choice for the class (--theme), not a page's: a
        # ?theme= of its own would also pass by the preheated kernels.
        c.VoilaConfiguration.allow_theme_override = "NO"
        c.VoilaConfiguration.theme = self.theme
        c.VoilaConfiguration.multi_kernel_manager_class = (
            "wartutor.server.kernels.ClassKernelManager")
        c.VoilaConfiguration.preheat_kernel = True
        c.VoilaKernelManager.kernel_pools_config = {
            "default": {"pool_size": 0},
            **{name: {"pool_size": size} for name, size in self.preheat.items()},
        }
        c.VoilaKernelManager.preheat_denylist = list(TEACHERS_ONLY)

        c.ClassKernelManager.most_kernels = self.most_kernels
        c.ClassKernelManager.most_pages = self.most_pages
        c.ClassKernelManager.pages_per_browser = self.per_browser
        c.ClassKernelManager.cull_idle_timeout = DISCONNECTED_IDLE
        c.ClassKernelManager.cull_interval = CULL_EVERY
        c.ClassKernelManager.cull_connected = True  # after its own, longer timeout
        return c
