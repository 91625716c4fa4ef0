"""Fitted win-chance calibration of Desfases: what ``Knowledge.calibrations`` serves (Desfases's
evaluation.py). ``core/calibration.py`` says what the numbers mean.

Written by ``python benchmarks/calibration/fit.py`` from the fit games of
``benchmarks/calibration/data/desfases.jsonl`` (the held-out figures are in docs/calibration.md).
Rerun that command after a rule, evaluation or bot change (``benchmarks/calibration/README.md``);
do not edit by hand.
"""

from abstracta.core.calibration import calibration_table

CALIBRATIONS = calibration_table({
    (2, "quick"): {"temperature": 0.5023, "cubic": 1.2586, "mover": 0.0, "seat_bias": (0.0, -0.0488)},
    (2, "search"): {"temperature": 0.5023, "cubic": 1.2586, "mover": 0.0, "seat_bias": (0.0, -0.0488)},
    (4, "quick"): {"temperature": 1.0139, "cubic": 1.326, "mover": 0.0, "seat_bias": (0.0, 0.1269, -0.0984, 0.1215)},
    (4, "search"): {"temperature": 1.0139, "cubic": 1.326, "mover": 0.0, "seat_bias": (0.0, 0.1269, -0.0984, 0.1215)},
})
