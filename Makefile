# boardkit: print-ready kits for abstract dragon games.
# `make print-dravakron` and `make test` create the virtual environment on first use.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
FORMAT ?=
THEME  ?=
EXAMPLE ?=
PRINTER ?=

KIT_OPTIONS := $(if $(FORMAT),--format $(FORMAT)) $(if $(THEME),--theme $(THEME))
PRINT_OPTIONS := $(KIT_OPTIONS) $(if $(PRINTER),--printer $(PRINTER))

.PHONY: help print-dravakron test verify preflight diagram diagrams schema clean

help:  ## list the targets
	@echo "make print-dravakron   build the Dravakron kit into output/dravakron/"
	@echo "                       (FORMAT=a3|a4|a4x4|letter|letter-x4, THEME=classic|light|blank|file.yaml,"
	@echo "                        PRINTER=profile name or file.yaml)"
	@echo "make test              run the test suite"
	@echo "make verify            check every spec under specs/ with the rules model"
	@echo "make preflight         check the built kit is print-ready (builds it first)"
	@echo "make diagram EXAMPLE=bomb-reach   draw one rule example (FMT=svg|pdf|png)"
	@echo "make diagrams          draw every rule example into output/dravakron/diagrams/"
	@echo "make schema            write JSON Schemas of the spec formats to output/schema/"
	@echo "make clean             remove output/ (keeps the virtual environment)"

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[test]"
	@touch $(STAMP)

print-dravakron: $(STAMP)
	$(PY) -m generator print dravakron $(PRINT_OPTIONS)

test: $(STAMP)
	$(PY) -m pytest

verify: $(STAMP)
	$(PY) -m generator verify

preflight: print-dravakron
	$(PY) -m generator preflight dravakron $(PRINT_OPTIONS)

FMT ?= svg
diagram: $(STAMP)
	@test -n "$(EXAMPLE)" || { echo "usage: make diagram EXAMPLE=<example id or file> [FMT=svg|pdf|png]"; exit 2; }
	$(PY) -m generator diagram $(EXAMPLE) --format $(FMT)

diagrams: $(STAMP)
	$(PY) -m generator diagram --all --format $(FMT)

schema: $(STAMP)
	$(PY) -m generator schema

clean:
	rm -rf output
