//! Tycoon through the Lua host: the `game` methods read the table as the Rust state has it
//! (the round, the map, the tracks, the displays, each seat's public holdings, the automa
//! seats and their cards, the final scores), what the screens hide stays hidden from a script
//! reading another person's seat (TI-2.6), wrong arguments are typed errors, and a script bot
//! plays whole games with and without automas to their end (TC-16.1). Sections `TI-x.y` refer
//! to the Tycoon rules specification, `TC-x.y` to darbar's default content.

use darbar::bots::Bot;

mod per_game;

use darbar::engine::{Game, Log};
use darbar::tycoon::{
    CityId, Options, Phase, SeatState, Sector, State, Tycoon, content::SharesRule, seat_colour,
};
use darbar_lua::{ScriptBot, ScriptError, ScriptValue};
use per_game::{after, eval, object, value};
use serde_json::{Map, Value as Json, json};

fn game(players: u8) -> Tycoon {
    Tycoon::new(Options {
        players,
        ..Options::default()
    })
    .unwrap()
}

/// Every query of the module, for every seat, sector and city, in one call.
const READ_ALL: &str = r#"
    local seats = {}
    for seat = 0, game:num_players() - 1 do
        seats[seat + 1] = {
            money = game:money(seat) or -1,
            promoters = game:promoters(seat) or -1,
            pool = game:pool(seat),
            support = game:support(seat),
            influence = game:influence(seat),
            reserve = game:reserve(seat),
            notes = game:notes(seat),
            plus1 = game:plus1(seat),
            merit_count = game:merit_count(seat),
            merits = game:merits(seat) or "hidden",
            agenda = game:agenda(seat) or "hidden",
            difficulty = game:difficulty(seat) or "person",
            tracks = game:tracks(seat),
            shares = game:shares(seat),
            industries = game:industries(seat),
            policies = game:policies(seat),
            automa_card = game:automa_card(seat) or "none",
        }
    end
    local leaders, cities = {}, {}
    for _, s in ipairs({"FIN", "min", "AGR", "FUE", "pow", "TRA"}) do
        leaders[#leaders + 1] = game:leader(s) or -1
    end
    for _, id in ipairs(game:cities()) do
        cities[#cities + 1] = game:city(id)
    end
    return {
        seats = seats,
        leaders = leaders,
        cities = cities,
        round = game:round(),
        round_phase = game:round_phase(),
        tycoon = game:tycoon(),
        region = game:region() or "none",
        label = game:content_label(),
        influence_order = game:influence_order(),
        displays = game:displays(),
        headline = game:headline() or "none",
        automa_seats = game:automa_seats(),
        scores = game:scores() or "not over",
        winners = game:winners() or "not over",
        text = tostring(game),
    }
"#;

fn phase_code(phase: Phase) -> &'static str {
    match phase {
        Phase::Setup => "setup",
        Phase::Headline => "headline",
        Phase::Region => "region",
        Phase::Events => "events",
        Phase::Auction => "auction",
        Phase::Actions => "actions",
        Phase::RoundEnd => "round_end",
        Phase::GameEnd => "game_end",
    }
}

/// A list as Lua returns it: the empty list for none.
fn list<T: serde::Serialize>(items: Vec<T>) -> Json {
    json!(items)
}

/// What [`READ_ALL`] should return, from the Rust state.
fn expected(game: &Tycoon, state: &State) -> Json {
    let c = game.content();
    let deciding = game.current_player(state);
    let open = |k: usize, x: &SeatState| x.is_automa() || deciding == Some(k);
    let seats: Vec<Json> = (0..state.seat_count())
        .map(|k| {
            let x = state.seat(k).unwrap();
            let tracks: Map<String, Json> = Sector::ALL
                .iter()
                .map(|&s| (s.code().to_owned(), json!(x.level(s))))
                .collect();
            let held: Map<String, Json> = (0..state.seat_count())
                .filter(|&o| o != k)
                .map(|o| (seat_colour(o).to_owned(), json!(x.held[o])))
                .collect();
            let industries: Vec<Json> = x
                .industries
                .iter()
                .map(|h| {
                    object(vec![
                        ("id", json!(c.industries[usize::from(h.card)].id)),
                        ("city", json!(h.city.map(|city| &c.map.cities[city.index()].id))),
                    ])
                })
                .collect();
            let card = x.automa_card.map(|a| {
                let a = &c.automa[usize::from(a)];
                json!({
                    "id": a.id,
                    "difficulty": a.difficulty.code(),
                    "plan": a.plan.iter().map(|k| k.code()).collect::<Vec<_>>(),
                    "strategy": a.strategy.iter().map(|t| t.code()).collect::<Vec<_>>(),
                    "bid_margin": a.bid_margin,
                    "policy_bid": a.policy_bid,
                    "np_units": a.np_units,
                    "focus_sector": a.focus_sector.code(),
                    "focus_region": a.focus_region.code(),
                    "shares": match a.shares { SharesRule::Lead => "lead", SharesRule::Cheap => "cheap" },
                })
            });
            let merits: Vec<&str> = x
                .merits
                .iter()
                .map(|m| c.merits[usize::from(m.card)].id.as_str())
                .collect();
            let agenda: Vec<&str> = x
                .agenda
                .iter()
                .map(|&a| c.agendas[usize::from(a)].id.as_str())
                .collect();
            json!({
                "money": if open(k, x) { i64::from(x.money) } else { -1 },
                "promoters": if open(k, x) { i64::from(x.promoters) } else { -1 },
                "pool": x.pool,
                "support": x.support,
                "influence": x.influence,
                "reserve": x.reserve,
                "notes": x.notes,
                "plus1": x.plus1,
                "merit_count": x.merits.len(),
                "merits": if open(k, x) { list(merits) } else { json!("hidden") },
                "agenda": if open(k, x) { list(agenda) } else { json!("hidden") },
                "difficulty": x.automa.map_or("person", |d| d.code()),
                "tracks": tracks,
                "shares": object(vec![
                    ("held", Json::Object(held)),
                    ("left", json!(x.shares_left)),
                    ("next_price", json!(x.top_share())),
                ]),
                "industries": industries,
                "policies": list(x.policies.iter().map(|&p| c.policies[usize::from(p)].id.as_str()).collect()),
                "automa_card": card.unwrap_or(json!("none")),
            })
        })
        .collect();
    let cities: Vec<Json> = c
        .map
        .cities
        .iter()
        .enumerate()
        .map(|(i, city)| {
            let f = state.factory(CityId(i as u8));
            object(vec![
                ("id", json!(city.id)),
                ("name", json!(city.name)),
                ("region", json!(city.region.code())),
                ("metro", json!(city.metro)),
                ("distance", json!(city.distance)),
                ("owner", json!(f.map(|f| f.owner))),
                (
                    "industry",
                    json!(
                        f.and_then(|f| f.card)
                            .map(|k| &c.industries[usize::from(k)].id)
                    ),
                ),
            ])
        })
        .collect();
    let view = game.view(state, 0);
    let display = |row: &[darbar::tycoon::SlotView]| -> Json {
        list(
            row.iter()
                .map(|s| json!({"id": s.id, "promoters": s.promoters}))
                .collect(),
        )
    };
    let scores = state.outcome().map_or(json!("not over"), |o| {
        json!(
            o.scores
                .iter()
                .map(|s| json!({
                    "asset_value": s.asset_value,
                    "industry_av": s.industry_av,
                    "share_av": s.share_av,
                    "track_av": s.track_av,
                    "merit_av": s.merit_av,
                    "influence": s.influence,
                    "support": s.support,
                }))
                .collect::<Vec<_>>()
        )
    });
    let winners = state.outcome().map_or(json!("not over"), |o| {
        let mut w = o.winners.clone();
        w.sort_unstable();
        json!(w)
    });
    json!({
        "seats": seats,
        "leaders": Sector::ALL.iter().map(|&s| state.leader(s).map_or(-1, i64::from)).collect::<Vec<_>>(),
        "cities": cities,
        "round": state.round(),
        "round_phase": phase_code(state.phase()),
        "tycoon": state.tycoon(),
        "region": state.active_region().map_or("none", |r| r.code()),
        "label": c.label,
        "influence_order": state.influence_order(),
        "displays": {
            "industries": display(&view.industry_display),
            "policies": display(&view.policy_display),
        },
        "headline": view.headline.unwrap_or_else(|| "none".into()),
        "automa_seats": list((0..state.seat_count()).filter(|&s| state.seat(s).unwrap().is_automa()).collect()),
        "scores": scores,
        "winners": winners,
        "text": format!("Tycoon game (seed {}, read-only)", game.seed(state)),
    })
}

/// TI-2.3, TI-2.5, TI-2.7, TC-16.3: every query reads as the Rust state has it, at the start,
/// in mid-game and at the end, with four people and with one person and two automas.
#[test]
fn ti_2_the_queries_read_the_table_as_the_rules_have_it() {
    for players in [4, 1] {
        let game = game(players);
        for steps in [0, 1, 30, 120, 100_000] {
            let state = after(&game, u64::from(players) + 3, steps);
            let got = value(&game, &state, READ_ALL);
            assert_eq!(
                got,
                expected(&game, &state),
                "{players} people, {steps} steps"
            );
            assert_eq!(
                got["label"],
                json!("darbar default content (original, not the published components)")
            );
        }
    }
}

/// TI-2.6: a person's money, promoters, merit cards and agenda are behind a screen: a script
/// reads them for the seat deciding now (its own, as a bot) and for an automa (TC-16.2), and
/// `nil` for anyone else; the scores, which would show the hidden cards, wait for the end.
#[test]
fn ti_2_6_a_script_reads_no_other_persons_screen() {
    let game = game(2);
    let state = after(&game, 6, 90);
    let me = game.current_player(&state).expect("the game goes on");
    let other = 1 - me;
    let script = format!(
        "return {{ game:money({me}) ~= nil, game:promoters({me}) ~= nil, game:merits({me}) ~= nil,
                  game:agenda({me}) ~= nil, game:money({other}) == nil,
                  game:promoters({other}) == nil, game:merits({other}) == nil,
                  game:agenda({other}) == nil, game:money(2) == {automa},
                  game:merits(2) ~= nil, game:scores() == nil,
                  game:view({me}).seats[{other_index}].money == nil }}",
        automa = state.seat(2).unwrap().money,
        other_index = other + 1,
    );
    assert_eq!(value(&game, &state, &script), json!(vec![true; 12]));
    assert!(state.seat(2).unwrap().is_automa());
}

fn runtime_message(result: Result<ScriptValue, ScriptError>) -> String {
    match result {
        Err(ScriptError::Runtime { message, .. }) => message,
        other => panic!("expected a runtime error, got {other:?}"),
    }
}

/// Wrong arguments are Lua errors that say what was expected.
#[test]
fn wrong_names_and_seats_are_typed_errors() {
    let game = game(4);
    let state = game.new_initial_state(2);
    let cases = [
        (
            "return game:money(4)",
            "bad argument #1 to 'game:money' (seat 0 to 3 expected, got 4)",
        ),
        (
            "return game:tracks('Red')",
            "bad argument #1 to 'game:tracks' (seat 0 to 3 expected, got string)",
        ),
        (
            "return game:leader('steel')",
            "bad argument #1 to 'game:leader' (",
        ),
        (
            "return game:city('atlantis')",
            "bad argument #1 to 'game:city' (not a city: \"atlantis\")",
        ),
        (
            "return game:city()",
            "bad argument #1 to 'game:city' (city id expected, got nil)",
        ),
        (
            "return game:industry_card(7)",
            "bad argument #1 to 'game:industry_card' (industry card id expected, got integer)",
        ),
    ];
    for (script, wanted) in cases {
        let message = runtime_message(eval(&game, &state, script));
        assert!(message.contains(wanted), "{script}: {message}");
    }
    assert_eq!(
        value(&game, &state, "return game:industry_card('I9-99') == nil"),
        json!(true)
    );
    let refinery = value(&game, &state, "return game:industry_card('i1-09')");
    assert_eq!(refinery["id"], json!("I1-09"));
    assert_eq!(refinery["sector"], json!("FUE"));
}

/// A script bot that never asks for a voluntary loan, builds when it can, bids the opening
/// minimum when it has the money and otherwise chooses at random; it reads `money` (its own)
/// as it goes.
const BUILDER: &str = r#"
    return function(game)
        local me = game:current_player()
        local choices = game:legal_actions()
        local keep = {}
        for _, c in ipairs(choices) do
            if c ~= "emergency-loan" then keep[#keep + 1] = c end
        end
        if #keep == 0 then keep = choices end
        for _, c in ipairs(keep) do
            if c == "act build" then return c end
        end
        local money = game:money(me)
        assert(money ~= nil, "a bot reads its own money")
        for _, c in ipairs(keep) do
            local fives = tonumber(c:match("^bid (%d+)$"))
            if fives and fives * 5 <= money // 2 then return c end
        end
        return keep[math.random(#keep)]
    end
"#;

/// TC-16.1, TI-16.4: script bots play whole games to the end, with four people and with one
/// or two people beside automas (no decision is ever an automa's), every choice legal, and
/// the script's view of the end agrees with the rules.
#[test]
fn tc_16_1_a_script_bot_plays_to_the_end_beside_automas() {
    for players in [4, 2, 1] {
        let game = game(players);
        for seed in 0..2 {
            let mut bot = ScriptBot::<Tycoon>::with_seed(BUILDER, seed).unwrap();
            let mut state = game.new_initial_state(seed);
            let mut actions = 0;
            while let Some(decision) = game.decision(&state) {
                assert!(
                    decision.player < usize::from(players),
                    "an automa's decision"
                );
                let action = Bot::choose(&mut bot, &game, &state, &decision)
                    .unwrap_or_else(|| panic!("seed {seed}: {:?}", bot.last_error()));
                assert!(decision.allows(&action), "{action} is not legal");
                game.apply(&mut state, action, &mut Log::silent()).unwrap();
                actions += 1;
                assert!(actions < 5_000, "{players} people, seed {seed}: no end");
            }
            let outcome = state.outcome().expect("the game is over");
            let end = value(
                &game,
                &state,
                "return {game:winners(), #game:scores(), game:round(), #game:automa_seats()}",
            );
            let mut winners = outcome.winners.clone();
            winners.sort_unstable();
            assert_eq!(
                end,
                json!([
                    winners,
                    game.num_players(),
                    8,
                    game.num_players() - usize::from(players)
                ]),
                "{players} people, seed {seed}"
            );
        }
    }
}
