"""Moves of Tomb of the Ancients: small frozen values with a canonical text form.

A turn is exactly one of three things, and the moves follow that:

``market [sell ID] [buy PRICE] [discard ID]``
    One market visit as one move: sell at most one artifact (first, so the money can pay
    for the purchase), buy at most one map from the shop of that price, and when the pack
    would hold more than its limit, discard one of the maps (the new one included). At
    least one of sell and buy. Ends the turn.
``rest money`` / ``rest sand``
    Take $2 or one sand token; the 1-shop card is discarded and the market refills. Ends
    the turn.
``find ID ROT at CELL``
    A find in the desert: map ``ID`` turned ``ROT`` degrees clockwise (0, 90, 180, 270),
    the top-left of its rotated bounding box at ``CELL``. Its pattern must match exactly.
``sand B CELL`` / ``sand W CELL`` / ``sand flip CELL``
    Spend one sand token in the desert: place a black or white token on an empty space, or
    flip a token.
``end``
    Leave the desert (legal once the desert turn has begun).
``draw ID``
    Chance: map ``ID``, the top card of the deck, enters the market (the refill after a
    purchase or a rest).

>>> str(parse_text("market sell 3 buy 4 discard 12"))
'market sell 3 buy 4 discard 12'
>>> parse_text("find 7 90 at c3")
Find.from_text('find 7 90 at C3')
>>> Find.from_text("find 7 90 at C3").rotation  # quarter turns clockwise
1

:func:`describe` says a move in a player's words (the hint's ``words``): ``find 7 90 at
A1`` is "find map 7 (Sunken Court, 6 points) at A1 (rotated 90° clockwise)", ``market buy
2`` is "buy map 26 (...) from the $2 shop for $2", and a whole desert turn of the hint,
``dig find 7 0 at A1; find 12 90 at C3``, is "dig: map 7 at A1 (not rotated), map 12 at C3
(rotated 90° clockwise): 9 points for 2 sand tokens", with the position where they go
("(black on A3, flip C1)", :func:`sand_words`); :func:`why_illegal` says why a
refused move is not legal ("D1 holds a black token; the map needs white there").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from cards_data import AncientsData
from grids import BLACK, WHITE, cell_name, cells_of, mismatches

from ..errors import IllegalMoveError, InvalidMoveError
from ..forgiving import Forms
from ..notation import cell, number
from ..protocol import TextMove, parse_checked
from ..table import plural

if TYPE_CHECKING:  # (the state module imports this one)
    from .state import AncientsState

__all__ = ["Market", "Rest", "Find", "Sand", "End", "END", "Draw", "parse_text", "parse_move",
           "Move", "describe", "why_illegal", "NOTATION", "FORMS", "notation_facts",
           "sand_for", "sand_words", "rotation_words"]

#: The move notation, form by form (``digsite notation ancients``, ``digsite hint --help``).
NOTATION: tuple[tuple[str, str], ...] = (
    ("market sell 3 buy {shop} discard 12", "one market visit: sell artifact 3 (first, so "
     "its money can pay), buy the map in the ${shop} shop (the number after buy is the "
     "shop's price, not a map id), and, when your pack is over its limit, discard map 12; "
     "sell and discard are optional, a visit sells or buys"),
    ("rest money / rest sand", "rest: take $2 or one sand token"),
    ("find 7 90 at C3", "find map 7 turned 90 degrees clockwise (0, 90, 180 or 270), the "
     "top-left of its turned pattern at C3; cells are A1 (top left) to E5, columns A-E "
     "left to right, rows 1-5 top to bottom"),
    ("sand B C3 / sand W C3 / sand flip C3", "spend one sand token: put a black or white "
     "token on the empty space C3, or flip its token"),
    ("end", "leave the desert, ending your turn"),
    ("dig find 7 0 at A1; find 12 90 at C3", "hints only, and `play`: a whole desert turn as "
     "the hint names it, its finds in order; `play` spends the sand each find needs just "
     "before it (sand B/W on an empty space of the pattern, sand flip on a token of the "
     "wrong colour), then ends the turn; elsewhere play each step yourself"),
    ("draw 17", "chance, not yours to play: map 17 comes off the deck into the market"),
)


def notation_facts(data: AncientsData) -> dict[str, str]:
    """What :data:`NOTATION` says of ``data``: the dearest shop's price."""
    return {"shop": str(data.shops[0])}


@dataclass(frozen=True, slots=True, repr=False)
class Market(TextMove):
    """One market visit: sell artifact ``sell``, buy from the shop of price ``buy``, discard
    pack map ``discard`` (each ``None`` when not done)."""

    sell: int | None = None
    buy: int | None = None  # shop price
    discard: int | None = None

    def __str__(self) -> str:
        parts = ["market"]
        if self.sell is not None:
            parts.append(f"sell {self.sell}")
        if self.buy is not None:
            parts.append(f"buy {self.buy}")
        if self.discard is not None:
            parts.append(f"discard {self.discard}")
        return " ".join(parts)


@dataclass(frozen=True, slots=True, repr=False)
class Rest(TextMove):
    """Rest: take $2 (``"money"``) or one sand token (``"sand"``)."""

    take: str  # "money" or "sand"

    def __str__(self) -> str:
        return f"rest {self.take}"


@dataclass(frozen=True, slots=True, repr=False)
class Find(TextMove):
    """Find map ``map`` turned ``rotation`` quarter turns clockwise, the top-left of its
    rotated bounding box at cell ``anchor``."""

    map: int
    rotation: int  # quarter turns clockwise
    anchor: int  # cell index of the rotated pattern's top-left

    def __str__(self) -> str:
        return f"find {self.map} {self.rotation * 90} at {cell_name(self.anchor)}"


@dataclass(frozen=True, slots=True, repr=False)
class Sand(TextMove):
    """Spend one sand token on ``cell``: place a black (``"B"``) or white (``"W"``) token
    on it, or ``"flip"`` its token."""

    action: str  # "B", "W" (place) or "flip"
    cell: int

    def __str__(self) -> str:
        return f"sand {self.action} {cell_name(self.cell)}"


@dataclass(frozen=True, slots=True, repr=False)
class End(TextMove):
    """Leave the desert, ending the turn."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True, repr=False)
class Draw(TextMove):
    """Chance: map ``map`` is drawn from the deck into the market."""

    map: int

    def __str__(self) -> str:
        return f"draw {self.map}"


END = End()
Move = Market | Rest | Find | Sand | End | Draw


#: The accepted forms besides the canonical text (``games.forgiving``): case and
#: spacing.
FORMS = Forms(
    fillers={"rest": ("for", "take")},
    # (a market visit without its word, as parse_text reads it: named here so that a
    # misspelt one, "by $4", gets its suggestion)
    aliases={"buy": "market buy", "sell": "market sell"},
    # (a map fits a place in one turn more often than not: the turn is then no question)
    optional={"find": (2, "the turn (0, 90, 180 or 270)")},
    examples=(("FIND 7 90 AT c3", "find 7 90 at C3"), ("find 7 at c3", "find 7 90 at C3"), ("Rest for Money", "rest money"),
              ("rest for $2", "rest money"), ("buy $2", "market buy 2"),
              ("sell 7", "market sell 7"), ("sell 29 buy $3", "market sell 29 buy 3"),
              ("Sand flip c3", "sand flip C3")))


#: A verb typed alone, what it still needs (``parse_text``), as Loot N Run's 'loot'
#: asks which deck.
_ALONE = {"rest": "$2 or a sand token? rest money or rest sand",
          "market": "a market visit sells or buys: market buy 4 (the map in the $4 shop), "
                    "market sell 7 (artifact 7), or both",
          "buy": "from which shop? buy $4, $3, $2 or $1 (the shop's price)",
          "sell": "which artifact? sell 7 (its map number)",
          "find": "which map, turned how, where? find 7 90 at C3",
          "sand": "where, and how? sand B C3 or sand W C3 (a token on an empty space), "
                  "sand flip C3"}


def parse_text(text: str) -> Move:
    """The move a text form names (``InvalidMoveError`` if it names none)."""
    words = str(text).strip().split()
    if not words:
        raise InvalidMoveError("empty move text")
    head, rest = words[0].lower(), words[1:]
    if head == "end" and not rest:
        return END
    if not rest and head in _ALONE:  # (was "'rest' is not one of: market [sell ID] ...")
        raise InvalidMoveError(f"move {text!r}: {_ALONE[head]}")
    if head == "draw" and len(rest) == 1:
        return Draw(number(rest[0], text, "map"))
    if head == "rest" and len(rest) == 1 and rest[0].lower() in ("money", "sand"):
        return Rest(rest[0].lower())
    if head == "rest" and rest in (["$2"], ["2"]):  # (what resting for money takes)
        return Rest("money")
    if head in ("buy", "sell"):  # a market visit without its word: sell 7, sell 29 buy $3
        head, rest = "market", words
    if head == "market" and len(rest) == 1 and rest[0].lower() in _ALONE:  # ('market buy')
        raise InvalidMoveError(f"move {text!r}: {_ALONE[rest[0].lower()]}")
    if head == "sand" and len(rest) == 2:
        action = rest[0].upper() if rest[0].upper() in ("B", "W") else rest[0].lower()
        if action in ("B", "W", "flip"):
            return Sand(action, cell(rest[1], text))
    if head == "find" and len(rest) == 4 and rest[2].lower() == "at":
        degrees = number(rest[1], text, "rotation")
        if degrees not in (0, 90, 180, 270):
            raise InvalidMoveError(f"move {text!r}: rotation must be 0, 90, 180 or 270")
        return Find(number(rest[0], text, "map"), degrees // 90, cell(rest[3], text))
    if head == "market" and rest and len(rest) % 2 == 0:
        fields: dict[str, int] = {}
        for key, value in zip(rest[::2], rest[1::2]):
            key = key.lower()
            if key not in ("sell", "buy", "discard") or key in fields:
                raise InvalidMoveError(f"move {text!r}: unexpected {key!r}")
            # (a shop's price may be written as it is printed: buy $3)
            fields[key] = number(value.removeprefix("$") if key == "buy" else value, text, key)
        if "sell" not in fields and "buy" not in fields:
            raise InvalidMoveError(f"move {text!r}: a market visit sells or buys")
        return Market(fields.get("sell"), fields.get("buy"), fields.get("discard"))
    if head == "find" and len(rest) == 3 and rest[1].lower() == "at":
        # (the turn left out, where no turn fits: it was told "is not one of: market ...",
        # where 'find 18 0 at C2' says what differs, and 'find 18 at Z1' not that Z1 is
        # off the board)
        found, where = number(rest[0], text, "map"), cell_name(cell(rest[2], text))
        raise InvalidMoveError(f"move {text!r}: map {found} fits at {where} in no turn here; "
                               f"with the turn written (find {found} 0 at {where}, or 90, "
                               f"180, 270) the refusal says what differs")
    if head in ("find", "sand", "rest"):  # (a word missing, wrong or too many: the form,
        # not every verb's: 'rest gold' was told "is not one of: market [sell ID] ...")
        raise InvalidMoveError(f"move {text!r}: {_ALONE[head]}")
    raise InvalidMoveError(
        f"move {text!r} is not one of: market [sell ID] [buy PRICE] [discard ID], "
        "rest money|sand, find ID ROT at CELL, sand B|W|flip CELL, end, draw ID")


def rotation_words(quarter_turns: int) -> str:
    """A map's turn in a player's words, as every screen says it (hint, review, ``plan``).

    >>> rotation_words(0), rotation_words(3)
    ('not rotated', 'rotated 270° clockwise')
    """
    return ("not rotated" if quarter_turns == 0
            else f"rotated {quarter_turns * 90}° clockwise")


def _map(state: AncientsState | None, map_id: int, *, points: bool = True) -> str:
    info = state.rules.maps.get(map_id) if state is not None else None
    if info is None:
        return f"map {map_id}"
    return f"map {map_id} ({info.name}" + (f", {plural(info.points, 'point')})" if points else ")")


def _shop(state: AncientsState | None, price: int) -> str:
    card = state.shop_card(price) if state is not None else None
    shop = f"the ${price} shop"
    if state is None or card is None:
        return f"the map in {shop} for ${price}"
    token = (" with its sand token" if state.shop_tokens[state.rules.data.shops.index(price)]
             else "")
    return f"{_map(state, card)} from {shop} for ${price}{token}"


def describe(state: AncientsState | None, move: object, *,
             names: Sequence[str] | None = None) -> str:
    """``move`` in a player's words, in ``state`` (the position before it; ``None`` gives
    the words without the card names). ``move`` is an engine move, or a whole desert turn
    of the hint: any value with ``finds``, ``points`` and ``tokens`` (``Dig`` of
    ``solvers.ancients.turn``), or with ``steps``, engine moves in order (a turn as played).
    ``names`` (the protocol's seat names) is unused: no move of the game names a seat.

    >>> describe(None, parse_text("find 7 90 at A1"))
    'find map 7 at A1 (rotated 90° clockwise)'
    >>> describe(None, parse_text("market sell 3 buy 2"))
    'sell artifact 3, buy the map in the $2 shop for $2'
    """
    if isinstance(move, Find):
        return f"find {_map(state, move.map)} at {cell_name(move.anchor)} ({rotation_words(move.rotation)})"
    if isinstance(move, Market):
        parts = []
        if move.sell is not None:
            info = state.rules.maps.get(move.sell) if state is not None else None
            parts.append(f"sell artifact {move.sell}"
                         + (f" ({info.name}) for ${info.value}" if info else ""))
        if move.buy is not None:
            parts.append(f"buy {_shop(state, move.buy)}")
        if move.discard is not None:
            parts.append(f"discard {_map(state, move.discard, points=False)} from your pack")
        return ", ".join(parts)
    if isinstance(move, Rest):
        return "rest: take $2" if move.take == "money" else "rest: take one sand token"
    if isinstance(move, Sand):
        if move.action == "flip":
            return f"spend a sand token: flip the token on {cell_name(move.cell)}"
        colour = "black" if move.action == "B" else "white"
        return f"spend a sand token: put a {colour} token on {cell_name(move.cell)}"
    if isinstance(move, End):
        return "leave the desert (ends your turn)"
    if isinstance(move, Draw):
        return f"chance: {_map(state, move.map)} comes into the market"
    finds = getattr(move, "finds", None)
    if finds is not None:  # a whole desert turn (the hint's Dig)
        steps = ", ".join(f"map {f.map} at {cell_name(f.anchor)} ({rotation_words(f.rotation)})"
                          for f in finds)
        tokens: int = getattr(move, "tokens")
        sand = ("no sand" if tokens == 0
                else f"{tokens} sand token{'' if tokens == 1 else 's'}")
        if tokens and state is not None:  # where they go, as the board's moves say it
            sands = [s for s in sand_for(state.rules.maps, state.occupied, state.black,
                                         finds) if isinstance(s, Sand)]
            sand += f" ({sand_words(sands)})"
        return f"dig: {steps}: {plural(getattr(move, 'points'), 'point')} for {sand}"
    played = getattr(move, "steps", None)
    if played is not None:  # a turn as played, engine move by engine move (solvers.review)
        return "; ".join(describe(state, step) for step in played)
    raise InvalidMoveError(f"{move!r} is not a Tomb of the Ancients move")


def sand_for(maps: Mapping[int, Any], occupied: int, black: int, finds: Sequence[Find]
             ) -> list[Sand | Find]:
    """The engine moves that make ``finds`` in order on the board ``occupied``/``black``
    (``maps``: ``Rules.maps``): before each find, one sand token per cell of its pattern not
    showing the pattern's colour (a token placed on an empty cell, flipped on one of the
    other colour), then the find. ``IllegalMoveError`` for a placement the map lacks."""
    steps: list[Sand | Find] = []
    for find in finds:
        p = maps[find.map].placement(find.rotation, find.anchor)
        if p is None:
            raise IllegalMoveError(f"{find}: map {find.map} has no such placement")
        for c in range(25):
            bit = 1 << c
            if not p.mask & bit:
                continue
            want_black = bool(p.black & bit)
            if not occupied & bit:
                steps.append(Sand("B" if want_black else "W", c))
            elif bool(black & bit) != want_black:
                steps.append(Sand("flip", c))
        occupied, black = occupied | p.mask, (black & ~p.mask) | (p.mask & ~p.black)
        steps.append(find)
    return steps


def sand_words(sands: Sequence[Sand]) -> str:
    """Where sand tokens go, in a player's words, in the order spent.

    >>> sand_words([Sand("B", 10), Sand("B", 11), Sand("W", 15), Sand("flip", 2)])
    'black on A3 and B3, white on A4, flip C1'
    """
    groups: list[tuple[str, list[str]]] = []
    for sand in sands:
        word = {"B": "black on", "W": "white on"}.get(sand.action, "flip")
        if groups and groups[-1][0] == word:
            groups[-1][1].append(cell_name(sand.cell))
        else:
            groups.append((word, [cell_name(sand.cell)]))
    return ", ".join(f"{word} {' and '.join(cells) if len(cells) < 3 else ', '.join(cells)}"
                     for word, cells in groups)


def _listed(ids: list[int]) -> str:
    return ", ".join(map(str, sorted(ids))) or "none"


def _colour(black: int, c: int) -> str:
    return "black" if black >> c & 1 else "white"


def why_illegal(state: AncientsState, move: Move) -> str | None:
    """Why ``move`` is not legal in ``state``: the first rule it breaks, in a player's
    words, or ``None`` when none of these rules names it. Asked only for a refused move
    (``parse_move``); it never decides legality, ``state.legal_moves()`` does.

    >>> import cards_data
    >>> from games.ancients import make_deal, state_from_deal
    >>> data = cards_data.load("ancients")
    >>> state = state_from_deal(make_deal(players=2, seed=2, data=data), data)
    >>> why_illegal(state, parse_text("end"))
    'end closes a desert turn, and you have not begun one (a find or a sand spend does)'
    """
    if isinstance(move, Draw):
        return "a refill is drawn by chance, not played"
    if state.is_terminal():
        return "the game is over"
    if state.drawing:
        return "the market is refilled first"
    if state.in_desert and isinstance(move, (Market, Rest)):
        return ("you are in the desert this turn (a turn is the market, the desert or a rest): "
                "find, spend sand or end")
    if isinstance(move, End) and not state.in_desert:
        return "end closes a desert turn, and you have not begun one (a find or a sand spend does)"
    if isinstance(move, Sand):
        return _why_not_sand(state, move)
    if isinstance(move, Find):
        return _why_not_find(state, move)
    if isinstance(move, Market):
        return _why_not_market(state, move)
    return None


def _why_not_sand(state: AncientsState, move: Sand) -> str | None:
    name = cell_name(move.cell)
    if state.sand[state.to_move] == 0:
        return "no sand token left"
    held = state.occupied >> move.cell & 1
    if move.action == "flip" and not held:
        return (f"{name} is empty: no token to flip (sand B {name} or sand W {name} puts "
                "one there)")
    if move.action != "flip" and held:
        return f"sand {move.action} {name}: {name} holds a token; sand flip {name} turns it"
    return None


def _why_not_find(state: AncientsState, move: Find) -> str | None:
    seat = state.to_move
    info = state.rules.maps.get(move.map)
    if info is None:
        return f"there is no map {move.map}"
    if move.map not in state.pack[seat]:
        if move.map in state.artifacts[seat]:
            return f"you found map {move.map} already"
        return f"map {move.map} is not in your pack (pack: {_listed(state.pack[seat])})"
    where = cell_name(move.anchor)
    placement = info.placement(move.rotation, move.anchor)
    if placement is None:
        # a turn that gives a pattern already listed (W/B/W turned 180°) has no placement
        # of its own: the list keeps each distinct form once
        turned = info.pattern.rotated(move.rotation)
        same = next(turns for turns, form in info.pattern.rotations if form == turned)
        if same != move.rotation and info.placement(same, move.anchor) is not None:
            return (f"map {move.map} turned {move.rotation * 90}° looks the same as turned "
                    f"{same * 90}°: find {move.map} {same * 90} at {where}")
        return f"the pattern turned {move.rotation * 90}° at {where} leaves the board"
    wrong = cells_of(mismatches(state.occupied, state.black, placement))
    if not wrong:
        return None
    c, name = wrong[0], cell_name(wrong[0])
    need = _colour(placement.black, c)
    more = (f" ({len(wrong) - 1} more box{'es' if len(wrong) > 2 else ''} of the pattern "
            f"differ{'s' if len(wrong) == 2 else ''})" if len(wrong) > 1 else "")
    if state.occupied >> c & 1:
        return f"{name} holds a {_colour(state.black, c)} token; the map needs {need} there{more}"
    token = BLACK if placement.black >> c & 1 else WHITE
    fill = (f"spend sand first (sand {token} {name})" if state.sand[seat]
            else "you have no sand token to put one there")
    return f"{name} is empty and the map needs {need} there: {fill}{more}"


def _why_not_market(state: AncientsState, move: Market) -> str | None:
    seat = state.to_move
    maps, data = state.rules.maps, state.rules.data
    money = state.money[seat]
    if move.sell is not None:
        if move.sell not in state.artifacts[seat]:
            if move.sell in state.pack[seat]:
                return f"map {move.sell} is in your pack, not found yet: only an artifact sells"
            return (f"artifact {move.sell} is not in your hand (artifacts: "
                    f"{_listed(state.artifacts[seat])})")
        money += maps[move.sell].value
    if move.buy is None:
        return (f"a discard goes with a purchase that takes your pack over {data.pack_limit} "
                "maps" if move.discard is not None else None)
    if move.buy not in data.shops:
        shops = ", ".join(f"${price}" for price in data.shops)
        return f"there is no ${move.buy} shop (buy names a shop's price: {shops})"
    card = state.shop_card(move.buy)
    if card is None:
        return f"the ${move.buy} shop is empty"
    if money < move.buy:
        sale = " with the sale" if move.sell is not None else ""
        return f"the ${move.buy} shop costs ${move.buy}; you have ${money}{sale}"
    pack = state.pack[seat]
    if len(pack) + 1 > data.pack_limit:
        if move.discard is None:
            return (f"your pack holds {plural(len(pack), 'map')}, its most: buying map {card} "
                    "means discarding one (discard ID, the new map included)")
        if move.discard not in pack + [card]:
            return (f"map {move.discard} is neither in your pack nor the one bought (pack: "
                    f"{_listed(pack)}; bought: {card})")
    elif move.discard is not None:
        return (f"your pack has room for map {card}: discard only when a purchase takes it "
                f"over {data.pack_limit} maps")
    return None


def parse_move(state: AncientsState, text: object) -> Move:
    """Move text to a legal move of ``state`` (``InvalidMoveError``/``IllegalMoveError``,
    saying why: ``why_illegal``)."""
    return parse_checked(state, text, parse_text, FORMS, why=why_illegal)
