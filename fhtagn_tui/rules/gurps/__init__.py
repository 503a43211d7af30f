"""Rules of gurps."""
