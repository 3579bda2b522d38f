# Every target sets itself up: a fresh clone needs only python3.11 (or python3 >= 3.11) and make.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install test lint serve demo bench faults eval schemas clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

lint: install
	$(VENV)/bin/ruff check app tests bench migrations

test: install lint
	$(PY) -m pytest

serve: install
	$(PY) -m app serve --host 127.0.0.1 --port 8000

demo: install
	$(PY) -m app.demo

$(VENV)/.bench-installed: $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev,bench]'
	touch $@

bench: $(VENV)/.bench-installed
	$(PY) bench/timeparse.py
	$(PY) bench/recall.py
	$(PY) bench/calendar_cost.py
	$(PY) bench/cold_path.py
	$(PY) bench/sql_steps.py
	$(PY) bench/load.py

# the service against misbehaving upstreams and a killed database (a few minutes each)
faults: install
	$(PY) bench/upstream_faults.py
	$(PY) bench/db_faults.py

eval: install
	$(PY) bench/eval.py

schemas: install
	$(PY) -m app schemas

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
