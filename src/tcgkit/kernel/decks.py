"""Deck files, for every game: one card per line, in the game's own spelling.

Blank lines and lines starting with ``//`` are skipped; surrounding whitespace is stripped.
A UTF-8 byte-order mark is allowed. ``read_deck`` keeps the line number of each card, so a
game's problems ("card 12: ...", a 1-based index into the deck) can name the line instead.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .errors import DeckError
from .files import MAX_FILE_BYTES, FileTooLarge, NotAFile, write_text_atomic

COMMENT = "//"
_CARD_INDEX = re.compile(r"\bcard (\d+)\b")
_QUOTED = re.compile(r"""('[^']*'|"[^"]*")""")


@dataclass(frozen=True, slots=True)
class DeckFile:
    """The cards of a deck file and the line (1-based) each one is on."""

    cards: list[str]
    lines: list[int]
    path: str = ""

    def line_of(self, index: int) -> int | None:
        """The line of card ``index`` (1-based, as games number them), or ``None``."""
        return self.lines[index - 1] if 1 <= index <= len(self.lines) else None

    def locate(self, problems: Iterable[str]) -> list[str]:
        """A game's deck problems with card numbers turned into line numbers.

        ``"card 12: X is already card 3 (...)"`` becomes
        ``"line 14: X is already card 3 on line 4 (...)"``; whole-deck problems are kept.
        """
        out = []
        for problem in problems:
            head = re.match(r"card (\d+): ", problem)
            rest = problem
            prefix = ""
            if head and self.line_of(int(head.group(1))) is not None:
                prefix = f"line {self.line_of(int(head.group(1)))}: "
                rest = problem[head.end():]

            def on_line(match: re.Match[str]) -> str:
                line = self.line_of(int(match.group(1)))
                return match.group(0) if line is None else f"{match.group(0)} on line {line}"

            # quoted text is what the file says (a card named 'card 12'): left as it is
            parts = _QUOTED.split(rest)
            parts[::2] = [_CARD_INDEX.sub(on_line, part) for part in parts[::2]]
            out.append(prefix + "".join(parts))
        return out


def parse_deck(text: str, path: str = "") -> DeckFile:
    """The cards of a deck file's text (see the module docstring)."""
    cards, lines = [], []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(COMMENT):
            continue
        cards.append(line)
        lines.append(number)
    return DeckFile(cards, lines, path)


def read_deck(path: str | Path) -> DeckFile:
    """Read a deck file; ``DeckError`` names the file when it cannot be read as UTF-8 text."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise NotAFile(0, "not a regular file", str(path))
        with open(path, "rb") as source:
            data = source.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise FileTooLarge(0, "the file is too large to be a deck")
    except OSError as exc:
        raise DeckError(f"{path}: cannot read the deck file: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DeckError(
            f"{path}: not a UTF-8 text file (byte {exc.start + 1}, line {line}); "
            "save it as UTF-8"
        ) from None
    return parse_deck(text, str(path))


def format_deck(cards: Iterable[str], header_comment: str = "") -> str:
    """A deck file's text: the header as ``//`` comment lines, then one card per line."""
    out = []
    for line in header_comment.splitlines():
        line = line.rstrip()
        out.append(line if line.startswith(COMMENT) else f"{COMMENT} {line}".rstrip())
    for i, card in enumerate(cards, start=1):
        if not card.strip() or card != card.strip() or "\n" in card or "\r" in card:
            raise DeckError(f"card {i}: {card!r} cannot be written as one line of a deck file")
        if card.startswith(COMMENT):
            raise DeckError(f"card {i}: {card!r} would read back as a comment")
        out.append(card)
    return "\n".join(out) + "\n"


def write_deck(path: str | Path, cards: Iterable[str], header_comment: str = "") -> None:
    """Write a deck file whole or not at all (a temporary file beside it, then a rename)."""
    text = format_deck(cards, header_comment)
    try:
        write_text_atomic(path, text)
    except OSError as exc:
        raise DeckError(f"{path}: cannot write the deck file: {exc.strerror or exc}") from None

