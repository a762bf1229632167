//! [`CardHost`]: the Lua card scripts of a deck, run as the core's
//! [`EventHost`].
//!
//! # A card file
//!
//! Each card is one Lua file that returns a table: the card's data and one function per side.
//!
//! ```lua
//! return {
//!     number = 3,
//!     title = "Fall of Anhilwara (1299)",
//!     order = "DBV",                -- the faction symbols, left to right (§2.3.2)
//!     stay_eligible = true,         -- §2.3.4
//!     text = {
//!         unshaded = "BK gains 2 cavalry, then places 1 Amir in Gujarat or Maharashtra (BK chooses).",
//!         shaded = "DS places 1 Governor and 1 Troop in Gujarat and gains 1 cavalry.",
//!     },
//!     unshaded = function(ctx) ... end,
//!     shaded = function(ctx) ... end,
//! }
//! ```
//!
//! Mongol Invasion cards (37–44) are carried out by the core (§2.4); their files hold only
//! `number`, `title` and `faction` (`"BK"` or `"VN"`).
//!
//! # How a run works (architecture principle 8)
//!
//! The core hands [`EventHost::run`] a scratch copy of the state and the answers given so far.
//! The host runs the card file's chunk (compiled once, at load) in a fresh sandboxed global
//! table, then the side's function with `ctx`, a userdata lent for the call through
//! [`mlua::Scope`] that borrows the scratch copy mutably. Each `ctx:choose_*` takes the next
//! recorded answer, after checking that it is one of the options it offers now; when no answer
//! is left, it records the options and stops the script, and the run answers
//! [`EventProgress::Choice`]. The core throws the scratch copy away and waits for the answer,
//! then runs the card again from its start with one more answer. A run that finishes answers
//! [`EventProgress::Done`] with the free Commands and Decrees the card granted, and its scratch
//! copy becomes the state.
//!
//! So a card reads as straight-line code, nothing but the state and the answers is ever kept
//! (no coroutine is persisted), and the game is serializable at every choice. A card must
//! therefore be deterministic: it may not keep anything between runs (each run gets fresh
//! globals) and it rolls no dice (`math.random` raises an error in card scripts).
//!
//! Each run is one call under the host's [`Limits`]: the instruction budget and the memory
//! limit cover the chunk and the side's function together.
//!
//! See the [`ctx`] module for the methods of `ctx`, and `lua/README.md` for a card
//! designer's guide.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use darbar::engine::{CardText, DeckId};
use darbar::vijayanagara::{
    DeckRules, EventCard, EventFailure, EventHost, EventProgress, EventRun, Grant,
    MONGOL_INVASION_CARDS, MongolInvasionCard, Options, Player, State,
};
use mlua::{Function, Table, Value, Variadic};

use crate::{Host, Limits, ScriptError};

pub mod ctx;
mod shared;

pub use shared::{Cards, MAX_CACHED_DECKS, check_replay_deck, registry};
mod header;

use ctx::{Ctx, Progress, side_name};
use header::Header;
pub use header::{DeckError, MAX_CARD_TEXT_BYTES};

/// The card files of the darbar default deck shipped with the crate (`lua/cards/vijayanagara/`),
/// as `(file name, source)`, in file name order.
pub const STANDARD_DECK: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/standard_deck.rs"));

/// A deck of card scripts, ready to run as the core's [`EventHost`].
///
/// Load it with [`CardHost::from_sources`], [`CardHost::from_dir`] or [`CardHost::standard`];
/// every card is compiled and its header checked once, at load. Then call [`EventHost::run`]
/// yourself. A `CardHost` owns a Lua state bound to its thread, so the rules of a game, which
/// any thread may use, hold a [`Cards`] instead ([`Cards::game`]), which keeps a host per
/// thread.
///
/// ```
/// use darbar::vijayanagara::{
///     Action, EventHost, EventProgress, EventRun, EventSide, Player, SpaceId, State,
/// };
/// use darbar_lua::CardHost;
///
/// let card = r#"
///     return {
///         number = 3, title = "Fall of Anhilwara (1299)", order = "DBV", stay_eligible = true,
///         text = { unshaded = "BK places 1 Amir in Gujarat or Maharashtra (BK chooses).",
///                  shaded = "DS gains 1 Resource." },
///         unshaded = function(ctx)
///             local space = ctx:choose_space{
///                 among = { "Gujarat", "Maharashtra" }, player = "BK", prompt = "Place 1 Amir in",
///             }
///             ctx:place(space, "Amir", 1)
///             ctx:log("BK places 1 Amir in " .. space)
///         end,
///         shaded = function(ctx) ctx:gain_resources("DS", 1) end,
///     }
/// "#;
/// let host = CardHost::from_sources(&[("03.lua", card)]).unwrap();
/// let state = State::new(1);
/// let mut run = EventRun {
///     card: 3,
///     side: EventSide::Unshaded,
///     executor: Player::Sultanate,
///     choices: vec![],
/// };
///
/// // The effect stops at BK's choice; the scratch copy is then thrown away.
/// let progress = host.run(&mut state.clone(), &run).unwrap();
/// assert_eq!(
///     progress,
///     EventProgress::Choice {
///         player: Player::Bahmani,
///         choices: vec![Action::Select(SpaceId::Gujarat), Action::Select(SpaceId::Maharashtra)],
///         prompt: "Place 1 Amir in".into(),
///     }
/// );
///
/// // Run again from the start with the answer: the effect finishes.
/// run.choices.push(Action::Select(SpaceId::Gujarat));
/// let mut scratch = state.clone();
/// assert_eq!(
///     host.run(&mut scratch, &run),
///     Ok(EventProgress::Done { grants: vec![], log: vec!["BK places 1 Amir in Gujarat".into()] })
/// );
/// assert_eq!(scratch.space(SpaceId::Gujarat).amirs.obedient, 2);
/// ```
///
/// A `CardHost` owns a Lua state, so it is not `Send`: keep one per thread.
pub struct CardHost {
    host: Host,
    cards: BTreeMap<u8, LoadedCard>,
    /// `math.random` of card scripts: cards roll no dice.
    no_dice: Function,
    /// Which deck this is: its name and the hash of its files.
    deck: DeckId,
}

struct LoadedCard {
    file: String,
    header: Header,
    /// The compiled file: called with a global table, it returns the card's table.
    chunk: Function,
}

/// What a run of a card side came to, with what the card logged, also when it stopped at a
/// choice (lines the core discards, as the card runs again from its start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardRun {
    /// The result the core receives.
    pub progress: EventProgress,
    /// The lines of `ctx:log` and `print`, in order (at most [`MAX_LOG_BYTES`] in all).
    ///
    /// [`MAX_LOG_BYTES`]: crate::MAX_LOG_BYTES
    pub log: Vec<String>,
}

impl CardHost {
    /// Loads a deck from `(file name, source)` pairs, with the default [`Limits`].
    ///
    /// Each file is compiled once and run once (without `ctx`) to read its table, which must
    /// be a valid card: a number from 1 to 44 that no other file uses and, when the file's name
    /// is a number (`07.lua`), that number ([`DeckError::WrongNumber`]: a card copied under
    /// another's name would otherwise replace it silently); a title; for Event cards
    /// (1–36) an order that is a permutation of D, B and V, `stay_eligible`, the two texts and
    /// both side functions; for Mongol Invasion cards (37–44) the faction, BK or VN. Unknown
    /// fields are refused, so a misspelt one is not silently ignored. A deck need not hold
    /// every card; running a card it lacks is an [`EventFailure`].
    ///
    /// ```
    /// use darbar_lua::{CardHost, DeckError};
    ///
    /// let bad = "return {\n  number = 7, title = 'x',\n  order = 'DDB', stay_eligible = false,\n\
    ///            text = { unshaded = '', shaded = '' },\n\
    ///            unshaded = function(ctx) end, shaded = function(ctx) end }";
    /// let err = CardHost::from_sources(&[("07.lua", bad)]).unwrap_err();
    /// assert!(matches!(err, DeckError::Header { line: Some(3), .. }));
    /// assert_eq!(err.to_string(), r#"07.lua:3: order "DDB" is not an order of D, B and V (§2.3.2)"#);
    /// ```
    pub fn from_sources<N: AsRef<str>, S: AsRef<str>>(
        sources: &[(N, S)],
    ) -> Result<CardHost, DeckError> {
        CardHost::load(
            Host::new(),
            sources.iter().map(|(n, s)| (n.as_ref(), s.as_ref())),
        )
    }

    /// Loads a whole deck: every `*.lua` file of a directory (in file-name order), as
    /// [`CardHost::from_sources`] does; errors name the file by its file name. Other files are
    /// ignored. The deck must hold every card, 1–44, and its Mongol Invasion cards must
    /// alternate BK and VN (deck §6), or it is refused.
    pub fn from_dir(path: impl AsRef<Path>) -> Result<CardHost, DeckError> {
        let path = path.as_ref();
        let files = read_deck_dir(path)?;
        let mut host = CardHost::from_sources(&files)?;
        host.check_whole(&path.display().to_string())?;
        host.deck.name = shared::deck_name(path, &host.deck);
        Ok(host)
    }

    /// Refuses a deck that lacks a card or whose Mongol Invasion cards do not alternate BK
    /// and VN, 37 being BK's (deck §6).
    pub(crate) fn check_whole(&self, path: &str) -> Result<(), DeckError> {
        let missing: Vec<u8> = (1..=44).filter(|n| !self.cards.contains_key(n)).collect();
        if !missing.is_empty() {
            return Err(DeckError::Missing {
                path: path.to_owned(),
                numbers: missing,
            });
        }
        for n in MONGOL_INVASION_CARDS {
            let expected = if n % 2 == 1 {
                Player::Bahmani
            } else {
                Player::Vijayanagara
            };
            if let Some(card) = self.invasion(n).filter(|c| c.faction != expected) {
                let file = &self.cards[&n].file;
                return Err(DeckError::Header {
                    file: file.clone(),
                    line: None,
                    message: format!(
                        "card {n} is operated by {}, but the Mongol Invasion cards alternate \
                         BK and VN from card 37 (deck §6)",
                        card.faction.faction().abbreviation()
                    ),
                });
            }
        }
        Ok(())
    }

    /// The faction orders, Stay Eligible flags and Mongol operators of this deck, for
    /// [`Options::deck`]; cards the deck lacks keep the default deck's.
    pub fn deck_rules(&self) -> DeckRules {
        let mut rules = DeckRules::standard();
        for card in self.cards.values() {
            match &card.header {
                Header::Event(e) => rules.set_event(e.number, e.order, e.stay_eligible),
                Header::Invasion(m) => rules.set_operator(m.number, m.faction),
            }
        }
        rules
    }

    /// The rule options of a game played with this deck: Event cards on, with the deck's
    /// orders and Stay Eligible flags; every other option at its default.
    pub fn rule_options(&self) -> Options {
        Options {
            events: true,
            deck: self.deck_rules(),
            ..Options::default()
        }
    }

    /// Where this deck departs from the default deck's balance targets (deck §1.1): each of the
    /// six faction orders on 6 cards, 3 of them Stay Eligible. A user's deck may; these are
    /// warnings, not errors.
    pub fn balance_warnings(&self) -> Vec<String> {
        let mut by_order: BTreeMap<[Player; 3], (u8, u8)> = BTreeMap::new();
        for card in self.cards.values() {
            if let Header::Event(e) = &card.header {
                let entry = by_order.entry(e.order).or_default();
                entry.0 += 1;
                entry.1 += u8::from(e.stay_eligible);
            }
        }
        let mut warnings = Vec::new();
        for (a, b, c) in [
            (0, 1, 2),
            (0, 2, 1),
            (1, 0, 2),
            (1, 2, 0),
            (2, 0, 1),
            (2, 1, 0),
        ] {
            let order = [Player::ALL[a], Player::ALL[b], Player::ALL[c]];
            let (cards, stay) = by_order.get(&order).copied().unwrap_or_default();
            if (cards, stay) != (6, 3) {
                let name: String = order
                    .iter()
                    .map(|p| &p.faction().abbreviation()[..1])
                    .collect();
                warnings.push(format!(
                    "order {name}: {cards} cards, {stay} Stay Eligible (the default deck has 6 and 3)"
                ));
            }
        }
        warnings
    }

    /// The darbar default deck shipped with the crate ([`STANDARD_DECK`]).
    ///
    /// # Panics
    ///
    /// Only if the shipped card files are invalid, which the test suite rules out.
    pub fn standard() -> CardHost {
        CardHost::from_sources(STANDARD_DECK).expect("the shipped card files are valid")
    }

    fn load<'a>(
        mut host: Host,
        sources: impl Iterator<Item = (&'a str, &'a str)>,
    ) -> Result<CardHost, DeckError> {
        let lua = host.lua().clone();
        let script_error = |file: &str, error: ScriptError| DeckError::Script {
            file: file.to_owned(),
            error,
        };
        let quiet = lua
            .create_function(|_, _: Variadic<Value>| Ok(()))
            .map_err(|e| script_error("(host)", host.classify("(host)", &e)))?;
        let mut cards: BTreeMap<u8, LoadedCard> = BTreeMap::new();
        let mut hash = darbar::engine::ContentHash::new();
        for (file, source) in sources {
            hash.add(file, source);
            let chunk = host
                .function(source, file)
                .map_err(|e| script_error(file, e))?;
            let table = host
                .new_env(Some(&quiet))
                .map_err(|e| script_error(file, host.classify(file, &e)))?;
            let runner = host.runner().clone();
            let value = host
                .limited(file, || runner.call_one(&chunk, table))
                .map_err(|e| script_error(file, e))?;
            let header = header::read(file, source, &value)?;
            let number = header.number();
            if let Some(named) = number_in_name(file)
                && named != u32::from(number)
            {
                return Err(DeckError::WrongNumber {
                    file: file.to_owned(),
                    declared: number,
                    named,
                });
            }
            if let Some(first) = cards.get(&number) {
                return Err(DeckError::Duplicate {
                    file: file.to_owned(),
                    number,
                    first: first.file.clone(),
                });
            }
            cards.insert(
                number,
                LoadedCard {
                    file: file.to_owned(),
                    header,
                    chunk,
                },
            );
        }
        let no_dice = lua
            .create_function(|_, _: Variadic<Value>| -> mlua::Result<()> {
                Err(mlua::Error::RuntimeError(
                    "cards roll no dice: math.random is not available to card scripts \
                     (deck §1.1, Determinism)"
                        .into(),
                ))
            })
            .map_err(|e| script_error("(host)", host.classify("(host)", &e)))?;
        Ok(CardHost {
            host,
            cards,
            no_dice,
            deck: shared::deck_id(hash.finish()),
        })
    }

    /// Which deck this is ([`EventHost::deck`]): the default deck is named
    /// [`DeckId::DEFAULT`], a deck read with [`CardHost::from_dir`] by its directory, and
    /// other decks `"unnamed"`; the hash is of the files' names and sources, in file-name
    /// order.
    ///
    /// ```
    /// use darbar_lua::CardHost;
    ///
    /// assert!(CardHost::standard().deck().is_default());
    /// assert_eq!(CardHost::standard().deck().hash.len(), 16);
    /// ```
    pub fn deck(&self) -> &DeckId {
        &self.deck
    }

    /// The words of card `number` as its file gives them: the title, the texts and the file
    /// ([`EventHost::card_text`]).
    ///
    /// ```
    /// use darbar_lua::CardHost;
    ///
    /// let card = CardHost::standard().card_text(1).unwrap();
    /// assert_eq!(card.title, "The New Muslims of Mughalpura (1292)");
    /// assert_eq!(card.side("unshaded"), Some("Place 2 Mongols in Delhi."));
    /// assert_eq!(card.file.as_deref(), Some("01.lua"));
    /// ```
    pub fn card_text(&self, number: u8) -> Option<CardText> {
        let card = self.cards.get(&number)?;
        Some(card.header.card_text(&card.file))
    }

    /// The limits every run is under.
    pub fn limits(&self) -> Limits {
        self.host.limits()
    }

    /// Changes the limits of later runs.
    pub fn set_limits(&mut self, limits: Limits) {
        self.host.set_limits(limits);
    }

    /// The numbers of the cards in the deck, ascending.
    pub fn numbers(&self) -> impl Iterator<Item = u8> + '_ {
        self.cards.keys().copied()
    }

    /// The data of Event card `number`, as its file declares it.
    pub fn event(&self, number: u8) -> Option<&EventCard> {
        match &self.cards.get(&number)?.header {
            Header::Event(card) => Some(card),
            Header::Invasion(_) => None,
        }
    }

    /// The data of Mongol Invasion card `number`, as its file declares it.
    pub fn invasion(&self, number: u8) -> Option<&MongolInvasionCard> {
        match &self.cards.get(&number)?.header {
            Header::Invasion(card) => Some(card),
            Header::Event(_) => None,
        }
    }

    /// The file card `number` was loaded from.
    pub fn file(&self, number: u8) -> Option<&str> {
        self.cards.get(&number).map(|c| c.file.as_str())
    }

    /// As [`EventHost::run`], and also returns what the card logged (`ctx:log`, `print`).
    ///
    /// ```
    /// use darbar::vijayanagara::{EventProgress, EventRun, EventSide, Player, State};
    /// use darbar_lua::CardHost;
    ///
    /// let host = CardHost::standard();
    /// let run = EventRun { card: 6, side: EventSide::Unshaded, executor: Player::Bahmani, choices: vec![] };
    /// let result = host.run_logged(&mut State::new(1), &run).unwrap();
    /// assert!(matches!(result.progress, EventProgress::Done { .. }));
    /// assert_eq!(result.log, ["DS loses 2 Resources; BK gains 2 Resources, VN gains 2 Resources"]);
    /// ```
    pub fn run_logged(&self, scratch: &mut State, run: &EventRun) -> Result<CardRun, EventFailure> {
        let plain = |message: String| EventFailure {
            message,
            line: None,
        };
        let card = self
            .cards
            .get(&run.card)
            .ok_or_else(|| plain(format!("this deck has no script for card {}", run.card)))?;
        if let Header::Invasion(_) = card.header {
            return Err(plain(format!(
                "card {} is a Mongol Invasion card: the core carries it out (§2.4)",
                run.card
            )));
        }
        let side = side_name(run.side);
        let progress = RefCell::new(Progress::default());
        let halted = self.host.halted();
        halted.set(false);
        let runner = self.host.runner();
        let outcome = self.host.lua().scope(|scope| {
            let sink = scope.create_function(|_, (parts, n): (Table, usize)| {
                ctx::print_to(&progress, &parts, n)
            })?;
            let env = self.host.new_env(Some(&sink))?;
            let math: Table = env.raw_get("math")?;
            math.raw_set("random", &self.no_dice)?;
            let ctx = scope.create_userdata(Ctx {
                state: scratch,
                run,
                progress: &progress,
                halted,
            })?;
            Ok(self.host.limited(&card.file, || {
                let Value::Table(table) = runner.call_one(&card.chunk, env)? else {
                    return Err(mlua::Error::RuntimeError(
                        "the card file no longer returns a table".into(),
                    ));
                };
                let function: Function = table.raw_get(side)?;
                runner.call(&function, ctx).map(drop)
            }))
        });
        halted.set(false);
        let progress = progress.into_inner();
        let log = progress.log.lines;
        // A choice stops the script wherever it is: what the script did after it (an error
        // from the stop itself, or anything else) does not count. Except running out of
        // memory: Lua then runs an emergency collection whose effects depend on the host's
        // history, so the choice may not be trusted, and the run fails (at the same point of
        // the card's own allocations in every run).
        let out_of_memory = matches!(outcome, Ok(Err(ScriptError::MemoryLimit { .. })));
        if let Some((player, choices, prompt)) = progress.pending
            && !out_of_memory
        {
            return Ok(CardRun {
                progress: EventProgress::Choice {
                    player,
                    choices,
                    prompt,
                },
                log,
            });
        }
        let failed = |error: ScriptError| EventFailure {
            line: error.line(),
            message: match error {
                ScriptError::Runtime { message, .. } | ScriptError::Syntax { message, .. } => {
                    message
                }
                other => other.to_string(),
            },
        };
        match outcome {
            Err(error) => return Err(failed(self.host.classify(&card.file, &error))),
            Ok(Err(error)) => return Err(failed(error)),
            Ok(Ok(())) => {}
        }
        if progress.cursor < run.choices.len() {
            return Err(plain(format!(
                "card {} finished after {} choices, but {} answers were given",
                run.card,
                progress.cursor,
                run.choices.len()
            )));
        }
        Ok(CardRun {
            progress: EventProgress::Done {
                grants: progress
                    .grants
                    .into_iter()
                    .chain(progress.lasting.into_iter().map(Grant::Lasting))
                    .collect(),
                log: log.clone(),
            },
            log,
        })
    }
}

/// The card number a file's name gives (`07.lua` is card 7), if its stem is all digits.
fn number_in_name(file: &str) -> Option<u32> {
    let stem = file.strip_suffix(".lua").unwrap_or(file);
    let stem = stem.rsplit(['/', '\\']).next().unwrap_or(stem);
    if stem.is_empty() || stem.len() > 9 || !stem.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    stem.parse().ok()
}

/// The `*.lua` files of a deck directory as `(file name, source)` pairs, in file-name order.
pub(crate) fn read_deck_dir(path: &Path) -> Result<Vec<(String, String)>, DeckError> {
    let read_error = |path: &Path, e: std::io::Error| DeckError::Read {
        path: path.display().to_string(),
        message: e.to_string(),
    };
    let mut files = Vec::new();
    for entry in std::fs::read_dir(path).map_err(|e| read_error(path, e))? {
        let entry = entry.map_err(|e| read_error(path, e))?;
        let file = entry.path();
        if file.extension().is_some_and(|e| e == "lua") && file.is_file() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let source = std::fs::read_to_string(&file).map_err(|e| read_error(&file, e))?;
            files.push((name, source));
        }
    }
    files.sort();
    Ok(files)
}

impl EventHost for CardHost {
    /// Runs the side's function of card `run.card` on `scratch` (see [`CardHost`]).
    fn run(&self, scratch: &mut State, run: &EventRun) -> Result<EventProgress, EventFailure> {
        self.run_logged(scratch, run).map(|r| r.progress)
    }

    fn card_text(&self, number: u8) -> Option<CardText> {
        CardHost::card_text(self, number)
    }

    fn deck(&self) -> Option<DeckId> {
        Some(self.deck.clone())
    }
}

impl fmt::Debug for CardHost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CardHost")
            .field("cards", &self.cards.keys().collect::<Vec<_>>())
            .field("limits", &self.host.limits())
            .finish_non_exhaustive()
    }
}
