//! The `ctx` object of card scripts, method by method, and the checks of a card file at load.

use darbar::vijayanagara::{
    Action, CommandKind, DecreeKind, EventFailure, EventHost, EventProgress, EventRun, EventSide,
    Grant, Lasting, Loyalty, Piece, Player, SpaceId, State,
};
use darbar_lua::{CardHost, CardRun, DeckError, Limits, STANDARD_DECK, ScriptError};

use SpaceId::*;

/// A deck of one Event card, number 1, whose unshaded side runs `body` (from line 5 of the
/// file) and whose shaded side does nothing.
fn card(body: &str) -> CardHost {
    CardHost::from_sources(&[("test.lua", source(body))]).unwrap_or_else(|e| panic!("{e}"))
}

fn source(body: &str) -> String {
    format!(
        "return {{\n  number = 1, title = 'Test', order = 'DVB', stay_eligible = true,\n  \
         text = {{ unshaded = 'u', shaded = 's' }},\n  unshaded = function(ctx)\n{body}\n  end,\n  \
         shaded = function(ctx) end,\n}}"
    )
}

fn run_on(host: &CardHost, state: &mut State, choices: &[Action]) -> Result<CardRun, EventFailure> {
    let run = EventRun {
        card: 1,
        side: EventSide::Unshaded,
        executor: Player::Sultanate,
        choices: choices.to_vec(),
    };
    host.run_logged(state, &run)
}

/// Runs the card on the setup with `choices`, returning the scratch state too.
fn run(host: &CardHost, choices: &[Action]) -> (Result<CardRun, EventFailure>, State) {
    let mut state = State::new(1);
    let result = run_on(host, &mut state, choices);
    (result, state)
}

fn done(host: &CardHost, choices: &[Action]) -> (CardRun, State) {
    let (result, state) = run(host, choices);
    let result = result.unwrap_or_else(|e| panic!("{e:?}"));
    assert!(
        matches!(result.progress, EventProgress::Done { .. }),
        "{:?}",
        result.progress
    );
    (result, state)
}

fn log(host: &CardHost, choices: &[Action]) -> Vec<String> {
    done(host, choices).0.log
}

fn failure(host: &CardHost, choices: &[Action]) -> EventFailure {
    run(host, choices).0.unwrap_err()
}

fn choice(host: &CardHost, choices: &[Action]) -> (Player, Vec<Action>) {
    match run(host, choices).0.unwrap().progress {
        EventProgress::Choice {
            player, choices, ..
        } => (player, choices),
        other => panic!("expected a choice, got {other:?}"),
    }
}

// ----- queries ------------------------------------------------------------------------------------

#[test]
fn queries_of_game_work_on_ctx() {
    let host = card(
        r#"
        ctx:log(ctx:executor() .. " " .. ctx:card() .. " " .. ctx:side())
        ctx:log(ctx:pieces("Delhi").troops .. " " .. tostring(ctx:control("Maharashtra")))
        ctx:log(ctx:resources("VN") .. " " .. ctx:available("Rajas") .. " " .. ctx:cavalry_pool())
        ctx:log(tostring(ctx:lasting("siri_fort")) .. " " .. tostring(ctx))
        print("printed", 1)
    "#,
    );
    assert_eq!(
        log(&host, &[]),
        [
            "DS 1 unshaded",
            "4 nil",
            "7 8 8",
            "false ctx of card 1 (unshaded), carried out by DS",
            "printed\t1",
        ]
    );
}

#[test]
fn argument_errors_name_ctx_the_method_and_the_field() {
    let cases: [(&str, &str); 6] = [
        (
            r#"ctx:pieces("Bengal")"#,
            "bad argument #1 to 'ctx:pieces' (unknown space \"Bengal\"",
        ),
        (
            r#"ctx:place("Delhi", "Troop", -1)"#,
            "bad argument #3 to 'ctx:place' (a count from 0 to 255 expected, got -1)",
        ),
        (
            r#"ctx:choose_space{ amoung = { "Delhi" } }"#,
            "bad argument #1 to 'ctx:choose_space' (unknown option \"amoung\"",
        ),
        (
            r#"ctx:choose_space{ among = { "Delhi", "Bengal" } }"#,
            "bad argument #1 to 'ctx:choose_space' (field 'among': unknown space \"Bengal\"",
        ),
        (
            r#"ctx:grant_command{ faction = "DS", command = "Rally" }"#,
            "(field 'command': DS has no Command \"Rally\" (its Commands are Conscript, March, \
             Govern, Attack))",
        ),
        (
            r#"ctx:add_lasting("siri")"#,
            "unknown lasting effect \"siri\" (the ids are siri_fort, market_control, \
             token_currency, amiran_i_sada, four_tarafs)",
        ),
    ];
    for (body, expected) in cases {
        let err = failure(&card(body), &[]);
        assert!(err.message.contains(expected), "{body}: {}", err.message);
        assert_eq!(err.line, Some(5), "{body}");
    }
}

// ----- effects ------------------------------------------------------------------------------------

#[test]
fn place_remove_and_loyalty() {
    let host = card(
        r#"
        ctx:place("Orissa", "Amir", 2)
        ctx:place("Orissa", "Amirs", 1, "Rebelling")
        ctx:set_rebelling("Orissa", "Amir", 1)
        ctx:set_obedient("Orissa", "Amir", 1)
        ctx:remove("Orissa", "Amir", 1, "Rebelling")
        ctx:remove("Delhi", "Troop", 2)
        ctx:log(ctx:pieces("Orissa").amirs_obedient .. " " .. ctx:pieces("Orissa").amirs_rebelling)
    "#,
    );
    let (run, state) = done(&host, &[]);
    assert_eq!(run.log, ["2 0"]);
    assert_eq!(state.space(Orissa).amirs.obedient, 2);
    assert_eq!(state.space(Delhi).troops, 2);
    assert_eq!(state.available().amirs, 4);
    assert_eq!(state.available().troops, 12);
}

#[test]
fn the_state_of_amirs_and_rajas_must_be_said_when_it_matters() {
    // Maharashtra: 4 Obedient Amirs; make 1 Rebelling.
    let ambiguous = card(
        r#"
        ctx:set_rebelling("Maharashtra", "Amir", 1)
        ctx:remove("Maharashtra", "Amir", 2)
    "#,
    );
    let err = failure(&ambiguous, &[]);
    assert_eq!(
        err.message,
        "ctx:remove: Maharashtra holds Obedient and Rebelling Amirs; say which (\"Obedient\" or \
         \"Rebelling\")"
    );
    assert_eq!(err.line, Some(7));
    // All of them, or all in one state: no need to say.
    let all = card(
        r#"
        ctx:set_rebelling("Maharashtra", "Amir", 1)
        ctx:remove("Maharashtra", "Amir", 4)
        ctx:remove("Karnataka", "Raja", 2)
    "#,
    );
    let (_, state) = done(&all, &[]);
    assert_eq!(state.space(Maharashtra).amirs.total(), 0);
    assert_eq!(state.space(Karnataka).rajas.obedient, 1);
    // A state for a piece that has none is the core's error.
    let troop = card(r#"ctx:place("Delhi", "Troop", 1, "Obedient")"#);
    assert_eq!(
        failure(&troop, &[]).message,
        "ctx:place: a Troop is neither Obedient nor Rebelling; only Amirs and Rajas are (§1.4(c))"
    );
}

#[test]
fn core_refusals_name_the_rule() {
    let cases: [(&str, &str); 7] = [
        (
            r#"ctx:place("Delhi", "Troop", 11)"#,
            "ctx:place: only 10 Troops available, 11 needed (§1.4(d))",
        ),
        (
            r#"ctx:place("Andhra", "Temple", 1)"#,
            "ctx:place: Andhra may hold at most one structure (already there: Some(Qasbah)) \
             (§1.4(e))",
        ),
        (
            r#"ctx:remove("Orissa", "Raja", 1, "Obedient")"#,
            "ctx:remove: Orissa holds 0 × Obedient Raja, 1 needed (§1.4(d))",
        ),
        (
            r#"ctx:move("Andhra", "Karnataka", "Qasbah", 1)"#,
            "ctx:move: a Qasbah is a structure, and structures never move (§1.4(b))",
        ),
        (
            r#"ctx:add_tributary("Delhi")"#,
            "ctx:add_tributary: Delhi is not a Province, so it is never Tributary or Independent \
             (§1.6)",
        ),
        (
            r#"ctx:give_cavalry("BK", "VN", 1)"#,
            "ctx:give_cavalry: Bahmani Kingdom holds 0 cavalry tokens, 1 needed (§1.10)",
        ),
        (
            r#"ctx:shift_influence("DS", 1)"#,
            "ctx:shift_influence: Delhi Sultanate has no Deccan Influence track; only BK and VN \
             do (§1.9)",
        ),
    ];
    for (body, expected) in cases {
        let err = failure(&card(body), &[]);
        assert_eq!(err.message, expected, "{body}");
        assert_eq!(err.line, Some(5));
    }
}

#[test]
fn moves_follow_convention_c5() {
    let host = card(
        r#"
        ctx:remove_tributary("Maharashtra")         -- BK controls it: its Amirs Rebel (R1)
        -- A Rebelling Amir moved into a Tributary Province turns Obedient.
        ctx:move("Maharashtra", "Gujarat", "Amir", 1, "Rebelling")
        -- Into an Independent Province that VN controls it stays Rebelling.
        ctx:remove_tributary("Orissa")
        ctx:place("Orissa", "Raja", 2)
        ctx:move("Maharashtra", "Orissa", "Amir", 1)
        -- An Obedient Amir moved into a BK-controlled Province Rebels (R1). No adjacency.
        ctx:move("Gondwana", "Maharashtra", "Amir", 1)
    "#,
    );
    let (_, state) = done(&host, &[]);
    assert_eq!(state.space(Gujarat).amirs.obedient, 2);
    assert_eq!(state.space(Gujarat).amirs.rebelling, 0);
    assert_eq!(state.space(Orissa).amirs.rebelling, 1);
    assert_eq!(
        state.space(Orissa).rajas.rebelling,
        2,
        "VN controls Orissa (R2)"
    );
    assert_eq!(state.space(Maharashtra).amirs.rebelling, 3);
    assert_eq!(state.space(Gondwana).amirs.total(), 0);
    let mongols =
        card(r#"ctx:place("Punjab", "Mongol", 1) ctx:move("Punjab", "Sindh", "Mongol", 1)"#);
    assert_eq!(
        failure(&mongols, &[]).message,
        "ctx:move: a Mongol may not stand in Sindh (§1.3)"
    );
}

#[test]
fn tracks_resources_tributary_and_lasting_effects() {
    let host = card(
        r#"
        ctx:log(ctx:shift_influence("VN", 2) .. " " .. ctx:shift_influence("BK", -1))
        ctx:log(ctx:gain_resources("DS", 20) .. " " .. ctx:lose_resources("BK", 9) .. " " .. ctx:pay("VN", 7))
        ctx:log(tostring(ctx:remove_tributary("Sindh")) .. " " .. tostring(ctx:remove_tributary("Sindh")))
        ctx:log(tostring(ctx:add_tributary("Sindh")) .. " " .. tostring(ctx:add_tributary("Sindh")))
        ctx:add_lasting("four_tarafs")
        ctx:log(tostring(ctx:lasting("four_tarafs")))
    "#,
    );
    let (run, state) = done(&host, &[]);
    // C14: the lasting effect is recorded when the event resolves, after the card's grants.
    assert_eq!(
        run.log,
        ["2 0", "12 6 7", "true false", "true false", "false"]
    );
    assert!(matches!(
        &run.progress,
        EventProgress::Done { grants, .. } if grants == &[Grant::Lasting(Lasting::FourTarafs)]
    ));
    assert_eq!(state.influence(Player::Vijayanagara), Some(2));
    assert_eq!(state.resources(Player::Sultanate), 24);
    assert_eq!(state.resources(Player::Bahmani), 0);
    assert_eq!(state.resources(Player::Vijayanagara), 0);
    let broke = card(r#"ctx:pay("BK", 7)"#);
    assert_eq!(
        failure(&broke, &[]).message,
        "ctx:pay: Bahmani Kingdom has 6 Resources and cannot pay 7 (§1.8)"
    );
}

#[test]
fn cavalry_from_the_pool_from_holders_and_back() {
    // DS holds 2, the pool 8.
    let host = card(
        r#"
        ctx:log(ctx:gain_cavalry("VN", 9))         -- the pool has only 8
        ctx:log(ctx:take_cavalry("BK", 3))         -- DS and VN hold some: BK chooses
    "#,
    );
    let (player, choices) = choice(&host, &[]);
    assert_eq!(player, Player::Bahmani);
    assert_eq!(
        choices,
        [
            Action::TakeCavalry(Player::Sultanate),
            Action::TakeCavalry(Player::Vijayanagara)
        ]
    );
    let answers = [
        Action::TakeCavalry(Player::Sultanate),
        Action::TakeCavalry(Player::Sultanate),
    ];
    // DS is then empty: the third token comes from VN without a question.
    let (run, state) = done(&host, &answers);
    assert_eq!(run.log, ["8", "3"]);
    assert_eq!(
        Player::ALL.map(|p| state.cavalry(p)),
        [0, 3, 7],
        "DS, BK, VN"
    );
    let give = card(
        r#"
        ctx:give_cavalry("DS", "BK", 2)
        ctx:return_cavalry("BK", 1)
        ctx:log(ctx:take_cavalry("VN", 5))          -- only BK holds one
    "#,
    );
    let (run, state) = done(&give, &[]);
    assert_eq!(run.log, ["1"]);
    assert_eq!(Player::ALL.map(|p| state.cavalry(p)), [0, 0, 1]);
    assert_eq!(state.cavalry_pool(), 9);
}

// ----- choices ------------------------------------------------------------------------------------

#[test]
fn choices_offer_typed_actions_and_replay_the_answers() {
    let host = card(
        r#"
        local space = ctx:choose_space{ among = { "Malwa", "Sindh", "Malwa" }, prompt = "Where?" }
        local yes = ctx:choose_yes_no{ player = "VN" }
        local n = ctx:choose_number{ min = 1, max = 3, player = "BK" }
        local maybe = ctx:choose_space{ among = { "Delhi" }, optional = true }
        ctx:log(space .. " " .. tostring(yes) .. " " .. n .. " " .. tostring(maybe))
    "#,
    );
    assert_eq!(
        choice(&host, &[]),
        (
            Player::Sultanate,
            vec![Action::Select(Malwa), Action::Select(Sindh)]
        )
    );
    assert_eq!(
        choice(&host, &[Action::Select(Sindh)]),
        (Player::Vijayanagara, vec![Action::Yes, Action::No])
    );
    assert_eq!(
        choice(&host, &[Action::Select(Sindh), Action::No]),
        (
            Player::Bahmani,
            vec![Action::Count(1), Action::Count(2), Action::Count(3)]
        )
    );
    assert_eq!(
        choice(
            &host,
            &[Action::Select(Sindh), Action::No, Action::Count(3)]
        ),
        (Player::Sultanate, vec![Action::Select(Delhi), Action::Done])
    );
    let answers = [
        Action::Select(Sindh),
        Action::No,
        Action::Count(3),
        Action::Done,
    ];
    assert_eq!(log(&host, &answers), ["Sindh false 3 nil"]);
}

#[test]
fn factions_and_listed_options_are_chosen_too() {
    let host = card(
        r#"
        local who = ctx:choose_faction{ among = { "BK", "VN", "BK" }, prompt = "Who gains 1 cavalry?" }
        local how = ctx:choose_option{ options = { "Troops first", "Governor first" }, player = "DS", prompt = "Order" }
        ctx:log(who .. " / " .. how)
    "#,
    );
    let (first, _) = run(&host, &[]);
    assert_eq!(
        first.unwrap().progress,
        EventProgress::Choice {
            player: Player::Sultanate,
            choices: vec![
                Action::Faction(Player::Bahmani),
                Action::Faction(Player::Vijayanagara)
            ],
            prompt: "Who gains 1 cavalry?".into(),
        }
    );
    let (second, _) = run(&host, &[Action::Faction(Player::Vijayanagara)]);
    assert_eq!(
        second.unwrap().progress,
        EventProgress::Choice {
            player: Player::Sultanate,
            choices: vec![Action::Choose(1), Action::Choose(2)],
            prompt: "Order (1 = Troops first; 2 = Governor first)".into(),
        }
    );
    assert_eq!(
        log(
            &host,
            &[Action::Faction(Player::Vijayanagara), Action::Choose(2)]
        ),
        ["VN / Governor first"]
    );
    let mongols = card(r#"ctx:choose_faction{ among = { "MI" } }"#);
    assert!(
        failure(&mongols, &[]).message.contains("among"),
        "{:?}",
        failure(&mongols, &[])
    );
}

#[test]
fn nothing_to_choose_from_returns_nil_and_asks_nothing() {
    let host = card(
        r#"
        local a = ctx:choose_space{ among = {} }
        local b = ctx:choose_space{ among = {}, optional = true }
        local c = ctx:choose_number{ min = 2, max = 1 }
        ctx:log(tostring(a) .. " " .. tostring(b) .. " " .. tostring(c))
    "#,
    );
    assert_eq!(log(&host, &[]), ["nil nil nil"]);
}

#[test]
fn an_answer_that_is_not_offered_is_an_error() {
    let host = card(
        r#"
        local space = ctx:choose_space{ among = { "Malwa", "Sindh" } }
    "#,
    );
    let err = failure(&host, &[Action::Select(Delhi)]);
    assert_eq!(
        err.message,
        "ctx:choose_space: answer 1 (\"select Delhi\") is not among the options offered to DS: \
         \"select Malwa\", \"select Sindh\""
    );
    assert_eq!(err.line, Some(6));
}

#[test]
fn answers_left_over_are_an_error() {
    let host = card(r#"ctx:gain_resources("DS", 1)"#);
    let err = failure(&host, &[Action::Yes]);
    assert_eq!(
        err.message,
        "card 1 finished after 0 choices, but 1 answers were given"
    );
}

#[test]
fn pcall_cannot_catch_the_stop_for_a_choice() {
    let host = card(
        r#"
        local ok = pcall(function() return ctx:choose_yes_no{} end)
        ctx:log("went on after the choice: " .. tostring(ok))
        ctx:gain_resources("DS", 5)
    "#,
    );
    let (result, scratch) = run(&host, &[]);
    let result = result.unwrap();
    assert_eq!(
        result.progress,
        EventProgress::Choice {
            player: Player::Sultanate,
            choices: vec![Action::Yes, Action::No],
            prompt: "Yes or no?".into(),
        }
    );
    assert!(result.log.is_empty(), "{:?}", result.log);
    assert_eq!(scratch.resources(Player::Sultanate), 12);
    // With the answer, the pcall returns normally.
    assert_eq!(
        log(&host, &[Action::Yes]),
        ["went on after the choice: true"]
    );
}

#[test]
fn remove_pieces_asks_only_when_the_answer_matters() {
    // Malwa: 3 Troops, 1 Governor. Removing 4 takes all: no question.
    let all = card(
        r#"ctx:log(ctx:remove_pieces{ from = "Malwa", kinds = { "Troop", "Governor" }, n = 9 })"#,
    );
    let (run, state) = done(&all, &[]);
    assert_eq!(run.log, ["4"]);
    assert!(state.space(Malwa).is_empty());
    // Only one kind of piece in one space qualifies: no question either.
    let troops =
        card(r#"ctx:remove_pieces{ from = { "Delhi", "Orissa" }, kinds = "Troop", n = 2 }"#);
    let (_, state) = done(&troops, &[]);
    assert_eq!(state.space(Delhi).troops, 2);
    // The same kind in two spaces: which space matters.
    let two = card(r#"ctx:remove_pieces{ from = { "Malwa", "Delhi" }, kinds = "Troop", n = 5 }"#);
    assert_eq!(choice(&two, &[]).1.len(), 2);
    // Nothing qualifies: nothing is removed, nothing asked.
    let none = card(
        r#"ctx:log(ctx:remove_pieces{ from = "Orissa", kinds = "Raja", n = 2, up_to = true })"#,
    );
    assert_eq!(log(&none, &[]), ["0"]);
    // "Up to": how many first, then which.
    let up_to = card(
        r#"ctx:log(ctx:remove_pieces{ from = { "Malwa", "Jaunpur" }, kinds = { "Troop", "Governor" }, n = 2, up_to = true, player = "VN" })"#,
    );
    assert_eq!(
        choice(&up_to, &[]),
        (
            Player::Vijayanagara,
            vec![Action::Count(0), Action::Count(1), Action::Count(2)]
        )
    );
    let which = choice(&up_to, &[Action::Count(1)]);
    assert_eq!(
        which.1,
        [
            Action::Remove {
                space: Malwa,
                piece: Piece::Troop
            },
            Action::Remove {
                space: Malwa,
                piece: Piece::Governor
            },
            Action::Remove {
                space: Jaunpur,
                piece: Piece::Troop
            },
        ]
    );
    let answer = Action::Remove {
        space: Jaunpur,
        piece: Piece::Troop,
    };
    let (run, state) = done(&up_to, &[Action::Count(1), answer]);
    assert_eq!(run.log, ["1"]);
    assert_eq!(state.space(Jaunpur).troops, 1);
    assert_eq!(log(&up_to, &[Action::Count(0)]), ["0"]);
}

#[test]
fn remove_pieces_by_state() {
    // Maharashtra: 4 Amirs, 1 of them made Rebelling: "remove 1 Amir" asks which state.
    let host = card(
        r#"
        ctx:set_rebelling("Maharashtra", "Amir", 1)
        ctx:remove_pieces{ from = "Maharashtra", kinds = "Amir" }
        ctx:remove_pieces{ from = "Maharashtra", kinds = "Amir", state = "Obedient", n = 2 }
    "#,
    );
    let (_, offered) = choice(&host, &[]);
    let rebel = Action::Remove {
        space: Maharashtra,
        piece: Piece::Amir(Loyalty::Rebelling),
    };
    assert_eq!(
        offered,
        [
            Action::Remove {
                space: Maharashtra,
                piece: Piece::Amir(Loyalty::Obedient)
            },
            rebel
        ]
    );
    let (_, state) = done(&host, &[rebel]);
    assert_eq!(state.space(Maharashtra).amirs.obedient, 1);
    assert_eq!(state.space(Maharashtra).amirs.rebelling, 0);
    let structures = card(
        r#"ctx:move_pieces{ from = "Andhra", to = "Karnataka", kinds = { "Raja", "Qasbah" } }"#,
    );
    assert_eq!(
        failure(&structures, &[]).message,
        "ctx:move_pieces: a Qasbah is a structure, and structures never move (§1.4(b))"
    );
}

// ----- grants -----------------------------------------------------------------------------------

#[test]
fn grants_are_returned_in_order() {
    let host = card(
        r#"
        ctx:grant_command{ faction = "VN", command = "rebel", limited = true, spaces = { "Tamilakam" }, rebel_under_khalji = true }
        ctx:grant_decree{ faction = "BK", decree = "Build" }
        ctx:grant_command{ faction = "DS", command = "Attack", max_spaces = 2, optional = true }
        ctx:grant_decree{ faction = "DS", decree = "Campaign", spaces = { "Orissa", "Andhra" }, max_spaces = 1 }
        ctx:grant_decree{ faction = "BK", decree = "Conspire", influence_extension = true }
    "#,
    );
    let (run, _) = done(&host, &[]);
    assert_eq!(
        run.progress,
        EventProgress::Done {
            grants: vec![
                Grant::Command {
                    player: Player::Vijayanagara,
                    kind: CommandKind::Rebel,
                    limited: true,
                    only: Some([Tamilakam].into_iter().collect()),
                    max_spaces: None,
                    rebel_under_khalji: true,
                    optional: false,
                },
                Grant::Decree {
                    player: Player::Bahmani,
                    kind: DecreeKind::Build,
                    only: None,
                    max_spaces: None,
                    influence_extension: false,
                },
                Grant::Command {
                    player: Player::Sultanate,
                    kind: CommandKind::Attack,
                    limited: false,
                    only: None,
                    max_spaces: Some(2),
                    rebel_under_khalji: false,
                    optional: true,
                },
                Grant::Decree {
                    player: Player::Sultanate,
                    kind: DecreeKind::Campaign,
                    only: Some([Orissa, Andhra].into_iter().collect()),
                    max_spaces: Some(1),
                    influence_extension: false,
                },
                Grant::Decree {
                    player: Player::Bahmani,
                    kind: DecreeKind::Conspire,
                    only: None,
                    max_spaces: None,
                    influence_extension: true,
                },
            ],
            log: vec![],
        }
    );
    let decree = card(r#"ctx:grant_decree{ faction = "VN", decree = "Trade" }"#);
    assert!(
        failure(&decree, &[])
            .message
            .contains("VN has no Decree \"Trade\" (its Decrees are Tax, Build, Compel)")
    );
}

// ----- isolation and limits -----------------------------------------------------------------------

#[test]
fn a_card_keeps_nothing_between_runs_and_rolls_no_dice() {
    let host = card(
        r#"
        counter = (counter or 0) + 1
        ctx:log("run " .. counter)
    "#,
    );
    assert_eq!(log(&host, &[]), ["run 1"]);
    assert_eq!(log(&host, &[]), ["run 1"]);
    let dice = card("local d = math.random(6)");
    assert_eq!(
        failure(&dice, &[]).message,
        "cards roll no dice: math.random is not available to card scripts (deck §1.1, \
         Determinism)"
    );
}

#[test]
fn card_runs_are_under_the_limits() {
    let mut host = card("while true do end");
    host.set_limits(Limits {
        instructions: 100_000,
        ..Limits::default()
    });
    assert_eq!(host.limits().instructions, 100_000);
    let err = failure(&host, &[]);
    assert_eq!(
        err.message,
        "the script ran out of its budget of 100000 instructions"
    );
    assert_eq!(err.line, None);
    // The host still works.
    let fine = card("ctx:gain_resources('DS', 1)");
    let (_, state) = done(&fine, &[]);
    assert_eq!(state.resources(Player::Sultanate), 13);
}

#[test]
fn cards_the_deck_lacks_are_failures() {
    let host = CardHost::from_sources(&STANDARD_DECK[..1]).unwrap();
    let run = EventRun {
        card: 17,
        side: EventSide::Shaded,
        executor: Player::Bahmani,
        choices: vec![],
    };
    assert_eq!(
        host.run(&mut State::new(1), &run),
        Err(EventFailure {
            message: "this deck has no script for card 17".into(),
            line: None,
        })
    );
}

// ----- loading ----------------------------------------------------------------------------------

fn load_error(source: &str) -> DeckError {
    CardHost::from_sources(&[("bad.lua", source)]).unwrap_err()
}

#[test]
fn malformed_headers_are_refused_with_file_and_line() {
    let good = source("");
    let cases: Vec<(String, Option<u32>, &str)> = vec![
        (
            good.replace("number = 1", "number = 45"),
            Some(2),
            "number must be an integer from 1 to 44",
        ),
        (
            good.replace("stay_eligible = true", "stay_eligible = 'yes'"),
            Some(2),
            "stay_eligible must be true or false, not string",
        ),
        (
            good.replace("order = 'DVB'", "order = 'DVV'"),
            Some(2),
            "order \"DVV\" is not an order of D, B and V (§2.3.2)",
        ),
        (
            good.replace(
                "shaded = function(ctx) end,",
                "shadded = function(ctx) end,",
            ),
            Some(7),
            "unknown field \"shadded\"",
        ),
        (
            good.replace("title = 'Test'", "title = ' '"),
            Some(2),
            "title must not be empty",
        ),
        (
            good.replace("shaded = 's'", "shaded = 5"),
            Some(3),
            "shaded must be a string, not integer",
        ),
        (
            "return 7".into(),
            None,
            "a card file must return a table (the card), not integer",
        ),
        (
            "return {\n number = 40,\n title = 'Invasion',\n faction = 'DS' }".into(),
            Some(4),
            "\"DS\" cannot operate the Mongols; BK or VN must (§2.4.1)",
        ),
    ];
    for (text, line, message) in cases {
        let err = load_error(&text);
        assert!(
            matches!(err, DeckError::Header { .. }),
            "{message}: got {err}"
        );
        assert_eq!(err.file(), "bad.lua");
        assert_eq!(err.line(), line, "{message}: {err}");
        assert!(err.to_string().contains(message), "{err}");
    }
    let missing = good.replace("  shaded = function(ctx) end,\n", "");
    assert_eq!(
        load_error(&missing).to_string(),
        "bad.lua: the card needs a function `shaded = function(ctx) ... end`"
    );
}

#[test]
fn a_card_file_that_fails_while_loading_reports_its_line() {
    let err = load_error("local x = nil\n\nreturn x.number");
    assert_eq!(
        err,
        DeckError::Script {
            file: "bad.lua".into(),
            error: ScriptError::Runtime {
                message: "attempt to index a nil value (local 'x')".into(),
                line: Some(3),
            },
        }
    );
}

#[test]
fn two_files_may_not_define_one_card() {
    let a = source("");
    let err = CardHost::from_sources(&[("a.lua", a.as_str()), ("b.lua", a.as_str())]).unwrap_err();
    assert_eq!(
        err,
        DeckError::Duplicate {
            file: "b.lua".into(),
            number: 1,
            first: "a.lua".into(),
        }
    );
}

#[test]
fn mongol_invasion_cards_are_data_only() {
    let source = "return { number = 38, title = 'Battle of Jaran-Manjur (1298)', faction = 'VN', text = 'Strategic Aid' }";
    let host = CardHost::from_sources(&[("38.lua", source)]).unwrap();
    let card = host.invasion(38).unwrap();
    assert_eq!(card.faction, Player::Vijayanagara);
    assert_eq!(host.event(38), None);
    let run = EventRun {
        card: 38,
        side: EventSide::Unshaded,
        executor: Player::Vijayanagara,
        choices: vec![],
    };
    assert_eq!(
        host.run(&mut State::new(1), &run).unwrap_err().message,
        "card 38 is a Mongol Invasion card: the core carries it out (§2.4)"
    );
}
