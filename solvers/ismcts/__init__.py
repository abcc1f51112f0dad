"""Information-Set MCTS, determinized baselines and simple bots.

``search.ismcts`` (the game-agnostic ISMCTS core), ``pimc.pimc`` (determinized UCT),
``bots`` (arena player interface and generic bots), ``arena.run_arena``.
"""

from .search import MoveStat, SearchResult, ismcts, rollout, score_reward, uniform_policy, win_reward

__all__ = ["ismcts", "SearchResult", "MoveStat", "win_reward", "score_reward", "rollout",
           "uniform_policy"]
