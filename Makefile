# The two commands a newcomer needs (see README):
#   make run    set everything up, then index and serve the sample folder (or FOLDER=...)
#   make test   set everything up, then run the whole test suite
PYTHON ?= python3
VENV   ?= .venv
FOLDER ?= samples/demo

.PHONY: setup run test lint clean

setup:
	PYTHON=$(PYTHON) VENV=$(VENV) ./scripts/install.sh

run: setup
	$(VENV)/bin/manoled run $(FOLDER)

test: setup
	./scripts/test-deps.sh
	$(VENV)/bin/python -m pytest -q

lint: setup
	$(VENV)/bin/ruff check manoled client tests bench

clean:
	rm -rf $(VENV) build *.egg-info
