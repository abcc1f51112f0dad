"""JSON deals and player views of Tomb of the Ancients, with validation.

**Deal** (every hidden thing fixed)::

    {"game": "ancients", "players": 2, "seed": 7, "first_player": 1,
     "market": [12, 3, 40, 9],      # dealt into the market one at a time, in this order
     "removed": [...],              # removed face down at setup (18/10/7/3/0 cards)
     "deck": [...]}                 # the draw order, next card first

Solo mode (``players: 1``) uses the 2-player deck.

**Player view** (what seat ``seat`` sees at the start of its turn)::

    {"game": "ancients", "players": 2, "seat": 0, "first_player": 0,
     "board": ["..B..", ".W...", ".....", "B....", "....W"],   # rows 1-5, columns A-E
     "market": [{"shop": 4, "map": 12, "token": false}, ... shops 3, 2, 1],
     "deck_size": 20, "discard": [5],
     "seats": [{"money": 4, "sand": 1, "pack": [7], "artifacts": [], "sold": []}, ...],
     "final_round": false, "turns_left": null}

``board`` may also be an object ``{"C1": "B", ...}``. Packs, artifacts, sales and discards
are public (see ``state`` on hidden information); the unseen cards are every map not named
in the view, and they must number ``deck_size`` plus the cards removed at setup. Market
cards listed with equal points must be in entry order (newer in the dearer shop), which is
how the market is always sorted; the view's order fixes their entry numbers.
"""

from __future__ import annotations

from grids import BLACK, WHITE, GridError, parse_cell

from ..errors import IllegalMoveError, InvalidStateError
from ..seeding import make_rng
from .cards import catalogue
from .moves import parse_text
from .state import AncientsState

__all__ = ["make_deal", "state_from_deal", "example_view", "state_from_view", "parse_move",
           "view_of"]


def _players(cat, players) -> int:
    if not isinstance(players, int) or isinstance(players, bool):
        raise InvalidStateError(f"players must be an integer, got {players!r}")
    if players != 1 and not cat.players_min <= players <= cat.players_max:
        raise InvalidStateError(
            f"players {players}: Tomb of the Ancients seats 1 (solo) or "
            f"{cat.players_min}-{cat.players_max}")
    return players


def make_deal(*, players: int, seed, data, **options) -> dict:
    """A random deal: shuffled deck, four market cards, removed cards, first player
    (no options exist; any given are rejected)."""
    if options:
        raise InvalidStateError(f"ancients deals take no options ({', '.join(options)})")
    cat = catalogue(data)
    _players(cat, players)
    rng = make_rng(seed)
    cards = sorted(cat.maps)
    rng.shuffle(cards)
    shops = len(cat.shops)
    removed = cat.removed_for(players)
    return {
        "game": "ancients", "players": players,
        "seed": seed if isinstance(seed, int) else None,
        "first_player": rng.randrange(players),
        "market": cards[:shops], "removed": cards[shops:shops + removed],
        "deck": cards[shops + removed:],
    }


def _card_list(cat, value, where: str) -> list[int]:
    if not isinstance(value, list):
        raise InvalidStateError(f"{where}: expected a list of map ids")
    out = []
    for i, card in enumerate(value):
        if not isinstance(card, int) or isinstance(card, bool) or card not in cat.maps:
            raise InvalidStateError(f"{where}[{i}]: unknown map card {card!r}")
        out.append(card)
    return out


def state_from_deal(deal: dict, data) -> AncientsState:
    """The position after setup of ``deal`` (validated)."""
    cat = catalogue(data)
    if not isinstance(deal, dict) or deal.get("game", "ancients") != "ancients":
        raise InvalidStateError("deal: not an ancients deal")
    players = _players(cat, deal.get("players"))
    market = _card_list(cat, deal.get("market"), "deal.market")
    removed = _card_list(cat, deal.get("removed", []), "deal.removed")
    deck = _card_list(cat, deal.get("deck"), "deal.deck")
    if len(market) != len(cat.shops):
        raise InvalidStateError(f"deal.market: {len(market)} cards, expected {len(cat.shops)}")
    if len(removed) != cat.removed_for(players):
        raise InvalidStateError(
            f"deal.removed: {len(removed)} cards, expected {cat.removed_for(players)} "
            f"for {players} player(s)")
    everything = market + removed + deck
    if sorted(everything) != sorted(cat.maps):
        dup = sorted({c for c in everything if everything.count(c) > 1})
        raise InvalidStateError(
            f"deal: market + removed + deck must be the {len(cat.maps)} maps once each"
            + (f" (repeated: {dup})" if dup else f" (missing: {sorted(set(cat.maps) - set(everything))})"))
    first = deal.get("first_player", 0)
    if not isinstance(first, int) or not 0 <= first < players:
        raise InvalidStateError(f"deal.first_player {first!r} is not a seat of {players}")
    return AncientsState.setup(cat, players, market, removed, deck, first)


def view_of(state: AncientsState, seat: int) -> dict:
    """The player view of ``seat`` (the format in the module docstring)."""
    full = state.to_json()
    return {
        "game": "ancients", "players": state.num_players, "seat": seat,
        "current_player": state.current, "first_player": state.first,
        "board": full["board"], "market": full["market"], "deck_size": len(state.deck),
        "discard": full["discard"], "seats": full["seats"],
        "final_round": full["final_round"], "turns_left": full["turns_left"],
    }


def example_view(data) -> dict:
    """A constructed mid-game 2-player view where seat 0 has a dig worth planning.

    From the deal of seed 2024 after setup, seat 0 takes the next three deck cards into its
    pack ($3, 2 sand) and seat 1 the two after ($2, 1 sand). Two patterns are then laid on
    the board: seat 0's first map exactly (a free find) and its second map with one cell
    left empty (a find for one token), each on the first placement in reading order that
    overlaps no token already there. Not a position reached by play, but a valid view.
    """
    state = state_from_deal(make_deal(players=2, seed=2024, data=data), data)
    state.pack[0] = [state.deck.pop(0) for _ in range(3)]
    state.pack[1] = [state.deck.pop(0) for _ in range(2)]
    state.money, state.sand = [3, 2], [2, 1]
    for k, card in enumerate(sorted(state.pack[0])[:2]):
        for p in state.cat.maps[card].placements:
            if not p.mask & state.occupied:
                mask = p.mask
                if k == 1:
                    mask &= mask - 1  # leave the lowest cell empty
                state.occupied |= mask
                state.black |= p.black & mask
                break
    return view_of(state, 0)


def _int_field(obj: dict, key: str, where: str, *, lo: int = 0) -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < lo:
        raise InvalidStateError(f"{where}.{key}: expected an integer >= {lo}, got {value!r}")
    return value


def _parse_board(board) -> tuple[int, int]:
    occ = blk = 0
    if isinstance(board, dict):
        items = []
        for name, colour in board.items():
            try:
                items.append((parse_cell(name), colour, f"view.board.{name}"))
            except GridError:
                raise InvalidStateError(f"view.board: token on {name!r}, which is not a space "
                                        "of the 5x5 board (A1..E5)") from None
    elif isinstance(board, list):
        if len(board) != 5:
            raise InvalidStateError(f"view.board: {len(board)} rows, the board has 5 (rows 1-5)")
        items = []
        for r, row in enumerate(board):
            if not isinstance(row, str) or len(row) != 5:
                raise InvalidStateError(
                    f"view.board[{r}] (row {r + 1}): expected 5 characters of B, W or '.', "
                    f"got {row!r}")
            items += [(r * 5 + c, ch, f"view.board row {r + 1} column {'ABCDE'[c]}")
                      for c, ch in enumerate(row) if ch != "."]
    else:
        raise InvalidStateError("view.board: expected 5 row strings or an object of cells")
    for index, colour, where in items:
        colour = str(colour).upper()
        if colour not in (BLACK, WHITE):
            raise InvalidStateError(f"{where}: token colour {colour!r} is not B or W")
        occ |= 1 << index
        if colour == BLACK:
            blk |= 1 << index
    return occ, blk


def state_from_view(view: dict, data, seed=None) -> tuple[AncientsState, int]:
    """``(world, seat)``: the viewed position with the unseen cards shuffled by ``seed``."""
    cat = catalogue(data)
    if not isinstance(view, dict) or view.get("game", "ancients") != "ancients":
        raise InvalidStateError("view: not an ancients player view")
    players = _players(cat, view.get("players"))
    seat = _int_field(view, "seat", "view")
    if seat >= players:
        raise InvalidStateError(f"view.seat {seat} is not a seat of {players}")
    current = view.get("current_player", seat)
    if current != seat:
        raise InvalidStateError(f"view: it is seat {current}'s turn, not seat {seat}'s")
    first = view.get("first_player", 0)
    if not isinstance(first, int) or not 0 <= first < players:
        raise InvalidStateError(f"view.first_player {first!r} is not a seat of {players}")
    state = AncientsState(cat, players)
    state.occupied, state.black = _parse_board(view.get("board"))
    seen: dict[int, str] = {}

    def claim(cards: list[int], where: str) -> None:
        for i, card in enumerate(cards):
            if card in seen:
                raise InvalidStateError(f"{where}[{i}]: map {card} is also in {seen[card]}")
            seen[card] = where

    market = view.get("market")
    if not isinstance(market, list) or len(market) != len(cat.shops):
        raise InvalidStateError(f"view.market: expected {len(cat.shops)} shops (prices "
                                f"{', '.join(map(str, cat.shops))})")
    cards_in_market = []
    for i, shop in enumerate(market):
        where = f"view.market[{i}]"
        if not isinstance(shop, dict) or shop.get("shop") != cat.shops[i]:
            raise InvalidStateError(f"{where}: expected the shop of price {cat.shops[i]}")
        token = shop.get("token", False)
        if not isinstance(token, bool):
            raise InvalidStateError(f"{where}.token: expected true or false")
        if token and i == len(cat.shops) - 1:
            raise InvalidStateError(f"{where}: the 1-shop never holds a token")
        state.shop_tokens[i] = token
        card = shop.get("map")
        if card is None:
            cards_in_market.append(None)
            continue
        cards_in_market += _card_list(cat, [card], f"{where}.map")
    if None in cards_in_market and any(c is not None for c in cards_in_market[cards_in_market.index(None):]):
        raise InvalidStateError("view.market: an empty shop above a filled one (cards fill "
                                "the dearest shops)")
    present = [c for c in cards_in_market if c is not None]
    keys = [cat.maps[c].points for c in present]
    if keys != sorted(keys, reverse=True):
        raise InvalidStateError("view.market: maps must be sorted by points, dearest shop first")
    claim(present, "view.market")
    # entry numbers: the dearer of equal-valued cards is the newer one
    state.market = [(card, len(present) - i) for i, card in enumerate(present)]
    state.entries = len(present)
    deck_size = _int_field(view, "deck_size", "view")
    discard = _card_list(cat, view.get("discard", []), "view.discard")
    claim(discard, "view.discard")
    state.discard = discard
    seats = view.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        raise InvalidStateError(f"view.seats: expected {players} seat objects")
    for s, info in enumerate(seats):
        where = f"view.seats[{s}]"
        if not isinstance(info, dict):
            raise InvalidStateError(f"{where}: expected an object")
        state.money[s] = _int_field(info, "money", where)
        state.sand[s] = _int_field(info, "sand", where)
        pack = _card_list(cat, info.get("pack", []), f"{where}.pack")
        if len(pack) > cat.pack_limit:
            raise InvalidStateError(
                f"{where}.pack: {len(pack)} maps, the pack holds at most {cat.pack_limit}")
        arts = _card_list(cat, info.get("artifacts", []), f"{where}.artifacts")
        sold = _card_list(cat, info.get("sold", []), f"{where}.sold")
        claim(pack, f"{where}.pack")
        claim(arts, f"{where}.artifacts")
        claim(sold, f"{where}.sold")
        state.pack[s], state.artifacts[s], state.sold[s] = pack, arts, sold
    unseen = sorted(set(cat.maps) - set(seen))
    removed = cat.removed_for(players)
    if len(unseen) != deck_size + removed:
        raise InvalidStateError(
            f"view: {len(unseen)} maps are unseen but deck_size {deck_size} plus {removed} "
            f"removed at setup makes {deck_size + removed}")
    final_round = view.get("final_round", False)
    turns_left = view.get("turns_left")
    if final_round:
        if not isinstance(turns_left, int) or not 1 <= turns_left <= players:
            raise InvalidStateError(f"view.turns_left: expected 1..{players} in the final round")
        if deck_size:
            raise InvalidStateError("view: the final round starts only when the deck is empty")
        state.final_left = turns_left
    elif deck_size == 0:
        raise InvalidStateError("view: the deck is empty, so final_round must be true")
    state.first, state.current = first, seat
    rng = make_rng(seed if seed is not None else 0)
    rng.shuffle(unseen)
    state.deck, state.removed = unseen[:deck_size], unseen[deck_size:]
    return state, seat


def parse_move(state: AncientsState, text: str):
    """The move ``text`` names, checked legal here."""
    move = parse_text(text)
    if move not in state.legal_moves():
        raise IllegalMoveError(f"move {text!r} is not legal here")
    return move
