"""The errors every game raises. Each message names what is wrong and where.

Messages quote what the user gave, but only a short excerpt of it: a 2 MB deck line, a
file's contents or a 400-digit number never come back whole in an error (``clip``).
"""

import re

EXCERPT = 40  # characters of a quoted input kept in a message
MESSAGE = 1000  # characters of a whole message
# One pattern, so a message is scanned once (errors are made by the million in the conformance
# suite's near-miss inputs). Either a quoted input as repr() writes it: the opening quote after
# a non-word character, the closing one before a non-word character (so "'Alpha' (a) ... 'zap'"
# is two quotes, not one), one already cut (followed by its length) left alone; or a number as
# int() gives it, unquoted (``players=10**400`` echoed back), one already cut keeping EXCERPT
# digits, so it is not cut again.
_LONG = re.compile(
    rf"(?<!\w)(?P<quoted>'[^'\n]{{{EXCERPT + 1},}}'|\"[^\"\n]{{{EXCERPT + 1},}}\")"
    rf"(?!\w)(?! \(\d+ characters\))"
    rf"|(?<![\w.])(?P<number>-?\d{{{EXCERPT + 1},}})(?!\w)"
)


def clip(message: str) -> str:
    """``message`` with every quoted run and every number over ``EXCERPT`` characters cut
    to its start, and the whole cut to ``MESSAGE`` characters."""
    def cut(match: "re.Match[str]") -> str:
        quoted, number = match.group("quoted", "number")
        if quoted is not None:
            return f"{quoted[:EXCERPT + 1]}...{quoted[-1]} ({len(quoted) - 2} characters)"
        return f"{number[:EXCERPT]}... ({len(number.lstrip('-'))} digits)"

    message = _LONG.sub(cut, message)
    return message if len(message) <= MESSAGE else message[:MESSAGE] + "..."


class TcgkitError(Exception):
    """Base of every error the engine raises on purpose."""

    def __str__(self) -> str:
        return clip(super().__str__())


class IllegalAction(TcgkitError, ValueError):
    """An action the rules do not allow now. The state is left exactly as it was."""


class NotationError(TcgkitError, ValueError):
    """Text that is not a valid action or position notation."""


class OptionsError(TcgkitError, ValueError):
    """Unknown or invalid game options."""


class DeckError(TcgkitError, ValueError):
    """A deck that breaks the game's deck rules."""


class CardDataError(TcgkitError, ValueError):
    """A card data file that does not load: names the file, the card and the field."""


class ReplayError(TcgkitError, ValueError):
    """A replay record that cannot be read."""


class ReplayMismatch(ReplayError):
    """A record that does not replay exactly (engine version, card data, or an action)."""


class UnknownGame(TcgkitError, KeyError):
    """No registered game has that name or alias."""

    def __str__(self) -> str:  # KeyError would quote the message
        return clip(str(self.args[0])) if self.args else ""
