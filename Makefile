# One virtual environment serves both the app and the tests.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866
# apt needs root; use sudo only when we are not root already.
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: app class test lint clean docs site lock nox catalogs

# Re-install only when the dependencies change. The versions Binder is pinned to
# (binder/requirements.txt, written by `make lock`) hold here too, so the tests run on what
# Binder installs, not on whatever was released since.
$(VENV)/.installed: pyproject.toml binder/requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	grep '==' binder/requirements.txt > $(VENV)/constraints.txt
	$(BIN)/python -m pip install --quiet -e '.[test]' -c $(VENV)/constraints.txt
	touch $@

# The same as `wartutor app` after pip install 'wartutor[app]': Voila on 127.0.0.1 with
# the package's voila.json (no tracebacks; idle pages culled, or closed ones leave kernels).
app: $(VENV)/.installed
	$(BIN)/wartutor app --port $(PORT)

# A class on this machine's network: prints the address and two made-up passwords of three
# words (the class's, the teacher's for the class board) to read out. Your own go in the
# environment, never on a command line, which anyone on the machine can read with ps:
#   CLASS_PASSWORD=... TEACHER_PASSWORD=... make class
# More: wartutor class --help (kernel caps, HTTPS, the rule explorer's cap).
class: $(VENV)/.installed
	$(if $(PASSWORD),$(error PASSWORD=... on the command line shows in ps: use CLASS_PASSWORD=... make class))
	$(BIN)/wartutor class --port $(PORT)

# Playwright drives Debian's chromium: its own browser download cannot work here.
/usr/bin/chromium:
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

# The room store's tests run against a real PostgreSQL server, which they start.
/usr/lib/postgresql:
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql

# The static site (_site/): every app as a Voici page and the notebooks in JupyterLite, run
# by Pyodide in each student's browser with no server; any web server can serve the folder
# (python -m http.server, GitHub Pages, a USB stick). Its build tools live in a venv of
# their own (their versions are not the apps'); Pyodide and the fonts come from npm, the
# wheels from PyPI, all kept in .cache/site/ so a second build downloads nothing.
SITE_VENV := .cache/site/venv
$(SITE_VENV)/.installed: site/requirements.txt
	test -x $(SITE_VENV)/bin/python || $(PYTHON) -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(SITE_VENV)/bin/python -m pip install --quiet -r site/requirements.txt
	touch $@

/usr/bin/npm:
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y npm

site: $(SITE_VENV)/.installed /usr/bin/npm
	$(SITE_VENV)/bin/python site/build.py

# binder/requirements.txt: the exact versions of the test venv, for wartutor[app,plot];
# and the README's Binder and Pages links, for the owner the git remote names.
lock: $(VENV)/.installed
	$(BIN)/python tools/lock.py
	$(BIN)/python tools/binder_links.py

# The words' catalogs (wartutor/locale): gather the marked sentences of the code into the
# template, bring each language's catalog up to date with it, compile each (docs/languages.md).
catalogs: $(VENV)/.installed
	$(BIN)/python tools/catalogs.py

lint: $(VENV)/.installed
	$(BIN)/ruff check wartutor tests benchmarks
	$(BIN)/mypy

# The site is built once a run; the static-site browser tests serve that _site/.
# pytest's options, the notebooks and the linters (tests/test_lint.py) are pyproject.toml's,
# so plain `pytest` runs the same, one test at a time. Here the browser tests, which mostly
# wait for a page, and the rest, which mostly compute, run at the same time, each part on two
# workers (pytest-xdist), each file on one worker (its servers and pages are made once). Two
# processes, not one pool: a worker that has started Playwright keeps an event loop running,
# which the rest must not meet. The rest's report is printed after the browser tests'.
test: $(VENV)/.installed /usr/bin/chromium /usr/lib/postgresql site
	mkdir -p test-artifacts
	$(BIN)/python -m pytest -m "not browser" -n 2 --dist loadfile > test-artifacts/tests.log 2>&1 & \
	rest=$$!; \
	$(BIN)/python -m pytest -m browser -n 2 --dist loadfile; browser=$$?; \
	wait $$rest; rest=$$?; \
	cat test-artifacts/tests.log; \
	[ $$browser = 0 ] && [ $$rest = 0 ]

# The tests on every Python of this machine (3.11, and 3.12 and 3.13 where pyenv has them),
# each in an environment of its own under .nox/ (noxfile.py). Not part of `make test`.
nox: $(VENV)/.installed
	$(BIN)/nox

# The documentation site (mkdocs.yml), live-reloading at http://127.0.0.1:8000; the tests
# build it strictly (tests/test_docs.py).
docs: $(VENV)/.installed
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve --dev-addr 127.0.0.1:8000

clean:
	rm -rf $(VENV) test-artifacts .cache/docs _site .cache/site .nox
