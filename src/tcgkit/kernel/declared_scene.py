"""A scene declared, not written: a game's ``scene.py`` that holds ``SCENE = SceneSpec(...)``
(and its catalogue) instead of a ``scene`` function gets the whole scene from the kernel.

The declaration says which zones each player's side shows and how (``{"hand": "row", "deck":
"pile"}``), which per-player fields are seat counters (``life``), which field lists the players
out, which field is the ``Resolution`` whose stack and priority window are shown, and how a card
is labelled. The kernel makes the rest, in the game's words (its catalogue, ``GAME`` its name):

- the status ``GAME.doing.KIND`` and the prompt ``GAME.prompt.KIND`` of the pending decision;
- the window's label ``GAME.window``;
- one sentence per event, ``GAME.KIND`` with the event's fields: ``player`` a player, ``card``
  the card's label, the rest as they are; an event whose secret fields the viewer may not see
  is ``GAME.KIND.hidden``. ``sentence`` words the events a game tells otherwise.

Everything is read from the view, so what a viewer cannot see changes nothing in the scene.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from . import refs
from .scene import (
    Area,
    AreaLayout,
    Events,
    Face,
    Scene,
    SceneCounter,
    SceneWindow,
    Seat,
    Sentence,
    Shown,
    StackItem,
    Template,
    moves_of,
    pending_of,
    say,
)

if TYPE_CHECKING:
    from .actions import Action

Label = Callable[[Any, dict[str, Any], int], str]
"""A card's label from the game, the view and the card's key (``Spark#3``)."""
Worded = Callable[[Any, dict[str, Any], dict[str, Any]], "Sentence | None"]
"""An event's sentence from the game, the view and the event; ``None``: the kernel's."""
Fields = Callable[[Any, dict[str, Any], int], "list[Shown]"]
"""A face-up card's fields (its text, its numbers) from the game, the view and the card."""
CARD = Template(kind="card", places={"text": "text"})
"""How a declared scene's card with ``fields`` is drawn: ``text`` in the rules text box, the
other fields in the full form a front end zooms to."""


def key_label(game: Any, view: dict[str, Any], card: int) -> str:
    return str(card)


@dataclass(frozen=True)
class SceneSpec:
    """What a seat sees, declared (see the module). ``sides`` maps a per-player list zone to its
    layout, in the order each side shows them; ``counters`` are per-player fields; ``out`` a
    field listing the players out (``""``: none); ``resolution`` the ``Resolution`` field whose
    stack and window are shown (``""``: none); ``fields`` what a face-up card shows besides its
    label (``dealt.text_fields``: its text), else its label alone."""

    sides: Mapping[str, AreaLayout]
    counters: tuple[str, ...] = ()
    out: str = ""
    resolution: str = ""
    label: Label = key_label
    sentence: Worded | None = None
    fields: Fields | None = None
    hidden: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Filled by ``check``: each log kind's secret fields."""

    def check(self, spec: Any) -> SceneSpec:
        """This declaration against the state's ``StateSpec``: every zone per player and every
        field named exists, else a ``ValueError`` naming it. Returns it with ``hidden`` filled."""
        zones = {zone.name: zone for zone in spec.zones}
        fields = {f.name for f in spec.fields}
        for name in self.sides:
            if name not in zones or zones[name].shared or zones[name].single:
                have = ", ".join(z for z in zones if not zones[z].shared and not zones[z].single)
                raise ValueError(f"scene: no zone {name!r} per player in the state (it has {have})")
        for name in (*self.counters, self.out, self.resolution):
            if name and name not in fields:
                have = ", ".join(sorted(fields))
                raise ValueError(f"scene: no field {name!r} in the state (it has {have})")
        hidden = {entry.kind: entry.secret for entry in spec.log if entry.secret}
        return replace(self, hidden=hidden)


def declared_scene(game: Any, spec: SceneSpec, view: dict[str, Any], actions: Sequence[Action],
                   events: Events, default: Action | None) -> Scene:
    """The scene ``spec`` declares, for ``view`` (``Game.scene`` with a declared scene module)."""
    name, players, zones = game.name, game.num_players, view["zones"]

    def face(card: int, owner: int | None) -> Face:
        if spec.fields is None:
            return Face(ref=refs.card(card), name=spec.label(game, view, card), owner=owner)
        return Face(ref=refs.card(card), name=spec.label(game, view, card), owner=owner, kind=CARD.kind,
                    fields=spec.fields(game, view, card))

    areas = []
    for p in range(players):
        for zone, layout in spec.sides.items():
            seen = zones[f"{zone}{p}"]
            cards = seen.get("cards")
            areas.append(Area(key=f"{zone}{p}", label=zone, owner=p, layout=layout, count=seen["count"],
                              hidden=cards is None, group=f"side{p}",
                              items=[] if cards is None else [face(c, p) for c in cards]))
    out = view[spec.out] if spec.out else []
    seats = [Seat(player=p, to_move=view["to_move"] == p, out=p in out,
                  counters=[SceneCounter(key=c, label=c, value=view[c][p]) for c in spec.counters])
             for p in range(players)]
    stack: list[StackItem] = []
    window = None
    if spec.resolution:
        res = view[spec.resolution]
        stack = [StackItem(face=face(f["source"], f["player"]), player=f["player"]) for f in res["stack"]]
        if res["windows"]:
            top = res["windows"][-1]
            window = SceneWindow(kind=top["kind"], holder=top["holder"], label=say(f"{name}.window"))
    status, prompt = [], say(f"{name}.over")
    if view["to_move"] is not None:
        status.append(say(f"{name}.doing.{view['decision']}", player=refs.player(view["to_move"])))
        prompt = say(f"{name}.prompt.{view['decision']}")
    log = [event_sentence(game, spec, view, event) for event in events]
    return Scene(game=name, viewer=view["viewer"], seats=seats, areas=areas, stack=stack, window=window,
                 status=status, log=log, outcome=view["outcome"], moves=moves_of(actions),
                 pending=pending_of(view, prompt, default), templates=[] if spec.fields is None else [CARD])


def event_sentence(game: Any, spec: SceneSpec, view: dict[str, Any], event: dict[str, Any]) -> Sentence:
    """An event as the declaration tells it: the game's ``sentence``, else ``GAME.KIND`` with
    its fields (``GAME.KIND.hidden`` when the viewer may not see its secret fields)."""
    said = None if spec.sentence is None else spec.sentence(game, view, event)
    if said is not None:
        return said
    kind = event["kind"]
    args: dict[str, Any] = {}
    for key, value in event.items():
        if key == "player" and isinstance(value, int):
            args[key] = refs.player(value)
        elif key == "card" and isinstance(value, int):
            args[key] = spec.label(game, view, value)
        elif key != "kind":
            args[key] = value if value is None or isinstance(value, str | int | float | bool) else str(value)
    secret = spec.hidden.get(kind, ())
    hidden = any(key not in event for key in secret)
    return say(f"{game.name}.{kind}.hidden" if hidden else f"{game.name}.{kind}", **args)


__all__ = ["CARD", "Fields", "Label", "SceneSpec", "Worded", "declared_scene", "event_sentence", "key_label"]
