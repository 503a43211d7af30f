"""Rules of coc."""
