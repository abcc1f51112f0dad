"""The bounds of issue 21 against exhaustive optima, from any position: the cut-deal
bounds of ``exact`` and the market programmes of ``relax`` are never below what brute
force over every whole turn reaches; the exact search equals brute force at the end of
whole games; ``review`` says after which decision a played game could no longer reach
the best plan."""

from __future__ import annotations

import math

import pytest

import cards_data
from games import ancients as A
from games.record import GameRecord, read_record, resolve_fixed_chance
from solvers.ancients.best import all_turns, best_score_search, score_upper_bound
from solvers.ancients.exact import CutBounds, exact_best
from solvers.ancients.policy import greedy_turn
from solvers.ancients.reachable import first_shortfall, reachable
from solvers.ancients.relax import CutDP, MarketDP
from solvers.ancients.turn import Dig, apply_turn, dig_steps
from solvers.limits import Limit
from solvers.review import review_game

DATA = cards_data.load("ancients")


def _state(seed: int):
    return A.state_from_deal(A.make_deal(players=1, seed=seed, data=DATA), DATA)


def _key(state) -> tuple:
    return (state.occupied, state.black, tuple(state.market), tuple(state.shop_tokens),
            len(state.deck), state.money[0], state.sand[0], tuple(sorted(state.pack[0])),
            tuple(sorted(state.artifacts[0])), state.final_left, state.turns)


def _brute(state, cap: int | None, memo: dict) -> float:
    """The best final score over every whole turn (``all_turns``), to the cap or the end;
    a table of positions, no bound."""
    if state.is_terminal() or (cap is not None and state.turns >= cap):
        return state.score(0)
    key = _key(state)
    if key not in memo:
        best = -1.0
        for move in all_turns(state):
            child = state.clone()
            apply_turn(child, move, checked=True)
            best = max(best, _brute(child, cap, memo))
        memo[key] = best
    return memo[key]


def _greedy_until(state, done) -> None:
    while not state.is_terminal() and not done(state):
        apply_turn(state, greedy_turn(state))


# 32 cut deals: from the deal (seeds 0-15, 3 or 4 turns) and from a position five greedy
# turns in (seeds 16-31, 3 more turns)
CUT = [(seed, 0, 3 + seed % 2) for seed in range(16)] + [(seed, 5, 3) for seed in range(16, 32)]


@pytest.mark.parametrize("seed, played, turns", CUT)
def test_cut_bounds_are_never_below_brute_force(seed, played, turns):
    state = _state(seed)
    _greedy_until(state, lambda s: s.turns >= played)
    cap = state.turns + turns
    optimum = _brute(state, cap, {})
    bounds = CutBounds(state, cap)
    assert bounds.bound(state) >= optimum
    assert CutDP(state, cap).bound(state) >= optimum
    assert exact_best(state, turn_cap=cap, nodes=100_000).score == optimum
    # every position one turn in, bounded from the root's tables, and by the programme's
    # bound of the turn unplayed (``CutDP.after_moves``, what the exact search cuts by)
    for move in all_turns(state):
        child = state.clone()
        apply_turn(child, move)
        optimum = _brute(child, cap, {})
        assert bounds.bound(child) >= optimum
        assert bounds.market.after_moves(state, [move])[0][0] >= optimum


# 36 greedy games (seeds 200-235: every third one given $3 more a turn, every other one
# 2 sand tokens or more, so that buys and digs are on), every third position cut 1-5 turns on
AFTER = list(range(200, 236))


@pytest.mark.parametrize("seed", AFTER)
def test_the_programme_of_a_turn_unplayed_is_that_of_the_turn_played(seed):
    """``CutDP.after_moves`` (bound, score and pack points of the position a turn leads to,
    computed without playing it) equals ``CutDP.bound``, ``score`` and the pack's points
    of the child played, for every whole turn of every third position of a greedy game,
    with cuts at 1-5 turns (so the cut, the final round and the deck's last draw all
    occur)."""
    root = _state(seed)
    state = root.clone()
    checked = 0
    while not state.is_terminal():
        if seed % 3 == 0:
            state.money[0] += 3
        if seed % 2 == 0:
            state.sand[0] = max(state.sand[0], 2)
        if (seed + state.turns) % 3:  # a third of the positions (the default run's time)
            apply_turn(state, greedy_turn(state))
            continue
        programme = CutDP(root, state.turns + 1 + (seed + state.turns) % 5)
        moves = all_turns(state)
        for move, unplayed in zip(moves, programme.after_moves(state, moves), strict=True):
            child = state.clone()
            apply_turn(child, move, checked=True)
            pack = sum(child.rules.maps[c].points for c in child.pack[0])
            assert unplayed == (programme.bound(child), child.score(0), pack), move
            checked += 1
        apply_turn(state, greedy_turn(state))
    assert checked > 30


def _with_pack(seed: int):
    """A position from greedy play at the first turn (from the third on) where the seat
    holds a map, given 2 or 3 sand tokens so that digs are on (bounds hold from any
    position), or None."""
    state = _state(seed)
    _greedy_until(state, lambda s: s.turns >= 2 and bool(s.pack[0]))
    if state.is_terminal() or not state.pack[0]:
        return None
    state.sand[0] = 2 + seed % 2
    return state


def _can_dig(seed: int) -> bool:
    state = _with_pack(seed)
    return state is not None and any(isinstance(m, Dig) for m in all_turns(state))


# 32 positions holding maps and able to dig, 3 turns before the cut (from seed 100 on)
DIG_FIRST = [(seed, 3) for seed in range(100, 200) if _can_dig(seed)][:32]


@pytest.mark.parametrize("seed, turns", DIG_FIRST)
def test_the_bound_on_lines_starting_with_a_dig_is_never_below_brute_force(seed, turns):
    """``CutBounds.dig_first`` (with ``CutDP.after_dig``) against the best of every dig
    turn followed by brute force to the cut, with and without an alpha; the exact search
    that skips digs by it still equals brute force."""
    state = _with_pack(seed)
    assert state is not None
    cap = state.turns + turns
    bounds = CutBounds(state, cap)
    digs = [move for move in all_turns(state) if isinstance(move, Dig)]
    best = -1.0
    for move in digs:
        child = state.clone()
        apply_turn(child, move, checked=True)
        best = max(best, _brute(child, cap, {}))
    assert len(DIG_FIRST) == 32 and digs and best >= 0
    for alpha in (-math.inf, best - 1, best, best + 1):
        assert bounds.dig_first(state, alpha) >= best, alpha
    assert exact_best(state, turn_cap=cap, nodes=100_000).score == _brute(state, cap, {})


# 30 ends of whole games: greedy play until one card is left to draw (seeds 40-69). Slow:
# brute force over every whole turn from there is about 20 s CPU a game (some 2,700
# positions, each enumerating every chain of finds); the cut deals above keep 32 brute-force
# checks in the default run.
ENDS = list(range(40, 70))


@pytest.mark.slow
@pytest.mark.parametrize("seed", ENDS)
def test_whole_game_bounds_and_the_exact_end_match_brute_force(seed):
    root = _state(seed)
    state = root.clone()
    _greedy_until(state, lambda s: len(s.deck) <= 1)
    optimum = _brute(state, None, {})
    assert MarketDP(root).bound(state) >= optimum  # the deal's programme, from this position
    assert score_upper_bound(state).value >= optimum
    there = reachable(state, MarketDP(root), plan_nodes=500)
    assert there["exact"] and there["plan"] == there["bound"] == optimum


def test_the_market_programme_from_a_position_matches_its_own_root():
    """One programme built for the deal answers for later positions as one built there."""
    root = _state(7)
    state = root.clone()
    _greedy_until(state, lambda s: s.turns >= 9)
    assert MarketDP(root).bound(state) == MarketDP(state).bound(state)
    assert MarketDP(root).future(state) == MarketDP(state).future(state)


def _greedy_record(seed: int):
    queue: list = []
    deal = A.make_deal(players=1, seed=seed, data=DATA)
    record = GameRecord.start("ancients", deal)
    state = A.state_from_deal(deal, DATA)
    while True:
        resolve_fixed_chance(state)
        if state.is_terminal():
            break
        if not queue:
            turn = greedy_turn(state)
            queue.extend(dig_steps(state, turn) if isinstance(turn, Dig) else [turn])
        move = queue.pop(0)
        record = record.played(0, str(move))
        state.apply(move)
    return read_record(record.finished(state).to_json(), "ancients", DATA), state


def test_review_says_when_the_best_plan_went_out_of_reach():
    record, final = _greedy_record(3)
    result = review_game(record, seat=0, data=DATA, limit=Limit(iterations=8), seed=0,
                         best_limit=Limit(work=5))
    section = result.best_score
    below = section.fell_below
    assert section.score_reached == final.score(0) < section.best.score
    # the end of the game is short of the plan, so some position is: the first one found
    assert below is not None and below.best == section.best.score
    assert final.score(0) <= below.reachable < section.best.score
    from cli.report import format_review  # one wording for both games (it said "fell below")
    text = format_review(result)
    assert f"after decision {below.number} the game could no longer reach {below.best:g}" in text
    # the scan's figure is a proven bound, never told as the best still reachable
    assert below.exact is False and f"at most {below.reachable:g} (a proven bound)" in text


def test_the_best_plan_lines_say_the_turns_in_words_in_one_sentence():
    """A solo review's decision lines say each turn in a player's words ("rest: take $2"),
    where the line under them said "left the best plan at decision 1: played market buy 4,
    the plan rest money", and the next one read "... could no longer reach 84 (the first
    decision this budget proves short; an earlier one may already have lost it) (the best
    plan found; the deal's bound is 90.5): still reachable after it at most (a proven
    bound) 82.5, ...": both turns are said in the decision lines' words, and the line is
    one sentence, each figure said beside it."""
    record, _ = _greedy_record(3)
    result = review_game(record, seat=0, data=DATA, limit=Limit(iterations=8), seed=0,
                         best_limit=Limit(work=5))
    section = result.best_score
    parted, below = section.parted, section.fell_below
    assert parted is not None and parted.plan is not None and below is not None
    from cli.report import format_review
    from solvers.ancients.review import turn_words
    from solvers.moments import decision_at
    lines = format_review(result).splitlines()
    left = next(line for line in lines if line.startswith("left the best plan"))
    decision = result.decisions[parted.number - 1]
    state = decision_at(record, 0, parted.number, DATA).state
    plan = turn_words(state, parted.plan.split(" ; "))
    # (the turn played as its decision line says it, the plan's turn as the hint would)
    assert left == (f"left the best plan at decision {parted.number}: played "
                     f"{decision.played_words}, where the plan's move was {plan}")
    assert decision.played_words == turn_words(state, decision.moves)
    assert parted.played not in left and parted.plan not in left
    # words with a semicolon of their own (a Pyramids keep's) stay one sentence: it read
    # "played keep cards 12 and 18; the others go back into the deck, where the plan's move
    # was keep cards 26 and 48; the others go back ..."
    from dataclasses import replace
    keep = "keep cards {} and {}; the others go back into the deck"
    kept = replace(result, best_score=replace(section, parted=replace(
        parted, played_words=keep.format(12, 18), plan_words=keep.format(26, 48))))
    left = next(line for line in format_review(kept).splitlines()
                if line.startswith("left the best plan"))
    assert left == (f"left the best plan at decision {parted.number}: played keep cards 12 "
                    f"and 18 (the others go back into the deck), where the plan's move was "
                    f"keep cards 26 and 48 (the others go back into the deck)"), left
    fell = next(line for line in lines if line.startswith(f"after decision {below.number}"))
    assert ") (" not in fell and fell.count("(") == fell.count(")") <= 2, fell
    assert fell == (f"after decision {below.number} the game could no longer reach "
                    f"{below.best:g}, the best plan found (the deal's bound is "
                    f"{section.best.bound:g}): still reachable after it at most "
                    f"{below.reachable:g} (a proven bound), at least "
                    f"{below.best - below.reachable:g} lost"
                    + ("" if parted.number == below.number else
                       f"; decision {below.number} is the first this budget proves short, "
                       f"and an earlier one may already have lost it"))


def test_a_game_that_reaches_the_plan_is_never_short():
    state = _state(4)
    plan = best_score_search(state, nodes=3_000)
    positions = []
    for k, move in enumerate(plan.moves):
        apply_turn(state, move)
        positions.append(({"decision": k + 1}, state.clone()))
    short = first_shortfall(_state(4), positions, best_score=plan.score,
                            best_bound=plan.bound.value, plan_nodes=500)
    assert short["decision"] is None
