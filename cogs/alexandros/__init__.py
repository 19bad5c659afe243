"""Alexandros in Discord: the /alexandros command group, its turn panel and its public posts."""
