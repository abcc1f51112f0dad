"""JSON deals and player views of Pyramids, read by ``games.reader``.

**Deal**, version 2 (every shuffle fixed)::

    {"game": "pyramids", "players": 1, "seed": 7, "rounds": 4, "steps_per_round": 7,
     "dealt": [[3, 17, 22, 41]],            # 4 cards per seat
     "deck": [...],                          # the 48 - 4P undealt cards, top first
     "return_positions": [5, 30],            # where the returned cards land
     "expedition": [["I3", "O4", ...], ...]} # each round's full shuffled order of the 8

The queue after setup (display = its first 4 cards, the deck the rest) has
``48 - 2P`` cards: the ``i``-th returned card (seat by seat, ascending order numbers
within a seat) sits at ``return_positions[i]``, the undealt ``deck`` fills the other
positions in order. So the deal fixes where the returned cards go whatever is kept.
``rounds`` and ``steps_per_round`` default to the rules (4 and 7); smaller values give the
short analysis deals used by the exhaustive baseline and benchmarks. ``seed`` (an integer
or null) only records where the deal came from. Pyramids has no first player: every seat
acts at once.

**Player view**, version 2 (what one seat sees, at a crossing decision, current card
revealed)::

    {"game": "pyramids", "players": 2, "seat": 0, "round": 1,
     "revealed": ["I3", "L4"],              # this round so far; the last is current
     "cards": [{"order": 5, "crossed": ["A1", "B1"]}, {"order": 17, "crossed": []}],
     "completed": [12],                     # the seat's completed cards
     "score_card": {"red_gems": 1, "green_gems": 0, "torches": [1], "skulls": 2,
                    "pyramid_points": [["green", 10]]},
     "display": [8, 30, 33, 45], "deck_size": 31,
     "others": [{"seat": 1, "cards": [...], "completed": [...], "score_card": {...}}]}

``torches`` lists the rounds (1-based) whose torch is crossed. ``score_card`` is
required for every seat (a missing one was read as an empty card, silently: issue 20);
inside it ``red_gems``, ``green_gems`` and ``skulls`` default to 0 and ``torches`` and
``pyramid_points`` to ``[]``; each gem count is at least the gems of its colour crossed off
on the seat's cards in play (up to 10: the score card crosses one at once for each).
``completed`` defaults to ``[]``. A card slot may be ``null`` only when the deck and
display are empty. ``rounds`` and ``steps_per_round`` may be given as in the deal. Every
seat is to move at a crossing decision, so a view has no ``to_move``.

Version 2 (November 2026) against version 1: ``seat`` is required (it defaulted to 0);
unknown keys are refused with their path; a boolean is never read as a number.
"""

from __future__ import annotations

import random
from typing import Any, TypedDict

import cards_data
from cards_data.pyramids import PyramidsData
from grids.cells import cell_name, cells_of, popcount

from ..errors import InvalidStateError
from ..forgiving import did_you_mean
from ..reader import (VIEW_MARK, Node, check_ids, read_cells, read_document, read_fingerprint,
                      read_id, read_ids, read_seats)
from ..seeding import Seed, make_rng
from ..table import plural
from .moves import Cross
from .rules import is_connected_region
from .state import PyramidsState

__all__ = ["make_deal", "state_from_deal", "example_view", "state_from_view", "view_of"]


def make_deal(*, players: int, seed: Seed, data: PyramidsData, rounds: int | None = None,
              steps_per_round: int | None = None) -> dict[str, Any]:
    """A seeded deal (see the module docstring)."""
    rounds = data.rounds if rounds is None else rounds
    steps = data.expeditions_per_round if steps_per_round is None else steps_per_round
    _check_table(players, rounds, steps, data)
    rng = make_rng(seed)
    cards = [c.order for c in data.cards]
    rng.shuffle(cards)
    dealt = [sorted(cards[i * data.deal:(i + 1) * data.deal]) for i in range(players)]
    rest = cards[players * data.deal:]
    n_returned = players * (data.deal - data.keep)
    positions = rng.sample(range(len(rest) + n_returned), n_returned)
    expedition: list[list[str]] = []
    for _ in range(rounds):
        order = list(data.expedition_deck)
        rng.shuffle(order)
        expedition.append(order)
    return {"game": "pyramids", "players": players, "seed": seed if isinstance(seed, int) else None,
            "rounds": rounds, "steps_per_round": steps, "dealt": dealt, "deck": rest,
            "return_positions": positions, "expedition": expedition}


def _check_table(players: object, rounds: object, steps: object, data: PyramidsData) -> None:
    if not isinstance(players, int) or isinstance(players, bool):
        raise InvalidStateError(f"players: expected an integer, got {players!r}")
    refused = cards_data.seats_refused(data, players)
    if refused is not None:
        raise InvalidStateError(f"players: {refused}")
    # (in words, as every other refusal: `best-score --rounds 5` said "rounds: 5 is not
    # 1..4")
    if not isinstance(rounds, int) or not 1 <= rounds <= data.torches:
        raise InvalidStateError(f"rounds: a deal has 1 to {data.torches} rounds, not "
                                f"{rounds!r}")
    if not isinstance(steps, int) or not 1 <= steps < len(data.expedition_deck):
        raise InvalidStateError(f"steps_per_round: a round reveals 1 to "
                                f"{len(data.expedition_deck) - 1} expedition cards, not "
                                f"{steps!r}")


def _read_length(node: Node, data: PyramidsData) -> tuple[int, int]:
    """``rounds`` and ``steps_per_round`` (the rules' 4 and 7 when missing)."""
    rounds = node.integer("rounds", lo=1, hi=data.torches, default=data.rounds)
    steps = node.integer("steps_per_round", lo=1, hi=len(data.expedition_deck) - 1,
                         default=data.expeditions_per_round)
    return rounds, steps


def state_from_deal(deal: dict[str, Any], data: PyramidsData) -> PyramidsState:
    """The initial state (keep phase) of a deal, validated (``InvalidStateError``)."""
    node = read_document(deal, "deal")
    players = read_seats(node, data)
    node.optional_integer("seed", lo=None)
    rounds, steps = _read_length(node, data)
    known = range(1, len(data.cards) + 1)
    hands = [check_ids(node, hand, f"dealt[{i}]", known, length=data.deal)
             for i, hand in enumerate(node.items("dealt", length=players))]
    deck = read_ids(node, "deck", known)
    everything = [c for hand in hands for c in hand] + deck
    if sorted(everything) != list(known):
        node.fail(f"dealt + deck must hold each of the {len(known)} cards once")
    returned = players * (data.deal - data.keep)
    positions = check_ids(node, node.raw("return_positions"), "return_positions",
                          range(len(deck) + returned), what="position", length=returned)
    if len(set(positions)) != len(positions):
        node.fail("positions repeat", "return_positions")
    expedition = [node.check_list(order, f"expedition[{r}]") for r, order
                  in enumerate(node.items("expedition", length=rounds))]
    for r, order in enumerate(expedition):
        if sorted(map(str, order)) != sorted(data.expedition_deck):
            node.fail(f"must be an order of the expedition deck "
                      f"{sorted(data.expedition_deck)}", f"expedition[{r}]")
    node.done()
    return PyramidsState(data, players=players, dealt=hands, deck=deck, return_positions=positions,
                         expedition=expedition, rounds=rounds, steps_per_round=steps)


# --- player views -----------------------------------------------------------------------

class _ScoreCard(TypedDict):
    red_gems: int
    green_gems: int
    skulls: int
    torches: list[int]
    pyramid_points: list[tuple[str, int]]


class _Player(_ScoreCard):
    """A seat of a player view, read (``_read_player``)."""

    hand: list[int | None]
    masks: list[int]
    completed: list[int]


def _read_cards(node: Node, data: PyramidsData) -> tuple[list[int | None], list[int]]:
    """The two card slots ``cards``: ``{"order", "crossed"}`` or ``null``."""
    hand: list[int | None] = []
    masks: list[int] = []
    for i, item in enumerate(node.items("cards", length=2)):
        if item is None:
            hand.append(None)
            masks.append(0)
            continue
        slot = node.node_at(item, node.where("cards") + f"[{i}]")
        order = read_id(slot, "order", range(1, len(data.cards) + 1))
        card = data.card(order)
        mask = read_cells(slot, "crossed", default=0)
        slot.done()
        if mask & card.walls:
            walls = [cell_name(c) for c in cells_of(mask & card.walls)]
            slot.fail(f"{', '.join(walls)} " + ("is a wall" if len(walls) == 1 else "are walls")
                      + f" of card {order}", "crossed")
        if not is_connected_region(card, mask):
            slot.fail(f"the crossed boxes of card {order} are not one path from its "
                      f"entrance {cell_name(card.entrance)}", "crossed")
        if mask >> card.tomb & 1:
            slot.fail(f"card {order} has its tomb crossed, so it is completed and belongs in "
                      f"'completed'", "crossed")
        hand.append(order)
        masks.append(mask)
    return hand, masks


def _read_score_card(node: Node, data: PyramidsData, round_: int) -> _ScoreCard:
    """The score card; ``torches`` lists the rounds (1-based) whose torch is crossed."""
    card = node.table("score_card")  # required: an empty card is a claim, never a default
    gems, track = data.gems_per_colour, len(data.skull_penalties)
    red = card.integer("red_gems", hi=gems, default=0)
    green = card.integer("green_gems", hi=gems, default=0)
    skulls = card.integer("skulls", hi=track, default=0)
    torches = [card.check_int(t, f"{card.where('torches')}[{i}]", lo=1, hi=round_)
               for i, t in enumerate(card.items("torches", default=[]))]
    if len(set(torches)) != len(torches):
        card.fail("a round's torch is listed twice", "torches")
    out: _ScoreCard = {"red_gems": red, "green_gems": green, "skulls": skulls,
                       "torches": torches, "pyramid_points": []}
    for i, item in enumerate(card.items("pyramid_points", default=[])):
        where = f"{card.where('pyramid_points')}[{i}]"
        colour, points = card.check_list(item, where, length=2)
        card.check_str(colour, f"{where}[0]", data.colours)
        if card.check_int(points, f"{where}[1]") not in data.pyramid_points:
            card.fail_at(f"{where}[1]", f"{points} is not one of {list(data.pyramid_points)}")
        out["pyramid_points"].append((colour, points))
    card.done()
    return out


def _read_player(node: Node, data: PyramidsData, round_: int) -> _Player:
    """One seat's cards, completed cards and score card (the view itself, or ``others[i]``)."""
    hand, masks = _read_cards(node, data)
    completed = read_ids(node, "completed", range(1, len(data.cards) + 1), default=[])
    score = _read_score_card(node, data, round_)
    # a gem crossed off on a card is crossed on the score card at once (up to its 10) and
    # never wiped: the cards in play show the fewest the score card can hold
    for icon, shown in (("red_gem", score["red_gems"]), ("green_gem", score["green_gems"])):
        crossed = sum(popcount(m & data.card(c).icons[icon]) for c, m in zip(hand, masks)
                      if c is not None)
        if shown < min(data.gems_per_colour, crossed):
            words = icon.replace("_", " ")
            node.fail(f"{shown}, but the cards in play have {plural(crossed, words)} crossed "
                      f"off, each crossed on the score card at once", f"score_card.{icon}s")
    for colour in data.colours:
        done = sum(data.card(c).colour == colour for c in completed)
        reached = sum(n <= done for n in data.pyramid_milestones)
        won = sum(c == colour for c, _ in score["pyramid_points"])
        if won > reached:
            node.fail(f"{plural(won, colour + ' award')} but only "
                      f"{plural(reached, colour + ' milestone')} completed",
                      "score_card.pyramid_points")
    return {"hand": hand, "masks": masks, "completed": completed, **score}


def _read_revealed(node: Node, data: PyramidsData, steps: int) -> list[str]:
    """This round's expedition cards so far (the last is the current one)."""
    revealed = list(node.texts("revealed", min_length=1))
    if len(revealed) > steps:
        node.fail(f"at most {steps} expedition cards are revealed in a round", "revealed")
    deck = list(data.expedition_deck)
    for i, shape in enumerate(revealed):
        if shape not in deck:
            node.fail(f"{shape!r} is not an expedition card (the round's deck: "
                      f"{', '.join(sorted(deck))})"
                      + did_you_mean(shape, list(dict.fromkeys(deck))), f"revealed[{i}]")
        have, listed = deck.count(shape), revealed.count(shape)
        if listed > have:
            node.fail(f"the round's deck has {have} {shape}; revealed lists {listed}",
                      "revealed")
    return revealed


def _check_cards(node: Node, data: PyramidsData, people: dict[int, _Player], display: list[int],
                 deck_size: int) -> None:
    """The cross-checks between seats, display and deck."""
    places: list[tuple[str, list[int]]] = [("display", list(display))]
    for seat, p in people.items():
        places += [(f"seat {seat}'s cards", [c for c in p["hand"] if c is not None]),
                   (f"seat {seat}'s completed", list(p["completed"]))]
    seen = [c for _, cards in places for c in cards]
    dup = sorted({c for c in seen if seen.count(c) > 1})
    if dup:
        where = [name for name, cards in places if dup[0] in cards]
        node.fail(f"card {dup[0]} appears in more than one place ({', '.join(where)})"
                  + (f"; so do {dup[1:]}" if dup[1:] else ""))
    if len(seen) + deck_size != len(data.cards):
        node.fail(f"{len(seen)} visible cards + deck_size {deck_size} != {len(data.cards)} "
                  f"pyramid cards")
    if len(display) != min(data.display, len(display) + deck_size):
        node.fail(f"{len(display)} cards, but the display is refilled to {data.display} while "
                  f"the deck has cards", "display")
    for s, p in people.items():
        if None in p["hand"] and (display or deck_size):
            node.fail(f"seat {s} has an empty card slot while cards remain to take")
    if len(people) > 1:
        for colour in data.colours:
            won = sorted((pts for p in people.values() for c, pts in p["pyramid_points"]
                          if c == colour), reverse=True)
            if won != list(data.pyramid_points[: len(won)]):
                node.fail(f"{colour} pyramid points {won} are not the first tiers "
                          f"{list(data.pyramid_points)} each awarded once")


def state_from_view(view: dict[str, Any], data: PyramidsData, seed: Seed
                    ) -> tuple[PyramidsState, int]:
    """Validate a player view; return one world consistent with it and the view's seat.

    The unseen deck order and the rest of the expedition cards are sampled from ``seed``;
    seats before the view's seat (which act first in the engine's sequential model of
    simultaneous play) get uniformly sampled hidden choices."""
    node = read_document(view, "view")
    read_fingerprint(node, data, VIEW_MARK)
    players = read_seats(node, data)
    seat = node.integer("seat", hi=players - 1)
    rounds, steps = _read_length(node, data)
    round_ = node.integer("round", lo=1, hi=rounds)
    revealed = _read_revealed(node, data, steps)
    people = {seat: _read_player(node, data, round_)}
    for i, item in enumerate(node.items("others", length=players - 1)):
        other = node.node_at(item, f"others[{i}]")
        s = other.integer("seat", hi=players - 1)
        if s in people:
            other.fail(f"seat {s} is described twice", "seat")
        people[s] = _read_player(other, data, round_)
        other.done()
    display = read_ids(node, "display", range(1, len(data.cards) + 1))
    deck_size = node.integer("deck_size")
    node.done()
    _check_cards(node, data, people, display, deck_size)
    return _world(data, make_rng(seed), people, display, seat=seat, rounds=rounds, steps=steps,
                  round_=round_, revealed=revealed), seat


def _world(data: PyramidsData, rng: random.Random, people: dict[int, _Player],
           display: list[int], *, seat: int, rounds: int, steps: int, round_: int,
           revealed: list[str]) -> PyramidsState:
    """The state at ``seat``'s crossing decision of a validated view, every unseen order
    (deck, expedition cards, earlier seats' choices) sampled from ``rng``."""
    players = len(people)
    seen = set(display) | {c for p in people.values() for c in p["hand"] + p["completed"]}
    deck = [c.order for c in data.cards if c.order not in seen]
    rng.shuffle(deck)
    expedition: list[list[str]] = []
    for r in range(rounds):
        shown = revealed if r == round_ - 1 else []
        rest = list(data.expedition_deck)
        for shape in shown:
            rest.remove(shape)
        rng.shuffle(rest)
        expedition.append(list(shown) + rest)
    state = PyramidsState(data, players=players, dealt=[[] for _ in range(players)], deck=deck,
                          return_positions=[], expedition=expedition, rounds=rounds,
                          steps_per_round=steps)
    for s, p in people.items():
        st = state.seats[s]
        st.hand, st.masks = list(p["hand"]), list(p["masks"])
        st.red, st.green, st.skulls = p["red_gems"], p["green_gems"], p["skulls"]
        st.torches = [r + 1 in p["torches"] for r in range(rounds)]
        st.completed, st.pyramid = list(p["completed"]), list(p["pyramid_points"])
        for colour, _ in p["pyramid_points"]:
            state.tiers[colour] += 1
    state.display = list(display)
    state.phase, state.round, state.step = "cross", round_ - 1, len(revealed)
    state.shape = revealed[-1]
    state.to_move = 0
    while state.to_move < seat:
        moves = state.legal_moves()
        state.pending[state.to_move] = moves[rng.randrange(len(moves))]
        state.to_move += 1
    return state


def view_of(state: PyramidsState, seat: int) -> dict[str, Any]:
    """The player view of ``seat`` in a ``cross``-phase state (inverse of ``state_from_view``)."""
    if state.phase != "cross":
        raise InvalidStateError(f"a view is taken at a crossing decision, not in phase {state.phase}")

    def player(i: int) -> dict[str, Any]:
        s = state.seats[i]
        return {
            "cards": [None if o is None else {"order": o, "crossed": [cell_name(c) for c in cells_of(m)]}
                      for o, m in zip(s.hand, s.masks)],
            "completed": list(s.completed),
            "score_card": {"red_gems": s.red, "green_gems": s.green,
                           "torches": [r + 1 for r, t in enumerate(s.torches) if t],
                           "skulls": s.skulls, "pyramid_points": [list(p) for p in s.pyramid]},
        }

    view = {"game": "pyramids", "players": state.num_players, "seat": seat,
            "rounds": state.rounds, "steps_per_round": state.steps_per_round,
            "round": state.round + 1,
            "revealed": list(state.expedition[state.round][: state.step]), **player(seat),
            "display": list(state.display), "deck_size": len(state.deck),
            "others": [{"seat": i, **player(i)} for i in range(state.num_players) if i != seat]}
    return view


def example_view(data: PyramidsData) -> dict[str, Any]:
    """A view of the smallest table the card data allows (2 players; 3 with a file saying
    ``players_min = 3``) in round 2: the deal of seed 2024 played up to seat 0's fourth
    crossing of round 2 by a fixed simple policy: at every decision the crossing with the
    most boxes (pattern plus extras; the first listed among equals), or, where no crossing
    is offered (keeps, takes, pass), the first legal move. Card data with fewer rounds or
    expedition cards per round stops as late as it allows (its last round, at most its
    fourth crossing)."""
    state = state_from_deal(make_deal(players=max(2, data.players_min), seed=2024, data=data),
                            data)
    goal = (min(1, data.rounds - 1), min(4, data.expeditions_per_round))
    while True:
        if state.phase == "reveal":
            state.apply(state.chance_outcomes()[0][0])
            continue
        if state.phase == "cross" and state.to_move == 0 and (state.round, state.step) == goal:
            return view_of(state, 0)
        moves = state.legal_moves()
        crosses = [m for m in moves if isinstance(m, Cross)]
        move = max(crosses, key=lambda m: (m.cells.bit_count() + len(m.extras), -moves.index(m))) \
            if crosses else moves[0]
        state.apply(move)
