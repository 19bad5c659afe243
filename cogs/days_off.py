"""Days off and waking hours in every game's group (``daysoff``, ``hours``: cogs/game_cog.py), and the button
that ends days off early. Each acts only for the member who used it, answers only them, and holds for every game
of every kind on every server (service/days_off.py): declaring in /clans holds an Alexandros turn too.

The **End my days off** button's custom id names no one: it ends the days off of whoever presses it (it is only
ever shown to its owner), so nobody can end, or declare, anyone else's.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands, ui

from cogs.days_off_texts import back_text, hours_text, plan_text
from cogs.errors import reader, report_error
from service.days_off import DaysOff
from service.waking import matching_zones
from texts import N_, Texts

if TYPE_CHECKING:
    pass

END_ID = "daysoff:end"
END_LABEL = N_("End my days off")


def days_off_of(client: discord.Client) -> DaysOff:
    from cogs.bot_base import bot_of

    return bot_of(client).days_off


async def days_off_command(interaction: discord.Interaction, game: str, days: int | None, start: str | None) -> None:
    """``daysoff``: without ``days``, how the member's days off stand; with it, days off from now (or from
    ``start``), ``days:0`` ends them. Always only to the member."""
    service = days_off_of(interaction.client)
    user_id = interaction.user.id
    if days == 0:
        await service.end(user_id)
        await interaction.response.send_message(back_text(reader(interaction)), ephemeral=True)
        return
    plan = await service.declare(user_id, days, start) if days is not None else await service.plan(user_id)
    t = reader(interaction)
    extra: dict[str, Any] = {"view": end_view(t)} if plan.period is not None else {}
    await interaction.response.send_message(plan_text(t, plan, game, service.now()), ephemeral=True, **extra)


async def hours_command(
    interaction: discord.Interaction, game: str, zone: str | None, start: int | None, end: int | None
) -> None:
    """``hours``: the member's waking hours, shown, set or removed (``zone:off``). Only to the member."""
    service = days_off_of(interaction.client)
    user_id = interaction.user.id
    if zone is None and start is None and end is None:
        hours = await service.hours(user_id)
    else:
        hours = await service.set_hours(user_id, zone, start, end)
    t = reader(interaction)
    await interaction.response.send_message(hours_text(t, hours, game, service.now()), ephemeral=True)


async def start_days(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for ``start``: the days a declaration may begin on, in the member's time zone, today first;
    typing filters them ("2026-12", "12-24", or a weekday's name)."""
    service = days_off_of(interaction.client)
    t = reader(interaction)
    zone = await service.zone_of(interaction.user.id)
    typed = current.strip().lower()
    choices = []
    for day in service.start_days(zone):
        label = f"{day.isoformat()} · {t.day(day)}"
        if typed in label.lower():
            choices.append(app_commands.Choice(name=label, value=day.isoformat()))
    return choices[:25]


async def zones(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for ``zone``: IANA time zones matching what was typed, and ``off``."""
    t = reader(interaction)
    found = [app_commands.Choice(name=name, value=name) for name in matching_zones(current, 25)]
    if "off".startswith(current.strip().lower()):
        found.insert(0, app_commands.Choice(name=t._("off: reminders at any hour"), value="off"))
    return found[:25]


class EndDaysOffButton(ui.DynamicItem[ui.Button[Any]], template=re.escape(END_ID)):
    """Under a member's own days off answer: ends the days off of whoever presses it."""

    def __init__(self, label: str = END_LABEL) -> None:
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.success, custom_id=END_ID, emoji="👋"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> EndDaysOffButton:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await days_off_of(interaction.client).end(interaction.user.id)
            await interaction.response.send_message(back_text(reader(interaction)), ephemeral=True)
        except Exception as error:  # the one error path
            await report_error(interaction, error)


def end_view(t: Texts) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(EndDaysOffButton(t._(END_LABEL)))
    return view
