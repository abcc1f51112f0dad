"""Solvers, grouped so that dependencies run one way.

* Generic algorithms, which know no game: ``ismcts`` (ISMCTS, determinized UCT, bots) and
  ``hints`` (the one hint contract: budgets and the result shape every game's hint returns).
* One package per engine family, ``solvers/<family>/`` (``games.registry``: a game's id,
  or ``archaeology`` for both Archaeology editions), holding that family's solver code:
  e.g. ``model`` (CP-SAT), ``search`` (graph and exhaustive search), ``policy``
  (heuristics and playouts), topped by ``service`` (the functions the CLI calls; one
  service object per edition where a family has several).
* ``services`` (finds a game's service by that convention), ``arena`` and ``demo``, which
  reach every game.

Imports ``games`` and below; never prints or exits. ``tests/test_layers.py`` checks the
order.
"""

# ``games`` first, whatever a caller imports first: its import puts the compiled modules'
# finder in place (``games.compiled``), so that ``solvers``' compiled modules (the ISMCTS
# core, the Archaeology policy, ...) load compiled too, not as plain Python beside them
import games  # noqa: F401,E402
