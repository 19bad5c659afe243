"""Clans' AI sweep is the frame's (cogs/ai_sweep.py), looking for Clans games."""

from cogs.ai_sweep import BATCH, DEFAULT_INTERVAL_S, AiSweep

__all__ = ["BATCH", "DEFAULT_INTERVAL_S", "AiSweep"]
