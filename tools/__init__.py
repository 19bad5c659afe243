"""The programs behind make targets that are not the bot: make catalogs, make migrate-to-postgres."""
