"""Readers of the words of move text, shared by the engines' ``parse_text``: each raises
``InvalidMoveError`` naming the whole move and the word; and :func:`notation_of`, a game's
move notation as its engine documents it (``NOTATION``, ``describe``).

>>> cell("c3", "find 7 90 at c3"), number("12", "take 12", "card")
(12, 12)
"""

from __future__ import annotations

from typing import Any

from grids.cells import GridError, parse_cell

from . import protocol, registry
from .errors import InvalidMoveError
from .forgiving import PLAIN, described

__all__ = ["number", "cell", "notation_forms", "notation_of"]


def number(word: str, text: str, what: str) -> int:
    """``word`` as an integer; ``what`` names it in the message (``card``, ``rotation``)."""
    try:
        return int(word)
    except ValueError:
        raise InvalidMoveError(f"move {text!r}: {what} {word!r} is not a number") from None


def cell(word: str, text: str) -> int:
    """``word`` as a cell index of the 5x5 board (``A1`` .. ``E5``)."""
    try:
        return parse_cell(word)
    except GridError as exc:
        raise InvalidMoveError(f"move {text!r}: {exc}") from None


def notation_forms(engine: Any, data: Any) -> tuple[tuple[str, str], ...]:
    """The engine's ``NOTATION`` as ``data`` deals the game: its ``{placeholders}`` (a
    count the card data fixes, such as the Pyramids cards dealt and kept) filled by the
    engine's ``notation_facts(data)``; a ``--cards FILE`` may deal 5 and keep 3."""
    facts = getattr(engine, "notation_facts", None)
    values = facts(data) if facts is not None else {}
    return tuple((text.format(**values), meaning.format(**values))
                 for text, meaning in getattr(engine, "NOTATION", ()))


def notation_of(game_id: str, data: Any) -> dict[str, Any]:
    """How ``game_id``'s moves are written: ``{"game", "forms": [{"text", "meaning"}],
    "accepted": {"rules": [...], "examples": [{"typed", "reads"}]}, "examples": [{"move",
    "words"}]}``. ``forms`` is the engine's ``NOTATION`` with the counts of ``data``
    (:func:`notation_forms`; empty when the engine documents none yet); ``accepted``, what
    else its ``FORMS`` read (``games.forgiving``); ``examples`` are moves of the example
    position (``example_view``; the engine's ``example_decisions(state)`` where a decision
    is played as several moves), at most two of each kind, with the engine's ``describe``
    words (``None`` without one). ``digsite notation GAME`` prints it."""
    engine = registry.engine(game_id)
    forms = [{"text": text, "meaning": meaning}
             for text, meaning in notation_forms(engine, data)]
    describe = getattr(engine, "describe", None)
    state, _ = engine.state_from_view(engine.example_view(data), data, 0)
    examples: list[dict[str, str | None]] = []
    per_kind: dict[tuple[str, object], int] = {}
    decisions = getattr(engine, "example_decisions", protocol.options_of)
    for move in decisions(state):
        kind = (type(move).__name__, getattr(move, "kind", None))
        if per_kind.get(kind, 0) >= 2:
            continue
        per_kind[kind] = per_kind.get(kind, 0) + 1
        examples.append({"move": str(move),
                         "words": describe(state, move) if describe is not None else None})
    accepted = getattr(engine, "FORMS", PLAIN)
    return {"game": game_id, "forms": forms,
            "accepted": {"rules": described(accepted),
                         "examples": [{"typed": typed, "reads": reads}
                                      for typed, reads in accepted.examples]},
            "examples": examples}
