"""fhtagn-tui: a terminal session manager for horror RPG game masters."""

__version__ = "0.1.0"
