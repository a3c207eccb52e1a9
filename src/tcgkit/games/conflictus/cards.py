"""Conflictus Aeternus cards: TOML card sets validated by a pydantic schema, text compiled by the
effect runtime (``kernel/effects.py``) against this game's registry (``effects.py``).

The sample set ships in ``data/ca1.toml``. A card's identity in a mons is its name.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...kernel.card_files import CardFile, parsed, read_card_file, resolve_card_file, shipped_card_file
from ...kernel.cards import NamedCards
from ...kernel.effects import Ability, Condition, EffectStep, check_card_names, load_card_tables
from ...kernel.errors import CardDataError
from ...kernel.vocabulary import Prevent, Redirect
from .effects import REGISTRY

Faction = Literal["luz", "sombra", "neutra"]
Klass = Literal["fonte", "guerreiro", "amuleto", "reliquia", "equipamento"]
KLASSES = ("fonte", "guerreiro", "amuleto", "reliquia", "equipamento")
KEYWORDS = ("acumular",)
TIMINGS_OF = {  # which classes each timing works on (what the engine looks at)
    "amulet": ("amuleto",), "activated": ("reliquia",), "static": ("reliquia", "equipamento"),
    "on_enter": ("guerreiro",), "on_attack": ("guerreiro",), "end_of_round": ("guerreiro", "reliquia"),
    "warrior_enters": ("guerreiro", "reliquia", "equipamento"),
    "on_mill": ("guerreiro", "reliquia", "equipamento"),
}
ASKING_COSTS = ("discard", "pay_cards")  # costs that wait for the player's choice
CARD_EVENTS = ("destroy", "combat_damage")  # shields on cards; "mill" protects players
CHOSEN_BY_TARGET = ("amulet", "activated")  # the player names the target; a trigger's is its event's subject
PLAYER_EVENTS = ("on_attack", "on_mill")  # triggers whose event names a player (attacked, tombando)


class CardRow(BaseModel):
    """One ``[[card]]`` table of a card file."""

    model_config = ConfigDict(extra="forbid", strict=True)  # TOML is typed: `attack = true` is no 1

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    name: str = Field(min_length=1, max_length=40, pattern=r"^[^#@,;>+]+$")
    faction: Faction
    klass: Klass
    cost: int = Field(0, ge=0, le=9)  # sources of its faction (Neutral: either, or both)
    attack: int | None = Field(None, ge=0, le=20)  # ataque: warriors
    defense: int | None = Field(None, ge=1, le=20)  # defesa: warriors
    tombo: int | None = Field(None, ge=0, le=9)  # cards an unblocked attack mills
    keywords: list[Literal["acumular"]] = Field(default_factory=list)
    text: str = ""  # as printed: Portuguese
    text_en: str = ""  # the same text in English (a faithful translation), when the file gives it
    abilities: list[dict[str, Any]] = Field(default_factory=list)

    @model_validator(mode="after")
    def _fields_fit_the_class(self) -> CardRow:
        warrior = self.klass == "guerreiro"
        stats = (self.attack, self.defense, self.tombo)
        if warrior and None in stats:
            raise ValueError("a guerreiro needs attack, defense and tombo")
        if not warrior and any(s is not None for s in stats):
            raise ValueError(f"a {self.klass} has no attack, defense or tombo")
        if self.keywords and not warrior:
            raise ValueError("only guerreiros carry keywords (acumular)")
        if self.klass == "fonte" and (self.faction == "neutra" or self.cost or self.abilities):
            raise ValueError("a fonte is Light or Shadow, costs nothing and has no text")
        if self.klass != "fonte" and self.cost < 1:
            raise ValueError(f"a {self.klass} costs at least one source")
        if self.klass == "amuleto" and not any(a.get("timing") == "amulet" for a in self.abilities):
            raise ValueError("an amuleto needs an ability with timing 'amulet' (what it does)")
        for i, ability in enumerate(self.abilities):
            timing = ability.get("timing")
            if timing in TIMINGS_OF and self.klass not in TIMINGS_OF[timing]:
                raise ValueError(f"abilities[{i}]: timing {timing!r} works on "
                                 f"{' and '.join(TIMINGS_OF[timing])} only, not on a {self.klass}")
        return self


def check_ability(ability: Ability, where: str) -> None:
    """What the engine needs of an ability beyond its primitives' parameters: a chosen target only
    for amulet and activated abilities (nothing would ask a trigger for one); ``chosen_opponent``
    only where the activation names a player (not a card's id, which would be read as a seat); a
    cost that asks is the last cost; a static ability only changes stats, by a fixed amount or a
    count (a roll or a stat would be worked out anew, and could loop, each time a stat is read); a
    shield names cards for card events and players for tombar."""
    if ability.target is not None and ability.timing not in CHOSEN_BY_TARGET:
        raise CardDataError(f"{where}: only amulet and activated abilities name a target, not this "
                            f"{ability.timing} ability (a trigger's target, to = \"target\", is its "
                            "event's subject)")
    if not _chosen_is_a_player(ability) and any(getattr(step.params, "who", None) == "chosen_opponent"
                                                for step in _steps(ability)):
        raise CardDataError(f"{where}: who = 'chosen_opponent' names the player an amulet or relic "
                            "ability targets (target = { choose = \"player\" }) or the attacked or "
                            f"tombando player ({', '.join(PLAYER_EVENTS)}); this {ability.timing} ability "
                            "names no player")
    names = [step.primitive.name for step in ability.costs]
    asking = [i for i, name in enumerate(names) if name in ASKING_COSTS]
    if asking and asking != [len(names) - 1]:
        raise CardDataError(f"{where}: a cost that asks ({', '.join(ASKING_COSTS)}) must be the one "
                            "last cost")
    for i, step in enumerate(ability.effects):
        name, params = step.primitive.name, step.params
        if ability.timing == "static":
            if name != "modify_stat":
                raise CardDataError(f"{where}.effects[{i}]: a static ability only changes stats "
                                    f"(modify_stat), not {name!r}")
            amount = getattr(params, "amount", None)
            computed = getattr(amount, "step", None)
            if computed is not None and computed.primitive.name != "count":
                raise CardDataError(f"{where}.effects[{i}].amount: a static amount is a number or a "
                                    f"count, not {computed.primitive.name!r}")
        if isinstance(params, Prevent) and (params.event in CARD_EVENTS) != (params.to is not None):
            raise CardDataError(f"{where}.effects[{i}]: prevent {params.event!r} names "
                                + ("the cards (to)" if params.event in CARD_EVENTS else "the players (who)"))
        if isinstance(params, Redirect) and params.event != "destroy":
            raise CardDataError(f"{where}.effects[{i}]: only 'destroy' can be sent elsewhere (redirect)")


def _chosen_is_a_player(ability: Ability) -> bool:
    """Whether the activation's ``chosen`` holds a seat (``who_players`` reads it as one): the
    target of an amulet or relic ability, the event's subject for a trigger (a warrior entering
    play is a card)."""
    if ability.timing in CHOSEN_BY_TARGET:
        return ability.target_kind == "player"
    return ability.timing in PLAYER_EVENTS


def _steps(ability: Ability) -> Iterator[EffectStep]:
    """Every step of ``ability``'s text: costs, target, effects, checks of its condition and filter
    (an amount's computation names no player)."""
    yield from ability.costs
    yield from ability.effects
    if ability.target is not None:
        yield ability.target
    conditions = [c for c in (ability.condition, ability.trigger_if) if c is not None]
    while conditions:
        condition: Condition = conditions.pop()
        if condition.check is not None:
            yield condition.check
        conditions += condition.parts


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    id: str
    name: str
    faction: str
    klass: str
    cost: int
    attack: int
    defense: int
    tombo: int
    acumular: bool
    text: str
    abilities: tuple[Ability, ...]
    text_en: str = ""  # the English of ``text``, when the card file gives it

    @property
    def english(self) -> str:
        """The text as a front end shows it by default: English where the data holds it."""
        return self.text_en or self.text


CardDB = NamedCards[Card]
"""The loaded cards, by id and by name (names are unique across the files)."""


def load_cards(paths: tuple[Path, ...]) -> CardDB:
    """Load and check card sets from files; names must be unique across them."""
    return cards_of(tuple(read_card_file(path) for path in paths))


def cards_of(files: tuple[CardFile, ...]) -> CardDB:
    """The card sets of ``files``, parsed once per content (``kernel/card_files.py``)."""
    return parsed("conflictus", files, _build)


def _build(files: tuple[CardFile, ...]) -> CardDB:
    cards: list[Card] = []
    digest = hashlib.sha256()
    names: dict[str, str] = {}
    loaded_all = []
    for card_file in files:
        digest.update(card_file.data)
        loaded = load_card_tables(card_file, CardRow, REGISTRY)
        loaded_all += loaded
        for item in loaded:
            row: CardRow = item.row  # type: ignore[assignment]
            for ability in item.abilities:
                check_ability(ability, f"{item.source}: field abilities[{ability.index}]")
            key = row.name.lower()
            if key in names:
                raise CardDataError(f"{item.source}: the name {row.name!r} is taken by {names[key]}")
            names[key] = item.source
            cards.append(Card(len(cards), row.id, row.name, row.faction, row.klass, row.cost,
                              row.attack or 0, row.defense or 0, row.tombo or 0,
                              "acumular" in row.keywords, row.text, item.abilities, row.text_en))
    check_card_names(loaded_all, {c.name for c in cards})
    return CardDB(tuple(cards), digest.hexdigest()[:16])


def data_path(*parts: str) -> Path:
    return Path(str(resources.files(__package__).joinpath("data", *parts)))


def shipped_files() -> tuple[CardFile, ...]:
    return (shipped_card_file(__package__, "data", "ca1.toml"),)


@cache
def default_cards() -> CardDB:
    return cards_of(shipped_files())


def cards_from(refs: tuple[str, ...]) -> CardDB:
    """The cards the ``card_files`` option names by content hash (``sha256:...``), resolved
    among the files given to this process and the shipped one."""
    return cards_of(tuple(resolve_card_file(ref, shipped_files()) for ref in refs))
