"""Fitted win-chance calibration of Reflec: what ``Knowledge.calibrations`` serves (Reflec's
evaluation.py). ``core/calibration.py`` says what the numbers mean.

Written by ``python benchmarks/calibration/fit.py`` from the fit games of
``benchmarks/calibration/data/reflec.jsonl`` (the held-out figures are in docs/calibration.md).
Rerun that command after a rule, evaluation or bot change (``benchmarks/calibration/README.md``);
do not edit by hand.
"""

from abstracta.core.calibration import calibration_table

CALIBRATIONS = calibration_table({
    (2, "quick"): {"temperature": 0.1246, "cubic": 0.3451, "mover": 0.0, "seat_bias": (0.0, 0.5087)},
    (2, "search"): {"temperature": 0.1246, "cubic": 0.3451, "mover": 0.0, "seat_bias": (0.0, 0.5087)},
    (3, "quick"): {"temperature": 0.2098, "cubic": 1.961, "mover": 0.0, "seat_bias": (0.0, 0.162, 0.1712)},
    (3, "search"): {"temperature": 0.2098, "cubic": 1.961, "mover": 0.0, "seat_bias": (0.0, 0.162, 0.1712)},
    (4, "quick"): {"temperature": 0.1241, "cubic": 2.8143, "mover": 0.0, "seat_bias": (0.0, 0.1549, 0.2717, -0.1857)},
    (4, "search"): {"temperature": 0.1241, "cubic": 2.8143, "mover": 0.0, "seat_bias": (0.0, 0.1549, 0.2717, -0.1857)},
})
