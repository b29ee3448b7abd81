"""Build the static site into _site/: every app as a Voici page, the notebooks in
JupyterLite, the Pyodide runtime, every wheel and every font, served by any web server.

Run by ``make site`` with the build tools of site/requirements.txt (in .cache/site/venv):

    .cache/site/venv/bin/python site/build.py [--out _site]

Only the package registries are asked, and once: Pyodide and the fonts come from npm
(``npm pack``), the wheels from PyPI (``pip download``), all kept in .cache/site/, so a
second build asks nobody. Nothing in the site loads from anywhere but the site itself.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CACHE = REPO / ".cache" / "site"
NOTEBOOKS = REPO / "notebooks"

# The Pyodide runtime that jupyterlite-pyodide-kernel 0.7.0 expects (its PYODIDE_VERSION).
PYODIDE = ("pyodide", "0.29.0")
PYODIDE_PYTHON = "3.13"  # the Python inside it
# Voilà's lab template links Font Awesome 5 from a CDN, its tree page Font Awesome 4.5.
FONTS = (("@fortawesome/fontawesome-free", "5.15.4"), ("font-awesome", "4.5.0"))
# What the kernel itself needs from Pyodide's lock (their wheels are in no npm package:
# the same versions come from PyPI). tqdm is wartutor's own.
KERNEL_NEEDS = ("micropip", "packaging", "ipython", "jedi", "tqdm", "traitlets")
# wartutor's own dependencies that Pyodide does not list, at the versions the tests pass
# on (binder/requirements.txt, written by `make lock`).
LOCKED = ("ipywidgets", "comm")
# The kernel's own wheels (in its JupyterLab extension), preloaded with the rest.
KERNEL_WHEELS = ("pyodide_kernel", "ipykernel", "piplite", "widgetsnbextension")
# These notebooks need the class server (rooms, the class board): not in the static site.
SERVER_ONLY = ("play_together.ipynb", "class_board.ipynb")
# Pyodide 0.29 has no sqlite3, and the 0.7.0 kernel installs a package of that name: an
# empty one stands in (IPython keeps no history without it).
PLACEHOLDERS = ("sqlite3",)


def log(message: str) -> None:
    print(f"[site] {message}", flush=True)


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def run(cmd: list[str | Path], **kwargs: object) -> None:
    subprocess.run([str(c) for c in cmd], check=True, **kwargs)  # type: ignore[call-overload]


# --- downloads, cached ---------------------------------------------------------------

def npm_package(name: str, version: str) -> Path:
    """The unpacked npm package (``npm pack`` once, then from .cache/site/npm)."""
    dest = CACHE / "npm" / f"{name.replace('/', '+')}-{version}"
    if not (dest / "package" / "package.json").exists():
        log(f"npm pack {name}@{version}")
        with tempfile.TemporaryDirectory() as tmp:
            run(["npm", "pack", "--silent", f"{name}@{version}", "--pack-destination", tmp],
                stdout=subprocess.DEVNULL)
            (tgz,) = Path(tmp).glob("*.tgz")
            shutil.rmtree(dest, ignore_errors=True)
            dest.mkdir(parents=True)
            with tarfile.open(tgz) as tar:
                tar.extractall(dest, filter="data")
    return dest / "package"


def pypi_wheel(name: str, version: str) -> Path:
    """A wheel from PyPI (``pip download`` once, then from .cache/site/wheels)."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{norm(name).replace('-', '_')}-{version}-"
    found = [w for w in folder.glob("*.whl") if w.name.lower().startswith(stem)]
    if not found:
        log(f"pip download {name}=={version}")
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--only-binary=:all:", "--python-version", PYODIDE_PYTHON, "-d", folder,
             f"{name}=={version}"])
        found = [w for w in folder.glob("*.whl") if w.name.lower().startswith(stem)]
    if len(found) != 1:
        raise SystemExit(f"expected one pure wheel of {name} {version}, found {found}")
    return found[0]


def locked_versions(names: tuple[str, ...]) -> dict[str, str]:
    """Versions pinned in binder/requirements.txt (the lock the tests pass on)."""
    pins = {}
    for line in (REPO / "binder" / "requirements.txt").read_text().splitlines():
        if m := re.match(r"^([A-Za-z0-9_.-]+)==([^\s;#]+)", line.strip()):
            pins[norm(m[1])] = m[2]
    missing = [n for n in names if norm(n) not in pins]
    if missing:
        raise SystemExit(f"binder/requirements.txt pins no {missing}: run `make lock`")
    return {n: pins[norm(n)] for n in names}


def wartutor_wheel(dest: Path) -> Path:
    """wartutor built from this repository (its working tree), fresh every build."""
    dest.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", dest, REPO],
        stdout=subprocess.DEVNULL)
    (wheel,) = dest.glob("wartutor-*.whl")
    return wheel


def placeholder_wheel(name: str, version: str, dest: Path) -> Path:
    """A wheel with no modules: enough for a package that must merely be installed."""
    dist = f"{name}-{version}.dist-info"
    wheel = dest / f"{name}-{version}-py3-none-any.whl"
    files = {
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                            "Summary: placeholder: this Pyodide has no such module\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: wartutor-site\n"
                         "Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    with zipfile.ZipFile(wheel, "w") as z:
        for path, text in files.items():
            z.writestr(zipfile.ZipInfo(path, (2020, 1, 1, 0, 0, 0)), text)
        z.writestr(zipfile.ZipInfo(f"{dist}/RECORD", (2020, 1, 1, 0, 0, 0)),
                   "".join(f"{p},,\n" for p in files) + f"{dist}/RECORD,,\n")
    return wheel


# jedi, which IPython's completer imports in every kernel, carries 1,100 type stubs for
# packages no page has (typeshed's third_party and django-stubs): unpacking its 1,880 files
# took about 3 s of every page's start. Completion keeps the standard library's stubs.
JEDI_UNUSED = ("jedi/third_party/typeshed/third_party/", "jedi/third_party/django-stubs/")


def without_unused_stubs(wheel: Path) -> None:
    """jedi's wheel without JEDI_UNUSED (the folder typeshed/third_party/ stays, empty:
    jedi lists it)."""
    trimmed = wheel.with_suffix(".trimmed")
    with zipfile.ZipFile(wheel) as zin, zipfile.ZipFile(trimmed, "w", zipfile.ZIP_DEFLATED) as zout:
        zout.writestr(zipfile.ZipInfo(JEDI_UNUSED[0], (2020, 1, 1, 0, 0, 0)), "")
        for info in zin.infolist():
            if info.filename.startswith(JEDI_UNUSED):
                continue
            data = zin.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                data = "".join(line for line in data.decode().splitlines(keepends=True)
                               if not line.startswith(JEDI_UNUSED)).encode()
            zout.writestr(info, data)
    trimmed.replace(wheel)


def wheel_imports(wheel: Path) -> list[str]:
    """The top-level modules a wheel installs (for the lock's "imports")."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        top = [n for n in names if n.endswith("top_level.txt") and ".dist-info/" in n]
        if top:
            return [t for t in z.read(top[0]).decode().split() if not t.startswith("_")]
    tops = {n.split("/")[0].removesuffix(".py") for n in names if "/" in n or n.endswith(".py")}
    return sorted(t for t in tops if not t.endswith((".dist-info", ".data")))


def wheel_name_version(wheel: Path) -> tuple[str, str]:
    name, version = wheel.name.split("-")[:2]
    return name, version


# --- the Pyodide distribution the site serves ------------------------------------------

def pyodide_dist(dest: Path, build_venv: Path) -> list[str]:
    """Pyodide's runtime plus every wheel the apps load, with a lock naming exactly those
    wheels (their sha256 rewritten). Returns the packages to preload."""
    runtime = npm_package(*PYODIDE)
    dest.mkdir(parents=True)
    for f in runtime.iterdir():
        if f.suffix in {".js", ".mjs", ".wasm", ".zip"} or f.name == "package.json":
            shutil.copy2(f, dest / f.name)
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    known = {norm(k): v for k, v in lock["packages"].items()}

    wanted: dict[str, dict[str, object]] = {}

    def take(name: str) -> None:
        key = norm(name)
        if key in wanted:
            return
        entry = dict(known[key])
        wanted[key] = entry
        for dep in entry["depends"]:
            # matplotlib-inline lists matplotlib, which cannot be shipped (a wasm build
            # on no registry here); the real matplotlib-inline needs only traitlets.
            if norm(dep) in {"matplotlib"}:
                continue
            take(dep)

    for name in KERNEL_NEEDS:
        take(name)

    entries: dict[str, dict[str, object]] = {}
    shipped = set(wanted)
    for key, entry in wanted.items():
        if key in {norm(p) for p in PLACEHOLDERS}:
            wheel = placeholder_wheel(str(entry["name"]), str(entry["version"]), dest)
        else:
            wheel = dest / pypi_wheel(str(entry["name"]), str(entry["version"])).name
            shutil.copy2(pypi_wheel(str(entry["name"]), str(entry["version"])), wheel)
            if key == "jedi":
                without_unused_stubs(wheel)
        entry = {**entry, "file_name": wheel.name, "package_type": "package",
                 "depends": [d for d in entry["depends"] if norm(d) in shipped],  # type: ignore[attr-defined]
                 "unvendored_tests": False}
        entries[str(entry["name"])] = entry

    extras: list[Path] = []
    for name, version in locked_versions(LOCKED).items():
        extras.append(pypi_wheel(name, version))
    kernel_pypi = (build_venv / "share" / "jupyter" / "labextensions" / "@jupyterlite"
                   / "pyodide-kernel-extension" / "static" / "pypi")
    for name in KERNEL_WHEELS:
        found = sorted(kernel_pypi.glob(f"{name}-*.whl"))
        extras.append(found[-1])  # widgetsnbextension: the 4.x shim for ipywidgets 8
    extras.append(wartutor_wheel(CACHE / "build"))
    depends = {
        "ipywidgets": ["comm", "ipython", "traitlets"],
        "comm": ["traitlets"],
        "wartutor": ["ipywidgets", "tqdm"],
        "pyodide_kernel": ["ipykernel", "ipython", "comm", "jedi", "widgetsnbextension"],
        "ipykernel": ["ipython", "comm"],
        "piplite": ["micropip", "packaging"],
        "widgetsnbextension": [],
    }
    for wheel in extras:
        name, version = wheel_name_version(wheel)
        shutil.copy2(wheel, dest / wheel.name)
        entries[name] = {
            "name": name, "version": version, "file_name": wheel.name,
            "install_dir": "site", "package_type": "package",
            "imports": wheel_imports(wheel), "depends": depends[name],
            "unvendored_tests": False,
        }
    wartutor = next(w.name for w in extras if w.name.startswith("wartutor-"))
    with_bytecode([dest / str(e["file_name"]) for e in entries.values()]
                  + [dest / "python_stdlib.zip"], keep_source={wartutor})
    for entry in entries.values():
        entry["sha256"] = hashlib.sha256((dest / str(entry["file_name"])).read_bytes()).hexdigest()
    lock["packages"] = {norm(k): v for k, v in sorted(entries.items())}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    # Everything is preloaded, so the kernel installs nothing with micropip at start.
    return sorted(str(e["name"]) for e in entries.values())


# --- bytecode, as Pyodide's own builds ship it -------------------------------------------
# Without bytecode, Pyodide compiles every module it imports from its source, on every page
# load: the wheels from PyPI and the npm package's standard library hold sources only, and
# compiling the standard library, IPython and ipywidgets took most of a game page's start
# (benchmarks/static_site.py). So the build compiles them once, with the site's own Pyodide
# (run by node: bytecode is only good for the Python that made it), and ships what Pyodide's
# own package builds ship: each module's .pyc in place of its .py. wartutor keeps its sources
# beside its bytecode (in __pycache__, as Python writes it), so that its tracebacks show
# their lines. The bytecode is "unchecked": never compared with a source, which is
# either gone or the very one it was made from.

BYTECODE_JS = """
import { loadPyodide } from %(module)s;
const py = await loadPyodide({indexURL: %(index)s});
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, {root: %(work)s}, "/work");
py.runPython(%(program)s);
"""

# Run in Pyodide: /work/jobs.json lists [source, target, keep_source] under /work.
BYTECODE_PY = r"""
import importlib.util, json, site, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

SITE_PACKAGES = site.getsitepackages()[0]
STDLIB_ZIP = next(p for p in sys.path if p.endswith(".zip"))

def pyc_name(name, keep_source):
    if not keep_source:
        return name[:-3] + ".pyc"  # in its place: zipimport and the path finder take it
    folder, _, file = name.rpartition("/")
    return f"{folder}/__pycache__/{file[:-3]}.{sys.implementation.cache_tag}.pyc".lstrip("/")

def compiled(source, target, keep_source):
    # Tracebacks name the file where it will be: a wheel's in site-packages, the standard
    # library's in its zip.
    where = STDLIB_ZIP if source.endswith(".zip") else SITE_PACKAGES
    made = {}
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zout:
        record = None
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                record = (info, data.decode())
                continue
            name = info.filename
            code = None
            if name.endswith(".py"):
                try:
                    code = compile(data, f"{where}/{name}", "exec", dont_inherit=True)
                except (SyntaxError, ValueError):  # a file for another Python: left as it is
                    code = None
            if code is None or keep_source:
                zout.writestr(info, data)
            if code is not None:
                pyc = zipfile.ZipInfo(pyc_name(name, keep_source), info.date_time)
                pyc.compress_type = zipfile.ZIP_DEFLATED
                zout.writestr(pyc, _code_to_hash_pyc(code, importlib.util.source_hash(data), False))
                made[name] = pyc.filename
        if record is not None:  # the wheel's list of files, saying what it now holds
            info, text = record
            lines = []
            for line in text.splitlines():
                path = line.split(",", 1)[0]
                if path in made and not keep_source:
                    line = made[path] + ",,"
                lines.append(line)
            if keep_source:
                lines += [pyc + ",," for pyc in made.values()]
            zout.writestr(info, "\n".join(lines) + "\n")

for source, target, keep_source in json.load(open("/work/jobs.json")):
    compiled("/work/" + source, "/work/" + target, keep_source)
"""


def with_bytecode(files: list[Path], keep_source: set[str]) -> None:
    """Replace each wheel or zip in ``files`` by the same with its modules' bytecode (cached
    in .cache/site/bytecode by the file's sha256: only wartutor's changes between builds)."""
    folder = CACHE / "bytecode"
    work = folder / "work"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    jobs, done = [], {}
    for file in files:
        digest = hashlib.sha256(file.read_bytes()).hexdigest()
        cached = folder / f"{digest}-{file.name}"
        done[file] = cached
        if not cached.exists():
            shutil.copy2(file, work / file.name)
            jobs.append((file.name, cached.name + ".part", file.name in keep_source))
    if jobs:
        log(f"bytecode for {len(jobs)} of {len(files)} wheels and zips (node, Pyodide)")
        (work / "jobs.json").write_text(json.dumps(jobs))
        runtime = npm_package(*PYODIDE)
        script = BYTECODE_JS % {
            "module": json.dumps((runtime / "pyodide.mjs").as_uri()),
            "index": json.dumps(str(runtime) + "/"), "work": json.dumps(str(work)),
            "program": json.dumps(BYTECODE_PY)}
        run(["node", "--input-type=module", "-e", script], stdout=subprocess.DEVNULL)
        for _, part, _ in jobs:
            (work / part).replace(folder / part.removesuffix(".part"))
    shutil.rmtree(work)
    for file, cached in done.items():
        shutil.copy2(cached, file)


# --- the site ------------------------------------------------------------------------

def lite_config(preload: list[str]) -> dict[str, object]:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "wartutor",
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": preload},
                },
            },
        },
    }


def vendor_fonts(out: Path) -> None:
    """Copy the fonts into the site and point every CDN link at the copy."""
    vendor = out / "vendor"
    for name, version in FONTS:
        src = npm_package(name, version)
        dst = vendor / f"{name.replace('/', '+')}@{version}"
        for sub in ("css", "webfonts", "fonts"):
            if (src / sub).is_dir():
                # Browsers of this decade take woff2 (woff as a fallback): not eot, svg, ttf.
                shutil.copytree(src / sub, dst / sub, ignore=shutil.ignore_patterns(
                    "*.eot", "*.svg", "*.ttf", "*.otf", "*.less", "*.scss"))
        (dst / "LICENSE.txt").write_bytes(
            next((src / n).read_bytes() for n in ("LICENSE.txt", "README.md")
                 if (src / n).exists()))
    cdn = re.compile(r"https://cdn\.jsdelivr\.net/npm/(@?[\w./-]+?)@([\w.^~]+)/(css/[\w.-]+)")
    versions = dict(FONTS)
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if "cdn.jsdelivr.net" not in text:
            continue

        def local(m: re.Match[str], page: Path = page) -> str:
            name = m[1]
            if name not in versions:
                raise SystemExit(f"{page}: a CDN link to {name} that the site does not vendor")
            target = vendor / f"{name.replace('/', '+')}@{versions[name]}" / m[3]
            return Path(_relpath(target, page.parent)).as_posix()

        page.write_text(cdn.sub(local, text), encoding="utf-8")


def _relpath(target: Path, start: Path) -> str:
    import os

    return os.path.relpath(target, start)


def contents(dest: Path) -> Path:
    """The notebooks the static edition serves (not those that need the class server)."""
    shutil.copytree(NOTEBOOKS, dest, ignore=shutil.ignore_patterns(
        ".ipynb_checkpoints", *SERVER_ONLY))
    return dest


# JupyterLite's pages read their settings from the root page's jupyter-config-data (empty:
# jupyter-lite.json holds them), so the front door keeps that element.
INDEX = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{}</script>
<meta http-equiv="refresh" content="0; url=voici/render/start.html">
<title>wartutor</title></head>
<body><p><a href="voici/render/start.html">wartutor: open the start page</a></p></body></html>
"""


def build(out: Path) -> None:
    started = time.monotonic()
    build_venv = Path(sys.prefix)
    work = CACHE / "work"
    shutil.rmtree(work, ignore_errors=True)
    lite = work / "lite"
    preload = pyodide_dist(lite / "static" / "pyodide", build_venv)
    (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(preload), indent=2))
    notebooks = contents(work / "contents")
    shutil.rmtree(out, ignore_errors=True)
    log(f"voici build -> {out} (its log: {work / 'voici.log'})")
    with open(work / "voici.log", "wb") as voici_log:
        done = subprocess.run(
            [str(build_venv / "bin" / "voici"), "build", "--lite-dir", str(lite),
             "--contents", str(notebooks), "--output-dir", str(out),
             "--apps", "notebooks", "--apps", "tree",
             "--no-sourcemaps", "--no-unused-shared-packages"],
            cwd=work, stdout=voici_log, stderr=subprocess.STDOUT)
    if done.returncode:
        sys.stdout.write((work / "voici.log").read_text(errors="replace")[-5000:])
        raise SystemExit(f"voici build failed ({done.returncode})")
    vendor_fonts(out)
    (out / "index.html").write_text(INDEX)
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve folders starting with _
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    log(f"{out}: {size / 1e6:.1f} MB in {time.monotonic() - started:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "_site")
    build(parser.parse_args().out.resolve())


if __name__ == "__main__":
    main()
