//! Rule options: the readings the rules text leaves open (R-0.2).
//!
//! Each field is an item marked **(config)** in the Open questions of the specification. The
//! default is always the proposal that ruling R-0 adopts; the alternative is the other reading.
//! Options are part of every saved state and every replay record.

use serde::{Deserialize, Serialize};

use super::DeckRules;

/// How the support limit for an attack is counted (OQ-34).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SupportLimit {
    /// The limit (DS 2, BK 2, VN 1) is a total per attacked space. The default.
    #[default]
    PerAttackedSpace,
    /// The limit applies to each adjacent space with a Qasbah, Fort or Temple.
    PerStructureSpace,
}

/// The configurable rulings of Vijayanagara.
///
/// ```
/// use darbar::vijayanagara::Options;
///
/// let options = Options { natural_six_always_misses: true, ..Options::default() };
/// assert!(!Options::default().natural_six_always_misses);
/// assert_ne!(options, Options::default());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// OQ-23: a Decree with no legal effect may still be declared, as a no-op.
    /// Default `true`; `false` requires every Decree to change something.
    pub decree_may_be_empty: bool,
    /// OQ-28: on Rise of the Rebel Sultans (§2.5.2) only the cavalry gain is capped at 3.
    /// Default `false`; `true` caps the Resources gain at 3 too.
    pub succession_caps_resources: bool,
    /// OQ-34: how attack support from adjacent structure spaces is limited.
    pub support_limit: SupportLimit,
    /// OQ-39: hits use the modified die, so a 6 charged to 5 can hit. Default `false`;
    /// `true` makes a natural 6 always miss.
    pub natural_six_always_misses: bool,
    /// OQ-44(b): Punjab and Delhi plunder remove 1 / 2 Troops once. Default `false`; `true`
    /// removes them per Mongol.
    pub plunder_troops_per_mongol: bool,
    /// §1.5.2, OQ-11: a faction may give Resources and cavalry tokens to another at each of
    /// its decision points, one at a time. Default `true`; `false` leaves gifts out of the
    /// legal actions (games without negotiation, such as bot tournaments).
    pub transfers: bool,
    /// Deck convention C15: a faction may choose an event side that changes nothing.
    /// Default `false`; `true` requires the chosen side to have an effect: a side that would
    /// finish at once changing nothing and granting nothing is refused when chosen
    /// ([`Error::EventWithoutEffect`](super::Error::EventWithoutEffect)), the state unchanged.
    /// The state holds no card host, so both sides stay listed; a side that asks a choice
    /// counts as having an effect.
    pub event_requires_effect: bool,
    /// Event cards are played (§2.3.4): the Event option is offered, and the rules must hold
    /// an event host that runs the card texts
    /// ([`Vijayanagara::with_cards`](super::Vijayanagara::with_cards), which turns this on).
    /// Default `false`, because this crate alone cannot run a card: without a host, Event or
    /// Command means a Command. The published game plays its Event cards: from Rust, with
    /// `darbar_lua::vijayanagara`, whatever this field says.
    ///
    /// Always written, though `false` is this crate's default: the command line and Python play
    /// Event cards unless told not to, so a snapshot or replay record must say which it was.
    pub events: bool,
    /// The faction orders, Stay Eligible flags and Mongol operators of the deck played
    /// (§2.3.2, §2.3.4, §2.4). Default: the darbar default deck's.
    #[serde(skip_serializing_if = "DeckRules::is_standard")]
    pub deck: DeckRules,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            decree_may_be_empty: true,
            succession_caps_resources: false,
            support_limit: SupportLimit::PerAttackedSpace,
            natural_six_always_misses: false,
            plunder_troops_per_mongol: false,
            transfers: true,
            event_requires_effect: false,
            events: false,
            deck: DeckRules::standard(),
        }
    }
}
