"""Wakhan, Pax Pamir's automated opponent, from Python: `load_game("pax_pamir", wakhan=True)`
seats her at seat 0 (WK-10); the rules answer every decision of her seat, so whole games of
random people against her never ask her seat anything; her queries (`wakhan_seat`,
`current_ai_card`, `next_ai_back`, `arrows`, `pragmatic_loyalty`, `wakhan_influence`, the AI
deck's size and discard pile) agree with the seat views and hide the AI deck's order; the log
cites her WK rules; snapshots and pickles keep her. Sections `WK-x.y` refer to the Wakhan
specification, `PP-x.y` to the Pax Pamir rules specification."""

import copy
import json
import pickle
import random
import re

import pytest

import darbar

COALITIONS = ["afghan", "british", "russian"]
REGIONS = ["persia", "transcaspia", "herat", "kabul", "kandahar", "punjab"]


def new_state(players=2, seed=0, **options):
    game = darbar.load_game("pax_pamir", players=players, wakhan=True, **options)
    return game.new_initial_state(seed=seed)


def play_randomly(state, seed, each=None, max_steps=20_000):
    """Random people (every legal action equally likely) until the end; `each(state)` on
    every position reached, the first and the last included."""
    rng = random.Random(seed)
    steps = 0
    if each:
        each(state)
    while not state.is_terminal():
        assert steps < max_steps, "no end"
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        if each:
            each(state)
    return steps


def until_turn(state, turns, seed=1):
    """Random people until `turns` turns have begun (or the end)."""
    rng = random.Random(seed)
    while not state.is_terminal() and state.turns() < turns:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# ----- the seat ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_wk_10_wakhan_sits_at_seat_0_named_wakhan(players):
    state = new_state(players)
    game = state.get_game()
    assert game.num_players() == players
    assert game.options["wakhan"] is True
    assert state.wakhan_seat() == 0
    assert game.seat_name(0) == "Wakhan"
    assert [game.seat_name(s) for s in range(1, players)] == [f"P{s + 1}" for s in range(1, players)]
    assert state.court("Wakhan") == state.court(0)
    # WK-10: the people choose their loyalties, from the last seat down; she does not.
    assert state.phase() == "Loyalty"
    assert state.current_player() == players - 1
    assert state.loyalty("Wakhan") is None


def test_wk_10_a_game_without_her_has_no_wakhan_queries():
    state = darbar.load_game("pax_pamir", players=3).new_initial_state(seed=1)
    assert state.wakhan_seat() is None
    assert state.current_ai_card() is None
    assert state.next_ai_back() is None
    assert state.arrows() is None
    assert state.pragmatic_loyalty() is None
    assert state.wakhan_influence() is None
    assert state.ai_deck_size() is None
    assert state.ai_discard_pile() is None
    assert state.view(0)["wakhan"] is None


@pytest.mark.parametrize("players", [1, 4, 5])
def test_wk_10_wakhan_plays_with_one_or_two_people_only(players):
    with pytest.raises(ValueError):
        darbar.load_game("pax_pamir", players=players, wakhan=True)


def test_wk_1_2_before_her_first_turn_she_has_no_ai_card_but_a_next_back():
    state = new_state(2, seed=4)
    assert state.current_ai_card() is None
    assert state.arrows() is None
    assert state.ai_deck_size() == 24
    assert state.ai_discard_pile() == []
    back = state.next_ai_back()
    assert sorted(back["numbers"]) == list(range(6))
    assert sorted(back["labels"]) == ["B", "T"]


# ----- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize("players,seed", [(2, 0), (2, 1), (3, 2), (3, 3)])
def test_wk_2_random_people_play_whole_games_against_her_and_she_never_decides(players, seed):
    state = new_state(players, seed=seed)
    seen_cards = set()

    def each(s):
        assert s.current_player() != 0 or s.is_terminal(), s
        if not s.is_terminal():
            assert s.current_player() in range(1, players)
            assert s.view(s.current_player())["deciding"][0] != 0
        card = s.current_ai_card()
        if card is not None:
            seen_cards.add(card["number"])

    play_randomly(state, seed, each)
    assert state.is_terminal()
    assert state.ending() in {"lead", "final_check"}
    winners = state.winners()
    assert winners and all(w in range(players) for w in winners)
    assert len(seen_cards) >= 2, seen_cards
    log = state.log()
    assert any(line.startswith("turn 1: Wakhan") for line in log), log[:5]
    # Her turns follow the people's, turn order 0, 1, 2 (WK-10).
    turns = [line for line in log if re.match(r"turn \d+: ", line)]
    names = ["Wakhan"] + [f"P{s + 1}" for s in range(1, players)]
    for i, line in enumerate(turns):
        assert line == f"turn {i + 1}: {names[i % players]}", (i, line)
    check_repr(state)


def test_wk_1_2_the_log_cites_her_wk_rules():
    state = new_state(2, seed=5)
    play_randomly(state, 5)
    log = state.log()
    draws = [line for line in log if re.match(r"Wakhan draws AI card \d+: .* \(WK-1\.2\)", line)]
    assert draws, log[:20]
    cited = {rule for line in log for rule in re.findall(r"WK-\d+(?:\.\d+)?", line)}
    assert {"WK-1.2", "WK-1.3", "WK-1.4", "WK-2.2"} <= cited, cited
    # Each of her turns opens with its draw (WK-1.2) and her loyalty and arrows (WK-1.3).
    for i, line in enumerate(log):
        if re.match(r"turn \d+: Wakhan$", line):
            assert log[i + 1].startswith("Wakhan draws AI card "), log[i : i + 3]
            assert "(WK-1.4)" in log[i + 2] and "(WK-1.3)" in log[i + 2], log[i : i + 3]


def check_repr(state):
    text = repr(state)
    assert "Wakhan " in text and "VP Wakhan " in text, text
    if state.is_terminal():
        won = " and ".join(state.get_game().seat_name(w) for w in state.winners())
        assert f"won by {won} (" in text, text


# ----- her queries ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_wk_1_her_queries_agree_with_the_seat_views(players):
    state = new_state(players, seed=7)
    checked = 0

    def each(s):
        nonlocal checked
        if s.is_terminal() or s.turns() == 0:
            return
        for seat in range(players):
            seen = s.view(seat)["wakhan"]
            assert seen["seat"] == 0 == s.wakhan_seat()
            card = s.current_ai_card()
            assert seen["current"] == (card and card["number"])
            back = s.next_ai_back()
            assert seen["next_back"] == (back and [back["labels"], back["numbers"]])
            arrows = s.arrows()
            if arrows is None:
                assert seen["arrows"] is None
            else:
                assert seen["arrows"] == [
                    arrows["row"].title(),
                    arrows["column"],
                    arrows["side"].title(),
                ]
            assert seen["pragmatic_loyalty"].lower() == s.pragmatic_loyalty()
            assert seen["deck_size"] == s.ai_deck_size()
            assert seen["discard_pile"] == s.ai_discard_pile()
            assert seen["influence"] == [s.wakhan_influence()[k] for k in COALITIONS]
            assert s.view(seat)["players"][0]["name"] == "Wakhan"
        checked += 1

    play_randomly(state, 7, each)
    assert checked > 10


def test_wk_1_1_the_current_ai_card_reads_as_the_card_data_says():
    state = until_turn(new_state(2, seed=8), 3)
    card = state.current_ai_card()
    assert 1 <= card["number"] <= 24
    assert card["actions"][2] == "radicalize"  # WK-1.1: the third line is a plain Radicalize
    assert card["words"][2] == "Radicalize"
    assert len(card["actions"]) == len(card["words"]) == 3
    assert sorted(card["pragmatic_loyalty"]) == COALITIONS
    assert sorted(card["region_order"]) == sorted(REGIONS)
    assert card["red_arrow"] in {"upper", "lower"}
    assert 0 <= card["black_arrow"] <= 5
    assert card["number"] in state.ai_discard_pile()
    assert len(state.ai_discard_pile()) + state.ai_deck_size() == 24
    # The log of her last draw names this card and its lines.
    draws = [line for line in state.log() if line.startswith("Wakhan draws AI card ")]
    assert draws[-1].startswith(f"Wakhan draws AI card {card['number']}: {card['words'][0]} / ")


def test_wk_1_3_the_arrows_read_the_next_back_as_the_current_card_points():
    state = until_turn(new_state(3, seed=9), 4)
    card, back, arrows = state.current_ai_card(), state.next_ai_back(), state.arrows()
    label = back["labels"][0 if card["red_arrow"] == "upper" else 1]
    assert arrows["label"] == label
    assert arrows["row"] == ("top" if label == "T" else "bottom")
    assert arrows["side"] == ("left" if label == "T" else "right")
    assert arrows["column"] == back["numbers"][card["black_arrow"]]
    logged = [line for line in state.log() if "the arrows read " in line][-1]
    assert f"the arrows read {arrows['row']} row, column {arrows['column']}, {arrows['side']}" in logged


def test_wk_1_4_her_pragmatic_loyalty_is_a_coalition_no_person_is_loyal_to():
    for seed in range(4):
        state = new_state(3, seed=seed)

        def each(s):
            if s.is_terminal():
                return
            mine = s.pragmatic_loyalty()
            assert mine in COALITIONS
            if s.turns() > 0 and s.current_ai_card() is not None:
                taken = {s.loyalty(p) for p in (1, 2)}
                order = s.current_ai_card()["pragmatic_loyalty"]
                assert mine == next(k for k in order if k not in taken)

        play_randomly(state, seed, each)


def test_wk_11_5_her_influence_counts_in_each_coalition():
    state = new_state(2, seed=10)
    assert state.wakhan_influence() == {"afghan": 1, "british": 1, "russian": 1}
    play_randomly(state, 10)
    influence = state.wakhan_influence()
    assert list(influence) == COALITIONS
    assert all(n >= 1 for n in influence.values())


def test_wk_1_2_no_query_names_the_ai_decks_order():
    """Two positions whose AI decks differ only below the top card answer every query alike:
    of the deck the table sees only the next card's back."""
    state = until_turn(new_state(2, seed=11), 3)
    snapshot = state.to_json()
    data = json.loads(snapshot)
    deck = find_ai_deck(data)
    assert deck is not None, snapshot[:400]
    n = deck["len"]
    assert n >= 3
    deck["deck"][1], deck["deck"][n - 1] = deck["deck"][n - 1], deck["deck"][1]
    other = state.from_json(json.dumps(data))
    assert other != state
    for query in (
        "current_ai_card",
        "next_ai_back",
        "arrows",
        "pragmatic_loyalty",
        "wakhan_influence",
        "ai_deck_size",
        "ai_discard_pile",
    ):
        assert getattr(other, query)() == getattr(state, query)(), query
    for seat in range(2):
        assert other.view(seat) == state.view(seat)
    assert str(other) == str(state)


def find_ai_deck(value):
    """The AI deck inside a snapshot, wherever the snapshot keeps it."""
    if isinstance(value, dict):
        if {"deck", "len", "discard", "current"} <= set(value):
            return value
        for inner in value.values():
            found = find_ai_deck(inner)
            if found is not None:
                return found
    elif isinstance(value, list):
        for inner in value:
            found = find_ai_deck(inner)
            if found is not None:
                return found
    return None


# ----- the board -----------------------------------------------------------------------------


def test_wk_11_5_the_text_board_names_her_loyal_to_all_with_her_ai_card():
    state = until_turn(new_state(2, seed=12), 3)
    text = str(state)
    assert text.startswith("Pax Pamir against Wakhan, 2 players, ")
    assert f"  Wakhan loyal to all (pragmatic loyalty {state.pragmatic_loyalty().title()}): " in text
    card = state.current_ai_card()
    assert f"    AI card {card['number']} (WK-1.2): top {card['words'][0]}; " in text
    back = " ".join(str(n) for n in state.next_ai_back()["numbers"])
    assert f"numbers {back} (WK-1.2)" in text


def test_wk_10_the_picture_names_her_row_wakhan():
    state = until_turn(new_state(3, seed=13), 4)
    svg = state.to_svg()
    if svg is None:
        pytest.skip("the picture is not built in")
    assert 'id="player-Wakhan"' in svg and 'id="player-P1"' not in svg
    assert f">AI card {state.current_ai_card()['number']}: " in svg


# ----- snapshots -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_wk_1_2_snapshots_and_pickles_keep_her_and_her_ai_deck(players):
    state = until_turn(new_state(players, seed=14), 5)
    assert not state.is_terminal()
    restored = state.from_json(state.to_json())
    pickled = pickle.loads(pickle.dumps(state))
    copied = copy.deepcopy(state)
    for other in (restored, pickled, copied):
        assert other == state
        assert other.to_json() == state.to_json()
        assert other.wakhan_seat() == 0
        assert other.current_ai_card() == state.current_ai_card()
        assert other.next_ai_back() == state.next_ai_back()
        assert other.arrows() == state.arrows()
        assert other.ai_discard_pile() == state.ai_discard_pile()
        assert other.get_game().options["wakhan"] is True
        other.check_invariants()
    assert darbar.replay(state.replay_record()) == state
    # The copies play on exactly as the original: her turns draw the same AI cards.
    a, b = state.clone(), pickled
    play_randomly(a, 99)
    play_randomly(b, 99)
    assert a == b and a.log() == b.log() and a.winners() == b.winners()


def test_wk_9_the_game_options_list_every_wakhan_option():
    options = darbar.load_game("pax_pamir", players=2, wakhan=True).options
    assert options["wakhan"] is True
    assert options["wakhan_red_arrow_players"] == "impl_reading"
    assert options["wakhan_bribe_waiver"] == "ask"
    assert options["wakhan_move_target_count"] == "all_tribes"
    assert options["wakhan_ambition_check"] == "every_action"
    assert options["wakhan_tax_top_up"] is False
    assert options["wakhan_net_rupees_counts_backing"] is False
    assert options["wakhan_variant_steadfast_loyalty"] is False
    assert options["wakhan_hand_cards"] == "discard_at_cleanup"
    other = darbar.load_game(
        "pax_pamir",
        players=3,
        wakhan=True,
        wakhan_bribe_waiver="never",
        wakhan_ambition_check="turn_start",
    )
    assert other.options["wakhan_bribe_waiver"] == "never"
    assert other.options["wakhan_ambition_check"] == "turn_start"
    state = other.new_initial_state(seed=3)
    play_randomly(state, 3)
    assert state.is_terminal()
