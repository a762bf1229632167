//! Reading and checking the table a card file returns: [`DeckError`] and the header checks of
//! [`CardHost`](super::CardHost)'s loaders.

use std::fmt;

use darbar::engine::CardText;
use darbar::vijayanagara::{
    EVENT_CARDS, EventCard, MONGOL_INVASION_CARDS, MongolInvasionCard, Player, parse_order,
};
use mlua::{Table, Value};
use thiserror::Error;

use crate::ScriptError;

/// Why a deck of card files was refused. Every variant names the file, and the line when it is
/// known ([`DeckError::line`]).
///
/// ```
/// use darbar_lua::{CardHost, DeckError};
///
/// let err = CardHost::from_sources(&[("07.lua", "return {\n  number = 7,\n  title = = 1 }")])
///     .unwrap_err();
/// assert_eq!(err.file(), "07.lua");
/// assert_eq!(err.line(), Some(3));
/// assert!(matches!(err, DeckError::Script { .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DeckError {
    /// A file or directory could not be read.
    #[error("{path}: {message}")]
    Read {
        /// The path.
        path: String,
        /// What the operating system said.
        message: String,
    },
    /// The file does not compile ([`ScriptError::Syntax`], with Lua's line), or running it to
    /// read its table failed.
    #[error("{file}: {error}")]
    Script {
        /// The card file.
        file: String,
        /// Lua's error.
        error: ScriptError,
    },
    /// The table the file returns is not a valid card.
    #[error("{file}{}: {message}", at(*line))]
    Header {
        /// The card file.
        file: String,
        /// The line that sets the offending field, when it can be found in the source.
        line: Option<u32>,
        /// What is wrong.
        message: String,
    },
    /// Two files define the same card number.
    #[error("{file}: card {number} is already defined by {first}")]
    Duplicate {
        /// The second file.
        file: String,
        /// The card number.
        number: u8,
        /// The file that defined it first.
        first: String,
    },
    /// A card file whose name is a number (`07.lua`) declares another card's number.
    #[error("{file}: the file is named for card {named} but declares card {declared}")]
    WrongNumber {
        /// The card file.
        file: String,
        /// The number the file's table declares.
        declared: u8,
        /// The number in the file's name.
        named: u32,
    },
    /// A deck loaded as a whole lacks cards (deck §6: cards 1–44, each once).
    #[error("{path}: the deck has no card {}", list(numbers))]
    Missing {
        /// The directory (or source) of the deck.
        path: String,
        /// The missing card numbers.
        numbers: Vec<u8>,
    },
}

fn list(numbers: &[u8]) -> String {
    numbers
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl DeckError {
    /// The card file (or, for [`DeckError::Read`], the path) the error is about.
    pub fn file(&self) -> &str {
        match self {
            DeckError::Read { path, .. } | DeckError::Missing { path, .. } => path,
            DeckError::Script { file, .. }
            | DeckError::Header { file, .. }
            | DeckError::Duplicate { file, .. }
            | DeckError::WrongNumber { file, .. } => file,
        }
    }

    /// The line of the file, when known.
    pub fn line(&self) -> Option<u32> {
        match self {
            DeckError::Script { error, .. } => error.line(),
            DeckError::Header { line, .. } => *line,
            DeckError::Read { .. }
            | DeckError::Duplicate { .. }
            | DeckError::WrongNumber { .. }
            | DeckError::Missing { .. } => None,
        }
    }
}

fn at(line: Option<u32>) -> impl fmt::Display {
    fmt::from_fn(move |f| match line {
        Some(line) => write!(f, ":{line}"),
        None => Ok(()),
    })
}

/// What a card file declares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Header {
    /// Event cards 1–36: their data, and the two side functions are present.
    Event(EventCard),
    /// Mongol Invasion cards 37–44: carried out by the core (§2.4), so no functions.
    Invasion(MongolInvasionCard),
}

impl Header {
    pub(crate) fn number(&self) -> u8 {
        match self {
            Header::Event(card) => card.number,
            Header::Invasion(card) => card.number,
        }
    }

    /// The card's words, as file `file` gives them.
    pub(crate) fn card_text(&self, file: &str) -> CardText {
        match self {
            Header::Event(card) => card.card_text(Some(file)),
            Header::Invasion(card) => card.card_text(Some(file)),
        }
    }
}

const EVENT_FIELDS: [&str; 7] = [
    "number",
    "title",
    "order",
    "stay_eligible",
    "text",
    "unshaded",
    "shaded",
];
const INVASION_FIELDS: [&str; 4] = ["number", "title", "faction", "text"];

/// The longest title, text or faction a card file may give, in bytes: the default deck's
/// longest text is about 200 bytes, and each is copied out of Lua when the deck loads.
pub const MAX_CARD_TEXT_BYTES: usize = 4 * 1024;

/// Checks the table a card file returned and reads its header.
pub(crate) fn read(file: &str, source: &str, value: &Value) -> Result<Header, DeckError> {
    let reader = Reader { file, source };
    let Value::Table(table) = value else {
        return Err(reader.error(
            None,
            format!(
                "a card file must return a table (the card), not {}",
                value.type_name()
            ),
        ));
    };
    let number = match table.raw_get::<Value>("number") {
        Ok(Value::Integer(n)) => u8::try_from(n).ok().filter(|n| (1..=44).contains(n)),
        _ => None,
    }
    .ok_or_else(|| reader.error_at("number", "number must be an integer from 1 to 44".into()))?;
    let title = reader.string(table, "title")?;
    if title.trim().is_empty() {
        return Err(reader.error_at("title", "title must not be empty".into()));
    }
    if MONGOL_INVASION_CARDS.contains(&number) {
        reader.only_fields(table, &INVASION_FIELDS)?;
        let faction = reader.string(table, "faction")?;
        let faction = match faction.parse::<Player>() {
            Ok(p @ (Player::Bahmani | Player::Vijayanagara)) => p,
            _ => {
                return Err(reader.error_at(
                    "faction",
                    format!("{faction:?} cannot operate the Mongols; BK or VN must (§2.4.1)"),
                ));
            }
        };
        // Every Mongol Invasion card of the default deck has the same text (deck §3); it is
        // read for people only: the core carries out §2.4 whatever it says.
        let text = reader.string(table, "text")?;
        return Ok(Header::Invasion(MongolInvasionCard {
            number,
            title,
            faction,
            text,
        }));
    }
    debug_assert!(EVENT_CARDS.contains(&number));
    reader.only_fields(table, &EVENT_FIELDS)?;
    let order_text = reader.string(table, "order")?;
    let order = parse_order(&order_text).ok_or_else(|| {
        reader.error_at(
            "order",
            format!("order {order_text:?} is not an order of D, B and V (§2.3.2)"),
        )
    })?;
    let stay_eligible = match table.raw_get::<Value>("stay_eligible") {
        Ok(Value::Boolean(b)) => b,
        Ok(other) => {
            return Err(reader.error_at(
                "stay_eligible",
                format!(
                    "stay_eligible must be true or false, not {}",
                    other.type_name()
                ),
            ));
        }
        Err(e) => return Err(reader.error(None, e.to_string())),
    };
    let text = match table.raw_get::<Value>("text") {
        Ok(Value::Table(text)) => text,
        _ => {
            return Err(reader.error_at(
                "text",
                "text must be a table { unshaded = \"...\", shaded = \"...\" }".into(),
            ));
        }
    };
    reader.only_fields(&text, &["unshaded", "shaded"])?;
    let unshaded = reader.string(&text, "unshaded")?;
    let shaded = reader.string(&text, "shaded")?;
    for side in ["unshaded", "shaded"] {
        if !matches!(table.raw_get::<Value>(side), Ok(Value::Function(_))) {
            return Err(reader.error(
                None,
                format!("the card needs a function `{side} = function(ctx) ... end`"),
            ));
        }
    }
    Ok(Header::Event(EventCard {
        number,
        title,
        order,
        stay_eligible,
        unshaded,
        shaded,
    }))
}

struct Reader<'a> {
    file: &'a str,
    source: &'a str,
}

impl Reader<'_> {
    fn error(&self, line: Option<u32>, message: String) -> DeckError {
        DeckError::Header {
            file: self.file.to_owned(),
            line,
            message,
        }
    }

    /// An error about `field`, at the line that sets it.
    fn error_at(&self, field: &str, message: String) -> DeckError {
        self.error(field_line(self.source, field), message)
    }

    fn string(&self, table: &Table, field: &str) -> Result<String, DeckError> {
        match table.raw_get::<Value>(field) {
            Ok(Value::String(s)) if s.as_bytes().len() > MAX_CARD_TEXT_BYTES => Err(self.error_at(
                field,
                format!(
                    "{field} is {} bytes long; a card's texts may have at most {MAX_CARD_TEXT_BYTES} \
                     (MAX_CARD_TEXT_BYTES)",
                    s.as_bytes().len()
                ),
            )),
            Ok(Value::String(s)) => s
                .to_str()
                .map(|s| s.to_owned())
                .map_err(|_| self.error_at(field, format!("{field} must be UTF-8 text"))),
            Ok(other) => Err(self.error_at(
                field,
                format!("{field} must be a string, not {}", other.type_name()),
            )),
            Err(e) => Err(self.error(None, e.to_string())),
        }
    }

    /// Refuses keys other than `allowed`: a misspelt field would otherwise be ignored.
    fn only_fields(&self, table: &Table, allowed: &[&str]) -> Result<(), DeckError> {
        for pair in table.clone().pairs::<Value, Value>() {
            let (key, _) = pair.map_err(|e| self.error(None, e.to_string()))?;
            let known = match &key {
                Value::String(s) => s.to_str().is_ok_and(|s| allowed.contains(&&*s)),
                _ => false,
            };
            if !known {
                let name = match &key {
                    Value::String(s) => format!("{:?}", crate::args::shown(s)),
                    other => format!("a {} key", other.type_name()),
                };
                let line = match &key {
                    Value::String(s) if s.as_bytes().len() <= 64 => {
                        field_line(self.source, &s.to_string_lossy())
                    }
                    _ => None,
                };
                return Err(self.error(
                    line,
                    format!(
                        "unknown field {name} (the fields are {})",
                        allowed.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// The first line of `source` that assigns `field` (`field =`, not `field ==`), found by a
/// plain text search: Lua keeps no line numbers for table fields.
fn field_line(source: &str, field: &str) -> Option<u32> {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    for (index, line) in source.lines().enumerate() {
        let mut rest = line;
        let mut offset = 0;
        while let Some(found) = rest.find(field) {
            let start = offset + found;
            let end = start + field.len();
            let before_ok = !line[..start].ends_with(is_ident);
            let after = line[end..].trim_start();
            if before_ok && after.starts_with('=') && !after.starts_with("==") {
                return u32::try_from(index + 1).ok();
            }
            offset = end;
            rest = &line[end..];
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_found_by_their_assignment() {
        let source = "return {\n  number = 7,\n  -- order\n  order= \"DBV\",\n  x = order == 1 }";
        assert_eq!(field_line(source, "number"), Some(2));
        assert_eq!(field_line(source, "order"), Some(4));
        assert_eq!(field_line(source, "title"), None);
        assert_eq!(field_line("reorder = 1\norder = 2", "order"), Some(2));
    }

    #[test]
    fn orders_are_permutations() {
        assert_eq!(
            parse_order("D V B"),
            Some([Player::Sultanate, Player::Vijayanagara, Player::Bahmani])
        );
        for bad in ["DDB", "DB", "DBVV", "dbv", "DBX"] {
            assert_eq!(parse_order(bad), None, "{bad}");
        }
    }

    #[test]
    fn errors_name_file_and_line() {
        let err = DeckError::Header {
            file: "03.lua".into(),
            line: Some(4),
            message: "boom".into(),
        };
        assert_eq!(err.to_string(), "03.lua:4: boom");
        assert_eq!(err.line(), Some(4));
        assert_eq!(err.file(), "03.lua");
    }
}
