# boardkit: print-ready kits for abstract dragon games.
# `make print-<game>` and `make test` create the virtual environment on first use.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
GAME   ?= dravakron
FORMAT ?=
THEME  ?=
EXAMPLE ?=
PRINTER ?=
CUT    ?=
FMT    ?= svg

KIT_OPTIONS := $(if $(FORMAT),--format $(FORMAT)) $(if $(THEME),--theme $(THEME))
PRINT_OPTIONS := $(KIT_OPTIONS) $(if $(PRINTER),--printer $(PRINTER))
CUT_OPTIONS := $(if $(CUT),--cut $(CUT))
IMAGE_BASE ?=
TTS_OPTIONS := $(if $(THEME),--theme $(THEME)) $(if $(IMAGE_BASE),--image-base $(IMAGE_BASE))
# Every game folder under specs/ (a folder with a game.yaml).
GAMES := $(patsubst specs/%/game.yaml,%,$(wildcard specs/*/game.yaml))

.PHONY: help print-all test lint typecheck verify preflight diagram diagrams schema games studio clean

help:  ## list the targets
	@echo "make print-<game>      build a game's kit into output/<game>/ (games: $(GAMES))"
	@echo "                       (FORMAT=a3|a4|..., THEME=classic|light|blank|file.yaml,"
	@echo "                        PRINTER=profile name or file.yaml,"
	@echo "                        CUT=silhouette|cricut|silhouette,cricut: cut files for cutting machines)"
	@echo "make print-all         build every game's kit"
	@echo "make studio            make a kit from your browser (opens it on a local page)"
	@echo "make tts-<game>        export a game to Tabletop Simulator into output/<game>/tts/"
	@echo "                       (THEME=name|file.yaml, IMAGE_BASE=https://... where the pictures are shared)"
	@echo "make games             list the games and their engines"
	@echo "make test              run the test suite on every core (TEST_PROCESSES=1 for one process)"
	@echo "make lint              ruff: unused imports and names, undefined names"
	@echo "make typecheck         mypy --strict over the package"
	@echo "make verify            check every spec under specs/ with its rules engine"
	@echo "make preflight         check the built kit is print-ready (GAME=$(GAME); builds it first)"
	@echo "make diagram EXAMPLE=bomb-reach [GAME=dravakron] [FMT=svg|pdf|png]   draw one rule example"
	@echo "make diagrams [GAME=dravakron]   draw every rule example into output/<game>/diagrams/"
	@echo "make schema            write JSON Schemas of the spec formats to output/schema/"
	@echo "make clean             remove output/ (keeps the virtual environment)"

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[test]"
	@touch $(STAMP)

print-%: $(STAMP)
	$(PY) -m generator print $* $(PRINT_OPTIONS) $(CUT_OPTIONS)

print-all: $(addprefix print-,$(GAMES))

tts-%: $(STAMP)
	$(PY) -m generator tts $* $(TTS_OPTIONS)

games: $(STAMP)
	$(PY) -m generator games

studio: $(STAMP)
	$(PY) -m generator studio

# Tests spread over every core (pytest-xdist); the slowest are listed at the end.
TEST_PROCESSES ?= auto
test: $(STAMP)
	$(PY) -m pytest -n $(TEST_PROCESSES) --durations=15

lint: $(STAMP)
	$(PY) -m ruff check --no-cache generator tests bench

typecheck: $(STAMP)
	$(PY) -m mypy

verify: $(STAMP)
	$(PY) -m generator verify

preflight: print-$(GAME)
	$(PY) -m generator preflight $(GAME) $(PRINT_OPTIONS)

diagram: $(STAMP)
	@test -n "$(EXAMPLE)" || { echo "usage: make diagram EXAMPLE=<example id or file> [GAME=<game>] [FMT=svg|pdf|png]"; exit 2; }
	$(PY) -m generator diagram $(EXAMPLE) --game $(GAME) --format $(FMT)

diagrams: $(STAMP)
	$(PY) -m generator diagram --all --game $(GAME) --format $(FMT)

schema: $(STAMP)
	$(PY) -m generator schema

clean:
	rm -rf output
