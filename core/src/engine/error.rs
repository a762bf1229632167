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

/// A broken invariant: the rule a state breaks and what exactly is wrong. States that break one
/// cannot arise in play; snapshots holding one are refused
/// ([`SnapshotError::Impossible`](super::SnapshotError::Impossible)).
///
/// ```
/// use darbar::engine::{Rule, Violation};
///
/// let broken = Violation::from((Rule("1.3"), "an Amir stands in Delhi".to_string()));
/// assert_eq!(broken.to_string(), "an Amir stands in Delhi (§1.3)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// The rule broken.
    pub rule: Rule,
    /// What exactly is wrong.
    pub reason: String,
}

impl From<(Rule, String)> for Violation {
    fn from((rule, reason): (Rule, String)) -> Self {
        Violation { rule, reason }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.reason, self.rule)
    }
}

impl std::error::Error for Violation {}
