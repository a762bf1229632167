//! Pax Pamir through the Lua host: the `game` methods read the table as the Rust state has it
//! (the market, courts, regions and rulers, the favored suit, each seat's VP, influence,
//! rupees and loyalty), hands stay hidden (PP-0.4), wrong arguments are typed errors, and a
//! script bot plays whole games of every player count (PP-4.1) to their end.

use darbar::bots::Bot;

mod per_game;

use darbar::engine::{Game, Log};
use darbar::pax_pamir::{Coalition, EndReason, Options, PaxPamir, Region, Slot, State, Suit};
use darbar_lua::{ScriptBot, ScriptError, ScriptValue};
use per_game::{after, eval, object, value};
use serde_json::{Map, Value as Json, json};

fn game(players: u8) -> PaxPamir {
    PaxPamir::new(Options {
        players,
        ..Options::default()
    })
    .unwrap()
}

/// Every query of the module, for every seat, region and coalition, in one call.
const READ_ALL: &str = r#"
    local seats = {}
    for seat = 0, game:num_players() - 1 do
        local stars = {}
        for _, suit in ipairs({"political", "intelligence", "economic", "military"}) do
            stars[#stars + 1] = game:stars(seat, suit)
        end
        local costs = {}
        for _, slot in ipairs(game:market()) do
            costs[#costs + 1] = game:cost(seat, slot.slot)
        end
        seats[seat + 1] = {
            vp = game:vp(seat),
            influence = game:influence(seat),
            rupees = game:rupees(seat),
            loyalty = game:loyalty(seat),
            hand_size = game:hand_size(seat),
            court = game:court(seat),
            stars = stars,
            costs = costs,
        }
    end
    local regions, rulers = {}, {}
    for _, r in ipairs(game:regions()) do
        regions[#regions + 1] = game:region(r)
        rulers[r] = game:ruler(r) or -1
    end
    return {
        market = game:market(),
        seats = seats,
        regions = regions,
        rulers = rulers,
        favored = game:favored_suit(),
        active = game:active(),
        actions_left = game:actions_left(),
        turns = game:turns(),
        deck = game:deck_size(),
        blocks = {game:blocks("afghan"), game:blocks("British"), game:blocks("russian")},
        ending = game:ending(),
        winners = game:winners(),
        text = tostring(game),
    }
"#;

/// What [`READ_ALL`] should return, from the Rust state.
fn expected(game: &PaxPamir, state: &State) -> Json {
    let cards = game.cards();
    let n = state.players();
    let name = |c| {
        cards
            .court(c)
            .map(|f| f.name.clone())
            .or_else(|| cards.event(c).map(|e| e.name.clone()))
    };
    let market: Vec<Json> = Slot::all()
        .map(|slot| {
            let card = state.market_card(slot);
            object(vec![
                ("slot", json!(slot.to_string())),
                ("row", json!(slot.row.code())),
                ("column", json!(slot.col)),
                ("card", json!(card.map(|c| c.0))),
                ("name", json!(card.and_then(name))),
                ("rupees", json!(state.market_rupees(slot))),
            ])
        })
        .collect();
    let seats: Vec<Json> = (0..n)
        .map(|p| {
            let player = state.player(p).unwrap();
            let court: Vec<Json> = player
                .court
                .as_slice()
                .iter()
                .map(|&c| {
                    let facts = cards.court(c).unwrap();
                    json!({
                        "card": c.0,
                        "name": facts.name,
                        "region": facts.region.code(),
                        "suit": facts.suit.code(),
                        "rank": facts.rank,
                        "favored": state.is_favored(cards, p, c),
                        "spies": (0..n).map(|q| state.spies(c, q)).collect::<Vec<_>>(),
                    })
                })
                .collect();
            object(vec![
                ("vp", json!(player.vp)),
                ("influence", json!(state.influence(cards, p))),
                ("rupees", json!(player.rupees)),
                ("loyalty", json!(player.loyalty.map(Coalition::code))),
                ("hand_size", json!(player.hand.len())),
                ("court", json!(court)),
                (
                    "stars",
                    json!(Suit::ALL.map(|s| state.stars(cards, p, s)).to_vec()),
                ),
                (
                    "costs",
                    json!(
                        Slot::all()
                            .map(|s| state.cost(cards, p, s))
                            .collect::<Vec<_>>()
                    ),
                ),
            ])
        })
        .collect();
    let regions: Vec<Json> = Region::ALL
        .iter()
        .map(|&r| {
            object(vec![
                ("name", json!(r.code())),
                ("ruler", json!(state.ruler(r))),
                (
                    "tribes",
                    json!((0..n).map(|p| state.tribes(p, r)).collect::<Vec<_>>()),
                ),
                (
                    "armies",
                    json!({
                        "afghan": state.armies(Coalition::Afghan, r),
                        "british": state.armies(Coalition::British, r),
                        "russian": state.armies(Coalition::Russian, r),
                    }),
                ),
            ])
        })
        .collect();
    let rulers: Map<String, Json> = Region::ALL
        .iter()
        .map(|&r| {
            let ruler = state.ruler(r).map_or(-1, |s| s as i64);
            (r.code().to_owned(), json!(ruler))
        })
        .collect();
    object(vec![
        ("market", json!(market)),
        ("seats", json!(seats)),
        ("regions", json!(regions)),
        ("rulers", Json::Object(rulers)),
        ("favored", json!(state.favored_suit().code())),
        ("active", json!(state.active())),
        ("actions_left", json!(state.actions_left())),
        ("turns", json!(state.turns())),
        ("deck", json!(state.deck_len())),
        (
            "blocks",
            json!(Coalition::ALL.map(|k| state.blocks_on_map(k)).to_vec()),
        ),
        (
            "ending",
            json!(state.outcome().map(|o| match o.reason {
                EndReason::Lead => "lead",
                EndReason::FinalCheck => "final_check",
            })),
        ),
        (
            "winners",
            json!(state.outcome().map(|o| o.winners().collect::<Vec<_>>())),
        ),
        (
            "text",
            json!(format!("Pax Pamir game (seed {}, read-only)", state.seed())),
        ),
    ])
}

/// The queries agree with the Rust state at the start, in mid-game and at the end, for every
/// player count (PP-4.1): the market (PP-4.4), courts, rulers (PP-10.2), the favored suit,
/// influence (PP-9.2), and why and by whom the game was won (PP-13.8, PP-13.9).
#[test]
fn pp_9_2_the_queries_read_the_table_as_the_rules_have_it() {
    for players in 2..=5 {
        let game = game(players);
        for steps in [0, 60, 180, 100_000] {
            let seed = u64::from(players) * 10 + 1;
            let state = after(&game, seed, steps);
            assert_eq!(
                value(&game, &state, READ_ALL),
                expected(&game, &state),
                "{players} players, {steps} steps"
            );
            if steps == 100_000 {
                assert!(state.outcome().is_some(), "{players} players: no end");
            }
        }
    }
}

/// A mid-game position has what the queries are for: cards in courts, a ruler, a loyalty.
#[test]
fn pp_10_2_a_ruler_and_a_court_read_back_by_name() {
    let game = game(3);
    let state = (0..40)
        .map(|seed| after(&game, seed, 150))
        .find(|s| Region::ALL.iter().any(|&r| s.ruler(r).is_some()))
        .expect("a position with a ruler");
    let region = Region::ALL
        .into_iter()
        .find(|&r| state.ruler(r).is_some())
        .unwrap();
    let ruler = state.ruler(region).unwrap();
    let script = format!(
        "local r = game:ruler({:?}) return {{r, game:region({:?}).ruler, #game:court(r), game:loyalty(r)}}",
        region.title(),
        region.code().to_uppercase()
    );
    let player = state.player(ruler).unwrap();
    assert_eq!(
        value(&game, &state, &script),
        json!([
            ruler,
            ruler,
            player.court.len(),
            player.loyalty.map(Coalition::code)
        ])
    );
}

/// No method names the cards of a hand (PP-0.4): only their number; the generic view shows a
/// seat its own hand and the others' sizes.
#[test]
fn pp_0_4_hands_stay_hidden() {
    let game = game(4);
    let state = after(&game, 3, 120);
    let sizes: Vec<usize> = (0..4)
        .map(|p| state.player(p).unwrap().hand.len())
        .collect();
    assert!(sizes.iter().any(|&k| k > 0), "{sizes:?}");
    let script = r#"
        local has_hand = pcall(function() return game:hand(0) end)
        local view = game:view(0)
        local others = {}
        for i = 2, #view.players do
            others[#others + 1] = view.players[i].hand == nil
        end
        return {has_hand, others, game:hand_size(1), #(view.players[1].hand or {})}
    "#;
    assert_eq!(
        value(&game, &state, script),
        json!([false, [true, true, true], sizes[1], sizes[0]])
    );
}

fn runtime_message(result: Result<ScriptValue, ScriptError>) -> String {
    match result {
        Err(ScriptError::Runtime { message, .. }) => message,
        other => panic!("expected a runtime error, got {other:?}"),
    }
}

/// Wrong arguments are Lua errors that say what was expected.
#[test]
fn pp_0_5_wrong_names_and_seats_are_typed_errors() {
    let game = game(4);
    let state = game.new_initial_state(2);
    let cases = [
        (
            "return game:ruler('narnia')",
            "bad argument #1 to 'game:ruler' (not a region: \"narnia\"",
        ),
        (
            "return game:vp(4)",
            "bad argument #1 to 'game:vp' (seat 0 to 3 expected, got 4)",
        ),
        (
            "return game:influence('P1')",
            "bad argument #1 to 'game:influence' (seat 0 to 3 expected, got string)",
        ),
        (
            "return game:cost(0, 'top-9')",
            "bad argument #2 to 'game:cost' (no column 9",
        ),
        (
            "return game:stars(0, 'diplomacy')",
            "bad argument #2 to 'game:stars' (not a suit: \"diplomacy\"",
        ),
        (
            "return game:blocks()",
            "bad argument #1 to 'game:blocks' (coalition expected, got nil)",
        ),
    ];
    for (script, wanted) in cases {
        let message = runtime_message(eval(&game, &state, script));
        assert!(message.contains(wanted), "{script}: {message}");
    }
}

/// A script bot that plays cards when it can, buys the cheapest card while its hand is
/// small, and otherwise chooses at random; it reads `cost` and `hand_size` as it goes.
const BUYER: &str = r#"
    return function(game)
        local me = game:current_player()
        local choices = game:legal_actions()
        local plays, buys = {}, {}
        for _, c in ipairs(choices) do
            if c:sub(1, 5) == "play " then plays[#plays + 1] = c end
            if c:sub(1, 4) == "buy " then buys[#buys + 1] = c end
        end
        if #plays > 0 then return plays[math.random(#plays)] end
        if #buys > 0 and game:hand_size(me) < 2 and game:rupees(me) > 0 then
            local best, price = nil, math.huge
            for _, b in ipairs(buys) do
                local p = game:cost(me, b:sub(5))
                if p < price then best, price = b, p end
            end
            return best
        end
        return choices[math.random(#choices)]
    end
"#;

/// Script bots play whole games of every player count to their end (PP-4.1, PP-13.9):
/// every choice legal, and the script's own view of the end agrees with the rules.
#[test]
fn pp_4_1_a_script_bot_plays_every_player_count_to_the_end() {
    for players in 2..=5 {
        let game = game(players);
        for seed in 0..2 {
            let mut bot = ScriptBot::<PaxPamir>::with_seed(BUYER, seed).unwrap();
            let mut state = game.new_initial_state(seed);
            let mut actions = 0;
            while let Some(decision) = game.decision(&state) {
                let action = Bot::choose(&mut bot, &game, &state, &decision)
                    .unwrap_or_else(|| panic!("seed {seed}: {:?}", bot.last_error()));
                assert!(decision.allows(&action), "{action} is not legal");
                game.apply(&mut state, action, &mut Log::silent()).unwrap();
                actions += 1;
                assert!(actions < 5_000, "{players} players, seed {seed}: no end");
            }
            let outcome = state.outcome().expect("the game is over");
            let end = value(&game, &state, "return {game:ending(), game:winners()}");
            let reason = match outcome.reason {
                EndReason::Lead => "lead",
                EndReason::FinalCheck => "final_check",
            };
            assert_eq!(
                end,
                json!([reason, outcome.winners().collect::<Vec<_>>()]),
                "{players} players, seed {seed}"
            );
        }
    }
}

fn wakhan_game(players: u8) -> PaxPamir {
    PaxPamir::new(Options {
        players,
        wakhan: true,
        ..Options::default()
    })
    .unwrap()
}

/// Every Wakhan query of the module in one call.
const READ_WAKHAN: &str = r#"
    local influence = {}
    for _, k in ipairs({"afghan", "british", "Russian"}) do
        influence[#influence + 1] = game:wakhan_influence(k) or -1
    end
    return {
        seat = game:wakhan_seat(),
        card = game:ai_card(),
        back = game:next_ai_back(),
        arrows = game:arrows(),
        pragmatic = game:pragmatic_loyalty(),
        influence = influence,
        loyalty = game:loyalty(0) or "none",
    }
"#;

/// What [`READ_WAKHAN`] should return, from the Rust state.
fn expected_wakhan(game: &PaxPamir, state: &State) -> Json {
    let cards = game.cards();
    let card = state.current_ai_card(cards).map(|c| {
        json!({
            "number": c.number,
            "actions": c.actions.map(|l| serde_json::to_value(l).unwrap()).to_vec(),
            "words": c.actions.map(|l| l.words()).to_vec(),
            "pragmatic_loyalty": c.pragmatic_loyalty.map(Coalition::code).to_vec(),
            "region_order": c.region_order.map(Region::code).to_vec(),
            "red_arrow": serde_json::to_value(c.red_arrow).unwrap(),
            "black_arrow": c.black_arrow,
        })
    });
    let back = state.next_ai_back(cards).map(|b| {
        json!({
            "labels": b.labels.map(|l| format!("{l:?}")).to_vec(),
            "numbers": b.numbers.to_vec(),
        })
    });
    let arrows = state.arrows(cards).map(|a| {
        json!({
            "label": format!("{:?}", a.label),
            "row": a.label.row().code(),
            "column": a.column,
            "side": a.label.side().code(),
        })
    });
    let wakhan = state.wakhan_seat().is_some();
    let influence: Vec<i64> = Coalition::ALL
        .map(|k| {
            if wakhan {
                i64::from(state.wakhan_influence(cards, k))
            } else {
                -1
            }
        })
        .to_vec();
    object(vec![
        ("seat", json!(state.wakhan_seat())),
        ("card", json!(card)),
        ("back", json!(back)),
        ("arrows", json!(arrows)),
        (
            "pragmatic",
            json!(wakhan.then(|| state.pragmatic_loyalty(cards).code())),
        ),
        ("influence", json!(influence)),
        (
            "loyalty",
            json!(
                state
                    .player(0)
                    .and_then(|p| p.loyalty)
                    .map_or("none", Coalition::code)
            ),
        ),
    ])
}

/// WK-10, WK-1.2 to WK-1.4, WK-11.5: her seat, her current AI card (its lines, orders and
/// arrows), the next card's back, the arrows' reading, her pragmatic loyalty and her
/// influence per coalition read as the Rust state has them, before her first turn, in
/// mid-game and at the end, with one person and with two; she is loyal to no one coalition.
#[test]
fn wk_1_2_the_wakhan_queries_read_her_seat_ai_card_and_arrows() {
    for players in [2, 3] {
        let game = wakhan_game(players);
        for steps in [0, 1, 20, 60, 100_000] {
            let state = after(&game, u64::from(players) + 40, steps);
            let got = value(&game, &state, READ_WAKHAN);
            assert_eq!(
                got,
                expected_wakhan(&game, &state),
                "{players} players, {steps} steps"
            );
            assert_eq!(got["seat"], json!(0));
            assert_eq!(got["loyalty"], json!("none"));
            if steps >= 20 {
                assert!(got["card"].is_object(), "{players}, {steps}: {got}");
                assert!(got["arrows"].is_object(), "{players}, {steps}: {got}");
            }
        }
    }
}

/// Without Wakhan every query of hers is `nil` (the influence reads -1 in the script).
#[test]
fn wk_10_a_game_without_her_has_no_wakhan() {
    let game = game(3);
    let state = after(&game, 8, 40);
    assert_eq!(
        value(&game, &state, READ_WAKHAN),
        json!({"influence": [-1, -1, -1], "loyalty": state
            .player(0)
            .and_then(|p| p.loyalty)
            .map_or("none", Coalition::code)})
    );
}

/// WK-1.2: the next card is seen only by its back: its labels and numbers, never its number.
#[test]
fn wk_1_2_a_script_sees_only_the_next_cards_back() {
    let game = wakhan_game(2);
    let state = after(&game, 5, 1);
    let back = value(&game, &state, "return game:next_ai_back()");
    let next = state.next_ai_back(game.cards()).unwrap();
    assert_eq!(back["numbers"], json!(next.numbers.to_vec()));
    let script = "local b = game:next_ai_back() return {b.number == nil, #b.labels, #b.numbers}";
    assert_eq!(value(&game, &state, script), json!([true, 2, 6]));
}

/// WK-2: a script bot plays the people's seats against Wakhan to the end; no decision is ever
/// her seat's, and the script's view of the end agrees with the rules.
#[test]
fn wk_2_a_script_bot_plays_against_wakhan_to_the_end() {
    for players in [2, 3] {
        let game = wakhan_game(players);
        for seed in 0..2 {
            let mut bot = ScriptBot::<PaxPamir>::with_seed(BUYER, seed).unwrap();
            let mut state = game.new_initial_state(seed);
            let mut actions = 0;
            while let Some(decision) = game.decision(&state) {
                assert_ne!(decision.player, 0, "a decision of Wakhan's seat");
                let action = Bot::choose(&mut bot, &game, &state, &decision)
                    .unwrap_or_else(|| panic!("seed {seed}: {:?}", bot.last_error()));
                assert!(decision.allows(&action), "{action} is not legal");
                game.apply(&mut state, action, &mut Log::silent()).unwrap();
                actions += 1;
                assert!(actions < 5_000, "{players} players, seed {seed}: no end");
            }
            let outcome = state.outcome().expect("the game is over");
            let end = value(&game, &state, "return {game:winners(), game:wakhan_seat()}");
            assert_eq!(
                end,
                json!([outcome.winners().collect::<Vec<_>>(), 0]),
                "{players} players, seed {seed}"
            );
        }
    }
}
