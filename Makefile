# Two commands on a fresh machine: `make play` (the main job) and `make test`.
# Both create .venv and install the package into it first.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# The games' optional compiled cores (docs/compiled.md): rebuilt in place when their C sources change.
CORE_SOURCES := $(wildcard src/abstracta/games/*/compiled/*.c src/abstracta/games/*/compiled/*.h src/abstracta/games/*/compiled/build.py)
CORES  := $(VENV)/.cores

.PHONY: play play-terminal test bench clean cores

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 $(BIN)/python -m pip install --quiet -e '.[test,rl,openspiel,train,policy,plots,calibration,ray,postgres,bench]'
	touch $(STAMP)

## play: the web app (lobby, every game in the browser); open the address it prints
play: $(CORES)
	$(BIN)/abstracta serve

## play-terminal: a terminal game of Strategic Reserve against the hard bot
play-terminal: $(CORES)
	$(BIN)/abstracta play strategic-reserve --vs hard

$(CORES): $(STAMP) $(CORE_SOURCES)
	$(BIN)/python setup.py --quiet build_ext --inplace
	touch $(CORES)

## cores: (re)build the games' compiled cores in place (a failed build warns; the pure-Python engines run)
cores: $(CORES)

## test: the whole test suite with the compiled cores, then the cored games' tests on the pure-Python engines
test: $(CORES)
	$(BIN)/python -m pytest
	ABSTRACTA_PURE_PYTHON=1 $(BIN)/python -m pytest -q tests/games/laser_chess tests/games/strategic_reserve

## bench: random-playout speed of every game
bench: $(CORES)
	$(BIN)/abstracta bench strategic-reserve --seconds 5
	$(BIN)/abstracta bench laser-chess --seconds 5
	$(BIN)/abstracta bench reflec --seconds 5
	$(BIN)/abstracta bench desfases --seconds 5
	$(BIN)/abstracta bench quin --seconds 5

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .hypothesis
