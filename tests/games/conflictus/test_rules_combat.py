"""Attack, Block, Damage, Sacrifice and elimination (RULES.md: Ataque ... Vencer)."""

from __future__ import annotations

from .helpers import act, fetch, label, next_rodada, sources, start, texts, to_phase


def ready(state, player, name, luz=0, sombra=0, pay=""):
    """Put a warrior into play now (paid in full) so that it may attack in a later rodada."""
    sources(state, player, luz, sombra)
    c = fetch(state, player, name)
    holder = state.pending.player
    assert holder == player, f"P{player} does not hold priority"
    act(state, f"play {label(state, c)}{pay}")
    return c


def test_each_attacker_chooses_which_opponent_it_attacks_and_new_warriors_wait():
    state = start(players=3, decks=("abismo",) * 3)
    cult = ready(state, 0, "Cultista do Véu", sombra=1, pay=" pay S1")
    to_phase(state, "sacrifice")
    assert not any(t.startswith("attack") for t in texts(state))  # no declaration: it came in this rodada
    next_rodada(state)
    next_rodada(state)
    next_rodada(state)
    assert state.active == 0
    to_phase(state, "attack")
    assert texts(state) == ["done", f"attack set#{cult} P1", f"attack set#{cult} P2"]
    left = start(players=3, decks=("abismo",) * 3, attack="left")
    cult = ready(left, 0, "Cultista do Véu", sombra=1, pay=" pay S1")
    for _ in range(3):
        next_rodada(left)
    to_phase(left, "attack")
    assert texts(left) == ["done", f"attack set#{cult} P1"]


def declare(state, *attacks):
    """The active player declares these attacks and no more (a lone "done" is taken for them)."""
    for text in attacks:
        act(state, text)
    if state.pending.kind == "declare":
        act(state, "done")


def combat(players=2, decks=("abismo", "aurora"), phase="attack"):
    """P0 with an Espectro Faminto (3/2, tombo 1) ready to attack in their second rodada; P1 with a
    Guardiã da Aurora (1/4) and a Mago Iluminado (1/2) put down in P0's first Main phase."""
    state = start(players=players, decks=decks)
    spectre = ready(state, 0, "Espectro Faminto", sombra=2, pay=" pay S2")
    act(state, "pass")
    guard = ready(state, 1, "Guardiã da Aurora", luz=2, pay=" pay L2")
    mago = ready(state, 1, "Mago Iluminado", luz=1, pay=" pay L1")
    next_rodada(state)
    next_rodada(state)
    to_phase(state, phase)
    return state, spectre, guard, mago


def test_an_unblocked_attacker_mills_its_tombo_from_the_attacked_players_mons():
    state, spectre, guard, mago = combat()
    declare(state, f"attack set#{spectre} P1")
    to_phase(state, "block")
    assert state.pending.player == 1 and state.pending.kind == "blockers"
    assert texts(state) == ["done", f"block set#{spectre} with set#{guard}",
                            f"block set#{spectre} with set#{mago}"]
    mons = len(state.mons[1])
    act(state, "done")
    to_phase(state, "sacrifice")
    assert len(state.mons[1]) == mons - 1 and len(state.mortis[1]) == 1


def test_blocked_warriors_trade_attack_against_defence_and_the_loser_dies():
    state, spectre, guard, mago = combat()
    declare(state, f"attack set#{spectre} P1")
    to_phase(state, "block")
    mons = len(state.mons[1])
    act(state, f"block set#{spectre} with set#{mago}")  # one blocker per attacker: declaring ends
    to_phase(state, "sacrifice")
    assert mago in state.mortis[1] and mago not in state.sets  # 3 attack against defence 2
    assert spectre in state.sets and state.damage.get(spectre) == 1  # 1 against 2: survives
    assert len(state.mons[1]) == mons  # blocked: no tombo
    next_rodada(state)
    assert spectre not in state.damage  # damage wears off at the end of the rodada


def test_a_blocked_attackers_tombo_never_applies_even_when_its_blocker_is_gone():
    state, spectre, guard, mago = combat(decks=("abismo", "crepusculo"))
    declare(state, f"attack set#{spectre} P1")
    sources(state, 0, sombra=3)
    death = fetch(state, 0, "Toque da Morte")
    to_phase(state, "block")
    act(state, f"block set#{spectre} with set#{mago}")
    assert state.phase == "block" and state.pending.player == 0
    act(state, f"amulet {label(state, death)} at {label(state, mago)} pay S3")
    mons = len(state.mons[1])
    to_phase(state, "sacrifice")
    assert mago in state.exterminatus[1] and len(state.mons[1]) == mons
    assert spectre not in state.damage


def test_unblockable_and_cannot_block():
    state, spectre, guard, mago = combat(decks=("mercenarios", "aurora"), phase="main")
    sources(state, 0, luz=2)
    step, chains = fetch(state, 0, "Passo Sombrio"), fetch(state, 0, "Grilhões")
    act(state, f"amulet {label(state, chains)} at {label(state, guard)} pay L1")
    act(state, "pass")
    act(state, "pass")
    assert state.has(guard, "cannot_block")
    to_phase(state, "attack")
    mons = len(state.mons[1])
    declare(state, f"attack set#{spectre} P1")
    act(state, f"amulet {label(state, step)} at {label(state, spectre)} pay L1")
    asked = []
    while state.phase != "sacrifice":
        asked.append(state.pending.kind)
        act(state, "pass")
    assert "blockers" not in asked and len(state.mons[1]) == mons - 1  # nobody could block it


def test_a_player_who_must_tombar_more_than_their_mons_is_out_and_the_last_one_standing_wins():
    state, spectre, guard, mago = combat()
    state.mortis[1] += state.mons[1]
    state.mons[1] = []
    declare(state, f"attack set#{spectre} P1")
    to_phase(state, "block")
    act(state, "done")
    while not state.is_terminal:
        act(state, "pass")
    outcome = state.outcome
    assert outcome.winner == 0 and outcome.ranks == (0, 1) and 1 in state.out
    assert guard in state.exterminatus[1] and not any(rec.owner == 1 for rec in state.sets.values())


def test_drawing_from_an_empty_mons_is_out_at_once():
    state = start(players=3)
    state.mortis[1] += state.mons[1]
    state.mons[1] = []
    next_rodada(state)
    assert 1 in state.out and state.active == 2  # P1 drew at the start of their rodada and went out
    assert state.outcome is None


def test_players_out_together_share_their_place():
    state = start(players=3, decks=("abismo",) * 3)
    totem = ready(state, 0, "Totem da Agonia", sombra=3, pay=" pay S3")  # end of P0's rodada: tombo 1 each
    for p in (1, 2):
        state.mortis[p] += state.mons[p]
        state.mons[p] = []
    to_phase(state, "sacrifice")
    outcome = state.outcome
    assert outcome is not None and outcome.winner == 0 and outcome.ranks == (0, 1, 1)
    assert outcome.eliminated == (1, 2) and totem in state.relics[0]


def test_everyone_out_at_once_is_a_draw():
    state = start(players=2)
    for p in (0, 1):
        state.lose(p, "test: both mons empty")
    state.advance()
    outcome = state.outcome
    assert outcome.winner is None and outcome.ranks == (0, 0) and outcome.is_draw


def test_end_of_your_rodada_abilities_trigger_in_the_sacrifice_phase_and_cards_may_be_sacrificed():
    state = start(decks=("aurora", "aurora"))
    seraph = ready(state, 0, "Serafim Vigilante", luz=5, pay=" pay L5")
    hand = len(state.hand[0])
    sources(state, 0, luz=1)  # a free source: P0 keeps being asked in the Sacrifice phase
    to_phase(state, "sacrifice")
    assert len(state.hand[0]) == hand + 1  # "No final da sua rodada: compre 1 carta"
    act(state, f"sacrifice {label(state, seraph)}")
    assert seraph in state.mortis[0] and len(state.field[0]) == 6
    assert state.free_sources(0) == (1, 0)  # the sacrificed card's sources: free next rodada
    next_rodada(state)
    assert state.free_sources(0) == (6, 0)


def test_a_search_shuffles_the_mons_and_only_its_owner_sees_the_card():
    state = start(decks=("mercenarios", "mercenarios"))
    sources(state, 0, luz=2)
    search = fetch(state, 0, "Busca Arcana")
    act(state, f"amulet {label(state, search)} pay L2")
    act(state, "pass")
    act(state, "pass")
    assert state.pending.kind == "search" and "search Andarilho das Areias" in texts(state)
    act(state, "search Andarilho das Areias")
    assert any(state.card(c).name == "Andarilho das Areias" for c in state.hand[0])
    seen = state.events_since(0, 1)
    assert {"kind": "search", "player": 0} in seen and any(e["kind"] == "shuffled" for e in seen)


def test_an_on_attack_ability_hits_the_attacked_player():
    state = start(players=3, decks=("abismo",) * 3)
    devourer = ready(state, 0, "Devorador de Almas", sombra=4, pay=" pay S4")
    for _ in range(3):
        next_rodada(state)
    to_phase(state, "attack")
    mons = [len(m) for m in state.mons]
    start_event = len(state.events)
    declare(state, f"attack set#{devourer} P2")  # nobody can block or respond: on to the damage
    mills = [(e.data["player"], len(e.data["cards"])) for e in state.events[start_event:] if e.kind == "mill"]
    assert mills == [(2, 1), (2, 2)]  # the ability on attacking, then the unblocked tombo
    assert [len(m) for m in state.mons] == [mons[0], mons[1], mons[2] - 3]
