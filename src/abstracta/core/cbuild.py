"""The cffi build every compiled core shares (docs/compiled.md): ``setup.py`` runs each
``games/<name>/compiled/build.py``, which loads this file by its path (the package is not
importable yet while it builds) and calls :func:`core_builder`. So it imports nothing from
``abstracta``.

A core is its folder: every ``.c`` file is compiled into the extension, and every ``.h`` file
gives cffi the declarations between its ``/* CDEF-BEGIN */`` and ``/* CDEF-END */`` markers
(cffi reads no macros with arguments or expressions), ``engine.h`` first since the others build
on its types. A part added beside an engine brings its own header and source and needs no change
to its ``build.py``.
"""

from __future__ import annotations

import os
import re
from glob import glob

from cffi import FFI

_CDEF = re.compile(r"/\* CDEF-BEGIN \*/(.*?)/\* CDEF-END \*/", re.S)
COMPILE_ARGS = ["-std=c11", "-O3", "-Wall", "-Wextra"]


def _relative(path: str) -> str:
    """A source relative to the working directory (setup.py's root): setuptools refuses absolute
    paths in a fresh install, and relative ones put the objects under build/."""
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


def headers(folder: str) -> list[str]:
    """The folder's headers, ``engine.h`` first, then the rest by name."""
    found = sorted(glob(os.path.join(folder, "*.h")))
    return sorted(found, key=lambda path: os.path.basename(path) != "engine.h")


def declarations(folder: str) -> str:
    """What cffi is told: the marked parts of every header, in :func:`headers` order."""
    parts = []
    for header in headers(folder):
        with open(header, encoding="utf-8") as file:
            parts.extend(_CDEF.findall(file.read()))
    return "\n".join(parts)


def core_builder(folder: str, module: str) -> FFI:
    """The ``ffibuilder`` of the core in ``folder``, building the extension ``module`` (API mode)."""
    builder = FFI()
    builder.cdef(declarations(folder))
    builder.set_source(
        module,
        "\n".join(f'#include "{os.path.basename(header)}"' for header in headers(folder)),
        sources=[_relative(path) for path in sorted(glob(os.path.join(folder, "*.c")))],
        include_dirs=[_relative(folder)],
        extra_compile_args=COMPILE_ARGS,
    )
    return builder
