//! The invariants of R-3 and §S (I1–I8), checked on every restored snapshot and after every
//! step of the random-simulation tests.

use super::deck::SUCCESSION_POSITIONS;
use super::influence::{MAX_INFLUENCE, SLOT_SIZE, slot_levels, slot_piece};
use super::sequence::Frame;
use super::state::{CAVALRY_TOKENS, MAX_RESOURCES};
use super::{Dynasty, PieceKind, PlayOrderBox, Player, SpaceId, State};
use crate::engine::{Rule, Snapshot, Violation};

/// A broken invariant inside the checks, before it becomes a [`Violation`].
type Broken = (Rule, String);

impl State {
    /// Checks every invariant; the first one broken is returned with its rule.
    ///
    /// ```
    /// use darbar::vijayanagara::State;
    ///
    /// assert_eq!(State::new(5).check_invariants(), Ok(()));
    /// ```
    pub fn check_invariants(&self) -> Result<(), Violation> {
        // The deck comes first: the play-order check reads its layout.
        self.deck.validate()?;
        self.check_conservation()?;
        self.check_spaces()?;
        self.check_tracks()?;
        Ok(self.check_play_order()?)
    }

    /// I1 (R-3): on the map + available + on the Influence tracks = the §1.2 total, per kind.
    /// I2: the cavalry held never exceeds the 10 tokens in play.
    fn check_conservation(&self) -> Result<(), Broken> {
        for kind in PieceKind::ALL {
            let on_tracks: u16 = Player::ALL
                .into_iter()
                .filter(|&p| slot_piece(p) == Some(kind))
                .filter_map(|p| self.influence_track(p))
                .map(|t| u16::from(t.pieces_in_slots()))
                .sum();
            let on_map: u16 = SpaceId::ALL
                .iter()
                .map(|&s| u16::from(self.space(s).count(kind)))
                .sum();
            let counted = on_map + u16::from(self.available.get(kind)) + on_tracks;
            if counted != u16::from(kind.total()) {
                return Err((
                    Rule("R-3"),
                    format!(
                        "{counted} {} counted, but the game has {}",
                        kind.name(2),
                        kind.total()
                    ),
                ));
            }
        }
        let held: u16 = Player::ALL
            .iter()
            .map(|&p| u16::from(self.cavalry[p]))
            .sum();
        if held > u16::from(CAVALRY_TOKENS) {
            return Err((
                Rule("1.10"),
                format!("{held} cavalry tokens held, but only 10 exist"),
            ));
        }
        Ok(())
    }

    /// I3 (entry table §1.3), I4 (stacking §1.4(e): by construction), Tributary markers only on
    /// Provinces (§1.6), and I6 (R1/R2, §1.4(c)).
    fn check_spaces(&self) -> Result<(), Broken> {
        for space in SpaceId::ALL {
            let pieces = self.space(space);
            for kind in PieceKind::ALL {
                if pieces.count(kind) > 0 && !space.kind().admits(kind.owner()) {
                    return Err((Rule("1.3"), format!("a {kind} stands in {space}")));
                }
            }
            if self.is_tributary(space) && !space.is_province() {
                return Err((Rule("1.6"), format!("{space} carries a Tributary marker")));
            }
            if !self.rebellion_invariants_hold(space) {
                return Err((
                    Rule("1.4(c)"),
                    format!("Obedient units of the controlling faction in {space} (R1/R2)"),
                ));
            }
        }
        Ok(())
    }

    /// I7 (Resources 0..=24, Influence 0..=4) and I8 (slots empty at or below the marker, never
    /// over-full; a slot above the marker with fewer than 2 pieces is a refill in progress).
    fn check_tracks(&self) -> Result<(), Broken> {
        for player in Player::ALL {
            if self.resources[player] > MAX_RESOURCES {
                return Err((
                    Rule("1.8"),
                    format!("{player} has {} Resources", self.resources[player]),
                ));
            }
            let Some(track) = self.influence_track(player) else {
                continue;
            };
            if track.level > MAX_INFLUENCE {
                return Err((
                    Rule("1.9"),
                    format!("{player} Influence is {}", track.level),
                ));
            }
            for level in 1..=MAX_INFLUENCE {
                let held = track.slots[usize::from(level - 1)];
                let has_slot = slot_levels(player).contains(&level);
                let too_many = if !has_slot || track.level >= level {
                    0
                } else {
                    SLOT_SIZE
                };
                if held > too_many {
                    return Err((
                        Rule("1.9"),
                        format!(
                            "{player}'s track holds {held} pieces at level {level} with the \
                             marker at {}",
                            track.level
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Each branch box holds at most one cylinder (§2.3.3); outside an Event card every
    /// cylinder is Eligible or Ineligible (I9); and the Dynasty agrees with the Succession cards
    /// revealed (§2.7): Khalji before Zenith, Tughlaq after it is resolved.
    fn check_play_order(&self) -> Result<(), Broken> {
        let on_event_card = self
            .stack
            .iter()
            .any(|f| matches!(f, Frame::EventCard { .. }));
        if !on_event_card {
            for player in Player::ALL {
                let b = self.eligibility[player];
                if !matches!(b, PlayOrderBox::Eligible | PlayOrderBox::Ineligible) {
                    return Err((
                        Rule("2.3.7"),
                        format!("{player} is in the {b} box between Event cards"),
                    ));
                }
            }
        }
        for branch in [PlayOrderBox::CommandAndDecree, PlayOrderBox::EventOrCommand] {
            let taken = Player::ALL
                .iter()
                .filter(|&&p| self.eligibility[p] == branch)
                .count();
            if taken > 1 {
                return Err((
                    Rule("2.3.3"),
                    format!("{taken} factions in the {branch} box"),
                ));
            }
        }
        let revealed = self.deck.played().len();
        let zenith = SUCCESSION_POSITIONS[0];
        if revealed <= zenith && self.dynasty != Dynasty::Khalji {
            return Err((
                Rule("2.7"),
                "Tughlaq rules before Zenith is revealed".into(),
            ));
        }
        if revealed > zenith + 1 && self.dynasty != Dynasty::Tughlaq {
            return Err((
                Rule("2.5.1"),
                "Khalji still rules after Zenith was resolved".into(),
            ));
        }
        Ok(())
    }
}

impl Snapshot for State {
    const GAME: &'static str = "vijayanagara";
    const VERSION: u32 = 1;

    fn validate(&self) -> Result<(), Violation> {
        self.check_invariants()
    }
}
