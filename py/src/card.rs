//! The `Card` class: a card's words as the loaded deck gives them (`State.current_card()`).

use darbar::engine::CardText;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A card in the words of the deck the game loaded, so a deck of one's own shows its own:
/// `number`, `kind` (`"Event"`, `"Mongol Invasion"`, ...), `title`, the texts of its sides
/// (`unshaded` and `shaded` for an Event card, §2.3.4; `text` for a card with one; `None` for a
/// side the card does not have), `sides` (every side as `(name, text)`, in printed order) and
/// `file` (the card file of a deck made of files, else `None`).
///
/// ```python
/// card = darbar.load_game("vijayanagara").new_initial_state(seed=7).current_card()
/// print(card.title, card.unshaded, card.shaded)
/// ```
///
/// Cards are immutable. `str(card)` is the card with its texts, one side a line; `card.name`
/// is `"Event 3"`, and a card equals its name too (with the same hash), as it did when
/// `current_card()` gave the name alone.
#[pyclass(module = "darbar", name = "Card", frozen)]
pub(crate) struct Card {
    text: CardText,
}

impl Card {
    /// The Python object of a card's words.
    pub(crate) fn new(text: CardText) -> Card {
        Card { text }
    }

    fn side(&self, name: &str) -> Option<String> {
        self.text.side(name).map(str::to_owned)
    }
}

#[pymethods]
impl Card {
    /// The card's number in its deck.
    #[getter]
    fn number(&self) -> u32 {
        self.text.number
    }

    /// What kind of card it is (`"Event"`, `"Mongol Invasion"`, `"Succession"`, `"Timurid"`).
    #[getter]
    fn kind(&self) -> &str {
        &self.text.kind
    }

    /// The card's title.
    #[getter]
    fn title(&self) -> &str {
        &self.text.title
    }

    /// The kind and number: `"Event 3"`.
    #[getter]
    fn name(&self) -> String {
        format!("{} {}", self.text.kind, self.text.number)
    }

    /// The unshaded text of an Event card, or `None`.
    #[getter]
    fn unshaded(&self) -> Option<String> {
        self.side("unshaded")
    }

    /// The shaded text of an Event card, or `None`.
    #[getter]
    fn shaded(&self) -> Option<String> {
        self.side("shaded")
    }

    /// The text of a card with a single side (a Mongol Invasion card), or `None`.
    #[getter]
    fn text(&self) -> Option<String> {
        self.side("text")
    }

    /// Every side as `(name, text)`, in printed order.
    #[getter]
    fn sides(&self) -> Vec<(String, String)> {
        self.text
            .sides
            .iter()
            .map(|s| (s.name.clone(), s.text.clone()))
            .collect()
    }

    /// The card file that defines it, for a deck made of files, or `None`.
    #[getter]
    fn file(&self) -> Option<&str> {
        self.text.file.as_deref()
    }

    /// The card as a dict: `number`, `kind`, `title`, `unshaded`, `shaded`, `text`, `sides`,
    /// `file`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("number", self.number())?;
        dict.set_item("kind", self.kind())?;
        dict.set_item("title", self.title())?;
        dict.set_item("unshaded", self.unshaded())?;
        dict.set_item("shaded", self.shaded())?;
        dict.set_item("text", self.text())?;
        dict.set_item("sides", self.sides())?;
        dict.set_item("file", self.file())?;
        Ok(dict)
    }

    fn __str__(&self) -> String {
        self.text.to_string()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "<darbar.Card {} {}>",
            self.name(),
            self.text.title.as_str().into_pyobject(py)?.repr()?
        ))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Card>() {
            Ok(other) => other.get().text == self.text,
            Err(_) => other
                .extract::<String>()
                .is_ok_and(|other| other == self.name()),
        }
    }

    /// The hash of the name, so that a card and its name hash alike.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.name().into_pyobject(py)?.hash()
    }
}
