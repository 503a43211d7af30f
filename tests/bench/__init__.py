"""Benchmarks and crash trials (scripts, not tests)."""
