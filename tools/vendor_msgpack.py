"""Vendor the browser's MessagePack library into the page: ``@msgpack/msgpack``'s ESM build, from a locked npm install.

The page (``protocol/web_static/``) loads no code from the network at run time, so the library is copied into
``protocol/web_static/vendor/msgpack/``.  Its version is the one ``tests/clients/node/package-lock.json`` locks (the
same lock the Node.js example client installs from with ``npm ci``), so the page and the Node client speak through
the same release.  The copy is the package's ``dist.esm/*.mjs`` with two mechanical changes, so that any static
server (aiohttp's included, whatever the system's MIME table) serves the files as JavaScript: each file is renamed
``.js`` and its relative imports follow, and the ``sourceMappingURL`` comment is dropped (the maps are not shipped).
``tests/test_web_vendor.py`` checks that the vendored files are exactly what this script makes from the locked package.

    python tools/vendor_msgpack.py          # runs `npm ci` in tests/clients/node first if the package is missing
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_DIR = ROOT / "tests" / "clients" / "node"
PACKAGE = "@msgpack/msgpack"
VENDOR = ROOT / "protocol" / "web_static" / "vendor" / "msgpack"
STAMP = "VERSION"          # the vendored release: version, integrity and licence, one per line

_IMPORT = re.compile(rb'(from\s+"\.{1,2}/[^"]+?)\.mjs(")')
_MAP = re.compile(rb"\n?//# sourceMappingURL=\S+\s*$")


def locked() -> dict:
    """The lock's entry for the package: ``version``, ``integrity`` and ``license``."""
    lock = json.loads((NODE_DIR / "package-lock.json").read_text())
    return lock["packages"][f"node_modules/{PACKAGE}"]


def built_files(package_dir: Path) -> dict[str, bytes]:
    """The vendored tree made from an installed package: relative path -> bytes (LICENSE included)."""
    dist = package_dir / "dist.esm"
    out: dict[str, bytes] = {}
    for src in sorted(dist.rglob("*.mjs")):
        text = _MAP.sub(b"\n", _IMPORT.sub(rb"\1.js\2", src.read_bytes()))
        out[src.relative_to(dist).with_suffix(".js").as_posix()] = text
    out["LICENSE"] = (package_dir / "LICENSE").read_bytes()
    return out


def stamp(entry: dict) -> bytes:
    return f"{PACKAGE} {entry['version']}\n{entry['integrity']}\nlicence: {entry['license']}\n".encode()


def installed_version(package_dir: Path) -> str | None:
    manifest = package_dir / "package.json"
    return json.loads(manifest.read_text())["version"] if manifest.is_file() else None


def main() -> int:
    entry = locked()
    package_dir = NODE_DIR / "node_modules" / PACKAGE
    if installed_version(package_dir) != entry["version"]:
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=NODE_DIR, check=True)
    if installed_version(package_dir) != entry["version"]:
        print(f"{package_dir} is not version {entry['version']} after npm ci", file=sys.stderr)
        return 1
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    for rel, data in built_files(package_dir).items():
        (VENDOR / rel).parent.mkdir(parents=True, exist_ok=True)
        (VENDOR / rel).write_bytes(data)
    (VENDOR / STAMP).write_bytes(stamp(entry))
    print(f"vendored {PACKAGE} {entry['version']} into {VENDOR.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
