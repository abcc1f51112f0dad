"""A whole trade as one move (issue 12 §1.2), in both editions of the Archaeology engine:
its text, its legality checked by its steps and cross-checked against every trade the steps
reach, ``apply`` equal to the steps, the words of each move, and records and reviews that
name a trade's steps by the whole trade."""

from __future__ import annotations

import itertools
import random

import pytest

import cards_data
from games import archaeology, expedition, registry
from games.archaeology.moves import DISCARD, DISCARDS, GIVE, TAKE, TRADE
from games.archaeology.rules import P_ACTION
from games.archaeology.trades import example_decisions, whole_trade
from games.errors import IllegalMoveError, InvalidMoveError
from games.forgiving import normalise
from games.protocol import CHANCE
from solvers.archaeology.trades import played_decision

EDITIONS = {"archaeology": archaeology, "expedition": expedition}


def _step_trades(state) -> dict:
    """Every whole trade the take/give steps reach from ``state``: text -> state after."""
    found = {}

    def walk(s, steps):
        for move in s.legal_moves():
            if move.kind not in (TAKE, GIVE) or (not steps and move.kind != TAKE):
                continue
            after = s.clone()
            after.apply(move)
            if after.trade_takes is None:
                trade = whole_trade(state, steps + [move])
                assert str(trade) not in found  # each trade reached once
                found[str(trade)] = after
            else:
                walk(after, steps + [move])

    walk(state, [])
    return found


def _fresh_turns(game: str, *, seeds=range(4), players=2):
    """Action positions of seeded random games where a trade may start."""
    engine, data = EDITIONS[game], cards_data.load(game)
    for seed in seeds:
        state = engine.state_from_deal(engine.make_deal(players=players, seed=seed, data=data),
                                       data)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
                continue
            moves = state.legal_moves()
            if state.phase == P_ACTION and state.trade_takes is None and \
                    any(m.kind == TAKE for m in moves):
                yield state
            end = state.rules.end_move
            state.apply(end if end in moves and rng.random() < 0.5 else rng.choice(moves))


@pytest.mark.parametrize("game", EDITIONS)
def test_check_trade_accepts_exactly_the_trades_the_steps_reach(game):
    """Exhaustive cross-check on small hands: every (gives, takes) pair of cards in hand and
    marketplace is accepted by ``parse_move`` iff the steps reach it, and then ``apply``
    leaves the state the steps leave; or iff it overpays (the rulebook's "the difference is
    simply lost", which the steps leave out) with its gives covering takes the hand's value
    allows, and then the cards change hands as the trade says."""
    engine = EDITIONS[game]
    checked = 0
    for state in _fresh_turns(game):
        seat = state.to_move
        rules = state.rules
        T = rules.treasures
        hand = [c for c in range(T) for _ in range(state.hands[seat * T + c])]
        market = [c for c in range(T) for _ in range(state.market[c])]
        if len(hand) > 6 or len(market) > 6:
            continue
        reached = _step_trades(state)
        for g in range(1, len(hand) + 1):
            for gives in set(itertools.combinations(hand, g)):
                for t in range(1, len(market) + 1):
                    for takes in set(itertools.combinations(market, t)):
                        trade = rules.move_type.make(TRADE, gives, takes)
                        value = lambda cards: sum(rules.trade[c] for c in cards)
                        overpaid = (state.overpays(trade) and value(gives) >= value(takes)
                                    and value(takes) <= state.hand_value(seat))
                        try:
                            move = engine.parse_move(state, str(trade))
                        except IllegalMoveError as refused:
                            assert str(trade) not in reached and not overpaid
                            # (the rule carried apart: a screen says it whole)
                            assert refused.reason and refused.reason in str(refused)
                            continue
                        after = state.clone()
                        after.apply(move)
                        if overpaid:
                            assert str(move) not in reached
                            for c in range(T):
                                moved = takes.count(c) - gives.count(c)
                                assert after.hands[seat * T + c] == \
                                    state.hands[seat * T + c] + moved
                                assert after.market[c] == state.market[c] - moved
                        else:
                            assert str(move) in reached
                            assert after.to_json() == reached[str(move)].to_json()
                        checked += 1
        if checked > 150:
            break
    assert checked > 20


@pytest.mark.parametrize("game", EDITIONS)
def test_trade_text_round_trips_and_bad_text_is_refused(game):
    engine = EDITIONS[game]
    move = engine.parse_text("trade talisman pot_shard for pharaohs_mask")
    assert str(move) == "trade pot_shard talisman for pharaohs_mask"
    assert engine.parse_text(str(move)) is move and eval(repr(move), vars(engine)) is move
    for text in ("trade for coin", "trade coin for", "trade coin", "trade coin for for coin",
                 "trade gold for coin", "trade thief for coin", "trade " + "coin " * 400):
        with pytest.raises(InvalidMoveError):
            engine.parse_text(text)


def test_illegal_trades_say_why():
    data = cards_data.load("archaeology")
    state, _ = archaeology.state_from_view(archaeology.example_view(data), data, 0)
    # hand: 2 parchment scraps, 2 coins, a broken cup, a mask; marketplace: 7 pot shards,
    # a coin, 2 talismans
    for text, reason in (
            ("trade coin for talisman", "do not cover the takes"),
            ("trade talisman for coin", "you hold 0 talismans, not 1"),
            ("trade coin for pharaohs_mask", "the marketplace holds 0 pharaoh's masks, not 1"),
            ("trade coin coin coin for talisman", "you hold 2 coins, not 3")):
        with pytest.raises(IllegalMoveError, match=reason):
            archaeology.parse_move(state, text)
    # the rule carried apart (play cut it out of the message at " is not legal here: "),
    # the move as typed (it said the engine's 'trade coin coin coin for talisman')
    with pytest.raises(IllegalMoveError) as refused:
        archaeology.parse_move(state, "trade 3 Coins for talisman")
    assert refused.value.reason == "you hold 2 coins, not 3"
    assert str(refused.value) == ("move 'trade 3 Coins for talisman' is not legal here: you "
                                  "hold 2 coins, not 3")
    traded = state.clone()
    traded.apply(archaeology.parse_move(traded, "trade coin coin for talisman"))
    with pytest.raises(IllegalMoveError, match="no trade now"):
        archaeology.parse_move(traded, "trade parchment_scrap for pot_shard")
    mid = state.clone()
    mid.apply(archaeology.parse_move(mid, "take talisman"))
    with pytest.raises(IllegalMoveError, match="no trade in progress") as refused:
        archaeology.parse_move(mid, "trade coin coin for talisman")
    assert refused.value.reason == ("a whole trade is made in a turn's actions, with no trade "
                                    "in progress")


def test_a_players_trade_may_overpay():
    """"Any number of cards ... for any number of cards of equal or lesser trading value
    ... the difference is simply lost": a whole trade that gives more than its takes need
    was refused ("gives more than needed"), so a player who overpays at a real table could
    not be followed. The steps still never make one (dominated), so the search is as it
    was; the whole trade moves its cards at once, and is told and recorded as played."""
    data = cards_data.load("archaeology")
    state, seat = archaeology.state_from_view(archaeology.example_view(data), data, 0)
    names = list(data.cards.names) if hasattr(data, "cards") else None
    move = archaeology.parse_move(state, "trade coin pharaohs_mask for talisman")
    assert state.overpays(move) and move not in state.legal_moves()
    after = state.clone()
    after.apply(move)
    T = state.rules.treasures
    index = state.rules.cards.names.index
    hand = lambda s: s.hands[seat * T:(seat + 1) * T]
    for card, change in (("coin", -1), ("pharaohs_mask", -1), ("talisman", 1)):
        assert hand(after)[index(card)] == hand(state)[index(card)] + change
        assert after.market[index(card)] == state.market[index(card)] - change
    assert after.hand_sizes[seat] == state.hand_sizes[seat] - 1
    with pytest.raises(IllegalMoveError, match="no trade now"):  # one trade between explores
        archaeology.parse_move(after, "trade parchment_scrap for pot_shard")
    assert archaeology.describe_event(state, move, seat).startswith("you traded")
    # every seat's information is the trade's public record: the views agree
    steps = archaeology.view_of(after, seat)
    assert archaeology.state_from_view(steps, data, 0)[0].hands[seat * T:(seat + 1) * T] == \
        hand(after)


@pytest.mark.parametrize("game", EDITIONS)
def test_the_notation_says_a_trade_may_overpay(game):
    """The notation said "no give may be left out (give fewer and sell the rest)" after a
    player's whole trade could overpay (the test above): a player reading it held a legal
    trade for refused. It says what the rulebook and the engine do."""
    form = dict(EDITIONS[game].NOTATION)["trade pot_shard talisman for pharaohs_mask"]
    assert "left out" not in form and "a give they do not need is allowed" in form
    # (it left out track, which takes a whole trade in one line, as the discard's form says)
    assert form.endswith("hint, best-move, play, track and game records take it as one move")


@pytest.mark.parametrize("game", EDITIONS)
def test_the_notation_gives_a_sandstorm_discard_whole_and_its_steps(game):
    """The notation's discard forms said nothing of which one hints and reviews name ("discard
    parchment_scrap coin", the whole discard) and which play, track and records take, and
    the one-card form read as "one move per card", the way to discard: it says the whole
    discard is one move, and that one card at a time is the same discard (both read)."""
    engine = EDITIONS[game]
    forms = dict(engine.NOTATION)
    whole, steps = forms["discard coin broken_cup map"], forms["discard coin"]
    assert "The whole discard is one move: hint and review name it so" in whole
    assert "best-move, play, track and game records take it" in whole
    assert steps.startswith("the same discard one card at a time")
    assert "play and track asking for the next card" in steps
    assert engine.parse_text("discard coin broken_cup map").kind == DISCARDS
    typed = normalise("discard 2 coins map", engine.FORMS)  # (as play and track read it)
    assert engine.parse_text(typed) == engine.parse_text("discard map coin coin")
    assert engine.parse_text("discard coin").kind == DISCARD

def test_moves_in_the_words_of_the_issue():
    data = cards_data.load("archaeology")
    state, _ = archaeology.state_from_view(archaeology.example_view(data), data, 0)
    say = archaeology.describe
    assert say(state, archaeology.parse_text("trade talisman pot_shard for pharaohs_mask")) == (
        "trade 1 talisman + 1 pot shard for 1 pharaoh's mask (trade value 4 for 4)")
    assert say(state, archaeology.parse_text("sell parchment_scrap 2")) == (
        "sell 2 parchment scraps for $2")
    assert say(state, archaeology.parse_text("explore 5")) == (
        "explore the 5-card chamber with 2 maps: take its 5 cards")
    data = cards_data.load("expedition")
    deal = expedition.make_deal(players=2, seed=1, data=data, monument="great_pyramid")
    state = expedition.state_from_deal(deal, data)
    assert expedition.describe(state, expedition.parse_text("explore B")) == (
        "explore chamber B with 2 maps: take its 5 cards")
    deal = expedition.make_deal(players=2, seed=1, data=data, monument="tomb")
    state = expedition.state_from_deal(deal, data)
    assert expedition.describe(state, expedition.parse_text("explore A")) == (
        "explore chamber A with 1 map: look at its 7 cards and keep 2")
    with pytest.raises(InvalidMoveError):
        expedition.describe(state, archaeology.parse_text("end").kind)


@pytest.mark.parametrize("game", EDITIONS)
def test_a_records_trade_steps_are_one_decision_named_by_the_trade(game):
    engine, data = EDITIONS[game], cards_data.load(game)
    state = next(_fresh_turns(game))
    text, after = next(iter(_step_trades(state).items()))
    trade = engine.parse_move(state, text)
    steps = [str(step) for step in state.trade_steps(trade)]
    before = state.to_json()
    assert played_decision(state, steps + ["end"], engine.parse_move) == (len(steps), text,
                                                                          True)
    assert played_decision(state, steps[:-1], engine.parse_move) == (len(steps) - 1, None,
                                                                     False)
    assert played_decision(state, [text], engine.parse_move) == (1, text, True)
    assert state.to_json() == before
    assert all(m.kind != TAKE for m in example_decisions(state))


@pytest.mark.parametrize("game", EDITIONS)
def test_a_record_holding_a_whole_trade_replays(game):
    from games.record import GameRecord, final_state, read_record

    engine, data = EDITIONS[game], cards_data.load(game)
    deal = engine.make_deal(players=2, seed=3, data=data)
    record = GameRecord.start(game, deal)
    state = record.initial_state(data)
    rng = random.Random(3)
    traded = 0
    while not state.is_terminal() and traded < 3:
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        seat = state.current_player()
        trades = _step_trades(state) if state.phase == P_ACTION and \
            state.trade_takes is None else {}
        if trades:
            text = sorted(trades)[0]
            traded += 1
        else:
            text = str(rng.choice([m for m in state.legal_moves()
                                   if m.kind not in (TAKE, GIVE)]))
        record = record.played(seat, text)
        state.apply(engine.parse_move(state, text))
    assert traded
    back = read_record(record.to_json(), game, data)
    assert final_state(back, data).to_json() == state.to_json()
    assert registry.engine(game) is engine
