"""Both editions' moves in a player's words (``describe``) and their notation
(``NOTATION``, ``EXPEDITION_NOTATION``): ``games.protocol``'s optional members, printed by
``digsite notation`` and under every hint row.

>>> import cards_data
>>> from games.archaeology import example_view, parse_text, state_from_view
>>> data = cards_data.load("archaeology")
>>> state, _ = state_from_view(example_view(data), data, 0)
>>> describe(state, parse_text("trade pot_shard talisman for pharaohs_mask"))
"trade 1 talisman + 1 pot shard for 1 pharaoh's mask (trade value 4 for 4)"
>>> describe(state, parse_text("sell parchment_scrap 2"))
'sell 2 parchment scraps for $2'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from games.errors import InvalidMoveError
from games.table import all_of, plural, seat_name

from .moves import (CHAMBER_WORDS, DIG, DISCARD, DISCARDS, DRAW, END, EXPLORE, GIVE, KEEP,
                    LOOK, NAME, REFILL, REVEAL, SELL, STEAL, STOLEN, STOP, TAKE, TENT, TRADE,
                    MoveBase, chamber_letter)
from .rules import BUST, KEEP_SOME, NAME_TYPES, REFILL_ON_SANDSTORM

if TYPE_CHECKING:  # (the state imports the rules this module reads)
    from cards_data import ArchaeologyData, ExpeditionData

    from .state import ArchaeologyState

__all__ = ["describe", "NOTATION", "EXPEDITION_NOTATION", "notation_facts",
           "expedition_notation_facts"]

_TRADE_FORM = ("a whole trade: the cards you give, 'for', the cards you take (card names, "
               "repeated for several). The gives' trade value must cover the takes'; a give "
               "they do not need is allowed, its value lost (giving fewer and selling the "
               "rest pays more). hint, best-move, play, track and game records take it as one "
               "move")
_STEPS_FORM = ("the same trade as the engine builds it, one card a step: takes in card "
               "order, then gives from the highest trade value (arena records and views with "
               "a \"trade\" field use them)")
#: A sandstorm's discard is one decision, as a trade is (``trades``): hints and reviews
#: name it whole, so the notation gives that form first and the engine's steps after it.
_DISCARD_FORM = ("a sandstorm: every card you owe it, discarded to the marketplace in one "
                 "line, in any order (counts as in a trade: discard 2 coins map). The whole "
                 "discard is one move: hint and review name it so, and best-move, play, "
                 "track and game records take it")
_DISCARD_STEPS_FORM = ("the same discard one card at a time, as the engine makes it: in card "
                       "order, play and track asking for the next card (arena records use "
                       "these); owing one card, that card is the whole discard")
_COMMON = (
    ("sell parchment_scrap 2", "sell a set of 2 parchment scraps to the museum"),
    ("end", "end your turn (with the dig site empty and nothing sold or explored this "
            "turn: a pass)"),
    ("steal 1", "a thief you dug up: send it to seat 1 (seats count from 0); it takes a "
                "random card of that seat's hand"),
    ("discard coin broken_cup map", _DISCARD_FORM),
    ("discard coin", _DISCARD_STEPS_FORM),
)
_CHANCE = ("dig coin / stolen coin", "chance, written in transcripts and records, never "
                                     "typed: the card dug up; the card a thief took")

#: Archaeology: The Card Game's notation (``digsite notation archaeology``).
NOTATION = (
    ("trade pot_shard talisman for pharaohs_mask", _TRADE_FORM),
    ("take coin / give talisman", _STEPS_FORM),
    ("explore {size}", "spend maps for the pyramid chamber of that many cards ({sizes}: "
                       "{maps}) and take its cards{named}"),
    *_COMMON, _CHANCE,
)

#: The New Expedition's notation (``digsite notation expedition``).
EXPEDITION_NOTATION = (
    ("trade pot_shard talisman for pharaohs_mask", _TRADE_FORM),
    ("take coin / give talisman", _STEPS_FORM),
    ("explore B", "spend the monument's maps on chamber B (chambers A, B, C by position); "
                  "what follows depends on the monument (digsite games)"),
    *_COMMON,
    ("tent use / tent keep", "a sandstorm: shelter in your tent (it leaves the game; Fierce "
                             "Weather: twice), or keep it and discard half your hand"),
    ("look B / look none", "the Temple, after a sale: look secretly at chamber B, or at none"),
    ("keep {kept}", "the Tomb: keep these {keep} of the chamber you explore; the rest "
                    "goes back face down"),
    ("name {named}", "the Sphinx: name {names}, draw {draw} face up, keep those of the "
                     "{named_types}"),
    ("draw / stop", "the Mine: draw one more card face up (all go back if their trade value "
                    "passes {bust_over}), or stop and keep the cards drawn"),
    _CHANCE,
    ("reveal coin / refill B coin", "chance, never typed: a card drawn face up from the "
                                    "chamber explored; the Buried Ruins' reserve adding a "
                                    "card to chamber B at a sandstorm"),
)


def notation_facts(data: ArchaeologyData) -> dict[str, str]:
    """What :data:`NOTATION`'s explore form says of ``data``: its chambers, and the
    rulebook's names of three (``games.archaeology.moves.CHAMBER_WORDS``).

    >>> import cards_data
    >>> facts = notation_facts(cards_data.load("archaeology"))
    >>> facts["sizes"], facts["maps"]
    ('3, 5, 7', '1, 2, 3 maps')
    >>> facts["named"]
    '; the rulebook names them small, medium, large: explore small, explore the large chamber'
    """
    sizes = [chamber.size for chamber in data.pyramid]
    maps = [chamber.maps for chamber in data.pyramid]
    named = (f"; the rulebook names them {', '.join(CHAMBER_WORDS)}: explore "
             f"{CHAMBER_WORDS[0]}, explore the {CHAMBER_WORDS[-1]} chamber"
             if len(sizes) == len(CHAMBER_WORDS) else "")
    return {"size": str(sizes[len(sizes) // 2]), "sizes": ", ".join(map(str, sizes)),
            "maps": ", ".join(map(str, maps)) + (" map" if maps == [1] else " maps"),
            "named": named}


#: Card names of the keep and name forms' examples, as many as the monument takes.
_EXAMPLE_CARDS = ("coin", "talisman", "map", "pot_shard", "parchment_scrap", "broken_cup")


def expedition_notation_facts(data: ExpeditionData) -> dict[str, str]:
    """What :data:`EXPEDITION_NOTATION` says of ``data``: the monuments' counts (the Tomb's
    cards kept, the Sphinx's types named and cards drawn, the Mine's trade value).

    >>> import cards_data
    >>> facts = expedition_notation_facts(cards_data.load("expedition"))
    >>> facts["kept"], facts["names"], facts["bust_over"]
    ('coin talisman', '2 types', '5')
    """
    params: dict[str, int] = {}
    for monument in data.monuments:  # (the first monument that has each count)
        params = {**monument.params, **params}
    keep, names = params.get("keep", 2), params.get("names", 2)
    return {"kept": " ".join(_EXAMPLE_CARDS[:keep]), "keep": plural(keep, "card"),
            "named": " ".join(_EXAMPLE_CARDS[:names]), "names": plural(names, "type"),
            "draw": plural(params.get("draw", 5), "card"),
            "named_types": named_types(names),
            "bust_over": str(params.get("bust_over", 5))}


def tent_uses_left(left: int) -> str:
    """A tent's uses left, ``1 use left`` (Fierce Weather: a tent serves twice)."""
    return f"{plural(left, 'use')} left"


def named_types(names: int) -> str:
    """The Sphinx's ``names`` named types, as its keep says them: ``named types``, or
    ``named type`` where a card file names one."""
    return "named type" if names == 1 else "named types"


def _name(state: ArchaeologyState | None, move: MoveBase, card: int, n: int = 1) -> str:
    """A card's printed name (``pharaoh's mask``), plural for ``n`` != 1."""
    key = move.CARDS.names[card]
    if state is not None and key in state.rules.data.treasures:
        name: str = state.rules.data.treasures[key].name
    else:
        name = key.replace("_", " ")
    return name if n == 1 else name + "s"


def _cards(state: ArchaeologyState | None, move: MoveBase, cards: Iterable[int],
           joined: str = " + ") -> str:
    """``1 talisman + 2 pot shards``, in the order of ``cards`` (first appearance), each
    count after the first with ``joined`` before it."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return joined.join(f"{n} {_name(state, move, c, n)}" for c, n in counts.items())


def a_card(name: str) -> str:
    """One card with its article: ``a coin``, ``an ...``."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def discarded_cards(cards: Iterable[int], name: Callable[[int, int], str]) -> str:
    """The cards of a seat's discard in words, in card order, one card with its article:
    ``a pot shard and 2 coins``, ``4 pot shards`` (``name(card, n)``: a card as printed).
    The hint's row and the event line of the same discard say it alike."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return all_of([a_card(name(c, 1)) if n == 1 else f"{n} {name(c, n)}"
                   for c, n in sorted(counts.items())])


def _explore(state: ArchaeologyState, move: MoveBase) -> str:
    rules = state.rules
    i = rules.chamber_index[move.a]
    maps = rules.chamber_maps[i]
    where = (f"chamber {chamber_letter(i)}" if move.CHAMBERS_BY_LETTER
             else f"the {rules.chamber_sizes[i]}-card chamber")
    contents = state.chambers[i]
    held = len(contents) if contents else 0
    words = f"explore {where} with {maps} map{'s' if maps != 1 else ''}"
    special = rules.special
    if special == KEEP_SOME:
        keep = rules.params["keep"]
        return (f"{words}: look at its {plural(held, 'card')} and keep {keep}" if held > keep
                else f"{words}: take its {held} card{'s' if held != 1 else ''}")
    if special == BUST:
        return (f"{words}: draw its cards face up one at a time until you stop; all go back "
                f"if their trade value passes {rules.params['bust_over']}")
    if special == NAME_TYPES:
        names = rules.params.get("names", 2)
        return (f"{words}: name {plural(names, 'type')}, draw "
                f"{rules.params['draw']} face up, keep those of the {named_types(names)}")
    if special == REFILL_ON_SANDSTORM:
        return f"{words}: take its face-up cards ({_cards(state, move, contents or ()) or 'none'})"
    return f"{words}: take its {plural(held, 'card')}"


def describe(state: ArchaeologyState | None, move: object, *,
             names: Sequence[str] | None = None) -> str:
    """``move`` in a player's words in ``state`` (the position before it), with the
    numbers its text leaves out: trade values, the money of a sale, the maps an explore
    costs; a seat it names called as ``names`` call it (``games.table.seat_name``: "seat 1
    (greedy)" on ``play``'s screen). ``InvalidMoveError`` for a value that is no move of
    either edition."""
    if not isinstance(move, MoveBase):
        raise InvalidMoveError(f"{move!r} is not an Archaeology move")
    kind = move.kind
    if kind == TRADE:
        trade = state.rules.trade if state is not None else None
        gives = sorted(move.a, key=state.rules.give_pos.__getitem__) if state else move.a
        words = (f"trade {_cards(state, move, gives)} for {_cards(state, move, move.b)}")
        if trade is not None:
            words += (f" (trade value {sum(trade[c] for c in move.a)} for "
                      f"{sum(trade[c] for c in move.b)})")
        return words
    if kind == SELL:
        words = f"sell {move.b} {_name(state, move, move.a, move.b)}"
        return words + (f" for ${state.rules.sell[move.a][move.b - 1]}" if state else "")
    if kind == EXPLORE:
        return _explore(state, move) if state is not None else str(move)
    if kind == END:
        if state is not None and state.no_dig and not state.acted:
            return "pass: end the turn without selling or exploring (the dig site is empty)"
        return "end the turn"
    if kind == TAKE:
        return (f"a trade's step: take 1 {_name(state, move, move.a)} from the marketplace "
                f"(then give cards to cover it)")
    if kind == GIVE:
        return f"a trade's step: give 1 {_name(state, move, move.a)}"
    if kind == STEAL:
        return (f"send the thief to {seat_name(move.a, None, names)}: it takes a random card "
                f"of that seat's hand")
    if kind == DISCARD:
        words = f"sandstorm: discard {a_card(_name(state, move, move.a))} to the marketplace"
        # one card a move: a seat owing more is told so, not left to think this is all; a
        # seat named otherwise than "you" (a bot's in a record of bots) owes it, not the
        # reader (a bot's discard said "the 2 cards you still owe")
        if state is not None and state.storm_left > 1:
            who = seat_name(state.current_player(), state.current_player(), names)
            owes = "you still owe" if who == "you" else f"{who} still owes"
            words += f" (1 of the {state.storm_left} cards {owes})"
        return words
    if kind == DISCARDS:
        cards = discarded_cards(move.a, lambda c, n: _name(state, move, c, n))
        return f"sandstorm: discard {cards} to the marketplace"
    if kind == DIG:
        return f"chance: the dig site's top card is {move.CARDS.names[move.a].replace('_', ' ')}"
    if kind == STOLEN:
        return f"chance: the thief takes 1 {_name(state, move, move.a)}"
    if kind == TENT:
        # the tent of the seat its names call it, "your" only for a seat called "you" (a
        # bot's in a record of bots said "keep your tent", the reader's)
        who = ("you" if state is None
               else seat_name(state.current_player(), state.current_player(), names))
        whose, its = ("your", "your") if who == "you" else (f"{who}'s", "its")
        if not move.a:
            return f"keep {whose} tent and discard half {its} hand"
        # the uses left after this one (Fierce Weather: a tent serves twice)
        if state is None:
            return f"shelter in {whose} tent from this sandstorm (the tent is used)"
        left = state.tents[state.to_move] - 1
        after = "the tent is used up" if not left else f"{tent_uses_left(left)} after this"
        return f"shelter in {whose} tent from this sandstorm ({after})"
    if kind == LOOK:
        return ("look at no chamber" if move.a < 0
                else f"look secretly at the cards of chamber {chamber_letter(move.a)}")
    if kind == KEEP:
        return (f"keep {_cards(state, move, move.a)}; the rest of the chamber goes back face "
                f"down")
    if kind == NAME:
        named = " and ".join(_name(state, move, c, 2) for c in move.a)
        these = "these types" if len(move.a) > 1 else "this type"
        return f"name {named}: the cards drawn of {these} are yours"
    if kind == DRAW:
        if state is None:
            return "draw one more card face up"
        # the Mine's one question: how near the cards drawn are to the bust
        value = sum(state.rules.trade[c] for c in state.drawn)
        return (f"draw one more card face up (those drawn are worth {value} in trade; all go "
                f"back if it passes {state.rules.params['bust_over']})")
    if kind == STOP:
        # (in card order, as the Mine's prompt above the list says them, "drawn so far 1
        # parchment scrap, 1 coin": this said "(1 parchment scrap + 1 coin)" on one screen)
        drawn = _cards(state, move, sorted(state.drawn), ", ") if state is not None else ""
        return f"stop and keep the cards drawn ({drawn or 'none'})"
    if kind == REVEAL:
        return f"chance: a card drawn face up, 1 {_name(state, move, move.a)}"
    if kind == REFILL:
        return (f"chance: the reserve adds 1 {_name(state, move, move.b)} to chamber "
                f"{chamber_letter(move.a)}, face up")
    raise InvalidMoveError(f"{move!r} is not an Archaeology move")
