# The README's two commands: `make demo` and `make test`. Both set everything up first,
# on a machine with only python3 and make.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: demo test test-all bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/digsite demo

test: $(STAMP)
	$(BIN)/python -m pytest -q

# The slow cases too (left out of `make test`).
test-all: $(STAMP)
	$(BIN)/python -m pytest -q -m ''

bench: $(STAMP)
	$(BIN)/digsite bench --json benchmarks/last-run.json

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
