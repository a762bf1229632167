//! A seat's view written out as text: the board a game shows a seat when it writes none of
//! its own ([`Game::board`](super::Game::board)). Honest by construction, since it reads
//! nothing but the view.

use serde_json::Value;

/// `view` as indented lines: `name: value` for each field (in the order of the JSON value's
/// keys), a list of plain values on one line, a list of records as numbered entries, nested
/// records indented; empty lists, empty text and absent values left out.
///
/// ```
/// use darbar::engine::view_text;
///
/// let view = serde_json::json!({
///     "round": 2,
///     "hand": ["A", "B"],
///     "seats": [{"name": "Red", "money": null}, {"name": "Blue", "money": 12}],
///     "prompt": null,
/// });
/// assert_eq!(
///     view_text(&view),
///     "hand: A, B\nround: 2\nseats:\n  1. name: Red\n  2. money: 12\n     name: Blue\n"
/// );
/// ```
pub fn view_text(view: &Value) -> String {
    let mut text = String::new();
    write_fields(&mut text, view, 0);
    text
}

/// Whether a value is worth a line.
fn shown(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::String(s) => !s.is_empty(),
        Value::Array(items) => !items.is_empty(),
        Value::Object(fields) => fields.values().any(shown),
        _ => true,
    }
}

/// A value that fits on its line: a plain value, or a list of plain values.
fn inline(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Bool(b) => Some(if *b { "yes" } else { "no" }.to_owned()),
        Value::Number(n) => Some(n.to_string()),
        Value::Array(items) => items
            .iter()
            .map(|item| match item {
                Value::Array(_) | Value::Object(_) => None,
                Value::Null => Some("-".to_owned()),
                plain => inline(plain),
            })
            .collect::<Option<Vec<_>>>()
            .map(|items| items.join(", ")),
        Value::Null | Value::Object(_) => None,
    }
}

/// The fields of a record (or a value standing alone) at `indent` spaces.
fn write_fields(text: &mut String, value: &Value, indent: usize) {
    let pad = " ".repeat(indent);
    let Value::Object(fields) = value else {
        if let Some(line) = inline(value) {
            text.push_str(&format!("{pad}{line}\n"));
        }
        return;
    };
    for (name, value) in fields.iter().filter(|(_, v)| shown(v)) {
        match (inline(value), value) {
            (Some(line), _) => text.push_str(&format!("{pad}{name}: {line}\n")),
            (None, Value::Array(items)) => {
                text.push_str(&format!("{pad}{name}:\n"));
                for (i, item) in items.iter().enumerate() {
                    let number = format!("{}. ", i + 1);
                    let mut entry = String::new();
                    write_fields(&mut entry, item, indent + 2 + number.len());
                    // The first line of an entry carries its number.
                    let entry = match entry.trim_start_matches(' ') {
                        "" => "-\n",
                        entry => entry,
                    };
                    text.push_str(&format!("{pad}  {number}{entry}"));
                }
            }
            (None, record) => {
                text.push_str(&format!("{pad}{name}:\n"));
                write_fields(text, record, indent + 2);
            }
        }
    }
}
