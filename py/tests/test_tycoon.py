"""Tycoon: India 1981 from Python: `load_game("tycoon")`, `TycoonGame` and `TycoonState`: the
game's own queries, checked against the seat views at every step; what the screens hide
(TI-2.6) and the sealed bids (TI-21.19); the automa seats, which never decide (TC-16.1,
TC-16.2); the TI-16 scores and winners; a user's own content (TC-19); errors, snapshots and
batch runs (the API every game shares is in test_api.py). Sections `TI-x.y` refer to the
Tycoon rules specification, `TC-x.y` to darbar's default content."""

import json
import pickle
import random
import re
import shutil
from pathlib import Path

import pytest

import darbar

LABEL = "darbar default content (original, not the published components)"
COLOURS = ["Red", "Blue", "Green", "Yellow"]
SECTORS = ["FIN", "MIN", "AGR", "FUE", "POW", "TRA"]
REGIONS = ["N", "E", "S", "W"]
CONTENT_DIR = Path(__file__).resolve().parents[2] / "core/src/games/tycoon/content/data"


def new_state(seed=0, **options):
    return darbar.load_game("tycoon", **options).new_initial_state(seed=seed)


def play_randomly(state, seed, each=None, max_steps=20_000):
    """Every legal action equally likely until the end; `each(state)` on every position
    reached, the first and the last included."""
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


def thrifty(state, rng):
    """A random choice that never asks for a voluntary emergency loan (TI-9) unless it is the
    only one: random games then keep some money, so the scores mean something."""
    legal = [a for a in state.legal_actions_typed() if str(a) != "emergency-loan"]
    return rng.choice(legal or state.legal_actions_typed())


def play_thrifty(state, seed, each=None):
    rng = random.Random(seed)
    if each:
        each(state)
    while not state.is_terminal():
        state.apply_action(thrifty(state, rng))
        if each:
            each(state)


def assert_agrees_with_the_views(state):
    """Every query against what each seat sees: the table is open to all (TI-2.6), money and
    promoters only to their seat (and an automa's to all, TC-16.2), merit cards and agendas
    only to their seat."""
    n = state.get_game().num_players()
    automas = state.automa_seats()
    city_map = state.map()
    displays = state.displays()
    for seat in range(n):
        view = state.view(seat)
        assert view["seat"] == seat
        assert view["content"] == state.content_label() == LABEL
        assert view["round"] == state.round()
        assert view["phase"] == state.round_phase()
        assert view["tycoon"] == state.tycoon()
        assert view["region"] == state.region()
        assert view["headline"] == state.headline()
        assert view["industry_display"] == displays["industries"]
        assert view["policy_display"] == displays["policies"]
        assert [c["id"] for c in view["cities"]] == list(city_map)
        for city in view["cities"]:
            mine = city_map[city["id"]]
            assert (city["region"], city["owner"], city["industry"]) == (
                mine["region"],
                mine["owner"],
                mine["industry"],
            )
        for k, shown in enumerate(view["seats"]):
            assert shown["name"] == COLOURS[k]
            assert shown["pool"] == state.pool(k)
            assert shown["support"] == state.support(k)
            assert shown["influence"] == state.influence(k)
            assert shown["levels"] == [state.tracks(k)[s] for s in SECTORS]
            assert shown["reserve"] == state.reserve(k)
            assert shown["industries"] == state.industries(k)
            assert shown["policies"] == state.policies(k)
            assert shown["notes"] == state.notes(k)
            assert shown["plus1"] == state.plus1(k)
            assert shown["merit_count"] == len(state.merits(k))
            shares = state.shares(k)
            assert shown["shares_left"] == shares["left"]
            assert shown["next_share"] == shares["next_price"]
            assert {COLOURS[o]: shown["held"][o] for o in range(n) if o != k} == shares["held"]
            assert shown["automa"] == state.difficulty(k)
            card = state.automa_card(k)
            assert shown["automa_card"] == (card["id"] if card else None)
            # TI-2.6: behind the screen, but an automa's supply is open (TC-16.2).
            if k == seat or k in automas:
                assert shown["money"] == state.money(k)
                assert shown["promoters"] == state.promoters(k)
            else:
                assert shown["money"] is None and shown["promoters"] is None
            # TI-2.6: merit cards and the agenda are hidden from the others.
            if k == seat:
                assert shown["merits"] == state.merits(k)
                assert shown["agenda"] == state.agenda(k)
            else:
                assert shown["merits"] is None and shown["agenda"] is None


# ----- the game -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players,automas", [(1, 2), (2, 1), (3, 0), (4, 0)], ids=["1p", "2p", "3p", "4p"]
)
def test_tc_16_1_load_game_seats_people_then_automas(players, automas):
    game = darbar.load_game("tycoon", players=players)
    assert isinstance(game, darbar.TycoonGame) and isinstance(game, darbar.Game)
    assert game.name == "tycoon" and game.num_players() == players + automas
    names = [game.seat_name(s) for s in range(game.num_players())]
    assert names == COLOURS[:players] + [f"{c} (automa)" for c in COLOURS[players:players + automas]]
    assert game.options["players"] == players and game.options["automas"] is None
    assert game.content_label == LABEL and game.content is None
    state = game.new_initial_state(seed=1)
    assert isinstance(state, darbar.TycoonState) and isinstance(state, darbar.State)
    assert state.options() == game.options
    assert state.automa_seats() == list(range(players, players + automas))
    for seat in range(game.num_players()):
        expected = "normal" if seat >= players else None
        assert state.difficulty(seat) == expected
    assert state.round() == 0 and state.round_phase() == "setup"
    again = pickle.loads(pickle.dumps(game))
    assert again == game and type(again) is darbar.TycoonGame
    assert {"TycoonGame", "TycoonState"} <= set(darbar.__all__)


def test_tc_16_1_two_people_with_two_automas_make_four_seats():
    game = darbar.load_game("tycoon", players=2, automas=2, automa_levels=["easy", "hard"])
    assert game.num_players() == 4
    state = game.new_initial_state(seed=2)
    assert state.automa_seats() == [2, 3]
    assert [state.difficulty(s) for s in range(4)] == [None, None, "easy", "hard"]
    assert game.options["automa_levels"] == ["easy", "hard", "normal", "normal"]
    assert repr(game) == (
        "darbar.load_game('tycoon', automa_levels=['easy', 'hard', 'normal', 'normal'], "
        "automas=2, players=2)"
    )


def test_tc_16_1_one_difficulty_for_every_automa():
    state = new_state(4, players=1, automa_levels="hard")
    assert [state.difficulty(s) for s in state.automa_seats()] == ["hard", "hard"]


@pytest.mark.parametrize(
    "options",
    [
        {"players": 0},  # no seat at all
        {"players": 5},
        {"players": 1, "automas": 0},  # 1 seat
        {"players": 2, "automas": 0},  # 2 seats: both would win every auction (TC-16.1)
        {"players": 4, "automas": 1},  # 5 seats
        {"players": 1, "automas": 4},
    ],
)
def test_tc_16_1_a_game_has_3_or_4_seats_and_at_most_4_people(options):
    with pytest.raises(ValueError, match="seat"):
        darbar.load_game("tycoon", **options)


def test_unknown_options_and_bad_values_are_refused():
    with pytest.raises(ValueError, match="headline"):
        darbar.load_game("tycoon", headlines=True)
    with pytest.raises((TypeError, ValueError)):
        darbar.load_game("tycoon", players="four")
    with pytest.raises(ValueError, match="impossible|unknown|variant|expected"):
        darbar.load_game("tycoon", players=1, automa_levels="brutal")
    with pytest.raises(ValueError, match="at most 4"):
        darbar.load_game("tycoon", players=1, automa_levels=["easy"] * 5)
    with pytest.raises(ValueError, match="content"):
        darbar.load_game("tycoon", content=3)


def test_tc_7_industry_cards_in_words_from_the_content():
    game = darbar.load_game("tycoon")
    refinery = game.industry("I1-09")
    assert refinery["id"] == "I1-09" and refinery["era"] == 1
    assert refinery["sector"] in SECTORS and all(s in SECTORS for s in refinery["cost_icons"])
    assert refinery["asset_value"] % 10 == 0  # TC-19: AV a multiple of 10
    assert "FIN" not in refinery["cost_icons"]  # TC-19: no Finance cost icon
    assert game.industry(" I1-09 ") == refinery
    for bad in ["I9-99", "", "nasik"]:
        assert game.industry(bad) is None
    # The displays name their cards as the content does.
    state = game.new_initial_state(seed=5)
    for slot in state.displays()["industries"]:
        assert game.industry(slot["id"])["id"] == slot["id"]


# ----- seats and queries --------------------------------------------------------------------


def test_seats_by_number_or_colour_in_any_case():
    state = new_state(3, players=1)
    assert state.money("Red") == state.money("red") == state.money(0)
    assert state.money("Blue") == state.money("blue (automa)") == state.money(1)
    assert state.tracks("GREEN") == state.tracks(2)
    for bad in ["Yellow", "Purple", 3, -1, 2**70]:
        with pytest.raises(ValueError):
            state.money(bad)
    with pytest.raises(TypeError):
        state.money(True)
    with pytest.raises(TypeError):
        state.money(1.5)


def test_ti_3_the_starting_table():
    state = new_state(11)
    # TI-2.5: a full stack of 9 shares, the lowest (30 Cr) on top; TI-1.2: 9 factories.
    for seat in range(4):
        assert state.shares(seat) == {
            "held": {c: 0 for c in COLOURS if c != COLOURS[seat]},
            "left": 9,
            "next_price": 30,
        }
        assert state.notes(seat) == 0 and state.industries(seat) == []
        assert set(state.tracks(seat)) == set(SECTORS)
        assert all(level == 0 for level in state.tracks(seat).values())
    assert state.region() is None and state.headline() is None
    assert state.winners() == [] and state.category_winners() is None
    city_map = state.map()
    assert len(city_map) == 32  # TC-2.2
    assert {c["region"] for c in city_map.values()} == set(REGIONS)
    assert all(c["owner"] is None and c["industry"] is None for c in city_map.values())
    assert state.leaders() == {s: None for s in SECTORS}  # the Government leads (TI-2.3)


@pytest.mark.parametrize("players,seed", [(4, 0), (1, 1), (2, 2)])
def test_ti_2_6_the_queries_agree_with_every_view_through_a_whole_game(players, seed):
    state = new_state(seed, players=players)
    play_thrifty(state, seed, each=assert_agrees_with_the_views)
    assert state.is_terminal()


def test_ti_2_6_another_persons_money_and_promoters_stay_behind_the_screen():
    state = new_state(6)
    rng = random.Random(6)
    while state.round() < 2:
        state.apply_action(thrifty(state, rng))
    for seat in range(4):
        seats = state.view(seat)["seats"]
        assert [s["money"] is None for s in seats] == [k != seat for k in range(4)]
        assert seats[seat]["money"] == state.money(seat)
        assert [s["promoters"] is None for s in seats] == [k != seat for k in range(4)]


def test_tc_16_2_an_automas_supply_and_card_are_open_to_all():
    state = new_state(8, players=1)
    rng = random.Random(8)
    while state.round() < 1 or state.round_phase() == "headline":
        state.apply_action(thrifty(state, rng))
    for automa in state.automa_seats():
        card = state.automa_card(automa)
        assert card is not None and re.fullmatch(r"A[ENH]-\d\d", card["id"])
        assert card["difficulty"] == "normal" and card["id"].startswith("AN-")
        assert len(card["plan"]) == 3
        assert card["focus_sector"] in SECTORS and card["focus_region"] in REGIONS
        assert card["shares"] in ("lead", "cheap")
        seen = state.view(0)["seats"][automa]
        assert seen["money"] == state.money(automa) and seen["automa_card"] == card["id"]
        assert state.merits(automa) == []  # TC-16.2 (2): an automa never holds merit cards
    assert state.automa_card(0) is None


# ----- the automa seats never decide --------------------------------------------------------


@pytest.mark.parametrize("players,seed", [(1, 0), (1, 1), (2, 2), (2, 3)])
def test_tc_16_2_random_people_play_whole_games_and_no_automa_ever_decides(players, seed):
    state = new_state(seed, players=players)
    automas = set(state.automa_seats())
    assert automas

    def each(s):
        if not s.is_terminal():
            assert s.current_player() not in automas, s
            assert s.current_player() in range(players)

    play_randomly(state, seed, each)
    assert state.is_terminal() and state.phase() == "GameOver"
    assert state.round() == 8 and state.round_phase() == "game_end"


# ----- sealed bids (TI-21.19) ---------------------------------------------------------------


def to_a_policy_bid(state, rng, promoters_at_least=1):
    """Plays on until the seat deciding a sealed policy bid (TI-6.2) has promoters to bid."""
    while not state.is_terminal():
        seat = state.current_player()
        if state.phase() == "PolicyBid" and state.promoters(seat) >= promoters_at_least:
            return seat
        state.apply_action(thrifty(state, rng))
    pytest.fail("no policy bid with promoters")


def test_ti_21_19_a_sealed_bid_shows_only_that_it_was_made_until_the_reveal():
    state = new_state(9)
    rng = random.Random(9)
    bidder = to_a_policy_bid(state, rng)
    amount = state.promoters(bidder)
    log_before = len(state.log())
    state.apply_action(f"policy-bid {amount}")
    said = state.log()[log_before:]
    # The public log says a bid was made, never its amount.
    assert any("sealed bid" in line for line in said), said
    assert not any(re.search(r"\d", line) for line in said if "revealed" not in line), said
    if state.phase() == "PolicyBid":
        # Still collecting: the next seat sees that the bidder answered, not the amount,
        # and the bidder's promoters stay behind its screen (TI-2.6).
        other = state.current_player()
        assert other != bidder
        shown = state.view(other)["seats"][bidder]
        assert shown["has_bid"] is True and shown["promoters"] is None
        assert str(amount) not in json.dumps(
            {k: v for k, v in shown.items() if k in ("has_bid", "money", "promoters")}
        )
        assert not state.view(other)["seats"][other]["has_bid"]


def test_ti_21_19_the_reveal_names_every_bid_at_once():
    state = new_state(12)
    rng = random.Random(12)
    to_a_policy_bid(state, rng)
    log_before = len(state.log())
    while state.phase() == "PolicyBid":
        state.apply_action(thrifty(state, rng))
    revealed = [line for line in state.log()[log_before:] if "Bids revealed" in line]
    assert len(revealed) == 1 and "TI-6.2" in revealed[0]
    # Once revealed, nobody's view is still collecting.
    assert not any(s["has_bid"] for s in state.view(0)["seats"])


# ----- the end and the scores (TI-16) ---------------------------------------------------------


def assert_scores_add_up(state):
    """TI-16.2, TI-16.3 and TI-16.5 term by term, on the figures the state shows."""
    for seat, score in enumerate(state.scores()):
        notes = state.notes(seat)
        assert score["asset_value"] == (
            score["industry_av"] + score["share_av"] + score["track_av"] + score["merit_av"] - 50 * notes
        )
        assert score["influence"] == (
            state.influence(seat) + score["plan_influence"] + score["policy_influence"] - 7 * notes
        )
        assert score["support"] == (
            state.support(seat) + score["favour_support"] + score["policy_support"] + score["agenda_support"]
        )
        assert score["merit_av"] >= 0 and score["industry_av"] % 10 == 0


@pytest.mark.parametrize("players,seed", [(4, 4), (3, 5), (1, 6), (2, 7)])
def test_ti_16_the_scores_and_the_winners(players, seed):
    state = new_state(seed, players=players)
    play_thrifty(state, seed)
    assert_scores_add_up(state)
    scores = state.scores()
    categories = state.category_winners()
    order = state.influence_order()
    av = [s["asset_value"] for s in scores]
    inf = [s["influence"] for s in scores]
    # TI-16.2: the highest AV, then the higher IndustryAV, then influence order.
    best_av = max(range(len(scores)), key=lambda s: (av[s], scores[s]["industry_av"], -order.index(s)))
    assert categories["asset"] == best_av
    # TI-16.3: the highest INF, then influence order on the track.
    assert categories["influence"] == max(range(len(scores)), key=lambda s: (inf[s], -order.index(s)))
    # TI-16.4: one seat both, or the higher SUP of the two, or both share the victory.
    a, i = categories["asset"], categories["influence"]
    if a == i:
        assert state.winners() == [a]
    elif scores[a]["support"] != scores[i]["support"]:
        assert state.winners() == [max((a, i), key=lambda s: scores[s]["support"])]
    else:
        assert state.winners() == sorted((a, i))
    assert state.returns() == [1.0 if s in state.winners() else 0.0 for s in range(len(scores))]
    assert "TI-16.4" in state.log()[-1]
    assert re.search(r"<darbar\.TycoonState seed=\d+ round 8 game_end \| game over, won by ", repr(state))


def test_ti_16_2_the_scores_add_up_while_the_game_goes_on_too():
    state = new_state(13)
    rng = random.Random(13)
    while state.round() < 4:
        state.apply_action(thrifty(state, rng))
        assert_scores_add_up(state)
    assert state.winners() == [] and state.category_winners() is None


def test_round_figures_are_noted_at_every_round_start_and_at_the_end():
    state = new_state(14, players=1)
    assert state.round_figures() == []
    play_thrifty(state, 14)
    figures = state.round_figures()
    assert [f["round"] for f in figures] == list(range(1, 9))
    for f in figures:
        assert len(f["money"]) == len(f["asset_value"]) == len(f["influence"]) == 3
    assert figures[-1]["asset_value"] == [s["asset_value"] for s in state.scores()]
    assert figures[-1]["money"] == [state.money(s) for s in range(3)]


# ----- decisions, errors, snapshots -----------------------------------------------------------


def test_phase_names_the_decision_and_round_phase_the_round():
    state = new_state(15)
    assert state.phase() == "StartInfluence"  # TI-3 step 13
    assert re.fullmatch(
        r"<darbar\.TycoonState seed=15 round 0 setup \| \w+ to decide: starting influence \| Tycoon \w+>",
        repr(state),
    )
    phases, round_phases = set(), []
    rng = random.Random(15)
    while not state.is_terminal():
        phases.add(state.phase())
        if not round_phases or round_phases[-1] != state.round_phase():
            round_phases.append(state.round_phase())
        state.apply_action(thrifty(state, rng))
    assert {"StartInfluence", "StartPolicy", "Agenda", "Region", "PolicyBid", "IndustryBid", "Turn"} <= phases
    # TI-4.1: every round runs region, events, auction and actions, in that order.
    first_round = round_phases[round_phases.index("region"):][:4]
    assert first_round == ["region", "events", "auction", "actions"]
    assert round_phases[-1] == "game_end"


def test_an_illegal_action_is_refused_with_its_rule_and_changes_nothing():
    state = new_state(16)
    before = state.clone()
    snapshot = state.to_json()
    with pytest.raises(darbar.IllegalActionError) as caught:
        state.apply_action("pass")
    assert caught.value.rule == "TI-3" and "TI-3" in str(caught.value)
    assert state == before and state.to_json() == snapshot


def test_snapshots_and_pickles_keep_the_class_and_the_position():
    state = new_state(17, players=2)
    rng = random.Random(17)
    for _ in range(80):
        state.apply_action(thrifty(state, rng))
    again = darbar.State.from_json(state.to_json())
    assert isinstance(again, darbar.TycoonState) and again == state
    assert again.scores() == state.scores() and again.map() == state.map()
    copied = pickle.loads(pickle.dumps(state))
    assert type(copied) is darbar.TycoonState and copied == state
    assert darbar.replay(state.replay_record()) == state


# ----- content (TC-19) ------------------------------------------------------------------------


def own_content(tmp_path, label="My house content", rename=None):
    """A copy of the default content with another label (and an industry renamed)."""
    folder = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, folder)
    for path in folder.glob("*.json"):
        data = json.loads(path.read_text())
        data["content"] = "my-house"
        data["label"] = label
        if rename and "industries" in data:
            for card in data["industries"]:
                if card["id"] == rename[0]:
                    card["name"] = rename[1]
        path.write_text(json.dumps(data))
    return folder


def test_tc_19_a_users_own_content_loads_from_a_folder_with_its_label(tmp_path):
    folder = own_content(tmp_path, rename=("I1-09", "Koyali Works"))
    game = darbar.load_game("tycoon", content=str(folder))
    assert game.content == str(folder) and game.content_label == "My house content"
    assert "content" not in game.options
    assert game.industry("I1-09")["name"] == "Koyali Works"
    state = game.new_initial_state(seed=3)
    assert state.content_label() == "My house content"
    assert state.view(0)["content"] == "My house content"
    again = pickle.loads(pickle.dumps(game))
    assert again == game and again.content_label == "My house content"
    assert game != darbar.load_game("tycoon")
    assert darbar.load_game("tycoon").industry("I1-09")["name"] != "Koyali Works"


def test_tc_19_a_broken_content_folder_is_refused_naming_the_file(tmp_path):
    folder = own_content(tmp_path)
    (folder / "industries.json").write_text("{ not json")
    with pytest.raises(ValueError, match="industries.json"):
        darbar.load_game("tycoon", content=str(folder))
    with pytest.raises(ValueError, match="map.json"):
        darbar.load_game("tycoon", content=str(tmp_path / "nowhere"))


def test_tc_19_a_snapshot_names_its_own_content_and_restores_only_with_it(tmp_path):
    """A game on one's own content restores with that content, never silently with the
    default one: without ``content=`` the error names the option to pass."""
    folder = own_content(tmp_path)
    game = darbar.load_game("tycoon", content=str(folder))
    state = game.new_initial_state(seed=3)
    rng = random.Random(3)
    for _ in range(10):
        state.apply_action(rng.choice(state.legal_actions()))
    text = state.to_json()
    assert '"deck"' in text
    with pytest.raises(darbar.SnapshotError, match="content=") as refused:
        darbar.TycoonState.from_json(text)
    assert refused.value.kind == "other_deck"
    again = darbar.TycoonState.from_json(text, content=str(folder))
    assert again == state and again.legal_actions() == state.legal_actions()
    # And a snapshot of the default content is refused by rules on one's own.
    plain = darbar.load_game("tycoon").new_initial_state(seed=3).to_json()
    with pytest.raises(darbar.SnapshotError, match="without `content`"):
        darbar.TycoonState.from_json(plain, content=str(folder))
    # A pickle carries its content too.
    assert pickle.loads(pickle.dumps(state)) == state


def faulty_folders():
    """Edits of one's own content that break one check each (TC-19, TI-1.5, TC-0.1): the file
    and field the error must name."""

    def number(data):
        data["industries"][8]["asset_value"] = 2_147_483_650

    def missing(data):
        del data["industries"][8]["income"]

    def wrong_type(data):
        data["industries"][8]["income"] = "ten"

    def unknown(data):
        data["industries"][8]["colour"] = "red"

    def too_many(data):
        data["agendas"] += [dict(data["agendas"][0], id=f"CA-x{i}") for i in range(256)]

    return [
        ("industries.json", "asset_value", number),
        ("industries.json", "income", missing),
        ("industries.json", "income", wrong_type),
        ("industries.json", "colour", unknown),
        ("agendas.json", "agendas", too_many),
    ]


@pytest.mark.parametrize("file, field, edit", faulty_folders())
def test_tc_19_a_faulty_content_folder_raises_content_error_naming_file_and_field(
    tmp_path, file, field, edit
):
    folder = own_content(tmp_path)
    path = folder / file
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))
    with pytest.raises(darbar.ContentError) as raised:
        darbar.load_game("tycoon", content=str(folder))
    error = raised.value
    assert isinstance(error, ValueError) and isinstance(error, darbar.DarbarError)
    assert error.game == "tycoon"
    assert file in str(error) and field in str(error), str(error)


# ----- batch runs -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 4])
def test_play_games_reports_winners_and_the_ti_16_figures(players):
    game = darbar.load_game("tycoon", players=players)
    seats = game.num_players()
    results = darbar.play_games(game, 4, seed=3, threads=2, records=True)
    assert results == darbar.play_games(game, 4, seed=3, threads=1, records=True)
    for result in results:
        assert result["returns"] == [1.0 if s in result["winners"] else 0.0 for s in range(seats)]
        assert result["asset_winner"] in range(seats) and result["influence_winner"] in range(seats)
        assert len(result["asset_value"]) == len(result["influence"]) == len(result["support"]) == seats
        replayed = darbar.replay(result["record"])
        assert isinstance(replayed, darbar.TycoonState)
        assert replayed.winners() == result["winners"]
        assert [s["asset_value"] for s in replayed.scores()] == result["asset_value"]
        assert [s["support"] for s in replayed.scores()] == result["support"]
