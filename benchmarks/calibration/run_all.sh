#!/bin/sh
# The committed data's recipe (benchmarks/calibration/README.md): one process at a time, under nice, each
# game within its wall-time budget in minutes (game indices continue where the data file stops).
set -e
cd "$(dirname "$0")/../.."
PY=${PYTHON:-.venv/bin/python}
nice -n 15 "$PY" benchmarks/calibration/generate.py strategic-reserve --games 600 --minutes 5
nice -n 15 "$PY" benchmarks/calibration/generate.py reflec --games 600 --minutes 10
nice -n 15 "$PY" benchmarks/calibration/generate.py quin --games 400 --minutes 12
nice -n 15 "$PY" benchmarks/calibration/generate.py laser-chess --games 300 --minutes 15
nice -n 15 "$PY" benchmarks/calibration/generate.py desfases --games 200 --minutes 12
