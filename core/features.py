"""The encodings of the information sets: what a learning model reads of a seat's knowledge (docs/encodings.md).

Each game's information set class declares ``features``, a tuple of :class:`Feature` in the order its Cython
``_encode`` writes them, and ``encoding_version``, raised whenever the features change in any way.  The base class
turns that into ``encode()`` (the float32 vector, every value in [0, 1]) and ``legal_mask()``; this module turns it
into the documented table of each game and into the fingerprint that a network's manifest keeps, so that weights
trained on one encoding are never read with another.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Feature:
    """``size`` consecutive floats of an encoding, and what they say."""

    name: str
    size: int
    meaning: str


@dataclass(frozen=True)
class EncodingLayout:
    """A game's encoding: its version, size and features with their offsets."""

    game: str
    version: int
    features: tuple[Feature, ...]

    @property
    def size(self) -> int:
        return sum(f.size for f in self.features)

    def offsets(self) -> list[tuple[int, Feature]]:
        out, at = [], 0
        for f in self.features:
            out.append((at, f))
            at += f.size
        return out

    def slice(self, name: str) -> slice:
        """Where the feature ``name`` sits in an encoding."""
        for at, f in self.offsets():
            if f.name == name:
                return slice(at, at + f.size)
        raise KeyError(f"{self.game}'s encoding has no feature {name!r}")

    def fingerprint(self) -> str:
        """A short hash of the game, version and every feature's name and size: a network's manifest keeps it."""
        text = repr((self.game, self.version, [(f.name, f.size) for f in self.features]))
        return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()

    def markdown(self, title: str) -> str:
        """The game's section of docs/encodings.md."""
        lines = [f"## {title}", "",
                 f"`{self.game}`, version {self.version}, {self.size} floats, fingerprint `{self.fingerprint()}`.", "",
                 "| offset | size | feature | meaning |", "|---:|---:|---|---|"]
        lines += [f"| {at} | {f.size} | `{f.name}` | {f.meaning} |" for at, f in self.offsets()]
        return "\n".join(lines) + "\n"


def declare_features(version: int, *features: Feature) -> tuple[int, tuple[Feature, ...]]:
    """``encoding_version, features = declare_features(1, Feature(...), ...)``, checked: names unique, sizes >= 1."""
    names = [f.name for f in features]
    if len(set(names)) != len(names):
        raise ValueError(f"feature names repeat: {names}")
    if version < 1 or any(f.size < 1 for f in features):
        raise ValueError("an encoding has a version >= 1 and features of at least one float")
    return version, tuple(features)


def encoding_layout(game: str) -> EncodingLayout:
    """The encoding of the registered game ``game``."""
    from . import new_game, game_info

    info = game_info(game)
    cls = type(new_game(game, players=info.min_players).information_set(0))
    return EncodingLayout(game, cls.encoding_version, cls.features)


GENERATED = "<!-- generated below by: python -m deadeye.core.features docs/encodings.md -->\n"


def encodings_markdown() -> str:
    """docs/encodings.md's tables, one per game."""
    from . import list_games

    return "\n".join(encoding_layout(g.name).markdown(g.title) for g in list_games())


def write_docs(path: str) -> None:
    """Rewrite the tables of ``path`` (everything after its ``GENERATED`` line) from the games' declarations."""
    with open(path, encoding="utf-8") as f:
        head, marker, _ = f.read().partition(GENERATED)
    if not marker:
        raise SystemExit(f"{path} has no line {GENERATED.strip()!r}")
    with open(path, "w", encoding="utf-8") as f:
        f.write(head + GENERATED + "\n" + encodings_markdown())


if __name__ == "__main__":
    import sys

    write_docs(sys.argv[1] if len(sys.argv) > 1 else "docs/encodings.md")
