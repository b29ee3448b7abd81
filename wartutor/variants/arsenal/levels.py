"""The campaign's ten levels, as data: a look for each arena and an NPC that plays better.

"The mechanics never change, but the art, the arena colors, and the NPC's deck do"
(ruling AR-CAMPAIGN): every level plays the same 90 cards by the same rules. What
changes is the look (arena colours, the NPC's card backs) and how carefully the NPC
plays. The early NPCs often play a random card; from level 8 on they answer with care
every time, and the last ones also lead with care (see agents.py). Each level's NPC is
also one of Arsenal's agents, "level-1" to "level-10", so a simulation can play it; the
benchmark ``benchmarks/arsenal_speed.py --levels`` measures that each level really is
harder.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartutor.core.engine import Agent
from wartutor.language import N_
from wartutor.variants.arsenal.agents import Style, npc


@dataclass(frozen=True)
class Level:
    """One level: ``arena`` and ``accent`` colour the table, ``back`` and ``pattern`` the
    NPC's card backs (the look of its deck)."""

    number: int
    name: str
    npc_name: str
    arena: str
    accent: str
    back: str
    pattern: str
    blurb: str
    style: Style

    def npc_agent(self, player: int, seed: int) -> Agent:
        """This level's NPC, made fresh for one match."""
        return npc(self.style)(player, seed)


LEVELS = (
    Level(1, N_("Boot Camp"), N_("Sergeant Sandbag"),
          "#3f4a1c", "#e6d9a0", "#6b7d3a", "stripes",
          N_("A training match: the Sergeant plays whatever card comes to hand."),
          Style(answer_care=0.0, lead_care=0.0)),
    Level(2, N_("Harbour Docks"), N_("Captain Bilge"),
          "#173e63", "#a9dcff", "#2e6da4", "waves",
          N_("The Captain sometimes answers with the right card."),
          Style(answer_care=0.15, lead_care=0.0)),
    Level(3, N_("Jungle Outpost"), N_("Commander Vine"),
          "#1b4d20", "#b5e3b7", "#2e7d32", "leaves",
          N_("The Commander is learning to answer cheaply."),
          Style(answer_care=0.3, lead_care=0.0)),
    Level(4, N_("Desert Depot"), N_("Major Mirage"),
          "#6e4514", "#ffe0a3", "#b07a34", "dunes",
          N_("The Major answers with care about half the time."),
          Style(answer_care=0.45, lead_care=0.0)),
    Level(5, N_("Arctic Base"), N_("Colonel Frost"),
          "#163650", "#d6f0ff", "#5b8db8", "snowflakes",
          N_("The Colonel keeps strong cards for when they are needed."),
          Style(answer_care=0.6, lead_care=0.0)),
    Level(6, N_("Volcano Forge"), N_("General Magma"),
          "#5e1515", "#ffc19a", "#a83232", "embers",
          N_("The General rarely wastes a card when answering."),
          Style(answer_care=0.75, lead_care=0.0)),
    Level(7, N_("Storm Fortress"), N_("Admiral Thunder"),
          "#322a45", "#dcd0ff", "#5e4f80", "bolts",
          N_("The Admiral almost always answers with the cheapest winner."),
          Style(answer_care=0.9, lead_care=0.0)),
    Level(8, N_("Sunken City"), N_("Baron Abyss"),
          "#0c3534", "#8fe6dc", "#1d6b66", "bubbles",
          N_("The Baron never wastes an answer, though it still leads on a whim."),
          Style(answer_care=1.0, lead_care=0.0)),
    Level(9, N_("Moon Colony"), N_("Marshal Crater"),
          "#26262f", "#ececf4", "#555566", "craters",
          N_("The Marshal counts the cards already played, and leads with care half the time."),
          Style(answer_care=1.0, lead_care=0.5, thrift=3.0)),
    Level(10, N_("Orbital Command"), N_("Space Marshal Nova"), "#0b0b2b", "#ffd54a", "#2a2a7a",
          "stars", N_("The final boss counts every card and plays every card with care."),
          Style(answer_care=1.0, lead_care=1.0, thrift=3.0)),
)
