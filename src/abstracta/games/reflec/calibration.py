"""Fitted win-chance calibration of Reflec: what ``Knowledge.calibrations`` serves (Reflec's
evaluation.py). ``core/calibration.py`` says what the numbers mean.

Written by ``python benchmarks/calibration/fit.py`` from the fit games of
``benchmarks/calibration/data/reflec.jsonl`` (the held-out figures are in docs/calibration.md).
Rerun that command after a rule, evaluation or bot change (``benchmarks/calibration/README.md``);
do not edit by hand.
"""

from abstracta.core.calibration import calibration_table

CALIBRATIONS = calibration_table({
    (2, "quick"): {"temperature": 0.3518, "mover": 0.0, "seat_bias": (0.0, 0.5148)},
    (2, "search"): {"temperature": 0.3518, "mover": 0.0, "seat_bias": (0.0, 0.5148)},
    (3, "quick"): {"temperature": 1.4659, "mover": 0.0, "seat_bias": (0.0, 0.1747, 0.1656)},
    (3, "search"): {"temperature": 1.4659, "mover": 0.0, "seat_bias": (0.0, 0.1747, 0.1656)},
    (4, "quick"): {"temperature": 1.8955, "mover": 0.0, "seat_bias": (0.0, 0.1485, 0.2623, -0.1776)},
    (4, "search"): {"temperature": 1.8955, "mover": 0.0, "seat_bias": (0.0, 0.1485, 0.2623, -0.1776)},
})
