"""Build the Cython game states and map the top-level folders into the ``deadeye`` namespace.

The repository keeps ``core/``, ``search/``, ``bots/``, ``protocol/`` and ``interop/`` at the top level, but they install as
``deadeye.core`` and so on.  Cython resolves ``cimport deadeye.core.state`` by looking for
``deadeye/core/state.pxd`` on its include path, and no ``deadeye/`` folder exists on disk, so the build mirrors
the folders as symlinks under ``build/cython-include/deadeye/`` and hands that directory to ``cythonize``.

``docs/rules/`` installs as the package ``deadeye.rules``: the player rules ship with every install, and
``protocol/web_static/`` (the page ``deadeye web`` serves, no Python in it) as ``deadeye.protocol.web_static``.

Set ``DEADEYE_DEBUG=1`` for the debug build CI tests with: Cython's bounds, wrap-around and initialisation checks on,
and gcc's undefined-behaviour sanitizer with ``-fsanitize=bounds`` (Cython's ``boundscheck`` does not cover indexing
into C arrays; the sanitizer does, and aborts the process on the first error).  ``cdivision`` stays on in both
builds: the engine's divisions are of non-negative ints by non-zero constants, and with it off Cython 3.3.1 crashes
on ``N_TRICKS = N_CARDS // N_PLAYERS`` in ``core/hearts/data.pxd``.  The debug build keeps its C files and objects
under ``build/debug/``, so install it without ``-e`` (``DEADEYE_DEBUG=1 pip install .``) into a venv of its own: an
editable install compiles in place, over the normal build's modules.
"""
from __future__ import annotations

import os
from pathlib import Path

from setuptools import Extension, setup

ROOT = Path(__file__).resolve().parent
SUBPACKAGES = ("core", "search", "bots", "protocol", "interop")
DEBUG = os.environ.get("DEADEYE_DEBUG") == "1"
SANITIZE = ["-fsanitize=bounds,undefined", "-fno-sanitize-recover=all"]
COMPILE_ARGS = ["-O1", "-g", "-fno-omit-frame-pointer", *SANITIZE] if DEBUG else ["-O3"]
LINK_ARGS = ["-fsanitize=bounds,undefined"] if DEBUG else []
DEBUG_BUILD = "build/debug"       # the debug build's C files, objects and libraries, apart from the normal build's
JOBS = os.cpu_count() or 1        # Cython translates, and the compiler compiles, one module per core at a time


def package_map() -> dict[str, str]:
    """``deadeye.core`` -> ``core``, recursively, for every folder that holds an ``__init__.py``."""
    mapping = {}
    for top in SUBPACKAGES:
        for init in sorted((ROOT / top).rglob("__init__.py")):
            rel = init.parent.relative_to(ROOT)
            mapping["deadeye." + ".".join(rel.parts)] = rel.as_posix()
    return mapping


def data_packages(name: str, folder: str) -> dict[str, str]:
    """A folder of data files (no Python) and each folder under it as a package, so that setuptools ships them."""
    top = ROOT / folder
    return {".".join([name, *d.relative_to(top).parts]): d.relative_to(ROOT).as_posix()
            for d in [top, *sorted(p for p in top.rglob("*") if p.is_dir() and p.name != "__pycache__")]}


def cython_include_dir() -> str:
    """Mirror the folders under ``build/cython-include/deadeye`` so that cross-package cimports resolve."""
    base = ROOT / "build" / "cython-include"
    pkg = base / "deadeye"
    pkg.mkdir(parents=True, exist_ok=True)
    (pkg / "__init__.pxd").touch()
    for top in SUBPACKAGES:
        link = pkg / top
        if link.is_symlink() or link.exists():
            if link.is_symlink() and link.resolve() == (ROOT / top).resolve():
                continue
            link.unlink()
        link.symlink_to(ROOT / top, target_is_directory=True)
    return str(base)


def extensions() -> list:
    from Cython.Build import cythonize

    exts = []
    for pyx in sorted(p for top in SUBPACKAGES for p in (ROOT / top).rglob("*.pyx")):
        rel = pyx.relative_to(ROOT).with_suffix("")
        exts.append(
            Extension(
                "deadeye." + ".".join(rel.parts),
                [pyx.relative_to(ROOT).as_posix()],
                extra_compile_args=COMPILE_ARGS,
                extra_link_args=LINK_ARGS,
            )
        )
    directives = {
        "language_level": 3,
        "boundscheck": DEBUG,
        "wraparound": DEBUG,
        "initializedcheck": DEBUG,
        "cdivision": True,
        "embedsignature": True,
    }
    return cythonize(exts, include_path=[cython_include_dir()], compiler_directives=directives, quiet=True,
                     build_dir=DEBUG_BUILD + "/cython" if DEBUG else None, nthreads=JOBS)


packages = package_map()
packages["deadeye.rules"] = "docs/rules"          # the player rules, read by deadeye.core.rules_text
WEB_STATIC = data_packages("deadeye.protocol.web_static", "protocol/web_static")   # deadeye web's page
NETS = data_packages("deadeye.bots.nets", "bots/nets")        # the shipped networks: a folder of weights per game
packages.update(WEB_STATIC)
packages.update(NETS)
setup(
    packages=list(packages),
    package_dir=packages,
    package_data={**{name: ["*.pxd", "*.pyx"] for name in packages}, "deadeye.rules": ["*.md"],
                  **{name: ["*"] for name in {**WEB_STATIC, **NETS}}},
    ext_modules=extensions(),
    options={"build_ext": {"parallel": JOBS}, **({"build": {"build_base": DEBUG_BUILD}} if DEBUG else {})},
    zip_safe=False,
)
