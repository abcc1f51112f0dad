"""Hints that present a whole trade as one move (issue 12 §1.2) in both editions: the rows
are whole decisions counted by the search's units, best-move names a whole trade that play
accepts, and a review values a played trade by the same search."""

from __future__ import annotations

import json

import pytest

import cards_data
from games import archaeology, expedition
from games.archaeology.moves import DISCARD, DISCARDS, GIVE, TAKE, TRADE
from games.archaeology.rules import P_STORM
from games.archaeology.trades import discarding, trading, whole_trade
from games.record import GameRecord, read_record
from solvers import interrupt, services
from solvers.archaeology.policy import SEARCH_OPTIONS
from solvers.archaeology.trades import DISCARD_STEPS, WHOLE_DISCARDS, WHOLE_TRADES
from solvers.limits import Limit
from solvers.ismcts.search import ismcts
from solvers.moments import decision_at, view_at
from solvers.review import review_game

EDITIONS = {"archaeology": archaeology, "expedition": expedition}


@pytest.mark.parametrize("game", EDITIONS)
def test_units_count_the_iterations_that_played_the_whole_decision(game):
    engine, data = EDITIONS[game], cards_data.load(game)
    world, seat = engine.state_from_view(engine.example_view(data), data, 0)
    result = ismcts(world, seat, iterations=600, seed=4, unit_open=trading, **SEARCH_OPTIONS)
    root = {str(stat.move): stat.visits for stat in result.moves}
    started: dict[str, int] = {}
    for unit in result.units:
        moves = unit.move
        assert moves[0].kind == TAKE or len(moves) == 1
        if len(moves) == 1:  # a one-move decision: every iteration through it completes it
            assert unit.visits == root[str(moves[0])]
        else:
            assert [m.kind for m in moves] == sorted(m.kind for m in moves)  # takes, gives
            probe = world.clone()
            for move in moves:
                assert not probe.is_terminal()
                probe.apply(move)
            assert not trading(probe)
            started[str(moves[0])] = started.get(str(moves[0]), 0) + unit.visits
    assert started, "the search completed no trade in its tree"
    for first, visits in started.items():
        assert visits <= root[first]  # the rest left the tree mid-trade


@pytest.mark.parametrize("game", EDITIONS)
def test_hint_rows_are_whole_decisions_with_words(game):
    engine, data = EDITIONS[game], cards_data.load(game)
    view = engine.example_view(data)
    hint = services.capability(game, "hint")
    result = hint(view, data=data, limit=Limit(iterations=800), seed=2, top=100)
    world, _ = engine.state_from_view(view, data, 0)
    kinds = set()
    for row in result.rows:
        move = engine.parse_move(world, row.move)  # a whole trade parses as one move
        kinds.add(move.kind)
        assert move.kind not in (TAKE, GIVE) and row.words
    assert TRADE in kinds
    visits = [row.visits for row in result.rows]
    assert visits == sorted(visits, reverse=True) and sum(visits) <= 800
    again = hint(view, data=data, limit=Limit(iterations=800), seed=2, top=100)
    assert again == result


@pytest.mark.parametrize("note", [WHOLE_TRADES, WHOLE_DISCARDS])
def test_the_hints_note_on_a_whole_row_names_every_command_that_takes_it(note):
    # ("type it as printed: best-move, play and game records take it" left out track,
    # which takes a whole trade and a whole discard in one line too)
    assert "(type it as printed: best-move, play, track and game records take it as one " \
           "move)" in note


def test_a_view_with_a_trade_in_progress_ranks_the_next_steps():
    data = cards_data.load("archaeology")
    world, seat = archaeology.state_from_view(archaeology.example_view(data), data, 0)
    world.apply(archaeology.parse_move(world, "take talisman"))
    view = archaeology.view_of(world, seat)
    result = services.capability("archaeology", "hint")(view, data=data,
                                                         limit=Limit(iterations=200))
    assert {row.move.split()[0] for row in result.rows} <= {"take", "give"}
    assert "a trade is built one card at a time" in result.explanation[0]


def test_play_takes_a_whole_trade_as_one_move():
    from cli.play import Terminal, play
    from games import load

    data = cards_data.load("archaeology")
    decisions: list[dict] = []
    typed: list[str] = []

    def read() -> str:
        legal, view = decisions[-1]["legal"], decisions[-1]["view"]
        if not typed and view.get("phase") == "action" and any(
                m.startswith("trade ") for m in legal):
            trade = _one_card_trade(data, view["hand"], view["marketplace"])
            if trade:
                typed.append(trade)
                return trade + "\n"
        return ("end" if "end" in legal else legal[0]) + "\n"

    def emit(event: dict) -> None:
        if event["event"] == "decision":
            decisions.append(event)

    term = Terminal(read=read, say=lambda text: None, complain=lambda text: None, emit=emit)
    record = play(load("archaeology", data=data), players=2, seat=0, bot_names=["greedy"],
                  seed=4, term=term).record
    assert typed and typed[0] in [e.move for e in record.moves]
    back = read_record(record.to_json(), "archaeology", data)
    assert back.result == record.result


def _one_card_trade(data, hand: dict, market: dict) -> str | None:
    """A minimal trade of one card for one card of no higher trade value."""
    value = {key: t.trade for key, t in data.treasures.items()}
    for give in hand:
        for take in market:
            if value[give] >= value[take]:
                return f"trade {give} for {take}"
    return None


def test_best_move_names_a_whole_trade_when_the_search_picks_one(run_cli, tmp_path):
    data = cards_data.load("expedition")
    text = json.dumps(expedition.example_view(data))
    hint = json.loads(run_cli("hint", "expedition", "-", "--iterations", "400", "--json",
                              "--top", "50", stdin=text).out)
    best = run_cli("best-move", "expedition", "-", "--iterations", "400", stdin=text)
    assert best.code == 0 and best.out.startswith(f"best move: {hint['best']}")
    assert not hint["best"].startswith(("take ", "give "))
    assert any(row["move"].startswith("trade ") for row in hint["moves"])


def test_review_names_and_values_a_played_trade():
    data = cards_data.load("archaeology")
    deal = archaeology.make_deal(players=2, seed=6, data=data)
    record = GameRecord.start("archaeology", deal)
    state = record.initial_state(data)
    from games.protocol import CHANCE
    while True:  # to seat 0's first turn that can trade, then a two-step trade and end
        while state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
        moves = state.legal_moves()
        if state.current_player() == 0 and any(m.kind == TAKE for m in moves):
            break
        move = state.rules.end_move if state.rules.end_move in moves else moves[0]
        record = record.played(state.current_player(), str(move))
        state.apply(move)
    steps = []
    probe = state.clone()
    while not steps or trading(probe):
        move = next(m for m in probe.legal_moves() if m.kind in (TAKE, GIVE))
        probe.apply(move)
        steps.append(move)
    for move in steps + [state.rules.end_move]:
        record = record.played(0, str(move))
    trade = str(whole_trade(state, steps))
    record = read_record(record.to_json(), "archaeology", data)
    result = review_game(record, seat=0, data=data, limit=Limit(iterations=30), seed=1)
    decision = next(d for d in result.decisions if d.played == trade)
    assert list(decision.moves) == [str(m) for m in steps]
    assert decision.label not in ("unrated",) and decision.played_value is not None


def test_review_values_a_whole_sandstorm_discard():
    """``play`` records a sandstorm's discards typed in one line as one move (``discard
    coin coin``); the review said "not rated: the played move is not among the hint's
    options" of it."""
    import random

    from games.protocol import CHANCE
    data = cards_data.load("archaeology")
    deal = archaeology.make_deal(players=2, seed=3, data=data)
    record = GameRecord.start("archaeology", deal)
    state = record.initial_state(data)
    rng = random.Random(3)
    whole = None
    while whole is None:
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        seat, moves = state.current_player(), state.legal_moves()
        if seat == 0 and state.storm_left >= 2:  # seat 0's hand: the first T counts
            held = [c for c in range(state.rules.treasures) for _ in range(state.hands[c])]
            names = state.rules.cards.names
            move = whole = archaeology.parse_move(state, "discard " + " ".join(
                names[c] for c in reversed(held[-state.storm_left:])))  # (any order)
        else:
            move = moves[rng.randrange(len(moves))]
        record = record.played(seat, str(move))
        state.apply(move)
    record = read_record(record.to_json(), "archaeology", data)
    result = review_game(record, seat=0, data=data, limit=Limit(iterations=30), seed=1)
    decision = next(d for d in result.decisions if d.played == str(whole))
    assert decision.label != "unrated" and decision.played_value is not None


@pytest.mark.parametrize("game", EDITIONS)
def test_a_trade_that_changes_nothing_is_no_hint_row(game):
    # issue 20 §1: the Expedition hint ranked `trade parchment_scrap for parchment_scrap`.
    # The engine's steps still make it (the rulebooks allow any cards for cards of equal or
    # lesser value), and the search still completes it: the hint leaves it out.
    engine, data = EDITIONS[game], cards_data.load(game)
    view = engine.example_view(data)
    world, seat = engine.state_from_view(view, data, 0)
    result = ismcts(world, seat, iterations=400, seed=0, unit_open=trading, **SEARCH_OPTIONS)
    searched = {str(whole_trade(world, stat.move)) for stat in result.units or ()}
    no_ops = {text for text in searched if text.startswith("trade ")
              and text[6:].split(" for ")[0] == text[6:].split(" for ")[1]}
    assert no_ops, "the search completed no trade that changes nothing: the test proves nothing"
    hint = services.hint(game, view, data=data, limit=Limit(iterations=400), seed=0, top=100)
    rows = {row.move for row in hint.rows}
    assert rows and not rows & no_ops, rows & no_ops


def _at_the_sandstorm(game, owed=2):
    """The seed-1 deal (2 seats) to seat 0's discard at the first sandstorm where it owes
    ``owed`` cards or more (the others play their first legal moves; seat 0 ends its turns
    and keeps its tent): ``(record, data, state)``. At the 2007 game's first sandstorm (seat
    0's second decision) seat 0 holds 3 parchment scraps and a coin and owes 2, so its
    first card is forced (a parchment scrap: a coin first leaves no card after it in card
    order) and its second is not."""
    from games.protocol import CHANCE
    engine, data = EDITIONS[game], cards_data.load(game)
    record = GameRecord.start(game, engine.make_deal(players=2, seed=1, data=data))
    state = record.initial_state(data)
    while True:
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        seat, moves = state.current_player(), state.legal_moves()
        if seat == 0 and state.phase == P_STORM and state.storm_left >= owed:
            return record, data, state
        keep = [m for m in moves if str(m) in ("tent keep", "end")] if seat == 0 else []
        move = keep[0] if keep else moves[0]
        record = record.played(seat, str(move))
        state.apply(move)


@pytest.mark.parametrize("game", EDITIONS)
def test_a_hint_at_a_sandstorm_ranks_whole_discards(game):
    # a player found `hint` at a 2-card sandstorm naming one card ("discard
    # parchment_scrap"), to ask again for the second; the 2007 deal's first card is the only
    # legal step, and the hint said "not searched: the only legal move"
    record, data, state = _at_the_sandstorm(game)
    engine = EDITIONS[game]
    view = services.hint_view(game, state, 0)
    result = services.hint(game, view, data=data, limit=Limit(iterations=300), seed=3,
                           top=100)
    assert len(result.rows) > 1 and result.budget.stop_reason == "iterations"
    for row in result.rows:
        move = engine.parse_move(state, row.move)
        assert move.kind == DISCARDS and len(move.a) == state.storm_left, row.move
        assert row.visits and row.words.startswith("sandstorm: discard ")
    if game == "archaeology":
        assert {row.move for row in result.rows} == {
            "discard parchment_scrap parchment_scrap", "discard parchment_scrap coin"}
    assert WHOLE_DISCARDS in result.explanation


@pytest.mark.parametrize("game", EDITIONS)
def test_a_hint_row_says_a_discard_as_play_tells_it(game):
    # the hint's row read "discard 1 parchment scrap + 1 coin" where play's line of the same
    # discard read "you discarded a parchment scrap and a coin": one wording, the event's
    engine = EDITIONS[game]
    record, data, state = _at_the_sandstorm(game, owed=3)
    said: list[list[str]] = [[], []]
    for step in said:  # the whole discard, then a view with it under way
        view = services.hint_view(game, state, 0)
        for row in services.hint(game, view, data=data, limit=Limit(iterations=60), seed=0,
                                 top=100).rows:
            told = engine.describe_event(state, engine.parse_move(state, row.move), 0)
            cards = told.removeprefix("you discarded ").removesuffix(" to the marketplace")
            assert row.words.startswith(f"sandstorm: discard {cards} to the marketplace"), (
                row.words, told)
            step.append(cards)
        state.apply(state.legal_moves()[0])
    assert any(" and " in cards for cards in said[0]), said  # (a discard of 2 kinds)
    assert said[1] and all(cards.startswith(("a ", "an ")) for cards in said[1]), said


@pytest.mark.parametrize("game", EDITIONS)
def test_a_hint_at_a_sandstorm_stopped_at_once_still_has_rows(game):
    """A review stopped by Ctrl-C (the stop request cuts every search at once) faulted at
    the first sandstorm: no whole discard was completed in the search's tree, so the hint
    had no row ("IndexError: tuple index out of range"). It answers with the steps."""
    record, data, state = _at_the_sandstorm(game)
    view = services.hint_view(game, state, 0)
    interrupt.request()
    try:
        result = services.hint(game, view, data=data, limit=Limit(iterations=300), seed=3)
    finally:
        interrupt.reset()
    assert result.rows and result.budget.stop_reason == interrupt.INTERRUPTED
    for row in result.rows:  # a step, or a whole discard completed before the stop
        assert EDITIONS[game].parse_move(state, row.move).kind in (DISCARD, DISCARDS)


@pytest.mark.parametrize("game", EDITIONS)
def test_a_hint_of_a_view_with_its_discard_under_way_ranks_the_next_card(game):
    record, data, state = _at_the_sandstorm(game, owed=3)
    engine = EDITIONS[game]
    state.apply(state.legal_moves()[0])
    assert discarding(state) and state.storm_left >= 2
    view = services.hint_view(game, state, 0)
    result = services.hint(game, view, data=data, limit=Limit(iterations=100), seed=0,
                           top=100)
    assert result.rows
    assert all(engine.parse_move(state, row.move).kind == DISCARD for row in result.rows)
    assert DISCARD_STEPS in result.explanation


def test_a_review_reads_a_sandstorm_discard_as_one_decision():
    # the review judged `discard 2 coins` as two decisions, and called the second step
    # "forced (the only legal move)" where the player chose between two whole discards; a
    # forced first card is no forced decision either
    record, data, state = _at_the_sandstorm("archaeology")
    steps = ["discard parchment_scrap", "discard coin"]
    for text in steps:
        record = record.played(0, text)
        state.apply(archaeology.parse_move(state, text))
    while record.moves[-1].seat != 0 or record.moves[-1].move == steps[-1]:
        if state.current_player() < 0:  # (on to seat 0's next decision, played too)
            state.apply(state.chance_outcomes()[0][0])
            continue
        move = state.legal_moves()[0]
        record = record.played(state.current_player(), str(move))
        state.apply(move)
    record = read_record(record.to_json(), "archaeology", data)
    result = review_game(record, seat=0, data=data, limit=Limit(iterations=100), seed=1)
    storm = next(d for d in result.decisions if d.moves[0] == steps[0])
    assert list(storm.moves) == steps
    assert storm.played == "discard parchment_scrap coin" and storm.label != "forced"
    assert storm.played_value is not None
    assert [d.number for d in result.decisions] == list(range(1, len(result.decisions) + 1))
    assert not [d for d in result.decisions if d.index == storm.index + 1]  # (no second step)
    assert result.decisions[storm.number].number == storm.number + 1
    # `hint --at N` and `view --at N` number as the review does
    for d in result.decisions:
        at = decision_at(record, 0, d.number, data)
        assert (at.index, at.moves) == (d.index, d.moves)
    hint = services.hint("archaeology", view_at(decision_at(record, 0, storm.number, data)),
                         data=data, limit=Limit(iterations=100), seed=1, top=100)
    assert storm.played in {row.move for row in hint.rows}


def test_a_whole_discard_typed_in_one_line_is_no_forced_decision():
    # `discard parchment_scrap coin` typed at once, where a parchment scrap is the only
    # legal first card: the review called it "forced (the only legal move)"
    record, data, state = _at_the_sandstorm("archaeology")
    assert len(state.legal_moves()) == 1
    record = record.played(0, "discard parchment_scrap coin")
    record = read_record(record.to_json(), "archaeology", data)
    result = review_game(record, seat=0, data=data, limit=Limit(iterations=100), seed=1)
    (storm,) = [d for d in result.decisions if d.played == "discard parchment_scrap coin"]
    assert storm.label != "forced" and storm.played_value is not None


def _two_sandstorms():
    """A 2007 game (2 seats) where seat 1 alone discards at two sandstorms dug in a row,
    pot shards alone at the first: seat 0 sells the 5 coins it holds and digs, seat 1
    trades 2 of its 4 talismans for the marketplace's 5 pot shards (with the pot shard it
    dug: 8 cards); at its next turn it digs two sandstorms (seat 0, 1 card, owes none): the
    first takes 4 pot shards (played one card at a time), the second 2 of the 2 pot shards
    and 2 talismans left. ``(record, data, state)`` at the second sandstorm's first
    discard: the same seat, its last card a pot shard (card 0, as before any discard)."""
    from collections import Counter
    from games.protocol import CHANCE
    data = cards_data.load("archaeology")
    deal = archaeology.make_deal(players=2, seed=1, data=data)
    pool = Counter(deal["marketplace"] + deal["dig_site"] + sum(deal["hands"], [])
                   + sum(deal["chambers"].values(), []))

    def take(card, n=1):
        pool[card] -= n
        return [card] * n

    hands = [take("coin", 4), take("talisman", 4)]
    market = take("pot_shard", 5)
    top = take("coin") + take("pot_shard") + take("parchment_scrap") + take("sandstorm", 2)
    chambers = {}
    for size in ("3", "5", "7"):  # (no map, no thief, no sandstorm in a chamber)
        chambers[size] = [c for c in ("pot_shard", "parchment_scrap", "coin", "broken_cup")
                          for _ in range(pool[c])][:int(size)]
        for card in chambers[size]:
            take(card)
    deal.update(first_player=0, hands=hands, marketplace=market, chambers=chambers,
                dig_site=top + sorted(pool.elements()))
    record = GameRecord.start("archaeology", deal, data=data)
    state = record.initial_state(data)
    for seat, text in [(0, "sell coin 5"), (0, "end"), (1, "trade talisman talisman for "
                       "pot_shard pot_shard pot_shard pot_shard pot_shard"), (1, "end"),
                       (0, "end")] + [(1, "discard pot_shard")] * 4:
        while state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
        assert state.current_player() == seat, (seat, text)
        state.apply(archaeology.parse_move(state, text))
        record = record.played(seat, text)
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    assert (state.phase, state.to_move, state.storms_drawn, state.storm_left) == (P_STORM, 1, 2, 2)
    return record, data, state


def test_a_second_sandstorm_in_a_row_is_a_whole_discard_of_its_own():
    # the seat that discarded last at one sandstorm, pot shards alone, and first at the
    # next, dug just after it: its hint read "this sandstorm's discard is under way" and
    # ranked single cards (the record ends with its own discards, and a pot shard is card
    # 0, as before any discard), and the review made each card a decision
    record, data, state = _two_sandstorms()
    assert not discarding(state)
    view = services.hint_view("archaeology", state, 1)
    assert view["sandstorm"]["last"] is None
    result = services.hint("archaeology", view, data=data, limit=Limit(iterations=200),
                           seed=1, top=100)
    assert {row.move for row in result.rows} == {
        "discard pot_shard pot_shard", "discard pot_shard talisman",
        "discard talisman talisman"}
    assert WHOLE_DISCARDS in result.explanation and DISCARD_STEPS not in result.explanation
    # one card of it played: the discard is under way, the view names its last card
    state.apply(archaeology.parse_move(state, "discard pot_shard"))
    assert discarding(state)
    assert services.hint_view("archaeology", state, 1)["sandstorm"]["last"] == "pot_shard"


def test_review_view_and_board_read_two_sandstorms_in_a_row_as_two_decisions():
    from cli.web.board import open_record
    record, data, state = _two_sandstorms()
    steps = ["discard pot_shard", "discard talisman"]
    for text in steps + ["end"]:
        record = record.played(1, text)
    record = read_record(record.to_json(), "archaeology", data)
    result = review_game(record, seat=1, data=data, limit=Limit(iterations=30), seed=1)
    assert [(d.number, d.played) for d in result.decisions] == [
        (1, "trade talisman talisman for pot_shard pot_shard pot_shard pot_shard pot_shard"),
        (2, "end"), (3, "discard pot_shard pot_shard pot_shard pot_shard"),
        (4, "discard pot_shard talisman"), (5, "end")]
    assert list(result.decisions[3].moves) == steps
    # `view --at N`, `hint --at N` and the board number the decisions as the review does
    for d in result.decisions:
        at = decision_at(record, 1, d.number, data)
        assert (at.index, at.moves) == (d.index, d.moves)
    opened = open_record(record, data)
    storm = result.decisions[3]
    first, second = opened.decisions[storm.index], opened.decisions[storm.index + 1]
    assert (first.at, first.within, second.at, second.within) == (4, None, None, 4)
    # (the board's view inside it: a pot shard discarded, one card owed)
    assert second.view["sandstorm"] == {"left": 1, "digger": 1, "last": "pot_shard"}
