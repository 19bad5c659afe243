"""games/clans."""
