"""``card NAME`` and ``rules`` at the table: a card read whole, the game's rules in brief.

``card`` looks first among the cards the player can see (their scene: a hidden card has no name
there, so none is ever shown), then in the game's card list, the cards in general, and says which
it chose and why. It shows every field in the reader's language (the card text as the card data
holds it in that language) and the glossary entries of the words on the card. ``rules`` shows the
options in force, the rules in brief and every term of the game's glossary (``glossary.py`` of
each game; translated in its catalogues).
"""

from __future__ import annotations

import json
import re
import textwrap
from typing import Any

from ..kernel import loose
from ..kernel.game import State
from ..kernel.refs import Kind
from ..kernel.scene import Face, Sentence
from .render import Renderer


class Reading:
    """What a player at the table may read: for ``state``'s game, in ``renderer``'s language."""

    def __init__(self, renderer: Renderer, width: int) -> None:
        self.renderer, self.t = renderer, renderer.t
        self.english = Renderer(renderer.game, renderer.seats, None)  # the words a term is found by
        self.wrap = textwrap.TextWrapper(width=max(width, 40), subsequent_indent="    ",
                                         break_long_words=False, break_on_hyphens=False)

    def lines(self, texts: list[str], indent: str = "") -> list[str]:
        self.wrap.initial_indent = indent
        return [line for text in texts for line in self.wrap.wrap(text)]

    # -- rules ------------------------------------------------------------------------------
    def rules(self) -> list[str]:
        game, say = self.renderer.game, self.renderer.say
        out = [self.t("term.rules_title", game=game.title)]
        out += self.lines([say(s) for s in game.rules_summary()], "  ")
        out += self.lines([say(Sentence(id=key)) for key in game.how_to_play()], "  ")
        terms = game.glossary()
        if terms:
            out.append(self.t("term.glossary"))
            out += self.lines([say(Sentence(id=key)) for key in terms], "  ")
        return out

    # -- cards ------------------------------------------------------------------------------
    def card(self, state: State[Any], viewer: int | None, name: str) -> list[str]:
        """``card NAME`` for ``viewer``: the card they can see by that name, else the card list's."""
        typed = " ".join(name.split()).lower()
        scene = state.scene(viewer, state.event_count())
        faces = {f.ref.id: f for f in all_faces(scene.to_json()) if f.ref is not None and f.name}
        if not typed:
            example = next(iter(faces.values())).name if faces else "NAME"
            return [self.t("term.card_usage", example=str(example).split("#")[0])]
        seen = loose.seen_cards(state, viewer)
        fits = {i: fit for i, card in seen.items() if (fit := card.fit(typed)) is not None and i in faces}
        if fits:
            best = min(fits.values())
            hits = sorted((i for i, fit in fits.items() if fit == best), key=lambda i: not seen[i].in_hand)
            names = list(dict.fromkeys(loose.ID.sub("", seen[i].label) for i in hits))
            if len(names) > 1:
                return [self.t("term.card_ambiguous", name=name.strip(), cards=", ".join(names[:8]))]
            return self.seen_card(faces[hits[0]], scene.to_json(), [seen[i].label for i in hits])
        return self.listed_card(name.strip(), typed)

    def seen_card(self, face: Face, scene: dict[str, Any], copies: list[str]) -> list[str]:
        r = self.renderer
        where = ", ".join(dict.fromkeys(r.word(area_of(scene, label)) for label in copies))
        out = [self.t("term.card_seen", card=r.face_name(face) or "?", where=where)]
        fields = [f"{r.word(shown.label)}: {r.field_text(shown)}" for shown in face.fields
                  if shown.value not in (None, "", [])]
        out += self.lines(fields, "  ")
        english = " ".join(f"{s.label} {self.english.field_text(s)}" for s in face.fields)
        return out + self.glossary(f"{face.kind} {english}")

    def listed_card(self, name: str, typed: str) -> list[str]:
        r = self.renderer
        table = r.game.card_table()
        rows = r.card_rows(table) if table is not None else []
        raw = table.rows if table is not None else []
        fits: list[tuple[int, int]] = []
        for index, row in enumerate(raw):
            names = [str(v).lower() for k, v in row.items() if k in ("name", "label", "zh") and v]
            names += [r.names.get(str(row.get("name")), "").lower()]
            exact = typed in names
            if exact or any(n.startswith(typed) for n in names if n and len(typed) >= 2):
                fits.append((0 if exact else 1, index))
        if not fits:
            return [self.t("term.card_unknown", name=name)]
        best = min(f for f, _ in fits)
        hits = [i for f, i in fits if f == best]
        shown_names = list(dict.fromkeys(str(rows[i].get("name") or rows[i].get("label")) for i in hits))
        if len(shown_names) > 1:
            return [self.t("term.card_ambiguous", name=name, cards=", ".join(shown_names[:8]))]
        row, english_row = rows[hits[0]], raw[hits[0]]
        assert table is not None
        out = [self.t("term.card_listed", card=shown_names[0])]
        values = [f"{r.word(c.label)}: {row.get(c.key)}" for c in table.columns
                  if row.get(c.key) not in (None, "") and c.key not in ("name", "label")]
        out += self.lines(values, "  ")
        said = [f"{key} {value}" for key, value in english_row.items() if value not in (None, "", False)]
        return out + self.glossary(" ".join(said))

    def glossary(self, english: str) -> list[str]:
        """The game's terms whose words the card's English text uses."""
        text = english.lower()
        keys = [key for key, words in self.renderer.game.glossary().items()
                if any(re.search(rf"(?<!\w){re.escape(w)}", text) for w in words)]
        if not keys:
            return []
        return [self.t("term.glossary"), *self.lines([self.renderer.say(Sentence(id=k)) for k in keys], "  ")]


def all_faces(node: Any) -> list[Face]:
    """Every face-up card face in a scene's JSON."""
    out: list[Face] = []
    if isinstance(node, dict):
        ref = node.get("ref")
        if isinstance(ref, dict) and ref.get("kind") == Kind.CARD.value and node.get("name"):
            out.append(Face.model_validate(node))
        for value in node.values():
            out += all_faces(value)
    elif isinstance(node, list):
        for value in node:
            out += all_faces(value)
    return out


def area_of(scene: dict[str, Any], label: str) -> str:
    """The label of the area where the card ``label`` lies (``hand``, ``battlefield``)."""
    for area in scene["areas"]:
        if f'"{label}"' in json.dumps(area, ensure_ascii=False):
            return str(area.get("label") or area.get("key"))
    return "table"
