"""Loot N Run services: ISMCTS move hints, beliefs, arena bots and the demo section.

The greedy heuristic is in ``policy``. ``ismcts`` and ``pimc`` search
with 1,000 iterations per decision unless the arena says otherwise; ``ismcts-inference``
weights its worlds by the opponents' play (``opponent``), ``ismcts-plain`` never does, and
``ismcts`` is one of them by :data:`INFERENCE`.

**Beliefs** (``beliefs``, ``hint --beliefs``): from worlds of the exact sampler, the chance
that each face-down room in front of another seat, and each deck's top room, is a
guardian, and the chance that awakening each other seat would catch it (more guardians
than amulets in front). With ``--inference on`` the worlds are weighted by the opponents'
play (``solvers.ismcts.inference``, the model in ``opponent``): a seat that kept looting
holding rooms greedy would have run with is less likely to hold them.
"""

from __future__ import annotations

import itertools
from typing import Any, Hashable, Sequence

from cards_data.lootnrun import LootNRunData
from games import lootnrun
from games.lootnrun import LootNRunState
from games.seeding import Seed, make_rng
from solvers.ismcts.bots import IsmctsBot, PimcBot, PolicyBot, RandomBot
from solvers.hints import Column, Hint, stamped
from solvers.limits import Limit
from solvers.ismcts.beliefs import beliefs as sampled_beliefs
from solvers.ismcts.hint import win_hint
from solvers.ismcts.inference import chosen_model

from .opponent import GreedyAgreement
from .policy import greedy_policy

__all__ = ["hint", "hint_through", "beliefs", "BOTS", "demo_section", "MODEL", "INFERENCE"]

#: The opponent model of ``--inference`` (``opponent``): where greedy, holding a sampled
#: world's rooms, would have stayed as the seat did, the world weighs about 3 times more
#: (``GreedyAgreement.stay``, 1.107). Fitted by maximum likelihood
#: (``inference.fit_agreement``) on eight 3-seat self-play games of the ``ismcts`` bot at
#: 1,000 iterations (deals of seeds 100-107, bot seeds 10 x seed + seat): of its 253
#: decisions with 1 to 4 rooms in front it ran or stayed as greedy would 227 times (180.7
#: by chance), beta 1.546; docs/strength.md §3.
MODEL = GreedyAgreement(1.546)
#: Inference on by default: only where it measured stronger (docs/strength.md §3, §5).
INFERENCE = False

EXPECTED_SCORE = Column("expected_score", "mean final score of the seat in those playouts", 2)
class GreedyBot(PolicyBot):
    """The greedy heuristic of ``policy``."""

    name = "greedy"
    policy = staticmethod(greedy_policy)


class InferenceBot(IsmctsBot):
    """ISMCTS with its worlds weighted by the opponents' play (:data:`MODEL`)."""

    model = MODEL


BOTS = {"random": RandomBot, "greedy": GreedyBot,
        "ismcts": InferenceBot if INFERENCE else IsmctsBot, "ismcts-inference": InferenceBot,
        "ismcts-plain": IsmctsBot, "pimc": PimcBot}


def hint(view: dict[str, Any], *, data: LootNRunData, limit: Limit = Limit(), seed: Seed = 0,
         top: int = 10, inference: bool | None = None) -> Hint:
    """Rank the moves of the seat to act in ``view`` by ISMCTS win chance (uniformly random
    rollouts, the search's default); the hint says which form of view it read
    (``view_form``); ``inference`` on or off (``None``: :data:`INFERENCE`) weights the
    worlds by the opponents' play."""
    rng = make_rng(seed)  # one stream: the view's world, then the search
    reading = lootnrun.read_view(view, data, rng)
    world = reading.world
    return stamped(win_hint("lootnrun", world, reading.seat, limit=limit, seed=seed, rng=rng,
                            top=top, search_options={}, score=EXPECTED_SCORE,
                            words=lambda move: lootnrun.describe(world, move),
                            inference=chosen_model(inference, INFERENCE, MODEL)), reading)


def hint_through(view: dict[str, Any], moves: Sequence[str], *, playouts: int,
                 data: LootNRunData, limit: Limit = Limit(), seed: Seed = 0,
                 top: int = 10, always: bool = False) -> Hint:
    """``solvers.review``'s hook: the hint of ``view`` (the same search as :func:`hint`'s),
    with the move played (the record's one move, ``moves``) given ``playouts`` playouts
    after the budget, which value its row where the search left it fewer, or ``always``
    (``win_hint``'s ``through``)."""
    rng = make_rng(seed)  # one stream, as hint's
    reading = lootnrun.read_view(view, data, rng)
    world = reading.world
    (text,) = moves
    return stamped(win_hint("lootnrun", world, reading.seat, limit=limit, seed=seed, rng=rng,
                            top=top, search_options={}, score=EXPECTED_SCORE,
                            words=lambda move: lootnrun.describe(world, move),
                            inference=chosen_model(None, INFERENCE, MODEL),
                            through=lootnrun.parse_move(world, text),
                            through_playouts=playouts, through_always=always), reading)


def _hidden_rooms(world: LootNRunState, seat: int) -> dict[tuple[Any, ...], bool]:
    """What a belief counts in a sampled world: each face-down room of another seat and
    each deck's top room a guardian or not, and each other seat caught if awakened."""
    t = world.rules
    out: dict[tuple[Any, ...], bool] = {}
    for other, front in enumerate(world.fronts):
        if other == seat or not front:
            continue
        for i, room in enumerate(front):
            out[("room", other, i)] = t.guardian[room] is not None
        out[("caught", other)] = (sum(t.guardian[r] is not None for r in front)
                                  > sum(t.amulet[r] for r in front))
    for d, deck in enumerate(world.decks):
        if deck:
            out[("deck", d)] = t.guardian[deck[-1]] is not None
    return out


def beliefs(view: dict[str, Any], *, data: LootNRunData, seed: Seed = 0,
            inference: bool | None = None) -> dict[str, Any]:
    """What the view's seat can infer of the face-down rooms (module docstring): rows of
    kind ``rooms`` with ``p`` the chance of a guardian (``what``: ``guardian``) or of a
    catch (``what``: ``caught if awakened``), from sampled worlds weighted by the
    opponents' play when inference is on (``None``: :data:`INFERENCE`)."""
    reading = lootnrun.read_view(view, data, make_rng(seed))
    world, seat = reading.world, reading.seat
    back = world.rules.back

    def describe(key: Hashable) -> dict[str, Any]:
        assert isinstance(key, tuple)
        if key[0] == "room":
            return {"seat": key[1], "room": key[2], "back": back[world.fronts[key[1]][key[2]]],
                    "what": "guardian"}
        if key[0] == "deck":
            return {"deck": key[1], "back": back[world.decks[key[1]][-1]], "what": "guardian"}
        return {"seat": key[1], "what": "caught if awakened"}

    return sampled_beliefs(world, seat, kind="rooms", seed=seed, flags=_hidden_rooms,
                           describe=describe, model=chosen_model(inference, INFERENCE, MODEL))


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def demo_section(data: LootNRunData) -> str:
    """An ISMCTS hint on the example view, in the words of ``play``'s screen (the position
    as the seat knows it, the moves as a player says them)."""
    view = lootnrun.example_view(data)
    reading = lootnrun.read_view(view, data, 0)
    world = reading.world
    result = hint(view, data=data, limit=Limit(iterations=300), seed=0, top=5)

    def words(text: str | None) -> str:
        return lootnrun.describe(world, lootnrun.parse_move(world, text)) if text else "-"

    lines = lootnrun.describe_position(world, reading.seat)
    lines.append(f"ISMCTS, 300 iterations, seed 0 — best move: {words(result.best)}")
    lines.extend(f"  {m.rank}. {words(m.move)} — win {_pct(m.value)} ± {_pct(m.stderr)} "
                 f"({m.visits} visits)" for m in itertools.islice(result.rows, 5))
    return "\n".join(lines)
