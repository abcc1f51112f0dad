# The README's two commands: `make demo` and `make test`. Both set everything up first,
# on a machine with only python3 and make.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: demo test test-all test-lowest fuzz bench compile clean

# The install compiles the hot modules with mypyc where a C compiler is present (setup.py;
# `DIGSITE_PURE_PYTHON=1 make` skips it), else installs them as pure Python.
$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,web,openspiel,ray]'
	touch $(STAMP)

# Rebuild the compiled modules after an edit of one of them (until then the edited checkout
# runs as pure Python: games/compiled.py); a few minutes of C compiling.
compile: $(STAMP)
	$(BIN)/python setup.py --quiet build_ext --inplace
	$(BIN)/digsite --version

demo: $(STAMP)
	$(BIN)/digsite demo

# mypy first (the packages and strictness of pyproject.toml's [tool.mypy]; seconds with its
# cache in .mypy_cache), then the default suite.
test: $(STAMP)
	$(BIN)/mypy
	$(BIN)/python -m pytest -q

# The slow cases too (left out of `make test`).
test-all: $(STAMP)
	$(BIN)/python -m pytest -q -m ''

# The generated hostile inputs of tests/fuzz at length (`make test` runs a bounded profile).
fuzz: $(STAMP)
	$(BIN)/python -m pytest -q tests/fuzz -m '' --hypothesis-profile=fuzz --hypothesis-show-statistics

# The test suite against the lowest dependency versions pyproject.toml allows.
LOWEST := ortools==9.10.4067 numpy==1.26.0 scipy==1.11.1 networkx==3.2 click==8.1.0 pytest==8.0.0 \
          hypothesis==6.100.0
test-lowest:
	test -x .venv-lowest/bin/python || $(PYTHON) -m venv .venv-lowest
	.venv-lowest/bin/python -m pip install --quiet --disable-pip-version-check $(LOWEST)
	DIGSITE_PURE_PYTHON=1 .venv-lowest/bin/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
	.venv-lowest/bin/python -m pytest -q

bench: $(STAMP)
	$(BIN)/digsite bench --json benchmarks/last-run.json

clean:
	rm -rf $(VENV) .venv-lowest build _digsite_compiled *.egg-info .pytest_cache .mypy_cache
