//! Rule options: the readings the source leaves open, each defaulting to the rulings
//! (`raid_rulings.md`), which win over the specification's open-question proposals.
//! Options are part of every saved state and every replay record.

use serde::{Deserialize, Serialize};

use super::Resources;

/// The configurable rulings of the raid game.
///
/// ```
/// use darbar::raid::Options;
///
/// let options = Options::default();
/// assert_eq!(options.start.soldiers, 6); // ruling 14
/// let json = serde_json::to_string(&options).unwrap();
/// let back: Options = serde_json::from_str("{}").unwrap(); // every field has a default
/// assert_eq!(back, options);
/// assert!(json.contains("\"start\""));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The player's starting resources (RG-1.4, ruling 14). Default: soldiers 6, weapons 6,
    /// funds 4, food 10, slaves 2.
    pub start: Resources,
    /// RG-OQ-11, ruling 6: a village or town is sacked (a fort falls) only after an attacker
    /// win. Default `false`; `true` takes the literal reading: after any raid.
    pub sack_on_any_raid: bool,
    /// RG-OQ-5, RG-11: whether the units captured in earlier games of a campaign start the
    /// next game in the player's army (and are no longer placed at their sites). Default
    /// `false`, the RG-OQ-5 proposal: captured units stay with the player for the current
    /// game only and are back at their fixed sites in the next one.
    pub captured_units_carry_over: bool,
    /// Ruling 13's optional variant: the two castles can be scouted and raided, generated from
    /// the castle row of the generation table (the fort's dice with one more die per
    /// resource, 《Castle Wall》 and 〈Elite〉), with no war status and no unique units.
    /// Default `false`: castles are reserved.
    pub castles_in_play: bool,
    /// Ruling 16's optional variant: a fort in Crisis fights with half its soldiers (rounded
    /// up, RG-0.2). Default `false`: the war status does not change battles.
    pub crisis_halves_fort: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            start: Resources {
                soldiers: 6,
                funds: 4,
                food: 10,
                weapons: 6,
                slaves: 2,
            },
            sack_on_any_raid: false,
            captured_units_carry_over: false,
            castles_in_play: false,
            crisis_halves_fort: false,
        }
    }
}
