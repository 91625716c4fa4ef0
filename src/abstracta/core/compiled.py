"""The optional compiled cores (docs/compiled.md): one loader and one switch to turn them off.

A game's core is a C extension built by ``setup.py`` (cffi) into
``abstracta.games.<name>.compiled``. It may be missing (no compiler where the package was
installed) or disabled (``ABSTRACTA_PURE_PYTHON=1``, what CI's second run and the differential
tests' reference side use); either way the game runs on its pure-Python engine, which is the
reference the core is tested against.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

DISABLE_VARIABLE = "ABSTRACTA_PURE_PYTHON"
"""Set to anything but "" or "0" to run every game on its pure-Python engine."""


def disabled() -> bool:
    """True when ``ABSTRACTA_PURE_PYTHON`` turns the compiled cores off."""
    return os.environ.get(DISABLE_VARIABLE, "") not in ("", "0")


def load_extension(name: str) -> ModuleType | None:
    """The compiled extension module ``name``, or None when it is disabled or was not built."""
    if disabled():
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None
