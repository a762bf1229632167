//! The decision model: at every point a state says who must decide, what kind of decision it
//! is, and the finite list of legal choices.
//!
//! Compound moves are sequences of such small decisions, so bots and notebooks can enumerate and
//! mask them.

use serde::{Deserialize, Serialize};

/// A decision a game is waiting for.
///
/// `P` names who decides (a player or faction), `K` what is being decided, `A` the actions that
/// answer it. `choices` is never empty: a decision with nothing to choose would be a dead end.
///
/// ```
/// use darbar::engine::Decision;
///
/// let d = Decision::new("north", "direction", vec!["left", "right"]).unwrap();
/// assert!(d.allows(&"left"));
/// assert!(Decision::<&str, &str, &str>::new("north", "direction", vec![]).is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision<P, K, A> {
    /// Who must decide.
    pub player: P,
    /// What is being decided.
    pub kind: K,
    /// Every legal answer, in a stable order.
    pub choices: Vec<A>,
}

impl<P, K, A: PartialEq> Decision<P, K, A> {
    /// A decision, or `None` when there is nothing to choose from.
    pub fn new(player: P, kind: K, choices: Vec<A>) -> Option<Self> {
        (!choices.is_empty()).then_some(Decision {
            player,
            kind,
            choices,
        })
    }

    /// Whether `action` is one of the legal choices.
    pub fn allows(&self, action: &A) -> bool {
        self.choices.contains(action)
    }
}
