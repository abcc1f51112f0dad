"""Benchmark suites (``make bench`` / ``digsite bench``). Figures are measured here, never
asserted in unit tests. Each suite module offers ``run(*, quick, progress) -> dict`` with a
``text`` summary and machine-readable ``figures``; ``benchmarks.runner`` collects them."""
