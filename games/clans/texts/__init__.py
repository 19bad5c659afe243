"""games/clans/texts."""
