"""JSON deals and player views of Pyramids, validated into states.

**Deal** (every shuffle fixed)::

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
short analysis deals used by the exhaustive baseline and benchmarks.

**Player view** (what one seat sees, at a crossing decision, current card revealed)::

    {"game": "pyramids", "players": 2, "seat": 0, "round": 1,
     "revealed": ["I3", "L4"],              # this round so far; the last is current
     "cards": [{"order": 5, "crossed": ["A1", "B1"]}, {"order": 17, "crossed": []}],
     "completed": [12],                     # the seat's completed cards
     "score_card": {"red_gems": 1, "green_gems": 0, "torches": [1], "skulls": 2,
                    "pyramid_points": [["green", 10]]},
     "display": [8, 30, 33, 45], "deck_size": 31,
     "others": [{"seat": 1, "cards": [...], "completed": [...], "score_card": {...}}]}

``torches`` lists the rounds (1-based) whose torch is crossed. A card slot may be
``null`` only when the deck and display are empty.
"""

from __future__ import annotations

from grids.cells import cell_name, cells_of, parse_cell
from grids.polyomino import SHAPES

from ..errors import IllegalMoveError, InvalidStateError
from ..seeding import make_rng
from .rules import is_connected_region, parse_move_text
from .state import PyramidsState

__all__ = ["make_deal", "state_from_deal", "example_view", "state_from_view", "parse_move",
           "view_of"]


def make_deal(*, players: int, seed, data, rounds: int | None = None,
              steps_per_round: int | None = None) -> dict:
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
    expedition = []
    for _ in range(rounds):
        order = list(data.expedition_deck)
        rng.shuffle(order)
        expedition.append(order)
    return {"game": "pyramids", "players": players, "seed": seed if isinstance(seed, int) else None,
            "rounds": rounds, "steps_per_round": steps, "dealt": dealt, "deck": rest,
            "return_positions": positions, "expedition": expedition}


def _check_table(players, rounds, steps, data) -> None:
    if not isinstance(players, int) or not 1 <= players <= data.players_max:
        raise InvalidStateError(f"players: {players!r} is not 1..{data.players_max}")
    if not isinstance(rounds, int) or not 1 <= rounds <= data.torches:
        raise InvalidStateError(f"rounds: {rounds!r} is not 1..{data.torches}")
    if not isinstance(steps, int) or not 1 <= steps < len(data.expedition_deck):
        raise InvalidStateError(f"steps_per_round: {steps!r} is not 1..{len(data.expedition_deck) - 1}")


def _int_list(value, where: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool)
                                              for v in value):
        raise InvalidStateError(f"{where}: expected a list of integers")
    return value


def state_from_deal(deal: dict, data) -> PyramidsState:
    """The initial state (keep phase) of a validated deal."""
    if not isinstance(deal, dict) or deal.get("game") != "pyramids":
        raise InvalidStateError("deal: not a pyramids deal (\"game\" must be \"pyramids\")")
    players = deal.get("players")
    rounds = deal.get("rounds", data.rounds)
    steps = deal.get("steps_per_round", data.expeditions_per_round)
    _check_table(players, rounds, steps, data)
    dealt = deal.get("dealt")
    if not isinstance(dealt, list) or len(dealt) != players:
        raise InvalidStateError(f"deal.dealt: expected {players} hands")
    hands = [_int_list(h, f"deal.dealt[{i}]") for i, h in enumerate(dealt)]
    for i, h in enumerate(hands):
        if len(h) != data.deal:
            raise InvalidStateError(f"deal.dealt[{i}]: {len(h)} cards, expected {data.deal}")
    deck = _int_list(deal.get("deck"), "deal.deck")
    everything = [c for h in hands for c in h] + deck
    known = {c.order for c in data.cards}
    for c in everything:
        if c not in known:
            raise InvalidStateError(f"deal: card {c} is not in the card data (1..{len(known)})")
    if len(set(everything)) != len(everything) or set(everything) != known:
        raise InvalidStateError(f"deal: dealt + deck must hold each of the {len(known)} cards once")
    n_returned = players * (data.deal - data.keep)
    positions = _int_list(deal.get("return_positions"), "deal.return_positions")
    size = len(deck) + n_returned
    if len(positions) != n_returned or len(set(positions)) != n_returned or \
            not all(0 <= p < size for p in positions):
        raise InvalidStateError(f"deal.return_positions: need {n_returned} distinct positions in 0..{size - 1}")
    expedition = deal.get("expedition")
    if not isinstance(expedition, list) or len(expedition) != rounds:
        raise InvalidStateError(f"deal.expedition: expected {rounds} rounds")
    for r, order in enumerate(expedition):
        if not isinstance(order, list) or sorted(map(str, order)) != sorted(data.expedition_deck):
            raise InvalidStateError(f"deal.expedition[{r}]: must be an order of the expedition deck "
                                    f"{sorted(data.expedition_deck)}")
    return PyramidsState(data, players=players, dealt=hands, deck=deck, return_positions=positions,
                         expedition=expedition, rounds=rounds, steps_per_round=steps)


def parse_move(state: PyramidsState, text: str):
    """Move text back to a legal move of ``state`` (``InvalidMoveError``/``IllegalMoveError``)."""
    move = parse_move_text(text)
    options = [o for o, _ in state.chance_outcomes()] if state.phase == "reveal" else state.legal_moves()
    if move not in options:
        raise IllegalMoveError(f"move {text!r} is not legal here (phase {state.phase}, "
                               f"seat {state.actor})")
    return move


# --- player views -----------------------------------------------------------------------

def _cells(value, where: str) -> int:
    if not isinstance(value, list):
        raise InvalidStateError(f"{where}: expected a list of cell names")
    mask = 0
    for name in value:
        try:
            bit = 1 << parse_cell(name)
        except ValueError:
            raise InvalidStateError(f"{where}: {name!r} is not a cell (A1..E5)") from None
        if mask & bit:
            raise InvalidStateError(f"{where}: cell {name} listed twice")
        mask |= bit
    return mask


def _score_card(value, where: str, data, round_: int) -> dict:
    if not isinstance(value, dict):
        raise InvalidStateError(f"{where}: expected an object")
    out = {}
    for key, hi in (("red_gems", data.gems_per_colour), ("green_gems", data.gems_per_colour),
                    ("skulls", len(data.skull_penalties))):
        v = value.get(key, 0)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= hi:
            raise InvalidStateError(f"{where}.{key}: {v!r} is not 0..{hi}")
        out[key] = v
    torches = value.get("torches", [])
    if not isinstance(torches, list) or len(set(torches)) != len(torches) or \
            not all(isinstance(t, int) and 1 <= t <= round_ for t in torches):
        raise InvalidStateError(f"{where}.torches: rounds must be distinct, 1..{round_} (current round)")
    out["torches"] = torches
    pyramid = value.get("pyramid_points", [])
    if not isinstance(pyramid, list):
        raise InvalidStateError(f"{where}.pyramid_points: expected a list of [colour, points]")
    pp = []
    for i, item in enumerate(pyramid):
        if not (isinstance(item, list) and len(item) == 2 and item[0] in data.colours
                and item[1] in data.pyramid_points):
            raise InvalidStateError(f"{where}.pyramid_points[{i}]: {item!r} is not [colour, "
                                    f"one of {list(data.pyramid_points)}]")
        pp.append((item[0], item[1]))
    out["pyramid_points"] = pp
    return out


def _player(value, where: str, data, round_: int) -> dict:
    if not isinstance(value, dict):
        raise InvalidStateError(f"{where}: expected an object")
    known = {c.order for c in data.cards}
    cards = value.get("cards")
    if not isinstance(cards, list) or len(cards) != 2:
        raise InvalidStateError(f"{where}.cards: expected exactly 2 card slots")
    hand, masks = [], []
    for i, slot in enumerate(cards):
        w = f"{where}.cards[{i}]"
        if slot is None:
            hand.append(None)
            masks.append(0)
            continue
        if not isinstance(slot, dict):
            raise InvalidStateError(f"{w}: expected {{\"order\": N, \"crossed\": [cells]}}")
        order = slot.get("order")
        if order not in known:
            raise InvalidStateError(f"{w}.order: {order!r} is not a pyramid card (1..{len(known)})")
        card = data.card(order)
        mask = _cells(slot.get("crossed", []), f"{w}.crossed")
        if mask & card.walls:
            raise InvalidStateError(f"{w}.crossed: {', '.join(cell_name(c) for c in cells_of(mask & card.walls))} "
                                    f"is a wall of card {order}")
        if not is_connected_region(card, mask):
            raise InvalidStateError(f"{w}.crossed: the crossed boxes of card {order} are not one "
                                    f"path from its entrance {cell_name(card.entrance)}")
        if mask >> card.tomb & 1:
            raise InvalidStateError(f"{w}.crossed: card {order} has its tomb crossed, so it is "
                                    f"completed and belongs in 'completed'")
        hand.append(order)
        masks.append(mask)
    completed = _int_list(value.get("completed", []), f"{where}.completed")
    for c in completed:
        if c not in known:
            raise InvalidStateError(f"{where}.completed: {c} is not a pyramid card")
    score = _score_card(value.get("score_card", {}), f"{where}.score_card", data, round_)
    milestones = data.pyramid_milestones
    for colour in data.colours:
        reached = sum(n <= sum(data.card(c).colour == colour for c in completed) for n in milestones)
        won = sum(p[0] == colour for p in score["pyramid_points"])
        if won > reached:
            raise InvalidStateError(f"{where}.score_card.pyramid_points: {won} {colour} award(s) "
                                    f"but only {reached} {colour} milestone(s) completed")
    return {"hand": hand, "masks": masks, "completed": completed, **score}


def _view_context(view: dict, data):
    if not isinstance(view, dict) or view.get("game") != "pyramids":
        raise InvalidStateError("view: not a pyramids view (\"game\" must be \"pyramids\")")
    players = view.get("players")
    if not isinstance(players, int) or not 1 <= players <= data.players_max:
        raise InvalidStateError(f"view.players: {players!r} is not 1..{data.players_max}")
    seat = view.get("seat", 0)
    if not isinstance(seat, int) or not 0 <= seat < players:
        raise InvalidStateError(f"view.seat: {seat!r} is not 0..{players - 1}")
    rounds = view.get("rounds", data.rounds)
    steps = view.get("steps_per_round", data.expeditions_per_round)
    _check_table(players, rounds, steps, data)
    round_ = view.get("round")
    if not isinstance(round_, int) or not 1 <= round_ <= rounds:
        raise InvalidStateError(f"view.round: {round_!r} is not 1..{rounds}")
    revealed = view.get("revealed")
    if not isinstance(revealed, list) or not 1 <= len(revealed) <= steps:
        raise InvalidStateError(f"view.revealed: expected 1..{steps} expedition cards this round")
    pool = list(data.expedition_deck)
    for i, shape in enumerate(revealed):
        if shape not in SHAPES or shape not in pool:
            raise InvalidStateError(f"view.revealed[{i}]: {shape!r} is not a remaining expedition "
                                    f"card of the deck {sorted(data.expedition_deck)}")
        pool.remove(shape)
    return players, seat, rounds, steps, round_, revealed


def state_from_view(view: dict, data, seed) -> tuple[PyramidsState, int]:
    """Validate a player view; return one world consistent with it and the view's seat.

    The unseen deck order and the rest of the expedition cards are sampled from ``seed``;
    seats before the view's seat (which act first in the engine's sequential model of
    simultaneous play) get uniformly sampled hidden choices."""
    players, seat, rounds, steps, round_, revealed = _view_context(view, data)
    rng = make_rng(seed)
    others = view.get("others", [])
    if not isinstance(others, list) or len(others) != players - 1:
        raise InvalidStateError(f"view.others: expected {players - 1} other player(s)")
    people = {seat: _player(view, "view", data, round_)}
    for i, other in enumerate(others):
        s = other.get("seat") if isinstance(other, dict) else None
        if not isinstance(s, int) or not 0 <= s < players or s in people:
            raise InvalidStateError(f"view.others[{i}].seat: {s!r} is not a free seat 0..{players - 1}")
        people[s] = _player(other, f"view.others[{i}]", data, round_)
    display = _int_list(view.get("display"), "view.display")
    deck_size = view.get("deck_size")
    if not isinstance(deck_size, int) or deck_size < 0:
        raise InvalidStateError(f"view.deck_size: {deck_size!r} is not a count")
    seen: list[int] = list(display)
    for p in people.values():
        seen += [c for c in p["hand"] if c is not None] + p["completed"]
    known = {c.order for c in data.cards}
    for c in display:
        if c not in known:
            raise InvalidStateError(f"view.display: {c} is not a pyramid card")
    dup = sorted({c for c in seen if seen.count(c) > 1})
    if dup:
        raise InvalidStateError(f"view: card(s) {dup} appear in more than one place")
    if len(seen) + deck_size != len(known):
        raise InvalidStateError(f"view: {len(seen)} visible cards + deck_size {deck_size} != "
                                f"{len(known)} pyramid cards")
    if len(display) != min(data.display, len(display) + deck_size):
        raise InvalidStateError(f"view.display: {len(display)} cards, but the display is refilled "
                                f"to {data.display} while the deck has cards")
    for s, p in people.items():
        if None in p["hand"] and (display or deck_size):
            raise InvalidStateError(f"seat {s}: an empty card slot while cards remain to take")
    if data.players_max and players > 1:
        for colour in data.colours:
            won = sorted((pts for p in people.values() for c, pts in p["pyramid_points"] if c == colour),
                         reverse=True)
            if won != list(data.pyramid_points[: len(won)]):
                raise InvalidStateError(f"view: {colour} pyramid points {won} are not the first "
                                        f"tiers {list(data.pyramid_points)} each awarded once")
    deck = sorted(known - set(seen))
    rng.shuffle(deck)
    expedition = []
    for r in range(rounds):
        order = list(data.expedition_deck)
        if r == round_ - 1:
            for shape in revealed:
                order.remove(shape)
            rng.shuffle(order)
            order = list(revealed) + order
        else:
            rng.shuffle(order)
        expedition.append(order)
    state = PyramidsState(data, players=players, dealt=[[] for _ in range(players)], deck=deck,
                          return_positions=[], expedition=expedition, rounds=rounds,
                          steps_per_round=steps)
    for s, p in people.items():
        st = state.seats[s]
        st.hand, st.masks = list(p["hand"]), list(p["masks"])
        st.red, st.green, st.skulls = p["red_gems"], p["green_gems"], p["skulls"]
        st.torches = [r + 1 in p["torches"] for r in range(rounds)]
        st.completed = list(p["completed"])
        st.pyramid = list(p["pyramid_points"])
    for colour in data.colours:
        state.tiers[colour] = sum(c == colour for p in people.values() for c, _ in p["pyramid_points"])
    state.display = list(display)
    state.phase, state.round, state.step = "cross", round_ - 1, len(revealed)
    state.shape = revealed[-1]
    state.pending = [None] * players
    state.actor = 0
    while state.actor < seat:
        moves = state.legal_moves()
        state.pending[state.actor] = moves[rng.randrange(len(moves))]
        state.actor += 1
    return state, seat


def view_of(state: PyramidsState, seat: int) -> dict:
    """The player view of ``seat`` in a ``cross``-phase state (inverse of ``state_from_view``)."""
    if state.phase != "cross":
        raise InvalidStateError(f"a view is taken at a crossing decision, not in phase {state.phase}")

    def player(i: int) -> dict:
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


def example_view(data) -> dict:
    """A 2-player view in round 2, made by playing a seeded deal with a fixed simple policy
    (the first legal move of every decision) up to seat 0's fourth crossing of round 2."""
    from .rules import Cross

    deal = make_deal(players=2, seed=2024, data=data)
    state = state_from_deal(deal, data)
    target = (1, 4)
    while True:
        if state.phase == "reveal":
            state.apply(state.chance_outcomes()[0][0])
            continue
        if state.phase == "cross" and state.actor == 0 and (state.round, state.step) == target:
            return view_of(state, 0)
        moves = state.legal_moves()
        crosses = [m for m in moves if isinstance(m, Cross)]
        # prefer the largest crossing (a simple, deterministic way to make progress)
        move = max(crosses, key=lambda m: (bin(m.cells).count("1") + len(m.extras), -moves.index(m))) \
            if crosses else moves[0]
        state.apply(move)
