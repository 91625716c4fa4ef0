"""Fitted win-chance calibration of Desfases: what ``Knowledge.calibrations`` serves (Desfases's
evaluation.py). ``core/calibration.py`` says what the numbers mean.

Written by ``python benchmarks/calibration/fit.py`` from the fit games of
``benchmarks/calibration/data/desfases.jsonl`` (the held-out figures are in docs/calibration.md).
Rerun that command after a rule, evaluation or bot change (``benchmarks/calibration/README.md``);
do not edit by hand.
"""

from abstracta.core.calibration import calibration_table

CALIBRATIONS = calibration_table({
    (2, "quick"): {"temperature": 0.7282, "cubic": 1.2847, "mover": 0.0, "seat_bias": (0.0, -0.1917)},
    (2, "search"): {"temperature": 0.7282, "cubic": 1.2847, "mover": 0.0, "seat_bias": (0.0, -0.1917)},
    (4, "quick"): {"temperature": 1.0071, "cubic": 1.7455, "mover": 0.0, "seat_bias": (0.0, 0.0979, -0.3222, -0.0308)},
    (4, "search"): {"temperature": 1.0071, "cubic": 1.7455, "mover": 0.0, "seat_bias": (0.0, 0.0979, -0.3222, -0.0308)},
})
