"""What depends on a game's deck lists only: card kinds and labels, the actions built once,
and where each player's cards with a given kind of text can be. Shared by every state (and
clone) with those deck lists.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import add, itemgetter
from typing import TYPE_CHECKING, Any, TypeVar

from ...kernel.actions import Action
from ...kernel.effects import Activation
from .actions import PICK_VERBS, TO_ATTACK, TO_WORLD, Hide, Pick, Play, Turn, Use
from .effects import REGISTRY
from .records import ABILITY_KEY

if TYPE_CHECKING:
    from .game import FFTcg

# The zones a player's cards in play occupy, in the order the legal lists follow, with the card
# types each may hold (a rules invariant): ``city_mons`` of the opponent, ``attackers`` shared.
PLAY_ZONES = (("chars", ("character",)), ("items", ("item",)), ("world", ("monster", "villain")),
              ("cities", ("city",)), ("city_mons", ("monster",)), ("attackers", ("monster", "villain")))
Places = tuple[tuple[str, int], ...]
"""Zones as (attribute, side); side -1: ``attackers``, one list for both players."""
Dealt = tuple[tuple[tuple[int, ...], ...], Sequence[Sequence[int]]]
"""Each player's deck list (card indices) and the ids of its cards, both in list order."""
BY_CARD = ("hide", "play", "play world", "play attack", "turn", "fixed", *(f"pick {v}" for v in PICK_VERBS))
"""The lists of ``Tables`` kept across deals in ``Shared.by_card``."""
T = TypeVar("T")


class Contents:
    """What depends on a deal's cards but not on which id holds which: the card text lookups
    (``match``), the zones static texts may be in, and where the cards with abilities of each
    timing are, as positions in the contents sorted by card index (``Tables`` maps them to ids)."""

    __slots__ = ("lists", "users", "fired", "matches", "static_places")

    def __init__(self, game: FFTcg, lists: tuple[tuple[int, ...], ...]) -> None:
        self.lists = lists  # each player's card indices, sorted
        size = game.options.deck_size
        kind = lists[0] + lists[1]
        timings = (*game.by_timing.items(), ("turn", game.turn_usage), ("static", game.statics))
        self.users = {timing: tuple(tuple(c for c in range(p * size, (p + 1) * size) if table[kind[c]])
                                    for p in (0, 1))
                      for timing, table in timings}
        self.fired = {timing: tuple(c for c, k in enumerate(kind) if timing in game.timed[k])
                      for timing in REGISTRY.timings}
        self.matches: dict[tuple[str | None, str | None, str | None], tuple[Any, tuple[bool, bool]]] = {}
        static = [{game.ctype[kind[c]] for c in self.users["static"][p]} for p in (0, 1)]
        self.static_places = tuple(dict.fromkeys(places_of(static[0], 0) + places_of(static[1], 1)))


class Shared:
    """What every deal of a game shares: the activations (they name ids only); the actions and
    fixed plays of each id holding each card (``ByCard``: what a label names), so a deal's
    tables start filled with those met in earlier deals; ``Contents`` by deck contents; for
    each deck list the order that sorts it."""

    __slots__ = ("acts", "cache", "by_card", "contents", "sorting", "id_text", "ids", "base")

    def __init__(self, game: FFTcg) -> None:
        size = game.options.deck_size
        ids = self.ids = 2 * size
        self.acts: list[Activation | None] = [None] * (ids * ABILITY_KEY * 2)
        self.cache: dict[Any, Any] = {}  # actions by labels: ``Tables.cache``
        # list name -> (card index * ids + id) -> the action (or fixed plays), when made
        self.by_card: dict[str, list[Any]] = {name: [None] * (len(game.cards) * ids) for name in BY_CARD}
        self.base = tuple(k * ids for k in range(len(game.cards)))
        self.contents: dict[tuple[tuple[int, ...], ...], Contents] = {}
        self.sorting: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self.id_text = tuple(f"#{i}" for i in range(ids))  # labels end so

    def contents_of(self, game: FFTcg, lists: tuple[tuple[int, ...], ...]) -> Contents:
        found = self.contents.get(lists)
        if found is None:
            if len(self.contents) > 256:
                self.contents.clear()
            if len(self.cache) > 200_000:  # memory stays bounded over many decks
                self.cache.clear()
            found = self.contents[lists] = Contents(game, lists)
        return found

    def sort(self, deck: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A deck list's cards sorted, and the positions in the list that sort it."""
        found = self.sorting.get(deck)
        if found is None:
            if len(self.sorting) > 256:
                self.sorting.clear()
            order = tuple(sorted(range(len(deck)), key=deck.__getitem__))
            found = self.sorting[deck] = (tuple(deck[i] for i in order), order)
        return found


class Picks(dict[str, list[Any]]):
    """A deal's ``Pick`` actions by verb, each verb's list gathered from ``Shared.by_card`` when
    first read (a game asks for a few verbs only)."""

    __slots__ = ("gather", "by_card")

    def __init__(self, gather: Callable[[list[Any]], tuple[Any, ...]], by_card: dict[str, list[Any]]) -> None:
        super().__init__()
        self.gather, self.by_card = gather, by_card

    def __missing__(self, verb: str) -> list[Any]:
        if verb not in PICK_VERBS:
            raise KeyError(verb)
        made = self[verb] = list(self.gather(self.by_card[f"pick {verb}"]))
        return made


def places_of(types: set[str], p: int) -> Places:
    """The zones of ``PLAY_ZONES`` that may hold player ``p``'s cards of these types."""
    return tuple((zone, -1 if zone == "attackers" else 1 - p if zone == "city_mons" else p)
                 for zone, holds in PLAY_ZONES if types.intersection(holds))


class Tables:
    """What depends on the deal only (which card each id is), shared by every clone of a game's
    states. Cheap to make for a new order of the same cards (``new_state`` draws one per seed):
    the costly parts come from ``Shared`` and ``Contents``."""

    __slots__ = ("size", "decklists", "kind", "label", "cache", "hides", "plays", "worlds", "attacks",
                 "turns", "uses", "picks", "plan", "fixed", "users", "static_users",
                 "static_places", "fired", "game", "matches", "players", "acts", "shared", "slots")

    def __init__(self, game: FFTcg, decklists: tuple[tuple[int, ...], ...],
                 dealt: Dealt | None = None) -> None:
        """``decklists[p]``: the card index of each of player p's ids, in id order. ``dealt``
        (from ``FFTcg.deal``, which knows it at no cost): the same as each player's deck list
        and the ids of its cards in list order."""
        shared = self.shared = game.shared
        size = self.size = game.options.deck_size
        self.decklists = decklists
        self.players = len(decklists)
        kind = self.kind = decklists[0] + decklists[1]  # instance id -> card index
        # Contents position -> id: the ids holding the sorted contents' cards in turn.
        if dealt is None:
            dealt = (decklists, tuple(range(p * size, (p + 1) * size) for p in (0, 1)))
        (sorted0, order0), (sorted1, order1) = (shared.sort(d) for d in dealt[0])
        contents = shared.contents_of(game, (sorted0, sorted1))
        slot = list(map(dealt[1][0].__getitem__, order0)) + list(map(dealt[1][1].__getitem__, order1))
        of_kind = itemgetter(*kind)  # (C-speed gathers: this runs once per game)
        self.label = tuple(map(add, of_kind(game.names), shared.id_text))
        self.cache = shared.cache  # actions with two cards, by labels (built once)
        # The commonest actions by instance id (``uses``: id * ABILITY_KEY + ability), those made
        # in earlier deals taken from ``Shared.by_card`` at ``slots[id]``, the others made when
        # first needed by the methods below: ``hides[c] or hide(c)``.
        self.slots = list(map(add, of_kind(shared.base), range(len(kind))))
        by_card, gather = shared.by_card, itemgetter(*self.slots)
        self.hides: list[Hide | None] = list(gather(by_card["hide"]))
        self.plays: list[Play | None] = list(gather(by_card["play"]))
        self.worlds: list[Play | None] = list(gather(by_card["play world"]))
        self.attacks: list[Play | None] = list(gather(by_card["play attack"]))
        self.turns: list[Turn | None] = list(gather(by_card["turn"]))
        self.fixed: list[Any] = list(gather(by_card["fixed"]))  # see ``fixed_plays``
        self.picks: dict[str, list[Pick | None]] = Picks(gather, by_card)  # a verb's list when first read
        self.uses: list[Use | None] = [None] * (len(kind) * ABILITY_KEY)
        self.game, self.plan = game, game.plan
        # Activations without a target, made once (conditions are checked very often), at
        # ``act_index``: hot loops read ``acts[...] or activation(...)`` without a call.
        self.acts = shared.acts
        # timing -> player -> their cards with abilities of that timing ("turn": hidden actions),
        # so the legality scans skip zones holding none (``frozenset.isdisjoint``, in C).
        at = slot.__getitem__
        self.users = {timing: (frozenset(map(at, mine)), frozenset(map(at, theirs)))
                      for timing, (mine, theirs) in contents.users.items()}
        # Triggered timing -> the cards (of both players) with such abilities (``fire``).
        self.fired = {timing: frozenset(map(at, cards)) for timing, cards in contents.fired.items()}
        # Static texts of both players count at once (``all_static_bonuses``): the zones where
        # such cards may be, the others are not scanned.
        self.static_users = self.users["static"][0] | self.users["static"][1]
        self.static_places, self.matches = contents.static_places, contents.matches

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

    def fixed_plays(self, card: int) -> tuple[bool, tuple[Action, ...], tuple[Action, ...]] | bool:
        """The plays of a hand card that depend on nothing but the opponent's cities (a city, an
        action, a monster with no requirement but an attack one fixed in the play phase; False
        for the others): (whether it is a monster, so the opponent's cities add plays; the
        plays; the plays and hiding it)."""
        typ, test, world, world_test = self.plan[self.kind[card]]
        attacks = self.game.attack_in_play_phase[self.kind[card]]
        fixed: tuple[bool, tuple[Action, ...], tuple[Action, ...]] | bool = False
        if test is None and (typ in ("city", "action") or (
                typ == "monster" and world_test is None and attacks is not None)):
            if typ == "monster":
                plays: tuple[Action, ...] = (((self.world(card),) if world else ())
                                             + ((self.attack(card),) if attacks else ()))
            else:
                plays = (self.play(card),) if typ == "city" else ()
            fixed = (typ == "monster", plays, (*plays, self.hide(card)))
        self.fixed[card] = self.kept("fixed", card, fixed)
        return fixed

    def kept(self, name: str, card: int, made: T) -> T:
        """``made`` (the ``name`` action of ``card``, just built) kept for later deals."""
        self.shared.by_card[name][self.slots[card]] = made
        return made

    def hide(self, card: int) -> Hide:
        action = self.hides[card] = self.kept("hide", card, Hide(card, self.label[card]))
        return action

    def play(self, card: int) -> Play:
        action = self.plays[card] = self.kept("play", card, Play(card, self.label[card]))
        return action

    def world(self, card: int) -> Play:
        action = self.worlds[card] = self.kept("play world", card, Play(card, self.label[card], TO_WORLD))
        return action

    def attack(self, card: int) -> Play:
        action = self.attacks[card] = self.kept("play attack", card, Play(card, self.label[card], TO_ATTACK))
        return action

    def turn(self, card: int) -> Turn:
        action = self.turns[card] = self.kept("turn", card, Turn(card, self.label[card]))
        return action

    def use(self, card: int, ability: int) -> Use:
        key = ("use", self.label[card], ability)
        action = self.cache.get(key)
        if action is None:
            action = self.cache[key] = Use(card, self.label[card], ability)
        self.uses[card * ABILITY_KEY + ability] = action
        return action

    def pick(self, verb: str, card: int) -> Pick:
        action = self.picks[verb][card] = self.kept(f"pick {verb}", card, Pick(verb, card, self.label[card]))
        return action

    def placed(self, card: int, mode: str, where: int) -> Play:
        """A play onto a card (a monster on a city, an item on a character)."""
        label = self.label
        key = (label[card], mode, label[where])
        action = self.cache.get(key)
        if action is None:
            action = self.cache[key] = Play(card, label[card], mode, where, label[where])
        return action
