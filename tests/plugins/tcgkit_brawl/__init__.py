"""Brawl, the kernel's test game, in a package of its own: tcgkit finds it through the
``tcgkit.games`` entry point its distribution declares (``tcgkit_brawl-1.0.dist-info``), as it
would find any game installed beside it. The tests put this folder on the path."""

from .actions import END, PASS, Cast, Discard, End, First, Pass
from .game import Brawl
from .rules import MACHINE, BrawlState

__all__ = ["END", "MACHINE", "PASS", "Brawl", "BrawlState", "Cast", "Discard", "End", "First", "Pass"]
