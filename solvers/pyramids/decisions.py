"""The three decisions a Pyramids player makes, as views the hint reads.

The engine's player view (``games.pyramids.views``) is taken at a crossing decision. The
hint also answers the two other decisions, with the same view extended by ``"decision"``:

* ``"cross"`` (the default): the engine's view, unchanged.
* ``"keep"``: which 2 of the 4 dealt cards to keep, before anything else is seen::

      {"game": "pyramids", "players": 2, "seat": 0, "decision": "keep",
       "dealt": [3, 17, 22, 41], "rounds": 4, "steps_per_round": 7}

* ``"take"``: which card replaces a card just completed — a display card or the deck top.
  The crossing view of the same step after the crossings, with the completed card's slot
  ``null`` and the card last in ``completed``; other seats' ``null`` slots are their own
  replacements still to come (the engine's ``replacement_order``: seat by seat, the lowest
  order number first, so the view's seat must be next, or be replacing the second of its
  two cards: one slot ``null`` beside the card it just took, no box crossed on it).

``world_of(view, data, seed)`` validates a view (bad input raises ``InvalidStateError``)
and returns one world consistent with it, the seat and the decision; ``keep_view`` and
``take_view`` write the views of a state at those decisions (``view_of`` of the engine
writes the crossing view).
"""

from __future__ import annotations

import copy
from typing import Any, Iterable, Sequence

import cards_data
from cards_data.pyramids import PyramidsData
from games.errors import InvalidStateError
from games.pyramids import (PyramidsState, make_deal, replacement_order, state_from_deal,
                            state_from_view, view_of)
from games.reader import (VIEW_MARK, Node, read_document, read_fingerprint, read_id, read_ids,
                          read_seats)
from games.seeding import Seed, make_rng
from games.table import plural

__all__ = ["DECISIONS", "decision_of", "world_of", "keep_view", "take_view", "decision_view"]

DECISIONS = ("cross", "keep", "take")
_KEEP_KEYS = {"game", "players", "seat", "decision", "dealt", "rounds", "steps_per_round",
              VIEW_MARK}


def decision_of(view: object) -> str:
    """The decision a view asks about (``"cross"`` when it does not say)."""
    decision = view.get("decision", "cross") if isinstance(view, dict) else "cross"
    if decision not in DECISIONS:
        raise InvalidStateError(f"view.decision: {decision!r} is not one of {', '.join(DECISIONS)}")
    return decision


def world_of(view: dict[str, Any], data: PyramidsData, seed: Seed
             ) -> tuple[PyramidsState, int, str]:
    """``(world, seat, decision)`` for a view of any decision (module docstring)."""
    decision = decision_of(view)
    if decision == "keep":
        world, seat = _keep_world(view, data, seed)
    elif decision == "take":
        world, seat = _take_world(view, data, seed)
    else:
        plain = {k: v for k, v in view.items() if k != "decision"}
        world, seat = state_from_view(plain, data, seed)
    return world, seat, decision


def _keep_world(view: dict[str, Any], data: PyramidsData, seed: Seed
                ) -> tuple[PyramidsState, int]:
    if not isinstance(view, dict) or view.get("game") != "pyramids":
        raise InvalidStateError("view: not a pyramids view (\"game\" must be \"pyramids\")")
    unknown = sorted(set(view) - _KEEP_KEYS)
    if unknown:
        raise InvalidStateError(f"view: unknown key{'s' if len(unknown) > 1 else ''} {unknown} "
                                f"in a keep view")
    read_fingerprint(read_document(view, "view"), data, VIEW_MARK)
    players = view.get("players")
    if not isinstance(players, int) or isinstance(players, bool):
        raise InvalidStateError(f"view.players: expected an integer, got {players!r}")
    refused = cards_data.seats_refused(data, players)
    if refused is not None:
        raise InvalidStateError(f"view.players: {refused}")
    seat = view.get("seat", 0)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise InvalidStateError(f"view.seat: {seat!r} is not 0..{players - 1}")
    rounds = view.get("rounds", data.rounds)  # checked by make_deal
    steps = view.get("steps_per_round", data.expeditions_per_round)
    dealt = view.get("dealt")
    known = {c.order for c in data.cards}
    if not isinstance(dealt, list) or len(dealt) != data.deal or len(set(map(str, dealt))) != data.deal \
            or not all(isinstance(c, int) and not isinstance(c, bool) and c in known for c in dealt):
        raise InvalidStateError(f"view.dealt: expected {data.deal} different pyramid cards "
                                f"(1..{len(known)})")
    rng = make_rng(seed)
    deal = make_deal(players=players, seed=rng.getrandbits(63), data=data, rounds=rounds,
                     steps_per_round=steps)
    # the seat's hand is the view's: swap each of its cards in from where the deal put it
    spare = iter(c for c in deal["dealt"][seat] if c not in dealt)
    places = deal["dealt"] + [deal["deck"]]
    for card in dealt:
        if card in deal["dealt"][seat]:
            continue
        where = next(p for p in places if card in p)
        where[where.index(card)] = next(spare)
    deal["dealt"][seat] = sorted(dealt)
    world = state_from_deal(deal, data)
    while world.to_move < seat:  # earlier seats' hidden keeps: any, resampled by the hint
        moves = world.legal_moves()
        world.apply(moves[rng.randrange(len(moves))])
    return world, seat


def _take_world(view: dict[str, Any], data: PyramidsData, seed: Seed
                ) -> tuple[PyramidsState, int]:
    """The take decision: validated through the engine's reader with each replaced slot
    holding its just-completed card again (module docstring), then put back."""
    _check_take_fields(view, data)
    plain = copy.deepcopy({k: v for k, v in view.items() if k != "decision"})
    seat = plain.get("seat", 0)
    people = [(seat, plain)] + [(o.get("seat"), o) for o in plain.get("others", [])
                               if isinstance(o, dict)]
    takes, restore = [], []
    for who, person in people:
        cards = person.get("cards")
        completed = person.get("completed", [])
        if not isinstance(cards, list) or not isinstance(completed, list):
            continue  # the engine's reader names the problem
        empty = [i for i, slot in enumerate(cards) if slot is None]
        if len(empty) > len(completed):
            raise InvalidStateError(f"view: seat {who} has {plural(len(empty), 'empty slot')} "
                                    f"but only {plural(len(completed), 'completed card')}")
        just = completed[len(completed) - len(empty):]
        for slot, order in zip(empty, sorted(just)):
            cards[slot] = {"order": order, "crossed": []}
            takes.append((order, who, slot))
        restore.append((who, list(completed), copy.deepcopy(person.get("score_card", {}))))
        person["completed"] = completed[: len(completed) - len(empty)]
        _drop_awards(person, just, data)
    if not any(who == seat for _, who, _ in takes):
        raise InvalidStateError("view: a take decision needs the seat's replaced card slot "
                                "set to null")
    lent = _lend_display(plain, people, [c for _, c, _ in restore], data)
    world, seat = state_from_view(plain, data, seed)
    if lent:
        world.display = [c for c in world.display if c not in lent]
        world.deck = sorted(world.deck + lent)
        make_rng(seed).shuffle(world.deck)
    for order, who, slot in takes:
        world.seats[who].hand[slot] = None
        world.seats[who].masks[slot] = 0
    for who, completed, card in restore:
        s = world.seats[who]
        s.completed = completed
        s.pyramid = [tuple(p) for p in card.get("pyramid_points", [])]
    takes = replacement_order(takes)
    if takes[0][1] != seat and _replacing_its_second(view, seat, takes):
        takes = [t for t in takes if t[1] == seat] + [t for t in takes if t[1] != seat]
    if takes[0][1] != seat:
        raise InvalidStateError(f"view: seat {takes[0][1]} replaces its card first (lowest "
                                f"order number {takes[0][0]}), not seat {seat}")
    if not world.display and not world.deck:
        raise InvalidStateError("view: nothing is left to take (empty display and deck)")
    world.pending = [None] * world.num_players
    world.phase, world.takes, world.to_move = "take", takes, seat
    return world, seat


def _replacing_its_second(view: dict[str, Any], seat: int,
                          takes: Sequence[tuple[int, int, int]]) -> bool:
    """Whether ``seat``, not first by ``replacement_order`` among the slots still empty, is
    in the middle of its action: it completed two cards this step, replaced the first (the
    lower order number, below every other seat's waiting one) and replaces the second
    before the display is refilled and the next seat replaces. Its view shows that as one
    empty slot beside a card with no box crossed (the card just taken), the two cards last
    in ``completed``."""
    cards, completed = view.get("cards"), view.get("completed")
    if not isinstance(cards, list) or not isinstance(completed, list) or len(completed) < 2:
        return False
    if sum(who == seat for _, who, _ in takes) != 1:
        return False
    taken = [slot for slot in cards if slot is not None]
    if len(taken) != 1 or not isinstance(taken[0], dict) or taken[0].get("crossed", []) != []:
        return False
    first, second = completed[-2], completed[-1]
    waiting = [order for order, who, _ in takes if who != seat]
    return first < second and all(first < order for order in waiting)


def _check_take_fields(view: object, data: PyramidsData) -> None:
    """The fields the take reader moves before the engine's reader sees the view (card
    slots, completed cards, the other seats, the score cards, the display), checked by the
    same reader first: a malformed take view gets the engine's one-line message naming
    the key, never a TypeError or KeyError (issue 20). The engine's reader checks the rest
    and every cross-check."""
    node = read_document(view, "view")
    players = read_seats(node, data)
    known = range(1, len(data.cards) + 1)

    def person(who: Node) -> None:
        for i, slot in enumerate(who.items("cards", length=2)):
            if slot is not None:
                read_id(who.node_at(slot, f"{who.where('cards')}[{i}]"), "order", known)
        completed = read_ids(who, "completed", known, default=[])
        if len(set(completed)) != len(completed):
            who.fail("a card is completed twice", "completed")
        who.table("score_card")

    node.integer("seat", hi=players - 1)
    person(node)
    for i, item in enumerate(node.items("others", length=players - 1)):
        other = node.node_at(item, f"others[{i}]")
        other.integer("seat", hi=players - 1)
        person(other)
    read_ids(node, "display", known)
    node.integer("deck_size")


def _lend_display(plain: dict[str, Any], people: Sequence[tuple[object, dict[str, Any]]],
                  completed_lists: Iterable[Iterable[int]], data: PyramidsData) -> list[int]:
    """A seat's first replacement of two left the display short (it is refilled at the end
    of the seat's action): lend it unseen cards for the engine's reader, which expects a
    full display while the deck has cards; the caller gives them back to the deck."""
    display, deck_size = plain.get("display"), plain.get("deck_size")
    if not isinstance(display, list) or not isinstance(deck_size, int):
        return []
    short = min(data.display - len(display), deck_size)
    if short <= 0:
        return []
    seen = set(display)
    for _, person in people:
        seen |= {s["order"] for s in person.get("cards", []) if isinstance(s, dict)}
    for completed in completed_lists:
        seen |= set(completed)
    lent = [c.order for c in data.cards if c.order not in seen][:short]
    plain["display"] = display + lent
    plain["deck_size"] = deck_size - len(lent)
    return lent


def _drop_awards(person: dict[str, Any], just: Sequence[int], data: PyramidsData) -> None:
    """Remove the pyramid awards the just-completed cards earned, so the engine's reader
    sees a consistent score card without them."""
    card = person.get("score_card")
    if not isinstance(card, dict) or not isinstance(card.get("pyramid_points"), list):
        return
    awards = list(card["pyramid_points"])
    before = person["completed"]
    valid = [c for c in before if isinstance(c, int) and not isinstance(c, bool)
             and 1 <= c <= len(data.cards)]
    for colour in data.colours:
        counts = sum(data.card(c).colour == colour for c in valid)
        reached = sum(counts >= need for need in data.pyramid_milestones)
        won = [i for i, a in enumerate(awards) if isinstance(a, list) and a[:1] == [colour]]
        while len(won) > reached:
            awards.pop(won.pop())
    person["score_card"] = {**card, "pyramid_points": awards}


def keep_view(state: PyramidsState, seat: int) -> dict[str, Any]:
    """The keep view of ``seat`` in a ``keep``-phase state."""
    if state.phase != "keep":
        raise InvalidStateError(f"a keep view is taken at setup, not in phase {state.phase}")
    return {"game": "pyramids", "players": state.num_players, "seat": seat, "decision": "keep",
            "dealt": sorted(state.seats[seat].dealt), "rounds": state.rounds,
            "steps_per_round": state.steps_per_round}


def take_view(state: PyramidsState, seat: int) -> dict[str, Any]:
    """The take view of ``seat`` in a ``take``-phase state where it replaces a card next."""
    if state.phase != "take" or not state.takes or state.takes[0][1] != seat:
        raise InvalidStateError(f"seat {seat} has no replacement to choose now")
    shown = state.clone()
    shown.phase = "cross"  # the engine writes views at crossings; the slots are as they are
    view = view_of(shown, seat)
    view["decision"] = "take"
    return view


def decision_view(state: PyramidsState, seat: int) -> dict[str, Any]:
    """The view the hint reads for ``seat``'s decision in ``state``, whichever it is (keep,
    take or cross); ``solvers.review`` rates every decision through it."""
    if state.phase == "keep":
        return keep_view(state, seat)
    if state.phase == "take":
        return take_view(state, seat)
    return view_of(state, seat)
