"""The clairvoyant search (scripts/clairvoyant_ceiling.py) sees what a player cannot, and only
in the script's own process."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tcgkit.agents import agent_names

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "clairvoyant_ceiling.py"


def test_seeing_the_rivals_hand_beats_the_same_search_that_does_not() -> None:
    # Triple Triad's hands are hidden under the default rules: the same 400 iterations a move
    # against normal's 400 would score about 50% blind; seeing the rival's hand they win clearly.
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "sim", "tt", "--agents", "clairvoyant-400,normal", "--sprt", "0,50",
         "--alpha", "1e-9", "--beta", "1e-9", "-n", "40", "--workers", "1", "--seed", "1"],
        capture_output=True, text=True, timeout=300, check=True)
    elo = re.search(r"Elo ([+-]\d+) \[([+-]\d+), ([+-]\d+)\]", run.stdout)
    assert elo, run.stdout
    assert int(elo.group(2)) > 0, run.stdout  # the interval's low end above equal strength


def test_no_seat_outside_the_script_can_meet_it() -> None:
    assert not [name for name in agent_names("triple-triad") if name.startswith("clairvoyant")]
