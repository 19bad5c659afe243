"""texts/clans."""
