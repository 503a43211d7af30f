"""The Textual app: one module per tab (with its .tcss beside it), widgets, palette."""
