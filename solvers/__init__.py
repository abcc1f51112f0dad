"""Solvers, grouped so that dependencies run one way.

* Generic algorithms, which know no game: ``ismcts`` (ISMCTS, determinized UCT, bots) and
  ``hints`` (the one hint contract: budgets and the result shape every game's hint returns).
* One package per game, ``solvers/<game id>/``, holding that game's solver code: e.g.
  ``model`` (CP-SAT), ``search`` (graph and exhaustive search), ``policy`` (heuristics and
  playouts), topped by ``service`` (the functions the CLI calls).
* ``services`` (finds a game's service by that convention), ``arena`` and ``demo``, which
  reach every game.

Imports ``games`` and below; never prints or exits. ``tests/test_layers.py`` checks the
order.
"""
