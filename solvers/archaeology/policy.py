"""Archaeology: the greedy heuristic, the search's rollout policy and its fast playout
(the engine's own, ``games.archaeology.heuristic``, documented there rule by rule and
shared with The New Expedition), and the reward every archaeology search uses.

**Truncated playouts** (optional, ``max_rollout_depth``): :func:`truncated_evaluate`
scores a cut-off game by each seat's money plus its hand sold now in the largest allowed
sets. The default search plays every playout to the end (a game is short).
"""

from __future__ import annotations

from games.archaeology.heuristic import (greedy_action, greedy_policy, playout,
                                         projected_money, rollout_policy)
from solvers.ismcts.search import win_reward

__all__ = ["greedy_policy", "greedy_action", "rollout_policy", "playout", "projected_money",
           "truncated_evaluate", "REWARD", "SEARCH_OPTIONS"]

#: Reward normalisation for every archaeology search: win share + 0.1 x margin / $50.
REWARD = win_reward(margin_scale=50.0)


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
