"""The New Expedition: the search's reward and options. The greedy heuristic, the rollout
policy and the fast playout are the Archaeology engine's own
(``games.archaeology.heuristic``, documented there rule by rule: it covers the tents, the
Temple's looks, the Tomb's keeps, the Mine's stop-or-draw and the Sphinx's naming).
"""

from __future__ import annotations

from games.archaeology.heuristic import greedy_action, greedy_policy, playout, rollout_policy
from solvers.ismcts.search import win_reward

__all__ = ["greedy_policy", "greedy_action", "rollout_policy", "playout", "REWARD",
           "SEARCH_OPTIONS"]

#: Reward of every New Expedition search: win share + 0.1 x margin / $50 (money in this
#: edition is on the 2007 game's scale).
REWARD = win_reward(margin_scale=50.0)
#: Options every New Expedition search uses (hint, ISMCTS and PIMC bots, benchmark).
SEARCH_OPTIONS = {"playout": playout, "reward": REWARD}
