"""Archaeology: the greedy heuristic, the search's rollout policy and its fast playout,
and the reward every archaeology search uses.

**Greedy heuristic** (the ``greedy`` bot; documented rules, first that applies):

1. Thief: steal from the seat holding the most cards (ties: lowest seat).
2. Sandstorm: discard the allowed card of lowest trade value (ties: card order).
3. During a trade (greedy never starts one): give the highest-value card allowed.
4. Explore the largest chamber its maps pay for.
5. Sell a full set (as many cards as the table allows) if it has one.
6. With the dig site empty, or when forced to sell: sell the set worth most.
7. Sell the most valuable set of at least 2 cards (as many of that type as it holds, up to
   the table's largest set) that is worth at least $3 a card.
8. Otherwise end the turn.

(Rule 7 was chosen by a small sweep against ``random``: without it greedy hoards towards
full sets and loses 61% of its games to random play; with it greedy wins about 80%.)

**Rollout policy** for the search: the greedy move, except with probability 0.25 a
uniformly random legal move (so playouts still trade, sell early and explore in all ways).

**Truncated playouts** (optional, ``max_rollout_depth``): :func:`truncated_evaluate`
scores a cut-off game by each seat's money plus its hand sold now in the largest allowed
sets. The default search plays every playout to the end (a game is short).
"""

from __future__ import annotations

from games.archaeology.moves import END, EXPLORE, GIVE, MAP, SELL, TREASURES
from games.archaeology.moves import move as _move
from games.archaeology.rules import P_ACTION, P_DIG, P_OVER, P_STEAL, P_STOLEN, P_STORM
from solvers.ismcts.search import win_reward

__all__ = ["greedy_policy", "greedy_action", "rollout_policy", "playout", "projected_money",
           "truncated_evaluate", "REWARD", "SEARCH_OPTIONS"]

_END = _move(END)
#: Reward normalisation for every archaeology search: win share + 0.1 x margin / $50.
REWARD = win_reward(margin_scale=50.0)
RANDOM_SHARE = 0.25
GOOD_PRICE = 3  # rule 7: dollars per card that make a set worth selling early


def greedy_policy(state, moves, rng):
    """The documented greedy heuristic (module docstring); reads only the mover's hand
    and public fields."""
    phase = state.phase
    if phase == P_STEAL:
        sizes = state.hand_sizes
        return max(moves, key=lambda m: (sizes[m.a], -m.a))
    if phase == P_STORM:
        trade = state.rules.trade
        return min(moves, key=lambda m: (trade[m.a], m.a))
    if phase != P_ACTION:
        return moves[0]
    if state.trade_takes is not None:  # finish the trade: the first give (highest value) if any
        for m in moves:
            if m.kind == GIVE:
                return m
        return moves[0]
    rules = state.rules
    best_explore = None
    best_full = None
    best_any = None
    end = None
    for m in moves:
        kind = m.kind
        if kind == EXPLORE:
            if best_explore is None or m.a > best_explore.a:  # a: the chamber size
                best_explore = m
        elif kind == SELL:
            value = rules.sell[m.a][m.b - 1]
            if m.b == rules.max_set[m.a] and (best_full is None or value > best_full[0]):
                best_full = (value, m)
            if best_any is None or value > best_any[0]:
                best_any = (value, m)
        elif kind == END:
            end = m
    if best_explore is not None:
        return best_explore
    if best_full is not None:
        return best_full[1]
    if best_any is not None and (not state.dig or end is None):
        return best_any[1]
    good = None
    hands = state.hands
    base = state.to_move * TREASURES
    for m in moves:  # rule 7: the most valuable set of >= 2 cards worth >= $3 a card
        if m.kind == SELL and m.b >= 2 and m.b == min(hands[base + m.a], rules.max_set[m.a]):
            value = rules.sell[m.a][m.b - 1]
            if value >= GOOD_PRICE * m.b and (good is None or value > good[0]):
                good = (value, m)
    if good is not None:
        return good[1]
    if end is not None:
        return end
    return moves[0]


def greedy_action(state):
    """:func:`greedy_policy` at an action decision outside a trade, read straight from
    the state's fields (no move list): the fast path of the playouts."""
    rules = state.rules
    hands = state.hands
    base = state.to_move * TREASURES
    maps = hands[base + MAP]
    best = None
    for i in range(len(rules.chamber_sizes) - 1, -1, -1):
        if state.chambers[i] is not None and maps >= rules.chamber_maps[i]:
            if best is None or rules.chamber_sizes[i] > rules.chamber_sizes[best]:
                best = i
    if best is not None:
        return rules.explore_moves[best]
    full = None
    any_ = None
    sell = rules.sell
    for c in range(TREASURES):
        h = hands[base + c]
        if not h:
            continue
        top = rules.max_set[c]
        if h >= top and (full is None or sell[c][top - 1] > full[0]):
            full = (sell[c][top - 1], c, top)
        n = h if h < top else top
        v = sell[c][n - 1]
        if any_ is None or v > any_[0]:
            # the smallest set reaching the best value (as the move-list version picks)
            k = n
            while k > 1 and sell[c][k - 2] == v:
                k -= 1
            any_ = (v, c, k)
    if full is not None:
        return rules.sell_moves[full[1]][full[2] - 1]
    can_end = not state.must_sell or state.sold_this_turn
    if any_ is not None and (not state.dig or not can_end):
        return rules.sell_moves[any_[1]][any_[2] - 1]
    good = None
    for c in range(TREASURES):
        h = hands[base + c]
        n = h if h < rules.max_set[c] else rules.max_set[c]
        if n >= 2:
            value = sell[c][n - 1]
            if value >= GOOD_PRICE * n and (good is None or value > good[0]):
                good = (value, c, n)
    if good is not None:
        return rules.sell_moves[good[1]][good[2] - 1]
    if can_end:
        return _END
    return state.legal_moves()[0]


def rollout_policy(state, moves, rng):
    """Greedy with a 25% chance of a uniformly random move (the search's playouts)."""
    if rng.random() < RANDOM_SHARE:
        return moves[int(rng.random() * len(moves))]
    return greedy_policy(state, moves, rng)


def playout(state, rng) -> None:
    """:func:`rollout_policy` to the end of the game, in place, without building move lists
    for greedy steps (same distribution of play, several times faster)."""
    rules = state.rules
    while True:
        phase = state.phase
        if phase == P_DIG:
            state.apply(rules.dig_moves[state.dig[-1]])
            continue
        if phase == P_OVER:
            return
        if phase == P_STOLEN:
            state.apply(rules.stolen_moves[state.stolen_card()])
            continue
        if rng.random() < RANDOM_SHARE:
            moves = state.legal_moves()
            state.apply(moves[int(rng.random() * len(moves))])
        elif phase == P_ACTION and state.trade_takes is None:
            state.apply(greedy_action(state))
        else:
            state.apply(greedy_policy(state, state.legal_moves(), rng))


def projected_money(state) -> list[float]:
    """Each seat's money if it sold its hand now in the largest allowed sets (full sets of
    the table's maximum, then one set of the rest): a cheap estimate of final money."""
    rules = state.rules
    out = []
    for p in range(state.num_players):
        total = float(state.money[p])
        for c in range(TREASURES):
            n = state.hands[p * TREASURES + c]
            top = rules.max_set[c]
            full, rest = divmod(n, top)
            total += full * rules.sell[c][top - 1] + (rules.sell[c][rest - 1] if rest else 0)
        out.append(total)
    return out


def truncated_evaluate(state) -> list[float]:
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


#: Options every archaeology search uses (hint, ISMCTS and PIMC bots, benchmark).
SEARCH_OPTIONS = {"playout": playout, "reward": REWARD}
