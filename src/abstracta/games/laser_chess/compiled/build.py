"""The cffi build of Laser Chess's compiled core (docs/compiled.md): ``setup.py`` finds this file
and builds the extension in place. Every ``.c`` of this folder is compiled and every ``.h`` gives
cffi its marked declarations; the rule is ``core/cbuild.py``'s, loaded by path because the package
is not importable while it builds."""

import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))
_SPEC = importlib.util.spec_from_file_location(
    "abstracta_cbuild", os.path.join(HERE, os.pardir, os.pardir, os.pardir, "core", "cbuild.py")
)
_CBUILD = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_CBUILD)

ffibuilder = _CBUILD.core_builder(HERE, "abstracta.games.laser_chess.compiled._engine")

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
