"""The AI levels: the one list the AI, the service, the store and the bot's choices all read."""

from typing import Final, Literal, get_args

AiLevel = Literal["easy", "normal", "hard"]
"""An AI level, weakest first."""
AI_LEVELS: tuple[AiLevel, ...] = get_args(AiLevel)
"""Every AI level, weakest first: ``("easy", "normal", "hard")``."""
AUTOPILOT_LEVEL: Final = "autopilot"
"""The policy that moves for a timed-out player: not a seat's level, never offered as one."""
POLICIES: tuple[str, ...] = (*AI_LEVELS, AUTOPILOT_LEVEL)
"""Every policy ``ai.clans.choose_action`` plays."""
