"""The error types of digsite.

*Bad input* (exit status 2): ``DigsiteError`` and its kinds, all ``ValueError``s.
``DigsiteError`` and ``InvalidDataError`` are defined in ``cards_data`` (the lowest layer
that raises them) and re-exported here with the rest, so callers import from one place.

*Internal faults* (exit status 1): ``InternalFault`` and its kinds, ``RuntimeError``s. A
solver whose answer does not survive its own check (a replay that disagrees with the
claimed score, a model with no solution where one must exist) raises one of these, never
an ``assert`` (which ``python -O`` strips) and never a bad-input error.
"""

from __future__ import annotations

from typing import Sequence

from cards_data.errors import DigsiteError, InvalidDataError

__all__ = [
    "DigsiteError", "InvalidDataError", "InvalidStateError", "InvalidMoveError",
    "IllegalMoveError", "NoSolutionError", "InternalFault", "ReplayMismatchError",
    "SolverFault",
]


class InvalidStateError(DigsiteError):
    """A deal or player view that is malformed or impossible (more coins than the deck
    holds, crossings that break the connection rule, a card not in the data, ...)."""


def _listing(message: str, cards: Sequence[str] | None, listed: str) -> str:
    """``message (cards: pot_shard, coin)``: a refusal and the cards it lists."""
    return message if cards is None else f"{message} ({listed}: {', '.join(cards)})"


class InvalidMoveError(DigsiteError):
    """Move text that does not parse as a move of this game. ``unknown_verb``: its first
    word names no move of the game (a reader that knows the position lists the verbs of
    the decision there, not every verb of the game). ``suggestion``, when given, is the
    one move text the reader suggests: the message ends with ``; did you mean `...`?``,
    and ``said`` is the refusal without it (a screen says the suggestion in its own
    words: ``sell pot shard 1``, not the engine's ``sell pot_shard 1``). ``cards``, when
    given, are the cards the refusal lists by the engine's names: the message says them
    after it, ``(cards: pot_shard, ...)`` (``listed``: the words before them), and
    ``said`` is without them too (a screen lists them as printed: ``pot shard``,
    ``pharaoh's mask``)."""

    def __init__(self, message: str, unknown_verb: bool = False,
                 suggestion: str | None = None, *, cards: Sequence[str] | None = None,
                 listed: str = "cards"):
        listing = _listing(message, cards, listed)
        super().__init__(listing if suggestion is None
                         else f"{listing}; did you mean `{suggestion}`?")
        self.unknown_verb = unknown_verb
        self.said = message
        self.suggestion = suggestion
        self.cards = None if cards is None else tuple(cards)
        self.listed = listed


class IllegalMoveError(DigsiteError):
    """A well-formed move that is not legal in this position. ``apply`` raises it too for
    a move that is not a move of its game at all (a foreign move). ``reason``, when given,
    is the rule it breaks in a player's words, without the position's legal moves (the
    tracker compares it across the hands a seat could hold). ``legal``, when given, lists
    the engine's legal moves: the message ends with ``(legal: ...)``, and ``said`` is the
    refusal without it (a screen listing its own moves, whole trades, shows that).
    ``cards`` and ``listed``: as :class:`InvalidMoveError`'s (before the legal moves)."""

    def __init__(self, message: str, reason: str | None = None, legal: str | None = None,
                 *, cards: Sequence[str] | None = None, listed: str = "cards"):
        listing = _listing(message, cards, listed)
        super().__init__(listing if legal is None else f"{listing} (legal: {legal})")
        self.reason = reason
        self.said = message
        self.legal = legal
        self.cards = None if cards is None else tuple(cards)
        self.listed = listed


class NoSolutionError(DigsiteError):
    """A solver was asked a question that has no answer for this input."""


class InternalFault(RuntimeError):
    """A bug in digsite, not in the input (exit status 1)."""


class ReplayMismatchError(InternalFault):
    """A solver's plan, replayed through the rules engine, does not give what the solver
    claimed (see ``solvers.verify``)."""


class SolverFault(InternalFault):
    """A solver failed where the input cannot be the cause (an infeasible model of a
    position that has a legal continuation, an unexpected solver status)."""
