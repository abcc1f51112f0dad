"""Graph search and exhaustive baselines."""
