"""The errors every game raises. Each message names what is wrong and where."""


class TcgkitError(Exception):
    """Base of every error the engine raises on purpose."""


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
        return str(self.args[0]) if self.args else ""
