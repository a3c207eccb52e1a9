"""The terminal's one renderer: every game's ``Scene`` drawn with Rich, its sentences and its
own words in the language asked (``--lang``; English by default: ``terminal/words.py``).

A game brings its scene and its message catalogue (``scene.py``) and needs nothing here. Seats
are named by ``Seats`` (``You (Blue)``), or by name only for a game whose scene asks for it;
style tokens (``faction:luz``) take the colours the game's ``styles()`` gives them. A grid is a
board (as wide as the terminal allows: at most ``CELL_WIDTH`` a cell, names abbreviated below
it), a hand with fields a table, the areas of a group (a player's side) a two-column table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich import box
from rich.cells import cell_len, set_cell_size
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from ..kernel.board import Grid
from ..kernel.game import Game
from ..kernel.refs import Kind, Ref
from ..kernel.scene import Area, CardTable, Face, Scene, SceneCounter, Sentence, Shown, Template, Value
from ..kernel.words import LANGUAGES, Words, folder_of
from .seats import Seats
from .words import FOLDER, TERMINAL

CELL_WIDTH = 18  # "A " + a 14-letter name + " A"
MIN_CELL_WIDTH = 9  # "A Grat. A": below a 37-column terminal the board is cut
NOT_INLINE = ("cost", "type", "text", "badge")
"""Where a card's template puts the fields a card named in a line leaves out (its cost, type line,
rules text, faction or element badge): a table of a hand shows them, and each move's note."""
__all__ = ["LANGUAGES", "Board", "Renderer", "abbreviate", "rotated"]


def abbreviate(name: str, width: int) -> str:
    """``name`` in ``width`` columns (a Chinese character takes two): whole if it fits, else
    each word cut to its start with a dot ("Glacial Eye" -> "Glac. Eye"), else its start and
    a dot."""
    if cell_len(name) <= width:
        return name
    words = name.split()
    for keep in range(max(len(w) for w in words), 0, -1):
        short = " ".join(w if len(w) <= keep + 1 else w[:keep] + "." for w in words)
        if cell_len(short) <= width:
            return short
    return set_cell_size(name, max(width - 1, 1)).rstrip() + "."


def centred(text: str, width: int) -> str:
    """``text`` centred in ``width`` columns, counted as the terminal draws them."""
    gap = max(width - cell_len(text), 0)
    return " " * (gap // 2) + text + " " * (gap - gap // 2)


def right(text: str, width: int) -> str:
    return " " * max(width - cell_len(text), 0) + text


class Renderer:
    """Draws one game's scenes for the people at this terminal."""

    def __init__(self, game: Game, seats: Seats, lang: str | None = None) -> None:
        """``lang``: the language of the sentences and words (English for ``None``) and of
        card text where the card data holds it (a face's ``translations``; the value itself, English
        where the data holds it, otherwise)."""
        self.game, self.seats, self.lang = game, seats, lang
        self.catalogue = Words({**TERMINAL, **game.messages()}, lang or "en", (folder_of(game), FOLDER))
        self.names = game.translated_names(lang or "en")
        self.palette = game.styles()
        self.named = False  # the last scene's ``named_seats``
        self.templates: list[Template] = []  # the last scene's card templates
        self.places: dict[str, dict[str, str]] = {}  # the same: kind -> key -> place

    # -- names and sentences ---------------------------------------------------------------
    def t(self, key: str, **args: Any) -> str:
        """One of the terminal's own sentences (``terminal/words.py``) in this renderer's language."""
        return self.say(Sentence(id=key, args=args))

    def name(self, player: int) -> str:
        """A seat's name in this language: "You", "Player 1", an AI's own name."""
        name = self.seats.names[player]
        if name == "You":
            return self.t("term.you")
        if name.startswith("Player ") and name[7:].isdigit():
            return self.t("term.player", number=name[7:])
        return name

    def label(self, player: int) -> str:
        """A seat's name and colour: ``You (Blue)``, ``greedy (Red)``."""
        if player >= len(self.seats.names):
            return f"P{player}"
        colour = self.t(f"term.colour.{self.seats.colour(player)}")
        return self.t("term.seat", name=self.name(player), colour=colour)

    def who(self, player: int) -> str:
        if player >= len(self.seats.names):
            return f"P{player}"
        if not self.named:
            return self.label(player)
        name = self.seats.names[player]  # Forge & Fury: "You", "Rival (mixed)"; never a colour
        if name == "You" or "You" not in self.seats.names:
            return self.name(player)
        return self.t("term.rival", name=self.name(player))

    def is_you(self, player: int) -> bool:
        return player < len(self.seats.names) and self.seats.names[player] == "You"

    def arg(self, value: Any) -> str:
        if isinstance(value, Ref):
            return self.who(value.id) if value.kind is Kind.PLAYER else str(value)
        if isinstance(value, list):
            return ", ".join(self.arg(v) for v in value)
        if isinstance(value, str):
            return self.card_name(value) or self.catalogue.word(value)
        return "-" if value is None else str(value)

    def card_name(self, text: str) -> str | None:
        """A card named in a sentence (``Ember Imp#12``) in this language, as its face names
        it (``餘燼小鬼#12``), when the card data holds the name; else ``None``."""
        name, sep, number = text.rpartition("#")
        found = self.names.get(name) if sep and number.isdigit() else None
        return None if found is None else f"{found}#{number}"

    def word(self, text: str) -> str:
        """A label (``hand``) in this renderer's language, when the game's catalogue has it."""
        return self.catalogue.word(text)

    def text(self, value: Value | Sentence | Sequence[Value | Sentence]) -> str:
        """A label, a cell's mark or a value in this language: a sentence said (``E6 empty``),
        a word translated (``hand``), a number as it is, a list each of these in turn."""
        if isinstance(value, list | tuple):
            return ", ".join(self.text(part) for part in value)
        if isinstance(value, Sentence):
            return self.say(value)
        if isinstance(value, str):
            return self.word(value)
        return "" if value is None else str(value)

    def counter(self, counter: SceneCounter) -> str:
        return f"{self.word(counter.label)} {self.text(counter.value)}"

    def say(self, sentence: Sentence) -> str:
        message = self.catalogue.get(sentence.id)
        args = {k: self.arg(v) for k, v in sentence.args.items()}
        if message is None:
            return f"{sentence.id}: " + ", ".join(f"{k} {v}" for k, v in args.items())
        template = message.text
        subject = sentence.args.get(message.subject)
        if message.you and isinstance(subject,
                                      Ref) and subject.kind is Kind.PLAYER and self.is_you(subject.id):
            template = message.you
        try:
            return self.catalogue.format(template, args)
        except (KeyError, IndexError, ValueError):
            return f"{sentence.id}: " + ", ".join(f"{k} {v}" for k, v in args.items())

    def lines(self, sentences: Iterable[Sentence], out: list[str] | None = None) -> list[str]:
        """One line per sentence, after the lines ``out`` holds; a sentence that ``joins`` goes
        on the line before (after its ``first`` separator if it is the first to join it)."""
        out = [] if out is None else out
        joined = False
        for sentence in sentences:
            message = self.catalogue.get(sentence.id)
            text = self.say(sentence)
            if message is not None and message.joins and out:
                first = message.joins if message.first is None else message.first
                out[-1] += (message.joins if joined else first) + text
                joined = True
            else:
                out.append(text)
                joined = False
        return out

    def news(self, scene: Scene) -> list[str]:
        self.named = scene.named_seats
        return self.lines(scene.log)

    # -- the table -------------------------------------------------------------------------
    def table(self, scene: Scene) -> RenderableType:
        """The whole scene: the areas, each seat's counters, the status, the stack."""
        self.named = scene.named_seats
        self.templates = scene.templates
        self.places = {template.kind: dict(template.places) for template in scene.templates}
        parts: list[RenderableType] = []
        done: set[str] = set()
        for area in scene.areas:
            if not area.group:
                parts.append(Board(self, area, scene.viewer) if area.layout == "grid" else self.area(area))
                parts += self.standing(area)
            elif area.group not in done and not scene.sides_table:
                done.add(area.group)
                parts.append(self.group([a for a in scene.areas if a.group == area.group]))
        if scene.sides_table:
            parts.insert(0, self.sides(scene))
        status = self.status(scene)
        at = 1 if scene.areas and scene.areas[0].layout == "grid" else 0  # under a board, else above
        parts[at:at] = [Text(line) for line in status]
        parts += self.stack(scene)
        return Group(*parts)

    def status(self, scene: Scene) -> list[str]:
        """The seats' counters, then the status sentences (one that ``joins`` on the line before)."""
        header = self.seat_line(scene)
        return self.lines(scene.status, [header] if header else [])

    def seat_line(self, scene: Scene) -> str:
        shown = [s for s in scene.seats if s.counters]
        if not shown:
            return ""
        return " | ".join(
            f"{self.who(s.player)}: " + ", ".join(self.counter(c) for c in s.counters)
            + (" " + self.t("term.out") if s.out else "") for s in shown)

    def stack(self, scene: Scene) -> list[RenderableType]:
        out: list[RenderableType] = []
        if scene.stack:
            items = Text(", ").join(self.face_text(item.face) for item in scene.stack)
            out.append(Text(self.t("term.stack")).append(items))
        return out

    # -- areas -----------------------------------------------------------------------------
    def title(self, area: Area) -> str:
        """``Your hand (Blue)``, ``greedy (Red)'s hand``, ``Rival (mixed)'s hand``."""
        label = self.text(area.label)
        if area.owner is None:
            return label
        if self.is_you(area.owner):
            colour = "" if self.named else f" ({self.t(f'term.colour.{self.seats.colour(area.owner)}')})"
            return self.t("term.yours", area=label, colour=colour)
        return self.t("term.theirs", player=self.who(area.owner), area=label)

    def area(self, area: Area) -> RenderableType:
        """An area on its own: a hand as a table of its cards' fields, a hidden one counted."""
        title = self.title(area)
        if area.hidden:
            return Text(self.t("term.hidden", title=title, count=area.count))
        faces = [f for f in area.items if f is not None]
        if not _columns(faces):
            return Text(f"{title}: ").append(self.faces(area))
        return self.cards(title, faces)

    def standing(self, area: Area) -> list[RenderableType]:
        """What stands on a grid's cells (Monster Collection's parties on their terrain): one
        table, a row per card with its cell's mark and its owner; a card's text is left to
        ``tcgkit cards``, its colour tells its element."""
        marks = area.cell_marks
        cells = [(self.text(marks[c]) if c < len(marks) and marks[c] else str(c), faces)
                 for c, faces in enumerate(area.standing) if faces]
        if not cells:
            return []
        return [self.cards(self.title(area), [f for _, faces in cells for f in faces], owners=True,
                           cells=[mark for mark, faces in cells for _ in faces])]

    def cards(self, title: str, faces: Sequence[Face], owners: bool = False,
              cells: Sequence[str] = ()) -> Table:
        """Cards as a table: a row per card, a column per field (and its owner's, ``owners``;
        its cell's, ``cells``, leaving out what a template puts in the text box or as a badge)."""
        columns = _columns(faces)
        if cells:
            texts = {k for t in self.templates for k, place in t.places.items() if place in ("text", "badge")}
            columns = [(k, label) for k, label in columns if k not in texts]
        table = Table(title=title, title_justify="left", box=box.SIMPLE)
        if cells:
            table.add_column("")
        table.add_column(self.t("term.card"))
        if owners:
            table.add_column(self.t("term.player_column"))
        for key, label in columns:
            values = [f.value for face in faces for f in face.fields if f.key == key]
            table.add_column(self.word(label),
                             justify="right" if all(_is_number(v) for v in values) else "left")
        for row, face in enumerate(faces):
            by_key = {f.key: f for f in face.fields}
            who = [self.who(face.owner) if face.owner is not None else ""] if owners else []
            where = [cells[row]] if cells else []
            table.add_row(*where, self.face_text(face, fields=False), *who,
                          *(self.field_text(by_key[k]) if k in by_key else Text("") for k, _ in columns))
        if not faces:
            table.add_row(self.t("term.empty"), *([""] * len(columns)))
        return table

    def sides(self, scene: Scene) -> RenderableType:
        """Every group a row (a player), every area a column: counts, and the cards of a
        small visible area (a face-down pick shows as such)."""
        groups: dict[str, list[Area]] = {}
        for area in scene.areas:
            if area.group:
                groups.setdefault(area.group, []).append(area)
        table = Table(box=box.SIMPLE, padding=(0, 1))
        table.add_column(self.t("term.player_column"))
        labels = list(dict.fromkeys(self.text(a.label) for areas in groups.values() for a in areas))
        for label in labels:
            counted = all(a.layout == "pile" or a.hidden for areas in groups.values() for a in areas
                          if self.text(a.label) == label)
            table.add_column(label, justify="right" if counted else "left")
        players = len(scene.seats) or 1
        for areas in sorted(groups.values(), key=lambda a: _from_viewer(a[0].owner, scene.viewer, players)):
            by_label = {self.text(a.label): a for a in areas}
            owner = areas[0].owner
            cells: list[RenderableType] = [self.who(owner) if owner is not None else areas[0].group]
            for label in labels:
                shown = by_label.get(label)
                cells.append(Text("") if shown is None else self.cell_text(shown))
            table.add_row(*cells)
        return table

    def cell_text(self, area: Area) -> Text:
        faces = [f for f in area.items if f is not None]
        if area.layout == "pile" or area.hidden or not faces:
            return Text(f"{area.count}" if area.layout == "pile" or area.hidden else "-")
        text = Text(", ").join(self.face_text(f, fields=False) for f in faces)
        for face in faces:
            for shown in face.fields:
                if "named" in shown.style:
                    text.append(f" ({shown.key} {shown.value})")
        return text

    def group(self, areas: Sequence[Area]) -> RenderableType:
        """A player's side: one row per area, its cards inline."""
        first = areas[0]
        counters = ", ".join(self.counter(c) for a in areas[:1] for c in a.counters)
        title = self.who(first.owner) if first.owner is not None else first.group
        if counters:
            title += f": {counters}"
        table = Table(title=title, title_justify="left", box=box.SIMPLE, show_header=False, padding=(0, 1))
        table.add_column(style="bold")
        table.add_column()
        for area in areas:
            table.add_row(self.text(area.label), self.faces(area))
        return table

    def faces(self, area: Area) -> Text:
        """An area's cards inline: a pile as its count and its last cards, a stack top first."""
        faces = [f for f in area.items if f is not None]
        extra = ", ".join(self.counter(c) for c in area.counters) if area.group else ""
        if area.hidden:
            cards = self.t("term.cards", count=area.count)
            text = Text(cards if area.count else "-", style="dim")
        elif area.layout == "pile" and area.label:
            text = Text(f"{area.count}", style="dim")
            if faces:
                text.append(f"  {self.t('term.last')}: ")
                text.append(Text(", ").join(self.face_text(f, fields=False) for f in faces[-3:]))
        elif area.layout == "stack" and faces:
            text = self.face_text(faces[-1])
            if len(faces) > 1:
                text.append(f"  {self.t('term.below')}: ")
                text.append(Text(", ").join(self.face_text(f) for f in reversed(faces[:-1])))
        elif faces:
            text = Text(", ").join(self.face_text(f) for f in faces)
        else:
            text = Text("-", style="dim")
        if extra:
            text.append(f"  {extra}", style="dim")
        return text

    def style(self, tokens: Sequence[str]) -> str:
        return " ".join(self.palette[t] for t in tokens if t in self.palette)

    def face_text(self, face: Face, fields: bool = True) -> Text:
        if not face.up:
            return Text(self.t("term.face_down"), style="dim")
        text = Text(self.face_name(face) or "?", style=self.style(face.style))
        if fields:
            placed = self.places.get(face.kind, {})
            for shown in face.fields:
                inline = placed.get(shown.key) not in NOT_INLINE
                if shown.at is None and shown.value not in (None, "") and inline:
                    text.append(" ")
                    text.append(self.field_text(shown, inline=True))
        for mark in face.marks:
            text.append(f" ({self.word(mark)})", style=self.palette.get(f"mark:{mark}", "bold red"))
        return text

    def face_name(self, face: Face) -> str | None:
        """The name in ``--lang`` when the card data holds it (Monster Collection's Chinese),
        else as the notation types it."""
        return face.names.get(self.lang or "", face.name)

    def field_text(self, shown: Shown, inline: bool = False) -> Text:
        value = shown.translations.get(self.lang or "", shown.value) if shown.translations else shown.value
        shown_value = "" if value is None else str(value)
        if isinstance(value, Sentence | list) or (isinstance(value, str) and not shown.translations):
            shown_value = self.text(value)
        if inline:
            label = self.word(shown.label)
            gap = "" if len(label) <= 1 else " "  # "P5", "rarity rare"
            shown_value = f"{label}{gap}{shown_value}"
        return Text(shown_value, style=self.style(shown.style) or ("dim" if inline else ""))

    # -- cards and outcomes ------------------------------------------------------------------
    def card_table(self, cards: CardTable) -> CardListing:
        """The cards as a table as wide as the terminal allows (``CardListing``)."""
        rows = []
        for i, row in enumerate(cards.rows):
            cells = [Text("" if value is None else str(value)) for value in self.row_values(cards, row)]
            style = self.style(cards.styles[i]) if i < len(cards.styles) else ""
            if style:
                cells[0].stylize(style)
            rows.append(cells)
        return CardListing(cards, rows)

    def row_values(self, cards: CardTable, row: dict[str, Any]) -> list[Any]:
        """A card table row's values under its columns, in this renderer's language."""
        return [row.get(c.translations.get(self.lang or "", c.key), row.get(c.key)) for c in cards.columns]

    def card_rows(self, cards: CardTable) -> list[dict[str, Any]]:
        """The rows as ``--json`` prints them: a translated column's key holds the translation."""
        out = []
        for row in cards.rows:
            shown = dict(row)
            for column in cards.columns:
                other = column.translations.get(self.lang or "")
                if other is not None and other in row:
                    shown[column.key] = row[other]
            out.append(shown)
        return out

    def outcome(self, outcome: dict[str, Any]) -> list[str]:
        """The result, the places of more than two, who went out, and each card a trade moves."""
        scores = "-".join(f"{s:g}" for s in outcome["scores"])
        winner, reason = outcome["winner"], self.word(outcome["reason"])
        lines = [self.t("term.result.draw", scores=scores, reason=reason) if winner is None else
                 self.t("term.result.win", player=Ref(Kind.PLAYER, winner), scores=scores, reason=reason)]
        ranks = outcome["ranks"]
        if len(ranks) > 2:  # a draw or a win says too little: every place, and whose score is whose
            order = sorted(range(len(ranks)), key=lambda p: (ranks[p], p))
            places = ", ".join(f"{ranks[p] + 1}. {self.who(p)}" for p in order)
            lines.append(self.t("term.places", places=places))
            each = ", ".join(f"{self.who(p)} {s:g}" for p, s in enumerate(outcome["scores"]))
            lines.append(self.t("term.scores", scores=scores, each=each))
        if outcome.get("eliminated"):
            lines.append(self.t("term.eliminated", players=", ".join(map(self.who, outcome["eliminated"]))))
        for name, giver, taker in outcome["details"].get("trade", []):
            lines.append(self.t("term.trade", player=Ref(Kind.PLAYER, taker), card=name,
                                giver=self.who(giver)))
        return lines


class CardListing:
    """A card table, one column per field where the terminal is wide enough to show every word
    whole. Where it is not (nine columns and a card's text in 80), each card takes two lines:
    its fields in aligned columns, none of them broken, and under them its text (the last
    column) across the whole width."""

    NAME_WIDTH = 22  # the first column's most in the two-line form; longer names fold

    def __init__(self, cards: CardTable, rows: list[list[Text]]) -> None:
        self.cards, self.rows = cards, rows

    def wide(self) -> Table:
        table = Table(title=self.cards.title, title_justify="left", box=box.SIMPLE)
        for column in self.cards.columns:
            table.add_column(column.label, justify=column.justify)
        for cells in self.rows:
            table.add_row(*cells)
        return table

    def fits(self, console: Console, options: ConsoleOptions) -> bool:
        """Whether one column per field leaves every column its longest word (and each its
        padding and the table's edges, as ``box.SIMPLE`` draws them)."""
        free = options.update_width(10_000)
        need = 2
        for i, column in enumerate(self.cards.columns):
            cells = [Text(column.label), *(cells[i] for cells in self.rows)]
            need += 2 + max(Measurement.get(console, free, cell).minimum for cell in cells)
        return need <= options.max_width

    def narrow(self) -> Group:
        """Each card's fields on a line, its text indented under them."""
        columns = self.cards.columns[:-1]
        widths = [max(cell_len(c.label), *(cell_len(cells[i].plain) for cells in self.rows)) for i, c in
                  enumerate(columns)]
        widths[0] = min(widths[0], self.NAME_WIDTH)

        def line(cells: Sequence[Text]) -> Table:
            grid = Table.grid(padding=(0, 2))
            for i, column in enumerate(columns):
                grid.add_column(justify=column.justify, width=widths[i], no_wrap=i > 0, overflow="fold")
            grid.add_row(*cells)
            return grid

        parts: list[RenderableType] = [
            Text(self.cards.title),
            line([Text(c.label, style="bold") for c in columns]),
            Text("─" * (sum(widths) + 2 * (len(widths) - 1))),
        ]
        for *cells, extra in self.rows:
            parts.append(line(cells))
            if extra.plain:
                text = Table.grid(padding=(0, 0, 0, 4), pad_edge=True)  # a cell wraps, soft wrap or not
                text.add_column(overflow="fold")
                text.add_row(Text(extra.plain, style="dim"))
                parts.append(text)
        return Group(*parts)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.wide() if len(self.cards.columns) < 3 or self.fits(console, options) else self.narrow()


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _from_viewer(owner: int | None, viewer: int | None, players: int) -> int:
    """Seat order starting from the viewer (a spectator: from seat 0); the table last."""
    if owner is None:
        return players
    return (owner - (viewer or 0)) % players


def _columns(faces: Sequence[Face]) -> list[tuple[str, str]]:
    """The fields a table of these faces shows, in first-seen order (positioned ones too)."""
    out: dict[str, str] = {}
    for face in faces:
        for shown in face.fields:
            out.setdefault(shown.key, shown.label)
    return list(out.items())


class Board:
    """A grid area drawn as a board, its cells as wide as the terminal allows (at most
    ``CELL_WIDTH``): it fits 80 columns whole, and in fewer the names abbreviate."""

    def __init__(self, renderer: Renderer, area: Area, viewer: int | None) -> None:
        self.renderer, self.area, self.viewer = renderer, area, viewer

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        cols = self.area.cols
        width = max(MIN_CELL_WIDTH, min(CELL_WIDTH, (options.max_width - (cols + 1)) // cols - 2))
        yield self.render(width)

    def render(self, width: int = CELL_WIDTH) -> Table:
        area = self.area
        table = Table(show_header=False, show_lines=True, box=box.SQUARE, padding=(0, 1))
        for _ in range(area.cols):
            table.add_column(width=width, no_wrap=True)
        turns = area.turns.get(self.viewer, 0) if self.viewer is not None else 0
        order = rotated(area.rows, area.cols, turns)
        for row in order:
            table.add_row(*(self.cell(c, width) for c in row))
        return table

    def cell(self, number: int, width: int) -> Text:
        area, renderer = self.area, self.renderer
        mark = area.cell_marks[number] if number < len(area.cell_marks) else None
        mark_text = f"[{renderer.text(mark)}]" if mark else ""
        head = f"{number:<3}{right(abbreviate(mark_text, width - 3), width - 3)}"
        face = area.items[number] if number < len(area.items) else None
        if face is None:
            return Text("\n".join([head, "", "", "", ""]), style="dim")
        if not face.up:
            down = renderer.t("term.face_down")
            return Text("\n".join([head, "", centred(down, width), "", ""]), style="dim")
        at = {f.at: renderer.text(f.value) for f in face.fields if f.at}
        owner = face.owner
        letter = renderer.seats.letter(owner) if owner is not None else " "
        corner = abbreviate(at.get("corner", ""), width - 2)
        name = abbreviate(renderer.face_name(face) or "", width - 4)
        lines = [
            centred(abbreviate(at.get("top", ""), width), width),
            f"{at.get('left', ''):1} {centred(name, width - 4)} {at.get('right', ''):1}",
            centred(abbreviate(at.get("bottom", ""), width), width),
            f"{letter}{right(corner, width - 1)}",
        ]
        text = Text(head + "\n")
        text.append("\n".join(lines), style=renderer.seats.style(owner) if owner is not None else "")
        return text


def rotated(rows: int, cols: int, turns: int) -> list[list[int]]:
    """A grid's cell numbers row by row as a seat turned ``turns`` times sees them."""
    return Grid(rows, cols).seen_from(turns)
