"""Positions for the Final Fantasy TCG rules tests, built through the public API.

``position`` starts a real game with decks holding the named cards, then places cards by
editing the state's JSON (checked by ``state_from_json``): each player's zones (by the state's
attribute names) are lists of card names; ``items`` and ``city_mons`` are (card, under) pairs;
``top`` lists the top of the deck, first card first (the next luck reveals).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import tcgkit
from tcgkit.games.ff_tcg import FFTcg, FFTcgState
from tcgkit.kernel.resolution import Resolution

CARDS = Path(__file__).with_name("rules_cards.toml")  # read, and named by its content hash
FILLER = ("Goblin", "Asp", "Bull", "Fighter", "Red Mage", "Cecil", "Broadsword", "Hammer", "Leather Armor",
          "Temper", "Fire", "Thunder", "Midgar", "Cornelia", "Shrine", "Summon", "Escape", "Lucky Star",
          "White Mage", "Cecil Paladin", "Hydra", "Imp", "Wolf")
ZONES = ("hand", "hidden", "chars", "world", "cities", "skulls", "discard")


def make_game(**options: Any) -> FFTcg:
    game = tcgkit.load_game("ff-tcg", card_files=(CARDS,), **options)
    assert isinstance(game, FFTcg)
    return game


def game_with_extra_cards(folder: Path, cards: str, **options: Any) -> FFTcg:
    """The rules-test cards plus ``cards`` (TOML text), written to a file in ``folder``."""
    path = folder / "extras.toml"
    path.write_text(cards)
    game = tcgkit.load_game("ff-tcg", card_files=(CARDS, path), **options)
    assert isinstance(game, FFTcg)
    return game


def texts(state: FFTcgState) -> list[str]:
    """The legal actions' notation."""
    return [str(a) for a in state.legal_actions()]


def deck_for(game: FFTcg, names: list[str], size: int | None = None) -> list[str]:
    """A legal deck holding ``names``, filled up with the filler cards the game has."""
    size = size or game.options.deck_size
    deck = list(names)
    counts = Counter(deck)
    filler = [name for name in FILLER if game.db.find(name) is not None]
    while len(deck) < size:
        for name in filler:
            if len(deck) < size and counts[name] < game.options.max_copies:
                deck.append(name)
                counts[name] += 1
    return deck


def spec_names(spec: dict[str, Any]) -> list[str]:
    wanted = [n for zone in (*ZONES, "top", "deck") for n in spec.get(zone, [])]
    return wanted + [item for item, _ in spec.get("items", [])] + [m for m, _ in spec.get("city_mons", [])]


def position(game: FFTcg, p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, *,
             active: int = 0, turn: int = 3, played: bool = False, seed: int = 0) -> FFTcgState:
    """Player ``active``'s play phase with the cards where ``p0`` / ``p1`` say."""
    specs = [p0 or {}, p1 or {}]
    size = game.options.deck_size
    state = game.new_state(seed, [deck_for(game, spec_names(s)) for s in specs])
    data = state.to_json()
    label = state.t.label
    free = [list(range(p * size, (p + 1) * size)) for p in (0, 1)]

    def name(card: int) -> str:
        return label[card].rsplit("#", 1)[0]

    def take(p: int, wanted: str) -> int:
        card = next(c for c in free[p] if name(c) == wanted)
        free[p].remove(card)
        return card

    zones: dict[str, list[list[int]]] = {z.attr: [[], []] for z in state.SPEC.zones if not z.shared}
    on: list[dict[str, int]] = []
    wounded: list[int] = []
    for p, spec in enumerate(specs):
        for zone in ZONES:
            zones[zone][p] = [take(p, n) for n in spec.get(zone, [])]
        for item, character in spec.get("items", []):
            card = take(p, item)
            zones["items"][p].append(card)
            on.append({"card": card, "under": next(c for c in zones["chars"][p] if name(c) == character)})
        wounded += [c for c in zones["chars"][p] if name(c) in spec.get("wounded", [])]
    for p, spec in enumerate(specs):  # after both players' cities are placed
        for monster, city in spec.get("city_mons", []):
            card = take(p, monster)
            zones["city_mons"][1 - p].append(card)
            on.append({"card": card, "under": next(c for c in zones["cities"][1 - p] if name(c) == city)})
        if "deck" in spec:  # exactly these, top first; the rest of the cards wait in the discard pile
            zones["deck"][p] = [take(p, n) for n in spec["deck"]][::-1]
            zones["discard"][p] += free[p]
        else:
            top = [take(p, n) for n in spec.get("top", [])]
            zones["deck"][p] = free[p] + top[::-1]
    by_attr = {z.attr: z.name for z in state.SPEC.zones}
    keyed = {by_attr[attr]: [[label[c] for c in cards] for cards in lists] for attr, lists in zones.items()}
    data.update(
        zones={**keyed, "combat": [], "luck": []}, on=on, left_on=[], wounded=sorted(wounded), mods=[],
        used=[], turn=turn, active=active, played=played, mside=active, cside=1 - active, assigned=[],
        clear_city=None, fight_char=None, fight_mons=[], extra=[0, 0], res=Resolution().to_json(),
        defeated=[0, 0], result=None, decisions=[{"player": active, "kind": "play", "secret": False}], log=[],
    )
    return game.state_from_json(data)


def label(state: FFTcgState, name: str, zone: str = "", player: int | None = None, nth: int = 0) -> str:
    """The ``nth`` card called ``name`` (in ``zone`` of ``player`` when given), as ``Name#id``."""
    found: list[int] = []
    zones = [z.attr for z in state.SPEC.zones if not z.shared]
    for z in () if zone == "attackers" else (zone,) if zone else zones:
        for p in (player,) if player is not None else (0, 1):
            found += [c for c in getattr(state, z)[p] if state.t.label[c].rsplit("#", 1)[0] == name]
    if not zone or zone == "attackers":
        found += [c for c in state.attackers if state.t.label[c].rsplit("#", 1)[0] == name]
    return state.t.label[found[nth]]


def ident(text: str) -> int:
    return int(text.rsplit("#", 1)[1])


def play(state: FFTcgState, *actions: str) -> FFTcgState:
    """Apply actions written in notation (checked), and return the state."""
    for text in actions:
        state.apply(state.parse_action(text, state.to_move), state.to_move)
        state.check_invariants()
    return state


def names(state: FFTcgState, zone: str, player: int) -> list[str]:
    return [state.t.label[c].rsplit("#", 1)[0] for c in getattr(state, zone)[player]]


def kinds(state: FFTcgState, since: int = 0) -> list[str]:
    return [e["kind"] for e in state.events_since(since, None)]
