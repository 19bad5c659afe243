"""The /clans command group (``cogs.clans.cog``) and its features, each command module next to its buttons and
message builders."""
