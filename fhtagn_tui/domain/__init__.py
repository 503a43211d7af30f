"""The pure domain core: events, state, decide and evolve. No IO, no UI."""
