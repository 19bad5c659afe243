"""The /clans command group (``games.clans.cogs.cog``) and its features, each command module next to its buttons and
message builders."""
