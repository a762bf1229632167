//! The Mongol commands (§3.5): Amass, Advance, and the Plunder of Attack and Plunder. Their
//! battles are fought by [`super::combat`].

use super::combat::AttackPlan;
use super::lasting::Lasting;
use super::words;
use super::{Action, Error, Faction, Log, Piece, PieceKind, Player, SpaceId, State};

/// Mongols in Mountain Passes or Punjab above this move on when Amass places more (OQ-43).
const AMASS_OVERFLOW: u8 = 4;
/// Mongols above this in a space return to the box after Attack and Plunder (§3.5.3).
const PLUNDER_CAP: u8 = 3;
/// DS Resources that Plunder in Mountain Passes cannot go below (OQ-44).
const MOUNTAIN_PASSES_FLOOR: u8 = 3;

impl State {
    /// Amass (§3.5.1, OQ-43): place min(3, available) Mongols in Mountain Passes; the excess
    /// over 4 there moves to Punjab, then the excess over 4 in Punjab moves to Delhi.
    pub(crate) fn amass(&mut self, log: &mut Log) -> Result<(), Error> {
        let n = self.available().mongols.min(3);
        self.place(SpaceId::MountainPasses, Piece::Mongol, n)?;
        log.say(|| {
            format!(
                "MI Amasses: +{} in Mountain Passes",
                words::pieces(n, PieceKind::Mongol)
            )
        });
        for (from, to) in [
            (SpaceId::MountainPasses, SpaceId::Punjab),
            (SpaceId::Punjab, SpaceId::Delhi),
        ] {
            let excess = self.space(from).mongols.saturating_sub(AMASS_OVERFLOW);
            if excess > 0 {
                self.move_units(from, to, Piece::Mongol, excess)?;
                log.say(|| {
                    format!(
                        "{} press on from {from} to {to}",
                        words::pieces(excess, PieceKind::Mongol)
                    )
                });
            }
        }
        Ok(())
    }

    /// Advance (§3.5.2, OQ-43): `n` ≥ 1 Mongols take one leg, Mountain Passes → Punjab or
    /// Punjab → Delhi.
    pub(crate) fn advance_mongols(
        &mut self,
        from: SpaceId,
        n: u8,
        log: &mut Log,
    ) -> Result<(), Error> {
        let to = if from == SpaceId::MountainPasses {
            SpaceId::Punjab
        } else {
            SpaceId::Delhi
        };
        self.move_units(from, to, Piece::Mongol, n)?;
        log.say(|| {
            format!(
                "MI Advances {} from {from} to {to}",
                words::pieces(n, PieceKind::Mongol)
            )
        });
        Ok(())
    }

    /// Starts a battle in which the Mongols attack DS with every Mongol in `space` (§3.5.3,
    /// §2.6). No one decides for the Mongols: their Charge is automatic and their losses can
    /// only be Mongols.
    pub(crate) fn begin_mongol_combat(&mut self, space: SpaceId, log: &mut Log) {
        let mongols = self.space(space).mongols;
        self.begin_combat(
            AttackPlan {
                space,
                attacker: Faction::Mongols,
                defender: Faction::Sultanate,
                participants: vec![(space, PieceKind::Mongol, mongols)],
            },
            log,
        );
    }

    /// Plunder (§3.5.3, OQ-44) with n = the Mongols left in `space`: the Resource loss now,
    /// and the number of Troops DS must then remove from Provinces.
    pub(crate) fn plunder(&mut self, space: SpaceId, log: &mut Log) -> Result<u8, Error> {
        let n = self.space(space).mongols;
        let ds = Player::Sultanate;
        let per_mongol = self.options.plunder_troops_per_mongol;
        let troops = match space {
            SpaceId::MountainPasses => {
                let above_floor = self.resources(ds).saturating_sub(MOUNTAIN_PASSES_FLOOR);
                let lost = self.lose_resources(ds, n.min(above_floor));
                log.say(|| {
                    format!(
                        "Plunder in Mountain Passes: DS loses {}",
                        words::resources(lost)
                    )
                });
                0
            }
            SpaceId::Punjab | SpaceId::Delhi => {
                let lost = self.lose_resources(ds, n);
                let once = if space == SpaceId::Punjab { 1 } else { 2 };
                // OQ-44(b): once, whatever n is (per Mongol under the option).
                let troops = if per_mongol { once * n } else { once };
                // Siri Fort (card 5 shaded): no Troops while it lasts; Resources still go.
                let troops = if self.lasting.contains(Lasting::SiriFort) {
                    0
                } else {
                    troops
                };
                log.say(|| {
                    format!(
                        "Plunder in {space}: DS loses {} and {}",
                        words::resources(lost),
                        words::pieces(troops, PieceKind::Troop)
                    )
                });
                troops
            }
            _ => 0,
        };
        Ok(troops)
    }

    /// DS's choice of a Troop to lose to Plunder: any Troop in a Province (§3.5.3).
    pub(crate) fn plunder_troop_choices(&self) -> Vec<Action> {
        SpaceId::ALL
            .into_iter()
            .filter(|&s| s.is_province() && self.space(s).troops > 0)
            .map(|space| Action::Remove {
                space,
                piece: Piece::Troop,
            })
            .collect()
    }

    /// The cap after Attack and Plunder (§3.5.3): Mongols over 3 in the space return to the box.
    pub(crate) fn cap_mongols(&mut self, space: SpaceId, log: &mut Log) -> Result<(), Error> {
        let excess = self.space(space).mongols.saturating_sub(PLUNDER_CAP);
        if excess > 0 {
            self.remove(space, Piece::Mongol, excess)?;
            log.say(|| {
                format!(
                    "{} in {space} return to their box",
                    words::pieces(excess, PieceKind::Mongol)
                )
            });
        }
        Ok(())
    }
}
