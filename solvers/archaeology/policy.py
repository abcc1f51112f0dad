"""Archaeology, both editions: the greedy heuristic (the ``greedy`` bot), the search's
rollout policy and its fast playout (``solvers.ismcts.search`` takes a game's own in-place
``playout``), and the reward every Archaeology search uses. The 2007 game and The New
Expedition share them: one engine core (``games.archaeology``) plays both, and the
heuristic reads the edition's differences (monument, tents, looks) from ``state.rules``.

**Greedy heuristic** (documented rules, first that applies; it reads only the mover's hand,
its own secrets and public fields):

1. Thief: steal from the seat holding the most cards (ties: lowest seat).
2. Sandstorm: discard the allowed card of lowest trade value (ties: card order).
3. Tent: shelter when the sandstorm would take at least 2 cards (4 or more in hand).
4. Temple, after a sale: look at the first chamber it does not know yet.
5. Tomb: keep the cards of highest total trade value (ties: card order).
6. Mine: draw again while the drawn trade value is at most the bust value minus 3 (a
   talisman still fits), else stop.
7. Sphinx: name the types (two) with the most value left unseen (cards not in the
   marketplace, its hand or any sold set, times their trade value; ties: card order).
8. During a trade (greedy never starts one): give the highest-value card allowed.
9. Explore the best chamber its maps pay for (:func:`explore_choice`: the 2007 pyramid
   and the Great Pyramid: the largest; the Temple: a chamber it looked at if worth more
   than an unseen one's 2 per card, else an unseen one; the Tomb: the fullest; the Mine
   and the Sphinx: whenever they hold cards; the Buried Ruins: the face-up chamber of
   most trade value, if at least a map's).
10. Sell a full set (as many cards as the table allows) if it has one.
11. With the dig site empty, or when forced to sell: sell the set worth most.
12. Sell the most valuable set of at least 2 cards (as many of that type as it holds, up
    to the table's largest set) that is worth at least $3 a card.
13. Otherwise end the turn.

(Rule 12 was chosen by a small sweep against ``random`` in the 2007 game: without it
greedy hoards towards full sets and loses 61% of its games to random play; with it greedy
wins about 80%.)

**Rollout policy** for the search: the greedy move, or with probability ``RANDOM_SHARE``
a uniformly random legal move. The share is 0 (pure greedy playouts) since 2026-11-27, in
both editions: at equal CPU time a search with them beat the same search with a 25% share
(the default before) in the 2007 game in 122 of 200 games, 61.0% [54.1%, 67.5%], and in
The New Expedition in 124.5 of 200, 62.3% [55.4%, 68.7%] (docs/strength.md §2); in the
2007 game it was no weaker at equal iterations (52.5% of 80) at 0.76 of the cost.
:func:`playout` plays it to the end without building move lists for its greedy steps
(actions, gives, discards, thefts) nor for its random steps at an action outside a trade
(``ArchaeologyState.random_action``: the same move from the same draw).

**Truncated playouts** (optional, ``max_rollout_depth``): :func:`truncated_evaluate`
scores a cut-off game by each seat's money plus its hand sold now in the largest allowed
sets. The default search plays every playout to the end (a game is short).
"""

from __future__ import annotations

import random
from typing import Any, Final, Sequence

from games.archaeology.moves import END, GIVE, SELL, MoveBase
from games.archaeology.rules import (P_ACTION, P_DIG, P_KEEP, P_LOOK, P_MINE, P_NAME, P_OVER,
                                     P_REFILL, P_REVEAL, P_STEAL, P_STOLEN, P_STORM, P_TENT,
                                     PEEK_ON_SELL, REFILL_ON_SANDSTORM)
from games.archaeology.state import ArchaeologyState
from solvers.ismcts.search import win_reward

__all__ = ["greedy_policy", "greedy_action", "greedy_discard", "greedy_victim", "greedy_give",
           "rollout_policy", "playout", "projected_money", "truncated_evaluate", "explore_choice",
           "RANDOM_SHARE", "GOOD_PRICE", "TENT_FROM", "UNSEEN_PER_CARD", "REWARD",
           "SEARCH_OPTIONS"]

# (``Final``: compiled code reads them as constants, not by a lookup in the module)
#: The playouts' chance of a uniformly random move at each decision (module docstring).
RANDOM_SHARE: Final = 0.0
GOOD_PRICE: Final = 3  # rule 12: dollars per card that make a set worth selling early
TENT_FROM: Final = 4  # rule 3: hand size from which a sandstorm takes 2 cards or more
UNSEEN_PER_CARD: Final = 2  # rule 9: trade value per card expected of an unseen Temple chamber


def explore_choice(state: ArchaeologyState) -> int:
    """The chamber rule 9 explores (its index), or -1: none is worth it or affordable."""
    rules = state.rules
    maps = state.hands[state.to_move * rules.treasures + rules.map]
    if not maps or (state.explored and rules.explore_once):
        return -1
    special = rules.special
    trade = rules.trade
    best, best_score = -1, None
    bit = 1 << state.to_move
    for i, contents in enumerate(state.chambers):
        if not contents or maps < rules.chamber_maps[i]:
            continue
        if special == PEEK_ON_SELL:  # what it saw of a chamber, or an unseen one's worth
            score = (sum(trade[c] for c in contents) if state.chamber_seen[i] & bit
                     else UNSEEN_PER_CARD * len(contents))
        elif special == REFILL_ON_SANDSTORM:  # face up: worth at least the map it costs
            score = sum(trade[c] for c in contents)
            if score < trade[rules.map] * rules.chamber_maps[i]:
                continue
        else:  # the largest (a Tomb's fullest; the Mine and the Sphinx have one)
            score = len(contents)
        if best_score is None or score > best_score:
            best, best_score = i, score
    return best


def _unseen_value(state: ArchaeologyState, card: int) -> int:
    """Rule 7: trade value of the cards of ``card`` the mover has not seen anywhere."""
    rules = state.rules
    T = rules.treasures
    n = rules.counts[card] - state.market[card] - state.hands[state.to_move * T + card]
    for p in range(state.num_players):
        n -= state.sold[p * T + card]
    return max(0, n) * rules.trade[card]


def _expedition_decision(state: ArchaeologyState, moves: Sequence[MoveBase]) -> MoveBase:
    """Rules 3 to 7: the New Expedition's tent, look, keep, Mine and Sphinx decisions."""
    phase = state.phase
    rules = state.rules
    if phase == P_TENT:  # (moves: tent keep, tent use)
        return moves[1] if state.hand_sizes[state.to_move] >= TENT_FROM else moves[0]
    if phase == P_LOOK:  # (moves: look none, then the chambers in order)
        return moves[1] if len(moves) > 1 else moves[0]
    if phase == P_KEEP:
        trade = rules.trade
        return max(moves, key=lambda m: (sum(trade[c] for c in m.a),
                                         [-c for c in m.a]))
    if phase == P_MINE:  # (moves: draw, stop)
        drawn = sum(rules.trade[c] for c in state.drawn)
        return moves[0] if drawn + 3 <= rules.params["bust_over"] else moves[1]
    if phase == P_NAME:
        return max(moves, key=lambda m: (sum(_unseen_value(state, c) for c in m.a),
                                         [-c for c in m.a]))
    return moves[0]


def greedy_policy(state: ArchaeologyState, moves: Sequence[MoveBase],
                  rng: random.Random | None) -> MoveBase:
    """The documented greedy heuristic (module docstring); reads only the mover's hand,
    its own secrets and public fields."""
    phase = state.phase
    if phase == P_STEAL:
        sizes = state.hand_sizes
        return max(moves, key=lambda m: (sizes[m.a], -m.a))
    if phase == P_STORM:
        trade = state.rules.trade
        return min(moves, key=lambda m: (trade[m.a], m.a))
    if phase != P_ACTION:
        return _expedition_decision(state, moves)
    if state.trade_takes is not None:  # finish the trade: the first give (highest value) if any
        for m in moves:
            if m.kind == GIVE:
                return m
        return moves[0]
    rules = state.rules
    chamber = explore_choice(state)
    if chamber >= 0:
        wanted = rules.explore_moves[chamber]
        for m in moves:
            if m is wanted:
                return m
    best_full = None
    best_any = None
    end = None
    for m in moves:
        kind = m.kind
        if kind == SELL:
            value = rules.sell[m.a][m.b - 1]
            if m.b == rules.max_set[m.a] and (best_full is None or value > best_full[0]):
                best_full = (value, m)
            if best_any is None or value > best_any[0]:
                best_any = (value, m)
        elif kind == END:
            end = m
    if best_full is not None:
        return best_full[1]
    if best_any is not None and (not state.dig or end is None):
        return best_any[1]
    good = None
    hands = state.hands
    base = state.to_move * rules.treasures
    for m in moves:  # rule 12: the most valuable set of >= 2 cards worth >= $3 a card
        if m.kind == SELL and m.b >= 2 and m.b == min(hands[base + m.a], rules.max_set[m.a]):
            value = rules.sell[m.a][m.b - 1]
            if value >= GOOD_PRICE * m.b and (good is None or value > good[0]):
                good = (value, m)
    if good is not None:
        return good[1]
    if end is not None:
        return end
    return moves[0]


def greedy_action(state: ArchaeologyState) -> MoveBase:
    """:func:`greedy_policy` at an action decision outside a trade, read straight from
    the state's fields (no move list): the fast path of the playouts. One pass over the
    hand finds the candidates of rules 10 to 12 (sell values are never negative, so -1
    means none yet; ties keep the first type in card order, as the move list does)."""
    rules = state.rules
    hands = state.hands
    base = state.to_move * rules.treasures
    if hands[base + rules.map]:  # rule 9 (no map, no explore)
        chamber = explore_choice(state)
        if chamber >= 0:
            return rules.explore_moves[chamber]
    sell = rules.sell
    max_set = rules.max_set
    full = best = good = -1  # card types: rule 10, rule 11, rule 12
    full_value = best_value = good_value = good_n = -1
    for c, h in enumerate(hands[base:base + rules.treasures]):
        if not h:
            continue
        top = max_set[c]
        n = h if h < top else top  # the largest set of c it may sell now
        value = sell[c][n - 1]
        if n == top and value > full_value:
            full, full_value = c, value
        if value > best_value:
            best, best_value = c, value
        if n >= 2 and value >= GOOD_PRICE * n and value > good_value:
            good, good_value, good_n = c, value, n
    if full >= 0:
        return rules.sell_moves[full][max_set[full] - 1]
    can_end = not state.must_sell or state.sold_this_turn or not state.hand_sizes[state.to_move]
    if best >= 0 and (not state.dig or not can_end):
        # the smallest set reaching the best value (as the move-list version picks)
        prices = sell[best]
        k = min(hands[base + best], max_set[best])
        while k > 1 and prices[k - 2] == best_value:
            k -= 1
        return rules.sell_moves[best][k - 1]
    if good >= 0:
        return rules.sell_moves[good][good_n - 1]
    if can_end:
        return rules.end_move
    return state.legal_moves()[0]


def greedy_discard(state: ArchaeologyState) -> int:
    """Rule 2 without a move list (the fast path of the playouts): the card type of lowest
    trade value the seat deciding may discard (ties: card order)."""
    trade = state.rules.trade
    hands = state.hands
    base = state.to_move * state.rules.treasures
    best = -1
    for c in state.discardable():
        if hands[base + c] and (best < 0 or trade[c] < trade[best]):
            best = c
    return best


def greedy_victim(state: ArchaeologyState) -> int:
    """Rule 1 without a move list: the seat holding the most cards (ties: lowest seat)."""
    sizes = state.hand_sizes
    best = -1
    for v in state.victims():
        if best < 0 or sizes[v] > sizes[best]:
            best = v
    return best


def greedy_give(state: ArchaeologyState) -> MoveBase | None:
    """Rule 8 without a move list, or ``None`` if the trade allows no give: the first
    ``give`` of the move list (the card of highest trade value it may give)."""
    c = state.first_give()
    return state.rules.give_moves[c] if c >= 0 else None


def rollout_policy(state: ArchaeologyState, moves: Sequence[MoveBase],
                   rng: random.Random) -> MoveBase:
    """Greedy with a ``RANDOM_SHARE`` chance of a uniformly random move (the search's
    playouts)."""
    if rng.random() < RANDOM_SHARE:
        return moves[int(rng.random() * len(moves))]
    return greedy_policy(state, moves, rng)


def playout(state: ArchaeologyState, rng: random.Random,
            random_share: float = RANDOM_SHARE) -> None:
    """:func:`rollout_policy` to the end of the game, in place, without building move lists
    for greedy steps (same moves from the same draws, several times faster).
    ``random_share``: the chance of a uniformly random move at each decision (1: uniform
    rollouts, 0: pure greedy; ``functools.partial`` makes the search's playout of another
    mix, as the playout-policy benchmark measures)."""
    stolen_moves = state.rules.stolen_moves
    discard_moves = state.rules.discard_moves
    steal_moves = state.rules.steal_moves
    # (``state.apply``, not a local alias of it: compiled, the method is called directly,
    # the alias through Python's calling convention)
    random = rng.random
    while True:
        phase = state.phase
        if phase == P_DIG:
            state.dig_top()
            continue
        if phase == P_OVER:
            return
        if phase == P_STOLEN:
            state.apply(stolen_moves[state.stolen_card()])
            continue
        if phase == P_REVEAL or phase == P_REFILL:
            state.apply(state.chance_outcomes()[0][0])
            continue
        if random() < random_share:
            if phase == P_ACTION and state.trade_takes is None:
                state.apply(state.random_action(random()))  # (the same move, no list)
            else:
                moves = state.legal_moves()
                state.apply(moves[int(random() * len(moves))])
        elif phase == P_ACTION:
            if state.trade_takes is None:
                state.apply(greedy_action(state))
            else:
                state.apply(greedy_give(state) or state.legal_moves()[0])
        elif phase == P_STORM:
            state.apply(discard_moves[greedy_discard(state)])
        elif phase == P_STEAL:
            state.apply(steal_moves[greedy_victim(state)])
        else:
            state.apply(greedy_policy(state, state.legal_moves(), rng))


def projected_money(state: ArchaeologyState) -> list[float]:
    """Each seat's money if it sold its hand now in the largest allowed sets (full sets of
    the table's maximum, then one set of the rest): a cheap estimate of final money."""
    rules = state.rules
    T = rules.treasures
    out = []
    for p in range(state.num_players):
        total = float(state.money[p])
        for c in range(T):
            n = state.hands[p * T + c]
            top = rules.max_set[c]
            if not n:
                continue
            full, rest = divmod(n, top)
            total += full * rules.sell[c][top - 1] + (rules.sell[c][rest - 1] if rest else 0)
        out.append(total)
    return out


#: Reward normalisation for every Archaeology search: win share + 0.1 x margin / $50 (money
#: in The New Expedition is on the 2007 game's scale).
REWARD = win_reward(margin_scale=50.0)


def truncated_evaluate(state: ArchaeologyState) -> list[float]:
    """Rewards for a playout cut short (``max_rollout_depth``): :data:`REWARD`'s formula
    applied to :func:`projected_money` (win share of the projected leader, ties shared,
    plus 0.1 x the projected margin over $50)."""
    money = projected_money(state)
    best = max(money)
    leaders = [p for p, m in enumerate(money) if m == best]
    out = []
    for p, own in enumerate(money):
        other = max((m for q, m in enumerate(money) if q != p), default=0.0)
        margin = max(-1.0, min(1.0, (own - other) / 50.0))
        win = 1.0 / len(leaders) if p in leaders else 0.0
        out.append(0.9 * win + 0.1 * (0.5 + 0.5 * margin))
    return out


#: Options every Archaeology search uses, in both editions (hint, ISMCTS and PIMC bots,
#: benchmarks).
SEARCH_OPTIONS: dict[str, Any] = {"playout": playout, "reward": REWARD}
