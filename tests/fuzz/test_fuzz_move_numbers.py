"""Out-of-range numbers in every move form, for every engine: ``parse_move`` refuses
them with the engine's own error, never an internal fault (an Archaeology ``explore 9``
with chambers 3, 5 and 7 was a ``KeyError`` that ended ``play`` and ``track``).

Seeded random playouts stop at every decision; a sample of the legal moves' texts, each
``example_decisions`` and each ``NOTATION`` example has each number (and each lone
capital letter, a New Expedition chamber) replaced by values out of every range, and the
result goes through ``parse_move`` and, when it is read, ``describe``.
"""

from __future__ import annotations

import random
import re

import pytest

import cards_data
from games import registry
from games.errors import DigsiteError
from games.protocol import CHANCE

ENGINES = [info.id for info in registry.GAMES.values() if info.engine_module is not None]
#: Numbers out of every range a move names (a seat, a chamber, a card, a deck, a map, a
#: rotation, a set size, a shop) and a few in range that may not be there.
NUMBERS = ("0", "1", "2", "4", "6", "9", "12", "45", "49", "99", "180", "270", "9999")
LETTERS = ("A", "D", "H", "Z")
TOKEN = re.compile(r"\d+|\b[A-Z]\b")


def variants(text: str) -> set[str]:
    """``text`` with one number (or lone capital letter) at a time replaced by each
    of ``NUMBERS`` (``LETTERS``)."""
    out = set()
    for found in TOKEN.finditer(text):
        values = LETTERS if found.group().isalpha() else NUMBERS
        for value in values:
            out.add(text[:found.start()] + value + text[found.end():])
    return out


#: Legal moves taken per decision (an Ancients market offers hundreds of finds).
SAMPLE = 12


def texts_of(engine, state, rng) -> set[str]:
    moves = sorted(str(m) for m in state.legal_moves())
    texts = set(rng.sample(moves, min(SAMPLE, len(moves))))
    example = getattr(engine, "example_decisions", None)
    if example is not None:
        texts |= {str(m) for m in example(state)}
    texts |= {form for form, _ in getattr(engine, "NOTATION", ())}
    return texts


@pytest.mark.parametrize("game_id", ENGINES)
def test_out_of_range_numbers_are_refused_not_faults(game_id):
    engine = registry.engine(game_id)
    data = cards_data.load(game_id)
    info = registry.get(game_id)
    describe = getattr(engine, "describe", None)
    for players in sorted({min(info.player_counts), max(info.player_counts)}):
        rng = random.Random(players)
        state = engine.state_from_deal(engine.make_deal(players=players, seed=players,
                                                        data=data), data)
        decisions = 0
        while not state.is_terminal() and decisions < 30:
            if state.current_player() == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply(rng.choice(outcomes)[0])
                continue
            decisions += 1
            for text in sorted(set().union(*map(variants, texts_of(engine, state, rng)))):
                try:
                    move = engine.parse_move(state, text)
                except DigsiteError:
                    continue
                except Exception as exc:  # the defect: an internal fault
                    pytest.fail(f"{game_id}: parse_move({text!r}) raised "
                                f"{type(exc).__name__}: {exc}")
                if describe is not None:
                    describe(state, move)
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
