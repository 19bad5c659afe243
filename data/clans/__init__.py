"""data/clans."""
