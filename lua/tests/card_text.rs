//! The card in play in the loaded deck's words (§2.3.4): `game:current_card()`, the core's
//! `Game::current_card` with the default deck and with a deck of one's own, the title in the
//! log and the picture, and the deck a replay record names.

mod common;

use std::sync::Arc;

use common::TempDeck;
use darbar::engine::{Game, GameRng, Log, ReplayError};
use darbar::games::OpenError;
use darbar::raid::Raid;
use darbar::vijayanagara::{Action, Card, EventSide, Options, TurnOption, Vijayanagara};
use darbar_lua::{CardHost, Cards, Host, STANDARD_DECK, ScriptValue, check_replay_deck};
use serde_json::{Value, json};

/// The number of the first card of seed 7, an Event card.
fn first_card() -> u8 {
    match Vijayanagara::without_events(Options::default())
        .new_initial_state(7)
        .deck()
        .current()
    {
        Some(Card::Event(n)) => n,
        other => panic!("seed 7 starts with {other:?}"),
    }
}

fn eval<G: darbar_lua::LuaGame>(game: &G, state: &G::State, source: &str) -> ScriptValue {
    Host::new()
        .evaluate(game, state, &mut GameRng::from_seed_u64(1), source, "card")
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn rule_2_3_4_game_current_card_gives_both_sides_of_the_card_in_play() {
    let cards = Cards::standard();
    let game = Vijayanagara::with_cards(cards.rule_options(), Arc::new(cards.clone()));
    let state = game.new_initial_state(7);
    let n = first_card();
    let expected = cards.card_text(n).unwrap();
    let script = r#"
        local card = game:current_card()
        return { card.number, card.kind, card.title, card.unshaded, card.shaded,
                 card.sides[2].name, card.sides[2].text, card.file, card.text == nil }
    "#;
    let file = format!("{n:02}.lua");
    let wanted = ScriptValue::List(vec![
        ScriptValue::Integer(i64::from(n)),
        "Event".into(),
        expected.title.as_str().into(),
        expected.side("unshaded").unwrap().into(),
        expected.side("shaded").unwrap().into(),
        "shaded".into(),
        expected.side("shaded").unwrap().into(),
        file.as_str().into(),
        ScriptValue::Boolean(true),
    ]);
    assert_eq!(eval(&game, &state, script), wanted);
    // The card file holds what the host shows.
    let source = STANDARD_DECK.iter().find(|(f, _)| *f == file).unwrap().1;
    assert!(source.contains(&format!("title = \"{}\"", expected.title)));

    // Without a host, the default deck's words (the core's card data), which agree.
    let plain = Vijayanagara::without_events(Options::default());
    let title = eval(
        &plain,
        &plain.new_initial_state(7),
        "return game:current_card().title",
    );
    assert_eq!(title, expected.title.as_str().into());
}

#[test]
fn a_game_without_cards_has_no_current_card() {
    let game = Raid::default();
    let state = game.new_initial_state(1);
    assert_eq!(
        eval(&game, &state, "return game:current_card() == nil"),
        ScriptValue::Boolean(true)
    );
}

#[test]
fn rule_2_3_4_a_deck_of_ones_own_shows_its_own_titles_and_texts() {
    let n = first_card();
    let file = format!("{n:02}.lua");
    let default = Cards::standard().card_text(n).unwrap().clone();
    let deck = TempDeck::new("mydeck");
    deck.edit(&file, &default.title, "A Title of My Own");
    deck.edit(
        &file,
        default.side("shaded").unwrap(),
        "My own shaded words.",
    );
    deck.edit(
        "37.lua",
        "Strategic Aid: the named",
        "Our Strategic Aid: the named",
    );
    let cards = Cards::from_dir(deck.path()).unwrap();
    // The orders are the default deck's, but the deck is not: its own name and hash.
    assert_eq!(cards.deck_rules(), Cards::standard().deck_rules());
    assert_eq!(cards.deck().name, "mydeck");
    assert_ne!(cards.deck().hash, Cards::standard().deck().hash);
    assert!(Cards::standard().deck().is_default());
    let game = Vijayanagara::with_cards(cards.rule_options(), Arc::new(cards.clone()));
    let mut state = game.new_initial_state(7);

    let card = game.current_card(&state).unwrap();
    assert_eq!(card.title, "A Title of My Own");
    assert_eq!(card.side("shaded"), Some("My own shaded words."));
    assert_eq!(card.side("unshaded"), default.side("unshaded"));
    assert_eq!(
        eval(&game, &state, "return game:current_card().shaded"),
        "My own shaded words.".into()
    );
    assert!(
        game.to_svg(&state, None)
            .unwrap()
            .contains("A Title of My Own")
    );
    assert!(
        game.to_svg(&state, None)
            .unwrap()
            .contains("Shaded: My own shaded words.")
    );
    // A Mongol Invasion card's text is the file's.
    let invasion = game.card(37).unwrap();
    assert_eq!(invasion.kind, "Mongol Invasion");
    assert!(
        invasion.sides[0].text.contains("Our Strategic Aid"),
        "{invasion}"
    );

    // The title goes into the log when the Event is carried out.
    let mut log = Log::recording();
    game.apply(
        &mut state,
        Action::Option(TurnOption::EventOrCommand),
        &mut log,
    )
    .unwrap();
    game.apply(&mut state, Action::Event(EventSide::Unshaded), &mut log)
        .unwrap();
    let lines = log.take();
    assert!(
        lines
            .iter()
            .any(|l| l.contains(&format!("carries out Event {n} (A Title of My Own)"))),
        "{lines:?}"
    );
    // §2.2: the card is announced, at the first action, with the deck's own title.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("A Title of My Own (order")),
        "{lines:?}"
    );
    assert!(
        !lines.iter().any(|l| l.contains(&default.title)),
        "{lines:?}"
    );
}

#[test]
fn a_replay_record_names_its_deck_and_needs_it() {
    let deck = TempDeck::new("mydeck");
    let n = first_card();
    let default = Cards::standard().card_text(n).unwrap().clone();
    deck.edit(&format!("{n:02}.lua"), &default.title, "Mine");
    let registry = darbar_lua::registry();
    let with_deck = json!({ "deck": deck.path() });
    let game = registry.load("vijayanagara", &with_deck).unwrap();
    assert_eq!(game.deck().unwrap().name, "mydeck");
    let mut state = game.new_initial_state(3);
    for _ in 0..10 {
        let first = state.legal_actions()[0];
        state.apply(first).unwrap();
    }
    let record = state.replay_record().unwrap();
    let value: Value = serde_json::from_str(&record).unwrap();
    assert_eq!(value["deck"]["name"], "mydeck");

    let err = check_replay_deck(&registry, &record, &Value::Null).unwrap_err();
    let OpenError::Replay(ReplayError::OtherDeck { needed, loaded, .. }) = &err else {
        panic!("{err}");
    };
    assert_eq!(needed.name, "mydeck");
    assert!(loaded.as_ref().is_some_and(|d| d.is_default()));
    assert!(err.to_string().contains(&needed.hash), "{err}");
    assert!(check_replay_deck(&registry, &record, &with_deck).is_ok());
    let replayed = registry.replay(&record, &with_deck).unwrap();
    assert!(replayed.eq_dyn(&*state));
    // The core refuses it too, if the deck's rules let it load.
    let default_game = registry.load("vijayanagara", &Value::Null).unwrap();
    assert!(matches!(
        default_game.replay(&record),
        Err(ReplayError::OtherDeck { .. })
    ));
}

#[test]
fn a_card_host_names_its_deck_and_the_file_of_each_card() {
    let host = CardHost::standard();
    assert!(host.deck().is_default());
    let card = host.card_text(37).unwrap();
    assert_eq!(card.file.as_deref(), Some("37.lua"));
    assert!(
        card.sides[0]
            .text
            .starts_with("Named faction: BK. Strategic Aid")
    );
    assert_eq!(host.card_text(45), None);
    let other = CardHost::from_sources(&STANDARD_DECK[..3]).unwrap();
    assert_eq!(other.deck().name, "unnamed");
}
