"""Fitted win-chance calibration (written by ``python benchmarks/calibration/fit.py``; none yet)."""

from abstracta.core.calibration import calibration_table

CALIBRATIONS = calibration_table({})
