"""The redraw of ``tcgkit play``: one screen (``ROWS`` lines at 100 columns, readable at 80) drawn
from any game's ``Scene``; ``board`` asks for the full table (``Renderer.table``).

What it keeps short, from the scene alone: a grid on which cards stand (Monster Collection's
parties on their terrain) is drawn with its parties in their cells, each cell named as its mark
names it (the cell's name the notation types, one numbering scheme), a terrain as a name and a
limit; the levels each owner has on a cell against the cell's limit; the cards of the seats'
sides one area a line; a pile and a deck on one line; the viewer's hand as a table of one line a
card; a hidden area counted on a line. The opponents' cards standing on the grid get a line per
card name with the fields a cell leaves out (type, element, abilities): the numbers that decide a
battle.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from ..kernel.scene import Area, Face, Scene, Sentence, Shown
from .render import Board, Renderer, abbreviate, rotated

ROWS = 40  # the screen a redraw fits: 100x40 (and 80 columns, a little taller where a line folds)
LEFT_OUT = ("text", "badge", "type")  # the places a cell's line leaves to the table under the board


class Screen:
    """One game's redraw for the people at this terminal."""

    ENTRY_WIDTH = 60  # a rival card's entry under the board, when tight

    def __init__(self, renderer: Renderer) -> None:
        self.r = renderer
        self.tight = False  # a line an area, cut at the edge: when the screen would not fit

    def parts(self, scene: Scene) -> list[RenderableType]:
        r = self.r
        r.named = scene.named_seats
        r.templates = scene.templates
        r.places = {template.kind: dict(template.places) for template in scene.templates}
        out: list[RenderableType] = [self.fitted(Text(line)) for line in r.status(scene)]
        if scene.sides_table:
            out.append(r.sides(scene))
        hidden: list[Area] = []
        hands: list[Area] = []
        groups: set[str] = set()
        for area in scene.areas:
            if area.layout == "grid":
                out += self.grid(area, scene)
            elif area.group and self.viewers_hand(area, scene):
                hands.append(area)  # at the foot, as a table
            elif area.group:
                if area.group not in groups and not scene.sides_table:
                    groups.add(area.group)
                    out.append(self.side([a for a in scene.areas if a.group == area.group
                                          and not self.viewers_hand(a, scene)]))
            elif area.hidden:
                hidden.append(area)
            elif area.role == "hand" or area.label == "hand":
                hands.append(area)
            elif any(f is not None for f in area.items):
                out.append(Text(f"{r.title(area)}: ").append(r.faces(area)))
        if hidden:
            out += [self.fitted(Text(r.t("term.hidden", title=r.title(a), count=a.count))) for a in hidden]
        out += [self.hand(area) for area in hands]
        out += r.stack(scene)
        return out

    @staticmethod
    def viewers_hand(area: Area, scene: Scene) -> bool:
        return area.role == "hand" and not area.hidden and area.owner == scene.viewer

    # -- the board -------------------------------------------------------------------------
    def grid(self, area: Area, scene: Scene) -> list[RenderableType]:
        if not area.standing:
            return [Board(self.r, area, scene.viewer)]  # a card a cell (Triple Triad): its edges
        return [PartyBoard(self, area, scene.viewer), *self.battle_numbers(area, scene.viewer)]

    def cell_head(self, area: Area, cell: int) -> str:
        """A cell's name as its mark says it (``E6 proxy ≤8``: the name the notation types), or
        its number and mark; then each owner's levels on it against its limit."""
        mark = area.cell_marks[cell] if cell < len(area.cell_marks) else None
        named = isinstance(mark, Sentence) and "cell" in mark.args
        head = self.r.text(mark) if named and mark is not None else \
            f"{cell} {self.r.text(mark)}".rstrip() if mark else str(cell)
        face = area.items[cell] if cell < len(area.items) else None
        if face is not None and face.up:  # a face-down one: its mark says what it is (a proxy)
            head += " " + (self.r.face_name(face) or "?")
        limit = mark.args.get("limit") if isinstance(mark, Sentence) else None
        levels = self.levels(area.standing[cell] if cell < len(area.standing) else [])
        for owner, level in levels.items():
            head += f"  {self.r.seats.letter(owner)} {level}" + (f"/{limit}" if limit is not None else "")
        return head

    def levels(self, faces: Sequence[Face]) -> dict[int, int]:
        """Each owner's sum of the field its template puts in the corner (a creature's level)."""
        out: dict[int, int] = {}
        for face in faces:
            corner = self.placed(face, ("corner",))
            value = corner[0].value if corner else None
            if face.owner is not None and isinstance(value, int) and not isinstance(value, bool):
                out[face.owner] = out.get(face.owner, 0) + value
        return out

    def placed(self, face: Face, places: Sequence[str]) -> list[Shown]:
        where = self.r.places.get(face.kind, {})
        return [f for f in face.fields if where.get(f.key) in places]

    def party_line(self, face: Face, width: int) -> Text:
        """``R Fire Giant#93 6 7/6 acted``: its owner's letter, name, corner field, stats, marks."""
        numbers = " ".join(str(f.value) for f in self.placed(face, ("corner",)))
        stats = "/".join(str(f.value) for f in self.placed(face, ("stats",)))
        marks = " ".join(self.r.word(m) for m in face.marks)
        tail = " ".join(part for part in (numbers, stats, marks) if part)
        letter = self.r.seats.letter(face.owner) if face.owner is not None else " "
        name = abbreviate(self.r.face_name(face) or "?", max(width - len(tail) - 3, 4))
        text = Text(letter + " ", style=self.r.seats.style(face.owner) if face.owner is not None else "")
        text.append(f"{name} {tail}".rstrip(), style=self.r.style(face.style))
        return text

    def legend(self, area: Area) -> str:
        """What a party line's numbers are, from the labels of a standing card's fields."""
        for faces in area.standing:
            for face in faces:
                corner = [self.r.word(f.label) for f in self.placed(face, ("corner",))]
                stats = "/".join(self.r.word(f.label) for f in self.placed(face, ("stats",)))
                return " ".join(part for part in (*corner, stats) if part)
        return ""

    def battle_numbers(self, area: Area, viewer: int | None) -> list[RenderableType]:
        """What a party line's numbers are; then the opponents' standing cards, once a card
        name, with what a cell's line leaves out (the type line, the element, the abilities):
        every number that decides a battle."""
        seen: dict[str, Face] = {}
        for faces in area.standing:
            for face in faces:
                if face.owner != viewer and face.name is not None:
                    seen.setdefault(face.name.split("#")[0], face)
        legend = self.legend(area)
        if not legend:
            return []  # nothing stands on the grid
        text = Text(f"{self.r.t('term.card')} {legend}", style="dim")
        for name, face in seen.items():
            text.append(" · " if len(text) else "")
            text.append((self.r.face_name(face) or name).split("#")[0], style=self.r.style(face.style))
            text.append(": ")
            said = Text(", ").join(self.r.field_text(f) for f in self.placed(face, LEFT_OUT)
                                   if f.value not in (None, "", "-"))
            if self.tight:  # its numbers come first; a long ability's words are cut ('board' has them)
                said.truncate(self.ENTRY_WIDTH, overflow="ellipsis")
            text.append(said)
        return [text]

    def fitted(self, text: Text) -> RenderableType:
        """``text`` as it is, or when ``tight``, on one line cut at the screen's edge."""
        if not self.tight:
            return text
        line = Table.grid()
        line.add_column(no_wrap=True, overflow="ellipsis")
        line.add_row(text)
        return line

    # -- the sides and the hand --------------------------------------------------------------
    def side(self, areas: Sequence[Area]) -> RenderableType:
        """A player's side: its counters on the title, an area a line (its piles on one line),
        the empty ones left out; an area whose key is another's and a part (``set78.sources``)
        goes on that one's line. ``tight``: a line each, cut at the screen's edge."""
        r = self.r
        first = areas[0]
        title = r.who(first.owner) if first.owner is not None else first.group
        counters = ", ".join(r.counter(c) for c in first.counters)
        piles = [a for a in areas if a.layout == "pile" or a.hidden]
        keys = {a.key for a in areas}
        parts = [a for a in areas if a.key.rpartition(".")[0] in keys]
        rows = [a for a in areas if a not in piles and a not in parts and any(f is not None for f in a.items)]
        table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
        table.add_column(style="bold", no_wrap=True)
        table.add_column(no_wrap=self.tight, overflow="ellipsis" if self.tight else "fold")
        heading = Text(title + (f": {counters}" if counters else ""), style="bold")
        pile_text = Text("  ").join(Text(f"{r.text(a.label)} ").append(self.inline(a)) for a in piles)
        if not rows:
            return self.fitted(heading.append("  ").append(pile_text))
        table.title, table.title_justify = heading.plain, "left"
        for area in rows:
            text = self.inline(area)
            for part in parts:
                if part.key.rpartition(".")[0] == area.key and any(f is not None for f in part.items):
                    text.append(f"  {r.word(part.key.rpartition('.')[2])}: ", style="dim")
                    text.append(self.inline(part))
            table.add_row(r.text(area.label), text)
        if piles:
            table.add_row("", pile_text)
        return table

    def inline(self, area: Area) -> Text:
        """An area's cards on a line, cards alike in a run named once (``Fonte de Luz#43, #18
        (free)``)."""
        faces = [f for f in area.items if f is not None]
        if area.layout != "row" or area.hidden or len(faces) < 2:
            return self.r.faces(area)
        text, last, marks = Text(), None, ""
        for face in faces:
            base, sep, number = (face.name or "").rpartition("#")
            alike = (base, tuple(face.marks), tuple(f.model_dump_json() for f in face.fields)) \
                if face.up and sep else None
            if alike is not None and alike == last:
                text.append(f", #{number}")
                continue
            if len(text):
                text.append(marks + ", ")
            shown = face if alike is None else face.model_copy(update={"marks": []})
            text.append(self.r.face_text(shown))
            marks = "" if alike is None else "".join(f" ({self.r.word(m)})" for m in face.marks)
            last = alike
        return text.append(marks)

    def hand(self, area: Area) -> RenderableType:
        """The viewer's hand: a line a card, every field a column; a long text cut to its line
        (``help`` and the full ``board`` give it whole)."""
        r = self.r
        faces = [f for f in area.items if f is not None]
        title = f"{r.title(area)} ({len(faces)})"
        columns = list(dict.fromkeys((f.key, f.label) for face in faces for f in face.fields))
        if not faces or not columns:
            return Text(f"{title}: ").append(r.faces(area))
        texts = {k for t in r.templates for k, place in t.places.items() if place in ("text", "type")}
        rows = [[r.face_text(face, fields=False)] + [
            r.field_text(by_key[k]) if k in by_key else Text("")
            for by_key in [{f.key: f for f in face.fields}] for k, _ in columns] for face in faces]
        numeric = [False, *(all(_is_number(f.value) for face in faces for f in face.fields if f.key == key)
                            for key, _ in columns)]
        flexible = [False, *(key in texts for key, _ in columns)]
        return HandTable([title, *(r.word(label) for _, label in columns)], rows, numeric, flexible)


class HandTable:
    """A table of one line a row: every column as wide as its widest cell, but the type line
    (at most a third of the room left) and the rules text (the rest), cut to their room; either
    left out below 6 columns (``help`` and ``board`` give them). Widths are set here: Rich's own
    would shrink every column, and a narrow number's vanish."""

    NAME_WIDTH = 30  # Conflictus's longest names whole

    def __init__(self, heads: list[str], rows: list[list[Text]], numeric: list[bool],
                 flexible: list[bool]) -> None:
        self.heads, self.rows, self.numeric, self.flexible = heads, rows, numeric, flexible

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        widths = [max(cell_len(head), *(cell_len(row[i].plain) for row in self.rows))
                  for i, head in enumerate(self.heads)]
        widths[0] = max(cell_len(self.heads[0]), min(widths[0], self.NAME_WIDTH))  # its title whole
        fixed = sum(w for w, flex in zip(widths, self.flexible, strict=True) if not flex)
        room = options.max_width - fixed - 2 * (len(widths) - 1)
        flexes = [i for i, flex in enumerate(self.flexible) if flex]
        for n, i in enumerate(flexes):
            share = room if n == len(flexes) - 1 else min(widths[i], room // (len(flexes) - n + 1))
            widths[i] = max(share, 0)
            room -= widths[i] + (0 if share >= 6 else -2)
        shown = [i for i in range(len(widths)) if not self.flexible[i] or widths[i] >= 6]
        table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold underline")
        for i in shown:
            table.add_column(self.heads[i], justify="right" if self.numeric[i] else "left", no_wrap=True,
                             overflow="ellipsis", width=widths[i])
        for row in self.rows:
            table.add_row(*(row[i] for i in shown))
        yield table


class PartyBoard:
    """A grid whose cells hold what stands on them: a cell's head (its name, its terrain, each
    owner's levels against its limit), then a line a standing card."""

    def __init__(self, screen: Screen, area: Area, viewer: int | None) -> None:
        self.screen, self.area, self.viewer = screen, area, viewer

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        area = self.area
        width = max(12, (options.max_width - (area.cols + 1)) // area.cols - 2)
        tight = self.screen.tight  # a rule between the halves only (the two players' sides)
        table = Table(show_header=False, show_lines=not tight, box=box.SQUARE, padding=(0, 1))
        for _ in range(area.cols):
            table.add_column(width=width, no_wrap=True, overflow="ellipsis")
        turns = area.turns.get(self.viewer, 0) if self.viewer is not None else 0
        for n, row in enumerate(rotated(area.rows, area.cols, turns)):
            table.add_row(*(self.cell(c, width) for c in row), end_section=tight and n == area.rows // 2 - 1)
        yield table

    def cell(self, cell: int, width: int) -> Text:
        head = self.screen.cell_head(self.area, cell)
        faces = self.area.standing[cell] if cell < len(self.area.standing) else []
        face = self.area.items[cell] if cell < len(self.area.items) else None
        text = Text(head, style="bold" if faces else "" if face is not None else "dim")
        for standing in faces:
            text.append("\n")
            text.append(self.screen.party_line(standing, width))
        return text


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
