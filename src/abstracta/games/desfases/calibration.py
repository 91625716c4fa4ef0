"""Fitted win-chance calibration of Desfases: what ``Knowledge.calibrations`` serves (Desfases's
evaluation.py). ``core/calibration.py`` says what the numbers mean.

Written by ``python benchmarks/calibration/fit.py`` from the fit games of
``benchmarks/calibration/data/desfases.jsonl`` (the held-out figures are in docs/calibration.md).
Rerun that command after a rule, evaluation or bot change (``benchmarks/calibration/README.md``);
do not edit by hand.
"""

from abstracta.core.calibration import calibration_table

CALIBRATIONS = calibration_table({
    (2, "quick"): {"temperature": 1.4794, "mover": 0.1263, "seat_bias": (0.0, -0.184)},
    (2, "search"): {"temperature": 1.4794, "mover": 0.1263, "seat_bias": (0.0, -0.184)},
    (4, "quick"): {"temperature": 1.6666, "mover": 0.0559, "seat_bias": (0.0, 0.1117, -0.3225, -0.0179)},
    (4, "search"): {"temperature": 1.6666, "mover": 0.0559, "seat_bias": (0.0, 0.1117, -0.3225, -0.0179)},
})
