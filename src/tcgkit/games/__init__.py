"""The registry of games: every front end finds games here by name or alias."""

from ..kernel.registry import find_game, list_games, load_game, register
from .conflictus import Conflictus
from .ff_tcg import FFTcg
from .forge_fury import ForgeFury
from .triple_triad import TripleTriad

register(TripleTriad)
register(
    ForgeFury,
    aliases=("fnf", "forge", "forge_fury", "forge-and-fury", "forja-e-furia"),
    summary="attribute duel: name a colour, pick a card in secret, higher number wins",
)
register(
    FFTcg,
    aliases=("fftcg", "ff", "ff_tcg", "final-fantasy-tcg"),
    summary="Final Fantasy fan TCG: characters hold off monsters; 7 skulls or a beaten villain lose",
)

register(
    Conflictus,
    aliases=("ca", "conflictus-aeternus", "conflictus_aeternus"),
    summary="2-4 player TCG: warriors in sets, amulets, relics; empty your opponents' mons",
)

__all__ = ["find_game", "list_games", "load_game", "register"]
