"""The services: the cogs' one door into a game, no Discord; each game's own service in its sub-package."""
