"""JSON deals and player views of Tomb of the Ancients, read by ``games.reader``.

**Deal**, version 2 (every hidden thing fixed)::

    {"game": "ancients", "players": 2, "seed": 7, "first_player": 1,
     "market": [12, 3, 40, 9],      # dealt into the market one at a time, in this order
     "removed": [...],              # removed face down at setup (18/10/7/3/0 cards)
     "deck": [...]}                 # the draw order, next card first

Solo mode (``players: 1``) uses the 2-player deck. ``seed`` (an integer or null) only
records where the deal came from; ``first_player`` defaults to 0 and ``removed`` to none.

**Player view**, version 2 (what seat ``seat`` sees at the start of its turn)::

    {"game": "ancients", "players": 2, "seat": 0, "to_move": 0, "first_player": 0,
     "board": ["..B..", ".W...", ".....", "B....", "....W"],   # rows 1-5, columns A-E
     "market": [{"shop": 4, "map": 12, "token": false}, ... shops 3, 2, 1],
     "deck_size": 20, "discard": [5],
     "seats": [{"money": 4, "sand": 1, "pack": [7], "artifacts": [], "sold": []}, ...],
     "final_round": false, "turns_left": null}

``board`` may also be an object ``{"C1": "B", ...}``. Packs, artifacts, sales and discards
are public (see ``state`` on hidden information); the unseen cards are every map not named
in the view, and they must number ``deck_size`` plus the cards removed at setup. Market
cards listed with equal points must be in entry order (newer in the dearer shop), which is
how the market is always sorted; the view's order fixes their entry numbers. A shop
stands empty only once the deck is (``deck_size`` 0: refills stop). ``to_move``
(optional) must be ``seat``; ``turns_left`` counts the turns left in the final round
(``1..players``) and is null before it. ``in_desert`` (optional, false by default, written
only when true) says the seat's desert turn has begun: its sand already spent and finds
already made are on the board and in its seat, and what is left to it this turn is more
sand and finds, or ``end`` (the view of a player in the middle of a dig, which the hint
ranks the rest of the turn from). ``turn`` (optional) is the table's turn number, every
seat's turns counted from 1 as ``play`` and the analysis board number them; the view of a
position reached by play writes it (``view --at N``), a position written without it has no
turn number (its table says none). It must fall to ``seat`` in the rotation from
``first_player``, and no earlier than the cards drawn since setup allow (each turn's refill
draws at most one).

Version 2 (November 2026) against version 1: ``"game"`` is required; unknown keys are
refused with their path; a boolean is never read as a number; the view's
``current_player`` is renamed ``to_move``; ``turns_left`` outside the final round is
refused.
"""

from __future__ import annotations

from typing import Any

import cards_data
from cards_data.ancients import AncientsData
from grids import BLACK, WHITE, GridError, parse_cell

from ..errors import InvalidStateError
from ..reader import VIEW_MARK, Node, read_document, read_fingerprint, read_id, read_ids, read_seats
from ..seeding import Seed, make_rng
from ..table import plural
from .rules import Rules, rules_for
from .state import AncientsState

__all__ = ["make_deal", "state_from_deal", "example_view", "state_from_view", "view_of"]


def _players(rules: Rules, players: object) -> int:
    if not isinstance(players, int) or isinstance(players, bool):
        raise InvalidStateError(f"players must be an integer, got {players!r}")
    refused = cards_data.seats_refused(rules.data, players)
    if refused is not None:
        raise InvalidStateError(f"players: {refused}")
    return players


def make_deal(*, players: int, seed: Seed, data: AncientsData, **options: object
              ) -> dict[str, Any]:
    """A random deal: shuffled deck, four market cards, removed cards, first player
    (no options exist; any given are rejected)."""
    if options:
        raise InvalidStateError(f"ancients deals take no options ({', '.join(options)})")
    rules = rules_for(data)
    _players(rules, players)
    rng = make_rng(seed)
    cards = sorted(rules.maps)
    rng.shuffle(cards)
    shops = len(rules.data.shops)
    removed = rules.removed_for(players)
    return {
        "game": "ancients", "players": players,
        "seed": seed if isinstance(seed, int) else None,
        "first_player": rng.randrange(players),
        "market": cards[:shops], "removed": cards[shops:shops + removed],
        "deck": cards[shops + removed:],
    }


def state_from_deal(deal: dict[str, Any], data: AncientsData) -> AncientsState:
    """The position after setup of ``deal``, validated (``InvalidStateError``)."""
    rules = rules_for(data)
    node = read_document(deal, "deal")
    players = read_seats(node, rules.data)
    node.optional_integer("seed", lo=None)
    first = node.integer("first_player", hi=players - 1, default=0)
    market = read_ids(node, "market", rules.maps, what="map card", length=len(rules.data.shops))
    removed = read_ids(node, "removed", rules.maps, what="map card", default=[])
    if len(removed) != rules.removed_for(players):
        node.fail(f"{len(removed)} cards, expected {rules.removed_for(players)} for "
                  f"{plural(players, 'player')}", "removed")
    deck = read_ids(node, "deck", rules.maps, what="map card")
    node.done()
    everything = market + removed + deck
    if sorted(everything) != sorted(rules.maps):
        dup = sorted({c for c in everything if everything.count(c) > 1})
        node.fail(f"market + removed + deck must be the {len(rules.maps)} maps once each"
                  + (f" (repeated: {dup})" if dup else
                     f" (missing: {sorted(set(rules.maps) - set(everything))})"))
    return AncientsState.setup(rules, players, market, removed, deck, first)


def view_of(state: AncientsState, seat: int) -> dict[str, Any]:
    """The player view of ``seat`` (the format in the module docstring), taken at the start
    of a turn or in the middle of a desert turn (``in_desert``), never while a refill is
    drawn."""
    if state.drawing:
        raise InvalidStateError("a view is taken at the start of a turn or in the middle of "
                                "a desert turn, not while the market's refill is drawn")
    full = state.to_json()
    view = {
        "game": "ancients", "players": state.num_players, "seat": seat,
        "to_move": state.to_move, "first_player": state.first,
        "board": full["board"], "market": full["market"], "deck_size": len(state.deck),
        "discard": full["discard"], "seats": full["seats"],
        "final_round": full["final_round"], "turns_left": full["turns_left"],
    }
    if state.turns_known:  # (a view read without its turn number does not make one up)
        view["turn"] = state.turns + 1
    if state.in_desert:  # (only then: a view at a turn's start reads as before)
        view["in_desert"] = True
    return view


def example_view(data: AncientsData) -> dict[str, Any]:
    """A constructed mid-game view of the smallest table the card data allows (2 players; 3
    with a file saying ``players_min = 3``) where seat 0 has a dig worth planning.

    From the deal of seed 2024 after setup, seat 0 takes the next three deck cards into its
    pack ($3, 2 sand) and seat 1 the two after ($2, 1 sand). Two patterns are then laid on
    the board: seat 0's first map exactly (a free find) and its second map with one cell
    left empty (a find for one token), each on the first placement in reading order that
    overlaps no token already there. Not a position reached by play, but a valid view.
    """
    state = state_from_deal(make_deal(players=max(2, data.players_min), seed=2024, data=data),
                            data)
    # (as many as the card data's pack limit and deck allow, a card left in the deck so the
    # game is not in its final round: a --cards FILE may hold fewer)
    for seat, want in ((0, 3), (1, 2)):
        take = max(0, min(want, data.pack_limit, len(state.deck) - 1))
        state.pack[seat] = [state.deck.pop(0) for _ in range(take)]
    state.money[:2], state.sand[:2] = [3, 2], [2, 1]
    for k, card in enumerate(sorted(state.pack[0])[:2]):
        for p in state.rules.maps[card].placements:
            if not p.mask & state.occupied:
                mask = p.mask
                if k == 1:
                    mask &= mask - 1  # leave the lowest cell empty
                state.occupied |= mask
                state.black |= p.black & mask
                break
    state.turns_known = False  # (constructed: no turn of any game)
    return view_of(state, 0)


def _read_board(node: Node) -> tuple[int, int]:
    """``board``: 5 row strings of ``B``, ``W`` and ``.``, or an object ``{"C1": "B"}``;
    returns the (occupied, black) masks."""
    tokens: list[tuple[int, str, str]] = []  # (cell, colour, where)
    if isinstance(node.raw("board", None), dict):
        board = node.table("board")
        for name in board.keys():
            try:
                cell = parse_cell(name)
            except GridError:
                board.fail(f"token on {name!r}, which is not a space of the 5x5 board (A1..E5)")
            tokens.append((cell, board.text(name), board.where(name)))
        board.done()
    else:
        rows = node.items("board")
        if len(rows) != 5:
            node.fail(f"{len(rows)} rows, the board has 5 (rows 1-5)", "board")
        for r, row in enumerate(rows):
            where = f"board[{r}]"
            if not isinstance(row, str) or len(row) != 5:
                node.fail_at(where, f"row {r + 1}: expected 5 characters of B, W or '.', got "
                                    f"{node.describe(row)}")
            tokens += [(r * 5 + c, ch, f"{where} (row {r + 1} column {'ABCDE'[c]})")
                       for c, ch in enumerate(row) if ch != "."]
    occupied = black = 0
    for cell, colour, where in tokens:
        if colour.upper() not in (BLACK, WHITE):
            node.fail_at(where, f"token colour {colour!r} is not B or W")
        occupied |= 1 << cell
        black |= (colour.upper() == BLACK) << cell
    return occupied, black


def _read_market(node: Node, rules: Rules, state: AncientsState) -> list[int]:
    """``market``: one object per shop, dearest first; sets the shop tokens and the market
    (entry numbers from the order) of ``state`` and returns its cards."""
    cards: list[int | None] = []
    for i, item in enumerate(node.items("market", length=len(rules.data.shops))):
        shop = node.node_at(item, f"market[{i}]")
        if shop.integer("shop") != rules.data.shops[i]:
            shop.fail(f"expected the shop of price {rules.data.shops[i]}", "shop")
        state.shop_tokens[i] = shop.boolean("token", default=False)
        if state.shop_tokens[i] and i == len(rules.data.shops) - 1:
            shop.fail("the 1-shop never holds a token", "token")
        cards.append(None if shop.raw("map", None) is None
                     else read_id(shop, "map", rules.maps, what="map card"))
        shop.done()
    present = [c for c in cards if c is not None]
    if cards[:len(present)] != present:
        node.fail("an empty shop above a filled one (cards fill the dearest shops)", "market")
    points = [rules.maps[c].points for c in present]
    if points != sorted(points, reverse=True):
        node.fail("maps must be sorted by points, dearest shop first", "market")
    # entry numbers: the dearer of equal-valued cards is the newer one
    state.market = [(card, len(present) - i) for i, card in enumerate(present)]
    state.entries = len(present)
    return present


def most_money_and_sand(data: AncientsData) -> tuple[int, int]:
    """The most money and sand one seat can hold in any game: the start's, $2 or a token a
    rest and a token a shop hands over (each comes with a card entering the market, so at
    most one a card of the deck), and every artifact's points from its sale.

    >>> import cards_data
    >>> most_money_and_sand(cards_data.load("ancients"))[1]
    101
    """
    deck = data.deck_size
    return (data.start_money + 2 * deck + sum(m.points for m in data.maps),
            data.start_sand + 2 * deck)


def _read_seat(node: Node, rules: Rules, state: AncientsState, s: int) -> list[list[int]]:
    """``seats[s]``: money, sand and the public cards of seat ``s``; returns its card lists.
    Money and sand are at most what a game can give a seat (:func:`most_money_and_sand`:
    a position holding more could come from no game, and its scores were read as given)."""
    most_money, most_sand = most_money_and_sand(rules.data)
    state.money[s] = node.integer("money", hi=most_money)
    state.sand[s] = node.integer("sand", hi=most_sand)
    state.pack[s] = read_ids(node, "pack", rules.maps, what="map card",
                             max_length=rules.data.pack_limit, default=[])
    state.artifacts[s] = read_ids(node, "artifacts", rules.maps, what="map card", default=[])
    state.sold[s] = read_ids(node, "sold", rules.maps, what="map card", default=[])
    node.done()
    return [state.pack[s], state.artifacts[s], state.sold[s]]


def _read_turn(node: Node, rules: Rules, state: AncientsState, turn: int | None,
               deck_size: int) -> None:
    """``turn`` (module docstring) into ``state``: the turns played before it, or none known.
    A turn that is another seat's in the rotation, or earlier than the refills drawn since
    setup allow, is refused: no game reaches it."""
    if turn is None:
        state.turns, state.turns_known = 0, False
        return
    players = state.num_players
    if (state.first + turn - 1) % players != state.to_move:
        node.fail(f"turn {turn} is seat {(state.first + turn - 1) % players}'s (seat "
                  f"{state.first} plays turn 1), not seat {state.to_move}'s", "turn")
    drawn = len(rules.maps) - len(rules.data.shops) - rules.removed_for(players) - deck_size
    if turn <= drawn:
        node.fail(f"turn {turn} is too early: {plural(drawn, 'card')} came from the deck since "
                  "setup, at most one a turn", "turn")
    state.turns = turn - 1


def state_from_view(view: dict[str, Any], data: AncientsData, seed: Seed
                    ) -> tuple[AncientsState, int]:
    """``(world, seat)``: the viewed position, the unseen cards shuffled by ``seed`` (any
    ``games.seeding`` seed; ``None`` is fresh entropy)."""
    rules = rules_for(data)
    node = read_document(view, "view")
    read_fingerprint(node, rules.data, VIEW_MARK)
    players = read_seats(node, rules.data)
    seat = node.integer("seat", hi=players - 1)
    if node.integer("to_move", hi=players - 1, default=seat) != seat:
        node.fail(f"it is seat {node.raw('to_move')}'s turn, not seat {seat}'s", "to_move")
    state = AncientsState(rules, players)
    state.first = node.integer("first_player", hi=players - 1, default=0)
    state.to_move = seat
    state.occupied, state.black = _read_board(node)
    places = {"market": _read_market(node, rules, state)}
    deck_size = node.integer("deck_size")
    if deck_size and len(places["market"]) < len(rules.data.shops):
        # every purchase and rest refills the market while the deck lasts: only the final
        # round (an empty deck) leaves a shop without a map
        node.fail(f"an empty shop while the deck holds {plural(deck_size, 'card')} (each "
                  "purchase and rest refills the market until the deck runs out)", "market")
    state.discard = places["discard"] = read_ids(node, "discard", rules.maps, what="map card",
                                                 default=[])
    for s, item in enumerate(node.items("seats", length=players)):
        lists = _read_seat(node.node_at(item, f"seats[{s}]"), rules, state, s)
        places.update(zip((f"seats[{s}].{k}" for k in ("pack", "artifacts", "sold")), lists))
    if node.boolean("final_round", default=False):
        state.final_left = node.integer("turns_left", lo=1, hi=players)
        if deck_size:
            node.fail("the final round starts only when the deck is empty", "final_round")
    elif node.raw("turns_left", None) is not None:
        node.fail("turns are counted only in the final round (final_round is false)",
                  "turns_left")
    elif deck_size == 0:
        node.fail("the deck is empty, so final_round must be true", "final_round")
    state.in_desert = node.boolean("in_desert", default=False)
    turn = node.optional_integer("turn", lo=1)
    node.done()
    seen: dict[int, str] = {}
    for where, cards in places.items():
        for i, card in enumerate(cards):
            if card in seen:
                node.fail(f"map {card} is also in {seen[card]}", f"{where}[{i}]")
            seen[card] = where
    unseen = sorted(set(rules.maps) - set(seen))
    removed = rules.removed_for(players)
    if len(unseen) != deck_size + removed:
        node.fail(f"{len(unseen)} maps are unseen but deck_size {deck_size} plus {removed} "
                  f"removed at setup makes {deck_size + removed}")
    _read_turn(node, rules, state, turn, deck_size)
    make_rng(seed).shuffle(unseen)
    state.deck, state.removed = unseen[:deck_size], unseen[deck_size:]
    return state, seat
