"""Rules of Silver & Gold: Pyramids, one test (or more) per rule and per decision."""

from __future__ import annotations

import hashlib
import random
import re

import pytest

import cards_data
from cards_data.pyramids import PyramidCard
from games.errors import IllegalMoveError, InvalidMoveError, InvalidStateError
from games.protocol import CHANCE, listing, resolve_chance
from games.pyramids import (
    PASS, Cross, Keep, Reveal, Take, crossing_options, final_score, make_deal, parse_move,
    parse_text, replacement_order, state_from_deal, state_from_view, update_skulls,
)
from games.pyramids.moves import why_illegal
from games.pyramids.rules import pattern_options, shape_masks
from grids.cells import cell_name, cells_of, mask_of, parse_cell
from grids.polyomino import SHAPES, orbit

DATA = cards_data.load("pyramids")


def cells(*names) -> int:
    return mask_of(parse_cell(n) for n in names)


def view(cards, shape="domino", *, players=1, score=None, completed=(), others=(), round_=1,
         revealed=None, display=None):
    """A valid player view around the given ``(order, crossed cell names)`` cards."""
    used = {o for o, _ in cards} | set(completed)
    for other in others:
        used |= {c["order"] for c in other["cards"]} | set(other.get("completed", []))
    free = [c.order for c in DATA.cards if c.order not in used]
    display = free[:4] if display is None else display
    v = {"game": "pyramids", "players": players, "seat": 0, "round": round_,
         "revealed": revealed or [shape],
         "cards": [{"order": o, "crossed": list(x)} for o, x in cards],
         "completed": list(completed),
         "score_card": _with_gems(cards, score or {}),
         "display": display, "deck_size": 48 - len(used) - len(display),
         "others": [{**o, "score_card": _with_gems([(c["order"], c["crossed"])
                                                      for c in o["cards"]],
                                                     o.get("score_card", {}))}
                    for o in others]}
    return v


def _with_gems(cards, score):
    """``score`` with the gems the ``(order, crossed)`` cards show crossed (each is on the
    score card at once: a view refuses fewer), where the test sets none itself."""
    gems = {f"{icon}s": min(DATA.gems_per_colour,
                            sum(bin(cells(*x) & DATA.card(o).icons[icon]).count("1")
                                for o, x in cards))
            for icon in ("red_gem", "green_gem")}
    return {**{k: n for k, n in gems.items() if n}, **score}


def world(*args, **kwargs):
    state, seat = state_from_view(view(*args, **kwargs), DATA, 0)
    return state


PATH6 = ["A1", "B1", "B2", "C2", "D2", "E2", "E3", "E4"]  # card 6: one box from its tomb E5
PATH24 = ["A1", "B1", "C1", "D1", "D2", "D3", "D4"]  # card 24: E4 red cross, then tomb E5


# --- scoring ---------------------------------------------------------------------------

def test_worked_example_scores_111():
    """Linus: 7 cards (70), torches in rounds 1 and 4 (10), 19 pyramid points, 3 pairs and
    3 single red gems (18), worst skull -6: 111."""
    assert final_score(torches=2, pyramid_points=19, red=6, green=3, skull_penalty=6,
                       completed=7) == 111
    state = world([(1, []), (2, [])])
    seat = state.seats[0]
    seat.completed = [3, 4, 6, 9, 10, 11, 12]  # 1 purple... any 7 cards
    seat.torches = [True, False, False, True]
    seat.pyramid = [("green", 10), ("orange", 6), ("green", 3)]
    seat.red, seat.green = 6, 3
    seat.skulls = DATA.skull_penalties.index(6) + 1
    assert state.breakdown(0) == {"cards": 70, "torches": 10, "pyramid": 19, "gems": 18,
                                  "skulls": -6, "total": 111}


def test_gem_tracks_cap_at_ten():
    # card 10: A2 red gem; crossing A1,A2 adds one red gem to a track already at 10
    state = world([(10, []), (2, [])], score={"red_gems": 10, "green_gems": 9})
    state.apply(parse_move(state, "10:A1,A2"))
    assert state.seats[0].red == 10


def test_torch_only_once_per_round_and_in_its_own_slot():
    state = world([(15, []), (2, [])], round_=2, score={"torches": [2]})  # card 15: B1 torch
    state.apply(parse_move(state, "15:A1,B1"))
    assert state.seats[0].torches == [False, True, False, False]
    state = world([(15, []), (2, [])], round_=3)
    state.apply(parse_move(state, "15:A1,B1"))
    assert state.seats[0].torches == [False, False, True, False]


def test_skull_track_counts_worst_potion_wipes_two_and_track_refills():
    assert update_skulls(3, 0, 1) == 1  # the two worst wiped
    assert update_skulls(1, 0, 1) == 0  # only one to wipe
    assert update_skulls(10, 2, 0) == 10  # the track is full: more do not count
    assert update_skulls(4, 1, 1) == 3  # skulls of the action first, then the potion
    assert update_skulls(update_skulls(5, 0, 1), 1, 0) == 4  # wiped boxes are free again
    state = world([(6, []), (2, [])], score={"skulls": 4})  # card 6: B1 skull
    state.apply(parse_move(state, "6:A1,B1"))
    assert state.seats[0].skulls == 5
    assert state.breakdown(0)["skulls"] == -DATA.skull_penalties[4]


def test_potion_in_engine_wipes_two():
    state = world([(26, []), (2, [])], score={"skulls": 3})  # card 26: B1 potion
    state.apply(parse_move(state, "26:A1,B1"))
    assert state.seats[0].skulls == 1


# --- connection rule -------------------------------------------------------------------

def test_first_crossing_holds_the_entrance_of_that_card():
    state = world([(1, []), (2, [])], "L4")
    for move in state.legal_moves():
        card = DATA.card(move.card)
        assert move.cells >> card.entrance & 1


def test_each_card_is_its_own_path():
    # card 9 is started; card 2 is empty: crossings on card 2 still need its entrance,
    # crossings on card 9 must touch card 9's crossed boxes
    state = world([(9, ["A1", "A2"]), (2, [])], "I3")
    for move in state.legal_moves():
        card = DATA.card(move.card)
        if move.card == 2:
            assert move.cells >> card.entrance & 1
        else:
            grown = cells("A1", "A2")
            assert any(n in cells_of(grown) for c in cells_of(move.cells)
                       for n in __import__("grids").NEIGHBOURS[c])
    assert "9:C1,D1,E1" not in {str(m) for m in state.legal_moves()}  # does not touch


def test_pattern_in_every_rotation_and_mirror_and_golden_counts():
    open_card = PyramidCard(99, "green", ("E....", ".....", ".....", ".....", "....T"))
    for shape in SHAPES:
        expected = {m for m in __import__("grids").placements(SHAPES[shape], mirrors=True)
                    if m & 1}
        assert set(pattern_options(open_card, 0, shape)) == expected
    assert len(orbit(SHAPES["L4"], mirrors=True)) == 8
    # golden counts of legal actions on two fresh cards (pattern or one box, either card)
    state = world([(1, []), (2, [])], "L4")
    assert len(state.legal_moves()) == 4  # hand-checked: one L4 per card + two entrances
    state = world([(9, ["A1", "A2"]), (2, [])], "T4")
    assert len(state.legal_moves()) == 5  # hand-checked: 2 T4 placements, B2, A3, 2:A1


def test_single_box_alternative_always_offered():
    state = world([(9, ["A1", "A2"]), (2, [])], "O4")
    texts = {str(m) for m in state.legal_moves()}
    assert {"9:A3", "9:B2", "2:A1"} <= texts


def test_crossings_never_on_walls_or_crossed_boxes():
    state = world([(9, ["A1", "A2", "B2"]), (2, [])], "I3")
    for move in state.legal_moves():
        card = DATA.card(move.card)
        crossed = cells("A1", "A2", "B2") if move.card == 9 else 0
        assert not move.cells & (card.walls | crossed)


# --- red crosses -----------------------------------------------------------------------

def test_red_cross_forces_an_extra_box_on_either_card():
    state = world([(7, []), (2, [])], "domino")  # card 7: B1 red cross
    texts = {str(m) for m in state.legal_moves()}
    assert "7:A1,B1" not in texts  # the extra box is compulsory
    assert {"7:A1,B1 +7:C1", "7:A1,B1 +7:B2", "7:A1,B1 +2:A1"} <= texts


def test_red_cross_extras_chain():
    card = PyramidCard(99, "green", ("Exx..", ".....", ".....", ".....", "....T"))
    finals = {f[0] for s, m, f in crossing_options([card, None], [0, 0], "domino")
              if m == cells("A1", "B1")}
    assert cells("A1", "B1", "A2") in finals  # a plain extra ends the chain
    assert cells("A1", "B1", "C1") not in finals  # C1 is a red cross: one more box
    assert cells("A1", "B1", "C1", "D1") in finals


def test_red_cross_with_no_legal_box_left_lapses():
    card = PyramidCard(99, "green", ("Ex###", "#####", "#####", "#####", "####T"))
    options = crossing_options([card, None], [0, 0], "domino")
    assert (0, cells("A1", "B1"), (cells("A1", "B1"), 0)) in options


# --- completing cards ------------------------------------------------------------------

def test_tomb_completes_two_cards_replacements_in_order_display_refilled_at_the_end():
    state = world([(24, PATH24), (6, PATH6)], "domino")
    move = parse_move(state, "24:E4,E5 +6:E5")  # E4 red cross: the extra completes card 6
    state.apply(move)
    seat = state.seats[0]
    assert seat.completed == [6, 24] and seat.hand == [None, None]
    assert state.phase == "take" and [t[0] for t in state.takes] == [6, 24]
    display = list(state.display)
    state.apply(Take(display[0]))
    assert len(state.display) == 3  # not refilled between the two picks
    top = state.deck[0]
    state.apply(Take(0))
    assert sorted(seat.hand) == sorted([display[0], top])
    assert len(state.display) == 4 and state.display[:3] == display[1:]


def test_the_display_is_refilled_before_the_next_seat_replaces():
    # "Only refill the display to 4 cards at the end of your action": seat 0's action
    # ends with its replacement, so seat 1 chooses from a full display (it chose from three)
    state = _two_player()
    state.apply(parse_move(state, "6:E5"))
    state.apply(parse_move(state, "24:E5"))
    assert state.phase == "take" and state.to_move == 0
    display, top = list(state.display), state.deck[0]
    state.apply(Take(display[0]))
    assert state.to_move == 1 and state.display == display[1:] + [top]
    assert Take(top) in state.legal_moves()


def _both_then_seat_1():
    """Seat 0 completes 6 and 24, seat 1 completes 10: the step's takes."""
    path10 = ["A1", "A2", "A3", "A4", "A5", "B5", "C5"]  # card 10: D5 and its tomb E5 left
    other = {"seat": 1, "cards": [{"order": 10, "crossed": path10},
                                  {"order": 3, "crossed": []}],
             "completed": [], "score_card": {}}
    state = world([(24, PATH24), (6, PATH6)], "domino", players=2, others=[other])
    state.apply(parse_move(state, "24:E4,E5 +6:E5"))
    state.apply(parse_move(state, "10:D5,E5"))
    return state


def test_a_seat_replaces_both_its_cards_in_one_action():
    # "If you have the lowest order number, you replace your card first" and "make this
    # choice again to replace the 2nd": seat 0 completes 6 and 24, seat 1 completes 10;
    # seat 0 (lowest number 6) replaces both, then the display is refilled, then seat 1
    state = _both_then_seat_1()
    assert state.phase == "take"
    assert [(order, seat) for order, seat, _ in state.takes] == [(6, 0), (24, 0), (10, 1)]
    display = list(state.display)
    state.apply(Take(display[0]))
    assert state.to_move == 0 and state.display == display[1:]  # no refill inside an action
    state.apply(Take(display[1]))
    assert state.to_move == 1 and len(state.display) == 4  # refilled before seat 1
    assert state.display[:2] == display[2:]


def test_the_words_at_a_take_follow_the_seat_by_seat_order():
    # play said "you completed a card: replace it" at each of seat 0's two takes, and
    # nothing of the display refilled before seat 1 took from it
    from games.pyramids.table import describe_decision, describe_event
    state = _both_then_seat_1()
    assert describe_decision(state, 0) == (
        "you completed card 6: replace it with a card of the display or the top card of the "
        "deck; then card 24, before the display is refilled")
    first = Take(state.display[0])
    assert describe_event(state, first, 0) == f"you took card {first.card} from the display"
    state.apply(first)
    assert describe_decision(state, 0) == (
        "you completed card 24: replace it with a card of the display or the top card of the "
        "deck")
    # (the card drawn named, face up in front of its taker: it said only "the top card")
    assert describe_event(state, Take(0), 1) == (
        f"seat 0 took card {state.deck[0]}, the top card of the deck; the display is "
        f"refilled")
    state.apply(Take(0))
    assert describe_decision(state, 1).startswith("you completed card 10: replace it")


def test_replacement_order_groups_a_seats_completions():
    assert replacement_order([(6, 0, 1), (10, 1, 0), (24, 0, 0)]) == [
        (6, 0, 1), (24, 0, 0), (10, 1, 0)]
    assert replacement_order([(3, 2, 0), (5, 1, 1), (7, 2, 1), (9, 1, 0)]) == [
        (3, 2, 0), (7, 2, 1), (5, 1, 1), (9, 1, 0)]
    assert replacement_order([]) == []


def test_pyramid_points_solo_own_second_fourth_sixth():
    state = world([(6, PATH6), (2, [])], "I3", completed=[9])  # 9 and 6 are green
    state.apply(parse_move(state, "6:E5"))
    assert state.seats[0].pyramid == [("green", 10)]
    state = world([(6, PATH6), (2, [])], "I3", completed=[9, 10, 15],
                  score={"pyramid_points": [["green", 10]]})
    state.apply(parse_move(state, "6:E5"))
    assert state.seats[0].pyramid == [("green", 10), ("green", 6)]


def _two_player(shape="I3", completed0=(9,), completed1=(10,)):
    other = {"seat": 1, "cards": [{"order": 24, "crossed": PATH24 + ["E4"]},
                                  {"order": 3, "crossed": []}],
             "completed": list(completed1), "score_card": {}}
    return world([(6, PATH6), (2, [])], shape, players=2, completed=completed0, others=[other])


def test_simultaneous_completions_replace_and_score_in_order_number():
    state = _two_player()
    state.apply(parse_move(state, "6:E5"))
    assert state.phase == "cross" and state.to_move == 1
    state.apply(parse_move(state, "24:E5"))
    # both reached their 2nd green card; card 6 < card 24: seat 0 scores 10, seat 1 gets 6
    assert state.seats[0].pyramid == [("green", 10)]
    assert state.seats[1].pyramid == [("green", 6)]
    assert state.phase == "take" and state.to_move == 0
    state.apply(state.legal_moves()[0])
    assert state.to_move == 1


def test_pyramid_points_run_out_after_three_tiers():
    state = _two_player()
    state.tiers["green"] = 3
    state.apply(parse_move(state, "6:E5"))
    state.apply(parse_move(state, "24:E5"))
    assert state.seats[0].pyramid == [] and state.seats[1].pyramid == []


PATH3 = ["A1", "A2", "A3", "A4", "A5", "B5", "C5", "C4", "D4", "E4"]  # card 3 (purple)
PATH15 = ["A1", "B1", "C1", "D1", "D2", "D3", "E3", "E4"]  # card 15 (green)
PATH33 = ["A1", "B1", "C1", "D1", "E1", "E2", "E3", "E4"]  # card 33 (green)


def _seat_1(card, crossed, completed, score=None):
    """Seat 1 of a view: ``card`` crossed up to its tomb, and card 12 empty."""
    return {"seat": 1, "cards": [{"order": card, "crossed": crossed},
                                 {"order": 12, "crossed": []}],
            "completed": completed, "score_card": score or {}}


def test_worked_example_sarah_33_and_tim_15_take_the_6_then_the_3():
    # the rulebook: Sarah completes her 2nd pyramid of a colour (card 33), Tim his 4th
    # (card 15), the 10 of that colour is gone (Tim's); 15 < 33, so Tim takes the 6 and
    # Sarah the 3, and no one earns points of that colour any more (the rulebook's colour
    # is purple; the reconstructed cards 33 and 15 are green)
    tim = _seat_1(15, PATH15, [9, 10, 6], {"pyramid_points": [["green", 10]]})
    state = world([(33, PATH33), (3, [])], "I3", players=2, completed=[24], others=[tim])
    state.apply(parse_move(state, "33:E5"))
    state.apply(parse_move(state, "15:E5"))
    assert state.seats[1].pyramid == [("green", 10), ("green", 6)]
    assert state.seats[0].pyramid == [("green", 3)]
    assert state.tiers["green"] == 3
    assert [(order, seat) for order, seat, _ in state.takes] == [(15, 1), (33, 0)]


def test_worked_example_linus_green_and_tim_purple_both_take_a_10():
    # the rulebook: Linus completes his 2nd green pyramid and Tim his 2nd purple one in the
    # same step: each crosses off the 10 of his colour, the others black it out
    tim = _seat_1(3, PATH3, [2])
    state = world([(6, PATH6), (33, [])], "I3", players=2, completed=[9], others=[tim])
    state.apply(parse_move(state, "6:E5"))
    state.apply(parse_move(state, "3:E5"))
    assert state.seats[0].pyramid == [("green", 10)]
    assert state.seats[1].pyramid == [("purple", 10)]
    assert state.tiers == {"green": 1, "orange": 0, "purple": 1}


@pytest.mark.parametrize("before, won, after", [
    ([], [], [10]),  # 0 -> 2 green in one step: the 2nd is reached once
    ([9], [], [10]),  # 1 -> 3: passes the 2nd
    ([9, 10], [10], [10, 6]),  # 2 -> 4
    ([9, 10, 15, 17, 18], [10, 6], [10, 6, 3]),  # 5 -> 7: passes the 6th
    ([9, 10, 15, 17, 18, 19], [10, 6, 3], [10, 6, 3]),  # 6 -> 8: no milestone, no points left
])
def test_two_cards_of_a_colour_in_one_step_pass_each_milestone_once(before, won, after):
    # solo, cards 6 and 24 (green) both completed by one crossing (24's E4 red cross puts
    # its extra box on 6's tomb): "whenever you have completed the 2nd, 4th, or 6th pyramid
    # of 1 colour"; the 8th is no milestone
    score = {"pyramid_points": [["green", p] for p in won]}
    state = world([(24, PATH24), (6, PATH6)], "domino", completed=before, score=score)
    state.apply(parse_move(state, "24:E4,E5 +6:E5"))
    assert state.seats[0].pyramid == [("green", p) for p in after]
    assert state.breakdown(0)["pyramid"] == sum(after)


def test_two_torches_in_one_action_cross_one_torch_box():
    # card 3: A3 a torch and A5 a red cross, whose extra box is card 15's torch B1: "you
    # can cross off multiple torches on your pyramid cards, but ... only 1 torch"
    state = world([(3, ["A1", "A2"]), (15, ["A1"])], "I3")
    state.apply(parse_move(state, "3:A3,A4,A5 +15:B1"))
    assert state.seats[0].torches == [True, False, False, False]
    assert state.breakdown(0)["torches"] == 5


def test_simultaneous_choices_are_hidden():
    state = _two_player()
    key = state.information_set_key(1)
    a, b = state.clone(), state.clone()
    a.apply(parse_move(a, "6:E5"))
    b.apply(parse_move(b, "2:A1"))
    assert a.information_set_key(1) == b.information_set_key(1)
    assert a.information_set_key(0) != b.information_set_key(0)
    assert key[0] == 1


def test_ties_go_to_lowest_completed_order_number():
    state = _two_player()
    for seat in state.seats:
        seat.red = seat.green = seat.skulls = 0
        seat.pyramid = []
    state.seats[0].completed = [30]
    state.seats[1].completed = [12]
    state.phase = "over"
    assert state.returns()[0] == state.returns()[1]
    assert state.winners() == [1]


def test_empty_deck_and_display_leave_the_slot_empty_then_pass():
    state = world([(6, PATH6), (2, [])], "I3")
    state.deck, state.display = [], []
    state.apply(parse_move(state, "6:E5"))
    assert state.seats[0].hand == [None, 2] and state.phase == "reveal"
    seat = state.seats[0]
    seat.hand = [None, None]
    state.apply(state.chance_outcomes()[0][0])
    assert state.legal_moves() == [PASS]


# --- setup, rounds, deals --------------------------------------------------------------

def test_setup_keeps_two_and_returns_two_to_the_deals_positions():
    deal = make_deal(players=2, seed=4, data=DATA)
    state = state_from_deal(deal, DATA)
    assert state.current_player() == 0 and len(state.legal_moves()) == 6
    k0 = Keep(tuple(deal["dealt"][0][:2]))
    k1 = Keep(tuple(deal["dealt"][1][2:]))
    state.apply(k0)
    assert state.phase == "keep" and state.to_move == 1
    state.apply(k1)
    queue = state.display + state.deck
    returned = deal["dealt"][0][2:] + deal["dealt"][1][:2]
    for card, pos in zip(returned, deal["return_positions"]):
        assert queue[pos] == card
    assert state.seats[0].hand == deal["dealt"][0][:2]
    assert len(queue) == 48 - 4
    assert len(state.display) == 4  # "reveal the top 4 pyramid cards ... the display"


def test_four_rounds_of_seven_of_eight_expedition_cards():
    deal = make_deal(players=1, seed=9, data=DATA)
    state = state_from_deal(deal, DATA)
    reveals = []
    rng = random.Random(0)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            (move, p), = state.chance_outcomes()
            assert p == 1.0
            reveals.append((state.round, move.shape))
            state.apply(move)
            continue
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    for r in range(4):
        shapes = [s for rr, s in reveals if rr == r]
        assert shapes == deal["expedition"][r][:7]


def test_deal_validation_names_the_problem():
    deal = make_deal(players=1, seed=1, data=DATA)
    bad = dict(deal, deck=deal["deck"][:-1] + [999])
    with pytest.raises(InvalidStateError, match="999"):
        state_from_deal(bad, DATA)
    with pytest.raises(InvalidStateError, match="return_positions"):
        state_from_deal(dict(deal, return_positions=[0, 0]), DATA)
    with pytest.raises(InvalidStateError, match="expedition"):
        state_from_deal(dict(deal, expedition=deal["expedition"][:2]), DATA)


# --- moves and views -------------------------------------------------------------------

def test_move_text_round_trips_and_errors():
    for text in ("keep 3,17", "take 12", "take deck", "reveal I3", "pass",
                 "7:A1,B1 +2:A1", "12:A1,A2,B2 +12:D4 +30:C3"):
        assert str(parse_text(text)) == text
    with pytest.raises(InvalidMoveError):
        parse_text("7:Z9")
    with pytest.raises(InvalidMoveError):
        parse_text("hello")
    with pytest.raises(InvalidMoveError, match="take what\\? `take deck`"):
        parse_text("take")  # (it said "card '' is not a number")
    for word in ("top", "display", "the deck"):  # (it said "card 'top' is not a number")
        with pytest.raises(InvalidMoveError, match="take what\\? `take deck`"):
            parse_text(f"take {word}")
    # (the cells as the board names them, however typed: it said "cell c1 twice")
    with pytest.raises(InvalidMoveError, match="'12:c1,c1': cell C1 twice$"):
        parse_text("12:c1,c1")
    with pytest.raises(InvalidMoveError, match="box, got '\\+2:A4,D5'$"):
        parse_text("12:b5 +2:a4,d5")
    state = world([(7, []), (2, [])], "domino")
    with pytest.raises(IllegalMoveError):
        parse_move(state, "7:A1,B1")  # the red cross's extra box is missing
    assert parse_move(state, "2:A1") == Cross(2, cells("A1"))


@pytest.mark.parametrize("mutate, message", [
    (lambda v: v["cards"][0].update(crossed=["B1"]), "wall"),
    (lambda v: v["cards"][0].update(crossed=["A1", "C1"]), "not one path"),
    (lambda v: v["cards"][0].update(order=77), "unknown card 77"),
    (lambda v: v.update(deck_size=3), "deck_size"),
    (lambda v: v.update(display=v["display"] + [1]), "more than one place"),
    (lambda v: v["score_card"].update(skulls=11), "skulls"),
    (lambda v: v["score_card"].update(torches=[3]), "torches"),
    (lambda v: v.update(revealed=["domino", "domino"]), "revealed"),
    (lambda v: v["score_card"].update(pyramid_points=[["green", 10]]), "milestone"),
])
def test_bad_views_are_refused(mutate, message):
    v = view([(9, ["A1"]), (2, [])])
    mutate(v)
    with pytest.raises(InvalidStateError, match=message):
        state_from_view(v, DATA, 0)


@pytest.mark.parametrize("mutate, message", [
    (lambda v: v.pop("game"), "view: missing key 'game'"),
    (lambda v: v.update(game="ancients"), "view: game: this is a document of 'ancients'"),
    (lambda v: v.update(actor=0), "view: unknown key 'actor'"),
    (lambda v: v["cards"][0].update(crosed=[]), "view: cards[0]: unknown key 'crosed'"),
    (lambda v: v["score_card"].update(gems=1), "view: score_card: unknown key 'gems'"),
    (lambda v: v.update(seat=True), "view: seat: expected an integer, got a boolean"),
    (lambda v: v.update(deck_size=True), "view: deck_size: expected an integer, got a boolean"),
    (lambda v: v["score_card"].update(red_gems=True), "score_card.red_gems: expected an integer"),
    (lambda v: v["score_card"].update(torches=[True]), "score_card.torches[0]: expected an integer"),
    (lambda v: v["score_card"].update(torches=[1, 1]), "torch is listed twice"),
    (lambda v: v["cards"][0].update(order=True), "cards[0].order: expected an integer"),
    (lambda v: v.update(display=[True]), "display[0]: expected an integer"),
    (lambda v: v["score_card"].update(pyramid_points=[["green", True]]),
     "pyramid_points[0][1]: expected an integer"),
])
def test_views_refuse_unknown_keys_missing_game_and_booleans_as_numbers(mutate, message):
    v = view([(9, ["A1"]), (2, [])], score={"torches": [1]})
    mutate(v)
    with pytest.raises(InvalidStateError, match=re.escape(message)):
        state_from_view(v, DATA, 0)


def test_other_seats_of_a_view_are_read_strictly():
    other = {"seat": 1, "cards": [{"order": 3, "crossed": []}, {"order": 4, "crossed": []}],
             "completed": [], "score_card": {}}
    assert world([(9, []), (2, [])], players=2, others=[other]).num_players == 2
    for change, message in (({"seat": 0}, "others[0].seat: seat 0 is described twice"),
                            ({"seat": False}, "others[0].seat: expected an integer"),
                            ({"hand": []}, "others[0]: unknown key 'hand'")):
        with pytest.raises(InvalidStateError, match=re.escape(message)):
            world([(9, []), (2, [])], players=2, others=[{**other, **change}])


@pytest.mark.parametrize("change, message", [
    ({"game": None}, "deal: game: expected a string, got null"),
    ({"players": True}, "deal: players: expected an integer, got a boolean"),
    ({"rounds": True}, "deal: rounds: expected an integer, got a boolean"),
    ({"seed": 1.5}, "deal: seed: expected an integer"),
    ({"shuffle": 1}, "deal: unknown key 'shuffle'"),
    ({"return_positions": [True, 1]}, "deal: return_positions[0]: expected an integer"),
])
def test_deals_are_read_strictly(change, message):
    deal = make_deal(players=1, seed=1, data=DATA)
    with pytest.raises(InvalidStateError, match=re.escape(message)):
        state_from_deal({**deal, **change}, DATA)
    missing = dict(deal)
    del missing["game"]
    with pytest.raises(InvalidStateError, match="deal: missing key 'game'"):
        state_from_deal(missing, DATA)


def test_a_pattern_that_fits_nowhere_leaves_the_single_box():
    # O4 cannot hold the entrance of card 7 or card 5 (walls below/next to it)
    state = world([(7, []), (5, [])], "O4")
    assert [str(m) for m in state.legal_moves()] == ["7:A1", "5:A1"]


def test_moves_repr_as_their_parser_call_and_foreign_values_are_refused():
    import games.pyramids as engine

    state = state_from_deal(make_deal(players=2, seed=5, data=DATA), DATA)
    seen = []
    rng = random.Random(5)
    while not state.is_terminal() and len(seen) < 200:
        if state.current_player() == CHANCE:
            move = state.chance_outcomes()[0][0]
        else:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
            with pytest.raises(IllegalMoveError):
                state.clone().apply(Reveal("I3"))  # a chance move at a decision
        seen.append(move)
        state.apply(move)
    for move in seen:
        assert repr(move) == f"{type(move).__name__}.from_text({str(move)!r})"
        assert eval(repr(move), vars(engine)) == move
    with pytest.raises(InvalidMoveError, match="not a Keep move"):
        Keep.from_text("take deck")
    for foreign in (object(), "pass", Take(3)):
        with pytest.raises(IllegalMoveError):
            state_from_deal(make_deal(players=1, seed=1, data=DATA), DATA).apply(foreign)


def test_digest_of_every_placement_of_every_pattern_on_every_card():
    """The exhaustive table: per card and expedition pattern, every placement (rotations
    and mirrors) on open boxes, and those a first crossing may use (holding the entrance).
    A change of the geometry, the pattern generator or the card data changes the digest."""
    lines, fitting, first = [], 0, 0
    for card in DATA.cards:
        for shape in sorted(set(DATA.expedition_deck)):
            fits = sorted(m for m in shape_masks(shape) if not m & card.walls)
            starts = sorted(pattern_options(card, 0, shape))
            fitting, first = fitting + len(fits), first + len(starts)
            lines.append(f"{card.order} {shape} " + " ".join(f"{m:07x}" for m in fits)
                         + " | " + " ".join(f"{m:07x}" for m in starts))
    text = "\n".join(lines) + "\n"
    assert (fitting, first) == (4281, 304)
    assert hashlib.sha256(text.encode()).hexdigest() == (
        "5c192652e9c7c84b7e77e828c70bec90e3df5a19a53361186fb2f4e176e8e49d")


# --- a refused move says why -------------------------------------------------------------

def dealt(seed, *moves, players=1):
    """The position of the deal of ``seed`` after ``moves`` (its chance steps played)."""
    state = state_from_deal(make_deal(players=players, seed=seed, data=DATA), DATA)
    for text in moves:
        resolve_chance(state, random.Random(0))
        state.apply(parse_move(state, text))
    resolve_chance(state, random.Random(0))
    return state


# seed 1, solo: cards 10 and 46 kept; card 10 has a wall at B1 and a red cross at E3,
# card 46 its entrance at A1; the first expedition card is L3, the second L4
KEPT = ("keep 10,46",)
ONE_PATTERN = KEPT + ("10:A1,A2,B2",)


@pytest.mark.parametrize("moves, typed, why", [
    ((), "keep 3,10", "card 3 was not dealt to you (dealt: 10, 16, 45, 46)"),
    ((), "keep 10", "keep 2 of your 4 dealt cards, not 1"),
    ((), "10:A1", "setup first: keep 2 of the 4 cards dealt to you"),
    (KEPT, "12:A1", "card 12 is not in front of you (yours: 10, 46)"),
    (KEPT, "10:A1,B1,B2", "B1 is a wall on card 10"),
    (KEPT, "10:A1,A2", "the L3 pattern covers 3 boxes, not 2"),
    (KEPT, "10:A1,A2,A3", "these boxes are not the L3 pattern in any rotation or mirror"),
    (KEPT, "46:A2", "the first box of card 46 must be its entrance (A1)"),
    (KEPT, "pass", "pass only when no card is in front of you"),
    (KEPT, "take deck", "no completed card to replace now"),
    (ONE_PATTERN, "10:A2", "A2 is crossed already on card 10"),
    (ONE_PATTERN, "10:C3", "C3 does not touch a crossed box of card 10"),
    (ONE_PATTERN, "10:D2,E2,E3,E4 +10:E5", "these boxes do not touch a crossed box of card 10"),
    (ONE_PATTERN, "46:A3,A4,A5,B5", "the first pattern on card 46 must cover its entrance (A1)"),
    (ONE_PATTERN, "10:C2,D2,E2,E3",
     "E3 is a red cross: cross an extra box with it, written +CARD:CELL"),
    (ONE_PATTERN, "10:C2,D2,E2,E3 +46:B1", "the first box of card 46 must be its entrance (A1)"),
    (ONE_PATTERN, "10:C2,D2,E2,E3 +10:E4 +10:E5", "E3 is a red cross: 1 extra box owed, not 2"),
    (ONE_PATTERN, "10:B3 +10:C3", "card 10: B3 crosses no red cross, so no extra box"),
    (ONE_PATTERN, "keep 10,46", "the cards were kept at setup"),
])
def test_a_refused_move_says_the_first_rule_it_breaks(moves, typed, why):
    state = dealt(1, *moves)
    with pytest.raises(IllegalMoveError) as refused:
        parse_move(state, typed)
    assert str(refused.value).startswith(f"move {typed!r} is not legal here: {why}")


def test_a_refused_take_says_what_the_display_holds():
    rng = random.Random(3)
    state = dealt(1, "keep 10,46")
    while state.phase != "take":
        state.apply(rng.choice(state.legal_moves()))
        resolve_chance(state, rng)
    absent = next(order for order in range(1, 49) if order not in state.display)
    with pytest.raises(IllegalMoveError, match=f"card {absent} is not in the display "
                                               r"\(display: \d+"):
        parse_move(state, f"take {absent}")
    with pytest.raises(IllegalMoveError, match="replace your completed card .* first"):
        parse_move(state, "pass")


def _refusable_texts(state, rng):
    """Parseable move texts near the legal ones (a box changed, an extra box dropped or
    added, another card), and a few made up: most of them refused."""
    hand = [c for c in state.seats[state.to_move].hand if c] + [rng.randint(1, 48)]
    crosses = [m for m in state.legal_moves() if isinstance(m, Cross)]
    texts = [f"keep {rng.randint(1, 48)},{rng.randint(1, 48)}", f"take {rng.randint(1, 48)}",
             "take deck", "pass",
             f"{rng.choice(hand)}:" + ",".join(cell_name(c) for c in rng.sample(range(25), 3))]
    for move in rng.sample(crosses, min(4, len(crosses))):
        boxes = [cell_name(c) for c in cells_of(move.cells)]
        extras = [f"+{card}:{cell_name(c)}" for card, c in move.extras]
        boxes[rng.randrange(len(boxes))] = cell_name(rng.randrange(25))
        texts.append(f"{move.card}:{','.join(dict.fromkeys(boxes))} {' '.join(extras)}")
        extras = extras[1:] if extras else [f"+{rng.choice(hand)}:{cell_name(rng.randrange(25))}"]
        texts.append(f"{rng.choice(hand)}:{','.join(cell_name(c) for c in cells_of(move.cells))} "
                     + " ".join(extras))
    return texts


def test_every_refusal_is_one_line_with_its_reason_and_the_legal_moves():
    """Random positions of seeded deals, random parseable moves: a refused one is one line,
    today's refusal, the rule it breaks, then the legal moves; no legal move has a reason."""
    rng = random.Random(11)
    refused = 0
    for seed in range(8):
        state = dealt(seed, players=1 + seed % 3)
        while not state.is_terminal():
            legal = state.legal_moves()
            for move in rng.sample(legal, min(3, len(legal))):
                assert why_illegal(state, move) is None, move
            for text in _refusable_texts(state, rng):
                if parse_text(text) in legal:
                    continue
                with pytest.raises(IllegalMoveError) as error:
                    parse_move(state, text)
                message = str(error.value)
                refused += 1
                assert "\n" not in message
                assert message.startswith(f"move {text.strip()!r} is not legal here: ")
                assert message.endswith(f" (legal: {listing(legal)})")
                assert why_illegal(state, parse_text(text)) in message
            state.apply(rng.choice(legal))
            resolve_chance(state, rng)
    assert refused > 1000


def test_only_the_replacements_after_the_last_expedition_card_are_moot():
    """The rules take a replacement whenever a card completes (action 3 comes before the
    end of the round), the last step too: the engine asks for it, and ``moot_decision``
    says that one changes nothing (uncompleted cards score nothing) so that play need not
    ask; every earlier replacement is a real decision."""
    from games.pyramids import moot_decision
    state = state_from_deal(make_deal(players=1, seed=6, data=DATA), DATA)
    seen = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        if state.phase == "take":
            seen.append((state.round, state.step, moot_decision(state)))
        else:
            assert moot_decision(state) is None
        state.apply(state.legal_moves()[0])
    *earlier, last = seen
    assert earlier and all(moot is None for *_, moot in earlier)
    assert last[:2] == (3, 7) and last[2] is not None
