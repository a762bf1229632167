//! Decrees (§4): DS Collect Tribute, Campaign, Demand Obedience (§4.2); BK Trade, Build,
//! Conspire (§4.3); VN Tax, Build, Compel (§4.4). Decrees cost nothing (§1.8) and are done
//! wholly before or after the Command (§4.1, OQ-22).

use serde::{Deserialize, Serialize};

use super::action::DecreeKind;
use super::lasting::Lasting;
use super::sequence::Frame;
use super::words;
use super::{
    Action, DecisionKind, Error, Faction, Log, Loyalty, Piece, PieceKind, Player, SpaceId,
    SpaceSet, State, VijayanagaraDecision,
};
use crate::engine::{Decision, Rule};

/// The rule of each Decree.
pub(crate) fn rule_of(kind: DecreeKind) -> Rule {
    Rule(match kind {
        DecreeKind::CollectTribute => "4.2.1",
        DecreeKind::Campaign => "4.2.2",
        DecreeKind::DemandObedience => "4.2.3",
        DecreeKind::Trade => "4.3.1",
        DecreeKind::Build => "4.3.2",
        DecreeKind::Conspire => "4.3.3",
        DecreeKind::Tax => "4.4.1",
        DecreeKind::Compel => "4.4.3",
    })
}

/// Why a Decree is being carried out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum DecreeGrant {
    /// The Command & Decree option (§2.3.3).
    Turn,
    /// A Succession card's Campaign: only Delhi and Provinces (§2.5.1, §2.5.2, OQ-26).
    Succession,
    /// An event's grant, within its limits (deck C6).
    Event {
        /// The spaces it may target; for Campaign, its destination.
        only: Option<SpaceSet>,
        /// At most this many targets.
        max_spaces: Option<u8>,
        /// Conspire reaches as with Influence ≥ 2 (§4.3.3).
        influence_extension: bool,
    },
}

impl DecreeGrant {
    /// Whether an event's limits let the Decree target `space` after `chosen`.
    fn allows(self, space: SpaceId, chosen: SpaceSet) -> bool {
        match self {
            DecreeGrant::Event {
                only, max_spaces, ..
            } => {
                only.is_none_or(|set| set.contains(space))
                    && max_spaces.is_none_or(|max| chosen.len() < usize::from(max))
            }
            _ => true,
        }
    }

    /// The spaces a Campaign must end in, if an event names them.
    fn destinations(self) -> Option<SpaceSet> {
        match self {
            DecreeGrant::Event { only, .. } => only,
            _ => None,
        }
    }

    fn influence_extension(self) -> bool {
        matches!(
            self,
            DecreeGrant::Event {
                influence_extension: true,
                ..
            }
        )
    }
}

/// The step a Decree is at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum DecreeStep {
    /// Choosing a target space, or done.
    Select,
    /// Campaign (§4.2.2, OQ-45): the group stands at the last space of `path`.
    Campaign {
        path: Vec<SpaceId>,
        /// Troops and Governors moving with the group.
        group: (u8, u8),
        /// Troops and Governors that moved and stopped, by space: they cannot move again.
        settled: Vec<(SpaceId, u8, u8)>,
    },
    /// Conspire (§4.3.3): the Amir replacing a piece in `space`; `rebelling_raja` forces its
    /// state.
    ConspireReplace { space: SpaceId },
    /// Conspire: the new Amir's state.
    ConspireState {
        space: SpaceId,
        forced: Option<Loyalty>,
    },
    /// Compel (§4.4.3): bringing Rajas into `space`.
    Compel {
        space: SpaceId,
        placed: u8,
        moved: u8,
        /// The one adjacent Province Rajas move from, once chosen.
        source: Option<SpaceId>,
    },
    /// Compel with Influence ≥ 2: the optional removal.
    CompelRemoval { space: SpaceId, placed: u8 },
}

/// A Decree under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct DecreeState {
    pub player: Player,
    pub kind: DecreeKind,
    pub grant: DecreeGrant,
    /// Spaces chosen so far (Demand Obedience, Conspire).
    pub chosen: SpaceSet,
    pub step: DecreeStep,
}

/// Provinces holding `faction`'s pieces, or adjacent to them.
fn near(state: &State, faction: Faction, space: SpaceId) -> bool {
    state.space(space).pieces_of(faction) > 0
        || state
            .map()
            .neighbours(space)
            .iter()
            .any(|n| state.space(n).pieces_of(faction) > 0)
}

impl State {
    /// Whether a Decree may be declared (§4.1, OQ-23): always, unless the options require a
    /// Decree to have an effect.
    pub(crate) fn decree_is_possible(&self, player: Player, kind: DecreeKind) -> bool {
        self.options.decree_may_be_empty || self.decree_has_effect(player, kind)
    }

    fn decree_has_effect(&self, player: Player, kind: DecreeKind) -> bool {
        let probe = DecreeState {
            player,
            kind,
            grant: DecreeGrant::Turn,
            chosen: SpaceSet::EMPTY,
            step: DecreeStep::Select,
        };
        match kind {
            DecreeKind::CollectTribute | DecreeKind::Trade => true,
            DecreeKind::Tax => self.tax_income() > 0,
            _ => !self.decree_targets(&probe).is_empty(),
        }
    }

    /// Starts a Decree; the ones without choices take effect at once.
    pub(crate) fn begin_decree(
        &mut self,
        player: Player,
        kind: DecreeKind,
        grant: DecreeGrant,
        log: &mut Log,
    ) -> Result<(), Error> {
        log.say(|| format!("{} decrees {}", player.abbreviation(), kind.name()));
        match kind {
            DecreeKind::CollectTribute => {
                // §4.2.1: ⌊Tributary Prosperity / 2⌋ Resources (none under Token Currency), 2 cavalry.
                let prosperity: u8 = self
                    .tributary
                    .iter()
                    .map(|s| self.map().prosperity(s))
                    .sum();
                let income = if self.lasting.contains(Lasting::TokenCurrency) {
                    0
                } else {
                    prosperity / 2
                };
                let gained = self.gain_resources(player, income);
                log.say(|| {
                    format!(
                        "{} collects {} of tribute",
                        player.abbreviation(),
                        words::resources(gained)
                    )
                });
                self.gain_cavalry(player, 2, log);
            }
            DecreeKind::Trade => {
                // §4.3.1: a Resource per Province with a BK piece; cavalry by Influence.
                let provinces = SpaceId::ALL
                    .iter()
                    .filter(|&&s| s.is_province() && self.space(s).pieces_of(Faction::Bahmani) > 0)
                    .count();
                let gained =
                    self.gain_resources(player, u8::try_from(provinces).unwrap_or(u8::MAX));
                let cavalry = match self.influence(player).unwrap_or(0) {
                    0 => 1,
                    1 | 2 => 2,
                    _ => 3,
                };
                log.say(|| {
                    format!(
                        "{} trades: +{}",
                        player.abbreviation(),
                        words::resources(gained)
                    )
                });
                self.gain_cavalry(player, cavalry, log);
            }
            DecreeKind::Tax => {
                let gained = self.gain_resources(player, self.tax_income());
                log.say(|| {
                    format!(
                        "{} taxes: +{}",
                        player.abbreviation(),
                        words::resources(gained)
                    )
                });
            }
            _ => {
                let step = match kind {
                    DecreeKind::Campaign => DecreeStep::Campaign {
                        path: Vec::new(),
                        group: (0, 0),
                        settled: Vec::new(),
                    },
                    _ => DecreeStep::Select,
                };
                self.stack.push(Frame::Decree(Box::new(DecreeState {
                    player,
                    kind,
                    grant,
                    chosen: SpaceSet::EMPTY,
                    step,
                })));
            }
        }
        Ok(())
    }

    /// Tax (§4.4.1): the Prosperity of VN-controlled Provinces plus the Temples on the map.
    fn tax_income(&self) -> u8 {
        let prosperity: u8 = self
            .controlled_by(Player::Vijayanagara)
            .map(|s| self.map().prosperity(s))
            .sum();
        prosperity + self.on_map(PieceKind::Temple)
    }

    /// The spaces a Decree may target now, within an event's limits.
    fn decree_targets(&self, decree: &DecreeState) -> Vec<SpaceId> {
        let mut targets = self.decree_rule_targets(decree);
        targets.retain(|&s| decree.grant.allows(s, decree.chosen));
        targets
    }

    /// The spaces a Decree's own rule lets it target now.
    fn decree_rule_targets(&self, decree: &DecreeState) -> Vec<SpaceId> {
        let provinces = SpaceId::ALL.into_iter().filter(|s| s.is_province());
        let unchosen = provinces.filter(|&s| !decree.chosen.contains(s));
        match decree.kind {
            DecreeKind::DemandObedience => unchosen
                // OQ-46: any number of DS-controlled Provinces with a Governor.
                .filter(|&s| {
                    self.controller(s) == Some(Player::Sultanate) && self.space(s).governors > 0
                })
                .collect(),
            DecreeKind::Build => {
                let (unit, structure) = match decree.player {
                    Player::Bahmani => (PieceKind::Amir, PieceKind::Fort),
                    _ => (PieceKind::Raja, PieceKind::Temple),
                };
                if !decree.chosen.is_empty() || self.available().get(structure) == 0 {
                    return Vec::new();
                }
                unchosen
                    .filter(|&s| self.space(s).count(unit) > 0 && self.space(s).structure.is_none())
                    .collect()
            }
            DecreeKind::Conspire => {
                if decree.chosen.len() >= 2 || self.available().amirs == 0 {
                    return Vec::new();
                }
                unchosen
                    .filter(|&s| !self.conspire_targets(decree, s).is_empty())
                    .collect()
            }
            DecreeKind::Compel => {
                if !decree.chosen.is_empty() {
                    return Vec::new();
                }
                // OQ-48: one Province holding, or adjacent to, a VN piece.
                unchosen
                    .filter(|&s| near(self, Faction::Vijayanagara, s))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// The pieces Conspire may replace in `space` (§4.3.3, OQ-17, OQ-47): a DS Governor where
    /// BK has a piece; with Influence ≥ 2 also where BK is adjacent, and Rajas too.
    /// An event may grant the extension whatever the Influence (deck card 28).
    fn conspire_targets(&self, decree: &DecreeState, space: SpaceId) -> Vec<Piece> {
        let extended =
            self.influence(Player::Bahmani).unwrap_or(0) >= 2 || decree.grant.influence_extension();
        let reach = if extended {
            near(self, Faction::Bahmani, space)
        } else {
            self.space(space).pieces_of(Faction::Bahmani) > 0
        };
        if !reach {
            return Vec::new();
        }
        let mut targets = Vec::new();
        if self.space(space).governors > 0 {
            targets.push(Piece::Governor);
        }
        if extended {
            for loyalty in [Loyalty::Obedient, Loyalty::Rebelling] {
                if self.space(space).count_piece(Piece::Raja(loyalty)) > 0 {
                    targets.push(Piece::Raja(loyalty));
                }
            }
        }
        targets
    }

    /// Campaign's choices (§4.2.2, OQ-45).
    fn campaign_choices(
        &self,
        decree: &DecreeState,
        path: &[SpaceId],
        group: (u8, u8),
        settled: &[(SpaceId, u8, u8)],
    ) -> Vec<Action> {
        let succession = decree.grant == DecreeGrant::Succession;
        // OQ-26: a Succession Campaign uses only Delhi and Provinces.
        let allowed = |s: SpaceId| !succession || s == SpaceId::Delhi || s.is_province();
        // Deck C6: an event may name the destinations; the group then only goes where it can
        // still end in one of them.
        let destinations = decree.grant.destinations();
        let reaches = |path: &[SpaceId]| {
            destinations
                .is_none_or(|dest| self.campaign_reaches(&mut path.to_vec(), dest, &allowed))
        };
        let Some(&here) = path.last() else {
            let mut choices: Vec<Action> = SpaceId::ALL
                .into_iter()
                .filter(|&s| allowed(s) && self.space(s).units_of(Faction::Sultanate) > 0)
                .filter(|&s| self.map().neighbours(s).iter().any(allowed))
                .filter(|&s| reaches(&[s]))
                .map(Action::Select)
                .collect();
            choices.push(Action::Done); // a Decree with no effect may be declared (OQ-23)
            return choices;
        };
        let steps = path.len() - 1;
        let stopped = settled
            .iter()
            .find(|e| e.0 == here)
            .map_or((0, 0), |e| (e.1, e.2));
        let pieces = self.space(here);
        let free_troops = pieces.troops.saturating_sub(group.0 + stopped.0);
        let free_governors = pieces.governors.saturating_sub(group.1 + stopped.1);
        let mut choices = Vec::new();
        if steps < 3 {
            if free_troops > 0 {
                choices.push(Action::Move {
                    from: here,
                    piece: Piece::Troop,
                });
            }
            if free_governors > 0 {
                choices.push(Action::Move {
                    from: here,
                    piece: Piece::Governor,
                });
            }
        }
        let at_destination = destinations.is_none_or(|dest| dest.contains(here));
        // Away from a named destination, the group keeps at least one piece to get there.
        let may_empty = at_destination || group.0 + group.1 > 1;
        if steps > 0 && steps < 3 && may_empty {
            if group.0 > 0 {
                choices.push(Action::Drop(Piece::Troop));
            }
            if group.1 > 0 {
                choices.push(Action::Drop(Piece::Governor));
            }
        }
        if steps < 3 && group != (0, 0) {
            choices.extend(
                self.map()
                    .neighbours(here)
                    .iter()
                    .filter(|&n| allowed(n) && !path.contains(&n))
                    .filter(|&n| reaches(&[path, &[n]].concat()))
                    .map(Action::Select),
            );
        }
        // The destination: any space after the origin (X ≠ O).
        if steps > 0 && at_destination {
            choices.push(Action::Done);
        }
        choices
    }

    /// Whether a Campaign standing at the end of `path` can still end in `dest` within its 3
    /// steps, without entering a space twice (§4.2.2, OQ-45).
    fn campaign_reaches(
        &self,
        path: &mut Vec<SpaceId>,
        dest: SpaceSet,
        allowed: &impl Fn(SpaceId) -> bool,
    ) -> bool {
        let Some(&here) = path.last() else {
            return false;
        };
        let steps = path.len() - 1;
        if steps > 0 && dest.contains(here) {
            return true;
        }
        if steps >= 3 {
            return false;
        }
        for next in self.map().neighbours(here).iter() {
            if allowed(next) && !path.contains(&next) {
                path.push(next);
                let reached = self.campaign_reaches(path, dest, allowed);
                path.pop();
                if reached {
                    return true;
                }
            }
        }
        false
    }

    /// The decision of a Decree under way.
    pub(crate) fn decree_decision(&self, decree: &DecreeState) -> Option<VijayanagaraDecision> {
        let choices = match &decree.step {
            DecreeStep::Select => {
                let mut choices: Vec<Action> = self
                    .decree_targets(decree)
                    .into_iter()
                    .map(Action::Select)
                    .collect();
                // An event's Decree with nothing (left) to target is over without a question.
                if choices.is_empty() && matches!(decree.grant, DecreeGrant::Event { .. }) {
                    return None;
                }
                choices.push(Action::Done);
                choices
            }
            DecreeStep::Campaign {
                path,
                group,
                settled,
            } => self.campaign_choices(decree, path, *group, settled),
            DecreeStep::ConspireReplace { space } => self
                .conspire_targets(decree, *space)
                .into_iter()
                .map(|piece| Action::Remove {
                    space: *space,
                    piece,
                })
                .collect(),
            DecreeStep::ConspireState { forced, .. } => match forced {
                Some(l) => vec![Action::Loyalty(*l)],
                None => vec![
                    Action::Loyalty(Loyalty::Obedient),
                    Action::Loyalty(Loyalty::Rebelling),
                ],
            },
            &DecreeStep::Compel {
                space,
                placed,
                moved,
                source,
            } => {
                let mut choices = Vec::new();
                if placed + moved < 2 {
                    if placed < 2 && self.available().rajas > 0 {
                        choices.push(Action::Place(PieceKind::Raja));
                    }
                    for from in self.map().neighbours(space).iter() {
                        if !from.is_province() || source.is_some_and(|s| s != from) {
                            continue;
                        }
                        for loyalty in [Loyalty::Obedient, Loyalty::Rebelling] {
                            if self.space(from).count_piece(Piece::Raja(loyalty)) > 0 {
                                choices.push(Action::Move {
                                    from,
                                    piece: Piece::Raja(loyalty),
                                });
                            }
                        }
                    }
                }
                choices.push(Action::Done);
                choices
            }
            &DecreeStep::CompelRemoval { space, .. } => {
                let pieces = self.space(space);
                let mut choices: Vec<Action> = [
                    Piece::Troop,
                    Piece::Governor,
                    Piece::Amir(Loyalty::Obedient),
                    Piece::Amir(Loyalty::Rebelling),
                ]
                .into_iter()
                .filter(|&p| pieces.count_piece(p) > 0)
                .map(|piece| Action::Remove { space, piece })
                .collect();
                choices.push(Action::No);
                choices
            }
        };
        Decision::new(
            decree.player,
            DecisionKind::Decree { kind: decree.kind },
            choices,
        )
    }

    /// Applies a legal action to a Decree under way.
    pub(crate) fn decree_apply(
        &mut self,
        mut decree: DecreeState,
        action: Action,
        log: &mut Log,
    ) -> Result<(), Error> {
        let player = decree.player;
        let step = std::mem::replace(&mut decree.step, DecreeStep::Select);
        decree.step = match (step, action) {
            (DecreeStep::Select, Action::Done) => return Ok(()),
            (DecreeStep::Select, Action::Select(space)) => {
                decree.chosen.insert(space);
                match decree.kind {
                    DecreeKind::DemandObedience => {
                        // §4.2.3: the Province becomes Tributary (R3) and DS gains its Prosperity.
                        self.set_tributary(space, true)?;
                        let gained = self.gain_resources(player, self.map().prosperity(space));
                        log.say(|| {
                            format!(
                                "{space} obeys: Tributary again, +{}",
                                words::resources(gained)
                            )
                        });
                        DecreeStep::Select
                    }
                    DecreeKind::Build => {
                        let structure = if player == Player::Bahmani {
                            Piece::Fort
                        } else {
                            Piece::Temple
                        };
                        self.place(space, structure, 1)?;
                        log.say(|| {
                            format!("{} builds a {structure} in {space}", player.abbreviation())
                        });
                        return Ok(());
                    }
                    DecreeKind::Conspire => DecreeStep::ConspireReplace { space },
                    _ => DecreeStep::Compel {
                        space,
                        placed: 0,
                        moved: 0,
                        source: None,
                    },
                }
            }
            (DecreeStep::ConspireReplace { space }, Action::Remove { piece, .. }) => {
                self.remove(space, piece, 1)?;
                log.say(|| {
                    format!(
                        "{} Conspires in {space}: a {piece} is replaced by an Amir",
                        player.abbreviation()
                    )
                });
                // A Rebelling Raja gives way to a Rebelling Amir (§4.3.3).
                let forced =
                    (piece == Piece::Raja(Loyalty::Rebelling)).then_some(Loyalty::Rebelling);
                DecreeStep::ConspireState { space, forced }
            }
            (DecreeStep::ConspireState { space, .. }, Action::Loyalty(loyalty)) => {
                // R1 still overrides the choice in a BK-controlled Province.
                self.place(space, Piece::Amir(loyalty), 1)?;
                DecreeStep::Select
            }
            (
                DecreeStep::Campaign {
                    mut path,
                    mut group,
                    mut settled,
                },
                action,
            ) => {
                match action {
                    Action::Select(next) => {
                        if let Some(&here) = path.last() {
                            for (piece, n) in [(Piece::Troop, group.0), (Piece::Governor, group.1)]
                            {
                                if n > 0 {
                                    self.move_units(here, next, piece, n)?;
                                }
                            }
                            log.say(|| {
                                format!(
                                    "DS's Campaign moves {} from {here} to {next}",
                                    campaign_group(group)
                                )
                            });
                        }
                        path.push(next);
                    }
                    Action::Move { piece, .. } => {
                        if piece == Piece::Troop {
                            group.0 += 1
                        } else {
                            group.1 += 1
                        }
                    }
                    Action::Drop(piece) => {
                        let here = *path.last().ok_or(Error::NothingToDecide)?;
                        if piece == Piece::Troop {
                            group.0 -= 1
                        } else {
                            group.1 -= 1
                        }
                        match settled.iter_mut().find(|e| e.0 == here) {
                            Some(entry) if piece == Piece::Troop => entry.1 += 1,
                            Some(entry) => entry.2 += 1,
                            None if piece == Piece::Troop => settled.push((here, 1, 0)),
                            None => settled.push((here, 0, 1)),
                        }
                    }
                    Action::Done => {
                        if let Some(&here) = path.last() {
                            log.say(|| {
                                format!(
                                    "DS's Campaign ends in {here} with {}",
                                    campaign_group(group)
                                )
                            });
                        }
                        return Ok(());
                    }
                    other => return Err(self.unexpected(other)),
                }
                DecreeStep::Campaign {
                    path,
                    group,
                    settled,
                }
            }
            (
                DecreeStep::Compel {
                    space,
                    placed,
                    moved,
                    source,
                },
                Action::Place(_),
            ) => {
                // Placed Rajas are Obedient, Rebelling in a VN-controlled Province (R2).
                self.place(space, Piece::Raja(Loyalty::Obedient), 1)?;
                log.say(|| format!("{} Compels in {space}: +1 Raja", player.abbreviation()));
                DecreeStep::Compel {
                    space,
                    placed: placed + 1,
                    moved,
                    source,
                }
            }
            (
                DecreeStep::Compel {
                    space,
                    placed,
                    moved,
                    ..
                },
                Action::Move { from, piece },
            ) => {
                // OQ-48: moved Rajas keep their state (R2 still applies).
                self.move_units(from, space, piece, 1)?;
                log.say(|| {
                    format!(
                        "{} Compels 1 Raja from {from} into {space}",
                        player.abbreviation()
                    )
                });
                DecreeStep::Compel {
                    space,
                    placed,
                    moved: moved + 1,
                    source: Some(from),
                }
            }
            (DecreeStep::Compel { space, placed, .. }, Action::Done) => {
                if self.influence(player).unwrap_or(0) < 2 {
                    return Ok(());
                }
                // §4.4.3 with Influence ≥ 2: 1 cavalry always, then an optional removal.
                self.stack.push(Frame::Decree(Box::new(DecreeState {
                    step: DecreeStep::CompelRemoval { space, placed },
                    ..decree
                })));
                self.gain_cavalry(player, 1, log);
                return Ok(());
            }
            (DecreeStep::CompelRemoval { space, placed }, Action::Remove { piece, .. }) => {
                self.remove(space, piece, 1)?;
                log.say(|| {
                    format!(
                        "{} Compels: a {piece} is removed from {space}",
                        player.abbreviation()
                    )
                });
                if piece.owner() == Faction::Sultanate {
                    // The Rajas this Compel placed become Rebelling (OQ-48).
                    let obedient = self.space(space).rajas.obedient.min(placed);
                    self.set_loyalty(space, Piece::Raja(Loyalty::Obedient), obedient)?;
                }
                return Ok(());
            }
            (DecreeStep::CompelRemoval { .. }, Action::No) => return Ok(()),
            (step, action) => {
                decree.step = step;
                self.stack.push(Frame::Decree(Box::new(decree)));
                return Err(self.unexpected(action));
            }
        };
        self.stack.push(Frame::Decree(Box::new(decree)));
        Ok(())
    }

    /// A Decree with nothing left to choose is over.
    pub(crate) fn decree_step(
        &mut self,
        _decree: DecreeState,
        _log: &mut Log,
    ) -> Result<(), Error> {
        Ok(())
    }
}

/// A Campaign's moving group (§4.2.2): "3 Troops and 1 Governor", "no units".
fn campaign_group((troops, governors): (u8, u8)) -> String {
    let parts: Vec<String> = [(troops, PieceKind::Troop), (governors, PieceKind::Governor)]
        .into_iter()
        .filter(|&(n, _)| n > 0)
        .map(|(n, kind)| words::pieces(n, kind))
        .collect();
    if parts.is_empty() {
        "no units".to_owned()
    } else {
        parts.join(" and ")
    }
}
