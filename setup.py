"""Builds the optional compiled cores of the games (docs/compiled.md); everything else is in pyproject.toml.

Each game with a core has ``src/abstracta/games/<name>/compiled/build.py`` defining a cffi
``ffibuilder`` (C source in the same folder). A core that fails to build (no C compiler, say)
only warns: the package installs and the games run on their pure-Python engines, which stay
the reference (``abstracta.core.compiled``).
"""

from glob import glob

from setuptools import setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """build_ext that warns instead of failing: a missing compiler leaves the pure-Python engines."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - any build failure means "no core", never "no package"
            self.warn(f"abstracta: compiled cores not built ({error}); the pure-Python engines will run")

    def build_extension(self, ext) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # noqa: BLE001
            self.warn(f"abstracta: {ext.name} not built ({error}); its game runs on the pure-Python engine")


setup(
    cffi_modules=[f"{path}:ffibuilder" for path in sorted(glob("src/abstracta/games/*/compiled/build.py"))],
    cmdclass={"build_ext": OptionalBuildExt},
)
