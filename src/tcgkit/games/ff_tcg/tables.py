"""What depends on a game's deck lists only: card kinds and labels, the actions built once,
and where each player's cards with a given kind of text can be. Shared by every state (and
clone) with those deck lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...kernel.actions import Action
from ...kernel.effects import Activation
from .actions import PICK_VERBS, TO_ATTACK, TO_WORLD, Hide, Pick, Play, Turn, Use
from .effects import REGISTRY
from .records import ABILITY_KEY

if TYPE_CHECKING:
    from .rules import FFTcg

# The zones a player's cards in play occupy, in the order the legal lists follow, with the card
# types each may hold (a rules invariant): ``city_mons`` of the opponent, ``attackers`` shared.
PLAY_ZONES = (("chars", ("character",)), ("items", ("item",)), ("world", ("monster", "villain")),
              ("cities", ("city",)), ("city_mons", ("monster",)), ("attackers", ("monster", "villain")))
Places = tuple[tuple[str, int], ...]
"""Zones as (attribute, side); side -1: ``attackers``, one list for both players."""


class Tables:
    """What depends on the deck lists only, shared by every clone of a game's states."""

    __slots__ = ("size", "decklists", "kind", "label", "cache", "hides", "plays", "worlds", "attacks",
                 "turns", "uses", "picks", "plan", "fixed", "users", "static_users",
                 "static_places", "fired", "game", "matches", "players", "acts")

    def __init__(self, game: FFTcg, decklists: tuple[tuple[int, ...], ...]) -> None:
        self.size = game.options.deck_size
        self.decklists = decklists
        self.players = len(decklists)
        self.kind: tuple[int, ...] = decklists[0] + decklists[1]  # instance id -> card index
        names = [game.cards[k].name for k in self.kind]
        self.label = tuple(f"{name}#{i}" for i, name in enumerate(names))
        self.cache: dict[Any, Action] = {}  # actions are values: built once
        # The commonest actions by instance id (``uses``: id * ABILITY_KEY + ability), built when
        # first needed by the methods below: ``hides[c] or hide(c)``.
        none: list[Any] = [None] * len(self.kind)
        self.hides: list[Hide | None] = none[:]
        self.plays: list[Play | None] = none[:]
        self.worlds: list[Play | None] = none[:]
        self.attacks: list[Play | None] = none[:]
        self.turns: list[Turn | None] = none[:]
        self.uses: list[Use | None] = none * ABILITY_KEY
        self.picks: dict[str, list[Pick | None]] = {verb: none[:] for verb in PICK_VERBS}
        self.game, self.plan = game, game.plan
        # Activations without a target, made once (conditions are checked very often), at
        # ``act_index``: hot loops read ``acts[...] or activation(...)`` without a call.
        self.acts: list[Activation | None] = [None] * (len(self.kind) * ABILITY_KEY * self.players)
        self.matches: dict[tuple[str | None, str | None, str | None], tuple[Any, tuple[bool, bool]]] = {}
        self.fixed: list[Any] = none[:]  # see ``fixed_plays``
        # timing -> player -> their cards with abilities of that timing ("turn": hidden actions),
        # so the legality scans skip zones holding none (``frozenset.isdisjoint``, in C).
        self.users = {timing: tuple(frozenset(c for c in range(p * self.size, (p + 1) * self.size)
                                              if table[self.kind[c]])
                                    for p in (0, 1))
                      for timing, table in (*game.by_timing.items(), ("turn", game.turn_usage),
                                            ("static", game.statics))}
        # Triggered timing -> the cards (of both players) with such abilities (``fire``).
        self.fired = {timing: frozenset(c for c, k in enumerate(self.kind) if timing in game.timed[k])
                      for timing in REGISTRY.timings}
        # Static texts of both players count at once (``all_static_bonuses``): the zones where
        # such cards may be, the others are not scanned.
        self.static_users = self.users["static"][0] | self.users["static"][1]
        self.static_places = tuple(dict.fromkeys(self.places_of(game, self.users["static"][0], 0)
                                                 + self.places_of(game, self.users["static"][1], 1)))

    def act_index(self, player: int, source: int, ability: int = -1) -> int:
        """Where ``acts`` keeps the activation of ``source``'s ``ability`` (-1: a card-level
        requirement) by ``player``: one slot per card, ability and player."""
        return (source * ABILITY_KEY + ability + 1) * self.players + player

    def activation(self, player: int, source: int, ability: int = -1) -> Activation:
        index = (source * ABILITY_KEY + ability + 1) * self.players + player
        act = self.acts[index]
        if act is None:
            act = self.acts[index] = Activation(player, source, ability)
        return act

    def match(self, key: tuple[str | None, str | None, str | None]) -> tuple[Any, tuple[bool, bool]]:
        """For (type, name, job) (``None``: any): ``FFTcg.matching`` and whether each player's deck
        list holds such a card at all (the card text lookups' ``matches[key] or match(key)``)."""
        table = self.game.matching(*key)
        owned = (any(table[k] for k in self.decklists[0]), any(table[k] for k in self.decklists[1]))
        found = self.matches[key] = (table, owned)
        return found

    def places_of(self, game: FFTcg, cards: frozenset[int], p: int) -> Places:
        """The zones of ``PLAY_ZONES`` that may hold one of ``cards`` (all player ``p``'s)."""
        types = {game.ctype[self.kind[c]] for c in cards}
        return tuple((zone, -1 if zone == "attackers" else 1 - p if zone == "city_mons" else p)
                     for zone, holds in PLAY_ZONES if types.intersection(holds))

    def fixed_plays(self, card: int) -> tuple[bool, tuple[Action, ...], tuple[Action, ...]] | bool:
        """The plays of a hand card that depend on nothing but the opponent's cities (a city, an
        action, a monster with no requirement; False for the others): (whether it is a monster,
        so the opponent's cities add plays; the plays; the plays and hiding it)."""
        typ, test, world, world_test = self.plan[self.kind[card]]
        fixed: Any = False
        if test is None and (typ in ("city", "action") or (
                typ == "monster" and world_test is None and self.game.attack_test[self.kind[card]] is None)):
            if typ == "monster":
                plays: tuple[Action, ...] = ((self.world(card),) if world else ()) + (self.attack(card),)
            else:
                plays = (self.play(card),) if typ == "city" else ()
            fixed = (typ == "monster", plays, (*plays, self.hide(card)))
        self.fixed[card] = fixed
        return fixed

    def hide(self, card: int) -> Hide:
        action = self.hides[card] = Hide(card, self.label[card])
        return action

    def play(self, card: int) -> Play:
        action = self.plays[card] = Play(card, self.label[card])
        return action

    def world(self, card: int) -> Play:
        action = self.worlds[card] = Play(card, self.label[card], TO_WORLD)
        return action

    def attack(self, card: int) -> Play:
        action = self.attacks[card] = Play(card, self.label[card], TO_ATTACK)
        return action

    def turn(self, card: int) -> Turn:
        action = self.turns[card] = Turn(card, self.label[card])
        return action

    def use(self, card: int, ability: int) -> Use:
        action = self.uses[card * ABILITY_KEY + ability] = Use(card, self.label[card], ability)
        return action

    def pick(self, verb: str, card: int) -> Pick:
        action = self.picks[verb][card] = Pick(verb, card, self.label[card])
        return action

    def placed(self, card: int, mode: str, where: int) -> Play:
        """A play onto a card (a monster on a city, an item on a character)."""
        key = (card, mode, where)
        action = self.cache.get(key)
        if action is None:
            action = self.cache[key] = Play(card, self.label[card], mode, where, self.label[where])
        return action
