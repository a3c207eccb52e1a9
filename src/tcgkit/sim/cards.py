"""Per-card facts of one game, read through the kernel's contracts only (state JSON, views,
events).

For each player: the cards in their deck (every card in the zones they own when the game
starts), the cards they drew (those starting in a zone of theirs they may see, such as the
hand, plus every ``draw`` event naming a card) and the cards they played (the events each game
declares as putting a card into play: ``Game.play_events``, ``Game.played_card``). Names are
as the game shows them without an instance id: ``Bull#3`` (Final Fantasy TCG's copy 3) counts
as ``Bull``, while ``Frost Boar #070`` (Forge & Fury's label, name and card number, as two
cards may share a name) stays as it is; each list holds a name once, sorted.
"""

from __future__ import annotations

import re
from typing import Any

from ..kernel.game import State

_INSTANCE = re.compile(r"(?<=\S)#\d+$")  # "Name#id"; "Name #NNN" is a card label


def card_name(card: Any) -> str | None:
    """A zone's or an event's card as a plain name; None for what is not a named card."""
    if isinstance(card, dict):
        card = card.get("name")
    if not isinstance(card, str) or not card:
        return None
    return _INSTANCE.sub("", card)


def starting_cards(state: State[Any]) -> tuple[list[set[str]], list[set[str]]]:
    """Per player: every card they own at the start, and those they can already see."""
    players = state.game.num_players
    owned: list[set[str]] = [set() for _ in range(players)]
    seen: list[set[str]] = [set() for _ in range(players)]
    for zone in state.to_json()["zones"].values():
        if len(zone) == players and all(isinstance(cards, list) for cards in zone):  # a list per player
            for p, cards in enumerate(zone):
                owned[p] |= {n for n in map(card_name, cards) if n is not None}
    for p in range(players):
        for shown in state.view(p)["zones"].values():
            if shown["owner"] == p:
                seen[p] |= {n for n in map(card_name, shown.get("cards", [])) if n is not None}
    return owned, seen


def card_facts(
    state: State[Any], start: tuple[list[set[str]], list[set[str]]]
) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """``((deck, drawn, played) per player)`` for a finished ``state`` that began with
    ``start`` (``starting_cards`` of its first state)."""
    owned, seen = start
    drawn = [set(s) for s in seen]
    played: list[set[str]] = [set() for _ in owned]
    # Every event unredacted: the facts are for the designer after the game, not a player.
    for event in ({"kind": e.kind, **e.data} for e in state.events):
        player = event.get("player")
        if not isinstance(player, int) or not 0 <= player < len(owned):
            continue
        kind = event["kind"]
        if kind == "draw":
            name = card_name(event.get("card"))
            if name is not None:
                drawn[player].add(name)
        else:
            name = card_name(state.game.played_card(event))
            if name is not None:
                played[player].add(name)
                drawn[player].add(name)  # a card played was in hand, however it got there
    return tuple(
        (tuple(sorted(owned[p])), tuple(sorted(drawn[p])), tuple(sorted(played[p])))
        for p in range(len(owned))
    )
