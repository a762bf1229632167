//! [`Cards`]: a deck of card scripts that every thread can play, and the registry of games
//! whose Vijayanagara plays it.
//!
//! A [`CardHost`] owns a Lua state, which must stay on the thread that made it. The rules of a
//! game are shared between threads (a Python state may move between threads; the simulations
//! fan out over several), so the rules hold a [`Cards`] instead: the deck's sources, checked
//! once, and on each thread that runs a card a host of its own, built on first use.
//!
//! A thread keeps the hosts of the last [`MAX_CACHED_DECKS`] decks it ran, keyed by the decks'
//! contents: a deck read again after its files changed is another deck (it gets a host of its
//! own, with the new cards), the same files read again share a host, and loading decks over and
//! over does not make a thread hold ever more Lua states.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::Path;
use std::rc::Rc;
use std::sync::{Arc, OnceLock};

use darbar::engine::{CardText, ContentHash, DeckId, LoadError, ReplayError};
use darbar::games::{GameEntry, OpenError, Registry};
use darbar::vijayanagara::{
    DeckRules, EventFailure, EventHost, EventProgress, EventRun, Options, State, Vijayanagara,
};
use serde_json::Value;

use super::{CardHost, DeckError, STANDARD_DECK, read_deck_dir};

/// How many decks' hosts a thread keeps (the least recently used goes first). A host is a Lua
/// state of a few megabytes; a game whose deck's host was dropped builds it again on its next
/// card.
pub const MAX_CACHED_DECKS: usize = 8;

/// A deck's files, `(file name, source)`.
type Sources = Arc<[(String, String)]>;

/// A thread's cached host: the deck's key and sources, and the host.
type Cached = (u64, Sources, Rc<CardHost>);

thread_local! {
    /// This thread's hosts, least recently used first.
    static HOSTS: RefCell<Vec<Cached>> = const { RefCell::new(Vec::new()) };
}

/// The key of a deck in the host cache: the [`ContentHash`] of its file names and sources.
fn deck_key(sources: &[(String, String)]) -> u64 {
    let mut hash = ContentHash::new();
    for (file, source) in sources {
        hash.add(file, source);
    }
    hash.finish()
}

/// The hash of the darbar default deck's files.
fn standard_hash() -> u64 {
    static HASH: OnceLock<u64> = OnceLock::new();
    *HASH.get_or_init(|| {
        let mut hash = ContentHash::new();
        for (file, source) in STANDARD_DECK {
            hash.add(file, source);
        }
        hash.finish()
    })
}

/// The identity of a deck whose files hash to `hash`: the default deck by that name, any
/// other `"unnamed"` until it is named after its directory ([`deck_name`]).
pub(crate) fn deck_id(hash: u64) -> DeckId {
    let name = if hash == standard_hash() {
        DeckId::DEFAULT
    } else {
        "unnamed"
    };
    DeckId {
        name: name.to_owned(),
        hash: format!("{hash:016x}"),
    }
}

/// The name of a deck read from `path`: its directory's name (the default deck keeps its own,
/// wherever its files are copied).
pub(crate) fn deck_name(path: &Path, deck: &DeckId) -> String {
    if deck.is_default() {
        return deck.name.clone();
    }
    let named = |p: &Path| {
        p.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .filter(|n| !n.is_empty())
    };
    named(path)
        .or_else(|| path.canonicalize().ok().as_deref().and_then(named))
        .unwrap_or_else(|| path.display().to_string())
}

/// This thread's host for the deck `sources`, if it has one (it becomes the most recent).
fn cached(key: u64, sources: &Arc<[(String, String)]>) -> Option<Rc<CardHost>> {
    HOSTS.with(|hosts| {
        let mut hosts = hosts.borrow_mut();
        let at = hosts
            .iter()
            .position(|(k, s, _)| *k == key && (Arc::ptr_eq(s, sources) || **s == **sources))?;
        let entry = hosts.remove(at);
        let host = Rc::clone(&entry.2);
        hosts.push(entry);
        Some(host)
    })
}

/// Keeps `host` as this thread's host for the deck, dropping the least recently used beyond
/// [`MAX_CACHED_DECKS`].
fn keep(key: u64, sources: &Arc<[(String, String)]>, host: &Rc<CardHost>) {
    HOSTS.with(|hosts| {
        let mut hosts = hosts.borrow_mut();
        hosts.retain(|(k, s, _)| !(*k == key && **s == **sources));
        hosts.push((key, Arc::clone(sources), Rc::clone(host)));
        let excess = hosts.len().saturating_sub(MAX_CACHED_DECKS);
        hosts.drain(..excess);
    });
}

/// A checked deck of card scripts, shareable between threads: an [`EventHost`] that runs each
/// card on the calling thread's own [`CardHost`] for this deck.
///
/// ```
/// use darbar::engine::{Game, Log};
/// use darbar::vijayanagara::{Action, EventSide, Options, TurnOption};
/// use darbar_lua::Cards;
///
/// let game = Cards::standard().game(Options::default());
/// let mut state = game.new_initial_state(7);
/// let event_or_command = Action::Option(TurnOption::EventOrCommand);
/// game.apply(&mut state, event_or_command, &mut Log::silent()).unwrap();
/// assert!(game.legal_actions(&state).contains(&Action::Event(EventSide::Unshaded)));
/// ```
#[derive(Clone, Debug)]
pub struct Cards {
    /// The key of the deck's contents in the per-thread host cache.
    key: u64,
    sources: Arc<[(String, String)]>,
    rules: DeckRules,
    /// The directory the deck was read from; `None` for the darbar default deck.
    dir: Option<String>,
    /// Every card's words, as its file gives them.
    texts: Texts,
    /// Which deck this is.
    deck: DeckId,
}

/// Every card's words, by number.
type Texts = Arc<BTreeMap<u8, CardText>>;

/// The words of every card of `host`.
fn texts(host: &CardHost) -> Texts {
    Arc::new(
        host.numbers()
            .filter_map(|n| host.card_text(n).map(|t| (n, t)))
            .collect(),
    )
}

impl Cards {
    /// The darbar default deck.
    pub fn standard() -> Cards {
        static STANDARD: OnceLock<(u64, Sources, Texts)> = OnceLock::new();
        let (key, sources, words) = STANDARD.get_or_init(|| {
            let sources: Vec<(String, String)> = STANDARD_DECK
                .iter()
                .map(|(n, s)| ((*n).to_owned(), (*s).to_owned()))
                .collect();
            // The shipped card files are valid: the test suite loads them.
            let words = CardHost::from_sources(&sources)
                .map(|host| texts(&host))
                .unwrap_or_default();
            (deck_key(&sources), sources.into(), words)
        });
        Cards {
            key: *key,
            sources: Arc::clone(sources),
            rules: DeckRules::standard(),
            dir: None,
            texts: Arc::clone(words),
            deck: deck_id(*key),
        }
    }

    /// A whole deck read from a directory, checked as [`CardHost::from_dir`] checks it. The
    /// files are read now, once: the deck is what they hold now, and reading the directory
    /// again after they changed gives another deck.
    pub fn from_dir(path: impl AsRef<Path>) -> Result<Cards, DeckError> {
        let path = path.as_ref();
        let files = read_deck_dir(path)?;
        let host = CardHost::from_sources(&files)?;
        host.check_whole(&path.display().to_string())?;
        let key = deck_key(&files);
        let mut deck = deck_id(key);
        deck.name = deck_name(path, &deck);
        let cards = Cards {
            key,
            sources: files.into(),
            rules: host.deck_rules(),
            dir: Some(path.display().to_string()),
            texts: texts(&host),
            deck,
        };
        keep(cards.key, &cards.sources, &Rc::new(host));
        Ok(cards)
    }

    /// A deck from `(file name, source)` pairs, checked as [`CardHost::from_sources`] checks
    /// them (a deck need not hold every card): for a few cards of one's own, in tests and
    /// trials. Its name is `"unnamed"`.
    pub fn from_sources<N: AsRef<str>, S: AsRef<str>>(
        sources: &[(N, S)],
    ) -> Result<Cards, DeckError> {
        let files: Vec<(String, String)> = sources
            .iter()
            .map(|(n, s)| (n.as_ref().to_owned(), s.as_ref().to_owned()))
            .collect();
        let host = CardHost::from_sources(&files)?;
        let key = deck_key(&files);
        let cards = Cards {
            key,
            sources: files.into(),
            rules: host.deck_rules(),
            dir: None,
            texts: texts(&host),
            deck: deck_id(key),
        };
        keep(cards.key, &cards.sources, &Rc::new(host));
        Ok(cards)
    }

    /// The rules of Vijayanagara played with this deck: `options` with Event cards on and
    /// this deck's faction orders, Stay Eligible flags and Mongol operators (§2.3.2, §2.3.4,
    /// §2.4), whatever `options` said of them.
    ///
    /// ```
    /// use darbar::engine::Game;
    /// use darbar::vijayanagara::Options;
    /// use darbar_lua::Cards;
    ///
    /// let game = Cards::standard().game(Options::default());
    /// assert!(game.options().events);
    /// assert!(game.deck().unwrap().is_default());
    /// ```
    pub fn game(&self, options: Options) -> Vijayanagara {
        let options = Options {
            deck: self.rules,
            ..options
        };
        Vijayanagara::with_cards(options, Arc::new(self.clone()))
    }

    /// How many decks' hosts this thread holds (at most [`MAX_CACHED_DECKS`]).
    pub fn cached_hosts() -> usize {
        HOSTS.with(|hosts| hosts.borrow().len())
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

    /// Which deck this is: its name (the directory's, or [`DeckId::DEFAULT`]) and the hash of
    /// its files ([`CardHost::deck`]).
    pub fn deck(&self) -> &DeckId {
        &self.deck
    }

    /// The words of card `number` as its file gives them ([`CardHost::card_text`]), read when
    /// the deck was loaded.
    pub fn card_text(&self, number: u8) -> Option<&CardText> {
        self.texts.get(&number)
    }

    /// Runs `f` with this thread's host for the deck, building it on first use (the sources
    /// were checked when the deck was made, so building it again does not fail in practice).
    pub fn with_host<T>(&self, f: impl FnOnce(&CardHost) -> T) -> Result<T, DeckError> {
        let host = match cached(self.key, &self.sources) {
            Some(host) => host,
            None => {
                let host = Rc::new(CardHost::from_sources(&self.sources)?);
                keep(self.key, &self.sources, &host);
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

    fn card_text(&self, number: u8) -> Option<CardText> {
        Cards::card_text(self, number).cloned()
    }

    fn deck(&self) -> Option<DeckId> {
        Some(self.deck.clone())
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
/// assert_eq!(plain.options_json()["events"], false); // always written (§2.3.4)
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

/// Checks, before a replay record is replayed, that it is replayed with the deck it names
/// ([`Replay::deck`](darbar::engine::Replay::deck)): the game of the record is loaded with
/// `extra` alone (the loader options a record does not carry, such as a deck directory), and
/// its deck must replay the record's ([`DeckId::replays`]). Otherwise the error is
/// [`ReplayError::OtherDeck`], which names the deck needed (name and hash) and the deck given,
/// rather than a failure of the record's deck rules or of an action. A record that names no
/// deck (one written before records named their deck) passes.
///
/// ```
/// use darbar::engine::ReplayError;
/// use darbar::games::OpenError;
/// use darbar_lua::check_replay_deck;
/// use serde_json::{Value, json};
///
/// let registry = darbar_lua::registry();
/// let game = registry.load("vijayanagara", &Value::Null).unwrap();
/// let record = game.new_initial_state(1).replay_record().unwrap();
/// assert!(check_replay_deck(&registry, &record, &Value::Null).is_ok());
/// let mine = record.replace("\"name\": \"default\"", "\"name\": \"mine\"")
///     .replace("\"hash\": \"", "\"hash\": \"0");
/// let err = check_replay_deck(&registry, &mine, &Value::Null).unwrap_err();
/// assert!(matches!(err, OpenError::Replay(ReplayError::OtherDeck { .. })), "{err}");
/// assert!(err.to_string().contains("\"mine\""), "{err}");
/// ```
pub fn check_replay_deck(
    registry: &Registry,
    record: &str,
    extra: &Value,
) -> Result<(), OpenError> {
    let Some(needed) = darbar::engine::deck_of_record(record) else {
        return Ok(());
    };
    let name = serde_json::from_str::<Value>(record)
        .ok()
        .and_then(|v| v.get("game").and_then(Value::as_str).map(str::to_owned))
        .unwrap_or_default();
    let game = registry.load(&name, extra)?;
    let loaded = game.deck();
    if loaded.as_ref().is_some_and(|l| l.replays(&needed)) {
        return Ok(());
    }
    Err(OpenError::Replay(ReplayError::OtherDeck {
        needed,
        loaded,
        option: game.deck_option(),
    }))
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
        return Ok(Vijayanagara::without_events(rules));
    }
    let cards = match &dir {
        None => Cards::standard(),
        Some(dir) => Cards::from_dir(dir).map_err(|e| LoadError::Content(e.to_string()))?,
    };
    if given_rules.is_some() && rules.deck != cards.deck_rules() {
        return Err(LoadError::BadOptions {
            game: "vijayanagara",
            reason: format!(
                "the deck rules given (by a snapshot or replay record) are not those of {}, \
                 the deck played: load the game with the deck it was played with (the option \
                 \"deck\": its directory)",
                cards.deck()
            ),
        });
    }
    Ok(cards.game(rules))
}
