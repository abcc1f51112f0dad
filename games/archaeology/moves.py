"""Moves of the Archaeology engine — small interned, immutable values with a text form.

One engine core serves both editions (``games.archaeology`` and ``games.expedition``).
Card ids come from the card data: the treasures in the order of the edition's
``cards_data`` module (``TREASURE_KEYS``), then the thief and the sandstorm, so the
map's id is wherever the card data puts it (the 2007 game: last of the seven treasures;
the New Expedition: index 5 of nine). Each edition has its own move class, deriving from
:class:`MoveBase` with its own :class:`CardTable`: moves of the two editions never
compare equal, and ``repr`` reads back in the edition's package.

One decision is one small step, so every legal play is reachable with few moves per node.
The moves of the 2007 game:

=================  ============================================================
text               meaning
=================  ============================================================
``dig coin``       chance: the top card of the dig site (fixed by the deal)
``steal 1``        the thief's owner picks the victim seat (0-based)
``stolen coin``    chance: the card the thief takes at random (fixed by the deal)
``discard coin``   sandstorm: discard one card (a seat's discards go in card order)
``take coin``      trade: take one marketplace card (takes go in card order)
``give coin``      trade: give one hand card; the trade happens when the gives cover
                   the takes (gives go in falling trade value, see ``state``)
``explore 5``      discard maps to take the chamber of that size
``sell coin 3``    sell a set of 3 coins to the museum
``end``            end the turn (with the dig site empty and nothing sold or
                   explored this turn, this is a pass)
=================  ============================================================

**A whole trade as one move.** ``trade talisman pot_shard for pharaohs_mask`` (the cards
given, ``for``, the cards taken; card order, a name repeated for several cards) is the
trade the ``take``/``give`` steps build, as a player says it: the hints rank whole trades,
and ``parse_move``, ``play`` and game records accept one. It is not among
``legal_moves()`` (the search and the engine's tables play the steps, which reach every
minimal trade exactly once); ``parse_move`` checks it by its steps
(``ArchaeologyState.check_trade``) and ``apply`` plays them.

**A whole discard as one move.** ``discard coin broken_cup map`` (every card a seat still
owes a sandstorm, in card order, a name repeated for several cards) is the seat's
``discard`` steps as a player says them: the rulebook lets a seat choose the cards, not an
order, so a player may name them at once in any order (``parse_move`` reads them in card
order). It is not among ``legal_moves()`` either (each multiset of discards is reached once
by the steps); ``parse_move`` checks it by its steps (``ArchaeologyState.check_discards``)
and ``apply`` plays them.

The New Expedition names chambers by position (``explore B``) and adds the moves of its
tents and monuments (``games.expedition.moves``).

Moves are interned: equal moves are the same object, hashing is a stored int, and a move
cannot be changed. ``repr`` is the parser call:

>>> Move.from_text("sell coin 3")
Move.from_text('sell coin 3')
>>> parse_text("explore 5") is move(EXPLORE, 5)
True
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Final, Mapping, Self, Sequence

from cards_data.archaeology import TREASURE_KEYS as ARCHAEOLOGY_TREASURES
from games.errors import IllegalMoveError, InvalidMoveError
from games.forgiving import Forms, normalise
from games.protocol import options_of, parse_checked, read_text
from games.table import either, plural

if TYPE_CHECKING:  # (the state module imports this one)
    from .state import ArchaeologyState

__all__ = ["CardTable", "card_table", "MoveBase", "Move", "CARD_NAMES", "CARD_INDEX",
           "TREASURES", "MAP", "THIEF", "SANDSTORM", "CARDS", "DIG", "STEAL", "STOLEN",
           "DISCARD", "TAKE", "GIVE", "EXPLORE", "SELL", "END", "TENT", "LOOK", "KEEP",
           "DRAW", "STOP", "NAME", "REVEAL", "REFILL", "TRADE", "DISCARDS", "KIND_NAMES",
           "chamber_letter", "move", "parse_text", "read_number", "not_small",
           "parse_checked_move", "parse_typed_move", "decision_verbs", "why_illegal",
           "forms_of", "FORMS", "CHAMBER_WORDS"]

#: Move kinds (``Move.kind``); ``TENT`` .. ``REFILL`` are the New Expedition's; ``TRADE``
#: is a whole trade and ``DISCARDS`` a whole discard (both editions; not ``legal_moves``
#: entries, see the module docstring). A whole discard is written ``discard`` too: the
#: number of cards tells it from one ``DISCARD``.
DIG: Final = 0
STEAL: Final = 1
STOLEN: Final = 2
DISCARD: Final = 3
TAKE: Final = 4
GIVE: Final = 5
EXPLORE: Final = 6
SELL: Final = 7
END: Final = 8
TENT: Final = 9
LOOK: Final = 10
KEEP: Final = 11
DRAW: Final = 12
STOP: Final = 13
NAME: Final = 14
REVEAL: Final = 15
REFILL: Final = 16
TRADE: Final = 17
DISCARDS: Final = 18
KIND_NAMES = ("dig", "steal", "stolen", "discard", "take", "give", "explore", "sell", "end",
              "tent", "look", "keep", "draw", "stop", "name", "reveal", "refill", "trade",
              "discard")


@dataclass(frozen=True)
class CardTable:
    """The card ids of one edition: ``names[i]`` is card ``i``; treasures are
    ``range(treasures)`` (the map among them), then the thief and the sandstorm."""

    names: tuple[str, ...]
    treasures: int
    map: int
    thief: int
    sandstorm: int
    index: Mapping[str, int] = field(compare=False, repr=False)

    @property
    def treasure_names(self) -> tuple[str, ...]:
        return self.names[:self.treasures]


def card_table(treasure_keys: Sequence[str]) -> CardTable:
    """The card ids of an edition whose card data lists ``treasure_keys`` in this order."""
    names = tuple(treasure_keys) + ("thief", "sandstorm")
    n = len(treasure_keys)
    return CardTable(names, n, names.index("map"), n, n + 1,
                     {name: i for i, name in enumerate(names)})


def chamber_letter(index: int) -> str:
    """Chamber ``index`` (0-based position) as the letter moves and views use."""
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[index]


def read_number(word: str, text: str) -> int:
    """A small non-negative number of a move's text (``InvalidMoveError`` otherwise)."""
    if not (word.isdecimal() and word.isascii()) or len(word) > 4:
        raise InvalidMoveError(f"move {text!r}: {not_small(word)}")
    return int(word)


def not_small(word: str) -> str:
    """That ``word`` is not a small number, the word quoted whole (it cut
    '99999999999999999999' to '999999999999'), or a long number by its digits.

    >>> not_small("99999999999999999999")
    "'99999999999999999999' is not a small number"
    >>> not_small("9" * 50)
    'a number of 50 digits is not a small number'
    """
    if len(word) <= 40:
        return f"{word!r} is not a small number"
    if word.isdecimal() and word.isascii():
        return f"a number of {len(word)} digits is not a small number"
    return f"{word[:40]!r}... is not a small number"


#: The longest trade text read (words after ``trade``): more cards than any hand holds.
MAX_TRADE_WORDS = 300


class MoveBase:
    """One move: ``kind`` and up to two arguments ``a``, ``b`` (a card id, a seat, a
    chamber, a set size; a tuple of card ids for a Tomb keep, a Sphinx naming or a whole
    discard; for a whole trade, the cards given and the cards taken, card order). An
    edition's move class derives from this one and sets :attr:`CARDS` and
    :attr:`CHAMBERS_BY_LETTER` (whether ``explore``/``look`` name a chamber by its
    position's letter or by its size). Make moves with the edition's ``move`` or
    ``parse_text``."""

    __slots__ = ("kind", "a", "b", "_hash", "_text")
    kind: int
    # ``a`` and ``b`` are ints, but tuples of card ids for a keep, a naming and a whole
    # trade (see above): ``Any`` rather than a union, so that the engine's many int uses
    # need no narrowing on its hot path. (Moves with one field per type would make them
    # precise; the compile work of issue 23 may want that.)
    a: Any
    b: Any
    _hash: int
    _text: str
    CARDS: ClassVar[CardTable]
    CHAMBERS_BY_LETTER: ClassVar[bool] = False
    #: How errors name a move of this edition ("an Archaeology move").
    NOUN: ClassVar[str] = "a move"
    _CACHE: ClassVar[dict[tuple[int, Any, Any], MoveBase]]

    def __init__(self, kind: int, a: Any = -1, b: Any = -1) -> None:
        # ``_text`` last: once it is set the move is complete and immutable (``__setattr__``).
        # Plain assignments, not ``object.__setattr__``, which a compiled class refuses
        # (mypyc gives it a C-level ``__setattr__``; a compiled ``__init__`` stores directly)
        self.kind = kind
        self.a = a
        self.b = b
        self._hash = hash((kind, a, b))
        self._text = self._format(kind, a, b)

    @classmethod
    def _format(cls, kind: int, a: Any, b: Any) -> str:
        names = cls.CARDS.names
        name = KIND_NAMES[kind]
        if kind in (DIG, STOLEN, DISCARD, TAKE, GIVE, REVEAL):
            return f"{name} {names[a]}"
        if kind == STEAL:
            return f"steal {a}"
        if kind in (EXPLORE, LOOK):
            if a < 0:
                return f"{name} none"
            return f"{name} {chamber_letter(a) if cls.CHAMBERS_BY_LETTER else a}"
        if kind == SELL:
            return f"sell {names[a]} {b}"
        if kind == TENT:
            return "tent use" if a else "tent keep"
        if kind == KEEP or kind == NAME or kind == DISCARDS:
            return f"{name} " + " ".join(names[c] for c in a)
        if kind == REFILL:
            return f"refill {chamber_letter(a)} {names[b]}"
        if kind == TRADE:
            return ("trade " + " ".join(names[c] for c in a) + " for "
                    + " ".join(names[c] for c in b))
        return name  # end, draw, stop

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, "_text"):
            raise AttributeError(f"a move is immutable (tried to set {name!r})")
        super().__setattr__(name, value)  # (the constructor's stores, before ``_text``)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a move is immutable (tried to delete {name!r})")

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other or (type(other) is type(self) and self.kind == other.kind
                                 and self.a == other.a and self.b == other.b)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_text({self._text!r})"

    def __reduce__(self) -> tuple[Callable[..., MoveBase], tuple[int, Any, Any]]:
        # pickling (process pools) goes through the interning constructor
        return type(self).make, (self.kind, self.a, self.b)

    @classmethod
    def make(cls, kind: int, a: Any = -1, b: Any = -1) -> Self:
        """The interned move ``(kind, a, b)`` of this edition."""
        key = (kind, a, b)
        found = cls._CACHE.get(key)
        if found is None:
            found = cls._CACHE[key] = cls(kind, a, b)
        return found  # type: ignore[return-value]  # (each edition's class has its own cache)

    @classmethod
    def trade_of(cls, steps: Sequence[MoveBase]) -> MoveBase:
        """The whole trade (``trade GIVES for TAKES``) that ``take``/``give`` ``steps``
        make; a lone move of another kind is itself."""
        if len(steps) == 1 and steps[0].kind not in (TAKE, GIVE):
            return steps[0]
        gives = tuple(sorted(m.a for m in steps if m.kind == GIVE))
        takes = tuple(sorted(m.a for m in steps if m.kind == TAKE))
        return cls.make(TRADE, gives, takes)

    @classmethod
    def from_text(cls, text: str) -> Self:
        """The move written ``text`` (no legality check): the edition's ``parse_text``."""
        # (getattr: mypyc reads no ``__module__`` off a compiled class object)
        move: Self = sys.modules[getattr(cls, "__module__")].parse_text(text)
        return move

    # --- reading text back ---------------------------------------------------------------

    @classmethod
    def card(cls, word: str, text: str, *, treasure_only: bool = True) -> int:
        """A card name of a move's text as its id (treasures only unless told)."""
        cards = cls.CARDS
        card = cards.index.get(word)
        if card is None or (treasure_only and card >= cards.treasures):
            # (the list apart: a screen names the cards as printed, 'pharaoh's mask')
            raise InvalidMoveError(f"move {text!r}: unknown card {word!r}",
                                   cards=cards.treasure_names)
        return card

    @classmethod
    def parse(cls, text: str, kinds: Sequence[int]) -> Self:
        """Move text back to a move of one of ``kinds`` (no legality check)."""
        words = str(text).strip().split()
        allowed: dict[str, int] = {}
        for k in kinds:  # (a whole discard's verb is the discard's: the first kind keeps it)
            allowed.setdefault(KIND_NAMES[k], k)
        if not words or words[0] not in allowed:
            raise InvalidMoveError(f"cannot read move {text!r}", unknown_verb=True,
                                   cards=list(allowed), listed="moves")
        kind = allowed[words[0]]
        args = words[1:]
        if kind == TRADE:
            return cls._trade(args, text)
        if kind == DISCARD and len(args) > 1 and DISCARDS in kinds:
            return cls._discards(args, text)
        want = {END: 0, DRAW: 0, STOP: 0, SELL: 2, REFILL: 2}.get(kind, 1)
        if kind in (KEEP, NAME) and not args or kind not in (KEEP, NAME) and len(args) != want:
            raise InvalidMoveError(f"move {text!r}: {cls._form(kind)}")
        make = cls.make
        if kind in (END, DRAW, STOP):
            return make(kind)
        if kind == STEAL:
            return make(kind, read_number(args[0], text))
        if kind in (EXPLORE, LOOK):
            return make(kind, cls._chamber(args[0], text, kind, none=kind == LOOK))
        if kind == SELL:
            if not any(c.isdigit() for c in args[1]):  # ('sell coin coin' said "'coin' is
                # not a small number": a word where the count goes is the form missed)
                raise InvalidMoveError(f"move {text!r}: {cls._form(kind)}")
            return make(SELL, cls.card(args[0], text), read_number(args[1], text))
        if kind == TENT:
            if args[0] not in ("use", "keep"):
                raise InvalidMoveError(f"move {text!r}: expected 'tent use' or 'tent keep'")
            return make(TENT, int(args[0] == "use"))
        if kind == KEEP:  # (in any order, as a player says them: the move lists them
            # in card order, so each choice of cards is one move)
            return make(KEEP, tuple(sorted(cls.card(word, text) for word in args)))
        if kind == NAME:
            named = tuple(sorted(cls.card(word, text) for word in args))
            if any(a >= b for a, b in zip(named, named[1:])):
                # (the rule as the Sphinx's other refusals say it, why_illegal's; without
                # "you", as track says it of any seat: it said "name two different types")
                raise InvalidMoveError(f"move {text!r}: the Sphinx: name 2 different "
                                       "treasure types, not one type twice")
            return make(NAME, named)
        if kind == REFILL:
            return make(REFILL, cls._chamber(args[0], text, kind), cls.card(args[1], text))
        return make(kind, cls.card(args[0], text, treasure_only=kind != DIG))

    @classmethod
    def _form(cls, kind: int) -> str:
        """How a move of ``kind`` is written, for a refusal of one with the wrong words
        after its verb (it said "expected 2 argument(s) after 'sell'")."""
        verb = KIND_NAMES[kind]
        chamber = "B" if cls.CHAMBERS_BY_LETTER else "5"
        return {
            SELL: "a sale is 'sell CARD N', the card and how many (sell coin 2)",
            STEAL: "a thief is sent with 'steal SEAT' (steal 1)",
            EXPLORE: f"an exploration is 'explore CHAMBER' (explore {chamber})",
            LOOK: f"a look is 'look CHAMBER' or 'look none' (look {chamber})",
            TENT: "a tent is 'tent use' or 'tent keep'",
            REFILL: f"a refill is 'refill CHAMBER CARD' (refill {chamber} coin)",
            KEEP: "a keep names its cards (keep coin talisman)",
            NAME: "a naming names its cards (name coin talisman)",
        }.get(kind, f"'{verb}' is written alone" if kind in (END, DRAW, STOP)
              else f"the form is '{verb} CARD' ({verb} coin)")

    @classmethod
    def _trade(cls, args: Sequence[str], text: str) -> Self:
        """``trade GIVES for TAKES``: card names on each side (any order; the move lists
        them in card order)."""
        if len(args) > MAX_TRADE_WORDS:
            raise InvalidMoveError(f"move {text[:40]!r}...: more cards than a trade can hold")
        if args.count("for") != 1:
            raise InvalidMoveError(f"move {text!r}: a trade is 'trade CARDS for CARDS' (the "
                                   f"cards given, 'for', the cards taken)")
        cut = args.index("for")
        gives, takes = args[:cut], args[cut + 1:]
        if not gives or not takes:
            raise InvalidMoveError(f"move {text!r}: a trade gives at least one card and takes "
                                   f"at least one")
        return cls.make(TRADE, tuple(sorted(cls.card(w, text) for w in gives)),
                        tuple(sorted(cls.card(w, text) for w in takes)))

    @classmethod
    def _discards(cls, args: Sequence[str], text: str) -> Self:
        """``discard CARDS``, two cards or more: a whole discard (any order; the move lists
        them in card order)."""
        if len(args) > MAX_TRADE_WORDS:
            raise InvalidMoveError(f"move {text[:40]!r}...: more cards than a hand holds")
        return cls.make(DISCARDS, tuple(sorted(cls.card(w, text) for w in args)))

    @classmethod
    def _chamber(cls, word: str, text: str, kind: int, *, none: bool = False) -> int:
        if none and word == "none":
            return -1
        if not cls.CHAMBERS_BY_LETTER:
            if not (word.isdecimal() and word.isascii()):  # (it said "'chamber' is not a
                # small number" for 'explore chamber')
                raise InvalidMoveError(f"move {text!r}: {cls._form(kind)}, a chamber named "
                                       f"by its size")
            return read_number(word, text)
        if len(word) != 1 or not "A" <= word <= "Z":
            raise InvalidMoveError(f"move {text!r}: {cls._form(kind)}, a chamber named by "
                                   f"its letter A, B, ...")
        return ord(word) - ord("A")


# --- the 2007 game ------------------------------------------------------------------------

_CARDS = card_table(ARCHAEOLOGY_TREASURES)
#: Card ids of the 2007 game: the seven treasures of ``cards_data.archaeology``, then the
#: two dig-site-only cards.
CARD_NAMES = _CARDS.names
CARD_INDEX = dict(_CARDS.index)
#: Treasure ids are ``range(TREASURES)``.
TREASURES = _CARDS.treasures
MAP, THIEF, SANDSTORM = _CARDS.map, _CARDS.thief, _CARDS.sandstorm
#: Every card id (treasures, thief, sandstorm).
CARDS = len(CARD_NAMES)


class Move(MoveBase):
    """A move of Archaeology: The Card Game (chambers named by their size)."""

    __slots__ = ()
    CARDS = _CARDS
    NOUN = "an Archaeology move"
    _CACHE: ClassVar[dict[tuple[int, Any, Any], MoveBase]] = {}


_KINDS = (DIG, STEAL, STOLEN, DISCARD, TAKE, GIVE, EXPLORE, SELL, END, TRADE, DISCARDS)
move = Move.make


def parse_text(text: str) -> Move:
    """Move text back to a move (no legality check; ``InvalidMoveError`` for text that is
    no Archaeology move)."""
    return Move.parse(text, _KINDS)


def forms_of(cards: CardTable, *, expedition: bool = False) -> Forms:
    """An edition's accepted forms besides the canonical text (``games.forgiving``): its
    card names in any case, plural, with spaces; ``sell 2 coins``; counts in a trade or a
    whole discard; ``trade 2 coins for a talisman``; ``steal from seat 1``, ``explore
    chamber 5``; ``pass`` for the end of a turn (the rulebooks' word, which the screen
    says of an end with the dig site empty); ``explore the small chamber`` (the 2007
    game's chamber words are read with the state's pyramid, ``parse_checked_move``); and
    with ``expedition`` The New Expedition's own: counts in a Tomb keep or a Sphinx
    naming, ``look at chamber B``, the tent as the screen says it (the 2007 game has
    neither tent nor looks: its notation listed them)."""
    fillers = {"steal": ("from", "seat"), "explore": ("the", "chamber"),
               "discard": ("a", "an", "one"), "trade": ("a", "an", "one")}
    # (a player says "pass" where the rulebook does; ``end`` is that move)
    phrases = {"pass": "end"}
    counted: tuple[str, ...] = ("trade", "discard")
    if expedition:
        fillers["look"] = ("at", "chamber")
        counted += ("keep", "name")
        # (a sandstorm's tent as the screen says it: "shelter in your tent ... or keep it")
        phrases.update({f"{verb} {tent}".strip(): "tent use" for verb in ("use", "shelter in")
                        for tent in ("tent", "my tent", "your tent", "the tent")})
        phrases.update({"shelter": "tent use", "use it": "tent use",
                        **{f"keep {tent}": "tent keep" for tent in ("tent", "my tent",
                                                                   "your tent", "the tent",
                                                                   "it")}})
    return Forms(
        cards=cards.names, fillers=fillers, swap=("sell",), counted=counted, phrases=phrases,
        examples=(("Sell 2 Coins", "sell coin 2"), ("sell pot shards 3", "sell pot_shard 3"),
                  ("trade 2 coins for pharaoh's mask", "trade coin coin for pharaohs_mask"),
                  ("steal from seat 1", "steal 1"), ("discard a Talisman", "discard talisman"),
                  ("discard 2 coins map", "discard coin coin map")))


#: The 2007 game's accepted forms (``forms_of``).
FORMS = forms_of(_CARDS)


def parse_checked_move(state: ArchaeologyState, text: object,
                       parse_text_of: Callable[[str], MoveBase],
                       forms: Forms = FORMS) -> MoveBase:
    """Both editions' ``parse_move``: ``games.protocol.parse_checked`` (with the edition's
    ``forms``), and a whole trade (``trade GIVES for TAKES``) or a whole discard
    (``discard CARDS``), not ``legal_moves`` entries, checked by their steps
    (``state.check_trade``, ``state.check_discards``, which also says why a sandstorm's
    discard out of card order is refused)."""
    def reading(typed: str) -> MoveBase:
        # (text whose first word is no verb: the verbs of this decision, where it listed
        # every verb of the game, chance outcomes and engine steps among them)
        try:
            return parse_text_of(_chamber_named(state, typed))
        except InvalidMoveError as exc:
            if not exc.unknown_verb:
                words = typed.lower().split()
                if (len(words) == 2 and words[0] in ("explore", "look")
                        and not _chamber_word(state, words[1], none=words[0] == "look")):
                    raise InvalidMoveError(f"move {typed!r}: "
                                           f"{chambers_said(state, words[0])}") from None
                if exc.cards is not None and exc.listed == "cards":
                    # the cards of this table's game (the notation's list named a broken
                    # tablet and a broken pendant to a table of 2, which has none)
                    index, counts = state.rules.cards.index, state.rules.counts
                    ids = {c: index.get(c, len(counts)) for c in exc.cards}
                    raise InvalidMoveError(
                        exc.said, suggestion=exc.suggestion,
                        cards=[c for c, i in ids.items() if i >= len(counts) or counts[i]]
                    ) from None
                raise
            # (the verbs carried apart: the tracker lists those of any hand it could hold)
            raise InvalidMoveError(f"cannot read move {typed!r}", unknown_verb=True,
                                   cards=decision_verbs(state), listed="moves") from None

    def offers() -> list[str]:  # (a close miss: suggested as the screen writes its moves,
        # whole trades, never the engine's steps: 'trade talisman for coin', not 'take talisman')
        from .table import decisions
        return [str(m) for m in decisions(state)]

    move = read_text(state, text, reading, forms, offers=offers)
    if move.kind == TRADE:
        state.check_trade(move, str(text))
        return move
    if move.kind == DISCARDS or move.kind == DISCARD and move not in state.legal_moves():
        state.check_discards(move, str(text))
        return move
    return parse_checked(state, text, reading, forms, why=why_illegal, offers=offers)


#: The rulebook's names of the 2007 pyramid's three chambers, in the card data's order
#: (``cards_data/archaeology.toml``: "chambers in order small, medium, large").
CHAMBER_WORDS = ("small", "medium", "large")


def _chamber_named(state: ArchaeologyState, text: str) -> str:
    """``text`` with its chamber named as the notation names it where a player named it
    otherwise: an explore's chamber as the rulebook does (``explore small``, ``explore the
    large chamber``: the pyramid's three chambers in the card data's order) or as the
    screen does (``explore the 3-card chamber``), which were refused "did you mean
    `explore 3`?"; The New Expedition's chamber letter in either case (``explore b``,
    ``look b``, ``refill b coin``, as a player types it: it was refused "a chamber is
    named by its letter", naming ``explore B``). Other text is read as it is."""
    words = text.lower().split()
    rules = state.rules
    if rules.move_type.CHAMBERS_BY_LETTER:
        if (len(words) >= 2 and words[0] in ("explore", "look", "refill")
                and _chamber_word(state, words[1])):
            return " ".join([words[0], words[1].upper(), *words[2:]])
        # (the Great Pyramid's chambers of 2, 5 and 8 cards by their sizes, as the 2007
        # pyramid's are read: 'explore the large chamber' was refused, letters only)
        if len(words) == 2 and words[0] == "explore" and words[1] in CHAMBER_WORDS \
                and _by_size(rules.chamber_sizes):
            return f"explore {chamber_letter(CHAMBER_WORDS.index(words[1]))}"
        return text
    if len(words) != 2 or words[0] != "explore":
        return text
    word, sizes = words[1], rules.chamber_sizes
    if word in CHAMBER_WORDS and len(sizes) == len(CHAMBER_WORDS):
        return f"explore {sizes[CHAMBER_WORDS.index(word)]}"
    if word.endswith("-card") and word[:-5].isdecimal():
        return f"explore {word[:-5]}"
    return text


def _by_size(sizes: Sequence[int]) -> bool:
    """Whether chambers of ``sizes`` (in the card data's order) are told apart by
    :data:`CHAMBER_WORDS`: three, each larger than the one before (the 2007 pyramid, The
    New Expedition's Great Pyramid; not the Temple's three of 5)."""
    return len(sizes) == len(CHAMBER_WORDS) and all(a < b for a, b in zip(sizes, sizes[1:]))


def _chamber_word(state: ArchaeologyState, word: str, *, none: bool = False) -> bool:
    """Whether ``word`` is written as a chamber of ``state``'s edition is (a number; a
    letter, in either case), whether or not the game has that chamber (its rule says which
    it has); with ``none``, ``none`` too (a look's)."""
    if none and word.lower() == "none":
        return True
    if state.rules.move_type.CHAMBERS_BY_LETTER:
        return len(word) == 1 and "A" <= word.upper() <= "Z"
    return word.isdecimal() and word.isascii()


def chambers_said(state: ArchaeologyState, verb: str = "explore") -> str:
    """How a move of ``verb`` (``explore``, a Temple's ``look``) names the chambers of
    ``state``'s game, each as a player may type it, for a refusal of a chamber no chamber
    goes by (``explore big`` was told "an exploration is 'explore CHAMBER' (explore 5)",
    not that ``explore small`` reads; The New Expedition's Mine, one chamber A, was told
    "(explore B) ... A, B, ...", and a look "(look B) ... A, B, ..." at any monument).

    >>> import cards_data
    >>> from games.archaeology import example_view, state_from_view
    >>> state, _ = state_from_view(example_view(cards_data.load("archaeology")),
    ...                            cards_data.load("archaeology"), 0)
    >>> chambers_said(state)
    'a chamber is named by its size, explore 3, explore 5 or explore 7, or as the rulebook names it, explore small, explore medium or explore large'
    """
    rules = state.rules
    if rules.move_type.CHAMBERS_BY_LETTER:
        named = [f"{verb} {chamber_letter(c)}" for c in rules.chamber_index]
        said = "a chamber is named by its letter, " + either(
            named + ([f"{verb} none"] if verb == "look" else []))
        if verb == "explore" and _by_size(rules.chamber_sizes):
            said += ", or by its size, " + either([f"{verb} {word}" for word in CHAMBER_WORDS])
        return said
    sizes = rules.chamber_sizes
    said = "a chamber is named by its size, " + either([f"{verb} {n}" for n in sizes])
    if len(sizes) == len(CHAMBER_WORDS):
        said += (", or as the rulebook names it, "
                 + either([f"{verb} {word}" for word in CHAMBER_WORDS]))
    return said


def parse_typed_move(state: ArchaeologyState, text: object,
                     parse_text_of: Callable[[str], MoveBase],
                     forms: Forms = FORMS) -> MoveBase:
    """Both editions' ``parse_typed``: a move a person typed at a screen (``play``, and
    ``track`` at the person's own seat), read as ``parse_checked_move`` reads it, and
    ``sell CARD`` without its count where the hand allows one sale of the card (``sell
    mask`` holding one pharaoh's mask: it was refused "a sale is 'sell CARD N'", the one
    sale suggested; with several, the refusal lists them); and ``steal me`` at the
    seat's own thief, refused saying the seat cannot steal from itself and whom the thief
    can steal from (it said "'me' is not a small number"). Records, views and the hints'
    moves keep the notation's forms (``parse_move``): a sale names its count there."""
    try:
        return parse_checked_move(state, text, parse_text_of, forms)
    except InvalidMoveError as refused:
        try:
            words = normalise(str(text), forms).split()
        except InvalidMoveError:  # (a word of several cards: the refusal as it was)
            words = []
        if words[:1] == ["sell"] and len(words) == 2 and words[1].isdecimal() and \
                words[1].isascii() and len(words[1]) <= 3:
            _sale_of_a_count(state, str(text), int(words[1]), refused)
        # (only here: typed at the seat's own screen, "me" is the seat to move; at another
        # seat's move in the tracker it would be the person typing)
        if words[:1] == ["steal"] and words[1:] and words[1] in _MYSELF:
            why = why_illegal(state, state.rules.steal_moves[state.to_move])
            if why is not None:
                raise IllegalMoveError(f"move {str(text)!r} is not legal here: {why}",
                                       reason=why) from None
        # (a thief sent to a word: "steal seat", "steal one" said "'one' is not a small
        # number", as if a count were asked; it is a seat, and these are the seats)
        steals = [m for m in state.legal_moves() if m.kind == STEAL]
        if words[:1] == ["steal"] and len(words) <= 2 and steals and \
                not (words[1:] and (words[1].isdecimal() or words[1] in _MYSELF)):
            can = either([f"seat {m.a}" for m in steals])
            which = (f"{words[1][:40]!r} is not a seat" if words[1:] else "say which seat")
            raise InvalidMoveError(f"move {str(text)!r}: {which}: the thief steals from "
                                   f"{can}") from None
        card = state.rules.cards.index.get(words[1]) if len(words) == 2 else None
        sales = [m for m in state.legal_moves() if m.kind == SELL and m.a == card]
        if words[:1] != ["sell"] or not sales:
            raise
        if len(sales) > 1:  # (the counts the hand allows, the card as a player writes it)
            said = [f"sell {words[1].replace('_', ' ')} {m.b}" for m in sales]
            raise InvalidMoveError(f"move {str(text)!r}: a sale names how many: "
                                   f"{', '.join(said[:-1])} or {said[-1]}") from None
        return sales[0]


def _sale_of_a_count(state: ArchaeologyState, text: str, count: int,
                     refused: InvalidMoveError) -> None:
    """``sell N`` without its card: refused asking which card when the hand can sell
    ``N`` of several ('sell 1' was asked "did you mean `sell coin 1`?", one of four
    sales as close as it, chosen by the spelling of its name), with the one sale
    suggested when there is one; returns (the refusal as it was) when there is none."""
    sales = [m for m in state.legal_moves() if m.kind == SELL and m.b == count]
    if len(sales) > 1:  # (the cards said as printed by the screen: ``cards``)
        names = state.rules.cards.names
        raise InvalidMoveError(f"move {text!r}: sell what?", cards=[names[m.a] for m in sales],
                               listed=f"you can sell {count} of") from None
    if sales:
        raise InvalidMoveError(refused.said, suggestion=str(sales[0]), cards=refused.cards,
                               listed=refused.listed) from None


#: The words a person sends a thief to its own hand with (``steal me``).
_MYSELF = frozenset({"me", "myself", "self"})


def decision_verbs(state: ArchaeologyState) -> list[str]:
    """The verbs the moves of ``state``'s decision are written with, as ``play`` lists
    them: in a turn's actions the ``take``/``give`` steps are ``trade`` (before ``end``)
    unless a trade is being built; at a chance node, its outcomes' (a record's ``dig``)."""
    kinds = list(dict.fromkeys(m.kind for m in options_of(state)))
    if state.trade_takes is None and TAKE in kinds:
        kinds = [k for k in kinds if k not in (TAKE, GIVE, END)] + [TRADE] + (
            [END] if END in kinds else [])
    return list(dict.fromkeys(KIND_NAMES[k] for k in kinds))


def why_illegal(state: ArchaeologyState, move: MoveBase) -> str | None:
    """Why a sale, an explore or a trade's step is refused in a turn's actions, where it
    holds whatever else the position is: the hand holds too few of the card, a set larger
    than its table, a chamber gone, too few maps; a give with no trade under way, a take
    of a card the marketplace has not or worth more than the whole hand, a give of a card
    the hand has not; or that a trade is under way, whose steps come first; an ``end``
    before the sale the end game's passes force; a thief sent to the seat's own hand, to
    no seat or to an empty hand, with the seats it can steal from; a Tomb keep or a Sphinx
    name of the wrong cards (:func:`_why_monument`)
    (``games.protocol.parse_checked``'s ``why``; ``None`` otherwise, the plain refusal
    and the legal moves). A rule of the hand says "you hold" (the tracker says it of
    another seat as what it could hold, given what was seen)."""
    from .rules import P_ACTION, P_KEEP, P_LOOK, P_NAME, P_STEAL
    rules = state.rules
    if state.phase == P_STEAL and move.kind == STEAL:
        can = either([f"seat {m.a}" for m in state.legal_moves()])
        if move.a == state.to_move:
            return f"you cannot steal from yourself: the thief steals from {can}"
        if move.a >= state.num_players:
            return f"there is no seat {move.a} at this table: the thief steals from {can}"
        return f"seat {move.a} has no card to steal: the thief steals from {can}"
    if state.phase == P_LOOK and move.kind == LOOK and 0 <= move.a < len(state.chambers):
        # (the Temple lets a seller look at any chamber; the engine offers only those it
        # has not seen, a second look showing nothing new: a table where a player looks
        # again is told what to enter; which chambers a seat saw is public)
        if not state.chambers[move.a]:
            return "that chamber is explored: nothing is left in it to look at"
        if state.chamber_seen[move.a] >> state.turn & 1:
            return (f"you have looked into chamber {chamber_letter(move.a)} before, and a "
                    f"second look shows nothing new: enter 'look none'")
    if state.phase in (P_KEEP, P_NAME) and move.kind in (KEEP, NAME):
        return _why_monument(state, move)
    if state.phase != P_ACTION:
        return None
    if move.kind in _MONUMENT_STEPS:
        return _why_monument_step(state, move)
    names = [rules.card_name(c) for c in range(rules.treasures)]
    T = rules.treasures
    held = state.hands[state.to_move * T:(state.to_move + 1) * T]
    step = _why_step(state, move, names, held)
    if step is not None:
        return step
    if state.trade_takes is not None:
        from .table import trade_under_way  # (every other move waits for the trade's end)
        return trade_under_way(state)
    if move.kind == END and state.must_sell and not state.sold_this_turn:
        # (public, so the tracker says it of another seat: it said "no hand it could
        # hold, given what you have seen, allows it", the engine's legal sales differing)
        return ("the dig site is empty and every other seat has passed since your pass: "
                "you must sell at least one set before ending your turn")
    if move.kind == SELL:
        card, size = move.a, move.b
        # (a map's set said "holds at most 1 cards", and a set of 0 was refused with no
        # reason)
        if size < 1:
            return f"a set of {rules.card_name(card, 2)} holds at least 1 card"
        if size > rules.max_set[card]:
            return (f"a set of {rules.card_name(card, 2)} holds at most "
                    f"{plural(rules.max_set[card], 'card')}")
        if held[card] < size:
            return f"you hold {held[card]} {rules.card_name(card, held[card])}, not {size}"
    if move.kind == EXPLORE:
        i = rules.chamber_index.get(move.a)
        if i is None:  # (a number or a letter the player typed: no chamber of the game's)
            name = chamber_letter if type(move).CHAMBERS_BY_LETTER else str
            return (f"there is no chamber {name(move.a)} (chambers: "
                    f"{', '.join(name(c) for c in rules.chamber_index)})")
        if not state.chambers[i]:
            return "that chamber is explored: nothing is left in it"
        need, maps = rules.chamber_maps[i], held[rules.map]
        if maps < need:
            return f"exploring it takes {need} map{'s' if need > 1 else ''}; you hold {maps}"
    return None


#: The moves a monument asks for after an explore or a sale: the monument and when it
#: asks (``_why_monument_step``).
_MONUMENT_STEPS = {DRAW: ("the Mine", "after exploring it"),
                   STOP: ("the Mine", "after exploring it"),
                   KEEP: ("the Tomb", "after exploring a chamber"),
                   NAME: ("the Sphinx", "after exploring it"),
                   LOOK: ("the Temple", "after a sale to the museum")}


def _why_monument_step(state: ArchaeologyState, move: MoveBase) -> str:
    """:func:`why_illegal` of a monument's step typed among a turn's actions ('draw'
    before exploring the Mine was refused "not legal here" with no reason): when it comes,
    or that another monument is on the table (said of any seat: track asks it of all)."""
    from .rules import BUST, KEEP_SOME, NAME_TYPES, PEEK_ON_SELL
    rule = {DRAW: BUST, STOP: BUST, KEEP: KEEP_SOME, NAME: NAME_TYPES, LOOK: PEEK_ON_SELL}
    monument, when = _MONUMENT_STEPS[move.kind]
    verb = KIND_NAMES[move.kind]
    if state.rules.special != rule[move.kind]:
        here = state.rules.monument
        return (f"'{verb}' is {monument}'s, and the monument on this table is "
                f"{'none' if here is None else 'the ' + here.name}")
    return f"at {monument}, '{verb}' comes {when}"


def _why_monument(state: ArchaeologyState, move: MoveBase) -> str | None:
    """:func:`why_illegal` of the Tomb's keep and the Sphinx's naming, in the rulebook's
    words (the Tomb: the explorer "looks at them, chooses 2 to keep, and returns the rest
    facedown"; the Sphinx: "he names 2 different Treasure card types that he would like to
    find"): too many or too few cards, a card the chamber does not hold (said to the
    explorer, who sees it), a map (maps go to the dig site, never into a chamber) or a
    type the game has none of; ``None`` for a keep at the Sphinx, a name at the Tomb.
    (Both were refused "not legal here" with no reason.)"""
    from .rules import P_KEEP, P_NAME, absent_words
    from .table import card_words
    rules = state.rules
    named: tuple[int, ...] = move.a
    if state.phase == P_KEEP and move.kind == KEEP:
        keep, letter = rules.params["keep"], chamber_letter(state.exploring)
        contents = state.chamber(state.exploring)
        holds = card_words(rules, {c: contents.count(c) for c in contents})
        if len(named) != keep:
            return (f"the Tomb: you choose {plural(keep, 'card')} to keep, not {len(named)}, "
                    f"and the rest go back face down (chamber {letter} holds {holds})")
        for c in sorted(set(named)):
            want, have = named.count(c), contents.count(c)
            if want > have:
                has = (f"{have} {rules.card_name(c, have)}, not {want}" if have
                       else f"no {rules.card_name(c)}")
                return (f"chamber {letter} holds {has}: you keep {keep} of its cards "
                        f"(it holds {holds})")
        return None
    if state.phase == P_NAME and move.kind == NAME:
        names = rules.params.get("names", 2)
        for c in named:
            if c == rules.map:
                return ("maps are shuffled into the dig site, never into the Sphinx's "
                        f"chamber: name {names} of the treasure types it can hold")
            if c not in rules.chamber_cards:
                return f"this game has no {rules.card_name(c, 2)}{absent_words(rules, c)}"
        if len(named) != names:
            return (f"the Sphinx: you name {names} different treasure types that you would "
                    f"like to find, not {len(named)}")
    return None


def _why_step(state: ArchaeologyState, move: MoveBase, names: Sequence[str],
              held: Sequence[int]) -> str | None:
    """:func:`why_illegal` of a trade's ``take`` or ``give`` step (as ``track`` enters a
    trade told card by card): the rule of the marketplace, the hand or the order of the
    steps that refuses it (the engine builds a trade its takes first, in card order, then
    its gives from the highest trade value down); ``None`` for any other move."""
    if move.kind == GIVE:
        return _why_give(state, move.a, names, held)
    if move.kind != TAKE:
        return None
    from .rules import MAX_TRADES_BETWEEN_EXPLORES
    rules = state.rules
    takes = state.trade_takes
    card = names[move.a]
    if takes is not None and state.give_value:
        return "the takes come before the gives: a trade's takes are all entered first"
    if takes is not None and move.a < state.last_take:
        return (f"the takes are entered in card order: the {card} before the "
                f"{names[state.last_take]}")
    if takes is None and state.trades >= MAX_TRADES_BETWEEN_EXPLORES:
        return "no trade now (one trade before the turn's first explore and one after each)"
    taken = takes[move.a] if takes is not None else 0
    if state.market[move.a] <= taken:
        return f"the marketplace holds no {'more ' if taken else ''}{card}"
    value = state.hand_value(state.to_move)
    worth = state.take_value if takes is not None else 0
    if worth + rules.trade[move.a] > value:
        return (f"{'the takes would be' if takes is not None else f'a {card} is'} worth "
                f"{worth + rules.trade[move.a]} in a trade, more than all you hold ({value})")
    return None


def _why_give(state: ArchaeologyState, c: int, names: Sequence[str],
              held: Sequence[int]) -> str | None:
    """:func:`_why_step` of ``give`` card ``c``."""
    rules = state.rules
    gives = state.trade_gives
    if gives is None:
        return "no trade is under way: a trade begins with a take from the marketplace"
    order, pos = rules.give_order, rules.give_pos[c]
    if state.give_value and pos < state.last_give_pos:  # (first: whatever the hand holds)
        return (f"the gives are entered from the highest trade value down: the {names[c]} "
                f"before the {names[order[state.last_give_pos]]}")
    if held[c] <= gives[c]:
        return f"you hold no {'more ' if gives[c] else ''}{names[c]} to give"
    spare = sum(rules.trade[d] * (held[d] - gives[d]) for d in order[pos:])
    need = state.take_value - state.give_value
    if spare < need:
        return (f"the gives are entered from the highest trade value down, and the cards "
                f"you hold from the {names[c]} down are worth {spare} in a trade, less than "
                f"the {need} still to give")
    return None
