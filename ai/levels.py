"""The AI levels: the one list the AI, the service, the store and the bot's choices all read."""

from typing import Literal, get_args

AiLevel = Literal["easy", "normal", "hard"]
"""An AI level, weakest first."""
AI_LEVELS: tuple[AiLevel, ...] = get_args(AiLevel)
"""Every AI level, weakest first: ``("easy", "normal", "hard")``."""
