"""The sampler that sees the other hands draws from the exact conditional posterior (issue 22
§3, the headroom of inference).

``determinize_given_hands(seat, rng)`` keeps the other seats' hands as the state holds them
and draws everything else ``seat`` has not seen (chambers, reserve, the dig site, the cards
of thefts between two other seats, the other seats' secrets) as the exact sampler would
given those hands. The proof reuses the exact sampler's harness (``posterior_enumeration``,
issues 9 and 11): on card data small enough to enumerate every deal, the exact law of the
hidden state is derived for every seat, restricted to the outcomes whose other hands are
the true ones and renormalised; the sampler must never leave that support and its
frequencies must pass the same chi-square test. So "the hands are right" is not enough: the
rest must follow the conditional law.
"""

from __future__ import annotations

import functools
import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from games.archaeology.hidden import R_EXPLORE, R_LOOK, R_RETURN, R_REVEAL, Posterior

sys.path.insert(0, str(Path(__file__).parent))  # the enumerator lives beside this file
from posterior_enumeration import (archaeology_hidden, archaeology_posterior,  # noqa: E402
                                   expedition_hidden, expedition_posterior)
from test_card_posteriors import SMALL, _agrees, _position  # noqa: E402
from test_expedition_posteriors import TOMB, _after  # noqa: E402
from test_expedition_posteriors import _position as _expedition_position  # noqa: E402


@pytest.fixture(params=["recursion", "rejection"])
def sampler_mode(request, monkeypatch):
    """The joint sampler's two exact paths (``games.archaeology.hidden.Posterior``)."""
    if request.param == "rejection":
        monkeypatch.setattr(Posterior, "EXACT_WORK", 0)
    return request.param


def _given(law: dict[tuple, Fraction], hands: tuple) -> dict[tuple, Fraction]:
    """``law`` conditioned on the other hands (the first part of every key) being ``hands``."""
    kept = {key: p for key, p in law.items() if key[0] == hands}
    total = sum(kept.values())
    return {key: p / total for key, p in kept.items()}


def _check(position, laws, hidden, context: str) -> None:
    """For every seat: the conditioned sampler against the conditioned exact law. At least
    one seat must have several outcomes left (else nothing but the hands was tested)."""
    sizes = []
    for seat, law in enumerate(laws):
        truth = hidden(position, seat)
        given = _given(law, truth[0])
        assert given, f"{context}, seat {seat}: the true hands are outside the exact law"
        sizes.append((len(law), len(given)))
        root = position.clone()
        root._sampler = None
        rng = random.Random(seat + 23)
        _agrees(given, lambda: hidden(root.determinize_given_hands(seat, rng), seat),
                f"{context}, seat {seat}, given the hands")
    assert max(g for _, g in sizes) >= 4, f"{context}: too little left to test ({sizes})"
    # the hands did carry information: conditioning removed outcomes for some seat
    assert any(g < n for n, g in sizes), f"{context}: the hands told nothing ({sizes})"


def _archaeology_laws(start, steps, position) -> list[dict[tuple, Fraction]]:
    return [archaeology_posterior(SMALL, start, steps, seat)
            for seat in range(position.num_players)]


def _archaeology(start, steps, position, context: str) -> None:
    _check(position, _archaeology_laws(start, steps, position), archaeology_hidden, context)


def _expedition(start, steps, position, context: str) -> None:
    _check(position, [expedition_posterior(start.rules.data, start, steps, seat)
                      for seat in range(position.num_players)], expedition_hidden, context)


@functools.cache
def _theft_between_others() -> tuple:
    """A 3-player position and its exact laws where, for seat 0, the card of a theft
    between the two other seats is not told by their hands (seed 11 is the first such
    game; the test says so if it stops being)."""
    start, steps, position = _position(3, ("steal",), by_others=True, seeds=range(11, 500))
    return position, _archaeology_laws(start, steps, position)


def test_archaeology_two_players():
    _archaeology(*_position(2, ("steal", "discard", "trade")), "2 players")


def test_archaeology_theft_between_two_other_seats(sampler_mode):
    """The card of a theft between two other seats can stay hidden given both hands (a
    port): it is drawn from its conditional law, not read off the hands."""
    position, laws = _theft_between_others()
    given = _given(laws[0], archaeology_hidden(position, 0)[0])
    assert len({key[3] for key in given}) >= 2, "the thefts' cards are known given the hands"
    _check(position, laws, archaeology_hidden, f"3 players, {sampler_mode}")


def test_archaeology_four_players(sampler_mode):
    _archaeology(*_position(4, ("steal", "discard")), f"4 players, {sampler_mode}")


def test_expedition_temple_a_look_then_the_looker_takes_the_chamber():
    """The look's secret is traced back through the looker's hand, whose composition is now
    given; the chamber nobody took is drawn with the rest."""
    taken = _after(lambda e: e[0] == R_LOOK,
                   lambda e, look: e[0] == R_EXPLORE and e[1:] == look[1:])
    _expedition(*_expedition_position("temple", ("look", "explore"), also=taken),
                "temple, looker explores")


def test_expedition_tomb_keeps(sampler_mode):
    _expedition(*_expedition_position("tomb", ("keep",), keepers=2, data=TOMB),
                f"tomb, {sampler_mode}")


def test_expedition_mine_draws_after_a_bust():
    redraw = _after(lambda e: e[0] == R_RETURN, lambda e, _: e[0] == R_REVEAL)
    _expedition(*_expedition_position("mine", ("return",), also=redraw), "mine")


def test_the_exact_sampler_is_unchanged_beside_it():
    """Asking for worlds given the hands caches its own reading: the exact sampler's draws
    on the same state are those of a state that was never asked."""
    _, _, position = _position(3, ("steal", "trade"), by_others=True)
    fresh = position.clone()
    fresh._sampler = None
    asked = position.clone()
    asked._sampler = None
    asked.determinize_given_hands(0, random.Random(1))
    for seat in range(3):
        a, b = random.Random(seat), random.Random(seat)
        for _ in range(5):
            assert (archaeology_hidden(fresh.determinize(seat, a), seat)
                    == archaeology_hidden(asked.determinize(seat, b), seat))
