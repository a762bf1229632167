//! The game state: the sites with their true values and the player's last observation of them
//! (RG-2.4, RG-9), the fort war statuses (RG-2.2), the player's camp, talents and unique
//! units, the turn and phase (RG-3), the generator and the record of every GM roll (ruling 27).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{
    Campaign, Dice, Error, GmRoll, Options, RaidData, Resource, Resources, RollFor, SITE_COUNT,
    SiteId, SiteKind, Talent, TalentSet, UnitId, UnitSet, WarStatus,
};
use crate::engine::GameRng;

/// A site's true state (RG-2.4). Its fixed talents come from the generation table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Site {
    /// Whether its values have been generated (RG-2.1).
    pub revealed: bool,
    /// Its resources; all 0 until revealed.
    pub resources: Resources,
    /// The unique units present.
    pub units: UnitSet,
    /// A village or town taken by the player (RG-2.4, RG-5.4, ruling 6): it cannot be raided
    /// again this game. A fort is never sacked: it falls (its war status).
    pub sacked: bool,
}

/// What the player last saw of a site (RG-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Observed {
    /// The turn of the observation.
    pub turn: u32,
    /// The resources seen.
    pub resources: Resources,
    /// The unique units seen.
    pub units: UnitSet,
}

/// The phase of the turn (RG-3, ruling 28).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Phase 1, scouting (RG-4).
    Scout,
    /// Phase 2, raiding (RG-5); consecutive raids are chosen here (RG-5.6).
    Raid,
    /// Continued plunder after a won raid (RG-5.5), part of phase 2.
    Plunder,
    /// Phase 4, settlement: trade, recruitment and talents chosen (RG-7.1, RG-7.2). Phase 3,
    /// the war status (RG-6), has no decision and runs when the raids end.
    Settlement,
    /// The game has ended (RG-10).
    Over,
}

/// A continued plunder under way (RG-5.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plunder {
    /// The site sacked.
    pub site: SiteId,
    /// Steps done so far.
    pub steps: u32,
    /// The fatigue of the raid, applied to fights against regulars (ruling 19).
    pub fatigue: u32,
    /// Food, funds and slaves the site held when the raid began.
    pub original: [u32; 3],
    /// Food, funds and slaves taken by continued plunder so far.
    pub extra: [u32; 3],
}

/// The plundered resources, in the order of [`Plunder::original`].
pub const PLUNDERED: [Resource; 3] = [Resource::Food, Resource::Funds, Resource::Slaves];

impl Plunder {
    /// Whether another step can gain anything: some resource is below its cap of twice the
    /// original amount, counting the first full take (ruling 18).
    pub fn can_continue(&self) -> bool {
        (0..3).any(|i| self.extra[i] < self.original[i])
    }
}

/// How a game ended (RG-10, ruling 26).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The player's soldiers reached 0: the "death" ending.
    Death,
    /// Food fell below 0 at upkeep: the "rebellion" ending.
    Rebellion {
        /// How much food was missing.
        shortfall: u32,
    },
    /// All forts fell: "the Empire arrives", the one ending with a score.
    EmpireArrives,
}

impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Phase::Scout => "scout",
            Phase::Raid => "raid",
            Phase::Plunder => "plunder",
            Phase::Settlement => "settlement",
            Phase::Over => "game over",
        })
    }
}

impl std::fmt::Display for Ending {
    /// "death", "rebellion (food short by 2)", "the Empire arrives".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ending::Death => f.write_str("death"),
            Ending::Rebellion { shortfall } => write!(f, "rebellion (food short by {shortfall})"),
            Ending::EmpireArrives => f.write_str("the Empire arrives"),
        }
    }
}

/// The state of a game of the raid dice game.
///
/// ```
/// use darbar::raid::{Phase, SiteId, State};
///
/// let state = State::new(7);
/// assert_eq!(state.turn(), 1);
/// assert_eq!(state.phase(), Phase::Scout);
/// assert_eq!(state.player().food, 10);
/// let village: SiteId = "village-1".parse().unwrap();
/// assert!(!state.site(village).revealed); // nothing is rolled before the reveal (RG-2.1)
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    pub(crate) options: Options,
    pub(crate) seed: u64,
    pub(crate) rng: GameRng,
    pub(crate) turn: u32,
    pub(crate) phase: Phase,
    pub(crate) player: Resources,
    /// The player's own talents, from recruitment (RG-7.2) and earlier games (RG-11).
    pub(crate) talents: TalentSet,
    /// Talents owed by recruitment and not chosen yet (ruling 10).
    pub(crate) talent_picks: u32,
    /// The unique units in the player's army.
    pub(crate) army: UnitSet,
    /// Units captured in this game.
    pub(crate) captured: UnitSet,
    pub(crate) sites: [Site; SITE_COUNT],
    pub(crate) known: [Option<Observed>; SITE_COUNT],
    pub(crate) war: [WarStatus; 3],
    /// The fixed site of every unit placed so far, in this game or an earlier one (RG-2.3).
    pub(crate) placements: BTreeMap<UnitId, SiteId>,
    /// The campaign this game started from (RG-11).
    pub(crate) campaign: Campaign,
    /// The campaign's total of recruited soldiers, this game included (RG-7.2).
    pub(crate) recruited: u32,
    /// The sites raided this turn, in order (RG-5.6).
    pub(crate) raided: Vec<SiteId>,
    pub(crate) recruited_this_turn: bool,
    pub(crate) merchant_used: bool,
    pub(crate) plunder: Option<Plunder>,
    pub(crate) ending: Option<Ending>,
    /// Every GM roll of the game, in order (ruling 27).
    pub(crate) rolls: Vec<GmRoll>,
    /// Dice set by the test hook [`State::force_dice`], rolled before the generator is used.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) forced_dice: Vec<u8>,
}

impl State {
    /// A new game with the default options and no earlier games.
    pub fn new(seed: u64) -> State {
        State::with_options(seed, Options::default())
    }

    /// A new game with `options` and no earlier games.
    pub fn with_options(seed: u64, options: Options) -> State {
        State::start(seed, options, Campaign::default())
    }

    /// A new game of a campaign (RG-11, ruling 12): unit placements, talents and the total of
    /// recruited soldiers come from `campaign`, which is checked first.
    ///
    /// ```
    /// use darbar::raid::{Campaign, Options, State, Talent};
    ///
    /// let mut campaign = Campaign::default();
    /// campaign.recruited = 5;
    /// campaign.talents.insert(Talent::Logistics);
    /// let state = State::new_campaign_game(1, Options::default(), &campaign).unwrap();
    /// assert!(state.talents().contains(Talent::Logistics));
    /// assert_eq!(state.recruited_total(), 5);
    /// ```
    pub fn new_campaign_game(
        seed: u64,
        options: Options,
        campaign: &Campaign,
    ) -> Result<State, Error> {
        campaign
            .validate()
            .map_err(|reason| Error::Campaign { reason })?;
        Ok(State::start(seed, options, campaign.clone()))
    }

    pub(crate) fn start(seed: u64, options: Options, campaign: Campaign) -> State {
        let army = if options.captured_units_carry_over {
            campaign.captured
        } else {
            UnitSet::EMPTY
        };
        State {
            options,
            seed,
            rng: GameRng::from_seed_u64(seed),
            turn: 1,
            phase: Phase::Scout,
            player: options.start,
            talents: campaign.talents,
            talent_picks: 0,
            army,
            captured: UnitSet::EMPTY,
            sites: [Site::default(); SITE_COUNT],
            known: [None; SITE_COUNT],
            war: [WarStatus::Solid; 3],
            placements: campaign.placements.clone(),
            recruited: campaign.recruited,
            campaign,
            raided: Vec::new(),
            recruited_this_turn: false,
            merchant_used: false,
            plunder: None,
            ending: None,
            rolls: Vec::new(),
            forced_dice: Vec::new(),
        }
    }

    // ----- reading -------------------------------------------------------------------------

    /// The rule options the game was created with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The seed the game was created from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The turn, from 1; one turn is one day (RG-0.3).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The phase of the turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The player's camp.
    pub fn player(&self) -> &Resources {
        &self.player
    }

    /// The player's own talents (recruitment and earlier games).
    pub fn talents(&self) -> TalentSet {
        self.talents
    }

    /// Every talent the player's army has: its own and its unique units' (ruling 11).
    pub fn army_talents(&self) -> TalentSet {
        self.army
            .iter()
            .fold(self.talents, |set, unit| set.union(unit.entry().talents))
    }

    /// Whether the player's army has `talent`.
    pub fn has_talent(&self, talent: Talent) -> bool {
        self.army_talents().contains(talent)
    }

    /// The unique units in the player's army.
    pub fn army(&self) -> UnitSet {
        self.army
    }

    /// Talents owed by recruitment and not chosen yet (ruling 10).
    pub fn pending_talents(&self) -> u32 {
        self.talent_picks
    }

    /// The campaign's total of recruited soldiers, this game included (RG-7.2).
    pub fn recruited_total(&self) -> u32 {
        self.recruited
    }

    /// A site's true state. The player may not know it: see [`State::known_site`].
    pub fn site(&self, site: SiteId) -> &Site {
        &self.sites[site.index()]
    }

    /// What the player last saw of `site`, or `None` if never seen (RG-9).
    pub fn known_site(&self, site: SiteId) -> Option<&Observed> {
        self.known[site.index()].as_ref()
    }

    /// A fort's war status; `None` for other sites (RG-2.2).
    pub fn war_status(&self, site: SiteId) -> Option<WarStatus> {
        site.fort_index().map(|i| self.war[i])
    }

    /// The front-line fort: the first fort in order that has not fallen (ruling 15).
    pub fn front_fort(&self) -> Option<SiteId> {
        SiteId::FORTS
            .into_iter()
            .find(|&f| self.war[f.index()] != WarStatus::Fallen)
    }

    /// The fixed site of every unique unit placed so far (RG-2.3).
    pub fn placements(&self) -> &BTreeMap<UnitId, SiteId> {
        &self.placements
    }

    /// The sites raided this turn, in order (RG-5.6).
    pub fn raided_this_turn(&self) -> &[SiteId] {
        &self.raided
    }

    /// The continued plunder under way, if any (RG-5.5).
    pub fn plunder(&self) -> Option<&Plunder> {
        self.plunder.as_ref()
    }

    /// How the game ended, once it has (RG-10).
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    /// The GM's rolls of the last action, in order (ruling 27); a recording [`Log`](crate::engine::Log) of the
    /// action has them too, before the action's own lines.
    pub fn rolls(&self) -> &[GmRoll] {
        &self.rolls
    }

    /// The campaign this game started from.
    pub fn campaign(&self) -> &Campaign {
        &self.campaign
    }

    /// The fixed talents of a site (RG-2.1).
    pub fn site_talents(&self, site: SiteId) -> TalentSet {
        RaidData::standard().sites.row(site.kind()).talents
    }

    /// Whether `site` takes part in play: castles only with the variant of ruling 13.
    pub fn in_play(&self, site: SiteId) -> bool {
        site.kind() != SiteKind::Castle || self.options.castles_in_play
    }

    /// Whether `site` may be raided at all this game (RG-5.1, ruling 13): not a castle, not
    /// sacked, not a fallen fort. Whether it was raided this turn is not considered.
    pub fn is_raidable(&self, site: SiteId) -> bool {
        self.in_play(site)
            && !self.site(site).sacked
            && self.war_status(site) != Some(WarStatus::Fallen)
    }

    /// The player's strength bonus from unique units (ruling 11).
    pub fn unit_power(&self) -> u32 {
        self.army.iter().map(|u| u.entry().power_bonus).sum()
    }

    /// The fatigue of the `n`-th raid of a turn: `n − 1`, or none on the second raid with
    /// 夜襲 (ruling 20, ruling 10).
    pub fn fatigue(&self, n: usize) -> u32 {
        if n == 2 && self.has_talent(Talent::NightRaid) {
            0
        } else {
            u32::try_from(n.saturating_sub(1)).unwrap_or(u32::MAX)
        }
    }

    /// The player's battle strength under `fatigue`: `min(soldiers, weapons)` plus unit bonuses,
    /// minus fatigue, at least 0 (RG-5.2.1, ruling 20).
    ///
    /// The worked example RG-12.5: soldiers 6 and weapons 4 give S = 4; in the third raid of a
    /// turn, S = 4 − 2 = 2.
    ///
    /// ```
    /// use darbar::raid::{Options, Resources, State};
    ///
    /// let start = Resources { soldiers: 6, weapons: 4, ..Options::default().start };
    /// let state = State::with_options(1, Options { start, ..Options::default() });
    /// assert_eq!(state.player_power(state.fatigue(3)), 2);
    /// ```
    pub fn player_power(&self, fatigue: u32) -> u32 {
        (self.player.strength() + self.unit_power()).saturating_sub(fatigue)
    }

    /// The player's strength for the next raid of this turn.
    pub fn next_raid_power(&self) -> u32 {
        self.player_power(self.fatigue(self.raided.len() + 1))
    }

    // ----- test hooks ----------------------------------------------------------------------

    /// Sets the next dice to roll, before the generator is used again: a test hook, so tests
    /// can script a turn. Every roll of any die takes the next value; a value above the die's
    /// faces counts as its highest face. Zeros are ignored.
    ///
    /// ```
    /// use darbar::raid::State;
    ///
    /// let mut state = State::new(1);
    /// state.force_dice(&[5, 2, 6]);
    /// assert_eq!(state.forced_dice(), &[5, 2, 6]);
    /// ```
    pub fn force_dice(&mut self, dice: &[u8]) {
        self.forced_dice
            .extend(dice.iter().copied().filter(|&d| d > 0));
    }

    /// The dice set by [`State::force_dice`] and not rolled yet.
    pub fn forced_dice(&self) -> &[u8] {
        &self.forced_dice
    }

    /// Replaces the player's resources: a scenario hook for tests and puzzles, outside the
    /// rules. A game already over stays over.
    pub fn set_player(&mut self, resources: Resources) {
        self.player = resources;
    }

    /// Reveals `site` (if it is not yet) and sets its true resources: a scenario hook for tests
    /// and puzzles, outside the rules. Castles are left alone. The player's view is unchanged.
    /// Revealing rolls dice (RG-2.1, RG-2.3), so set sites before [`State::force_dice`].
    pub fn set_site(&mut self, site: SiteId, resources: Resources) {
        if self.in_play(site) {
            self.reveal(site);
            self.sites[site.index()].resources = resources;
        }
    }

    /// Sets a fort's war status: a scenario hook for tests, outside the rules.
    pub fn set_war_status(&mut self, fort: SiteId, status: WarStatus) {
        if let Some(i) = fort.fort_index() {
            self.war[i] = status;
        }
    }

    // ----- dice ----------------------------------------------------------------------------

    /// One die of `faces` faces, a forced one first.
    pub(crate) fn die(&mut self, faces: u8) -> u8 {
        if self.forced_dice.is_empty() {
            // `below(faces)` is below `faces`, so the cast cannot truncate.
            self.rng.below(u32::from(faces)) as u8 + 1
        } else {
            self.forced_dice.remove(0).min(faces)
        }
    }

    /// Rolls `dice`, records the roll and returns the total.
    pub(crate) fn roll(&mut self, dice: Dice, what: RollFor) -> u32 {
        let rolled: Vec<u8> = (0..dice.count).map(|_| self.die(dice.faces)).collect();
        self.record(what, dice.faces, rolled, 0)
    }

    pub(crate) fn record(&mut self, what: RollFor, faces: u8, dice: Vec<u8>, plus: u32) -> u32 {
        let roll = GmRoll {
            turn: self.turn,
            what,
            faces,
            dice,
            plus,
        };
        let total = roll.total();
        self.rolls.push(roll);
        total
    }

    // ----- reveal (RG-2.1, RG-2.3) ---------------------------------------------------------

    /// Generates an unrevealed site's values and places its unique units.
    pub(crate) fn reveal(&mut self, site: SiteId) {
        if self.site(site).revealed || !self.in_play(site) {
            return;
        }
        let data = RaidData::standard();
        let row = data.sites.row(site.kind());
        let mut resources = Resources::default();
        for resource in Resource::ALL {
            resources[resource] =
                self.roll(row.dice(resource), RollFor::Generate { site, resource });
        }
        // Units already fixed here by an earlier game stay (RG-2.3); those the player carries
        // over are not here.
        let mut units: UnitSet = self
            .placements
            .iter()
            .filter(|&(_, &s)| s == site)
            .map(|(&u, _)| u)
            .collect();
        let fixed = units.len();
        for _ in fixed..site.kind().unit_slots() {
            let free: Vec<UnitId> = data
                .table(site.kind())
                .iter()
                .filter(|u| !self.placements.contains_key(u))
                .collect();
            if free.is_empty() {
                break;
            }
            // A uniform draw among the unplaced units: the reroll-on-duplicate rule (RG-2.3).
            let faces = u8::try_from(free.len()).unwrap_or(u8::MAX);
            let pick = self.die(faces);
            self.record(RollFor::PlaceUnit { site }, faces, vec![pick], 0);
            let unit = free[usize::from(pick - 1)];
            self.placements.insert(unit, site);
            units.insert(unit);
        }
        let units = UnitSet::from_iter(units.iter().filter(|&u| !self.army.contains(u)));
        self.sites[site.index()] = Site {
            revealed: true,
            resources,
            units,
            sacked: false,
        };
    }

    /// The player sees `site` as it is now (RG-9).
    pub(crate) fn observe(&mut self, site: SiteId) {
        let s = self.site(site);
        self.known[site.index()] = Some(Observed {
            turn: self.turn,
            resources: s.resources,
            units: s.units,
        });
    }

    pub(crate) fn all_forts_fallen(&self) -> bool {
        self.war.iter().all(|&w| w == WarStatus::Fallen)
    }
}
