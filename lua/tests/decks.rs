//! Decks on disk: an edited deck is read again (the per-thread host cache is keyed by the
//! files' contents) and the cache stays bounded; a card file named for one card that declares
//! another is refused.

mod common;

use common::TempDeck;
use darbar_lua::{CardHost, Cards, DeckError, MAX_CACHED_DECKS, STANDARD_DECK};

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
