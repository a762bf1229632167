//! `ctx`, the object a card's side function receives: the read-only queries of `game`, the
//! validated effects of the core, the grants and the mid-effect choices.
//!
//! `ctx` is lent for one run through [`mlua::Scope`] and borrows the scratch copy of the state
//! mutably. Every effect calls validated primitives of [`State`]; when the core refuses, the
//! Lua error carries the core's message, which names the rule (`ctx:place: a Fort may not stand
//! in Delhi (§1.3)`). The core throws the scratch copy away whenever a run does not finish, so
//! an effect that fails half-way through a card leaves nothing behind.
//!
//! Names are strings, as for `game`: spaces as printed, players `"DS"`, `"BK"`, `"VN"`, piece
//! kinds `"Troop"` … `"Mongol"` (singular or plural), states `"Obedient"` / `"Rebelling"`.
//! Counts are integers from 0 to 255. Methods that take a table (`ctx:f{...}`) refuse unknown
//! keys, so a misspelt option is an error rather than ignored. Texts and lists are bounded
//! ([`MAX_TEXT_BYTES`], [`MAX_PROMPT_BYTES`], [`MAX_LIST_ITEMS`]) and refused before they are
//! copied out of Lua.
//!
//! # Queries
//!
//! Every Vijayanagara method of `game` ([`crate::games::vijayanagara`]; not the generic ones):
//! `ctx:pieces(space)`, `ctx:control(space)`, `ctx:available(kind)`,
//! `ctx:resources(player)`, … and:
//!
//! | Method | Returns |
//! |---|---|
//! | `ctx:executor()` | the faction carrying out the Event (C1): `"DS"`, `"BK"` or `"VN"` |
//! | `ctx:card()` | the card's number |
//! | `ctx:side()` | `"unshaded"` or `"shaded"` |
//! | `ctx:lasting(id)` | whether a lasting effect is in force (ids of deck §2.1) |
//!
//! # Effects
//!
//! Each is exact: it does what it says or raises an error and changes nothing. The deck's
//! "as far as possible" (C2, C3, C10) is the script's to compute, usually with
//! `math.min(n, ctx:available(kind))`; `ctx:remove_pieces` and `ctx:move_pieces` do it for
//! choices of pieces.
//!
//! | Method | Does (core primitive) | Returns |
//! |---|---|---|
//! | `ctx:place(space, kind, n [, state])` | places from the owner's box; Amirs and Rajas Obedient unless `"Rebelling"` (C3; `State::place`) | `n` |
//! | `ctx:remove(space, kind, n [, state])` | to the owner's box (C4; `State::remove`) | `n` |
//! | `ctx:move(from, to, kind, n [, state])` | C5: no adjacency, entry table applies, a Rebelling unit entering a Tributary Province turns Obedient (`State::move_units`) | `n` |
//! | `ctx:set_rebelling(space, kind, n)` / `ctx:set_obedient(space, kind, n)` | turns `n` Amirs or Rajas (`State::set_loyalty`); R1/R2 still win | `n` |
//! | `ctx:add_tributary(space)` / `ctx:remove_tributary(space)` | C11 (`State::set_tributary`) | whether it changed |
//! | `ctx:shift_influence(player, steps)` | C8 (`State::shift_influence`); a released slot goes to the box, and a slot the marker drops below is refilled at once, the Influence faction choosing each piece's source when there is more than one (`Action::Refill`, `State::refill_from`) | the new level |
//! | `ctx:gain_resources(player, n)` / `ctx:lose_resources(player, n)` | C9, capped at 24 / stops at 0 | the change |
//! | `ctx:pay(player, n)` | refused if it cannot be paid (`State::pay`) | `n` |
//! | `ctx:gain_cavalry(player, n)` | from the pool only (`State::gain_cavalry_from_pool`) | tokens taken |
//! | `ctx:take_cavalry(player, n)` | a gain's shortfall (C10, OQ-19): one token at a time from another holder, the gainer choosing when two hold some | tokens taken |
//! | `ctx:give_cavalry(from, to, n)` | a direct move (`State::take_cavalry`) | `n` |
//! | `ctx:return_cavalry(player, n)` | to the pool (`State::return_cavalry`) | `n` |
//! | `ctx:add_lasting(id)` | C14: recorded when the event resolves, after the Commands and Decrees it grants (`Grant::Lasting`) | — |
//! | `ctx:remove_pieces{from=, kinds=, state=, n=, up_to=, player=, prompt=}` | removes `n` pieces (default 1) of `kinds` from the space or list of spaces `from`, one at a time (below) | how many |
//! | `ctx:move_pieces{from=, to=, kinds=, state=, n=, up_to=, player=, prompt=}` | moves them into `to`, as `ctx:move` | how many |
//! | `ctx:log(...)` | adds a line to the game's log (once the effect is complete): the values, tab-separated; strings, numbers, booleans and `nil` only (`tostring` makes text of anything else) | — |
//! | `ctx:count(n, one [, many])` | words for a count in the log, as the core writes them: `one` when the integer `n` is 1, else `many` (default `one .. "s"`); the words are names, at most [`MAX_ARG_BYTES`](crate::args::MAX_ARG_BYTES) bytes | `"1 Troop"`, `"3 Troops"` |
//!
//! For Amirs and Rajas, `state` may be left out of `ctx:remove` and `ctx:move` only when it
//! does not matter: every such unit there is in one state, or `n` takes them all.
//!
//! `ctx:remove_pieces` and `ctx:move_pieces` carry out "remove/move n … (X chooses)": with
//! `up_to = true` the chooser first picks how many, 0 to n (`Action::Count`, C2); then each
//! piece is taken one at a time, and the chooser (`player`, default the executor) picks which
//! (`Action::Remove` / `Action::Move`) only when the answer matters, that is when pieces of
//! more than one kind, state or space qualify and not all of them go. If fewer qualify, all go.
//!
//! # Grants
//!
//! Collected in order into [`EventProgress::Done`]; the core carries them out after the effect
//! (C6, §3.1.3). An effect may grant or queue at most [`EventProgress::MAX_GRANTS`] Commands,
//! Decrees and lasting effects; the one that would go over is refused with an error naming
//! the limit.
//!
//! - `ctx:grant_command{faction=, command=, limited=, spaces=, max_spaces=, rebel_under_khalji=, optional=}`:
//!   a free Command of `faction` (`"Rally"`, `"Conscript"`, … as the rules name them);
//!   `limited` = exactly one space; `spaces` = the spaces it may select (default any);
//!   `max_spaces` = at most that many; `rebel_under_khalji` (C7); `optional` = the faction may
//!   select no space at all (C6: "may", "in up to n spaces"). Without `optional` the Command
//!   selects at least one space once it starts, if any is legal.
//! - `ctx:grant_decree{faction=, decree=, spaces=, max_spaces=, influence_extension=}`: a free
//!   Decree (`"Build"`, `"Campaign"`, …); `spaces` = the spaces it may target (for Campaign,
//!   its destinations: only paths that can end in one are offered); `max_spaces` = at most
//!   that many targets; `influence_extension` = Conspire reaches as with Influence ≥ 2
//!   (§4.3.3). A Decree may always end with no target (OQ-23).
//!
//! # Choices
//!
//! Each asks `player` (default the executor, C1) and returns the answer; with nothing to offer
//! it returns `nil` at once and asks nothing (C2: do what can be done). `prompt` is the
//! question the player sees (`State::event_prompt`).
//!
//! | Method | Offers | Returns |
//! |---|---|---|
//! | `ctx:choose_space{among=, player=, prompt=, optional=}` | `Action::Select` of each space, plus `Action::Done` when `optional` | the space name, or `nil` for Done |
//! | `ctx:choose_yes_no{player=, prompt=}` | `Action::Yes`, `Action::No` | `true` / `false` |
//! | `ctx:choose_number{min=, max=, player=, prompt=}` | `Action::Count(min..=max)` (`min` default 0) | the number |
//! | `ctx:choose_faction{among=, player=, prompt=}` | `Action::Faction` of each faction listed | its abbreviation |
//! | `ctx:choose_option{options=, player=, prompt=}` | `Action::Choose(1..=n)` for the `n` option texts, which the question lists | the chosen text |
//!
//! The answers are replayed (architecture principle 8): a run starts with the answers given so
//! far, and each choice takes the next one, checked against the options it offers now (an
//! answer that is not among them is an error). When none is left, the choice records the
//! options and stops the script; the run then answers [`EventProgress::Choice`]. The stop is
//! an error that `pcall` cannot catch. A run that finishes without using every answer given is
//! an error too.
//!
//! [`EventProgress::Done`]: darbar::vijayanagara::EventProgress::Done
//! [`EventProgress::Choice`]: darbar::vijayanagara::EventProgress::Choice

use std::cell::{Cell, RefCell};

use darbar::vijayanagara::{
    Action, CommandKind, DecreeKind, Error as CoreError, EventRun, EventSide, Grant, Lasting,
    Loyalty, Piece, PieceKind, Player, SpaceId, SpaceSet, State,
};
use mlua::{MetaMethod, Table, UserData, UserDataMethods, Value, Variadic};

use darbar::vijayanagara::EventProgress;

use crate::args::{Call, argument_error, integer, shown, string_arg, text_arg, value_text};
use crate::games::vijayanagara::{self, Viewed, kind_arg, player_arg, space_arg};
use crate::host::{Log, line_of, print_parts};
use crate::library::lua_type_name;

/// The longest `prompt` or option text a choice takes, in bytes.
pub const MAX_TEXT_BYTES: usize = 1024;

/// The longest question a choice may put, in bytes, with the options of `ctx:choose_option`
/// listed in it: the question is kept in the state (and in every snapshot) while it waits.
pub const MAX_PROMPT_BYTES: usize = 8 * 1024;

/// The longest list a `ctx` method reads (`among`, `from`, `kinds`, `options`): the map has 15
/// spaces and a choice at most 255 options, so a longer list is a mistake, refused before it is
/// read.
pub const MAX_LIST_ITEMS: usize = 256;

/// The message of the error that stops a script waiting for a choice. It is not a fault: the
/// host sees the recorded options and answers [`EventProgress::Choice`]. The sandbox's `pcall`
/// re-raises it, so a script cannot catch it.
///
/// [`EventProgress::Choice`]: darbar::vijayanagara::EventProgress::Choice
pub(crate) const WAITING: &str =
    "the card waits for a choice here (not a fault: it runs again from its start with the answer)";

/// What a run has done besides changing the scratch state.
#[derive(Default)]
pub(crate) struct Progress {
    /// The next recorded answer to replay.
    pub cursor: usize,
    /// Set when the script needs one more answer: who chooses, the options, the question.
    pub pending: Option<(Player, Vec<Action>, String)>,
    /// Free Commands and Decrees, in the order granted.
    pub grants: Vec<Grant>,
    /// Lasting effects, recorded after the grants (C14).
    pub lasting: Vec<Lasting>,
    /// `ctx:log` and `print` lines.
    pub log: Log,
}

/// The `ctx` userdata of one run.
pub(crate) struct Ctx<'a> {
    /// The scratch copy of the state.
    pub state: &'a mut State,
    /// The card side being carried out, with the answers so far.
    pub run: &'a EventRun,
    /// Choices, grants and log.
    pub progress: &'a RefCell<Progress>,
    /// The host's flag that makes the sandbox's `pcall` re-raise.
    pub halted: &'a Cell<bool>,
}

/// Adds a line of `parts` to the run's log, or ends the log if it does not fit.
fn log_parts(progress: &RefCell<Progress>, parts: &[mlua::LuaString]) {
    let Some(room) = progress.borrow().log.room() else {
        return;
    };
    match line_of(parts, room) {
        Some(line) => progress.borrow_mut().log.push(line),
        None => progress.borrow_mut().log.truncate(),
    }
}

/// The sink of the card's `print` (see `Host::print_with`): the strings measured before they
/// are joined.
pub(crate) fn print_to(progress: &RefCell<Progress>, parts: &Table, n: usize) -> mlua::Result<()> {
    let Some(room) = progress.borrow().log.room() else {
        return Ok(());
    };
    match print_parts(parts, n, room)? {
        Some(parts) => log_parts(progress, &parts),
        None => progress.borrow_mut().log.truncate(),
    }
    Ok(())
}

/// The values of a list argument, at most [`MAX_LIST_ITEMS`] (refused before more are read).
fn list_items(call: Call, list: &Table) -> mlua::Result<Vec<Value>> {
    let mut items = Vec::new();
    for value in list.sequence_values::<Value>() {
        if items.len() == MAX_LIST_ITEMS {
            return Err(argument_error(
                call,
                1,
                format!("a list of at most {MAX_LIST_ITEMS} entries expected (MAX_LIST_ITEMS)"),
            ));
        }
        items.push(value?);
    }
    Ok(items)
}

impl Viewed for Ctx<'_> {
    const OBJECT: &'static str = "ctx";

    fn state(&self) -> &State {
        self.state
    }
}

fn call(method: &'static str) -> Call {
    Call::on(Ctx::OBJECT, method)
}

/// The Lua error for an operation the core refused: its message names the rule.
fn refused(call: Call, error: CoreError) -> mlua::Error {
    mlua::Error::RuntimeError(format!("{}:{}: {error}", call.object, call.method))
}

fn waiting() -> mlua::Error {
    mlua::Error::RuntimeError(WAITING.into())
}

fn abbreviation(player: Player) -> &'static str {
    player.faction().abbreviation()
}

// ----- arguments --------------------------------------------------------------------------------

/// A count of pieces, Resources or tokens: an integer from 0 to 255.
fn count_arg(call: Call, value: &Value, position: usize) -> mlua::Result<u8> {
    integer(value)
        .and_then(|n| u8::try_from(n).ok())
        .ok_or_else(|| {
            argument_error(
                call,
                position,
                format!("a count from 0 to 255 expected, got {}", value_text(value)),
            )
        })
}

/// `"Obedient"`, `"Rebelling"` or nil.
fn loyalty_arg(call: Call, value: &Value, position: usize) -> mlua::Result<Option<Loyalty>> {
    match value {
        Value::Nil => Ok(None),
        Value::String(s) if s.as_bytes().len() > 64 => Err(argument_error(
            call,
            position,
            format!("\"Obedient\" or \"Rebelling\" expected, got {:?}", shown(s)),
        )),
        Value::String(s) => match s.to_string_lossy().trim().to_ascii_lowercase().as_str() {
            "obedient" => Ok(Some(Loyalty::Obedient)),
            "rebelling" => Ok(Some(Loyalty::Rebelling)),
            other => Err(argument_error(
                call,
                position,
                format!("\"Obedient\" or \"Rebelling\" expected, got {other:?}"),
            )),
        },
        other => Err(argument_error(
            call,
            position,
            format!(
                "\"Obedient\" or \"Rebelling\" expected, got {}",
                other.type_name()
            ),
        )),
    }
}

fn lasting_arg(call: Call, value: &Value, position: usize) -> mlua::Result<Lasting> {
    let name = string_arg(call, value, position, "lasting effect id")?;
    Lasting::ALL
        .into_iter()
        .find(|&e| e.id() == name.trim())
        .ok_or_else(|| {
            let ids: Vec<&str> = Lasting::ALL.into_iter().map(Lasting::id).collect();
            argument_error(
                call,
                position,
                format!(
                    "unknown lasting effect {:?} (the ids are {})",
                    &*name,
                    ids.join(", ")
                ),
            )
        })
}

/// The options table of a `ctx:f{...}` call, with no key outside `allowed`.
fn options_table(call: Call, value: Value, allowed: &[&str]) -> mlua::Result<Table> {
    let table = match value {
        Value::Table(table) => table,
        other => {
            return Err(argument_error(
                call,
                1,
                format!(
                    "a table of options expected ({}), got {}",
                    allowed.join(", "),
                    other.type_name()
                ),
            ));
        }
    };
    for pair in table.pairs::<Value, Value>() {
        let (key, _) = pair?;
        let known =
            matches!(&key, Value::String(s) if s.to_str().is_ok_and(|k| allowed.contains(&&*k)));
        if !known {
            let name = match &key {
                Value::String(s) => format!("{:?}", shown(s)),
                other => format!("a {} key", other.type_name()),
            };
            return Err(argument_error(
                call,
                1,
                format!(
                    "unknown option {name} (the options are {})",
                    allowed.join(", ")
                ),
            ));
        }
    }
    Ok(table)
}

/// Reads the fields of an options table, naming the field in errors.
struct Fields<'t> {
    call: Call,
    table: &'t Table,
}

impl Fields<'_> {
    fn at(&self, field: &'static str) -> Call {
        self.call.field(field)
    }

    fn value(&self, field: &'static str) -> mlua::Result<Value> {
        self.table.raw_get(field)
    }

    fn required(&self, field: &'static str) -> mlua::Result<Value> {
        match self.value(field)? {
            Value::Nil => Err(argument_error(
                self.at(field),
                1,
                "required, but missing".into(),
            )),
            value => Ok(value),
        }
    }

    fn player(&self, field: &'static str, default: Player) -> mlua::Result<Player> {
        match self.value(field)? {
            Value::Nil => Ok(default),
            value => player_arg(self.at(field), &value, 1),
        }
    }

    fn boolean(&self, field: &'static str) -> mlua::Result<bool> {
        match self.value(field)? {
            Value::Nil => Ok(false),
            Value::Boolean(b) => Ok(b),
            other => Err(argument_error(
                self.at(field),
                1,
                format!("true or false expected, got {}", other.type_name()),
            )),
        }
    }

    fn count(&self, field: &'static str) -> mlua::Result<Option<u8>> {
        match self.value(field)? {
            Value::Nil => Ok(None),
            value => count_arg(self.at(field), &value, 1).map(Some),
        }
    }

    fn text(&self, field: &'static str) -> mlua::Result<Option<String>> {
        match self.value(field)? {
            Value::Nil => Ok(None),
            value => {
                let text = text_arg(self.at(field), &value, 1, "text", MAX_TEXT_BYTES)?;
                Ok(Some(String::from(&*text)))
            }
        }
    }

    /// A set of spaces as [`Fields::spaces`] reads it; `None` when the field is absent.
    fn space_set(&self, field: &'static str) -> mlua::Result<Option<SpaceSet>> {
        Ok(match self.value(field)? {
            Value::Nil => None,
            _ => Some(self.spaces(field)?.into_iter().collect()),
        })
    }

    /// A space name or a list of them, in order, without repeats.
    fn spaces(&self, field: &'static str) -> mlua::Result<Vec<SpaceId>> {
        let call = self.at(field);
        let mut spaces: Vec<SpaceId> = Vec::new();
        match self.value(field)? {
            Value::Table(list) => {
                for value in list_items(call, &list)? {
                    let space = space_arg(call, &value, 1)?;
                    if !spaces.contains(&space) {
                        spaces.push(space);
                    }
                }
            }
            value @ Value::String(_) => spaces.push(space_arg(call, &value, 1)?),
            other => {
                return Err(argument_error(
                    call,
                    1,
                    format!(
                        "a space name or a list of space names expected, got {}",
                        other.type_name()
                    ),
                ));
            }
        }
        Ok(spaces)
    }

    /// A piece kind or a list of them, in order, without repeats.
    fn kinds(&self, field: &'static str) -> mlua::Result<Vec<PieceKind>> {
        let call = self.at(field);
        let mut kinds: Vec<PieceKind> = Vec::new();
        match self.required(field)? {
            Value::Table(list) => {
                for value in list_items(call, &list)? {
                    let kind = kind_arg(call, &value, 1)?;
                    if !kinds.contains(&kind) {
                        kinds.push(kind);
                    }
                }
            }
            value => kinds.push(kind_arg(call, &value, 1)?),
        }
        Ok(kinds)
    }
}

// ----- choices and effects ----------------------------------------------------------------------

/// Where pieces chosen by [`Ctx::transfer`] go.
#[derive(Clone, Copy)]
enum Destination {
    /// To their owner's box (C4).
    Box,
    /// Into this space (C5).
    Space(SpaceId),
}

/// What `ctx:remove_pieces` and `ctx:move_pieces` act on.
struct Selection {
    from: Vec<SpaceId>,
    kinds: Vec<PieceKind>,
    loyalty: Option<Loyalty>,
    n: u8,
    up_to: bool,
    chooser: Player,
    destination: Destination,
    /// The "how many" question.
    prompt: Option<String>,
}

impl Ctx<'_> {
    /// Refuses one more grant or lasting effect once the card has queued
    /// [`EventProgress::MAX_GRANTS`]: a card could otherwise grow the game without bound.
    fn queue(&self, call: Call) -> mlua::Result<()> {
        let progress = self.progress.borrow();
        let queued = progress.grants.len() + progress.lasting.len();
        if queued >= EventProgress::MAX_GRANTS {
            return Err(mlua::Error::RuntimeError(format!(
                "{}:{}: a card may grant or queue at most {} Commands, Decrees and lasting \
                 effects (EventProgress::MAX_GRANTS, §2.3.4)",
                call.object,
                call.method,
                EventProgress::MAX_GRANTS
            )));
        }
        Ok(())
    }

    /// Replays the next recorded answer, checked against `options`, or records `options` and
    /// stops the script. No options: `None`, and nothing is recorded (C2: nothing possible).
    fn choose(
        &self,
        call: Call,
        player: Player,
        options: Vec<Action>,
        prompt: impl FnOnce() -> String,
    ) -> mlua::Result<Option<Action>> {
        if options.is_empty() {
            return Ok(None);
        }
        let mut progress = self.progress.borrow_mut();
        if progress.pending.is_some() {
            return Err(waiting());
        }
        match self.run.choices.get(progress.cursor) {
            Some(&answer) if options.contains(&answer) => {
                progress.cursor += 1;
                Ok(Some(answer))
            }
            Some(&answer) => {
                let offered: Vec<String> = options.iter().map(|a| format!("\"{a}\"")).collect();
                Err(mlua::Error::RuntimeError(format!(
                    "{}:{}: answer {} (\"{answer}\") is not among the options offered to {}: {}",
                    call.object,
                    call.method,
                    progress.cursor + 1,
                    abbreviation(player),
                    offered.join(", ")
                )))
            }
            None => {
                progress.pending = Some((player, options, prompt()));
                self.halted.set(true);
                Err(waiting())
            }
        }
    }

    /// The pieces `n` units of `kind` in `space` are, for `ctx:remove` and `ctx:move`.
    ///
    /// Amirs and Rajas need a state unless it is unambiguous: all of them in the space are in
    /// one state, or `n` takes them all.
    fn pieces_for(
        &self,
        call: Call,
        space: SpaceId,
        kind: PieceKind,
        n: u8,
        loyalty: Option<Loyalty>,
    ) -> mlua::Result<Vec<(Piece, u8)>> {
        if !kind.has_loyalty() {
            return match loyalty {
                Some(_) => Err(refused(call, CoreError::NoLoyalty(kind))),
                None => Ok(vec![(Piece::of_kind(kind), n)]),
            };
        }
        if let Some(loyalty) = loyalty {
            return Ok(vec![(Piece::with_loyalty(kind, loyalty), n)]);
        }
        let here = self.state.space(space);
        let obedient = here.count_piece(Piece::with_loyalty(kind, Loyalty::Obedient));
        let rebelling = here.count_piece(Piece::with_loyalty(kind, Loyalty::Rebelling));
        if rebelling == 0 {
            Ok(vec![(Piece::with_loyalty(kind, Loyalty::Obedient), n)])
        } else if obedient == 0 {
            Ok(vec![(Piece::with_loyalty(kind, Loyalty::Rebelling), n)])
        } else if n == obedient + rebelling {
            Ok(vec![
                (Piece::with_loyalty(kind, Loyalty::Obedient), obedient),
                (Piece::with_loyalty(kind, Loyalty::Rebelling), rebelling),
            ])
        } else {
            Err(mlua::Error::RuntimeError(format!(
                "{}:{}: {space} holds Obedient and Rebelling {}; say which (\"Obedient\" or \
                 \"Rebelling\")",
                call.object,
                call.method,
                kind.name(2)
            )))
        }
    }

    /// Moves as the deck's C5 says: the entry table still applies (§1.3); a Rebelling unit
    /// moved into a Tributary Province becomes Obedient; R1/R2 then apply (in the core).
    fn move_piece(
        &mut self,
        call: Call,
        from: SpaceId,
        to: SpaceId,
        piece: Piece,
        n: u8,
    ) -> mlua::Result<()> {
        self.state
            .move_units(from, to, piece, n)
            .map_err(|e| refused(call, e))?;
        if piece.loyalty() == Some(Loyalty::Rebelling) && self.state.is_tributary(to) && n > 0 {
            self.state
                .set_loyalty(to, piece, n)
                .map_err(|e| refused(call, e))?;
        }
        Ok(())
    }

    /// The pieces a selection may take now, with their counts.
    fn candidates(&self, selection: &Selection) -> Vec<(SpaceId, Piece, u8)> {
        let mut found = Vec::new();
        for &space in &selection.from {
            if matches!(selection.destination, Destination::Space(to) if to == space) {
                continue;
            }
            for &kind in &selection.kinds {
                let states: &[Loyalty] = match (kind.has_loyalty(), selection.loyalty) {
                    (false, _) => &[Loyalty::Obedient],
                    (true, Some(Loyalty::Obedient)) => &[Loyalty::Obedient],
                    (true, Some(Loyalty::Rebelling)) => &[Loyalty::Rebelling],
                    (true, None) => &[Loyalty::Obedient, Loyalty::Rebelling],
                };
                for &loyalty in states {
                    let piece = Piece::with_loyalty(kind, loyalty);
                    let count = self.state.space(space).count_piece(piece);
                    if count > 0 {
                        found.push((space, piece, count));
                    }
                }
            }
        }
        found
    }

    /// Refills released Influence slots at once, the Influence faction choosing each piece's
    /// source (deck C8, §1.9). With no piece anywhere the slot stays short.
    fn refill(&mut self, call: Call) -> mlua::Result<()> {
        while let Some((player, level)) = self.state.pending_refill() {
            let options: Vec<Action> = self
                .state
                .refill_sources()
                .into_iter()
                .map(Action::Refill)
                .collect();
            let source = match options.as_slice() {
                [] => break,
                [Action::Refill(only)] => *only,
                _ => match self.choose(call, player, options, || {
                    format!("Refill the Influence slot at level {level} from")
                })? {
                    Some(Action::Refill(source)) => source,
                    _ => break,
                },
            };
            self.state
                .refill_from(source)
                .map_err(|e| refused(call, e))?;
        }
        Ok(())
    }

    /// Removes or moves `n` pieces of a selection, one at a time, asking the chooser only
    /// when the answer matters (C2, C4, C5). "Up to n" first asks how many.
    fn transfer(&mut self, call: Call, selection: &Selection) -> mlua::Result<u8> {
        let total = |c: &[(SpaceId, Piece, u8)]| c.iter().map(|&(_, _, n)| u32::from(n)).sum();
        let mut target = selection.n;
        if selection.up_to {
            let available: u32 = total(&self.candidates(selection));
            let max = u8::try_from(available.min(u32::from(selection.n))).unwrap_or(u8::MAX);
            if max == 0 {
                return Ok(0);
            }
            let options = (0..=max).map(Action::Count).collect();
            target = match self.choose(call, selection.chooser, options, || {
                selection
                    .prompt
                    .clone()
                    .unwrap_or_else(|| "How many?".into())
            })? {
                Some(Action::Count(n)) => n,
                _ => 0,
            };
        }
        let mut done = 0;
        while done < target {
            let candidates = self.candidates(selection);
            let Some(&(first_space, first_piece, _)) = candidates.first() else {
                break;
            };
            let no_choice = candidates.len() == 1 || total(&candidates) <= u32::from(target - done);
            let (space, piece) = if no_choice {
                (first_space, first_piece)
            } else {
                let options = candidates
                    .iter()
                    .map(|&(space, piece, _)| match selection.destination {
                        Destination::Box => Action::Remove { space, piece },
                        Destination::Space(_) => Action::Move { from: space, piece },
                    })
                    .collect();
                let which = || match selection.destination {
                    Destination::Box => "Which piece is removed next?".to_owned(),
                    Destination::Space(to) => format!("Which piece moves to {to} next?"),
                };
                match self.choose(call, selection.chooser, options, which)? {
                    Some(Action::Remove { space, piece } | Action::Move { from: space, piece }) => {
                        (space, piece)
                    }
                    _ => break,
                }
            };
            match selection.destination {
                Destination::Box => self
                    .state
                    .remove(space, piece, 1)
                    .map_err(|e| refused(call, e))?,
                Destination::Space(to) => self.move_piece(call, space, to, piece, 1)?,
            }
            done += 1;
        }
        Ok(done)
    }

    fn selection(
        &self,
        call: Call,
        fields: &Fields,
        destination: Destination,
    ) -> mlua::Result<Selection> {
        let kinds = fields.kinds("kinds")?;
        if let Destination::Space(_) = destination
            && let Some(&structure) = kinds.iter().find(|k| k.is_structure())
        {
            return Err(refused(call, CoreError::StructuresDoNotMove(structure)));
        }
        let loyalty = loyalty_arg(fields.at("state"), &fields.value("state")?, 1)?;
        if loyalty.is_some()
            && let Some(&kind) = kinds.iter().find(|k| !k.has_loyalty())
        {
            return Err(refused(call, CoreError::NoLoyalty(kind)));
        }
        Ok(Selection {
            from: fields.spaces("from")?,
            kinds,
            loyalty,
            n: fields.count("n")?.unwrap_or(1),
            up_to: fields.boolean("up_to")?,
            chooser: fields.player("player", self.run.executor)?,
            destination,
            prompt: fields.text("prompt")?,
        })
    }
}

impl UserData for Ctx<'_> {
    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        methods.add_meta_method(MetaMethod::ToString, |_, this, ()| {
            Ok(format!(
                "ctx of card {} ({}), carried out by {}",
                this.run.card,
                side_name(this.run.side),
                abbreviation(this.run.executor)
            ))
        });
        vijayanagara::add_view_methods(methods);

        // ----- the run ----------------------------------------------------------------------
        methods.add_method("executor", |_, this, ()| {
            Ok(abbreviation(this.run.executor))
        });
        methods.add_method("card", |_, this, ()| Ok(this.run.card));
        methods.add_method("side", |_, this, ()| Ok(side_name(this.run.side)));
        methods.add_method("lasting", |_, this, id: Value| {
            let effect = lasting_arg(call("lasting"), &id, 1)?;
            Ok(this.state.lasting_effects().contains(effect))
        });

        // ----- pieces -----------------------------------------------------------------------
        methods.add_method_mut(
            "place",
            |_, this, (space, kind, n, state): (Value, Value, Value, Value)| {
                let call = call("place");
                let space = space_arg(call, &space, 1)?;
                let kind = kind_arg(call, &kind, 2)?;
                let n = count_arg(call, &n, 3)?;
                let loyalty = loyalty_arg(call, &state, 4)?;
                if loyalty.is_some() && !kind.has_loyalty() {
                    return Err(refused(call, CoreError::NoLoyalty(kind)));
                }
                // C3: placed Amirs and Rajas are Obedient unless the text says otherwise.
                let piece = Piece::with_loyalty(kind, loyalty.unwrap_or(Loyalty::Obedient));
                this.state
                    .place(space, piece, n)
                    .map_err(|e| refused(call, e))?;
                Ok(n)
            },
        );
        methods.add_method_mut(
            "remove",
            |_, this, (space, kind, n, state): (Value, Value, Value, Value)| {
                let call = call("remove");
                let space = space_arg(call, &space, 1)?;
                let kind = kind_arg(call, &kind, 2)?;
                let n = count_arg(call, &n, 3)?;
                let loyalty = loyalty_arg(call, &state, 4)?;
                for (piece, k) in this.pieces_for(call, space, kind, n, loyalty)? {
                    this.state
                        .remove(space, piece, k)
                        .map_err(|e| refused(call, e))?;
                }
                Ok(n)
            },
        );
        methods.add_method_mut(
            "move",
            |_, this, (from, to, kind, n, state): (Value, Value, Value, Value, Value)| {
                let call = call("move");
                let from = space_arg(call, &from, 1)?;
                let to = space_arg(call, &to, 2)?;
                let kind = kind_arg(call, &kind, 3)?;
                let n = count_arg(call, &n, 4)?;
                let loyalty = loyalty_arg(call, &state, 5)?;
                for (piece, k) in this.pieces_for(call, from, kind, n, loyalty)? {
                    this.move_piece(call, from, to, piece, k)?;
                }
                Ok(n)
            },
        );
        for (name, from) in [
            ("set_rebelling", Loyalty::Obedient),
            ("set_obedient", Loyalty::Rebelling),
        ] {
            methods.add_method_mut(
                name,
                move |_, this, (space, kind, n): (Value, Value, Value)| {
                    let call = call(name);
                    let space = space_arg(call, &space, 1)?;
                    let kind = kind_arg(call, &kind, 2)?;
                    let n = count_arg(call, &n, 3)?;
                    this.state
                        .set_loyalty(space, Piece::with_loyalty(kind, from), n)
                        .map_err(|e| refused(call, e))?;
                    Ok(n)
                },
            );
        }
        for (name, tributary) in [("add_tributary", true), ("remove_tributary", false)] {
            methods.add_method_mut(name, move |_, this, space: Value| {
                let call = call(name);
                let space = space_arg(call, &space, 1)?;
                let before = this.state.is_tributary(space);
                this.state
                    .set_tributary(space, tributary)
                    .map_err(|e| refused(call, e))?;
                Ok(before != tributary)
            });
        }
        methods.add_method_mut("remove_pieces", |_, this, options: Value| {
            let call = call("remove_pieces");
            let table = options_table(
                call,
                options,
                &["from", "kinds", "state", "n", "up_to", "player", "prompt"],
            )?;
            let fields = Fields {
                call,
                table: &table,
            };
            let selection = this.selection(call, &fields, Destination::Box)?;
            this.transfer(call, &selection)
        });
        methods.add_method_mut("move_pieces", |_, this, options: Value| {
            let call = call("move_pieces");
            let table = options_table(
                call,
                options,
                &[
                    "from", "to", "kinds", "state", "n", "up_to", "player", "prompt",
                ],
            )?;
            let fields = Fields {
                call,
                table: &table,
            };
            let to = space_arg(fields.at("to"), &fields.required("to")?, 1)?;
            let selection = this.selection(call, &fields, Destination::Space(to))?;
            this.transfer(call, &selection)
        });

        // ----- tracks, Resources, cavalry ---------------------------------------------------
        methods.add_method_mut(
            "shift_influence",
            |_, this, (faction, steps): (Value, Value)| {
                let call = call("shift_influence");
                let player = player_arg(call, &faction, 1)?;
                let steps = integer(&steps)
                    .and_then(|s| i8::try_from(s).ok())
                    .ok_or_else(|| {
                        argument_error(
                            call,
                            2,
                            format!("a number of steps expected, got {}", value_text(&steps)),
                        )
                    })?;
                let level = this
                    .state
                    .shift_influence(player, steps)
                    .map_err(|e| refused(call, e))?;
                this.refill(call)?;
                Ok(level)
            },
        );
        methods.add_method_mut("gain_resources", |_, this, (faction, n): (Value, Value)| {
            let call = call("gain_resources");
            let player = player_arg(call, &faction, 1)?;
            Ok(this.state.gain_resources(player, count_arg(call, &n, 2)?))
        });
        methods.add_method_mut("lose_resources", |_, this, (faction, n): (Value, Value)| {
            let call = call("lose_resources");
            let player = player_arg(call, &faction, 1)?;
            Ok(this.state.lose_resources(player, count_arg(call, &n, 2)?))
        });
        methods.add_method_mut("pay", |_, this, (faction, n): (Value, Value)| {
            let call = call("pay");
            let player = player_arg(call, &faction, 1)?;
            let n = count_arg(call, &n, 2)?;
            this.state.pay(player, n).map_err(|e| refused(call, e))?;
            Ok(n)
        });
        methods.add_method_mut("gain_cavalry", |_, this, (faction, n): (Value, Value)| {
            let call = call("gain_cavalry");
            let player = player_arg(call, &faction, 1)?;
            Ok(this
                .state
                .gain_cavalry_from_pool(player, count_arg(call, &n, 2)?))
        });
        methods.add_method_mut("take_cavalry", |_, this, (faction, n): (Value, Value)| {
            let call = call("take_cavalry");
            let gainer = player_arg(call, &faction, 1)?;
            let n = count_arg(call, &n, 2)?;
            let mut taken = 0;
            while taken < n {
                let holders: Vec<Player> = Player::ALL
                    .into_iter()
                    .filter(|&p| p != gainer && this.state.cavalry(p) > 0)
                    .collect();
                let from = match holders.as_slice() {
                    [] => break,
                    [only] => *only,
                    _ => match this.choose(
                        call,
                        gainer,
                        holders.iter().map(|&p| Action::TakeCavalry(p)).collect(),
                        || "Take a cavalry token from whom?".into(),
                    )? {
                        Some(Action::TakeCavalry(p)) => p,
                        _ => break,
                    },
                };
                this.state
                    .take_cavalry(from, gainer, 1)
                    .map_err(|e| refused(call, e))?;
                taken += 1;
            }
            Ok(taken)
        });
        methods.add_method_mut(
            "give_cavalry",
            |_, this, (from, to, n): (Value, Value, Value)| {
                let call = call("give_cavalry");
                let from = player_arg(call, &from, 1)?;
                let to = player_arg(call, &to, 2)?;
                let n = count_arg(call, &n, 3)?;
                this.state
                    .take_cavalry(from, to, n)
                    .map_err(|e| refused(call, e))?;
                Ok(n)
            },
        );
        methods.add_method_mut("return_cavalry", |_, this, (faction, n): (Value, Value)| {
            let call = call("return_cavalry");
            let player = player_arg(call, &faction, 1)?;
            let n = count_arg(call, &n, 2)?;
            this.state
                .return_cavalry(player, n)
                .map_err(|e| refused(call, e))?;
            Ok(n)
        });
        methods.add_method_mut("add_lasting", |_, this, id: Value| {
            let effect = lasting_arg(call("add_lasting"), &id, 1)?;
            // C14: recorded when the event resolves, after what the card grants.
            this.queue(call("add_lasting"))?;
            this.progress.borrow_mut().lasting.push(effect);
            Ok(())
        });

        // ----- grants -----------------------------------------------------------------------
        methods.add_method("grant_command", |_, this, options: Value| {
            let call = call("grant_command");
            let table = options_table(
                call,
                options,
                &[
                    "faction",
                    "command",
                    "limited",
                    "spaces",
                    "max_spaces",
                    "rebel_under_khalji",
                    "optional",
                ],
            )?;
            let fields = Fields {
                call,
                table: &table,
            };
            let player = player_arg(fields.at("faction"), &fields.required("faction")?, 1)?;
            let name = fields.required("command")?;
            let name = string_arg(fields.at("command"), &name, 1, "Command name")?;
            let commands = CommandKind::of(player.faction());
            let kind = commands
                .iter()
                .copied()
                .find(|c| c.name().eq_ignore_ascii_case(name.trim()))
                .ok_or_else(|| {
                    let names: Vec<&str> = commands.iter().map(|c| c.name()).collect();
                    argument_error(
                        fields.at("command"),
                        1,
                        format!(
                            "{} has no Command {:?} (its Commands are {})",
                            abbreviation(player),
                            &*name,
                            names.join(", ")
                        ),
                    )
                })?;
            let only = fields.space_set("spaces")?;
            let grant = Grant::Command {
                player,
                kind,
                limited: fields.boolean("limited")?,
                only,
                max_spaces: fields.count("max_spaces")?,
                rebel_under_khalji: fields.boolean("rebel_under_khalji")?,
                optional: fields.boolean("optional")?,
            };
            this.queue(call)?;
            this.progress.borrow_mut().grants.push(grant);
            Ok(())
        });
        methods.add_method("grant_decree", |_, this, options: Value| {
            let call = call("grant_decree");
            let table = options_table(
                call,
                options,
                &[
                    "faction",
                    "decree",
                    "spaces",
                    "max_spaces",
                    "influence_extension",
                ],
            )?;
            let fields = Fields {
                call,
                table: &table,
            };
            let player = player_arg(fields.at("faction"), &fields.required("faction")?, 1)?;
            let name = fields.required("decree")?;
            let name = string_arg(fields.at("decree"), &name, 1, "Decree name")?;
            let decrees = DecreeKind::of(player);
            let kind = decrees
                .iter()
                .copied()
                .find(|d| d.name().eq_ignore_ascii_case(name.trim()))
                .ok_or_else(|| {
                    let names: Vec<&str> = decrees.iter().map(|d| d.name()).collect();
                    argument_error(
                        fields.at("decree"),
                        1,
                        format!(
                            "{} has no Decree {:?} (its Decrees are {})",
                            abbreviation(player),
                            &*name,
                            names.join(", ")
                        ),
                    )
                })?;
            let grant = Grant::Decree {
                player,
                kind,
                only: fields.space_set("spaces")?,
                max_spaces: fields.count("max_spaces")?,
                influence_extension: fields.boolean("influence_extension")?,
            };
            this.queue(call)?;
            this.progress.borrow_mut().grants.push(grant);
            Ok(())
        });
        methods.add_method("log", |lua, this, values: Variadic<Value>| {
            // Text only: a table's __tostring would run inside this host method, where the
            // instruction hook cannot stop the script cleanly; tostring(value) makes text.
            let mut parts = Vec::with_capacity(values.len().min(MAX_LIST_ITEMS));
            for (i, value) in values.iter().enumerate() {
                let part = match value {
                    Value::String(s) => s.clone(),
                    Value::Integer(_) | Value::Number(_) => lua
                        .coerce_string(value.clone())?
                        .unwrap_or(lua.create_string("")?),
                    Value::Boolean(b) => lua.create_string(b.to_string())?,
                    Value::Nil => lua.create_string("nil")?,
                    other => {
                        return Err(argument_error(
                            call("log"),
                            i + 1,
                            format!(
                                "text expected (a string, number, boolean or nil), got {}; \
                                 tostring(value) makes text",
                                lua_type_name(other)
                            ),
                        ));
                    }
                };
                parts.push(part);
            }
            log_parts(this.progress, &parts);
            Ok(())
        });
        methods.add_method("count", |_, _, (n, one, many): (Value, Value, Value)| {
            let call = call("count");
            let count = integer(&n).ok_or_else(|| {
                argument_error(
                    call,
                    1,
                    format!("an integer expected, got {}", value_text(&n)),
                )
            })?;
            let one = string_arg(call, &one, 2, "the singular word")?;
            let many = match many {
                Value::Nil => format!("{}s", &*one),
                many => string_arg(call, &many, 3, "the plural word")?.to_string(),
            };
            Ok(darbar::engine::log::counted(count, &one, &many))
        });

        // ----- choices ----------------------------------------------------------------------
        methods.add_method("choose_space", |_, this, options: Value| {
            let call = call("choose_space");
            let table = options_table(call, options, &["among", "prompt", "player", "optional"])?;
            let fields = Fields {
                call,
                table: &table,
            };
            let prompt = fields.text("prompt")?;
            fields.required("among")?;
            let among = fields.spaces("among")?;
            let player = fields.player("player", this.run.executor)?;
            let mut offered: Vec<Action> = among.into_iter().map(Action::Select).collect();
            if fields.boolean("optional")? && !offered.is_empty() {
                offered.push(Action::Done);
            }
            let prompt = || prompt.unwrap_or_else(|| "Choose a space".into());
            Ok(match this.choose(call, player, offered, prompt)? {
                Some(Action::Select(space)) => Some(space.name()),
                _ => None,
            })
        });
        methods.add_method("choose_yes_no", |lua, this, options: Value| {
            let call = call("choose_yes_no");
            let options = match options {
                Value::Nil => Value::Table(lua.create_table()?),
                other => other,
            };
            let table = options_table(call, options, &["prompt", "player"])?;
            let fields = Fields {
                call,
                table: &table,
            };
            let prompt = fields.text("prompt")?;
            let player = fields.player("player", this.run.executor)?;
            let prompt = || prompt.unwrap_or_else(|| "Yes or no?".into());
            Ok(
                this.choose(call, player, vec![Action::Yes, Action::No], prompt)?
                    == Some(Action::Yes),
            )
        });
        methods.add_method("choose_number", |_, this, options: Value| {
            let call = call("choose_number");
            let table = options_table(call, options, &["min", "max", "prompt", "player"])?;
            let fields = Fields {
                call,
                table: &table,
            };
            let prompt = fields.text("prompt")?;
            let min = fields.count("min")?.unwrap_or(0);
            fields.required("max")?;
            let max = fields.count("max")?.unwrap_or(0);
            let player = fields.player("player", this.run.executor)?;
            let offered = if min <= max {
                (min..=max).map(Action::Count).collect()
            } else {
                Vec::new()
            };
            let prompt = || prompt.unwrap_or_else(|| "How many?".into());
            Ok(match this.choose(call, player, offered, prompt)? {
                Some(Action::Count(n)) => Some(n),
                _ => None,
            })
        });
        methods.add_method("choose_faction", |_, this, options: Value| {
            let call = call("choose_faction");
            let table = options_table(call, options, &["among", "prompt", "player"])?;
            let fields = Fields {
                call,
                table: &table,
            };
            let prompt = fields.text("prompt")?;
            let among = match fields.required("among")? {
                Value::Table(list) => list_items(fields.at("among"), &list)?
                    .iter()
                    .map(|value| player_arg(fields.at("among"), value, 1))
                    .collect::<mlua::Result<Vec<Player>>>()?,
                value => vec![player_arg(fields.at("among"), &value, 1)?],
            };
            let mut offered: Vec<Action> = Vec::new();
            for player in among {
                if !offered.contains(&Action::Faction(player)) {
                    offered.push(Action::Faction(player));
                }
            }
            let player = fields.player("player", this.run.executor)?;
            let prompt = || prompt.unwrap_or_else(|| "Which faction?".into());
            Ok(match this.choose(call, player, offered, prompt)? {
                Some(Action::Faction(chosen)) => Some(abbreviation(chosen)),
                _ => None,
            })
        });
        methods.add_method("choose_option", |_, this, options: Value| {
            let call = call("choose_option");
            let table = options_table(call, options, &["options", "prompt", "player"])?;
            let fields = Fields {
                call,
                table: &table,
            };
            let prompt = fields.text("prompt")?;
            let Value::Table(list) = fields.required("options")? else {
                return Err(argument_error(
                    fields.at("options"),
                    1,
                    "a list of option texts expected".into(),
                ));
            };
            let mut labels: Vec<String> = Vec::new();
            let question = prompt.as_deref().unwrap_or("Choose");
            let mut prompt_bytes = question.len() + 3;
            for value in list.sequence_values::<Value>() {
                if labels.len() == usize::from(u8::MAX) {
                    return Err(argument_error(
                        fields.at("options"),
                        1,
                        "at most 255 options".into(),
                    ));
                }
                let value = value?;
                let text = text_arg(
                    fields.at("options"),
                    &value,
                    1,
                    "option text",
                    MAX_TEXT_BYTES,
                )?;
                // "n = label; " for each option.
                prompt_bytes += text.len() + 7;
                if prompt_bytes > MAX_PROMPT_BYTES {
                    return Err(argument_error(
                        fields.at("options"),
                        1,
                        format!(
                            "the question with its options would take more than \
                             {MAX_PROMPT_BYTES} bytes (MAX_PROMPT_BYTES)"
                        ),
                    ));
                }
                labels.push(String::from(&*text));
            }
            let offered = (1..=labels.len())
                .map(|n| Action::Choose(u8::try_from(n).unwrap_or(u8::MAX)))
                .collect();
            let player = fields.player("player", this.run.executor)?;
            // The question lists the options, so `choose <n>` reads as an answer.
            let prompt = || {
                let listed: Vec<String> = labels
                    .iter()
                    .enumerate()
                    .map(|(i, label)| format!("{} = {label}", i + 1))
                    .collect();
                let question = prompt.unwrap_or_else(|| "Choose".into());
                format!("{question} ({})", listed.join("; "))
            };
            Ok(match this.choose(call, player, offered, prompt)? {
                Some(Action::Choose(n)) => labels.get(usize::from(n) - 1).cloned(),
                _ => None,
            })
        });
    }
}

/// `"unshaded"` or `"shaded"`: also the name of the side's function in the card's table.
pub(crate) fn side_name(side: EventSide) -> &'static str {
    match side {
        EventSide::Unshaded => "unshaded",
        EventSide::Shaded => "shaded",
    }
}
