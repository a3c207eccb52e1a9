"""The fuzzer (scripts/fuzz.py) finds deliberate breaks, shrinks them and covers every option value."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from nplayer.highcard import HighCard, HighCardState, Play
from tcgkit.games.forge_fury import ForgeFury
from tcgkit.kernel.actions import Action
from tcgkit.kernel.replay import MatchRecord

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "fuzz.py"
spec = importlib.util.spec_from_file_location("fuzz", SCRIPT)
assert spec and spec.loader
fuzz = importlib.util.module_from_spec(spec)
sys.modules["fuzz"] = fuzz
spec.loader.exec_module(fuzz)


class LosesCard13(HighCardState):
    """Playing card 13 takes it from the hand and never puts it on the table."""

    __slots__ = ()

    def apply_unchecked(self, action: Action) -> None:
        super().apply_unchecked(action)
        if isinstance(action, Play) and action.card == 13:
            self.table = [None if c == 13 else c for c in self.table]


class AcceptsAnything(HighCardState):
    """Takes any card named, in the hand or not (the hand check forgotten)."""

    __slots__ = ()

    def illegal_reason(self, action: Action, player: int) -> str | None:
        return None

    def apply_unchecked(self, action: Action) -> None:
        player = self.decisions[-1].player
        if isinstance(action, Play) and action.card not in self.hands[player]:
            self.hands[player].append(action.card)  # so the parent's remove succeeds
        super().apply_unchecked(action)


def broken_game(state_class: type[HighCardState]) -> HighCard:
    class Broken(HighCard):
        def new_state(self, seed: int = 0, decks: Any = None) -> HighCardState:
            state = super().new_state(seed, decks)
            state.__class__ = state_class
            return state

    return Broken()


def first_break(game: HighCard) -> tuple[int, Any]:
    for seed in range(200):
        broken = fuzz.play(game, seed, fuzz.Tally())
        if broken is not None:
            return seed, broken
    raise AssertionError("no break found in 200 games")


def test_an_invariant_break_is_found_and_shrunk_to_a_record_that_replays() -> None:
    game = broken_game(LosesCard13)
    seed, broken = first_break(game)
    assert broken.kind == "invariant"
    assert broken.actions[-1] == "play 13"
    small = fuzz.shrink(game, seed, broken, seconds=30)
    assert small.kind == "invariant" and len(small.actions) <= len(broken.actions)
    assert small.actions[-1] == "play 13"
    again = fuzz.reproduce(game, seed, small.actions, None)
    assert again is not None and again.kind == "invariant"
    # one action less no longer shows it: the record is the shortest prefix
    assert fuzz.reproduce(game, seed, small.actions[:-1], None) is None


def test_an_illegal_action_accepted_is_found() -> None:
    game = broken_game(AcceptsAnything)
    seed, broken = first_break(game)
    assert broken.kind == "accepted"
    assert broken.probe is not None and broken.probe.startswith("play ")
    again = fuzz.reproduce(game, seed, broken.actions, broken.probe)
    assert again is not None and again.kind == "accepted"


def test_a_saved_break_is_a_record_and_check_names_it(tmp_path: Path) -> None:
    game = broken_game(LosesCard13)
    seed, broken = first_break(game)
    config = fuzz.Config(HighCard, ())
    path = fuzz.save_break(tmp_path, config, seed, broken)
    record = MatchRecord.load(path)
    assert record.game == "highcard" and record.seed == seed and record.actions == broken.actions
    assert "invariant" in path.with_suffix(".txt").read_text()
    # the sound game replays the same record clean
    assert fuzz.check_record(path) == 0


def test_the_sound_games_play_clean() -> None:
    tally = fuzz.Tally()
    for seed in range(20):
        assert fuzz.play(HighCard(players=3), seed, tally) is None
    assert tally.steps > 0 and tally.probes > 0


@pytest.mark.parametrize("option, values", [
    ("mode", {"brasa", "chama", "forja", "colecao"}),
    ("minigame", {"rps", "odd_even"}),
    ("private_decklists", {False, True}),
])
def test_every_value_of_every_enumerated_option_is_played(option: str, values: set[Any]) -> None:
    played = {dict(c.options).get(option, ForgeFury.Options.model_fields[option].default)
              for c in fuzz.configs_of(ForgeFury)}
    assert played == values


def test_every_player_count_is_played() -> None:
    counts = {dict(c.options).get("players", HighCard.min_players) for c in fuzz.configs_of(HighCard)}
    assert counts == {2, 3, 4}


def test_pieces_and_workers_play_exactly_the_games_of_one_run(tmp_path: Path) -> None:
    configs = fuzz.configs_of(HighCard)

    def steps(first: int, step: int, end: int) -> int:
        tally = fuzz.fuzz_game(configs, 5, fuzz.Budget(end, None, 0.0), tmp_path, print, first, step)
        return tally.steps

    whole = steps(0, 1, 30)
    assert whole == steps(0, 1, 12) + steps(12, 1, 30)  # continued with --first
    assert whole == steps(0, 2, 30) + steps(1, 2, 30)  # two workers, interleaved
    assert whole != steps(1, 1, 31)  # the numbers matter: other games, other steps


def test_two_workers_report_the_games_of_one(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", "highcard", "--games", "40", "--seed", "3"]
    assert fuzz.main(argv) == 0
    one = capsys.readouterr().out
    assert fuzz.main([*argv, "--workers", "2"]) == 0
    two = capsys.readouterr().out

    def counts(line: str) -> str:
        return line.split(" breaks,")[0]  # games, actions, refusals, breaks: not the timing

    assert counts(one) == counts(two) and "40 games" in one
