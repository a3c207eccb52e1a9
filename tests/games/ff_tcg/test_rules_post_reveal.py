"""Final Fantasy TCG: the post-reveal effect windows (option ``post_reveal_window``, FF13)."""

from __future__ import annotations

from tcgkit.games.ff_tcg import FFTcg

from .rules_helpers import ident, label, make_game, names, play, position

ZERO = ["Broadsword", "Shrine", "Fire", "Summon"]  # luck 0 on top of a deck


def texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def results(state) -> list[dict]:
    return [e for e in state.events_since(0, None) if e["kind"] == "fight_result"]


def armored_fight(game: FFTcg, defender_hidden: tuple[str, ...] = (), defender_top: list[str] = ZERO):
    """Bull (4) attacks a Fighter (3) carrying Leather Armor ("discard: Defesa +3 in this fight");
    both pre-reveal windows pass. Luck 0 for Bull: the Fighter loses unless the armor is used."""
    defender = {"chars": ["Fighter"], "items": [("Leather Armor", "Fighter")],
                "hidden": list(defender_hidden), "top": defender_top}
    state = position(game, {"hand": ["Bull"], "top": ZERO}, defender)
    fighter = label(state, "Fighter", "chars", 1)
    play(state, f"play {label(state, 'Bull', 'hand', 0)} attack")
    bull = label(state, "Bull", "attackers")
    steps = {"play": "end", "declare": "done", "assign": f"assign {bull} -> {fighter}",
             "fight": f"fight {fighter}", "window": "done"}
    while state.pending.kind in steps:  # whatever ``auto_forced`` leaves to ask
        play(state, steps[state.pending.kind])
    return state, fighter


def test_without_the_option_the_luck_decides_at_once():
    state, fighter = armored_fight(make_game(auto_forced=False))
    assert results(state)[-1] == {"kind": "fight_result", "characters_total": 3, "monsters_total": 4,
                                  "winner": "monsters"}
    assert ident(fighter) in state.wounded
    assert not any(d.kind == "post_reveal" for d in state.decisions)


def test_armor_used_after_seeing_the_luck_turns_a_loss_into_a_win():
    state, fighter = armored_fight(make_game(auto_forced=False, post_reveal_window=True))
    armor = label(state, "Leather Armor", "items", 1)
    # Both luck cards are shown, no result yet: the defender may still act, then the attacker.
    assert [e["player"] for e in state.events_since(0, None) if e["kind"] == "luck"] == [1, 0]
    assert not results(state) and state.pending.kind == "post_reveal" and state.to_move == 1
    assert texts(state) == [f"use {armor} 0", "done"]
    play(state, f"use {armor} 0", "done")
    assert state.pending.kind == "post_reveal" and state.to_move == 0 and texts(state) == ["done"]
    play(state, "done")
    assert results(state)[-1] == {"kind": "fight_result", "characters_total": 6, "monsters_total": 4,
                                  "winner": "characters"}  # totals measured anew, the luck kept
    assert ident(fighter) not in state.wounded and "Bull" in names(state, "discard", 0)
    assert names(state, "discard", 1) == ["Leather Armor", "Broadsword"]  # and the shown luck card
    state.check_invariants()


def test_passing_the_late_windows_keeps_the_result_and_extra_luck_is_revealed_at_the_end():
    state, fighter = armored_fight(make_game(auto_forced=False, post_reveal_window=True))
    play(state, "done", "done")
    assert results(state)[-1]["winner"] == "monsters" and ident(fighter) in state.wounded
    # A Lucky Star (extra luck) turned late: its card is revealed with the result and counts.
    game = make_game(auto_forced=False, post_reveal_window=True)
    state, fighter = armored_fight(game, ("Lucky Star",), ["Goblin", "Goblin"])
    play(state, f"turn {label(state, 'Lucky Star', 'hidden', 1)}", "done", "done")
    assert results(state)[-1] == {"kind": "fight_result", "characters_total": 7, "monsters_total": 4,
                                  "winner": "characters"}  # 3 + two luck cards of 2
    assert [e["player"] for e in state.events_since(0, None) if e["kind"] == "luck"] == [1, 0, 1]


def test_forced_late_windows_pass_by_themselves():
    state, fighter = armored_fight(make_game(post_reveal_window=True))
    armor = label(state, "Leather Armor", "items", 1)
    assert state.pending.kind == "post_reveal" and texts(state) == [f"use {armor} 0", "done"]
    play(state, "done")  # the attacker has nothing to use: its window passes by itself
    assert results(state)[-1]["winner"] == "monsters"
