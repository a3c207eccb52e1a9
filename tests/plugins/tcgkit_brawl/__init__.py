"""Brawl, the kernel's test game: a game in a package of its own, found by tcgkit through the
``tcgkit.games`` entry point its distribution declares (``../tcgkit_brawl-1.0.dist-info``), as
it would find any game installed beside it. The tests put this folder on the path. Rules:
RULES.md.

This module is the game: its players, decks and card file; the kernel deals (``DealtGame``),
reads the typed moves (the actions' notation) and checks decks. ``rules.py`` holds the cards'
vocabulary, the actions (imported from there) and the declared state, ``scene.py`` what a
seat sees, declared.
"""

from __future__ import annotations

from pathlib import Path

from tcgkit.kernel import DealtGame, LoadedCard, Playthrough

from . import rules, scene


class Brawl(DealtGame):
    name = "brawl"
    title = "Brawl (the kernel's test game)"
    summary = "the kernel's test game: 3-4 players, a stack, elimination"
    state_class = rules.BrawlState
    min_players = 3
    max_players = 4
    example_options = [{}, {"players": 4}]
    playthroughs = (Playthrough("3_players", seeds=3), Playthrough("4_players", {"players": 4}, seeds=2))
    scene_module = scene
    deck_size, copies, starting_hand = 8, 2, 3
    card_file = Path(__file__).parent / "data" / "cards.toml"
    card_schema, registry = rules.Row, rules.REGISTRY

    def check_card(self, loaded: LoadedCard) -> str | None:
        timings = [a.timing for a in loaded.abilities]  # the schema allows one or two
        if timings[0] == "cast" and "cast" not in timings[1:] and (len(timings) > 1) == loaded.row.permanent:
            return None
        return "field abilities: a cast ability first, then an on_damage one exactly when it is permanent"
