"""frame/fonts."""
