"""Clans' service (turns, clocks' timeouts, results), its tables, overviews, history and
replays. Re-exported by ``service``."""
