"""Discord cogs: slash commands, buttons and selects, DMs. Thin: every rule lives in engine/."""
