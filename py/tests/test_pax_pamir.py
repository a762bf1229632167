"""Pax Pamir from Python: `load_game("pax_pamir")`, `PaxPamirGame` and `PaxPamirState`: the
game's own queries, checked against the seat views and the text board, hidden hands, whole
games, errors and batch runs (the API every game shares is in test_api.py). Sections `PP-x.y`
refer to the Pax Pamir rules specification."""

import copy
import json
import pickle
import random
import re
import warnings
import xml.etree.ElementTree as ElementTree

import pytest

import darbar

PLAYER_COUNTS = [2, 3, 4, 5]
REGIONS = ["persia", "transcaspia", "herat", "kabul", "kandahar", "punjab"]
BORDERS = [
    "persia-transcaspia",
    "persia-herat",
    "transcaspia-herat",
    "transcaspia-kabul",
    "herat-kabul",
    "herat-kandahar",
    "kabul-kandahar",
    "kabul-punjab",
    "kandahar-punjab",
]
COALITIONS = ["afghan", "british", "russian"]
SUITS = ["political", "intelligence", "economic", "military"]
SLOTS = [f"{row}-{col}" for col in range(6) for row in ("top", "bottom")]
ENDINGS = {"lead", "final_check"}


def new_state(seed=0, **options):
    return darbar.load_game("pax_pamir", **options).new_initial_state(seed=seed)


def play_randomly(state, seed, max_steps=None, each=None):
    """Every legal action equally likely, through the generic API; `each(state)` is called on
    every position reached, the first and the last included."""
    rng = random.Random(seed)
    steps = 0
    if each:
        each(state)
    while not state.is_terminal() and (max_steps is None or steps < max_steps):
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        if each:
            each(state)
    return steps


def to_actions(state):
    """Plays the loyalty choices (PP-4.6), so that the first turn's action step is next."""
    while state.phase() == "Loyalty":
        state.apply_action(state.legal_actions()[0])
    assert state.phase() == "Action"


def assert_refused(state, action, rule):
    before = state.clone()
    snapshot = state.to_json()
    with pytest.raises(darbar.IllegalActionError) as caught:
        state.apply_action(action)
    assert caught.value.rule == rule, caught.value
    assert caught.value.reason and (rule is None or rule in str(caught.value))
    assert state == before and state.to_json() == snapshot
    return caught.value


def assert_agrees_with_the_view(state):
    """Every query against what each seat sees: the table is open to all (PP-0.4), so every
    seat's view shows the same market, courts, map and scores."""
    n = state.get_game().num_players()
    for seat in range(n):
        view = state.view(seat)
        assert view["seat"] == seat
        assert view["favored_suit"].lower() == state.favored_suit()
        assert view["deck_size"] == state.deck_size()
        assert view["discard_pile"] == state.discard_pile()
        assert view["actions_left"] == state.actions_left()
        assert view["active"] == state.active_player()
        assert view["winners"] == (state.winners() if state.is_terminal() else None)
        market = state.market()
        assert [m["slot"] for m in market] == SLOTS
        assert [(m["slot"], m["card"], m["rupees"]) for m in market] == [
            (m["slot"], m["card"], m["rupees"]) for m in view["market"]
        ]
        for p, shown in enumerate(view["players"]):
            assert shown["name"] == f"P{p + 1}"
            assert shown["court"] == state.court(p)
            assert shown["prizes"] == state.prizes(p)
            assert shown["rupees"] == state.rupees(p)
            assert shown["vp"] == state.vp()[p]
            assert shown["influence"] == state.influence(p)
            assert (shown["loyalty"] or "").lower() == (state.loyalty(p) or "")
            assert shown["stars"] == [state.stars(p)[suit] for suit in SUITS]
            assert shown["hand_size"] == len(state.hand(p))
        regions = state.regions()
        assert list(regions) == REGIONS
        for shown, (name, region) in zip(view["regions"], regions.items()):
            assert shown["region"].lower() == name
            assert shown["tribes"] == region["tribes"]
            assert shown["armies"] == [region["armies"][k] for k in COALITIONS]
            assert shown["ruler"] == region["ruler"]
        roads = state.roads()
        assert list(roads) == BORDERS
        assert view["roads"] == [[roads[b][k] for k in COALITIONS] for b in BORDERS]
        assert view["blocks_on_map"] == [
            sum(r["armies"][k] for r in regions.values()) + sum(r[k] for r in roads.values())
            for k in COALITIONS
        ]


def assert_agrees_with_the_text_board(state):
    """The queries against the core's text board (`str(state)`), line by line."""
    text = str(state)
    header = text.splitlines()[0]
    assert f"favored suit {state.favored_suit().title()}" in header
    assert re.search(rf"deck {state.deck_size()} cards?\b", header)
    if state.turns() == 0:
        assert "chooses a loyalty" in header  # PP-4.6: setup
    else:
        assert f"turn {state.turns()}:" in header
        assert re.search(rf"\b{state.actions_left()} actions? left", header)
    for p in range(state.get_game().num_players()):
        loyalty = (state.loyalty(p) or "-").title()
        line = re.search(rf"^  P{p + 1} {loyalty}: (\d+) VP, (-?\d+) rupees?, influence (\d+)", text, re.M)
        assert line, (p, text)
        assert [int(x) for x in line.groups()] == [state.vp()[p], state.rupees(p), state.influence(p)]
    for name, ruler in state.rulers().items():
        line = re.search(rf"^  {name.title()}\s+(no ruler|ruled by P(\d))", text, re.M)
        assert line, (name, text)
        assert (None if ruler is None else f"ruled by P{ruler + 1}") == (
            None if line.group(1) == "no ruler" else line.group(1)
        )
    for slot in state.market():
        if slot["card"] is not None:
            rupees = f" +{slot['rupees']}" if slot["rupees"] else ""
            assert f"[#{slot['card']} {slot['name']}{rupees}]" in text


# ----- the game -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_pp_4_1_load_game_seats_2_to_5_players(players):
    game = darbar.load_game("pax_pamir", players=players)
    assert isinstance(game, darbar.PaxPamirGame) and isinstance(game, darbar.Game)
    assert game.name == "pax_pamir" and game.num_players() == players
    assert [game.seat_name(s) for s in range(players)] == [f"P{s + 1}" for s in range(players)]
    assert game.options["players"] == players and game.options["open_hands"] is False
    state = game.new_initial_state(seed=1)
    assert isinstance(state, darbar.PaxPamirState) and isinstance(state, darbar.State)
    assert state.options() == game.options
    assert len(state.vp()) == players and len(state.scores()) == players
    assert all(len(r["tribes"]) == players for r in state.regions().values())
    again = pickle.loads(pickle.dumps(game))
    assert again == game and type(again) is darbar.PaxPamirGame
    assert {"PaxPamirGame", "PaxPamirState"} <= set(darbar.__all__)


def test_pp_4_1_other_player_counts_and_unknown_options_are_refused():
    for players in [0, 1, 6]:
        with pytest.raises(ValueError, match="PP-4.1"):
            darbar.load_game("pax_pamir", players=players)
    with pytest.raises(ValueError, match="open_hands"):
        darbar.load_game("pax_pamir", open_hand=True)
    with pytest.raises((TypeError, ValueError)):
        darbar.load_game("pax_pamir", players="three")
    with pytest.raises(ValueError):
        darbar.load_game("pax_pamir", gift_order="most_expensive_first")
    game = darbar.load_game("pax_pamir", players=4, gift_order="cheapest_first")
    assert game.options["gift_order"] == "cheapest_first"
    assert repr(game) == "darbar.load_game('pax_pamir', gift_order='cheapest_first', players=4)"


def test_pp_3_cards_in_words_from_the_card_data():
    game = darbar.load_game("pax_pamir")
    court = game.card(1)
    assert isinstance(court, darbar.Card) and court.number == 1
    assert court.kind == "Court card" and court.title
    assert [name for name, _ in court.sides][0] == "card"
    assert "rank" in dict(court.sides)["card"]
    check = game.card(101)
    assert check.kind == "Dominance Check"
    assert [name for name, _ in check.sides] == ["discarded", "purchased"]
    assert game.card(105).kind == "Event"
    for number in [0, 117, -1, 2**40]:
        assert game.card(number) is None
    # The market names its cards as the card data does.
    for slot in new_state(3).market():
        if slot["card"] is not None:
            assert game.card(slot["card"]).title == slot["name"]


# ----- the start (PP-4) ---------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_pp_4_the_starting_position(players):
    state = new_state(5, players=players)
    assert state.phase() == "Loyalty" and state.turns() == 0
    assert state.favored_suit() == "political"  # PP-4.2
    market = state.market()
    assert all(m["card"] is not None and m["rupees"] == 0 for m in market)  # PP-4.4
    # PP-7.1.2: a card costs its column with Political favored; column 0 is free.
    assert [m["cost"] for m in market] == [int(m["slot"][-1]) for m in market]
    assert state.deck_size() + len(market) == 40 + 6 * players  # PP-4.3: 12 in the market
    for seat in range(players):
        assert state.loyalty(seat) is None and state.rupees(seat) == 4
        assert state.court(seat) == [] and state.hand(seat) == [] and state.prizes(seat) == []
        assert state.influence(seat) == 1 and state.stars(seat) == dict.fromkeys(SUITS, 0)
    assert state.vp() == [0] * players and state.winners() == [] and state.ending() is None
    assert state.rulers() == dict.fromkeys(REGIONS, None)
    assert all(r == dict.fromkeys(COALITIONS, 0) for r in state.roads().values())
    assert state.dominant_coalition() is None
    assert_agrees_with_the_view(state)
    assert_agrees_with_the_text_board(state)


def test_pp_4_6_the_loyalty_choice_reads_back():
    state = new_state(2)
    seat = state.current_player()
    assert [str(a) for a in state.legal_actions_typed()] == [f"loyalty {k}" for k in COALITIONS]
    state.apply_action("loyalty russian")
    assert state.loyalty(seat) == "russian"
    assert state.loyalty(f"P{seat + 1}") == "russian" and state.loyalty(f"p{seat + 1}") == "russian"


def test_seats_are_numbers_or_names_and_others_are_refused():
    state = new_state(1, players=2)
    assert state.rupees("P2") == state.rupees(1) == state.rupees("p2")
    for bad in [2, -1, "P3", "Afghan"]:
        with pytest.raises(ValueError):
            state.court(bad)
    with pytest.raises(TypeError):
        state.hand(True)
    with pytest.raises(TypeError):
        state.stars(1.0)


# ----- whole games --------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_pp_13_random_games_reach_their_end(players):
    for seed in range(3):
        state = new_state(seed, players=players)
        phases = set()
        steps = play_randomly(state, seed, each=lambda s: phases.add(s.phase()))
        assert steps == len(state.history()) > 0
        assert {"Loyalty", "Action", "GameOver"} <= phases
        assert state.is_terminal() and state.phase() == "GameOver"
        assert state.current_player() is None and state.legal_actions() == []
        state.check_invariants()
        winners = state.winners()
        assert winners and state.ending() in ENDINGS
        # Each winner gets 1, the others 0 (a shared win gives each sharer 1, PP-OQ-29).
        assert state.returns() == [1.0 if s in winners else 0.0 for s in range(players)]
        assert_agrees_with_the_view(state)
        assert_agrees_with_the_text_board(state)
        assert "game over: " + " and ".join(f"P{s + 1}" for s in winners) + " won" in str(state)
        assert f"({state.ending()})" in repr(state)


def test_pp_13_9_winners_lead_on_vp_then_military_stars_then_rupees():
    for seed in range(12):
        state = new_state(seed, players=2 + seed % 4)
        play_randomly(state, seed)
        scores = state.scores()
        keys = [(s["vp"], s["military_stars"], s["rupees"]) for s in scores]
        assert [s["vp"] for s in scores] == state.vp()
        assert [s["rupees"] for s in scores] == [state.rupees(p) for p in range(len(scores))]
        assert [s["military_stars"] for s in scores] == [
            state.stars(p)["military"] for p in range(len(scores))
        ]
        assert state.winners() == [p for p, key in enumerate(keys) if key == max(keys)]


def test_pp_13_8_a_game_ended_by_a_lead_has_a_winner_four_points_ahead():
    endings = set()
    for seed in range(16):
        state = new_state(seed)
        play_randomly(state, seed)
        endings.add(state.ending())
        if state.ending() == "lead":
            (winner,) = state.winners()
            vp = state.vp()
            assert all(vp[winner] >= vp[p] + 4 for p in range(3) if p != winner)
    assert endings == ENDINGS


def test_queries_agree_with_the_views_and_the_text_board_through_a_game():
    for players in PLAYER_COUNTS:
        checked = []

        def check(state):
            if len(state.history()) % 7 == 0 or state.is_terminal():
                assert_agrees_with_the_view(state)
                assert_agrees_with_the_text_board(state)
                checked.append(len(state.history()))

        play_randomly(new_state(players, players=players), players, each=check)
        assert len(checked) > 10


def test_pp_10_2_rulers_and_pp_13_2_dominance_read_from_the_map():
    seen_ruler = seen_dominant = False
    for seed in range(6):

        def check(state):
            nonlocal seen_ruler, seen_dominant
            regions = state.regions()
            assert state.rulers() == {name: r["ruler"] for name, r in regions.items()}
            for region in regions.values():
                if region["ruler"] is not None:
                    seen_ruler = True
                    assert region["tribes"][region["ruler"]] >= 1  # a ruler has a tribe there
            blocks = state.view(0)["blocks_on_map"]
            dominant = state.dominant_coalition()
            leaders = [k for k in range(3) if all(blocks[k] >= blocks[o] + 4 for o in range(3) if o != k)]
            if leaders:  # 4 more blocks than each other coalition always dominate
                assert dominant == COALITIONS[leaders[0]]
            if dominant is not None:  # and the margin is never below 2 (Conflict Fatigue)
                seen_dominant = True
                k = COALITIONS.index(dominant)
                assert all(blocks[k] >= blocks[o] + 2 for o in range(3) if o != k)

        play_randomly(new_state(seed), seed, each=check)
    assert seen_ruler and seen_dominant


def test_pp_7_1_2_the_market_cost_is_what_a_purchase_pays():
    bought = 0
    for seed in range(8):
        state = new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            actions = state.legal_actions_typed()
            action = rng.choice(actions)
            text = str(action)
            if text.startswith("buy ") and state.phase() == "Action":
                seat = state.active_player()
                slot = next(m for m in state.market() if m["slot"] == text[4:])
                rupees = state.rupees(seat)
                state.apply_action(action)
                # The cost leaves the buyer; the rupees on the card come to the buyer.
                if slot["card"] in state.hand(seat):
                    bought += 1
                    assert state.rupees(seat) == rupees - slot["cost"] + slot["rupees"]
                continue
            state.apply_action(action)
    assert bought > 20


# ----- hidden hands (PP-0.4) ----------------------------------------------------------------


def a_game_with_hands(seed=4, players=3, **options):
    """A position a little into a game where at least two seats hold cards in hand."""
    state = new_state(seed, players=players, **options)
    rng = random.Random(seed)
    while sum(bool(state.hand(p)) for p in range(players)) < 2 or state.phase() != "Action":
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_pp_0_4_a_seat_view_hides_the_other_hands():
    state = a_game_with_hands()
    for seat in range(3):
        view = state.view(seat)
        for p, shown in enumerate(view["players"]):
            assert shown["hand_size"] == len(state.hand(p))
            if p == seat:
                assert shown["hand"] == state.hand(p)
            else:
                assert shown["hand"] is None
    # The state itself is the whole position: its text board shows every hand.
    text = str(state)
    for p in range(3):
        for card in state.hand(p):
            assert f"#{card} " in text


def test_pp_0_4_open_hands_shows_every_hand():
    state = a_game_with_hands(open_hands=True)
    for seat in range(3):
        assert [p["hand"] for p in state.view(seat)["players"]] == [state.hand(p) for p in range(3)]


def test_pp_0_4_another_seats_hand_changes_nothing_a_seat_observes():
    np = pytest.importorskip("numpy")
    state = a_game_with_hands()
    holder = next(p for p in range(3) if state.hand(p) and p != state.current_player())
    snapshot = json.loads(state.to_json())
    position = snapshot["state"]
    hand = position["players"][holder]["hand"]
    # Swap a card of the holder's hand with a court card still in the (hidden) deck.
    card = hand[0]
    swap = next(c for c in position["deck"] if c <= 100)
    position["deck"] = [card if c == swap else c for c in position["deck"]]
    position["players"][holder]["hand"] = sorted([swap] + hand[1:])
    other = darbar.State.from_json(json.dumps(snapshot))
    assert isinstance(other, darbar.PaxPamirState)
    assert other.hand(holder) != state.hand(holder)
    for seat in range(3):
        same = seat != holder
        assert (other.view(seat) == state.view(seat)) is same
        assert np.array_equal(other.observation_tensor(seat), state.observation_tensor(seat)) is same


# ----- observations, copies, pickles --------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_observation_tensor_has_the_games_length(players):
    np = pytest.importorskip("numpy")
    game = darbar.load_game("pax_pamir", players=players)
    (length,) = game.observation_tensor_shape()
    layout = game.observation_tensor_layout()
    assert sum(size for _, size in layout.values()) == length > 0
    state = game.new_initial_state(seed=2)
    play_randomly(state, 2, max_steps=80)
    for seat in range(players):
        tensor = state.observation_tensor(seat)
        assert tensor.dtype == np.float32 and tensor.shape == (length,)
        assert np.isfinite(tensor).all()
    assert state.observation_tensor("P1").tolist() == state.observation_tensor(0).tolist()


def test_copies_and_pickles_keep_the_position_and_the_queries():
    state = new_state(9, players=4)
    play_randomly(state, 9, max_steps=120)
    again = [
        state.clone(),
        copy.copy(state),
        copy.deepcopy(state),
        pickle.loads(pickle.dumps(state)),
        darbar.PaxPamirState.from_json(state.to_json()),
    ]
    for twin in again:
        assert twin == state and type(twin) is darbar.PaxPamirState
        assert twin.market() == state.market() and twin.regions() == state.regions()
        assert [twin.hand(p) for p in range(4)] == [state.hand(p) for p in range(4)]
        assert repr(twin) == repr(state) and str(twin) == str(state)
    pickled = again[3]
    assert pickled.history() == state.history() and pickled.log() == state.log()
    assert darbar.replay(state.replay_record()) == state
    # Copies are independent.
    twin = again[0]
    twin.apply_action(twin.legal_actions()[-1])
    assert twin != state
    with pytest.raises(darbar.SnapshotError) as caught:
        darbar.RaidState.from_json(state.to_json())
    assert caught.value.kind == "wrong_game"


def test_pp_3_1_a_snapshot_with_a_card_in_two_places_is_refused():
    state = new_state(3)
    snapshot = json.loads(state.to_json())
    snapshot["state"]["market"][3] = snapshot["state"]["market"][2]  # one card twice
    with pytest.raises(darbar.SnapshotError) as caught:
        darbar.PaxPamirState.from_json(json.dumps(snapshot))
    assert caught.value.kind == "impossible" and caught.value.rule == "PP-3.1"


# ----- illegal actions ----------------------------------------------------------------------


def test_pp_4_6_only_a_loyalty_answers_the_loyalty_choice():
    state = new_state(6)
    assert state.phase() == "Loyalty"
    assert_refused(state, "buy top-1", "PP-4.6")
    assert_refused(state, "end", "PP-4.6")
    assert_refused(state, "dance a jig", None)


def test_pp_7_1_1_a_card_costing_more_than_the_rupees_held_is_refused():
    state = new_state(6)
    to_actions(state)
    seat = state.active_player()
    expensive = next(m for m in state.market() if m["cost"] > state.rupees(seat))
    error = assert_refused(state, f"buy {expensive['slot']}", "PP-7.1.1")
    assert f"costs {expensive['cost']} rupees" in str(error)


def test_pp_7_2_1_a_card_not_in_hand_cannot_be_played():
    state = new_state(6)
    to_actions(state)
    card = next(c for c in range(1, 101) if c not in state.hand(state.active_player()))
    assert_refused(state, f"play #{card} left", "PP-7.2.1")


def test_pp_8_1_1_a_card_not_in_court_cannot_act():
    state = new_state(6)
    to_actions(state)
    assert state.court(state.active_player()) == []
    assert_refused(state, "use #1 tax", "PP-8.1.1")


def test_pp_16_another_seats_decision_is_refused():
    state = new_state(6)
    seat = state.current_player()
    other = (seat + 1) % 3
    with pytest.raises(darbar.NotYourTurnError) as caught:
        state.apply_action_as(other, "loyalty afghan")
    assert caught.value.rule == "PP-16"
    assert (caught.value.expected, caught.value.actual) == (seat, other)


def test_pp_13_9_no_action_after_the_end():
    state = new_state(1)
    play_randomly(state, 1)
    assert_refused(state, "end", "PP-13.9")


# ----- pictures, phases, repr ---------------------------------------------------------------


def test_the_one_line_repr():
    state = new_state(7)
    line = repr(state)
    assert "\n" not in line
    assert line.startswith("<darbar.PaxPamirState seed=7 turn 0 | P")
    assert "to decide: choose a loyalty" in line and line.endswith("| VP P1 0 P2 0 P3 0>")


def test_the_picture_if_the_game_draws_one():
    state = new_state(4)
    play_randomly(state, 4, max_steps=60)
    svg = state.to_svg()
    if svg is None:
        pytest.skip("Pax Pamir draws no picture in this build")
    assert state._repr_svg_() == svg
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg") and root.get("viewBox")
    # The last action is named on the picture; the start of a game highlights nothing.
    last = state.history_typed()[-1]
    assert f"Last: {last}" in svg
    assert "Last: " not in new_state(4).to_svg()
    palette = darbar.palette(state)
    assert {"ink", "board", "highlight"} <= set(palette) and palette == darbar.palette("pax_pamir")
    if darbar.rasteriser() is not None:
        frame = darbar.svg_to_rgb(svg)
        assert frame.ndim == 3 and frame.shape[1:] == (900, 3)


# ----- batch runs and PettingZoo ------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5])
def test_play_games_reports_winners_points_and_endings(players):
    game = darbar.load_game("pax_pamir", players=players)
    results = darbar.play_games(game, 6, seed=3, threads=2, records=True)
    assert results == darbar.play_games(game, 6, seed=3, threads=1, records=True)
    assert [r["seed"] for r in results] == list(range(3, 9))
    for result in results:
        assert result["ending"] in ENDINGS and result["turns"] > 0 and result["length"] > 0
        assert len(result["victory_points"]) == players
        assert result["returns"] == [1.0 if s in result["winners"] else 0.0 for s in range(players)]
        replayed = darbar.replay(result["record"])
        assert isinstance(replayed, darbar.PaxPamirState)
        assert replayed.winners() == result["winners"]
        assert replayed.vp() == result["victory_points"]
        assert replayed.ending() == result["ending"] and replayed.turns() == result["turns"]
        assert len(replayed.history()) == result["length"]
    per_seat = darbar.play_games(game, 2, bots=["random"] * players, seed=0)
    assert len(per_seat) == 2
    with pytest.raises(ValueError, match="bots"):
        darbar.play_games(game, 1, bots=["random"] * (players + 1))


@pytest.mark.parametrize("players", [2, 5])
def test_pettingzoo_api_test_of_pax_pamir(players):
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    from pettingzoo.test import api_test

    import darbar.pettingzoo

    env = darbar.pettingzoo.env("pax_pamir", players=players)
    assert env.possible_agents == [f"P{s + 1}" for s in range(players)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=500)
