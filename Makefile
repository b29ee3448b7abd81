# One virtual environment serves both the app and the tests.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866
# apt needs root; use sudo only when we are not root already.
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: app class test lint clean

# Re-install only when the dependencies change.
$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
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

lint: $(VENV)/.installed
	$(BIN)/ruff check wartutor tests benchmarks
	$(BIN)/mypy

test: lint /usr/bin/chromium /usr/lib/postgresql
	$(BIN)/python -m pytest --durations=10 --nbval-lax --nbval-current-env \
		tests wartutor notebooks

clean:
	rm -rf $(VENV) test-artifacts
