"""Reference table modules, one per system: each function is a registered table."""
