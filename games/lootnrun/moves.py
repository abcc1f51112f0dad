"""Moves of Loot N Run: small frozen values with a canonical text form.

=================  ================================================================
text               meaning
=================  ================================================================
``loot 1``         draw the top room of deck 1 (or ``loot 2``)
``run``            reveal and score your rooms
``awaken 2``       reveal the rooms in front of seat 2 (seats count from 0)
``keep 1``         after a Werewolf: keep the room drawn from deck 1 (``keep 2``,
                   ``keep both``, ``keep none``)
``pass``           nothing can be drawn and nothing lies in front of you
``reshuffle ...``  chance: the two new decks (room ids, top first)
=================  ================================================================

``repr`` of a move is the parser call that makes it:

>>> Loot(0)
Move.from_text('loot 1')
>>> parse_text(" Keep  BOTH ") == Keep(True, True)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from games.errors import InvalidMoveError

__all__ = ["Move", "Loot", "Run", "Awaken", "Keep", "Pass", "Reshuffle", "parse_text"]


@dataclass(frozen=True, slots=True)
class Move:
    """Base of every Loot N Run move: ``str`` is the move text, ``repr`` the parser call."""

    def __repr__(self) -> str:
        return f"Move.from_text({str(self)!r})"

    @staticmethod
    def from_text(text: str) -> "Move":
        """The move written ``text`` (no legality check): :func:`parse_text`."""
        return parse_text(text)


@dataclass(frozen=True, slots=True, repr=False)
class Loot(Move):
    deck: int  # 0 or 1

    def __str__(self) -> str:
        return f"loot {self.deck + 1}"


@dataclass(frozen=True, slots=True, repr=False)
class Run(Move):
    def __str__(self) -> str:
        return "run"


@dataclass(frozen=True, slots=True, repr=False)
class Awaken(Move):
    target: int  # seat

    def __str__(self) -> str:
        return f"awaken {self.target}"


@dataclass(frozen=True, slots=True, repr=False)
class Keep(Move):
    """After a Werewolf: which of the two drawn rooms (from deck 1, deck 2) to keep."""

    first: bool
    second: bool

    def __str__(self) -> str:
        return _KEEP_TEXT[(self.first, self.second)]


@dataclass(frozen=True, slots=True, repr=False)
class Pass(Move):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True, repr=False)
class Reshuffle(Move):
    """Chance: the new decks, each listed from the top down (room positions in the data)."""

    decks: tuple[tuple[int, ...], tuple[int, ...]]

    def __str__(self) -> str:
        return "reshuffle " + " | ".join(" ".join(map(str, d)) for d in self.decks)


_KEEP_TEXT = {(False, False): "keep none", (True, False): "keep 1", (False, True): "keep 2",
              (True, True): "keep both"}
_KEEPS = {text: Keep(*flags) for flags, text in _KEEP_TEXT.items()}
_USAGE = "loot 1|2, run, awaken SEAT, keep none|1|2|both, pass"


def parse_text(text: str) -> Move:
    """Move text (``loot 1``, ``run``, ``awaken 2``, ``keep both``, ``pass``) to a move,
    without a legality check (``InvalidMoveError`` for text that is no Loot N Run move).
    Chance outcomes (``reshuffle``) are not read from text."""
    words = " ".join(str(text).split()).lower()
    if words in _KEEPS:
        return _KEEPS[words]
    if words == "run":
        return Run()
    if words == "pass":
        return Pass()
    parts = words.split()
    if (len(parts) == 2 and parts[0] in ("loot", "awaken") and parts[1].isdigit()
            and parts[1].isascii() and len(parts[1]) <= 4):
        number = int(parts[1])
        if parts[0] == "awaken":
            return Awaken(number)
        if number in (1, 2):
            return Loot(number - 1)
    raise InvalidMoveError(f"{text!r} is not a Loot N Run move ({_USAGE})")
