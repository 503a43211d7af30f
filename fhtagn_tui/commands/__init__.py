"""The command language (text → Command structs), help and completion."""

from .language import SPECS, Args, Parsed, ParseError, Query, command, help_text, parse

__all__ = ["SPECS", "Args", "Parsed", "ParseError", "Query", "command", "help_text", "parse"]
