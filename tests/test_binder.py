"""binder/ installs a working app: a fresh venv from binder/requirements.txt, served as
Binder serves it (a Jupyter server at the repo root with Voilà's server extension)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from servers import REPO, free_port, start_server

pytestmark = pytest.mark.slow


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_binder_requirements_serve_the_apps(tmp_path: Path) -> None:
    binder = REPO / "binder"
    assert (binder / "runtime.txt").read_text().strip() == "python-3.11"
    assert os.access(binder / "postBuild", os.X_OK)

    venv = tmp_path / "venv"
    env = dict(
        os.environ,
        PATH=f"{venv / 'bin'}:{os.environ['PATH']}",
        JUPYTER_CONFIG_DIR=str(tmp_path / "jupyter-config"),
        JUPYTER_DATA_DIR=str(tmp_path / "jupyter-data"),
    )
    # repo2docker copies the repo and installs from its root, where "." is the package.
    root = tmp_path / "repo"
    junk = (".git", ".venv", "build", "*.egg-info", "test-artifacts", "__pycache__", ".*_cache")
    junk += (".hypothesis", ".ipynb_checkpoints", "_site", ".cache")  # make site's
    shutil.copytree(REPO, root, ignore=shutil.ignore_patterns(*junk))
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    # --no-compile: writing every package's bytecode is most of an install's work, and the
    # first import writes what the apps need anyway.
    pip = [venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--no-compile"]
    subprocess.run([*pip, "-r", "binder/requirements.txt"], cwd=root, check=True, timeout=300)
    subprocess.run([root / "binder" / "postBuild"], env=env, check=True)

    # The lock holds: every pinned package is installed at its pinned version, so a launch
    # next year installs what the tests passed on (make lock writes the pins).
    pins = dict(line.split("==") for line in (binder / "requirements.txt").read_text()
                .splitlines() if "==" in line and not line.startswith("#"))
    frozen = subprocess.run([venv / "bin" / "python", "-m", "pip", "list", "--format=json"],
                            check=True, capture_output=True, text=True).stdout
    installed = {norm(p["name"]): p["version"] for p in json.loads(frozen)}
    assert {norm(n): v for n, v in pins.items()}.items() <= installed.items(), [
        (n, v, installed.get(norm(n))) for n, v in pins.items() if installed.get(norm(n)) != v]

    port = free_port()
    cmd = [
        *(str(venv / "bin" / "jupyter"), "server", "--no-browser", "--ip=127.0.0.1"),
        *(f"--port={port}", "--IdentityProvider.token=", "--ServerApp.password=", "--allow-root"),
    ]
    server = start_server(cmd, root, f"http://127.0.0.1:{port}", "/api", env=env)
    try:
        # The two README launch links, and the classic app (render runs the notebook).
        for path in (
            "/voila/render/notebooks/start.ipynb",
            "/voila/render/notebooks/classic_war.ipynb",
            "/lab/tree/notebooks/start.ipynb",
        ):
            with urllib.request.urlopen(server.url + path, timeout=60) as r:
                assert r.status == 200, path
                body = r.read().decode()
            assert "Traceback" not in body, f"{path}:\n{body[-2000:]}"
        # postBuild's override keeps JupyterLab's news pop-up away.
        notification = "/lab/api/settings/@jupyterlab/apputils-extension:notification"
        with urllib.request.urlopen(server.url + notification, timeout=60) as r:
            schema = json.load(r)["schema"]
            assert schema["properties"]["fetchNews"]["default"] == "false", schema
    finally:
        server.stop()
