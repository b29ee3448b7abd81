"""Start real Voilà / JupyterLab servers and Debian's chromium.

Shared by the browser tests, tests/test_binder.py and benchmarks/browser_timing.py.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
# WT_NOTEBOOKS lets the browser tests run against another folder of notebooks.
NOTEBOOKS = Path(os.environ.get("WT_NOTEBOOKS", REPO / "notebooks"))
ARTIFACTS = REPO / "test-artifacts"
# Debian's chromium, or another found on the PATH, or the one WARTUTOR_CHROMIUM names.
CHROMIUM = os.environ.get("WARTUTOR_CHROMIUM") or next(
    (found for name in ("chromium", "chromium-browser", "google-chrome", "chrome")
     if (found := shutil.which(name))), "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@dataclass
class Server:
    proc: subprocess.Popen[bytes]
    url: str
    log: Path
    root: Path  # the folder it serves: a test may add a notebook of its own there

    def log_tail(self, chars: int = 3000) -> str:
        return self.log.read_text(errors="replace")[-chars:]

    def stop(self) -> None:
        # SIGTERM lets the server shut its kernels down; the group kill catches
        # any kernel it left behind (they share its session).
        if self.proc.poll() is None:
            self.proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=10)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(
    cmd: list[str],
    cwd: Path,
    url: str,
    ready_path: str,
    timeout: float = 60,
    env: dict[str, str] | None = None,
) -> Server:
    """Run cmd in its own session (logged beside cwd) until url + ready_path answers."""
    log = cwd.parent / f"{cwd.name}-server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            cmd,
            cwd=cwd,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            env=env,
        )
    server = Server(proc, url, log, cwd)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{server.log_tail()}")
        try:
            with urllib.request.urlopen(url + ready_path, timeout=2) as r:
                if r.status == 200:
                    return server
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.2)
    server.stop()
    raise RuntimeError(f"server not ready after {timeout} s:\n{server.log_tail()}")


def copy_notebooks(workdir: Path, src: Path = NOTEBOOKS) -> Path:
    """A scratch copy: the servers write checkpoints and must not see test leftovers."""
    dst = workdir / "notebooks"
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return dst


def start_voila(workdir: Path) -> Server:
    """Voilà from this environment serving a copy of notebooks/, as `make app` does."""
    cwd = copy_notebooks(workdir)
    port = free_port()
    cmd = [
        str(Path(sys.executable).parent / "voila"),
        ".",
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        # The serving config of `make app` (wartutor app), shipped in the package.
        f"--Voila.config_file_paths={REPO / 'wartutor'}",
    ]
    return start_server(cmd, cwd, f"http://127.0.0.1:{port}", "/voila/static/voila.js")


def start_lab(workdir: Path) -> Server:
    """JupyterLab on a copy of notebooks/, with its own settings and no news pop-up."""
    cwd = copy_notebooks(workdir)
    settings = workdir / "lab-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false"}))
    env = dict(
        os.environ,
        JUPYTERLAB_SETTINGS_DIR=str(workdir / "lab-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(workdir / "lab-workspaces"),
    )
    port = free_port()
    cmd = [
        str(Path(sys.executable).parent / "jupyter"),
        "lab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--allow-root",
    ]
    return start_server(cmd, cwd, f"http://127.0.0.1:{port}", "/lab", env=env)


def chromium_missing() -> str | None:
    if Path(CHROMIUM).exists():
        return None
    return (
        f"no Chromium found ({CHROMIUM} is missing): install Debian's chromium (apt-get "
        "install -y chromium; `make test` does that), or name one in WARTUTOR_CHROMIUM"
    )


def launch_chromium(playwright: Any) -> Any:
    if problem := chromium_missing():
        raise RuntimeError(problem)
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


CLASS_PASSWORD = "tiger-lamp-river"
TEACHER_PASSWORD = "owl-moon-paper"


def start_class_server(workdir: Path, *args: str, env: dict[str, str] | None = None,
                       notebooks: Path | None = None, ready_scheme: str = "http") -> Server:
    """`make class` (python -m wartutor.serve) on a loopback port, serving a copy of the
    notebooks with its rooms and data in ``workdir``, its passwords given in its environment
    (CLASS_PASSWORD and TEACHER_PASSWORD above). ``args`` are more flags, such as
    ``--max-kernels 2``; nothing is preheated unless they say so. With ``--certfile``, pass
    ``ready_scheme="https"``: it is then asked over HTTPS, trusting any certificate."""
    notebooks = notebooks or copy_notebooks(workdir)
    port = free_port()
    cmd = [sys.executable, "-m", "wartutor.serve", "--address", "127.0.0.1",
           "--port", str(port), "--rooms", f"sqlite://{workdir / 'rooms.sqlite3'}",
           "--notebooks", str(notebooks), "--preheat", "", *args]
    full_env = dict(os.environ, CLASS_PASSWORD=CLASS_PASSWORD, TEACHER_PASSWORD=TEACHER_PASSWORD,
                    WARTUTOR_DATA_DIR=str(workdir / "data"), **(env or {}))
    url = f"{ready_scheme}://127.0.0.1:{port}"
    if ready_scheme == "http":
        return start_server(cmd, workdir, url, "/voila/static/voila.js", env=full_env)
    # urllib, which start_server asks with, trusts no test certificate: while it waits,
    # its opener asks unverified (and is put back after).
    unverified = ssl._create_unverified_context()
    previous = urllib.request._opener  # type: ignore[attr-defined]
    urllib.request.install_opener(
        urllib.request.build_opener(urllib.request.HTTPSHandler(context=unverified)))
    try:
        return start_server(cmd, workdir, url, "/voila/static/voila.js", env=full_env)
    finally:
        urllib.request._opener = previous  # type: ignore[attr-defined]

