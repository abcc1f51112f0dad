"""The card games' samplers draw from the exact posterior (issue 9).

On card data small enough to enumerate every deal (``posterior_enumeration``), each test
plays a seeded game to a position with the events named, derives the exact law of the
hidden state for *every* seat (not only the one to act), and checks that the engine's
``determinize`` never leaves its support and that its frequencies pass a chi-square test
(``scipy.stats.chisquare``, fixed seeds, significance 0.001; categories expected fewer
than 5 times are pooled).

Archaeology's joint sampler has two exact paths (``games.archaeology.hidden.Posterior``):
the recursion over the hands, and for large tables a product proposal with a rejection
step (zero bias: a proposal is accepted with the exact ratio of the target to the bound),
which falls back on the recursion after too many rejections. The 3- and 4-player tests
run the recursion and the rejection step; the slow run adds the rejection step forced to
fall back, and longer histories.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from scipy.stats import chisquare

import cards_data
from games import lootnrun
from games.archaeology import make_deal, state_from_deal
from games.archaeology.hidden import R_DISCARD, R_EXPLORE, R_SELL, R_STEAL, R_TRADE, Posterior
from games.archaeology.rules import P_STEAL, P_STORM
from games.lootnrun import Awaken, Keep, Reshuffle

sys.path.insert(0, str(Path(__file__).parent))  # the enumerator lives beside this file
from posterior_enumeration import (archaeology_hidden, archaeology_posterior,  # noqa: E402
                                   lootnrun_hidden, lootnrun_posterior, record_game,
                                   small_archaeology_text, small_lootnrun)

SAMPLES = 3000
ALPHA = 1e-3

#: The small card file (``--cards``): its text, and the data it loads to.
SMALL_TEXT = small_archaeology_text(
    {"pot_shard": 3, "parchment_scrap": 3, "coin": 2, "talisman": 2, "broken_cup": 2,
     "pharaohs_mask": 1, "map": 2},
    hand=2, market=2, chambers=[(1, 1), (2, 2)], thieves=2, sandstorms=2, removed={3: 1, 4: 1})
SMALL = cards_data.load_text(SMALL_TEXT, source="small-archaeology.toml", game_id="archaeology")
EVENTS = {"steal": R_STEAL, "discard": R_DISCARD, "trade": R_TRADE, "explore": R_EXPLORE,
          "sell": R_SELL}


def _uniform(state, moves, rng):
    return moves[rng.randrange(len(moves))]


def _position(players: int, events: tuple[str, ...], *, by_others: bool = False, also=None,
              seeds=range(500)):
    """The first seeded random game (of ``seeds``) reaching a decision after every event in
    ``events`` (``by_others``: a theft between two seats that are not the one to act;
    ``also``: an extra condition on the state); returns (deal state, steps, position)."""
    wanted = {EVENTS[e] for e in events}
    for seed in seeds:
        start = state_from_deal(make_deal(players=players, seed=seed, data=SMALL), SMALL)
        state = start.clone()

        def done(s, decisions):
            kinds = {event[0] for event in s.record.events()}
            ok = wanted <= kinds and (also is None or also(s))
            if by_others:
                ok = ok and any(s.current_player() not in (t, v) for t, v, _ in s.steals)
            return ok or decisions > 40

        steps = record_game(state, _uniform, random.Random(seed), stop=done)
        if not state.is_terminal() and done(state, 0):
            return start, steps, state
    raise AssertionError(f"no game reaches {events}")


def _agrees(law: dict, draw, context: str) -> None:
    counts = Counter(draw() for _ in range(SAMPLES))
    outside = [key for key in counts if key not in law]
    assert not outside, f"{context}: sampled a world no deal explains: {outside[0]}"
    if len(law) == 1:
        return
    keys = sorted(law, key=lambda k: -law[k])
    expected = [float(law[k]) * SAMPLES for k in keys]
    observed = [counts.get(k, 0) for k in keys]
    big = [i for i, e in enumerate(expected) if e >= 5]
    small = [i for i, e in enumerate(expected) if e < 5]
    exp = [expected[i] for i in big] + ([sum(expected[i] for i in small)] if small else [])
    obs = [observed[i] for i in big] + ([sum(observed[i] for i in small)] if small else [])
    if len(exp) > 1:
        result = chisquare(obs, exp)
        assert result.pvalue > ALPHA, f"{context}: chi-square p = {result.pvalue:.2g}"


def _check_archaeology(start, steps, position, *, mode: str = "auto") -> None:
    for seat in range(position.num_players):
        law = archaeology_posterior(SMALL, start, steps, seat)
        root = position.clone()
        root._sampler = None
        rng = random.Random(seat + 11)
        _agrees(law, lambda: archaeology_hidden(root.determinize(seat, rng), seat),
                f"{position.num_players} players, seat {seat}, {mode}")


@pytest.fixture(params=["recursion", "rejection",
                        pytest.param("fallback", marks=pytest.mark.slow)])
def sampler_mode(request, monkeypatch):
    """The joint sampler's exact paths (see the module docstring)."""
    if request.param != "recursion":
        monkeypatch.setattr(Posterior, "EXACT_WORK", 0)
    if request.param == "fallback":
        monkeypatch.setattr(Posterior, "PATIENCE", 1)
    return request.param


# --- Archaeology, 2 players ------------------------------------------------------------------

@pytest.mark.parametrize("events", [("steal", "discard", "trade"), ("explore", "sell"),
                                    ("trade", "sell", "discard")])
def test_archaeology_two_players_after(events):
    _check_archaeology(*_position(2, events))


def test_archaeology_mid_trade_and_mid_sandstorm():
    """Worlds for the seat not to act keep the announced gives and the discards owed."""
    _check_archaeology(*_position(2, ("trade",), also=lambda s: s.trade_takes is not None
                                  and any(s.trade_gives)))
    _check_archaeology(*_position(2, ("discard",), also=lambda s: s.phase == P_STORM))


def test_archaeology_while_the_thief_chooses():
    _check_archaeology(*_position(2, ("sell",), also=lambda s: s.phase == P_STEAL))


# --- Archaeology, 3 and 4 players -----------------------------------------------------------

def test_archaeology_three_players_theft_between_others(sampler_mode):
    _check_archaeology(*_position(3, ("steal", "trade"), by_others=True), mode=sampler_mode)


def test_archaeology_three_players_sandstorm_and_explore(sampler_mode):
    _check_archaeology(*_position(3, ("discard", "explore")), mode=sampler_mode)


def test_archaeology_four_players(sampler_mode):
    _check_archaeology(*_position(4, ("steal", "discard")), mode=sampler_mode)


@pytest.mark.slow
@pytest.mark.parametrize("players,events", [(3, ("steal", "discard", "trade", "sell")),
                                            (4, ("steal", "trade", "explore")),
                                            (4, ("steal", "discard", "sell"))])
def test_archaeology_longer_histories(players, events, sampler_mode):
    _check_archaeology(*_position(players, events, by_others=True), mode=sampler_mode)


# --- Loot N Run ------------------------------------------------------------------------------

LOOT = small_lootnrun({"red": 5, "yellow": 1, "green": 1})


def _lootnrun_position(players: int):
    """A seeded random game after a reshuffle, a Werewolf's keep and an Awaken, with rooms
    face down in front of someone."""
    wanted = {Keep, Awaken, Reshuffle}
    for seed in range(3000):
        start = lootnrun.state_from_deal(lootnrun.make_deal(players=players, seed=seed,
                                                            data=LOOT), LOOT)
        state = start.clone()

        def done(s, decisions):
            return ((wanted <= {type(m) for _, m in s.log} and any(s.fronts))
                    or decisions > 30)

        steps = record_game(state, _uniform, random.Random(seed), stop=done)
        if not state.is_terminal() and wanted <= {type(m) for _, m in state.log} and any(
                state.fronts):
            return start, steps, state
    raise AssertionError("no game reaches a reshuffle, a Werewolf and an Awaken")


@pytest.mark.parametrize("players", [2, 3])
def test_lootnrun_after_a_reshuffle_a_werewolf_and_an_awaken(players):
    start, steps, position = _lootnrun_position(players)
    for seat in range(players):
        law = lootnrun_posterior(start, steps, seat)
        rng = random.Random(seat + 5)
        _agrees(law, lambda: lootnrun_hidden(position.determinize(seat, rng), seat),
                f"Loot N Run, {players} players, seat {seat}")
