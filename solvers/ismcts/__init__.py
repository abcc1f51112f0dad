"""Information-Set MCTS, determinized baselines and simple bots."""
