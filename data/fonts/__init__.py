"""data/fonts."""
