# Two commands on a fresh machine: `make play` (the main job) and `make test`.
# Both create .venv and install the package into it first.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play play-terminal test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 $(BIN)/python -m pip install --quiet -e '.[test,rl,openspiel,train,policy,plots,calibration,ray,postgres,bench]'
	touch $(STAMP)

## play: the web app (lobby, every game in the browser); open the address it prints
play: $(STAMP)
	$(BIN)/abstracta serve

## play-terminal: a terminal game of Strategic Reserve against the hard bot
play-terminal: $(STAMP)
	$(BIN)/abstracta play strategic-reserve --vs hard

## test: the whole test suite, slow-marked tests included
test: $(STAMP)
	$(BIN)/python -m pytest

## bench: random-playout speed of every game
bench: $(STAMP)
	$(BIN)/abstracta bench strategic-reserve --seconds 5
	$(BIN)/abstracta bench laser-chess --seconds 5
	$(BIN)/abstracta bench reflec --seconds 5
	$(BIN)/abstracta bench desfases --seconds 5
	$(BIN)/abstracta bench quin --seconds 5

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .hypothesis
