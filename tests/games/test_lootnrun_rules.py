"""Loot N Run: every rule of the sheet and every documented decision."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import cards_data
from games import lootnrun
from games.errors import IllegalMoveError, InvalidMoveError, InvalidStateError
from games.lootnrun import Awaken, Keep, Loot, Pass, Reshuffle, Run, score_rooms
from games.protocol import CHANCE, TERMINAL, resolve_chance

DATA = cards_data.load("lootnrun")
T = lootnrun.rules_for(DATA, 2)


def rooms(predicate, n=1, exclude=()):
    found = [i for i in range(len(T.ids)) if predicate(i) and i not in exclude]
    assert len(found) >= n
    return found[:n]


def state(players=3, seed=0):
    return lootnrun.state_from_deal(lootnrun.make_deal(players=players, seed=seed, data=DATA), DATA)


def empty_table(players=3):
    """A state with every room in the decks and seat 0 to move."""
    s = state(players)
    s.to_move = 0
    return s


def place(s, seat, chosen):
    """Move rooms from wherever they are to the front of ``seat``."""
    for r in chosen:
        for pile in (*s.decks, s.discard, *s.fronts):
            if r in pile:
                pile.remove(r)
        s.fronts[seat].append(r)


def with_treasures(pred):
    return lambda i: pred(T.treasures[i])


# --- scoring ------------------------------------------------------------------------------

def test_a_type_on_two_rooms_scores_double_but_never_triple():
    cup_rooms = rooms(with_treasures(lambda ts: "cup" in ts), 3)
    single = score_rooms(T, cup_rooms[:1])
    assert single == len(T.treasures[cup_rooms[0]])
    two = score_rooms(T, cup_rooms[:2])
    cups = 2
    others = Counter(k for r in cup_rooms[:2] for k in T.treasures[r] if k != "cup")
    expected = cups * 2 + sum(n * (2 if n >= 2 else 1) for n in others.values())
    assert two == expected
    three = score_rooms(T, cup_rooms)
    others3 = Counter(k for r in cup_rooms for k in set(T.treasures[r]) if k != "cup")
    symbols3 = Counter(k for r in cup_rooms for k in T.treasures[r])
    assert three == sum(symbols3[k] * (2 if (3 if k == "cup" else others3[k]) >= 2 else 1) for k in symbols3)


def test_cups_and_chests_double_in_the_same_run_and_three_rooms_only_double():
    """The sheet: "You can double more than one treasure type in a Run action (cups and
    chests, for instance), but a single treasure type cannot be tripled ... if it is on 3
    or 4 cards". Rooms 24, 49 and 30 of the bundled data, counted by hand."""
    a, b, c = (T.index[room_id] for room_id in (24, 49, 30))
    assert [T.treasures[r] for r in (a, b, c)] == [
        ("cup", "chest", "scarab"), ("cup", "chest", "crown"), ("cup", "chest", "crown")]
    assert score_rooms(T, [a]) == 3
    assert score_rooms(T, [a, b]) == 2 * 2 + 2 * 2 + 1 + 1  # cups, chests doubled: 10
    assert score_rooms(T, [a, b, c]) == 3 * 2 + 3 * 2 + 2 * 2 + 1  # not tripled: 17


def test_scoring_ignores_guardians_and_amulets():
    guard = rooms(lambda i: T.guardian[i] is not None)[0]
    assert score_rooms(T, [guard]) == len(T.treasures[guard])


# --- turn actions ----------------------------------------------------------------------------

def test_loot_is_forced_with_no_rooms_in_front():
    s = empty_table(3)
    assert s.legal_moves() == [Loot(0), Loot(1)]


def test_two_players_may_awaken_with_nothing_in_front():
    s = empty_table(2)
    place(s, 1, rooms(lambda i: True, 1))
    assert set(s.legal_moves()) == {Loot(0), Loot(1), Awaken(1)}


def test_awaken_needs_rooms_in_front_of_target_and_self_with_three_players():
    s = empty_table(3)
    place(s, 0, rooms(lambda i: True, 1))
    place(s, 2, rooms(lambda i: True, 1, exclude=s.fronts[0]))
    assert set(s.legal_moves()) == {Loot(0), Loot(1), Run(), Awaken(2)}


def test_loot_takes_the_top_room_and_passes_the_turn():
    s = empty_table(3)
    top = s.decks[1][-1]
    s.apply(Loot(1))
    assert s.fronts[0] == [top] and s.to_move == 1


def test_run_scores_and_discards():
    s = empty_table(3)
    mine = rooms(lambda i: True, 2)
    place(s, 0, mine)
    s.apply(Run())
    assert s.scores[0] == score_rooms(T, mine)
    assert s.fronts[0] == [] and sorted(s.discard) == sorted(mine)


def test_awakened_player_with_enough_amulets_escapes_and_scores():
    s = empty_table(3)
    amulet = rooms(lambda i: T.amulet[i])[0]
    guard = rooms(lambda i: T.guardian[i] is not None)[0]
    place(s, 0, rooms(lambda i: True, 1, exclude=(amulet, guard)))
    place(s, 1, [amulet, guard])
    s.apply(Awaken(1))
    assert s.scores[1] == score_rooms(T, [amulet, guard]) and s.scores[0] == 0
    assert s.fronts[1] == [] and s.to_move == 1


def caught(s, kinds):
    """Put guardians of ``kinds`` (no amulets) in front of seat 1."""
    chosen = [rooms(lambda i, k=k: T.guardian[i] == k)[0] for k in kinds]
    place(s, 1, chosen)
    return chosen


def test_mummy_scores_the_victims_rooms_for_the_awakener():
    s = empty_table(3)
    place(s, 0, rooms(lambda i: T.guardian[i] is None and not T.amulet[i], 1))
    victims = caught(s, ["mummy"])
    s.apply(Awaken(1))
    assert s.scores[0] == score_rooms(T, victims) and s.scores[1] == 0
    assert s.fronts[1] == [] and s.to_move == 1


def test_werewolf_draws_one_from_each_deck_and_keeps_a_choice():
    s = empty_table(3)
    place(s, 0, rooms(lambda i: T.guardian[i] is None and not T.amulet[i], 1))
    caught(s, ["werewolf"])
    tops = [s.decks[0][-1], s.decks[1][-1]]
    s.apply(Awaken(1))
    assert s.phase == "keep" and s.current_player() == 0 and s.drawn == tops
    assert s.legal_moves() == [Keep(False, False), Keep(True, False), Keep(False, True), Keep(True, True)]
    s.apply(Keep(False, True))
    assert tops[1] in s.fronts[0] and tops[0] in s.discard and s.to_move == 1


def test_frank_gives_one_extra_turn():
    s = empty_table(3)
    place(s, 0, rooms(lambda i: T.guardian[i] is None and not T.amulet[i], 1))
    caught(s, ["frank", "frank"])
    s.apply(Awaken(1))
    assert s.to_move == 0
    s.apply(Loot(0))
    assert s.to_move == 1  # only one extra turn, however many Franks


def test_the_extra_turn_is_told_as_franks():
    """The decision's words had "(a Frank gave you this extra turn)", but read the flag of
    a Frank turn still to come, spent before that turn: it was never said. Frank is named
    as the rule sheet and the awakening's line ("Frank gives you an extra turn") name him,
    without the article."""
    s = empty_table(3)
    place(s, 0, rooms(lambda i: T.guardian[i] is None and not T.amulet[i], 1))
    caught(s, ["frank"])
    assert "extra turn" not in lootnrun.describe_decision(s, 0)
    s.apply(Awaken(1))
    assert lootnrun.describe_decision(s, 0).startswith(
        "your turn (Frank gave you this extra turn): loot")
    s.apply(Run())
    assert "extra turn" not in lootnrun.describe_decision(s, 1)


def test_a_view_of_franks_extra_turn_says_so():
    """`play` said "your turn (Frank gave you this extra turn)"; the view of that moment
    had no field for it, and a world read back from it said only "your turn". The view
    writes ``"frank_turn": true`` then (in both forms), and only then: every other view's
    JSON is as before."""
    s = empty_table(3)
    place(s, 0, rooms(lambda i: T.guardian[i] is None and not T.amulet[i], 1))
    caught(s, ["frank"])
    s.front_epochs = [[0] * len(front) for front in s.fronts]  # (placed: no reshuffle yet)
    before = lootnrun.view_of(s, 0)
    assert "frank_turn" not in before
    s.apply(Awaken(1))
    view = lootnrun.view_of(s, 0)
    assert view["frank_turn"] is True and lootnrun.position_of(s, 0)["frank_turn"] is True
    for form in (view, lootnrun.position_of(s, 0)):
        world, seat = lootnrun.state_from_view(json.loads(json.dumps(form)), DATA, 0)
        assert lootnrun.describe_decision(world, seat).startswith(
            "your turn (Frank gave you this extra turn): loot")
        assert lootnrun.view_of(world, seat)["frank_turn"] is True  # (written back)
        world.apply(Run())  # the turn is spent: the next seat's is its own
        assert "extra turn" not in lootnrun.describe_decision(world, world.to_move)
    s.apply(Run())
    assert "frank_turn" not in lootnrun.view_of(s, 1)
    world, seat = lootnrun.state_from_view({**lootnrun.view_of(s, 1)}, DATA, 0)
    assert "extra turn" not in lootnrun.describe_decision(world, seat)


def test_benefits_resolve_mummy_then_werewolf_then_frank():
    s = empty_table(3)
    place(s, 0, rooms(lambda i: T.guardian[i] is None and not T.amulet[i], 1))
    caught(s, ["frank", "werewolf", "mummy"])
    s.apply(Awaken(1))
    assert s.scores[0] > 0 and s.phase == "keep"
    s.apply(Keep(True, True))
    assert s.to_move == 0  # Frank after the Werewolf


def test_the_sheets_example_one_amulet_against_a_werewolf_and_two_franks():
    """The rule sheet's example: 1 amulet and 3 guardians (1 Werewolf + 2 Franks). More
    guardians than amulets, so the player is caught (the amulet has no effect); the
    awakener gets the Werewolf, then Frank: draws 2 rooms and keeps 0, 1 or 2 of them,
    then plays one new turn of any action, and only one."""
    s = empty_table(3)
    place(s, 0, rooms(lambda i: T.guardian[i] is None and not T.amulet[i], 1))
    amulet = rooms(lambda i: T.amulet[i])
    werewolf = rooms(lambda i: T.guardian[i] == "werewolf")
    franks = rooms(lambda i: T.guardian[i] == "frank", 2)
    place(s, 1, amulet + werewolf + franks)
    tops = [s.decks[0][-1], s.decks[1][-1]]
    s.apply(Awaken(1))
    assert s.fronts[1] == [] and s.scores == [0, 0, 0]  # caught: no one scores (no Mummy)
    assert sorted(s.discard) == sorted(amulet + werewolf + franks)
    assert s.phase == "keep" and s.drawn == tops and s.current_player() == 0
    assert len(s.legal_moves()) == 4  # keep none, either one, or both
    s.apply(Keep(True, False))
    assert tops[0] in s.fronts[0] and tops[1] in s.discard
    assert s.current_player() == 0 and s.phase == "act"  # Frank: a new turn
    assert Run() in s.legal_moves() and Loot(0) in s.legal_moves()
    s.apply(Run())
    assert s.current_player() == 1  # one extra turn, though two Franks were revealed


def test_frank_extra_turn_comes_after_the_reshuffle_a_werewolf_draw_causes():
    """The Werewolf empties both decks: the decks are rebuilt when the action is over,
    then the awakener plays the extra turn Frank gave."""
    s = empty_table(3)
    place(s, 0, rooms(lambda i: T.guardian[i] is None and not T.amulet[i], 1))
    caught(s, ["werewolf", "frank"])
    s.discard.extend(s.decks[0][:-1] + s.decks[1][:-1])
    s.decks = [s.decks[0][-1:], s.decks[1][-1:]]
    s.apply(Awaken(1))
    s.apply(Keep(False, True))
    assert s.current_player() == CHANCE
    resolve_chance(s, random.Random(0))
    assert s.current_player() == 0 and s.decks[0] and s.decks[1]


def test_an_awakened_player_with_no_guardian_escapes_and_may_end_the_game():
    """0 amulets against 0 guardians is "equal to or more": the player escapes and scores
    as if running; reaching the target that way ends the game at once (the awakened seat
    ended it) and every seat scores what is in front."""
    s = empty_table(3)
    plain = rooms(lambda i: T.guardian[i] is None and not T.amulet[i] and score_rooms(T, [i]),
                  4)
    place(s, 0, plain[:1])
    place(s, 1, plain[1:3])
    place(s, 2, plain[3:])
    s.scores = [0, s.target - 1, 0]
    s.apply(Awaken(1))
    assert s.is_terminal() and s.ended_by == 1
    assert s.scores == [score_rooms(T, plain[:1]), s.target - 1 + score_rooms(T, plain[1:3]),
                        score_rooms(T, plain[3:])]
    assert s.winners() == [1]


def test_the_words_give_the_escape_rule_as_the_sheet_does():
    """"If the number of amulets is equal to or more than the number of guardians, the
    player escapes": the notation said "if their amulets match the guardians" and the
    decision "with as many amulets as guardians", both read as equal only."""
    words = dict(lootnrun.NOTATION)["awaken 2"]
    assert "if they show at least as many amulets as guardians" in words
    s = empty_table(3)
    place(s, 0, rooms(lambda i: True, 1))
    assert "with at least as many amulets as guardians they escape" in (
        lootnrun.describe_decision(s, 0))


def test_reaching_the_target_ends_the_game_and_everyone_scores_what_is_in_front():
    s = empty_table(3)
    mine = rooms(lambda i: True, 2)
    theirs = rooms(lambda i: True, 2, exclude=mine)
    place(s, 0, mine)
    place(s, 2, theirs)
    s.scores = [s.target - 1, 0, 5]
    s.apply(Run())
    assert s.is_terminal() and s.current_player() == TERMINAL
    assert s.scores[2] == 5 + score_rooms(T, theirs)
    assert s.legal_moves() == []


def test_mummy_reaching_the_target_drops_the_later_benefits():
    s = empty_table(3)
    place(s, 0, rooms(lambda i: T.guardian[i] is None and not T.amulet[i], 1))
    caught(s, ["mummy", "werewolf", "frank"])
    s.scores[0] = s.target - 1
    s.apply(Awaken(1))
    assert s.is_terminal() and s.drawn == []


def test_tied_players_share_the_victory():
    s = empty_table(3)
    s.scores = [40, 40, 10]
    s.finished = True
    assert s.winners() == [0, 1]


def test_six_players_play_to_thirty():
    assert state(6).target == 30 and state(5).target == 35


@pytest.mark.parametrize("players,ends", [(6, True), (5, False), (2, False)])
def test_thirty_points_end_the_game_with_six_players_only(players, ends):
    s = empty_table(players)
    mine = rooms(lambda i: score_rooms(T, [i]) > 0, 1)
    place(s, 0, mine)
    s.scores[0] = 30 - score_rooms(T, mine)
    s.apply(Run())
    assert s.scores[0] == 30 and s.is_terminal() == ends


def test_an_emptied_deck_is_rebuilt_from_the_other_deck_and_the_discards():
    s = empty_table(3)
    s.discard.extend(s.decks[0][:-1])
    s.decks[0] = s.decks[0][-1:]
    before = Counter(s.decks[0] + s.decks[1] + s.discard)
    s.apply(Loot(0))
    assert s.current_player() == CHANCE
    (outcome, p), = s.chance_outcomes()
    assert p == 1.0 and isinstance(outcome, Reshuffle)
    taken = s.fronts[0][-1]
    s.apply(outcome)
    assert s.discard == [] and abs(len(s.decks[0]) - len(s.decks[1])) <= 1
    before[taken] -= 1
    assert Counter(s.decks[0] + s.decks[1]) == +before
    assert s.current_player() == 1


def test_pass_only_when_nothing_can_be_drawn():
    s = empty_table(3)
    everything = [r for d in s.decks for r in d]
    s.decks = [[], []]
    s.fronts[1] = everything
    assert s.legal_moves() == [Pass()]


def test_two_players_with_nothing_to_draw_and_no_room_may_still_awaken_and_are_told_so():
    """Two players, both decks empty, no room in front of seat 0 but rooms in front of
    seat 1: awaken is the move (no pass). The decision said "nothing to draw and no room in
    front of you: pass", and a typed 'pass' was refused with "pass only when no room can be
    drawn and none lies in front of you", both true here."""
    from games.lootnrun.moves import why_illegal

    s = empty_table(2)
    everything = [r for d in s.decks for r in d]
    s.decks = [[], []]
    s.fronts[1] = everything[:-1]
    s.discard = everything[-1:]
    assert s.legal_moves() == [Awaken(1)]
    assert "pass" not in lootnrun.describe_decision(s, 0)
    assert why_illegal(s, Pass()) == ("you can still awaken: with 2 players you need no room "
                                      "in front of you to awaken")
    assert why_illegal(s, Run()) == "you have no room in front of you to run"  # (it said
    # "with none you must loot", with nothing to loot and an awakening open)
    s.decks = [everything[-1:], []]
    s.discard = []
    assert why_illegal(s, Run()) == "you have no room in front of you to run"  # (2 players)
    s = empty_table(3)  # three players: no room of your own, no awakening
    s.decks = [[], []]
    s.fronts[1] = everything[:-1]
    s.discard = everything[-1:]
    assert s.legal_moves() == [Pass()]
    assert lootnrun.describe_decision(s, 0) == ("nothing to draw and no room in front of you: "
                                                "pass")
    assert why_illegal(s, Run()) == "you have no room in front of you to run"
    s.decks = [everything[-1:], []]
    s.discard = []
    assert why_illegal(s, Run()) == "you have no room in front of you: with none you must loot"


# --- moves as text ---------------------------------------------------------------------------

def test_move_text_round_trips_and_bad_text_is_refused():
    s = empty_table(2)
    place(s, 0, rooms(lambda i: True, 1))
    place(s, 1, rooms(lambda i: True, 1, exclude=s.fronts[0]))
    for move in s.legal_moves():
        assert lootnrun.parse_move(s, str(move)) == move
    with pytest.raises(InvalidMoveError):
        lootnrun.parse_move(s, "dig")
    with pytest.raises(IllegalMoveError):
        lootnrun.parse_move(s, "awaken 0")


def test_text_that_is_no_move_lists_the_moves_of_the_decision():
    """'zz' listed every move of the game ("loot 0|1, run, awaken SEAT, keep
    none|0|1|both, pass") and 'loot 2' said only that it is no move: the decision's moves,
    and that there is no deck 2."""
    def refusal(s, text):
        with pytest.raises(InvalidMoveError) as refused:
            lootnrun.parse_move(s, text)
        return str(refused.value)

    s = empty_table(3)
    assert refusal(s, "zz") == "'zz' is not a Loot N Run move (moves: loot 0|1)"
    place(s, 0, rooms(lambda i: True, 1))
    place(s, 2, rooms(lambda i: True, 1, exclude=s.fronts[0]))
    assert refusal(s, "run 3") == ("'run 3' is not a Loot N Run move (moves: loot 0|1, run, "
                                   "awaken 2); did you mean `run`?")
    assert refusal(s, "loot 2") == "move 'loot 2': there is no deck 2 (decks 0 and 1)"
    assert refusal(s, "lot 0").endswith("; did you mean `loot 0`?")
    # (the moves carried apart, as a refusal's cards: the tracker lists those of any hand
    # another seat could hold without rewriting the message)
    with pytest.raises(InvalidMoveError) as refused:
        lootnrun.parse_move(s, "zz")
    assert refused.value.said == "'zz' is not a Loot N Run move"
    assert (refused.value.listed, refused.value.cards) == ("moves", ("loot 0|1", "run",
                                                                     "awaken 2"))


@pytest.mark.parametrize("players", [4, 2])
def test_golden_legal_move_counts_on_seeded_deals(players):
    counts = []
    for seed in range(5):
        s = state(players, seed)
        rng = random.Random(seed)
        for _ in range(12):
            resolve_chance(s, rng)
            moves = s.legal_moves()
            s.apply(moves[rng.randrange(len(moves))])
        resolve_chance(s, rng)
        counts.append(len(s.legal_moves()))
    assert counts == GOLDEN_COUNTS[players]


# checked by hand from the positions. 4 players: an empty front allows only the two loots;
# seed 4 has seat 3 holding rooms with all three opponents holding some: 2 loots + run + 3
# awakens. 2 players (awaken needs no room of your own): seeds 0 and 1 both seats hold
# rooms, 2 loots + run + awaken; seeds 2 and 4 the seat to move holds none and the other
# some, 2 loots + awaken; seed 3 neither holds any, the two loots
GOLDEN_COUNTS = {4: [2, 2, 2, 2, 6], 2: [4, 4, 3, 2, 3]}


# --- hidden information --------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 5])
def test_determinized_worlds_look_the_same_to_their_seat(players):
    for seed in range(6):
        s = state(players, seed)
        rng = random.Random(seed)
        for step in range(60):
            resolve_chance(s, rng)
            if s.is_terminal():
                break
            for seat in range(players):
                world = s.determinize(seat, random.Random(step))
                assert world.information_set_key(seat) == s.information_set_key(seat)
                everything = lambda x: sorted(  # noqa: E731
                    [r for d in x.decks for r in d] + x.discard + [r for f in x.fronts for r in f]
                    + [r for r in x.drawn if r is not None])
                assert everything(world) == list(range(len(T.ids)))
            moves = s.legal_moves()
            s.apply(moves[rng.randrange(len(moves))])


def test_determinization_varies_what_the_seat_cannot_see():
    s = state(3, 1)
    worlds = {tuple(s.determinize(0, random.Random(k)).decks[0][:-1]) for k in range(10)}
    assert len(worlds) > 1


# --- JSON deals and views ---------------------------------------------------------------------

def test_deal_json_round_trips_and_fixes_the_game():
    deal = lootnrun.make_deal(players=4, seed=3, data=DATA)
    assert json.loads(json.dumps(deal)) == deal
    a, b = lootnrun.state_from_deal(deal, DATA), lootnrun.state_from_deal(deal, DATA)
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(200):
        for st, rng in ((a, rng_a), (b, rng_b)):
            resolve_chance(st, rng)
        if a.is_terminal():
            break
        move = a.legal_moves()[rng_a.randrange(len(a.legal_moves()))]
        rng_b.randrange(len(b.legal_moves()))
        a.apply(move)
        b.apply(move)
    assert a.to_json() == b.to_json()


def test_view_of_a_state_loads_back_to_the_same_information_set():
    s = state(3, 2)
    rng = random.Random(2)
    for _ in range(15):
        resolve_chance(s, rng)
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
    resolve_chance(s, rng)
    seat = s.to_move
    view = lootnrun.view_of(s, seat)
    world, got = lootnrun.state_from_view(json.loads(json.dumps(view)), DATA, 0)
    assert got == seat and world.information_set_key(seat) == s.information_set_key(seat)
    for other in range(3):  # a view is for the seat to move: others are refused cleanly
        if other != seat:
            with pytest.raises(InvalidStateError, match="to_move: seat .* is to act"):
                lootnrun.state_from_view(lootnrun.view_of(s, other), DATA, 0)


@pytest.mark.parametrize("change,fragment", [
    (lambda v: v.update(players=9), "view: players"),
    (lambda v: v["my_rooms"].append(999), "my_rooms"),
    (lambda v: v["decks"][0].update(size=v["decks"][0]["size"] + 1), "rooms"),
    (lambda v: v["scores"].__setitem__(0, -1), "scores[0]"),
    (lambda v: v.update(phase="dance"), "view: phase"),
    (lambda v: v.update(to_move=(v["seat"] + 1) % 3), "view: to_move"),
    (lambda v: v.update(not_a_key=1), "unknown key 'not_a_key'"),
    (lambda v: v.update(extra_turn=1), "extra_turn: expected true or false"),
    (lambda v: v.update(frank_turn="yes"), "frank_turn: expected true or false"),
    (lambda v: v["scores"].__setitem__(0, True), "scores[0]: expected an integer"),
    (lambda v: v.pop("game"), "missing key 'game'"),
    (lambda v: v["front_backs"][(v["seat"] + 1) % 3].append("purple"), "front_backs"),
    (lambda v: v["history"].append("0 dance"), "history[9]: 'dance' is not a Loot N Run move"),
    (lambda v: v["history"].append("3 run"), 'history[9]: "3 run" does not begin with a seat'),
    (lambda v: v["history"].append(3), "history[9]: expected a string"),
    (lambda v: v["history"].append("chance reshuffle"),
     "history: 1 reshuffle, but reshuffled lists 0 reshuffles"),
])
def test_impossible_views_are_refused(change, fragment):
    view = lootnrun.example_view(DATA)
    change(view)
    with pytest.raises(InvalidStateError, match=fragment.replace("[", r"\[").replace("]", r"\]")):
        lootnrun.state_from_view(view, DATA, 0)


def test_a_view_tells_the_moves_since_the_deal_as_its_history():
    # (the view said nothing of what happened, where Archaeology's lists every move)
    s = state(3, 0)
    rng = random.Random(0)
    seen = []
    while not s.reshuffles:  # (random moves, then loots: the decks run out, unscored)
        if s.current_player() == CHANCE:
            seen.append("chance reshuffle")
            resolve_chance(s, rng)
            continue
        moves = s.legal_moves()
        loots = [m for m in moves if isinstance(m, Loot)]
        pick = loots if loots and len(seen) >= 8 else moves
        move = pick[rng.randrange(len(pick))]
        seen.append(f"{s.to_move} {move}")
        s.apply(move)
    assert {"run", "awaken"} <= {line.split()[1] for line in seen}
    view = lootnrun.view_of(s, s.to_move)
    assert view["history"] == seen and "chance reshuffle" in seen
    world, _ = lootnrun.state_from_view(json.loads(json.dumps(view)), DATA, 0)
    assert world.information_set_key(s.to_move) == s.information_set_key(s.to_move)
    assert "history" not in lootnrun.position_of(s, s.to_move)


def test_a_score_or_reshuffle_count_too_high_is_refused_saying_why():
    """``scores[0]: must be at most 34`` and ``front_reshuffles[1][0]: must be at most 0,
    got 1`` gave the bound but not why: the game ends at the target, and no reshuffle has
    happened yet."""
    view = lootnrun.example_view(DATA)
    target = lootnrun.rules_for(DATA, view["players"]).target
    view["scores"][0] = target
    with pytest.raises(InvalidStateError, match=rf"^view: scores\[0\]: must be at most "
                                                rf"{target - 1}, got {target}: the game ends "
                                                rf"as soon as a seat reaches {target} points$"):
        lootnrun.state_from_view(view, DATA, 0)
    view = lootnrun.example_view(DATA)
    assert not view["reshuffled"] and view["front_backs"][1]
    view["front_reshuffles"][1][0] = 1
    with pytest.raises(InvalidStateError, match=r"^view: front_reshuffles\[1\]\[0\]: must be "
                                                r"at most 0, got 1: it counts the reshuffles "
                                                r"before the room was drawn, and there has "
                                                r"been no reshuffle yet \(reshuffled is "
                                                r"empty\)$"):
        lootnrun.state_from_view(view, DATA, 0)


def test_too_many_visible_red_backs_are_refused():
    view = lootnrun.example_view(DATA)
    other = (view["seat"] + 1) % 3
    view["front_backs"][other].extend(["red"] * 13)
    view["front_reshuffles"][other].extend([0] * 13)
    view["decks"][0]["size"] -= 13
    with pytest.raises(InvalidStateError, match="red"):
        lootnrun.state_from_view(view, DATA, 0)


def test_the_example_view_of_a_short_game_is_still_a_live_position():
    """A user's card file with a low target can end a game within the example's first
    turns: the example stops at the last live position instead of failing."""
    text = cards_data.bundled_text("lootnrun").replace("\ntarget = 35", "\ntarget = 2")
    data = cards_data.load_text(text, source="low.toml", game_id="lootnrun")
    view = lootnrun.example_view(data)
    world, seat = lootnrun.state_from_view(view, data, 0)
    assert not world.is_terminal() and world.legal_moves()


def test_the_end_is_told_by_the_seat_that_reached_the_target_and_a_tie_is_shared():
    """Seat 0 runs to the target; seat 1 reaches it too in the final reveal, tied. The
    words named both as having reached it ("seat 0 and seat 1 reached 35 points") and said
    "seat 0 and seat 1 win with tied on 35 points"."""
    s = empty_table(3)
    mine, theirs = rooms(lambda i: T.guardian[i] is None and score_rooms(T, [i]) > 0, 2)
    place(s, 0, [mine])
    place(s, 1, [theirs])
    s.scores = [T.target - score_rooms(T, [mine]), T.target - score_rooms(T, [theirs]), 0]
    s.apply(Run())
    assert s.is_terminal() and s.scores[:2] == [T.target, T.target]
    words = lootnrun.describe_result(s, viewer=2)
    assert words[0].startswith(f"seat 0 reached {T.target} points: the game ended")
    assert words[-1] == f"seat 0 and seat 1 share the win, tied on {T.target} points"
    assert lootnrun.describe_result(s, viewer=0)[-1].startswith("you and seat 1 share")


def test_a_deal_splits_the_rooms_into_two_equal_decks():
    """"Split them into 2 equal decks": a deal of 53 and 1 rooms was played."""
    deal = lootnrun.make_deal(players=2, seed=1, data=DATA)
    assert abs(len(deal["decks"][0]) - len(deal["decks"][1])) <= 1
    deal["decks"] = [deal["decks"][0] + deal["decks"][1][:-1], deal["decks"][1][-1:]]
    with pytest.raises(InvalidStateError, match=r"decks: 53 and 1 rooms: the rooms are split"):
        lootnrun.state_from_deal(deal, DATA)


def test_a_view_error_names_the_room_and_the_keys():
    """"a room appears twice among my_rooms, discard and drawn" named neither; a deck top
    of no back colour was told it must show one."""
    view = lootnrun.example_view(DATA)
    view["discard"].append(view["my_rooms"][0])
    with pytest.raises(InvalidStateError, match=f"room {view['my_rooms'][0]} appears twice: "
                                                f"in my_rooms and discard"):
        lootnrun.state_from_view(view, DATA, 0)
    view = lootnrun.example_view(DATA)
    view["decks"][0]["top"] = "pink"
    with pytest.raises(InvalidStateError, match='decks\\[0\\].top: "pink" is not a back colour'):
        lootnrun.state_from_view(view, DATA, 0)


def test_every_refusal_gives_the_rule_it_breaks():
    """Random positions of seeded deals, every move text of the game: a refused one is one
    line with the rule it breaks ("you have no room in front of you: with none you must
    loot") between the refusal and the legal moves; no legal move has a reason."""
    from games.lootnrun.moves import why_illegal
    from games.protocol import listing

    rng = random.Random(5)
    texts = ["loot 0", "loot 1", "run", "pass", "keep none", "keep 0", "keep 1", "keep both"]
    refused = 0
    for seed in range(12):
        s = state(players=2 + seed % 4, seed=seed)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                resolve_chance(s, rng)
                continue
            legal = s.legal_moves()
            for text in texts + [f"awaken {t}" for t in range(s.num_players)]:
                move = lootnrun.parse_text(text)
                if move in legal:
                    assert why_illegal(s, move) is None, move
                    continue
                with pytest.raises(IllegalMoveError) as error:
                    lootnrun.parse_move(s, text)
                message = str(error.value)
                refused += 1
                reason = why_illegal(s, move)
                assert reason is not None, (text, legal)
                assert message == (f"move {text!r} is not legal here: {reason} "
                                   f"(legal: {listing(legal)})")
            s.apply(rng.choice(legal))
    assert refused > 1000


def test_the_end_tells_the_rooms_each_seat_revealed_and_its_scores_parts():
    """The end said the final scores alone ("seat 2 (greedy) 11"): a seat's points from the
    rooms the end revealed were told nowhere. Each seat's rooms at the end are said, with
    its score before and after them; they are the rooms in front before the last move
    (less those the move itself took), in random games of 2 to 4 seats."""
    for seed in range(60):
        players = 2 + seed % 3
        s = state(players, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply(s.chance_outcomes()[0][0])
                continue
            before, move = s.clone(), rng.choice(s.legal_moves())
            s.apply(move)
        fronts = [list(f) for f in before.fronts]
        if isinstance(move, Run):
            fronts[before.to_move] = []
        if isinstance(move, Awaken):
            fronts[move.target] = []
        words = lootnrun.describe_result(s, viewer=0)
        told = words[1:1 + players]
        for p, line in enumerate(told):
            gained = score_rooms(T, fronts[p])
            who = "you" if p == 0 else f"seat {p}"
            if fronts[p]:
                assert line.startswith(f"  {who}: {len(fronts[p])} room"), (seed, line)
                assert line.endswith(f", {s.scores[p] - gained} + {gained} = {s.scores[p]}")
                assert all(f"room {T.ids[r]} (" in line for r in fronts[p]), (seed, line)
            else:
                assert line == f"  {who}: no rooms in front, {s.scores[p]}", (seed, line)
        assert words[1 + players].startswith("final scores: ")
