"""games/clans/data."""
