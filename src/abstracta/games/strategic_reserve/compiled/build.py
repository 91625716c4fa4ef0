"""cffi build of Strategic Reserve's compiled core (setup.py builds it; docs/compiled.md).

Every ``.c`` file of this folder is compiled into the extension
``abstracta.games.strategic_reserve.compiled._engine``, and every ``.h`` file gives cffi the
declarations between its ``/* CDEF-BEGIN */`` and ``/* CDEF-END */`` markers: a part added
beside the engine (the search) brings its own header and source and needs no change here.
"""

import os
import re
from glob import glob

from cffi import FFI

HERE = os.path.dirname(os.path.abspath(__file__))
MODULE = "abstracta.games.strategic_reserve.compiled._engine"
_CDEF = re.compile(r"/\* CDEF-BEGIN \*/(.*?)/\* CDEF-END \*/", re.S)


def _relative(path: str) -> str:
    """Sources relative to the working directory (setup.py's root), so objects land under build/."""
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


def _headers() -> list[str]:
    """engine.h first (the others build on its types), then the rest by name."""
    headers = sorted(glob(os.path.join(HERE, "*.h")))
    return sorted(headers, key=lambda path: os.path.basename(path) != "engine.h")


def _declarations() -> str:
    parts = []
    for header in _headers():
        with open(header, encoding="utf-8") as file:
            parts.extend(_CDEF.findall(file.read()))
    return "\n".join(parts)


ffibuilder = FFI()
ffibuilder.cdef(_declarations())
ffibuilder.set_source(
    MODULE,
    "\n".join(f'#include "{os.path.basename(header)}"' for header in _headers()),
    sources=[_relative(path) for path in sorted(glob(os.path.join(HERE, "*.c")))],
    include_dirs=[_relative(HERE)],
    extra_compile_args=["-O3", "-std=c11", "-Wall", "-Wextra"],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
