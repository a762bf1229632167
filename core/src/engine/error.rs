//! Rule citations carried by every error.
//!
//! Each game's errors are typed enums (built with `thiserror`); each variant knows the section of
//! the game's specification that it enforces, so a caller can always say *which* rule was broken.

use std::fmt;

use serde::Serialize;

/// A section of a game's rules specification: `"3.2.4"`, `"1.4(e)"`, `"OQ-35"`, `"R-1"`.
///
/// ```
/// use darbar::engine::Rule;
///
/// assert_eq!(Rule("1.7").to_string(), "§1.7");
/// assert_eq!(Rule("OQ-35").to_string(), "OQ-35");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Rule(pub &'static str);

impl Rule {
    /// The section as written in the specification, without the `§` sign.
    pub fn section(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Numbered sections take the section sign; rulings (R-3) and open questions (OQ-35)
        // are cited by name.
        if self.0.starts_with(|c: char| c.is_ascii_digit()) {
            write!(f, "§{}", self.0)
        } else {
            f.write_str(self.0)
        }
    }
}
