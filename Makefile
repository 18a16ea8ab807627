# Every target creates the local virtual environment first, so each works on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install system-packages demo test verify lint bench clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: install
	$(BIN)/judge submit solutions/sightseeing/reference.py sightseeing
	@echo
	@echo "The web judge with these problems:"
	@echo "  $(BIN)/judge user add alice --role admin   # prints alice's token"
	@echo "  $(BIN)/judge serve                         # then http://127.0.0.1:8000: Sign in, paste the token"

# Debian packages that the tests start for real (.ci/apt-packages); installed when missing. And
# the user the normal-user host tier runs as (tests/hosts).
system-packages:
	bash .ci/install-system-packages
	bash .ci/create-test-user

# Every problem package is verified first; the unit and end-to-end tests close the output.
test: install system-packages
	$(BIN)/judge verify --all
	$(BIN)/pytest -n 2

verify: install
	$(BIN)/judge verify --all

lint: install
	$(BIN)/ruff check judge tests bench

# The peers it is compared with (online-judge-tools, DMOJ) go in bench/.venv-peers.
bench: install
	PYTHON=$(PYTHON) bash bench/install-peers
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) .pytest_cache
