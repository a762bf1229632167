//! The game state: every piece on the map, in the holding boxes and on the Influence tracks;
//! Tributary markers; Resources, cavalry, eligibility, Dynasty and the deck.
//!
//! Only facts that cannot be derived are stored. Control, Victory Points, the cavalry pool and
//! whether an Influence slot must be refilled are computed from the pieces (architecture
//! principle 6, ruling R-0.3).
//!
//! The mutating operations here are the validated primitives every rule is built from. Each one
//! checks everything before it changes anything, so an `Err` leaves the state untouched, and
//! each one re-establishes R1/R2 (§1.4(c)) in the spaces it touched.

use serde::{Deserialize, Serialize};

use super::influence::InfluenceTracks;
use super::lasting::LastingEffects;
use super::sequence::Frame;
use super::{
    Deck, Dynasty, Error, Loyalty, Map, Options, PerPlayer, Piece, PieceKind, PlayOrderBox, Player,
    SPACE_COUNT, SpaceId, SpacePieces, SpaceSet,
};
use crate::engine::GameRng;

/// Resources are kept on 0..=24 (§1.8).
pub const MAX_RESOURCES: u8 = 24;
/// Cavalry tokens in play: pool plus holdings (§1.10). The 2 spares are never used.
pub const CAVALRY_TOKENS: u8 = 10;
/// The Mongols' automatic Charges per combat (§1.10). The red Mongol token only reminds players
/// of it: it is not a pool token, never held, and so not part of the state.
pub const MONGOL_CHARGES: u8 = 1;

/// Pieces in a faction's holding box, by kind (§1.4(d)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Available {
    /// DS Troops.
    pub troops: u8,
    /// DS Governors.
    pub governors: u8,
    /// DS Qasbahs.
    pub qasbahs: u8,
    /// BK Amirs.
    pub amirs: u8,
    /// BK Forts.
    pub forts: u8,
    /// VN Rajas.
    pub rajas: u8,
    /// VN Temples.
    pub temples: u8,
    /// Mongol Invaders, in the MI box.
    pub mongols: u8,
}

impl Available {
    /// How many of `kind` are available.
    pub fn get(&self, kind: PieceKind) -> u8 {
        match kind {
            PieceKind::Troop => self.troops,
            PieceKind::Governor => self.governors,
            PieceKind::Qasbah => self.qasbahs,
            PieceKind::Amir => self.amirs,
            PieceKind::Fort => self.forts,
            PieceKind::Raja => self.rajas,
            PieceKind::Temple => self.temples,
            PieceKind::Mongol => self.mongols,
        }
    }

    pub(crate) fn get_mut(&mut self, kind: PieceKind) -> &mut u8 {
        match kind {
            PieceKind::Troop => &mut self.troops,
            PieceKind::Governor => &mut self.governors,
            PieceKind::Qasbah => &mut self.qasbahs,
            PieceKind::Amir => &mut self.amirs,
            PieceKind::Fort => &mut self.forts,
            PieceKind::Raja => &mut self.rajas,
            PieceKind::Temple => &mut self.temples,
            PieceKind::Mongol => &mut self.mongols,
        }
    }
}

/// The pieces of every space, serialized as an object keyed by space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Spaces(pub(crate) [SpacePieces; SPACE_COUNT]);

impl Serialize for Spaces {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(SpaceId::ALL.iter().map(|s| (s, &self.0[s.index()])))
    }
}

impl<'de> Deserialize<'de> for Spaces {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SpacesVisitor;

        impl<'de> serde::de::Visitor<'de> for SpacesVisitor {
            type Value = Spaces;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object with the pieces of each of the 15 spaces")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Spaces, A::Error> {
                let mut spaces = [SpacePieces::default(); SPACE_COUNT];
                let mut seen = SpaceSet::EMPTY;
                while let Some((space, pieces)) = map.next_entry::<SpaceId, SpacePieces>()? {
                    if seen.contains(space) {
                        return Err(serde::de::Error::custom(format!(
                            "space {space:?} is listed twice"
                        )));
                    }
                    seen.insert(space);
                    spaces[space.index()] = pieces;
                }
                match SpaceId::ALL.into_iter().find(|&s| !seen.contains(s)) {
                    Some(missing) => Err(serde::de::Error::custom(format!(
                        "space {missing:?} is missing"
                    ))),
                    None => Ok(Spaces(spaces)),
                }
            }
        }

        deserializer.deserialize_map(SpacesVisitor)
    }
}

/// The state of a game of Vijayanagara.
///
/// ```
/// use darbar::vijayanagara::{Player, SpaceId, State};
///
/// let state = State::new(7);
/// assert_eq!(state.resources(Player::Sultanate), 12);
/// assert_eq!(state.space(SpaceId::Delhi).troops, 4);
/// assert_eq!(state.victory_points(Player::Sultanate), 18);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    pub(crate) options: Options,
    pub(crate) seed: u64,
    pub(crate) rng: GameRng,
    pub(crate) spaces: Spaces,
    pub(crate) tributary: SpaceSet,
    pub(crate) available: Available,
    pub(crate) influence: InfluenceTracks,
    pub(crate) resources: PerPlayer<u8>,
    pub(crate) cavalry: PerPlayer<u8>,
    pub(crate) eligibility: PerPlayer<PlayOrderBox>,
    pub(crate) stay_eligible: PerPlayer<bool>,
    pub(crate) dynasty: Dynasty,
    pub(crate) deck: Deck,
    pub(crate) lasting: LastingEffects,
    /// The sequence of play under way, innermost step last (see [`super::sequence`]).
    pub(crate) stack: Vec<Frame>,
    /// Timur's invasion has been resolved and the game scored (§2.6, §5.0).
    pub(crate) over: bool,

    /// The first card is revealed at setup (§2.2), before anyone reads a log: it is announced
    /// in the log of the first action instead, like every later card when it is revealed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) first_card_unannounced: bool,

    /// Dice set by the test hook [`State::force_dice`], rolled before the generator is used.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) forced_dice: Vec<u8>,
}

impl State {
    // ----- reading -------------------------------------------------------------------------

    /// The map the game is played on (R-1).
    pub fn map(&self) -> &'static Map {
        Map::standard()
    }

    /// The rule options the game was created with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The seed the game was created from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The game's random number generator.
    pub fn rng(&self) -> &GameRng {
        &self.rng
    }

    /// The pieces in `space`.
    pub fn space(&self, space: SpaceId) -> &SpacePieces {
        &self.spaces.0[space.index()]
    }

    /// Whether `space` is a Tributary Province (§1.6).
    pub fn is_tributary(&self, space: SpaceId) -> bool {
        self.tributary.contains(space)
    }

    /// The Tributary Provinces (§1.6).
    pub fn tributary_provinces(&self) -> SpaceSet {
        self.tributary
    }

    /// The holding boxes: pieces available to place (§1.4(d)).
    pub fn available(&self) -> &Available {
        &self.available
    }

    /// How many pieces of `kind` stand on the map.
    pub fn on_map(&self, kind: PieceKind) -> u8 {
        self.spaces.0.iter().map(|p| p.count(kind)).sum()
    }

    /// A player's Resources, 0..=24 (§1.8).
    pub fn resources(&self, player: Player) -> u8 {
        self.resources[player]
    }

    /// The cavalry tokens a player holds (§1.10).
    pub fn cavalry(&self, player: Player) -> u8 {
        self.cavalry[player]
    }

    /// The cavalry tokens in the shared pool: the 10 in play less all holdings (§1.10).
    pub fn cavalry_pool(&self) -> u8 {
        let held: u8 = Player::ALL.iter().map(|&p| self.cavalry[p]).sum();
        CAVALRY_TOKENS.saturating_sub(held)
    }

    /// The box holding a player's eligibility cylinder (§2.3).
    pub fn eligibility(&self, player: Player) -> PlayOrderBox {
        self.eligibility[player]
    }

    /// Whether a player's cylinder is flipped for Stay Eligible (§2.3.4).
    pub fn stays_eligible(&self, player: Player) -> bool {
        self.stay_eligible[player]
    }

    /// The dynasty ruling in Delhi (§2.7).
    pub fn dynasty(&self) -> Dynasty {
        self.dynasty
    }

    /// The deck and the played cards (§2.1, §2.3).
    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    /// The lasting effects of events in force (deck convention C14).
    pub fn lasting_effects(&self) -> LastingEffects {
        self.lasting
    }

    /// Puts a lasting effect in force until the next Succession card is revealed (C14): for
    /// event hosts.
    pub fn add_lasting(&mut self, effect: super::Lasting) {
        self.lasting.insert(effect);
    }

    // ----- validated primitives ------------------------------------------------------------

    /// Places `n` pieces from their owner's holding box into `space` (§1.4(d)).
    ///
    /// Refused if fewer are available (callers placing "as many as available", OQ-7, ask for
    /// that many), if the owner may not enter the space (§1.3), or if a structure would break
    /// stacking (§1.4(e)). Amirs and Rajas take the state given in `piece`; R1/R2 then apply.
    ///
    /// ```
    /// use darbar::vijayanagara::{Error, Loyalty, Piece, SpaceId, State};
    ///
    /// let mut state = State::new(1);
    /// state.place(SpaceId::Orissa, Piece::Amir(Loyalty::Obedient), 2).unwrap();
    /// assert_eq!(state.space(SpaceId::Orissa).amirs.obedient, 2);
    /// assert!(matches!(state.place(SpaceId::Delhi, Piece::Fort, 1), Err(Error::EntryForbidden { .. })));
    /// ```
    pub fn place(&mut self, space: SpaceId, piece: Piece, n: u8) -> Result<(), Error> {
        let kind = piece.kind();
        self.check_entry(kind, space)?;
        let available = self.available.get(kind);
        if available < n {
            return Err(Error::NotAvailable {
                piece: kind,
                wanted: n,
                available,
            });
        }
        if kind.is_structure() && n > 0 {
            self.check_stacking(space, n)?;
        }
        *self.available.get_mut(kind) -= n;
        self.spaces.0[space.index()].adjust(piece, i16::from(n));
        self.settle(space);
        Ok(())
    }

    /// Removes `n` pieces from `space` to their owner's holding box (§1.4(d), OQ-7).
    pub fn remove(&mut self, space: SpaceId, piece: Piece, n: u8) -> Result<(), Error> {
        self.check_present(space, piece, n)?;
        self.spaces.0[space.index()].adjust(piece, -i16::from(n));
        *self.available.get_mut(piece.kind()) += n;
        self.settle(space);
        Ok(())
    }

    /// Moves `n` units from `from` to `to`, keeping their state; R1/R2 then apply in both.
    ///
    /// Adjacency and per-command limits belong to the command that moves them; this primitive
    /// enforces only what always holds: structures never move (§1.4(b)) and the entry table
    /// (§1.3).
    pub fn move_units(
        &mut self,
        from: SpaceId,
        to: SpaceId,
        piece: Piece,
        n: u8,
    ) -> Result<(), Error> {
        if piece.kind().is_structure() {
            return Err(Error::StructuresDoNotMove(piece.kind()));
        }
        self.check_entry(piece.kind(), to)?;
        self.check_present(from, piece, n)?;
        self.spaces.0[from.index()].adjust(piece, -i16::from(n));
        self.spaces.0[to.index()].adjust(piece, i16::from(n));
        self.settle(from);
        self.settle(to);
        Ok(())
    }

    /// Turns `n` Amirs or Rajas in `space` from one state to the other (§1.4(c)).
    ///
    /// `piece` names the units as they are now. R1/R2 still win: a unit made Obedient in its
    /// own faction's controlled Province turns Rebelling again at once.
    pub fn set_loyalty(&mut self, space: SpaceId, piece: Piece, n: u8) -> Result<(), Error> {
        let Some(loyalty) = piece.loyalty() else {
            return Err(Error::NoLoyalty(piece.kind()));
        };
        self.check_present(space, piece, n)?;
        let other = match loyalty {
            Loyalty::Obedient => Loyalty::Rebelling,
            Loyalty::Rebelling => Loyalty::Obedient,
        };
        let pieces = &mut self.spaces.0[space.index()];
        pieces.adjust(piece, -i16::from(n));
        pieces.adjust(Piece::with_loyalty(piece.kind(), other), i16::from(n));
        self.settle(space);
        Ok(())
    }

    /// Places (`true`) or removes (`false`) the Tributary marker of a Province (§1.6).
    ///
    /// Placing it makes every Rebelling Amir and Raja there Obedient (R3) and ends any Control
    /// (§1.7). Removing it makes the Province Independent; Control and R1/R2 then follow.
    pub fn set_tributary(&mut self, space: SpaceId, tributary: bool) -> Result<(), Error> {
        if !space.is_province() {
            return Err(Error::NotAProvince(space));
        }
        if tributary {
            self.tributary.insert(space);
            let pieces = &mut self.spaces.0[space.index()];
            pieces.set_all_loyalty(PieceKind::Amir, Loyalty::Obedient);
            pieces.set_all_loyalty(PieceKind::Raja, Loyalty::Obedient);
        } else {
            self.tributary.remove(space);
            self.settle(space);
        }
        Ok(())
    }

    /// Adds Resources, capped at 24; the excess is lost (§1.8, OQ-13). Returns the gain.
    pub fn gain_resources(&mut self, player: Player, n: u8) -> u8 {
        let before = self.resources[player];
        self.resources[player] = before.saturating_add(n).min(MAX_RESOURCES);
        self.resources[player] - before
    }

    /// Takes away Resources, never below 0 (§1.8, OQ-13). Returns the loss.
    pub fn lose_resources(&mut self, player: Player, n: u8) -> u8 {
        let before = self.resources[player];
        self.resources[player] = before.saturating_sub(n);
        before - self.resources[player]
    }

    /// Pays a cost; refused if the player cannot afford it (§1.8, OQ-13).
    pub fn pay(&mut self, player: Player, cost: u8) -> Result<(), Error> {
        let has = self.resources[player];
        if has < cost {
            return Err(Error::CannotAfford { player, cost, has });
        }
        self.resources[player] = has - cost;
        Ok(())
    }

    /// Takes up to `n` tokens from the pool (§1.10). Returns how many were taken; a shortfall
    /// is then the gainer's to take from other factions ([`State::take_cavalry`], OQ-19).
    pub fn gain_cavalry_from_pool(&mut self, player: Player, n: u8) -> u8 {
        let taken = n.min(self.cavalry_pool());
        self.cavalry[player] += taken;
        taken
    }

    /// Moves `n` tokens from one player's holding to another's (§1.10, §1.5.2).
    pub fn take_cavalry(&mut self, from: Player, to: Player, n: u8) -> Result<(), Error> {
        let has = self.cavalry[from];
        if has < n {
            return Err(Error::NotEnoughCavalry {
                player: from,
                wanted: n,
                has,
            });
        }
        self.cavalry[from] -= n;
        self.cavalry[to] += n;
        Ok(())
    }

    /// Returns `n` spent tokens to the pool (§1.10).
    pub fn return_cavalry(&mut self, player: Player, n: u8) -> Result<(), Error> {
        let has = self.cavalry[player];
        if has < n {
            return Err(Error::NotEnoughCavalry {
                player,
                wanted: n,
                has,
            });
        }
        self.cavalry[player] -= n;
        Ok(())
    }

    // ----- checks shared by the primitives -------------------------------------------------

    fn check_entry(&self, kind: PieceKind, space: SpaceId) -> Result<(), Error> {
        if space.kind().admits(kind.owner()) {
            Ok(())
        } else {
            Err(Error::EntryForbidden { piece: kind, space })
        }
    }

    fn check_stacking(&self, space: SpaceId, n: u8) -> Result<(), Error> {
        let existing = self.space(space).structure;
        if existing.is_some() || n > 1 {
            return Err(Error::StackingLimit { space, existing });
        }
        Ok(())
    }

    fn check_present(&self, space: SpaceId, piece: Piece, n: u8) -> Result<(), Error> {
        let present = self.space(space).count_piece(piece);
        if present < n {
            return Err(Error::NotPresent {
                piece,
                space,
                wanted: n,
                present,
            });
        }
        Ok(())
    }
}
