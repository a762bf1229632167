//! [`Cards`]: a deck of card scripts that every thread can play, and the registry of games
//! whose Vijayanagara plays it.
//!
//! A [`CardHost`] owns a Lua state, which must stay on the thread that made it. The rules of a
//! game are shared between threads (a Python state may move between threads; the simulations
//! fan out over several), so the rules hold a [`Cards`] instead: the deck's sources, checked
//! once, and on each thread that runs a card a host of its own, built on first use and kept
//! for the thread's lifetime.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use darbar::engine::LoadError;
use darbar::games::{GameEntry, Registry};
use darbar::vijayanagara::{
    DeckRules, EventFailure, EventHost, EventProgress, EventRun, Options, State, Vijayanagara,
};
use serde_json::Value;

use super::{CardHost, DeckError, STANDARD_DECK, read_deck_dir};

/// Tells decks apart in the per-thread host cache.
static NEXT_DECK: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// This thread's host for each deck it has run, by deck id.
    static HOSTS: RefCell<HashMap<u64, Rc<CardHost>>> = RefCell::new(HashMap::new());
}

/// A checked deck of card scripts, shareable between threads: an [`EventHost`] that runs each
/// card on the calling thread's own [`CardHost`] for this deck.
///
/// ```
/// use std::sync::Arc;
/// use darbar::engine::{Game, Log};
/// use darbar::vijayanagara::{Action, EventSide, TurnOption, Vijayanagara};
/// use darbar_lua::Cards;
///
/// let cards = Cards::standard();
/// let game = Vijayanagara::with_cards(cards.rule_options(), Arc::new(cards));
/// let mut state = game.new_initial_state(7);
/// let event_or_command = Action::Option(TurnOption::EventOrCommand);
/// game.apply(&mut state, event_or_command, &mut Log::silent()).unwrap();
/// assert!(game.legal_actions(&state).contains(&Action::Event(EventSide::Unshaded)));
/// ```
#[derive(Clone, Debug)]
pub struct Cards {
    id: u64,
    sources: Arc<[(String, String)]>,
    rules: DeckRules,
    /// The directory the deck was read from; `None` for the darbar default deck.
    dir: Option<String>,
}

impl Cards {
    /// The darbar default deck.
    pub fn standard() -> Cards {
        // One id for every handle of the default deck, so each thread builds its host once.
        let sources: Vec<(String, String)> = STANDARD_DECK
            .iter()
            .map(|(n, s)| ((*n).to_owned(), (*s).to_owned()))
            .collect();
        Cards {
            id: u64::MAX,
            sources: sources.into(),
            rules: DeckRules::standard(),
            dir: None,
        }
    }

    /// A whole deck read from a directory, checked as [`CardHost::from_dir`] checks it.
    pub fn from_dir(path: impl AsRef<Path>) -> Result<Cards, DeckError> {
        let path = path.as_ref();
        let files = read_deck_dir(path)?;
        let host = CardHost::from_dir(path)?;
        let cards = Cards {
            id: NEXT_DECK.fetch_add(1, Ordering::Relaxed),
            sources: files.into(),
            rules: host.deck_rules(),
            dir: Some(path.display().to_string()),
        };
        HOSTS.with(|hosts| hosts.borrow_mut().insert(cards.id, Rc::new(host)));
        Ok(cards)
    }

    /// The deck's faction orders, Stay Eligible flags and Mongol operators.
    pub fn deck_rules(&self) -> DeckRules {
        self.rules
    }

    /// The rule options of a game that plays this deck: Event cards on, the deck's rules.
    pub fn rule_options(&self) -> Options {
        Options {
            events: true,
            deck: self.rules,
            ..Options::default()
        }
    }

    /// The directory the deck was read from, or `None` for the default deck.
    pub fn dir(&self) -> Option<&str> {
        self.dir.as_deref()
    }

    /// Runs `f` with this thread's host for the deck, building it on first use (the sources
    /// were checked when the deck was made, so building it again does not fail in practice).
    pub fn with_host<T>(&self, f: impl FnOnce(&CardHost) -> T) -> Result<T, DeckError> {
        let cached = HOSTS.with(|hosts| hosts.borrow().get(&self.id).cloned());
        let host = match cached {
            Some(host) => host,
            None => {
                let host = Rc::new(CardHost::from_sources(&self.sources)?);
                HOSTS.with(|hosts| hosts.borrow_mut().insert(self.id, Rc::clone(&host)));
                host
            }
        };
        Ok(f(&host))
    }
}

impl EventHost for Cards {
    fn run(&self, scratch: &mut State, run: &EventRun) -> Result<EventProgress, EventFailure> {
        self.with_host(|host| host.run(scratch, run))
            .map_err(|e| EventFailure {
                message: e.to_string(),
                line: e.line(),
            })?
    }
}

/// The registry of darbar's games in which Vijayanagara plays Event cards from Lua scripts:
/// the darbar default deck unless the options say otherwise. The options object takes,
/// beside Vijayanagara's rule options, `"events": false` to play without Event cards, and
/// `"deck": "DIR"` (a string) for a directory holding a whole deck of one's own; a `deck`
/// object is the deck rules a snapshot or replay record carries, and must agree with the deck
/// played.
///
/// ```
/// let registry = darbar_lua::registry();
/// let game = registry.load("vijayanagara", &serde_json::Value::Null).unwrap();
/// assert_eq!(game.options_json()["events"], true);
/// let plain = registry.load("vijayanagara", &serde_json::json!({"events": false})).unwrap();
/// assert!(plain.options_json().get("events").is_none());
/// ```
pub fn registry() -> Registry {
    let mut registry = Registry::standard();
    registry.register(GameEntry::with_loader::<Vijayanagara>(
        "Vijayanagara (GMT): the Delhi Sultanate, the Bahmani Kingdom and the Vijayanagara \
         Empire, with the Event cards of a Lua deck",
        load_vijayanagara,
    ));
    registry
}

/// Vijayanagara with the Lua deck the options name (see [`registry`]).
fn load_vijayanagara(options: &Value) -> Result<Vijayanagara, LoadError> {
    let mut options = match options {
        Value::Null => serde_json::Map::new(),
        Value::Object(map) => map.clone(),
        _ => {
            return Err(LoadError::BadOptions {
                game: "vijayanagara",
                reason: "options are an object".into(),
            });
        }
    };
    let events = match options.remove("events") {
        None => true,
        Some(Value::Bool(on)) => on,
        Some(other) => {
            return Err(LoadError::BadOptions {
                game: "vijayanagara",
                reason: format!("events is true or false, not {other}"),
            });
        }
    };
    let dir = match options.get("deck") {
        Some(Value::String(dir)) => {
            let dir = dir.clone();
            options.remove("deck");
            Some(dir)
        }
        _ => None,
    };
    let given_rules = options.get("deck").cloned();
    let rules: Options =
        darbar::engine::options_from_json("vijayanagara", &Value::Object(options))?;
    if !events {
        if dir.is_some() {
            return Err(LoadError::BadOptions {
                game: "vijayanagara",
                reason: "a deck directory needs events".into(),
            });
        }
        return Ok(Vijayanagara::new(rules));
    }
    let cards = match &dir {
        None => Cards::standard(),
        Some(dir) => Cards::from_dir(dir).map_err(|e| LoadError::Content(e.to_string()))?,
    };
    if given_rules.is_some() && rules.deck != cards.deck_rules() {
        return Err(LoadError::BadOptions {
            game: "vijayanagara",
            reason: "the deck rules given are not those of the deck played".into(),
        });
    }
    let rules = Options {
        deck: cards.deck_rules(),
        ..rules
    };
    Ok(Vijayanagara::with_cards(rules, Arc::new(cards)))
}
