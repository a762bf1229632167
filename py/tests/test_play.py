"""Playing whole games from Python: Event cards from the Lua deck (§2.3.4), terminal
returns and Victory Points, views, replays against Rust, decks and card scripts, and the batch
runner's Vijayanagara figures; resampling, the bots and the arena (darbar.bots,
darbar.evaluate); the API every game shares is in test_api.py."""

import json
import pickle
import random
import shutil
import threading
import time
from pathlib import Path

import pytest

import darbar

DECK = Path(__file__).resolve().parents[2] / "lua" / "cards" / "vijayanagara"


def play_randomly(state, seed, max_steps=None):
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal() and (max_steps is None or steps < max_steps):
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def until_event_choice(seed):
    """A state waiting for a choice inside an Event card: random play that always takes the
    Event option and an Event side when offered."""
    state = darbar.load_game("vijayanagara").new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.phase() == "Event":
            return state
        typed = [str(a) for a in state.legal_actions_typed()]
        eager = [a for a in typed if a.startswith("event ") or a == "option Event or Command"]
        plain = [a for a in typed if a != "give…"]
        state.apply_action(rng.choice(eager or plain))
    return None


def test_games_play_the_event_cards_by_default():
    game = darbar.load_game("vijayanagara")
    assert game.events and game.deck is None
    state = game.new_initial_state(seed=7)
    play_randomly(state, 7)
    assert state.is_terminal()
    assert any(" carries out Event " in line for line in state.log())


def test_without_events_no_event_is_offered():
    game = darbar.load_game("vijayanagara", events=False)
    assert repr(game) == "darbar.load_game('vijayanagara', events=False)"
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        assert not any(str(a).startswith("event ") for a in state.legal_actions_typed())
        state.apply_action(random.Random(len(state.history_typed())).choice(state.legal_actions()))


def test_a_choice_inside_an_event_names_its_chooser_and_prompt():
    state = next(s for s in map(until_event_choice, range(40)) if s is not None)
    assert state.phase() == "Event"
    assert state.prompt()
    view = state.view(state.current_player())
    assert view["is_my_turn"] and view["prompt"] == state.prompt()
    assert view["legal_actions"] == state.legal_actions_typed()
    other = (state.current_player() + 1) % 3
    assert state.view(other)["legal_actions"] == []
    # The game can be saved while the card waits, and goes on identically.
    restored = darbar.State.from_json(state.to_json())
    assert restored == state
    first = state.legal_actions()[0]
    state.apply_action(first)
    restored.apply_action(first)
    assert restored == state


def test_terminal_returns_and_final_victory_points_5_0():
    state = darbar.load_game("vijayanagara").new_initial_state(seed=3)
    assert not state.is_terminal() and state.returns() == [0.0, 0.0, 0.0]
    play_randomly(state, 3)
    assert state.is_terminal() and state.phase() == "GameOver"
    assert state.current_player() is None and state.legal_actions() == []
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0)
    best = max(state.victory_points_all())
    for seat, share in enumerate(returns):
        if share > 0:
            assert state.victory_points_all()[seat] == best


def test_a_replay_with_an_illegal_action_names_it():
    import json

    state = darbar.load_game("vijayanagara").new_initial_state(seed=2)
    record = json.loads(state.replay_record())
    # At the start no Influence slot is owed a refill (§1.9): a TurnOption decision (§2.3.3).
    record["actions"] = [{"Refill": "Available"}]
    with pytest.raises(darbar.IllegalActionError) as caught:
        darbar.replay(record)
    assert caught.value.rule == "2.3.3"


def test_play_random_games_reports_winners_victory_points_and_events():
    game = darbar.load_game("vijayanagara")
    for result in darbar.play_random_games(game, 4, seed=10, threads=2):
        assert result["length"] > 50 and result["winners"]
        assert len(result["victory_points"]) == 3
        assert result["events"] >= 0
        assert [result["returns"][w] > 0 for w in result["winners"]] == [True] * len(
            result["winners"]
        )


def test_a_deck_directory_of_ones_own(tmp_path):
    deck = tmp_path / "cards"
    shutil.copytree(DECK, deck)
    game = darbar.load_game("vijayanagara", deck=str(deck))
    assert game.deck == str(deck)
    state = game.new_initial_state(seed=1)
    play_randomly(state, 1)
    assert state.is_terminal()
    assert darbar.State.from_json(state.to_json(), deck=str(deck)) == state


def test_a_broken_deck_is_a_script_error_naming_the_file(tmp_path):
    deck = tmp_path / "cards"
    shutil.copytree(DECK, deck)
    (deck / "23.lua").unlink()
    with pytest.raises(darbar.ScriptError) as caught:
        darbar.load_game("vijayanagara", deck=str(deck))
    assert "no card 23" in str(caught.value)
    broken = deck / "05.lua"
    shutil.copy(DECK / "23.lua", deck / "23.lua")
    broken.write_text(broken.read_text().replace("return {", "return {{", 1))
    with pytest.raises(darbar.ScriptError) as caught:
        darbar.load_game("vijayanagara", deck=str(deck))
    assert caught.value.file == "05.lua" and caught.value.line is not None
    error = pickle.loads(pickle.dumps(caught.value))
    assert (error.file, error.line) == ("05.lua", caught.value.line)


def test_repr_is_one_informative_line():
    state = darbar.load_game("vijayanagara").new_initial_state(seed=7)
    text = repr(state)
    assert "\n" not in text
    assert text.startswith("<darbar.VijayanagaraState seed=7")
    assert "to decide" in text and "VP DS 18" in text


# ----- OpenSpiel-style numbers, masks and observations ------------------------------------------


def test_the_observation_tensor_has_its_documented_shape_and_setup_values_2_1():
    numpy = pytest.importorskip("numpy")
    game = darbar.load_game("vijayanagara")
    state = game.new_initial_state(seed=4)
    tensor = state.observation_tensor(0)
    assert tensor.dtype == numpy.float32 and list(tensor.shape) == game.observation_tensor_shape()
    # The space records come first, 14 numbers each, in map order: Delhi (the third space)
    # holds 4 Troops at setup (§2.1); then the player records, 15 each, Resources first.
    assert tensor[2 * 14] == 4
    assert tensor[210] == 12 and tensor[210 + 15] == 6 and tensor[210 + 30] == 7
    # Only the viewer differs between the players' observations.
    assert (tensor != state.observation_tensor(1)).sum() == 2



def test_the_svg_picture_parses_and_names_every_space():
    import xml.etree.ElementTree as ElementTree

    state = darbar.load_game("vijayanagara").new_initial_state(seed=9)
    play_randomly(state, 9, max_steps=150)
    svg = state._repr_svg_()
    assert svg == state.to_svg()
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg") and root.get("viewBox")
    text = " ".join(root.itertext())
    for space in state.spaces():
        assert space in text


def test_a_card_script_that_fails_is_a_script_error_and_changes_nothing(tmp_path):
    # §2.3.4: the Event's text is a Lua script; a broken one names its card and line.
    deck = tmp_path / "cards"
    shutil.copytree(DECK, deck)
    card = deck / "17.lua"
    lines = card.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("shaded = function(ctx)"))
    lines.insert(at + 1, '        error("the scribe dropped the seal")')
    card.write_text("\n".join(lines) + "\n")
    game = darbar.load_game("vijayanagara", deck=str(deck))
    state = next(
        s
        for s in (game.new_initial_state(seed=seed) for seed in range(2000))
        if s.current_card() == "Event 17"
    )
    state.apply_action("option Event or Command")
    before = state.clone()
    with pytest.raises(darbar.ScriptError) as caught:
        state.apply_action("event shaded")
    assert caught.value.card == 17
    assert caught.value.line == at + 2
    assert "the scribe dropped the seal" in caught.value.reason
    assert state == before
    state.apply_action("event unshaded")


def test_games_pickle_with_their_options_and_deck():
    game = darbar.load_game("vijayanagara", events=False, natural_six_always_misses=True)
    again = pickle.loads(pickle.dumps(game))
    assert again == game and repr(again) == repr(game)
    assert again.new_initial_state(seed=3) == game.new_initial_state(seed=3)


def test_a_python_replay_equals_the_rust_replay_of_the_same_record(tmp_path):
    # The command-line program replays the record in Rust and prints its final snapshot.
    import subprocess

    state = darbar.load_game("vijayanagara").new_initial_state(seed=21)
    play_randomly(state, 21)
    record = tmp_path / "game.json"
    record.write_text(state.replay_record())
    rust = subprocess.run(
        ["cargo", "run", "--quiet", "-p", "darbar-cli", "--", "replay", str(record), "--snapshot"],
        cwd=DECK.parents[2],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert darbar.replay(record.read_text()).to_json() + "\n" == rust
    assert state.to_json() + "\n" == rust


def test_the_observation_layout_names_contiguous_blocks():
    game = darbar.load_game("vijayanagara")
    layout = game.observation_tensor_layout()
    end = 0
    for name, (start, length) in layout.items():
        assert start == end, name
        end = start + length
    assert [end] == game.observation_tensor_shape()
    start, length = layout["players"]
    tensor = game.new_initial_state(seed=1).observation_tensor("BK")
    assert list(tensor[start : start + length : 15]) == [12, 6, 7]  # Resources (§2.1)


def test_play_games_plays_named_bots_and_reports_the_raid_ending_rg_10():
    game = darbar.load_game("raid")
    results = darbar.play_games(game, 3, bots="greedy", seed=5, threads=2, records=True)
    assert [r["seed"] for r in results] == [5, 6, 7]
    for r in results:
        # RG-10: every game ends one of three ways; ruling 26 ranks only an Empire's arrival.
        assert r["ending"] in ("death", "rebellion", "empire_arrives")
        assert (r["rank"] is not None) == (r["ending"] == "empire_arrives")
        state = darbar.replay(r["record"])
        assert state.is_terminal()
        assert state.returns() == r["returns"]
        assert state.turn() == r["day"]
        assert len(state.history()) == r["length"]
    # Seeded: the same call gives the same games.
    again = darbar.play_games(game, 3, bots="greedy", seed=5, threads=1, records=True)
    assert [r["record"] for r in again] == [r["record"] for r in results]


def test_play_games_takes_one_bot_per_seat_and_refuses_unknown_bots():
    game = darbar.load_game("vijayanagara", events=False)
    results = darbar.play_games(game, 2, bots=["random", "random", "random"], seed=1)
    assert all(len(r["returns"]) == 3 for r in results)
    with pytest.raises(ValueError, match='unknown bot "greedy": the bots are random, rollout, mcts, ismcts'):
        darbar.play_games(game, 1, bots="greedy")
    with pytest.raises(ValueError, match=r"one per seat \(3\), not 2"):
        darbar.play_games(game, 1, bots=["random", "random"])
    # The random bot is the default, as play_random_games plays.
    assert darbar.play_games(game, 2, seed=3) == darbar.play_random_games(game, 2, seed=3)


# ----- resampling, bots and the arena -------------------------------------------------------

needs_nim = pytest.mark.skipif(
    "nim" not in darbar.registered_games(), reason="the test games are not built"
)


def pax_pamir_in_play():
    """A three-seat Pax Pamir game some way in: cards bought, the deck's order hidden."""
    state = darbar.load_game("pax_pamir", players=3).new_initial_state(seed=2)
    play_randomly(state, seed=1, max_steps=30)
    assert not state.is_terminal()
    return state


def test_a_resample_keeps_what_the_seat_sees_and_draws_the_hidden_part_afresh():
    state = pax_pamir_in_play()
    resampled = [state.resample(0, seed) for seed in range(4)]
    for other in resampled:
        assert isinstance(other, darbar.PaxPamirState)
        assert other.view(0) == state.view(0)
        assert other.board(0) == state.board(0)
        assert other.history() == []
        other.check_invariants()
    # The deck is hidden from every seat: each resample draws its own, of the same size.
    decks = [json.loads(s.to_json())["state"]["deck"] for s in [state, *resampled]]
    assert len({len(deck) for deck in decks}) == 1
    assert len({tuple(deck) for deck in decks}) == len(decks)
    # The same seed gives the same position; a seat by name, too; pickles keep it.
    assert state.resample("P1", 3) == resampled[3]
    assert pickle.loads(pickle.dumps(resampled[0])) == resampled[0]
    with pytest.raises(ValueError, match="unknown seat"):
        state.resample(3, 0)


def test_action_seen_by_names_the_action_as_a_seat_saw_it():
    state = pax_pamir_in_play()
    action = state.legal_actions()[0]
    assert state.action_seen_by(action, 1) == action
    assert state.action_seen_by(state.action_to_string(action), "P3") == action
    with pytest.raises(darbar.IllegalActionError):
        state.action_seen_by(10**9, 0)


def test_the_bots_step_to_legal_actions_and_a_seed_chooses_alike():
    state = pax_pamir_in_play()
    game = state.get_game()
    bots = [
        darbar.bots.RandomBot(game, seed=1),
        darbar.bots.RolloutBot(game, seed=1, playouts=2),
        darbar.bots.MctsBot(game, seed=1, iterations=40, depth=30),
        darbar.bots.IsMctsBot("pax_pamir", seed=1, iterations=40, depth=30),
        darbar.bots.Bot.from_spec(game, "cheat-mcts:iterations=20:depth=10", seed=1),
    ]
    for bot in bots:
        assert isinstance(bot, darbar.bots.Bot)
        assert bot.game == "pax_pamir" and bot.seed == 1
        assert bot.step(state) in state.legal_actions()
        assert bot(state) in state.legal_actions()
    assert [b.spec for b in bots[:4]] == [
        "random",
        "rollout:playouts=2",
        "mcts:iterations=40:depth=30",
        "ismcts:iterations=40:depth=30",
    ]
    assert repr(bots[2]) == "<darbar.bots.MctsBot pax_pamir 'mcts:iterations=40:depth=30' seed=1>"
    # Bots seeded alike choose alike, whatever the state's hidden part.
    for seed in range(3):
        one = darbar.bots.MctsBot(game, seed=seed, iterations=60, depth=30)
        two = darbar.bots.MctsBot(game, seed=seed, iterations=60, depth=30)
        assert one.step(state) == two.step(state.resample(state.current_player(), seed + 10))
    spec = darbar.bots.MctsBot(game, iterations=5, c=1.0, threads=2, keep_tree=False, rollout="random")
    assert spec.spec == "mcts:iterations=5:c=1:threads=2:keep=false"
    assert darbar.bots.IsMctsBot(game, time_ms=5).spec == "ismcts:time=5"


@needs_nim
def test_bots_told_every_action_play_a_game_through_and_restart():
    game = darbar.load_game("nim")
    bots = [darbar.bots.MctsBot(game, seed=seat, iterations=50) for seat in range(2)]
    for seed in (1, 2):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            for seat, bot in enumerate(bots):
                bot.inform(state.action_seen_by(action, seat))
            state.apply_action(action)
        for bot in bots:
            bot.restart()
    with pytest.raises(ValueError, match="the game is over"):
        bots[0].step(state)
    with pytest.raises(ValueError, match="a bot of nim does not play raid"):
        bots[0].step(darbar.load_game("raid").new_initial_state(1))
    # Nim hides nothing: a resample is the position itself.
    start = game.new_initial_state(4)
    assert start.resample(1, 9) == start


def test_bad_bot_parameters_are_value_errors():
    game = darbar.load_game("raid")
    with pytest.raises(ValueError, match='unknown bot "oracle"'):
        darbar.bots.Bot.from_spec(game, "oracle")
    with pytest.raises(ValueError, match="threads must be from 1 to 256"):
        darbar.bots.MctsBot(game, threads=0)
    with pytest.raises(ValueError, match="c takes a number of 0 or more"):
        darbar.bots.MctsBot(game, c=-1.0)
    with pytest.raises(ValueError, match="iterations takes a whole number"):
        darbar.bots.IsMctsBot(game, iterations=-5)
    with pytest.raises(ValueError, match="rollout takes random or one of the game's own bots"):
        darbar.bots.MctsBot(game, rollout="oracle")
    with pytest.raises(ValueError, match="playouts takes a whole number"):
        darbar.bots.RolloutBot(game, playouts=-1)
    # The game's own bot plays its playouts.
    assert darbar.bots.MctsBot(game, iterations=4, rollout="greedy").spec.endswith(":rollout=greedy")


def test_two_bots_search_at_once_in_two_threads_with_the_gil_released():
    state = pax_pamir_in_play()
    game = state.get_game()

    def bot(seed):
        return darbar.bots.MctsBot(game, seed=seed, iterations=150)

    alone = [bot(seed).step(state) for seed in (1, 2)]
    chosen = [None, None]
    spans = [None, None]

    def search(i):
        searcher = bot(i + 1)
        start = time.perf_counter()
        chosen[i] = searcher.step(state)
        spans[i] = (start, time.perf_counter())

    threads = [threading.Thread(target=search, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    # This thread runs Python while the searches run: they hold no GIL.
    ticks = []
    while any(thread.is_alive() for thread in threads):
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    for thread in threads:
        thread.join()
    assert chosen == alone
    start, end = max(s for s, _ in spans), min(e for _, e in spans)
    assert start < end, "the two searches overlapped"
    assert sum(start < tick < end for tick in ticks) >= 3


@needs_nim
def test_evaluate_tallies_mcts_against_random_per_bot_and_per_seat():
    game = darbar.load_game("nim")
    bots = ["mcts:iterations=50", "random"]
    result = darbar.evaluate(game, bots, games=20, seed=0, threads=1)
    assert set(result) == {
        "game", "seats", "bots", "by_bot", "by_seat", "ratings", "mean_length", "games", "table"
    }
    assert result["game"] == "nim" and result["bots"] == bots
    mcts, rand = result["by_bot"]
    assert mcts["bot"] == "mcts:iterations=50" and mcts["games"] == 20
    assert set(mcts) == {"bot", "games", "wins", "win_rate", "mean_return"}
    rate = mcts["win_rate"]
    assert rate["mean"] >= 0.8 and rate["low"] <= rate["mean"] <= rate["high"]
    assert mcts["wins"] + rand["wins"] == 20
    assert set(mcts["mean_return"]) == {"mean", "low", "high"}
    # Seats rotated over each deal: each bot sat in each seat for half the games.
    assert [[s["games"] for s in seat] for seat in result["by_seat"]] == [[10, 10], [10, 10]]
    assert result["ratings"] is None  # two kinds of bot: the win rates say it all
    assert len(result["games"]) == 20
    first, second = result["games"][:2]
    assert first["seed"] == second["seed"] == 0 and first["seating"] == [0, 1]
    assert second["seating"] == [1, 0]
    assert result["mean_length"] == sum(g["length"] for g in result["games"]) / 20
    assert "win rate" in result["table"]
    # The games do not depend on the threads.
    assert darbar.evaluate(game, bots, games=20, seed=0, threads=2) == result


@needs_nim
def test_evaluate_takes_bots_and_python_callables_as_entrants():
    game = darbar.load_game("nim")

    def first(state):
        return state.legal_actions()[0]

    result = darbar.evaluate(
        game, [darbar.bots.MctsBot(game, iterations=50), first], games=8, threads=2
    )
    assert result["bots"] == ["mcts:iterations=50", "first"]
    assert result["by_bot"][0]["win_rate"]["mean"] >= 0.75
    # Three kinds: ratings; two callables of one name are two entrants, one callable twice one.
    game3 = darbar.load_game("nim", players=3)
    three = darbar.evaluate(game3, ["random", lambda s: s.legal_actions()[-1], lambda s: s.legal_actions()[0]], games=6)
    assert three["bots"] == ["random", "<lambda>", "<lambda>#2"]
    assert len(three["ratings"]) == 3
    assert darbar.evaluate(game, [first, first], games=2)["bots"] == ["first", "first"]
    assert darbar.evaluate(game, "random", games=3)["by_bot"][0]["games"] == 6
    alone = darbar.evaluate(game, first, games=2)
    assert alone["bots"] == ["first"] and alone["games"][0]["seating"] == [0, 0]


def test_evaluate_a_game_of_one_seat_has_no_win_rate():
    result = darbar.evaluate(darbar.load_game("raid"), ["random"], games=4, seed=3)
    (standing,) = result["by_bot"]
    assert standing["games"] == 4 and standing["win_rate"] is None and standing["wins"] == 0
    assert [g["seed"] for g in result["games"]] == [3, 4, 5, 6]


@needs_nim
def test_evaluate_refuses_bad_input():
    game = darbar.load_game("nim")
    with pytest.raises(ValueError, match=r"nim seats 2: .* not 3"):
        darbar.evaluate(game, ["random"] * 3, games=2)
    with pytest.raises(ValueError, match=r'bots\[1\] "oracle": unknown bot "oracle": the bots are random'):
        darbar.evaluate(game, ["random", "oracle"], games=2)
    with pytest.raises(ValueError, match="threads must be from 1 to 256"):
        darbar.evaluate(game, ["random"], threads=0)
    with pytest.raises(ValueError, match="at most 100000000 games"):
        darbar.evaluate(game, ["random"], games=100_000_001)
    with pytest.raises(TypeError, match=r"bots\[0\] is a bot spec"):
        darbar.evaluate(game, [3, "random"], games=2)
    with pytest.raises(ValueError, match=r"bots\[0\] is a bot of raid, not of nim"):
        darbar.evaluate(game, [darbar.bots.RandomBot("raid"), "random"], games=2)
    with pytest.raises(ValueError, match="the bot <lambda> chose 8 .* not legal now"):
        darbar.evaluate(game, ["random", lambda s: 8], games=2, seed=5)

    def broken(state):
        raise KeyError("broken")

    with pytest.raises(KeyError, match="broken"):
        darbar.evaluate(game, ["random", broken], games=4, threads=2)
