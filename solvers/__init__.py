"""Solvers: CP-SAT models (``cpsat``), graph and exhaustive search (``search``),
ISMCTS and baseline bots (``ismcts``), and one service module per game (``services``)
that the CLI calls. Imports ``games`` and below; never prints or exits.
"""
