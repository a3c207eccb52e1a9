"""What card moves and card text do to a position: ``Board``, the base of the state.

``Board`` types the fields of a position (declared for the kernel by ``rules.FFTcgState.SPEC``):
one list per zone and player (instance ids), the side tables (wounds, items and city
monsters, modifiers, once-per-turn marks), the turn, the combat under way and the effects
being resolved. Its methods move cards between the zones, keep the side tables in step when
a card leaves play, end the game, and answer the effect primitives of ``effects.py`` (it is
their ``FFHost``). The rules that change a position (``turn.py``, ``combat.py``) and list its
moves (``legal.py``) are functions of the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...kernel import refs
from ...kernel.actions import Action
from ...kernel.effects import Activation, Modifiers
from ...kernel.game import State
from ...kernel.resolution import Resolution
from ...kernel.rng import Rng
from ...kernel.state import decision, forget, learn
from .records import ABILITY_KEY, Result

if TYPE_CHECKING:
    from .cards import Card
    from .game import FFTcg
    from .tables import Tables

HIDDEN_PLACES = ("hand", "hidden")  # card text never sees into the rival's


class Board(State["FFTcg"]):
    """A position's card moves and effect queries. Zones are ``zone[p]``, player p's cards
    bottom first (a deck's top is its end); ``city_mons[p]`` holds the rival's monsters on
    p's cities."""

    __slots__ = ()  # the slots are the declared state's (``rules.FFTcgState.SPEC``)
    game: "FFTcg"  # noqa: UP037 - quoted: the compiled build reads it at run time
    rng: Rng
    # what the deal alone decides: card kinds and labels, the actions made once
    t: "Tables"  # noqa: UP037 - likewise
    kind: Sequence[int]  # instance id -> card index (``t.kind``; a list when just read from JSON)
    deck: list[list[int]]
    hand: list[list[int]]
    hidden: list[list[int]]  # face-down actions (escondidas)
    chars: list[list[int]]
    items: list[list[int]]
    world: list[list[int]]  # monsters and villains in the World
    cities: list[list[int]]
    city_mons: list[list[int]]
    skulls: list[list[int]]
    discard: list[list[int]]
    resolving: list[list[int]]  # a turned action, face up while it resolves
    attackers: list[int]  # the combat area: attacking monsters...
    luck: list[int]  # ...and revealed luck cards until the fight ends
    on: dict[int, int]  # item -> its character; monster on a city -> the city
    left_on: dict[int, int]  # the same for cards that left play this turn
    wounded: set[int]
    mods: Modifiers
    used: set[int]  # once-per-turn marks: card * ABILITY_KEY + ability
    known: list[set[int]]  # per player, the cards they know in a hand or a deck (kernel knowledge)
    turn: int
    active: int
    first: int
    played: bool
    mside: int  # the combat's monster side...
    cside: int  # ...and character side
    clear_city: int  # the city being cleared, -1: none
    assigned: dict[int, int]  # attacking monster -> the character it fights
    fight_char: int  # the character fought (VILLAIN_FIGHT: all of them; NO_FIGHT: none)
    fight_mons: list[int]
    extra: list[int]  # luck cards each player reveals beyond the normal ones
    res: Resolution  # the kernel's: frames, asks, triggers, windows, the turn's next step
    defeated: list[int]  # villains each player lost
    result: Result | None
    legal: list[Action] | None  # the legal actions, computed once per position

    # -- card facts -------------------------------------------------------------------------
    def owner(self, card: int) -> int:
        return card // self.t.size

    def card(self, card: int) -> Card:
        return self.game.cards[self.t.kind[card]]

    def ctype(self, card: int) -> str:
        return self.game.ctype[self.t.kind[card]]

    # -- where a card is ----------------------------------------------------------------------
    def locate(self, card: int) -> tuple[list[int], str]:
        """The list holding ``card`` and its zone's name (every card is in exactly one)."""
        if card in self.attackers:  # the likeliest first (a fight's result); the long lists last
            return self.attackers, "attackers"
        p = card // self.t.size
        for name in ("chars", "items", "world", "cities", "hand", "resolving", "hidden"):
            zone = getattr(self, name)[p]
            if card in zone:
                return zone, name
        if card in self.city_mons[1 - p]:
            return self.city_mons[1 - p], "city_mons"
        if card in self.luck:
            return self.luck, "luck"
        for name in ("discard", "skulls", "deck"):
            zone = getattr(self, name)[p]
            if card in zone:
                return zone, name
        raise AssertionError(f"card {card} is in no zone")

    def in_play(self, card: int) -> bool:
        return self.locate(card)[1] in ("chars", "items", "world", "cities", "city_mons", "attackers",
                                         "resolving")

    def take(self, card: int) -> str:
        """Remove ``card`` from its zone; a card leaving play takes its side entries along."""
        zone, name = self.locate(card)
        zone.remove(card)
        if name in ("chars", "items", "world", "cities", "city_mons", "attackers"):
            self.left_play(card, name)
        return name

    def left_play(self, card: int, zone: str) -> None:
        self.mods.forget(card)
        self.wounded.discard(card)
        bearer = self.on.pop(card, None)
        if bearer is not None:
            self.left_on[card] = bearer  # an item's cost may still name its bearer ("bearer")
        if zone in ("chars", "cities"):  # its items; the monsters on a city that is gone (RULES.md)
            for other in [other for other, under in self.on.items() if under == card]:
                self.to_discard(other)
        elif zone == "attackers":
            self.assigned.pop(card, None)
            if card in self.fight_mons:
                self.fight_mons.remove(card)

    def to_discard(self, card: int) -> None:
        self.take(card)
        self.discard[card // self.t.size].append(card)

    # -- decks ------------------------------------------------------------------------------
    def pop_deck(self, player: int) -> int | None:
        """The top card of a deck, applying the deck-out policy when it is empty (FF4)."""
        deck = self.deck[player]
        if not deck:
            policy = self.game.options.deckout_policy
            if policy == "lose":
                self.lose(player, "deck out")
                return None
            if policy == "skip" or not self.discard[player]:
                return None
            deck.extend(self.discard[player])
            self.discard[player].clear()
            self.shuffle_deck(player)
            self.log.append(("reshuffle", player, len(deck)))
        return deck.pop()

    def shuffle_deck(self, player: int) -> None:
        """A deck shuffled: nobody knows where its cards lie any more. A once-per-turn mark of a
        card shuffled in goes (the discard pile reshuffled mid-turn): it would name a card whose
        identity the deck now hides, and a card that comes back is a new one."""
        deck = self.deck[player]
        self.rng.shuffle(deck)
        forget(self, deck)
        if self.used:
            cards = set(deck)
            self.used.difference_update([mark for mark in self.used if mark // ABILITY_KEY in cards])

    def draw(self, player: int, count: int) -> None:
        for _ in range(count):
            card = self.pop_deck(player)
            if card is None:
                return
            self.hand[player].append(card)
            self.log.append(("draw", player, card))

    def mill(self, player: int, count: int) -> None:
        for _ in range(min(count, len(self.deck[player]))):
            card = self.deck[player].pop()
            self.discard[player].append(card)
            self.log.append(("mill", player, card))

    # -- the end ---------------------------------------------------------------------------
    def finish(self, winner: int | None, reason: str) -> None:
        """The game is over: no choice is left pending, whatever ended it, even in the middle of
        an effect (the kernel's driver stops the effect and clears the resolution)."""
        if self.result is None:
            self.result = Result(winner, reason)  # type: ignore[misc]  # a slot of FFTcgState.SPEC
            self.log.append(("end", winner, reason))
        self.decisions.clear()
        self.res.clear()
        self.legal = None  # type: ignore[misc]  # likewise

    def lose(self, player: int, reason: str) -> None:
        if self.result is not None and self.result.winner == player:  # the other lost too
            self.result = Result(None, "both players lost at once")  # type: ignore[misc]  # likewise
            self.log.append(("end", None, self.result.reason))
            return
        self.finish(1 - player, reason)

    # -- the EffectHost / FFHost methods ----------------------------------------------------
    def player_ref(self, act: Activation, who: str) -> list[int]:
        p = act.player
        return [p] if who == "you" else [1 - p] if who == "opponent" else [p, 1 - p]

    def card_refs(self, act: Activation, ref: str) -> list[int]:
        p, source = act.player, act.source
        if ref == "self":
            return [source]
        if ref == "target":
            return act.cards()
        if ref == "bearer":
            if self.game.ctype[self.t.kind[source]] == "character":
                return [source]
            bearer = self.on.get(source, self.left_on.get(source))
            return [] if bearer is None else [bearer]
        if ref in ("my_fighters", "rival_fighters"):
            if self.fight_char == NO_FIGHT:
                return []
            mine_is_character = (p == self.cside) == (ref == "my_fighters")
            return self.fighters(self.cside) if mine_is_character else self.fight_mons[:]
        if ref == "my_characters":
            return self.chars[p][:]
        if ref == "rival_characters":
            return self.chars[1 - p][:]
        if ref in ("my_monsters", "rival_monsters"):
            side = p if ref == "my_monsters" else 1 - p
            return self.monsters_of(side)
        return self.attackers[:]  # "attackers"

    def fighters(self, side: int) -> list[int]:
        """The character side's cards in the current fight (all of them against a villain)."""
        if self.fight_char == VILLAIN_FIGHT:
            return self.chars[side][:]
        return [self.fight_char] if self.fight_char in self.chars[side] else []

    def monsters_of(self, side: int) -> list[int]:
        size = self.t.size
        return (self.world[side] + self.city_mons[1 - side]
                + [a for a in self.attackers if a // size == side])

    def destroy(self, card: int) -> None:
        if self.in_play(card):
            self.to_discard(card)
            self.log.append(("destroy", card))

    def move_card(self, card: int, zone: str) -> None:
        """A card to its owner's hand, discard pile or deck (top or bottom). Going into a hand
        or a deck, it stays known to whoever saw it where it was: everyone, from play or a
        pile; its owner, from their hand or face-down cards; from the deck, those who knew it."""
        origin = self.take(card)
        p = card // self.t.size
        if zone != "discard" and origin != "deck":
            learn(self, (card,), (p,) if origin in ("hand", "hidden") else range(2))
        if zone == "hand":
            self.hand[p].append(card)
        elif zone == "discard":
            self.discard[p].append(card)
        elif zone == "deck_top":
            self.deck[p].append(card)
        else:
            self.deck[p].insert(0, card)
        self.log.append(("move", card, zone))

    def add_modifier(self, card: int, stat: str, amount: int, until: str) -> None:
        if self.in_play(card):
            self.mods.add(card, stat, amount, until)

    def ask_discard(self, player: int, count: int) -> Any:
        hand = self.hand[player]
        if len(hand) <= count:  # no choice to make
            for card in hand[:]:
                self.move_from_hand(card, "discard")
            return None
        return self.ask(player, "discard", count)

    def ask_sacrifice(self, player: int, type: str | None, count: int) -> Any:
        options = self.sacrifice_options(player, type)
        if len(options) <= count:
            for card in options:
                self.sacrifice(card)
            return None
        return self.ask(player, "sacrifice", count, type)

    def ask_search(self, player: int, name: str | None, type: str | None) -> Any:
        if not self.search_options(player, name, type):
            self.shuffle_deck(player)
            self.log.append(("search_failed", player, None))
            return None
        return self.ask(player, "search", 1, type, name)

    def ask(self, player: int, kind: str, count: int, type: str | None = None,
            name: str | None = None) -> str:
        """Pause the running effect for ``player``'s choice: ``count`` cards of a ``type``
        (sacrifice, search) or ``name`` (search); ``PAUSE`` for the step to return."""
        return self.game.machine.ask_for(self, player, kind, count, (type, name))

    def decide(self, player: int, kind: str) -> None:
        self.decisions.append(DECISIONS[player, kind])

    def move_from_hand(self, card: int, verb: str) -> None:
        p = card // self.t.size
        self.hand[p].remove(card)
        self.discard[p].append(card)
        self.log.append((verb, p, card))

    def hand_size(self, player: int) -> int:
        return len(self.hand[player])

    def skull_count(self, player: int) -> int:
        return len(self.skulls[player])

    def sacrifice(self, card: int) -> None:
        self.to_discard(card)
        self.log.append(("sacrifice", card))

    def sacrifice_options(self, player: int, type: str | None) -> list[int]:
        size, ctype, kind = self.t.size, self.game.ctype, self.t.kind
        cards = (self.chars[player] + self.items[player] + self.world[player] + self.cities[player]
                 + self.city_mons[1 - player] + [a for a in self.attackers if a // size == player])
        return cards if type is None else [c for c in cards if ctype[kind[c]] == type]

    def search_options(self, player: int, name: str | None, type: str | None) -> list[int]:
        table, kind = self.game.matching(type, name, None), self.t.kind
        found = []  # a loop: a comprehension is a call of its own (CPython 3.11)
        for c in self.deck[player]:
            if table[kind[c]]:
                found.append(c)
        found.sort()
        return found

    def wound(self, card: int) -> None:
        if card not in self.chars[card // self.t.size]:
            return
        if card in self.wounded:
            self.kill(card)
        else:
            self.wounded.add(card)
            self.log.append(("wound", card))

    def heal(self, card: int) -> None:
        if card in self.wounded:
            self.wounded.discard(card)
            self.log.append(("heal", card))

    def kill(self, card: int) -> None:
        if card in self.chars[card // self.t.size]:
            self.to_discard(card)
            self.log.append(("die", card))

    def is_wounded(self, card: int) -> bool:
        return card in self.wounded

    def extra_luck(self, player: int, count: int) -> None:
        if self.fight_char != NO_FIGHT:
            self.extra[player] += count

    def cancel_fight(self) -> None:
        """The fight ends once the effects under way are done: the turn's next step. Only in an
        effect window (no other step waits then); elsewhere a fight cannot be cancelled."""
        if self.fight_char != NO_FIGHT and not self.res.step:
            self.res.step = "cancel"

    def remove_skulls(self, player: int, count: int) -> None:
        for _ in range(min(count, len(self.skulls[player]))):
            card = self.skulls[player].pop()
            self.discard[player].append(card)
            self.log.append(("unskull", card))

    # -- conditions and targets -----------------------------------------------------------
    def place_cards(self, player: int, side: int, place: str) -> list[int]:
        """The cards of ``side`` in ``place``, as ``player`` may count or target them."""
        if place in HIDDEN_PLACES:
            hidden: list[int] = getattr(self, place)[side] if side == player else []
            return hidden
        if place == "city_monsters":
            return self.city_mons[1 - side]
        if place == "in_play":
            return self.sacrifice_options(side, None)
        cards: list[int] = getattr(self, PLACE_ATTR[place])[side]
        return cards

    def count_cards(self, act: Activation, side: str, place: str, type: str | None,
                    name: str | None, job: str | None) -> int:
        p = act.player
        t = self.t
        attr = PLACE_ATTR.get(place)
        if attr is not None and (side == "you" or (side == "opponent" and place not in HIDDEN_PLACES)):
            # One side's zone, read whole (most conditions, checked for every legal list).
            s = p if side == "you" else 1 - p
            cards = getattr(self, attr)[s]
            if type is None and name is None and job is None:
                return len(cards)
            key = (type, name, job)
            matching, owned = t.matches.get(key) or t.match(key)
            if not owned[s]:
                return 0
            kind = t.kind
            total = 0
            for c in cards:
                if matching[kind[c]]:
                    total += 1
            return total
        if type is None and name is None and job is None:
            table: tuple[bool, ...] | None = None
            owned = (True, True)
        else:
            key = (type, name, job)
            table, owned = t.matches.get(key) or t.match(key)
        kind = t.kind
        total = 0
        for s in (p,) if side == "you" else (1 - p,) if side == "opponent" else (p, 1 - p):
            if place in HIDDEN_PLACES and s != p:  # the rival's hand and hidden cards: how many only
                total += len(getattr(self, place)[s])
                continue
            if not owned[s]:  # the places hold the side's own cards only: none matches
                continue
            cards = getattr(self, attr)[s] if attr is not None else self.place_cards(p, s, place)
            if table is None:
                total += len(cards)
                continue
            for c in cards:
                if table[kind[c]]:
                    total += 1
        return total

    def sees(self, act: Activation, name: str | None, type: str | None) -> bool:
        """Avistar: a matching card anywhere but in a deck or a discard pile ("com a exceção de
        cartas no Baralho (Deck) e no Descarte"): on the table, and the sighting player's own
        hand and face-down cards; never the rival's, which the player cannot see."""
        key = (type, name, None)
        table, owned = self.t.matches.get(key) or self.t.match(key)
        if not (owned[0] or owned[1]):  # no such card in either deck
            return False
        kind = self.t.kind
        mine = act.player
        for c in self.hand[mine] + self.hidden[mine]:
            if table[kind[c]]:
                return True
        for p in (0, 1):
            for zone in (self.chars[p], self.items[p], self.world[p], self.cities[p], self.city_mons[p],
                         self.skulls[p], self.resolving[p]):
                for c in zone:
                    if table[kind[c]]:
                        return True
        for zone in (self.attackers, self.luck):
            for c in zone:
                if table[kind[c]]:
                    return True
        return False

    def attacking_with(self, act: Activation, name: str | None, type: str | None) -> bool:
        if not self.attackers:
            return False
        key = (type, name, None)
        table, _ = self.t.matches.get(key) or self.t.match(key)
        kind = self.t.kind
        return any(c != act.source and table[kind[c]] for c in self.attackers)

    def fight_role(self, act: Activation) -> str | None:
        if self.fight_char == NO_FIGHT:
            return None
        return "defender" if act.player == self.cside else "attacker"

    def candidates(self, act: Activation, side: str, place: str, type: str | None,
                   max_power: int | None, in_fight: bool, wounded: bool | None) -> list[int]:
        p = act.player
        out: list[int] = []
        fight: list[int] = []
        if in_fight:
            fight = self.fighters(self.cside) + self.fight_mons
            if not fight:  # no fight under way: nothing to name
                return out
        ctype, kind, size = self.game.ctype, self.t.kind, self.t.size
        power: dict[int, int] | None = None  # the static bonuses, measured once when needed
        for s in SIDES[side, p]:
            if in_fight and place == "in_play":
                # The fighters are in play, characters before attackers as ``place_cards`` lists them.
                cards = []
                for c in fight:
                    if c // size == s:
                        cards.append(c)
            elif place == "in_play" and type == "monster":  # monsters are in none of the other zones
                cards = self.world[s] + self.city_mons[1 - s] + [a for a in self.attackers if a // size == s]
            else:
                cards = self.place_cards(p, s, place)
                if in_fight:
                    cards = [c for c in cards if c in fight]
            for c in cards:
                if type is not None and ctype[kind[c]] != type:
                    continue
                if wounded is not None and (c in self.wounded) != wounded:
                    continue
                if max_power is not None:
                    if power is None:
                        power = self.static_bonuses("power")
                    if self.stat(c, "power", power) > max_power:
                        continue
                out.append(c)
        return out

    # -- stats -------------------------------------------------------------------------------
    def stat(self, card: int, stat: str, bonus: dict[int, int] | None = None) -> int:
        """A card's power or defense now: printed + modifiers + static abilities in play
        (``bonus``: ``static_bonuses(stat)`` when several cards are measured at once)."""
        base = self.game.cards[self.t.kind[card]].power if stat == "power" else 0
        if bonus is None:
            bonus = self.static_bonuses(stat)
        if self.mods.entries:
            base += self.mods.total(card, stat)
        return base + bonus.get(card, 0)

    def static_bonuses(self, stat: str) -> dict[int, int]:
        """What the static abilities in play add to ``stat``, card by card."""
        return self.all_static_bonuses()[stat]

    def all_static_bonuses(self) -> dict[str, dict[int, int]]:
        """``static_bonuses`` of every stat in one pass: stat -> card -> bonus."""
        statics, t = self.game.statics, self.t
        kind, size, users, acts, players = t.kind, t.size, t.static_users, t.acts, t.players
        out: dict[str, dict[int, int]] = {"power": {}, "defense": {}}
        for name, side in t.static_places:  # only the zones where such cards may be
            zone = self.attackers if side < 0 else getattr(self, name)[side]
            if users.isdisjoint(zone):
                continue
            for source in zone:
                abilities = statics[kind[source]]
                if not abilities or (self.game.ctype[kind[source]] == "city" and source in self.on.values()):
                    continue  # no static text, or a city with a monster on it (``ability_active``)
                for index, test, changes in abilities:
                    owner = source // size
                    act = acts[(source * ABILITY_KEY + index + 1) * players + owner] \
                        or t.activation(owner, source, index)
                    if test is not None and not test(self, act):
                        continue
                    for changed, to, amount in changes:
                        bonus = out.setdefault(changed, {})
                        for card in self.card_refs(act, to):
                            bonus[card] = bonus.get(card, 0) + amount
        return out

    def ability_active(self, card: int) -> bool:
        """A city's abilities are off while a monster is on it."""
        if self.game.ctype[self.t.kind[card]] != "city":
            return True
        return card not in self.on.values()


TARGETED: dict[tuple[int, int, int, int], Activation] = {}


def targeted(player: int, source: int, ability: int, target: int) -> Activation:
    """An ability's activation as its frame runs it (``target`` -1: none), made once."""
    key = (player, source, ability, target)
    act = TARGETED.get(key)
    if act is None:
        act = TARGETED[key] = Activation(player, source, ability, None if target < 0 else refs.card(target))
    return act


POST_REVEAL = "post_reveal"  # the effect windows after the luck reveal (``post_reveal_window``)
WINDOWS = ("window", POST_REVEAL)
DECISION_KINDS = ("play", "reconcile", "declare", "assign", "fight", "window", POST_REVEAL, "skull", "wound",
                  "discard", "sacrifice", "search", "target")
DECISIONS = {(p, kind): decision(p, kind) for p in (0, 1) for kind in DECISION_KINDS}  # values: made once
NO_FIGHT = -2
VILLAIN_FIGHT = -1
PLACE_ATTR = {"characters": "chars", "items": "items", "world": "world", "cities": "cities",
              "skulls": "skulls", "hand": "hand", "hidden": "hidden"}
SIDES = {("you", 0): (0,), ("you", 1): (1,), ("opponent", 0): (1,), ("opponent", 1): (0,),
         ("any", 0): (0, 1), ("any", 1): (1, 0)}
"""A card text's side (you, opponent, any) for each player: the sides it names, that player's first."""
