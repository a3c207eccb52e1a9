"""Who sits where: each player's name, colour and letter (the letter reads without colour)."""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = ("Blue", "Red", "Green", "Yellow")
STYLES = ("bold white on blue", "bold white on red", "bold black on green", "bold black on yellow")


@dataclass(frozen=True)
class Seats:
    names: tuple[str, ...]

    @staticmethod
    def versus(human: int, opponent: str) -> Seats:
        names = ["", ""]
        names[human], names[1 - human] = "You", opponent
        return Seats(tuple(names))

    @staticmethod
    def numbered(players: int = 2) -> Seats:
        return Seats(tuple(f"Player {p}" for p in range(players)))

    def colour(self, player: int) -> str:
        return COLOURS[player]

    def letter(self, player: int) -> str:
        return COLOURS[player][0]

    def style(self, player: int) -> str:
        return STYLES[player]

    def label(self, player: int) -> str:
        return f"{self.names[player]} ({COLOURS[player]})"
