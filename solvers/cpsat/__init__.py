"""CP-SAT models: enumerate, build, solve, decode, replay through the rules engine."""
