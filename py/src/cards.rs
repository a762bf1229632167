//! The Lua card hosts that play Event cards for Python states.
//!
//! A card host owns a Lua state, which stays on the thread that made it, while Python may use a
//! state from any thread (and `play_random_games` runs several). So each thread keeps its own
//! hosts, made on first use: the default deck, and each deck directory a game names.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use darbar_lua::{CardHost, DeckError};

thread_local! {
    static STANDARD: CardHost = CardHost::standard();
    static DECKS: RefCell<HashMap<String, Rc<CardHost>>> = RefCell::new(HashMap::new());
}

/// Runs `f` with the host of `deck`: the default deck for `None`, else the deck directory.
pub(crate) fn with_host<T>(
    deck: Option<&str>,
    f: impl FnOnce(&CardHost) -> T,
) -> Result<T, DeckError> {
    match deck {
        None => Ok(STANDARD.with(f)),
        Some(dir) => {
            let host = DECKS.with(|decks| -> Result<Rc<CardHost>, DeckError> {
                if let Some(host) = decks.borrow().get(dir) {
                    return Ok(Rc::clone(host));
                }
                let host = Rc::new(CardHost::from_dir(dir)?);
                decks.borrow_mut().insert(dir.to_owned(), Rc::clone(&host));
                Ok(host)
            })?;
            Ok(f(&host))
        }
    }
}
