//! Decks on disk: an edited deck is read again (the per-thread host cache is keyed by the
//! files' contents) and the cache stays bounded; a card file named for one card that declares
//! another is refused. And the deck played by default: the documented way to play
//! Vijayanagara from Rust plays the Event cards of the default deck.

mod common;

use common::TempDeck;
use darbar::engine::{Game, Log};
use darbar::vijayanagara::{Action, Card, EventSide, Options, TurnOption};
use darbar_lua::{CardHost, Cards, DeckError, MAX_CACHED_DECKS, STANDARD_DECK};

#[test]
fn rule_2_3_4_the_documented_rust_game_offers_the_event_of_an_event_card() {
    // The crate docs and the README: `darbar_lua::vijayanagara(Options::default())` is the
    // published game. On an Event card, Event or Command offers the card's Event (§2.3.4),
    // both sides, and carries one out.
    let game = darbar_lua::vijayanagara(Options::default());
    assert!(game.deck().is_some_and(|deck| deck.is_default()));
    let mut event_cards = 0;
    for seed in 0..20 {
        let mut state = game.new_initial_state(seed);
        let Some(Card::Event(card)) = state.deck().current() else {
            continue;
        };
        event_cards += 1;
        let event_or_command = Action::Option(TurnOption::EventOrCommand);
        assert!(game.legal_actions(&state).contains(&event_or_command));
        game.apply(&mut state, event_or_command, &mut Log::silent())
            .unwrap();
        let sides = [
            Action::Event(EventSide::Unshaded),
            Action::Event(EventSide::Shaded),
        ];
        let legal = game.legal_actions(&state);
        assert!(
            sides.iter().all(|side| legal.contains(side)),
            "seed {seed}, card {card}: {legal:?}"
        );
        let mut log = Log::recording();
        game.apply(&mut state, sides[0], &mut log).unwrap();
        assert!(
            log.take()
                .iter()
                .any(|line| line.contains("carries out Event")),
            "seed {seed}, card {card}"
        );
    }
    assert!(event_cards > 0, "no seed starts on an Event card");
}

fn source_of(name: &str) -> &'static str {
    STANDARD_DECK.iter().find(|(n, _)| *n == name).unwrap().1
}

fn title(cards: &Cards, number: u8) -> String {
    cards
        .with_host(|host| host.event(number).unwrap().title.clone())
        .unwrap()
}

#[test]
fn rule_a_card_file_may_not_declare_another_cards_number() {
    let err = CardHost::from_sources(&[("07.lua", source_of("08.lua"))]).unwrap_err();
    assert_eq!(
        err,
        DeckError::WrongNumber {
            file: "07.lua".into(),
            declared: 8,
            named: 7
        }
    );
    assert_eq!(
        err.to_string(),
        "07.lua: the file is named for card 7 but declares card 8"
    );
    assert_eq!(err.file(), "07.lua");
    // So is a deck on disk with two files swapped.
    let deck = TempDeck::new("deck");
    deck.write("07.lua", source_of("08.lua"));
    deck.write("08.lua", source_of("07.lua"));
    let err = Cards::from_dir(deck.dir()).unwrap_err();
    assert!(
        matches!(
            err,
            DeckError::WrongNumber {
                declared: 8,
                named: 7,
                ..
            }
        ),
        "{err}"
    );
    // Files whose names are not numbers keep declaring what they like.
    assert!(CardHost::from_sources(&[("trial.lua", source_of("08.lua"))]).is_ok());
    assert!(CardHost::from_sources(&[("8.lua", source_of("08.lua"))]).is_ok());
}

#[test]
fn rule_an_edited_deck_is_read_again() {
    let deck = TempDeck::new("deck");
    let before = Cards::from_dir(deck.dir()).unwrap();
    let original = title(&before, 3);
    deck.edit(
        "03.lua",
        &format!("title = {original:?}"),
        "title = \"Edited\"",
    );
    let after = Cards::from_dir(deck.dir()).unwrap();
    assert_eq!(title(&after, 3), "Edited");
    // A game keeps the deck it was made with.
    assert_eq!(title(&before, 3), original);
    // And on another thread too (each thread builds its own host from the deck's sources).
    let on_thread = std::thread::spawn(move || (title(&before, 3), title(&after, 3)))
        .join()
        .unwrap();
    assert_eq!(on_thread, (original, "Edited".to_owned()));
}

#[test]
fn rule_the_host_cache_is_bounded() {
    let deck = TempDeck::new("deck");
    // The same files share one host.
    let first = Cards::from_dir(deck.dir()).unwrap();
    let held = Cards::cached_hosts();
    for _ in 0..5 {
        let again = Cards::from_dir(deck.dir()).unwrap();
        assert_eq!(title(&again, 1), title(&first, 1));
    }
    assert_eq!(Cards::cached_hosts(), held);
    // Many different decks: the thread keeps the most recent few.
    for i in 0..MAX_CACHED_DECKS + 4 {
        deck.edit("01.lua", "return {", &format!("-- edit {i}\nreturn {{"));
        let edited = Cards::from_dir(deck.dir()).unwrap();
        assert!(edited.with_host(|_| ()).is_ok());
        assert!(Cards::cached_hosts() <= MAX_CACHED_DECKS);
    }
    assert_eq!(Cards::cached_hosts(), MAX_CACHED_DECKS);
    // A deck whose host was dropped builds it again when it plays.
    assert_eq!(title(&first, 1), title(&Cards::standard(), 1));
}
