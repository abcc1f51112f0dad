"""Moves of Loot N Run: small frozen values with a canonical text form.

=================  ================================================================
text               meaning
=================  ================================================================
``loot 0``         draw the top room of deck 0 (or ``loot 1``); decks count from 0,
                   as seats do everywhere in digsite
``run``            reveal and score your rooms
``awaken 2``       reveal the rooms in front of seat 2
``keep 0``         after a Werewolf: keep the room drawn from deck 0 and discard the
                   other (``keep 1``, ``keep both``, ``keep none``)
``pass``           nothing can be drawn and nothing lies in front of you
``reshuffle ...``  chance: the two new decks (room positions, top first; never typed)
=================  ================================================================

``repr`` of a move is the parser call that makes it:

>>> Loot(0)
Move.from_text('loot 0')
>>> parse_text(" Keep  BOTH ") == Keep(True, True)
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Callable, Final, Sequence

from cards_data._schema import PLAYERS
from games.errors import InvalidMoveError
from games.forgiving import Forms
from games.table import plural, seat_name

if TYPE_CHECKING:  # (the state module imports this one)
    from .state import LootNRunState

__all__ = ["Move", "Loot", "Run", "Awaken", "Keep", "Pass", "Reshuffle", "parse_text", "FORMS",
           "describe", "NOTATION", "LOOT", "RUN", "AWAKEN", "KEEP", "PASS", "why_illegal",
           "decision_forms", "read_in"]

#: The move notation, form by form (``digsite notation lootnrun``, ``digsite hint --help``).
NOTATION: tuple[tuple[str, str], ...] = (
    ("loot 0 / loot 1", "draw the top room of deck 0 or deck 1 and place it face down in "
     "front of you; decks count from 0, as seats do"),
    ("run", "reveal your rooms and score them (a treasure type on two or more rooms scores "
     "double), then discard them"),
    ("awaken 2", "reveal the rooms in front of seat 2: they escape and score if they show "
     "at least as many amulets as guardians, else they are caught and you get each "
     "guardian's benefit"),
    ("keep 0 / keep 1 / keep both / keep none", "after the werewolf: which of the two rooms "
     "you drew (from deck 0, from deck 1) to keep; the others are discarded"),
    ("pass", "no room can be drawn and none lies in front of you (with 2 players: nor in "
     "front of the other seat, which you could awaken)"),
)


@dataclass(frozen=True, slots=True)
class Move:
    """Base of every Loot N Run move: ``str`` is the move text, ``repr`` the parser call."""

    def __repr__(self) -> str:
        return f"Move.from_text({str(self)!r})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # pickled as its class and fields, rebuilt by the constructor (root-parallel search
        # sends moves between processes): the default restores the fields by setattr,
        # which a frozen class compiled by mypyc refuses
        return type(self), tuple(getattr(self, f.name) for f in fields(self))

    @staticmethod
    def from_text(text: str) -> "Move":
        """The move written ``text`` (no legality check): :func:`parse_text`."""
        return parse_text(text)


@dataclass(frozen=True, slots=True, repr=False)
class Loot(Move):
    deck: int  # 0 or 1

    def __str__(self) -> str:
        return f"loot {self.deck}"


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
    """After a Werewolf: which of the two drawn rooms (from deck 0, deck 1) to keep."""

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


_KEEP_TEXT = {(False, False): "keep none", (True, False): "keep 0", (False, True): "keep 1",
              (True, True): "keep both"}

# The moves ``legal_moves`` lists, made once: a playout lists moves at every step, and a
# move is a frozen value (equal to any other of the same fields), so one of each will do.
# (``Final``: compiled code reads them without a lookup in the module.)
#: ``loot 0``, ``loot 1``
LOOT: Final = (Loot(0), Loot(1))
RUN: Final = Run()
PASS: Final = Pass()
#: ``awaken T`` for every seat of the largest table the card data allows
AWAKEN: Final = tuple(Awaken(t) for t in range(PLAYERS["lootnrun"][1]))
#: ``keep`` by its two flags
KEEP: Final = {flags: Keep(*flags) for flags in _KEEP_TEXT}
_KEEPS = {text: KEEP[flags] for flags, text in _KEEP_TEXT.items()}
_USAGE = "loot 0|1, run, awaken SEAT, keep none|0|1|both, pass"


#: The accepted forms besides the canonical text (``games.forgiving``).
FORMS = Forms(
    # (the list's words: "draw the top room of deck 0")
    fillers={"loot": ("deck", "from", "the", "top", "room", "of"),
             "awaken": ("seat", "the", "guardians", "of"),
             # ("keep deck 0 and deck 1", "keep room 49": the table's words for them)
             "keep": ("deck", "and", "the", "room", "rooms", "from")},
    aliases={"draw": "loot"},
    phrases={"keep all": "keep both", "keep neither": "keep none", "keep nothing": "keep none"},
    examples=(("Loot deck 1", "loot 1"), ("awaken seat 2", "awaken 2"),
              ("keep all", "keep both"), ("keep neither", "keep none")))


def parse_text(text: str) -> Move:
    """Move text (``loot 0``, ``run``, ``awaken 2``, ``keep both``, ``pass``) to a move,
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
    if parts[:1] == ["keep"] and sorted(parts[1:]) == ["0", "1"]:  # (both, named)
        return _KEEPS["keep both"]
    if (len(parts) == 2 and parts[0] == "keep" and parts[1].isdecimal() and parts[1].isascii()
            and len(parts[1]) <= 4):  # (was "'keep 2' is not a Loot N Run move")
        raise InvalidMoveError(f"move {text!r}: there is no deck {int(parts[1])} (keep 0 and "
                               f"keep 1 name the deck a room was drawn from; keep both, "
                               f"keep none)")
    if (len(parts) == 2 and parts[0] in ("loot", "awaken") and parts[1].isdecimal()
            and parts[1].isascii() and len(parts[1]) <= 4):
        number = int(parts[1])
        if parts[0] == "awaken":
            return Awaken(number)
        if number in (0, 1):
            return Loot(number)
        raise InvalidMoveError(f"move {text!r}: there is no deck {number} (decks 0 and 1)")
    if parts in (["loot"], ["awaken"], ["keep"]):  # (was "'loot' is not a Loot N Run move")
        which = {"loot": "which deck", "awaken": "which seat", "keep": "which rooms"}[parts[0]]
        raise InvalidMoveError(f"move {text!r}: {which}? ({_USAGE})")
    raise InvalidMoveError(f"{text!r} is not a Loot N Run move ({_USAGE})",
                           unknown_verb=not parts or parts[0] not in _VERBS)


_VERBS = ("loot", "run", "awaken", "keep", "pass")


def decision_forms(state: "LootNRunState") -> str:
    """The moves of ``state``'s decision as a refusal lists them, a verb's choices
    joined (``loot 0|1, run, awaken 1|2``), where it listed every move of the game
    (``keep none|0|1|both`` when no Werewolf drew anything).

    >>> import cards_data
    >>> from games.lootnrun import make_deal, state_from_deal
    >>> data = cards_data.load("lootnrun")
    >>> decision_forms(state_from_deal(make_deal(players=3, seed=1, data=data), data))
    'loot 0|1'
    """
    return ", ".join(_decision_choices(state)) or _USAGE


def _decision_choices(state: "LootNRunState") -> list[str]:
    """``decision_forms``' moves, one a verb (``["loot 0|1", "run"]``)."""
    choices: dict[str, list[str]] = {}
    for move in state.legal_moves():
        verb, _, rest = str(move).partition(" ")
        choices.setdefault(verb, [])
        if rest:
            choices[verb].append(rest)
    return [f"{verb} {'|'.join(rest)}" if rest else verb for verb, rest in choices.items()]


def read_in(state: "LootNRunState") -> Callable[[str], Move]:
    """``parse_text`` for a move of ``state``: a text that is no move lists the moves of
    its decision (``decision_forms``), not every move of the game."""
    def reading(text: str) -> Move:
        parts = text.lower().split()
        if parts[:1] == ["keep"] and 2 <= len(parts) <= 4 and any(r is not None for r in state.drawn):
            # a drawn room by its number, as the table shows it ("drawn from deck 0: room
            # 49"), or by its back's colour where the other's differs ('keep the green
            # one': "did you mean `keep none`?"), was "not a Loot N Run move"; 0 and 1
            # stay the decks
            rules = state.rules
            backs = [None if room is None else rules.back[room] for room in state.drawn]
            decks = {str(rules.ids[room]): deck for deck, room in enumerate(state.drawn)
                     if room is not None and str(rules.ids[room]) not in ("0", "1")}
            decks |= {back: deck for deck, back in enumerate(backs)
                      if back is not None and backs.count(back) == 1}
            named = [word for word in parts[1:] if word not in ("one", "ones")]
            if named and all(word in decks for word in named):
                text = " ".join(["keep", *sorted({str(decks[word]) for word in named})])
        try:
            return parse_text(text)
        except InvalidMoveError as exc:
            said = str(exc)
            if not said.endswith(f"({_USAGE})"):
                raise
            # (the moves carried apart, as a refusal's cards: the tracker lists those of
            # any hand it could hold)
            raise InvalidMoveError(said[:-len(_USAGE) - 2].rstrip(),
                                   unknown_verb=exc.unknown_verb,
                                   cards=_decision_choices(state) or [_USAGE],
                                   listed="moves") from None
    return reading


def describe(state: LootNRunState | None, move: object, *,
             names: Sequence[str] | None = None) -> str:
    """``move`` in a player's words (``state``: the position before it, or ``None``), a
    seat it names called as ``names`` call it (``games.table.seat_name``).

    >>> describe(None, parse_text("loot 1"))
    'draw the top room of deck 1'
    >>> describe(None, parse_text("keep 0"))
    'keep the room drawn from deck 0, discard the one from deck 1'
    """
    if isinstance(move, Loot):
        words = f"draw the top room of deck {move.deck}"
        if state is not None and state.decks[move.deck]:
            rules = state.rules
            words += f" (a {rules.back[state.decks[move.deck][-1]]} back)"
        return words
    if isinstance(move, Run):
        return "run: reveal and score your rooms"
    if isinstance(move, Awaken):
        words = f"awaken {seat_name(move.target, None, names)}"
        if state is not None:
            words += f" ({plural(len(state.fronts[move.target]), 'room')} in front)"
        return words
    if isinstance(move, Keep):
        kept = [f"the room drawn from deck {d}" for d, k in enumerate((move.first, move.second)) if k]
        dropped = [f"the one from deck {d}" for d, k in enumerate((move.first, move.second)) if not k]
        if not kept:
            return "keep neither drawn room"
        if not dropped:
            return "keep both drawn rooms"
        return f"keep {kept[0]}, discard {dropped[0]}"
    if isinstance(move, Pass):
        return "pass: nothing to draw and nothing in front of you"
    if isinstance(move, Reshuffle):
        return "chance: the decks are reshuffled"
    raise InvalidMoveError(f"{move!r} is not a Loot N Run move")


def why_illegal(state: "LootNRunState", move: Move) -> str | None:
    """Why ``move`` is not legal in ``state``: the first rule it breaks, in a player's
    words, or ``None`` when none of these rules names it. Asked only for a refused move
    (``parse_move``); it never decides legality, ``state.legal_moves()`` does.

    >>> import cards_data
    >>> from games.lootnrun import make_deal, state_from_deal
    >>> data = cards_data.load("lootnrun")
    >>> state = state_from_deal(make_deal(players=3, seed=1, data=data), data)
    >>> why_illegal(state, RUN)
    'you have no room in front of you: with none you must loot'
    """
    if state.phase == "keep":
        return None if isinstance(move, Keep) else ("first say which of the rooms the "
                                                     "werewolf drew you keep")
    if isinstance(move, Keep):
        return "no werewolf drew you rooms to keep"
    seat, fronts = state.to_move, state.fronts
    if isinstance(move, Loot):
        return f"deck {move.deck} is empty" if not state.decks[move.deck] else None
    if isinstance(move, Run):
        if fronts[seat]:
            return None
        awaken = state.num_players == 2 and any(f for t, f in enumerate(fronts) if t != seat)
        if awaken or not any(state.decks):  # (looting is not all that is left)
            return "you have no room in front of you to run"
        return "you have no room in front of you: with none you must loot"
    if isinstance(move, Awaken):
        target = move.target
        if target == seat:
            return "you cannot awaken yourself"
        if target >= state.num_players:
            return f"there is no seat {target}"
        if not fronts[target]:
            return f"seat {target} has no room in front of it"  # (as a refusal said of a
            # seat says it: "seat 1 has no room in front of it")
        if not fronts[seat] and state.num_players > 2:
            return "with 3 or more players you need a room in front of you to awaken"
        return None
    if isinstance(move, Pass):
        if not fronts[seat] and not any(state.decks):  # (refused: an awakening is open)
            return ("you can still awaken: with 2 players you need no room in front of you "
                    "to awaken")
        return ("you can still act: pass only when no room can be drawn and none lies in "
                "front of you")
    return None
