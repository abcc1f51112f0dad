"""Pictures of positions as plain SVG strings, below the solvers (they import no solver):
the CLI's ``--svg`` files and the analysis board in the browser (``digsite serve``) draw
with the same functions.

* :mod:`games.render.table` draws a card game's table (Archaeology, The New Expedition,
  Loot N Run) from a seat's position view (``position_of``): the hand, the market, the
  decks and every seat's money, sets and hand size, as the seat sees them.
"""
