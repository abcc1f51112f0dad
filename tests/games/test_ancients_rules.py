"""Rules of Tomb of the Ancients (beta 2.16): every rule and every documented decision."""

from __future__ import annotations

import hashlib
import random
import re

import pytest

import cards_data
from games import ancients as A
from games.ancients import END, AncientsState, Find, Market, Rest, Sand, rules_for
from games.ancients.moves import why_illegal
from games.errors import IllegalMoveError, InvalidMoveError, InvalidStateError
from games.protocol import CHANCE, listing, resolve_chance
from games.seeding import make_rng
from grids import cell_name, parse_cell

DATA = cards_data.load("ancients")
CAT = rules_for(DATA)
C = parse_cell


def new_game(market, deck=(), players=2, first=0):
    rest = sorted(set(CAT.maps) - set(market) - set(deck))
    removed = rest[:CAT.removed_for(players)]
    return AncientsState.setup(CAT, players, list(market), removed, list(deck), first)


def play(state, move):
    """Apply ``move`` and then the refill it draws (a chance step with one outcome)."""
    state.apply(move)
    resolve_chance(state, make_rng(0))


def shop_cards(state):
    return [card for card, _ in state.market]


def board_at(state, name):
    bit = 1 << C(name)
    if not state.occupied & bit:
        return "."
    return "B" if state.black & bit else "W"


# --- setup ----------------------------------------------------------------------------

def test_market_sorted_by_points_newer_counts_larger_on_ties():
    # 15 (2 pts) enters before 29 (2 pts): the newer 29 takes the dearer shop
    state = new_game([15, 29, 1, 12])
    assert shop_cards(state) == [1, 29, 15, 12]
    state = new_game([29, 15, 1, 12])
    assert shop_cards(state) == [1, 15, 29, 12]


def test_entering_card_adds_its_token_on_an_empty_space():
    state = new_game([1, 12, 15, 29])  # D1 black, C3 black, C2 white, B4 white
    assert [board_at(state, s) for s in ("D1", "C3", "C2", "B4")] == ["B", "B", "W", "W"]
    assert state.shop_tokens == [False] * 4


def test_entering_card_on_an_occupied_space_removes_the_token_into_the_dearest_free_shop():
    # 9 adds E1 black, 21 removes it ($4 shop); 32 adds E2 white, 40 removes it ($3 shop)
    state = new_game([9, 21, 32, 40])
    assert board_at(state, "E1") == "." and board_at(state, "E2") == "."
    assert state.shop_tokens == [True, True, False, False]


def test_a_token_that_would_go_to_the_1_shop_returns_to_the_supply():
    state = new_game([9, 21, 32, 40], deck=[42, 3, 47, 19, 1, 2])
    for _ in range(4):  # each rest draws one card
        play(state, Rest("money"))
    # 42 adds D2, 3 removes it -> $2 shop; 47 adds A3, 19 removes it -> supply
    assert state.shop_tokens == [True, True, True, False]
    assert board_at(state, "D2") == "." and board_at(state, "A3") == "."


def test_shop_tokens_stay_with_the_shop_not_the_card():
    state = new_game([9, 21, 32, 40], deck=[11, 2, 3])
    assert state.shop_tokens == [True, True, False, False]
    before = shop_cards(state)
    play(state, Market(buy=3))  # take the $3 card and its token; 11 (7 pts) enters at $4
    assert state.sand[0] == 2 and state.money[0] == 1
    assert shop_cards(state)[0] == 11 and shop_cards(state)[1] == before[0]
    assert state.shop_tokens == [True, False, False, False]  # the $4 token did not move


@pytest.mark.parametrize("players,removed", [(1, 18), (2, 18), (3, 10), (4, 7), (5, 3), (6, 0)])
def test_cards_removed_by_player_count(players, removed):
    deal = A.make_deal(players=players, seed=3, data=DATA)
    assert len(deal["removed"]) == removed
    assert len(deal["deck"]) == 50 - 4 - removed
    state = A.state_from_deal(deal, DATA)
    assert state.money == [4] * players and state.sand == [1] * players


def test_first_player_is_random_but_seeded():
    firsts = {A.make_deal(players=4, seed=s, data=DATA)["first_player"] for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert A.make_deal(players=4, seed=9, data=DATA) == A.make_deal(players=4, seed=9, data=DATA)
    deal = A.make_deal(players=3, seed=9, data=DATA)
    assert A.state_from_deal(deal, DATA).current_player() == deal["first_player"]


# --- market -----------------------------------------------------------------------------

def test_buy_pays_the_shop_price_not_the_card_value_and_refills():
    state = new_game([1, 12, 15, 29], deck=[11, 2, 3])
    play(state, Market(buy=1))  # map 12 (1 point) for $1
    assert state.pack[0] == [12] and state.money[0] == 3
    assert shop_cards(state) == [11, 1, 29, 15]  # 11 entered and the market re-sorted
    assert state.to_move == 1


def test_cannot_buy_without_the_money():
    state = new_game([1, 12, 15, 29], deck=[11])
    state.money[0] = 2
    buys = {m.buy for m in state.market_moves() if m.sell is None}
    assert buys == {2, 1}


def test_fifth_map_forces_a_discard_of_any_pack_map():
    state = new_game([1, 12, 15, 29], deck=[11, 2])
    state.pack[0] = [3, 4, 5, 6]
    moves = [m for m in state.market_moves() if m.buy == 1]
    assert {m.discard for m in moves} == {3, 4, 5, 6, 12}
    play(state, Market(buy=1, discard=4))
    assert sorted(state.pack[0]) == [3, 5, 6, 12] and state.discard == [4]


def test_sell_first_pays_for_the_buy_and_sold_artifacts_do_not_score():
    state = new_game([1, 12, 15, 29], deck=[11, 2])
    state.money[0] = 0
    state.artifacts[0] = [11]  # 7 points
    assert Market(sell=11, buy=4) in state.legal_moves()
    assert Market(buy=1) not in state.legal_moves()
    before = state.score(0)
    play(state, Market(sell=11, buy=4))
    assert state.money[0] == 3 and state.artifacts[0] == [] and state.sold[0] == [11]
    assert state.score(0) == before - 7 + 3.5 - 2
    assert state.pack[0] == [1]


def test_a_market_visit_sells_or_buys():
    with pytest.raises(InvalidMoveError):
        A.parse_text("market")
    state = new_game([1, 12, 15, 29], deck=[11])
    assert all(m.sell is not None or m.buy is not None for m in state.market_moves())


# --- rest and the end of the deck --------------------------------------------------------

def test_rest_takes_two_dollars_or_a_token_and_discards_the_1_shop_card():
    state = new_game([1, 12, 15, 29], deck=[11, 2, 3])
    play(state, Rest("money"))
    assert state.money[0] == 6 and state.discard == [12]
    assert shop_cards(state) == [11, 1, 29, 15]
    play(state, Rest("sand"))
    assert state.sand[1] == 2 and state.discard == [12, 15]


def test_emptying_the_deck_starts_the_final_round_everyone_gets_one_more_turn():
    state = new_game([1, 12, 15, 29], deck=[11, 2], players=3, first=0)
    play(state, Rest("money"))  # seat 0 draws 11
    assert state.final_left is None
    play(state, Rest("money"))  # seat 1 draws the last card: final round
    assert state.final_left is not None and not state.deck
    turns = []
    while not state.is_terminal():
        turns.append(state.to_move)
        play(state, Rest("money"))
    assert turns == [2, 0, 1]  # everyone once more, the seat that emptied it last


def test_refill_from_an_empty_deck_leaves_the_cheapest_shop_empty():
    state = new_game([1, 12, 15, 29], deck=[11], players=2)
    play(state, Rest("money"))  # last card: final round
    play(state, Market(buy=4))  # no refill possible
    assert len(state.market) == 3
    assert state.shop_card(1) is None and state.shop_card(4) is not None
    assert state.is_terminal() is False
    play(state, Rest("sand"))  # nothing in the 1-shop to discard; the game ends
    assert state.is_terminal() and len(state.market) == 3


def test_solo_mode_uses_the_two_player_deck_and_one_final_turn():
    deal = A.make_deal(players=1, seed=4, data=DATA)
    state = A.state_from_deal(deal, DATA)
    assert len(state.deck) == 28
    while state.deck:
        play(state, Rest("money"))
    assert not state.is_terminal()
    play(state, Rest("money"))
    assert state.is_terminal()


# --- desert ------------------------------------------------------------------------------

def stamp(state, map_id, rotation=0, anchor="A1", skip=0):
    p = CAT.maps[map_id].placement(rotation, C(anchor))
    mask = p.mask & ~skip
    state.occupied |= mask
    state.black = (state.black & ~p.mask) | (p.black & mask)
    return p


def test_find_needs_every_pattern_cell_and_flips_them_into_an_artifact():
    state = new_game([1, 12, 15, 29], deck=[11, 2])
    state.occupied = state.black = 0
    state.pack[0] = [4]  # BWB/.BW
    p = stamp(state, 4, 0, "B2")
    move = Find(4, 0, C("B2"))
    assert move in state.legal_moves()
    play(state, move)
    assert state.artifacts[0] == [4] and state.pack[0] == []
    assert state.occupied & p.mask == p.mask and state.black & p.mask == p.mask & ~p.black
    assert state.to_move == 0 and state.in_desert  # the desert turn goes on until 'end'
    assert END in state.legal_moves()
    assert not any(isinstance(m, (Market, Rest)) for m in state.legal_moves())
    play(state, END)
    assert state.to_move == 1


def test_an_empty_space_inside_a_pattern_blocks_the_find_until_a_token_is_placed():
    state = new_game([1, 12, 15, 29], deck=[11, 2])
    state.occupied = state.black = 0
    state.pack[0] = [4]
    p = stamp(state, 4, 0, "B2", skip=1 << C("B2"))  # B2 should be black
    assert Find(4, 0, C("B2")) not in state.legal_moves()
    play(state, Sand("B", C("B2")))
    assert state.sand[0] == 0
    assert Find(4, 0, C("B2")) in state.legal_moves()
    assert p.black >> C("B2") & 1


def test_sand_flips_a_token_and_white_placement():
    state = new_game([1, 12, 15, 29], deck=[11, 2])
    state.occupied = state.black = 0
    state.sand[0] = 2
    play(state, Sand("W", C("A1")))
    assert board_at(state, "A1") == "W"
    play(state, Sand("flip", C("A1")))
    assert board_at(state, "A1") == "B" and state.sand[0] == 0
    assert not any(isinstance(m, Sand) for m in state.legal_moves())


def test_rotations_are_allowed_mirrors_are_not():
    info = CAT.maps[15]  # W./BB
    mirrored = frozenset((r, 1 - c, k) for r, c, k in info.pattern.cells)
    from grids import ColouredPattern
    mirror = ColouredPattern(mirrored)
    assert all(form != mirror for _, form in info.pattern.rotations)
    state = new_game([1, 12, 16, 29], deck=[11, 2])
    state.occupied = state.black = 0
    state.pack[0] = [15]
    # the mirror image laid at A1: no placement of map 15 matches
    for r, c, k in mirror.cells:
        state.occupied |= 1 << (r * 5 + c)
        if k == "B":
            state.black |= 1 << (r * 5 + c)
    assert not any(isinstance(m, Find) for m in state.legal_moves())
    state.occupied = state.black = 0
    stamp(state, 15, 1, "C3")  # turned 90 degrees: a find
    assert Find(15, 1, C("C3")) in state.legal_moves()


def test_sand_is_spent_only_in_the_desert():
    state = new_game([1, 12, 15, 29], deck=[11, 2])
    play(state, Sand("B", C("E5")))
    assert state.in_desert and state.to_move == 0
    assert all(isinstance(m, (Sand, Find)) or m == END for m in state.legal_moves())


# --- scoring -------------------------------------------------------------------------------

def test_score_is_artifacts_plus_half_per_dollar_and_token():
    state = new_game([1, 12, 15, 29])
    state.artifacts[0] = [11, 12]
    state.money[0], state.sand[0] = 5, 2
    assert state.score(0) == 7 + 1 + 3.5


def test_ties_go_to_the_earlier_player_in_turn_order():
    state = new_game([1, 12, 15, 29], players=3, first=2)
    state.money = [4, 4, 4]
    assert state.winners() == [2]
    state.money[0] = 6
    assert state.winners() == [0]


# --- moves, views, information --------------------------------------------------------------

def test_golden_legal_move_counts_of_a_fresh_deal():
    state = A.state_from_deal(A.make_deal(players=2, seed=0, data=DATA), DATA)
    moves = state.legal_moves()
    # 4 buys ($4 affordable) + 25 cells x (B, W) places (board tokens: flips) + 2 rests
    n_tok = state.occupied.bit_count()
    assert len(moves) == 4 + n_tok + 2 * (25 - n_tok) + 2
    assert len(moves) == 54  # seed 0 leaves two tokens on the board


def test_move_text_round_trips_and_illegal_moves_are_refused():
    state = A.state_from_deal(A.make_deal(players=2, seed=1, data=DATA), DATA)
    for move in state.legal_moves():
        assert A.parse_move(state, str(move)) == move
    with pytest.raises(IllegalMoveError):
        A.parse_move(state, "find 1 0 at A1")
    with pytest.raises(InvalidMoveError):
        A.parse_move(state, "dance")
    with pytest.raises(InvalidMoveError):
        A.parse_move(state, "find 1 45 at A1")


def test_determinize_reshuffles_only_the_unseen_cards():
    state = A.state_from_deal(A.make_deal(players=3, seed=2, data=DATA), DATA)
    world = state.determinize(1, make_rng(5))
    assert world.information_set_key(1) == state.information_set_key(1)
    assert sorted(world.deck + world.removed) == sorted(state.deck + state.removed)
    assert len(world.deck) == len(state.deck) and world.deck != state.deck


def test_view_round_trip_keeps_the_public_position():
    state = A.state_from_deal(A.make_deal(players=2, seed=6, data=DATA), DATA)
    rng = make_rng(6)
    for _ in range(12):
        moves = [m for m in state.legal_moves() if isinstance(m, (Market, Rest))]
        play(state, moves[rng.randrange(len(moves))])
    view = A.view_of(state, state.to_move)
    world, seat = A.state_from_view(view, DATA, seed=1)
    assert seat == state.to_move
    a, b = state.to_json(), world.to_json()
    for key in ("deck", "removed", "turns"):
        a.pop(key), b.pop(key)
    assert a == b
    assert sorted(world.deck + world.removed) == sorted(state.deck + state.removed)


def test_example_view_is_valid():
    view = A.example_view(DATA)
    world, seat = A.state_from_view(view, DATA, seed=0)
    assert len(world.pack[seat]) == 3 and not world.is_terminal()


def _bad(view, **changes):
    out = {**view, **changes}
    return out


@pytest.mark.parametrize("mutate,message", [
    (lambda v: v.update(board={"F7": "B"}), "F7"),
    (lambda v: v.update(board=v["board"][:4] + ["....WB"]), "row 5"),
    (lambda v: v.update(board=v["board"] + ["....."]), "6 rows"),
    (lambda v: v["seats"][0].update(pack=v["seats"][0]["pack"] + [40, 41]), "at most 4"),
    (lambda v: v["seats"][1].update(pack=[99]), "unknown map card 99"),
    (lambda v: v["seats"][1].update(artifacts=[v["seats"][0]["pack"][0]]), "also in"),
    (lambda v: v.update(deck_size=3), "unseen"),
    (lambda v: v["market"][3].update(token=True), "1-shop"),
    (lambda v: v.update(players=7), "players: ancients is played by 2 to 6 players .* not 7"),
])
def test_bad_views_are_invalid_state_errors(mutate, message):
    import copy
    view = copy.deepcopy(A.example_view(DATA))
    mutate(view)
    with pytest.raises(InvalidStateError, match=message):
        A.state_from_view(view, DATA, seed=0)


@pytest.mark.parametrize("mutate,message", [
    (lambda v: v.pop("game"), "view: missing key 'game'"),
    (lambda v: v.update(current_player=0), "view: unknown key 'current_player'"),
    (lambda v: v["seats"][0].update(cash=1), "view: seats[0]: unknown key 'cash'"),
    (lambda v: v["market"][0].update(price=4), "view: market[0]: unknown key 'price'"),
    (lambda v: v.update(turns_left=-1), "view: turns_left: turns are counted only in the final round"),
    (lambda v: v.update(turns_left=2), "view: turns_left: turns are counted only in the final round"),
    (lambda v: v.update(first_player=True), "view: first_player: expected an integer, got a boolean"),
    (lambda v: v.update(to_move=1), "view: to_move: it is seat 1's turn, not seat 0's"),
    (lambda v: v.update(seat=True), "view: seat: expected an integer, got a boolean"),
    (lambda v: v.update(deck_size=True), "view: deck_size: expected an integer, got a boolean"),
    (lambda v: v["seats"][0].update(money=True), "view: seats[0].money: expected an integer"),
    (lambda v: v["seats"][0].update(pack=[True]), "view: seats[0].pack[0]: expected an integer"),
    (lambda v: v["market"][0].update(token=1), "view: market[0].token: expected true or false"),
    (lambda v: v["market"][0].update(map=True), "view: market[0].map: expected an integer"),
    (lambda v: v.update(final_round=1), "view: final_round: expected true or false"),
])
def test_views_refuse_unknown_keys_booleans_as_numbers_and_stray_turn_counts(mutate, message):
    import copy
    view = copy.deepcopy(A.example_view(DATA))
    mutate(view)
    with pytest.raises(InvalidStateError, match=re.escape(message)):
        A.state_from_view(view, DATA, seed=0)


def test_turns_left_is_read_in_the_final_round_only():
    state = A.state_from_deal(A.make_deal(players=2, seed=6, data=DATA), DATA)
    rng = make_rng(6)
    while state.final_left is None:  # market visits and rests until the deck runs out
        moves = [m for m in state.legal_moves() if isinstance(m, (Market, Rest))]
        play(state, moves[rng.randrange(len(moves))])
    view = A.view_of(state, state.to_move)
    assert view["final_round"] and view["turns_left"] == 2
    assert A.state_from_view(view, DATA, seed=0)[0].final_left == 2
    for turns, message in ((0, "must be at least 1"), (3, "must be at most 2"),
                           (True, "expected an integer"), (None, "expected an integer")):
        with pytest.raises(InvalidStateError, match=f"view: turns_left: {message}"):
            A.state_from_view({**view, "turns_left": turns}, DATA, seed=0)


@pytest.mark.parametrize("change, message", [
    ({"first_player": True}, "deal: first_player: expected an integer, got a boolean"),
    ({"first_player": 2}, "deal: first_player: must be at most 1"),
    ({"players": 2.0}, "deal: players: expected an integer, got a number"),
    ({"game": "pyramids"}, "deal: game: this is a document of 'pyramids', not 'ancients'"),
    ({"market": [True, 2, 3, 4]}, "deal: market[0]: expected an integer, got a boolean"),
    ({"draws": []}, "deal: unknown key 'draws'"),
])
def test_deals_are_read_strictly(change, message):
    deal = A.make_deal(players=2, seed=1, data=DATA)
    with pytest.raises(InvalidStateError, match=re.escape(message)):
        A.state_from_deal({**deal, **change}, DATA)
    with pytest.raises(InvalidStateError, match="deal: missing key 'game'"):
        A.state_from_deal({k: v for k, v in deal.items() if k != "game"}, DATA)


def test_bad_deals_are_invalid_state_errors():
    deal = A.make_deal(players=2, seed=1, data=DATA)
    with pytest.raises(InvalidStateError, match="removed"):
        A.state_from_deal({**deal, "removed": deal["removed"][:-1]}, DATA)
    with pytest.raises(InvalidStateError, match="unknown map card"):
        A.state_from_deal({**deal, "deck": deal["deck"] + [77]}, DATA)


def test_a_buy_that_takes_the_last_card_starts_the_final_round():
    state = new_game([1, 12, 15, 29], deck=[11], players=2, first=1)
    state.to_move = 1
    play(state, Market(buy=1))  # refill takes 11, the last card
    assert state.final_left is not None and board_at(state, "A1") == "B"  # 11 adds A1 black
    assert [state.current_player()] == [0]
    play(state, Rest("money"))
    assert not state.is_terminal()
    play(state, Rest("money"))  # seat 1, who emptied the deck, plays last
    assert state.is_terminal()


def test_a_refill_is_an_explicit_chance_step_drawing_the_deck_top():
    state = new_game([1, 12, 15, 29], deck=[11, 40], players=2)
    state.apply(Market(buy=1))
    assert state.current_player() == CHANCE and state.legal_moves() == []
    assert state.chance_outcomes() == [(A.Draw(11), 1.0)]
    with pytest.raises(IllegalMoveError):
        state.apply(Rest("money"))  # the turn is not over until the card is drawn
    state.apply(A.Draw(11))
    assert state.current_player() == 1 and shop_cards(state)[0] == 11 and state.deck == [40]
    play(state, Rest("sand"))  # a rest refills too: 40, the last card, starts the final round
    assert state.deck == [] and state.final_left is not None and 40 in shop_cards(state)


def test_moves_repr_as_their_parser_call_and_foreign_values_are_refused():
    state = A.state_from_deal(A.make_deal(players=3, seed=4, data=DATA), DATA)
    for move in state.legal_moves() + [A.Draw(7), END]:
        assert repr(move) == f"{type(move).__name__}.from_text({str(move)!r})"
        assert eval(repr(move), vars(A)) == move
    with pytest.raises(InvalidMoveError, match="not a Find move"):
        A.Find.from_text("rest money")
    for foreign in (object(), "rest money", A.Draw(7)):
        with pytest.raises(IllegalMoveError):
            state.clone().apply(foreign)


def test_apply_refuses_a_find_the_map_cannot_make():
    # found by mypy: a placement the map does not have was read as None (AttributeError)
    state = new_game([1, 12, 15, 29], deck=[11, 2])
    state.pack[0] = [4]
    with pytest.raises(IllegalMoveError, match="no such placement"):
        state.apply(Find(4, 0, C("E5")))


def test_digest_of_every_placement_of_every_map_on_the_board():
    """The exhaustive table: every distinct placement (rotations, never mirrors) of every
    map on the 5x5 board, as (map, quarter turns, anchor, cells, black cells). A change of
    the geometry, the map generator or the card data changes the digest."""
    lines = [f"{map_id} {p.rotation} {p.anchor} {p.mask:07x} {p.black:07x}"
             for map_id in sorted(CAT.maps)
             for p in sorted(CAT.maps[map_id].placements, key=lambda p: (p.rotation, p.anchor))]
    assert len(lines) == 2232
    assert hashlib.sha256(("\n".join(lines) + "\n").encode()).hexdigest() == (
        "849c5a3fbb08e837e0f09c7270efd0536945c4b9e08e87e7f8873679c230c75e")


def test_a_view_is_taken_at_the_start_of_a_turn():
    state = new_game([1, 12, 15, 29], deck=[11, 40], players=2)
    state.apply(Market(buy=1))  # waiting on the refill's draw
    with pytest.raises(InvalidStateError, match="start of a turn"):
        A.view_of(state, 0)


# --- a refused move says why -------------------------------------------------------------

def dealt(seed, *moves, players=2):
    """The position of the deal of ``seed`` after ``moves`` (each with its refill)."""
    state = A.state_from_deal(A.make_deal(players=players, seed=seed, data=DATA), DATA)
    for text in moves:
        play(state, A.parse_move(state, text))
    return state


# seed 2, two seats: seat 1 acts first with $4 and one sand token, an empty pack, a white
# token on A4; after `market buy 2` (map 36, WBW/W..) and seat 0's rest, B1 is black
BOUGHT = ("market buy 2", "rest money")


@pytest.mark.parametrize("moves, typed, why", [
    ((), "end", "end closes a desert turn, and you have not begun one"),
    ((), "find 36 0 at A1", "map 36 is not in your pack (pack: none)"),
    ((), "find 99 0 at A1", "there is no map 99"),
    ((), "market sell 3", "artifact 3 is not in your hand (artifacts: none)"),
    ((), "market buy 5", "there is no $5 shop (buy names a shop's price: $4, $3, $2, $1)"),
    ((), "market buy 4 discard 25", "your pack has room for map 25: discard only when"),
    ((), "sand flip A1", "A1 is empty: no token to flip (sand B A1 or sand W A1 puts one there)"),
    ((), "sand W A4", "sand W A4: A4 holds a token; sand flip A4 turns it"),
    ((), "draw 3", "a refill is drawn by chance, not played"),
    (("sand B A1",), "rest money", "you are in the desert this turn"),
    (("sand B A1",), "market buy 1", "you are in the desert this turn"),
    (("sand B A1",), "sand B B1", "no sand token left"),
    (BOUGHT, "market sell 36", "map 36 is in your pack, not found yet: only an artifact sells"),
    (BOUGHT, "market buy 4", "the $4 shop costs $4; you have $2"),
    (BOUGHT, "find 36 0 at D1", "the pattern turned 0° at D1 leaves the board"),
    (BOUGHT, "find 36 0 at A1",
     "A1 is empty and the map needs white there: spend sand first (sand W A1) (2 more boxes"),
    (BOUGHT, "find 36 90 at B1", "B1 holds a black token; the map needs white there"),
])
def test_a_refused_move_says_the_first_rule_it_breaks(moves, typed, why):
    state = dealt(2, *moves)
    with pytest.raises(IllegalMoveError) as refused:
        A.parse_move(state, typed)
    assert str(refused.value).startswith(f"move {typed!r} is not legal here: {why}")


def test_a_refused_find_of_a_symmetric_map_names_the_turn_that_is_listed():
    state = new_game([1, 12, 15, 29], deck=[11, 2])
    state.pack[0] = [9]  # W/B/W: turned 180° it is the same pattern
    with pytest.raises(IllegalMoveError, match="map 9 turned 180° looks the same as turned "
                                               "0°: find 9 0 at C2"):
        A.parse_move(state, "find 9 180 at C2")
    with pytest.raises(IllegalMoveError, match="the pattern turned 180° at C4 leaves the board"):
        A.parse_move(state, "find 9 180 at C4")


def test_a_full_pack_asks_for_a_discard_of_its_own_maps_or_the_new_one():
    state = new_game([1, 12, 15, 29], deck=[11, 2])
    state.pack[0] = [3, 4, 5, 6]
    state.money[0] = 9
    bought = state.shop_card(1)
    with pytest.raises(IllegalMoveError, match="your pack holds 4 maps, its most: buying map "
                                               f"{bought} means discarding one"):
        A.parse_move(state, "market buy 1")
    with pytest.raises(IllegalMoveError, match=f"map 7 is neither in your pack nor the one "
                                               rf"bought \(pack: 3, 4, 5, 6; bought: {bought}\)"):
        A.parse_move(state, "market buy 1 discard 7")
    assert A.parse_move(state, f"market buy 1 discard {bought}") == Market(None, 1, bought)


def _refusable_texts(state, rng):
    """Parseable move texts, most of them refused: finds of the pack's maps at random
    placements and of other maps, sand spends, market visits, rests and the end."""
    seat = state.to_move
    ids = state.pack[seat] + state.artifacts[seat] + [rng.randint(1, 50)]
    texts = ["end", "rest money", "rest sand",
             f"find {rng.choice(ids)} {rng.choice((0, 90, 180, 270))} at "
             f"{cell_name(rng.randrange(25))}",
             f"sand {rng.choice(('B', 'W', 'flip'))} {cell_name(rng.randrange(25))}",
             f"market buy {rng.randint(0, 5)}", f"market sell {rng.choice(ids)}",
             f"market sell {rng.choice(ids)} buy {rng.randint(1, 4)}",
             f"market buy {rng.randint(1, 4)} discard {rng.choice(ids)}"]
    for map_id in state.pack[seat]:
        placement = rng.choice(CAT.maps[map_id].placements)
        texts.append(f"find {map_id} {placement.rotation * 90} at {cell_name(placement.anchor)}")
    return texts


def test_every_refusal_is_one_line_with_its_reason_and_the_legal_moves():
    """Random positions of seeded deals, random parseable moves: a refused one is one line,
    today's refusal, the rule it breaks, then the legal moves; no legal move has a reason."""
    rng = random.Random(7)
    refused = 0
    for seed in range(6):
        state = dealt(seed, players=1 + seed % 4)
        while not state.is_terminal():
            legal = state.legal_moves()
            assert not [move for move in legal if why_illegal(state, move) is not None]
            for text in _refusable_texts(state, rng):
                if A.parse_text(text) in legal:
                    continue
                with pytest.raises(IllegalMoveError) as error:
                    A.parse_move(state, text)
                message = str(error.value)
                refused += 1
                assert "\n" not in message
                assert message.startswith(f"move {text!r} is not legal here: ")
                assert message.endswith(f" (legal: {listing(legal)})")
                assert why_illegal(state, A.parse_text(text)) in message
            finds = [move for move in legal if isinstance(move, Find)]
            # (finds first, most of the time: the desert turns are where players are refused)
            play(state, rng.choice(finds if finds and rng.random() < 0.7 else legal))
    assert refused > 1000


@pytest.mark.parametrize("key", ["money", "sand"])
def test_a_view_holds_no_more_money_or_sand_than_a_game_gives(key):
    """A view with 10**12 sand was read, and the hint valued it at about 5e11 points: a seat
    holds at most the start's, a rest's or a shop's each time a card enters the market,
    and every artifact's sale."""
    from games.ancients.views import most_money_and_sand
    data = cards_data.load("ancients")
    most = dict(zip(("money", "sand"), most_money_and_sand(data)))[key]
    view = A.example_view(data)
    view["seats"][0][key] = most
    A.state_from_view(view, data, 0)
    view["seats"][0][key] = most + 1
    with pytest.raises(InvalidStateError, match=f"seats\\[0\\].{key}: must be at most {most}"):
        A.state_from_view(view, data, 0)


def test_the_short_market_and_rest_forms_a_player_types():
    # `buy 2`, `buy $2`, `rest for $2` were refused ("is not one of: market [sell ID] ...")
    from games import load

    game = load("ancients")
    state, _ = game.state_from_view(game.example_view(), 0)
    for text, canonical in [("buy 2", "market buy 2"), ("buy $2", "market buy 2"),
                            ("rest for $2", "rest money"), ("rest $2", "rest money"),
                            ("Rest for Money", "rest money")]:
        assert str(game.parse_move(state, text)) == canonical, text
    assert str(A.parse_text("sell 7")) == "market sell 7"


def test_a_whole_market_visit_typed_as_the_short_forms_join():
    # `sell 29 buy $3` (the short forms `sell 7` and `buy $2` in one visit) was refused
    # ("is not one of: market ..."), and `market sell 29 buy $3` ("buy '$3' is not a
    # number; did you mean `market buy 3`?", a visit without the sale)
    for text in ("sell 29 buy $3", "market sell 29 buy $3", "buy $3 sell 29", "Sell 29 Buy 3"):
        assert str(A.parse_text(text)) == "market sell 29 buy 3", text
    assert str(A.parse_text("sell 29 buy $3 discard 12")) == "market sell 29 buy 3 discard 12"
    with pytest.raises(InvalidMoveError, match="sell '\\$3' is not a number"):
        A.parse_text("sell $3")  # (a sale names an artifact, not a price)


@pytest.mark.parametrize("changes", [{"pack_limit": 1}, {"removed_by_players": {
    2: 45, 3: 10, 4: 7, 5: 3, 6: 0}}])
def test_the_example_view_holds_for_card_data_with_less(changes):
    # pack_limit 1: the example put 3 maps in a pack, a view the hint refused; 45 maps
    # removed: "internal fault: IndexError: pop from empty list"
    import dataclasses

    import cards_data
    from games import load

    data = dataclasses.replace(cards_data.load("ancients"), **changes)
    game = load("ancients", data=data)
    view = game.example_view()
    state, seat = game.state_from_view(view, 0)
    assert state.legal_moves() and len(view["seats"][0]["pack"]) <= data.pack_limit


# --- the rulebook read line by line (rules23 audit) -------------------------------------------

def test_the_rulebooks_setup_example_adds_d2_a3_black_and_b5_c5_white():
    # "The four cards in the setup above have added four tokens to the board: D2 and A3 in
    # black, and B5 and C5 in white." (maps 3, 19, 35, 16 name those spaces and colours)
    state = new_game([3, 19, 35, 16])
    assert state.board_rows() == [".....", "...B.", "B....", ".....", ".WW.."]
    assert state.shop_tokens == [False] * 4
    assert shop_cards(state) == [19, 3, 16, 35]  # 6, 6 (19 newer), 4, 4 (16 newer) points


def test_a_refill_is_sorted_as_the_setup_is_newer_counting_larger_on_ties():
    # "Throughout the game, all map cards added into the shops will be sorted in the same way."
    state = new_game([1, 12, 15, 29], deck=[21, 2])  # 3, 2, 2, 1 points
    play(state, Rest("money"))  # 12 (the 1-shop) goes; 21 (2 points) is the newest 2
    assert shop_cards(state) == [1, 21, 29, 15]


def test_a_refill_token_may_land_in_the_shop_just_bought_from():
    # tokens belong to the shops: the buyer takes the $4 shop's token, and the refill's
    # token goes to the largest shop without one, that same $4 shop
    state = new_game([9, 21, 32, 40], deck=[42, 3, 2])  # $4 and $3 shops hold tokens
    play(state, Rest("money"))  # 42 adds a white token on D2
    assert board_at(state, "D2") == "W"
    play(state, Market(buy=4))  # seat 1 takes the $4 token; 3 removes D2's token
    assert state.sand[1] == 2 and board_at(state, "D2") == "."
    assert state.shop_tokens == [True, True, False, False]


def test_a_sale_alone_ends_the_turn_without_touching_the_market():
    state = new_game([1, 12, 15, 29], deck=[11, 2])
    state.artifacts[0] = [11]
    market, tokens, deck = list(state.market), list(state.shop_tokens), list(state.deck)
    state.apply(Market(sell=11))
    assert state.current_player() == 1 and not state.drawing
    assert state.money[0] == 4 + 7 and state.artifacts[0] == []
    assert (state.market, state.shop_tokens, state.deck) == (market, tokens, deck)


def test_one_find_can_lead_to_another_on_the_same_turn():
    # "flipping one pattern can lead to another": W/B/W found flips to B/W/B, which is map
    # 47 (BWB) turned 90 degrees; finding that flips it back
    state = new_game([1, 12, 15, 29], deck=[11, 2])
    state.occupied = state.black = 0
    state.pack[0] = [9, 47]
    stamp(state, 9, 0, "C1")
    assert [m for m in state.legal_moves() if isinstance(m, Find)] == [Find(9, 0, C("C1"))]
    play(state, Find(9, 0, C("C1")))
    assert [board_at(state, s) for s in ("C1", "C2", "C3")] == ["B", "W", "B"]
    assert [m for m in state.legal_moves() if isinstance(m, Find)] == [Find(47, 1, C("C1"))]
    play(state, Find(47, 1, C("C1")))
    assert [board_at(state, s) for s in ("C1", "C2", "C3")] == ["W", "B", "W"]
    assert sorted(state.artifacts[0]) == [9, 47] and state.to_move == 0
    play(state, END)
    assert state.to_move == 1 and state.score(0) == 2 + 2 + 0.5 * (4 + 1)


# --- views hold only positions of a game ----------------------------------------------------

def test_a_view_with_an_empty_shop_while_the_deck_lasts_is_refused():
    # a view whose $1 shop was empty with 23 cards in the deck was read, and the game went
    # on with three shops (every purchase and rest refills the market while the deck lasts)
    import copy
    view = copy.deepcopy(A.example_view(DATA))
    view["discard"].append(view["market"][3]["map"])
    view["market"][3]["map"] = None
    with pytest.raises(InvalidStateError, match=re.escape(
            "view: market: an empty shop while the deck holds 23 cards")):
        A.state_from_view(view, DATA, seed=0)


def test_a_view_in_the_final_round_may_have_empty_shops():
    state = dealt(3)
    while state.deck:
        play(state, Rest("money"))
    play(state, Market(buy=4))  # no refill in the final round: the $1 shop stands empty
    view = A.view_of(state, state.to_move)
    assert view["market"][3]["map"] is None and view["deck_size"] == 0
    world, _ = A.state_from_view(view, DATA, seed=0)
    assert shop_cards(world) == shop_cards(state)


def _played_turns(turns, players=2, seed=6):
    state = A.state_from_deal(A.make_deal(players=players, seed=seed, data=DATA), DATA)
    rng = make_rng(seed)
    for _ in range(turns):
        moves = [m for m in state.legal_moves() if isinstance(m, (Market, Rest))]
        play(state, moves[rng.randrange(len(moves))])
    return state


def test_a_view_carries_its_turn_number_and_a_view_without_one_makes_none_up():
    """A written position read as "turn 1" wherever it stood (the analysis board's table
    of a view taken at turn 6): the view of a position reached by play says its turn, and
    a view that does not say it has no turn number."""
    state = _played_turns(5)
    view = A.view_of(state, state.to_move)
    assert view["turn"] == 6
    world, seat = A.state_from_view(view, DATA, seed=0)
    assert world.turns == 5 and A.view_of(world, seat)["turn"] == 6
    assert A.describe_position(world, seat)[0] == "Tomb of the Ancients, 2 players, turn 6"
    unsaid = {k: v for k, v in view.items() if k != "turn"}
    world, seat = A.state_from_view(unsaid, DATA, seed=0)
    assert A.describe_position(world, seat)[0] == "Tomb of the Ancients, 2 players"
    assert "turn" not in A.view_of(world, seat)
    # (a constructed example is no game's turn; the first turn of a deal is turn 1)
    assert "turn" not in A.example_view(DATA)
    assert A.view_of(_played_turns(0), 0)["turn"] == 1


@pytest.mark.parametrize("turn, message", [
    (5, "view: turn: turn 5 is seat 1's (seat 1 plays turn 1), not seat 0's"),
    (4, "view: turn: turn 4 is too early: 5 cards came from the deck since setup, "
        "at most one a turn"),
    (0, "view: turn: must be at least 1"),
    (True, "view: turn: expected an integer, got a boolean"),
])
def test_a_turn_no_game_reaches_is_refused(turn, message):
    state = _played_turns(5)
    assert state.to_move == 0 and state.first == 1
    view = {**A.view_of(state, 0), "turn": turn}
    with pytest.raises(InvalidStateError, match=re.escape(message)):
        A.state_from_view(view, DATA, seed=0)
