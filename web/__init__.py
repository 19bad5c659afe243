"""The games on the web: a read-only page per game, served by the bot's own process (aiohttp), off unless
``WEB_HOST`` is set. Shared code at this layer's root (the server, the page, following a game live, the board
cache, the rate limit, the reader's language); each game's part in ``web/<game>/``: its overview, its history in
its own words and its boards. This layer talks to the services only (service/web.py), never to the store.
"""
