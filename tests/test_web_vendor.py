"""The page's vendored MessagePack library is exactly the locked ``@msgpack/msgpack`` release (tools/vendor_msgpack.py).

The stamp check always runs; the byte-for-byte check needs the package installed by ``npm ci`` in tests/clients/node
(CI runs it) and is skipped otherwise.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("vendor_msgpack", ROOT / "tools" / "vendor_msgpack.py")
vendor = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vendor)


def _vendored() -> dict[str, bytes]:
    return {p.relative_to(vendor.VENDOR).as_posix(): p.read_bytes()
            for p in vendor.VENDOR.rglob("*") if p.is_file() and p.name != vendor.STAMP}


def test_stamp_names_the_locked_release() -> None:
    entry = vendor.locked()
    assert (vendor.VENDOR / vendor.STAMP).read_bytes() == vendor.stamp(entry)
    assert entry["license"] == "ISC" and entry["version"].count(".") == 2


def test_vendored_files_load_as_plain_javascript_modules() -> None:
    files = _vendored()
    assert "index.js" in files and "LICENSE" in files
    for rel, data in files.items():
        assert b".mjs" not in data and b"sourceMappingURL" not in data, rel


def test_vendored_files_match_the_locked_package() -> None:
    package_dir = vendor.NODE_DIR / "node_modules" / vendor.PACKAGE
    installed = vendor.installed_version(package_dir)
    if installed is None:
        pytest.skip(f"{package_dir} is missing: run `npm ci` in {vendor.NODE_DIR}")
    assert installed == vendor.locked()["version"], "npm ci installed another version than the lock's"
    assert _vendored() == vendor.built_files(package_dir), "run python tools/vendor_msgpack.py"


def test_imports_are_rewritten_and_maps_dropped() -> None:
    src = b'import { a } from "./utils/int.mjs";\nexport * from "../x.mjs";\nconst s = "y.mjs";\n//# sourceMappingURL=i.mjs.map\n'
    out = vendor._MAP.sub(b"\n", vendor._IMPORT.sub(rb"\1.js\2", src))
    assert out == b'import { a } from "./utils/int.js";\nexport * from "../x.js";\nconst s = "y.mjs";\n'
