"""Keyed seeds: every seed of a tournament or a table is a keyed hash of public parts, so that nobody without the
key can search the seeds for a deal (a seat that knows its own cards and the game could otherwise try every seed
of a small space and find the one that deals them).  The arena keys with a run key kept in its journal; the tables of
a server with a key of their own (``TableRegistry.key``)."""
from __future__ import annotations

import hashlib
import secrets

KEY_BYTES = 32          # a new key; a given one has 16 to 64 bytes (blake2b's key is at most 64)
LEGACY_KEY = b""        # the public derivation (arena journals written before run keys)


def derive_seed(*parts: object, key: bytes = LEGACY_KEY, bits: int = 53) -> int:
    """A ``bits``-bit seed (at most 64) from any parts under ``key``: a keyed blake2b, so that without the key the
    seed cannot be guessed from the parts; stable across runs, platforms and Python versions.  53 bits (the default)
    stay exact in JSON and JavaScript readers; 64 is the whole state of a game's generator.

    >>> k = b"k" * 16
    >>> derive_seed(1, "deal", 0, key=k) == derive_seed(1, "deal", 0, key=k) != derive_seed(1, "deal", 0)
    True
    >>> derive_seed(1, key=k, bits=64) >> 11 == derive_seed(1, key=k)
    True
    """
    if not 1 <= bits <= 64:
        raise ValueError(f"a derived seed has 1 to 64 bits, not {bits}")
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8, key=key).digest()
    return int.from_bytes(digest, "little") >> (64 - bits)


def new_key() -> bytes:
    """A fresh secret key."""
    return secrets.token_bytes(KEY_BYTES)
