"""Pure rules of each system: dice, tests, tables as data. No IO, no UI."""
