//! The state of a game (TI-2): the seats, the map, the decks and displays, the round, and the
//! stack of pending rules. Seats sit clockwise in seat order (TI-0.2); people first, then the
//! automas (TC-16.1).

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::content::{Content, Counter};
use super::frame::Frame;
use super::ids::{CityId, Difficulty, Era, Region, Sector};
use super::options::Options;

/// Share token values, the top of a full stack first (TI-2.5).
pub const SHARE_VALUES: [u32; 9] = [30, 35, 40, 45, 50, 55, 60, 65, 70];
/// Factories per seat (TI-1.2).
pub const FACTORIES: u8 = 9;
/// The promissory note cap (TI-10).
pub const MAX_NOTES: u8 = 10;
/// The most an emergency loan gives (TI-9).
pub const EMERGENCY_LOAN: u32 = 25;
/// What one note costs to repay (TI-10).
pub const NOTE_REPAYMENT: u32 = 50;
/// The last round (TI-4.1).
pub const LAST_ROUND: u8 = 7;

/// A factory on the map (TI-2.1): a built industry's, or an Office's (no card).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Factory {
    /// The seat whose colour it is.
    pub owner: u8,
    /// The industry card it builds; `None` for an Office (TI-8.6).
    pub card: Option<u8>,
}

/// A card in a display with the promoters lying on it (TI-2.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Slot {
    /// The card's content number.
    pub card: u8,
    /// Promoters on it.
    pub promoters: u32,
}

/// An industry card a seat owns (TI-2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Holding {
    /// The card's content number.
    pub card: u8,
    /// Where it is built; `None` while unbuilt (its factory lies on the card).
    pub city: Option<CityId>,
}

/// A merit card held, with the phase it was drawn in (TC-12: not playable in that phase).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HeldMerit {
    /// The card's content number.
    pub card: u8,
    /// The phase number it was drawn in (the state counts the phases begun).
    pub drawn: u16,
}

/// An unmanaged strategy space in play (TI-8.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SpaceState {
    /// The space's content number.
    pub space: u8,
    /// The seat whose share token covers it, and the token's value.
    pub cover: Option<(u8, u32)>,
}

/// The phase of the round (TI-4.1), for views and the merit rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Setup (TI-3).
    Setup,
    /// The headline's reveal and round-start effects (TI-17.2).
    Headline,
    /// Region activation (TI-5).
    Region,
    /// Round events (TI-6).
    Events,
    /// Industry bidding (TI-7).
    Auction,
    /// Actions (TI-8).
    Actions,
    /// After the actions: round-end headline, housekeeping.
    RoundEnd,
    /// The final Income & dividends, note repayment, scoring (TI-16).
    GameEnd,
}

/// One seat's holdings (TI-2.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatState {
    /// The automa's difficulty, for an automa seat (TC-16).
    pub automa: Option<Difficulty>,
    /// Cr, behind the screen.
    pub money: u32,
    /// Promoters in the personal supply, behind the screen.
    pub promoters: u32,
    /// Promoters in the strategy pool.
    pub pool: u32,
    /// Support tokens' worth.
    pub support: u32,
    /// The influence track position (TC-4: the plain integer).
    pub influence: u32,
    /// When the influence disc last moved: later is higher in a stack (TI-0.4).
    pub influence_stamp: u32,
    /// Level on each sector track, 0 off the track, by [`Sector::index`].
    pub levels: [u8; 6],
    /// When each sector disc last moved.
    pub level_stamps: [u32; 6],
    /// Factories in reserve (TI-2.1).
    pub reserve: u8,
    /// Industry cards owned, in the order acquired.
    pub industries: Vec<Holding>,
    /// Own share tokens left in the stack (the top is the lowest value).
    pub shares_left: u8,
    /// Opponent shares held, by the colour's seat.
    pub held: [u8; 4],
    /// Policies owned, in the order acquired.
    pub policies: Vec<u8>,
    /// Merit cards held (hidden).
    pub merits: Vec<HeldMerit>,
    /// The agenda kept (hidden); the two drawn while the choice is open.
    pub agenda: Vec<u8>,
    /// The agenda put out of the game unseen by the others (TI-3 step 17).
    pub agenda_discarded: Option<u8>,
    /// Promissory notes.
    pub notes: u8,
    /// +1 action tokens.
    pub plus1: u32,
    /// Regular action tokens left this phase.
    pub tokens: u8,
    /// Whether the Tycoon token is still to be used this phase (the Tycoon only).
    pub tycoon_token: bool,
    /// Actions taken this phase, by [`ActionKind::bit`](super::ids::ActionKind::bit).
    pub taken: u8,
    /// Out of this Phase 4's turn loop (TI-8.2).
    pub out: bool,
    /// The automa's card of the round (TC-16.3).
    pub automa_card: Option<u8>,
}

impl SeatState {
    fn new(automa: Option<Difficulty>) -> SeatState {
        SeatState {
            automa,
            money: 150,
            promoters: 0,
            pool: 0,
            support: 0,
            influence: 0,
            influence_stamp: 0,
            levels: [0; 6],
            level_stamps: [0; 6],
            reserve: FACTORIES,
            industries: Vec::new(),
            shares_left: 9,
            held: [0; 4],
            policies: Vec::new(),
            merits: Vec::new(),
            agenda: Vec::new(),
            agenda_discarded: None,
            notes: 0,
            plus1: 0,
            tokens: 2,
            tycoon_token: false,
            taken: 0,
            out: false,
            automa_card: None,
        }
    }

    /// Whether this seat is an automa (the `is_ai` flag of TI-21.17).
    pub fn is_automa(&self) -> bool {
        self.automa.is_some()
    }

    /// The level on a sector track.
    pub fn level(&self, sector: Sector) -> u8 {
        self.levels[sector.index()]
    }

    /// The value of the own share on top of the stack, if any is left (TI-8.4).
    pub fn top_share(&self) -> Option<u32> {
        let taken = 9usize.checked_sub(usize::from(self.shares_left))?;
        (self.shares_left > 0).then(|| SHARE_VALUES[taken.min(8)])
    }

    /// Opponent shares held in all.
    pub fn shares_held(&self) -> u32 {
        self.held.iter().map(|&n| u32::from(n)).sum()
    }

    /// Whether the seat still holds a token a Phase-4 action needs (TI-8.1): a regular or
    /// Tycoon token for an action not taken yet.
    pub fn has_first_token(&self) -> bool {
        self.tokens > 0 || self.tycoon_token
    }
}

/// The state of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The options it was set up with.
    pub(crate) options: Options,
    /// The seed of its setup.
    pub(crate) seed: u64,
    /// The seats, clockwise.
    pub(crate) seats: Vec<SeatState>,
    /// The Tycoon's seat (TI-2.9).
    pub(crate) tycoon: u8,
    /// The round: 0 at setup, 1–7, 8 once the marker reaches END.
    pub(crate) round: u8,
    /// The phase.
    pub(crate) phase: Phase,
    /// Counts the phases begun, for the merit rule (TC-12).
    pub(crate) phase_serial: u16,
    /// The active region (TI-5).
    pub(crate) region: Option<Region>,
    /// The factory in each city, by [`CityId`].
    pub(crate) cities: Vec<Option<Factory>>,
    /// Counts disc moves, to order stacks (TI-0.4).
    pub(crate) stamp: u32,
    /// The industry deck, its top last.
    pub(crate) industry_deck: Vec<u8>,
    /// The industry display, its front first (TI-2.7).
    pub(crate) industry_display: Vec<Slot>,
    /// The policy deck, its top last.
    pub(crate) policy_deck: Vec<u8>,
    /// The policy display.
    pub(crate) policy_display: Vec<Slot>,
    /// The policies drawn for the starting pick (TI-3 step 16).
    pub(crate) setup_policies: Vec<u8>,
    /// The merit deck, its top first; played cards go to its back (TI-8.5.1).
    pub(crate) merit_deck: VecDeque<u8>,
    /// How many cards at the merit deck's back were played there in view of all.
    pub(crate) merit_known_tail: usize,
    /// The planning commission cards in play (TI-14).
    pub(crate) plans: Vec<u8>,
    /// The headline deck, its top last (TI-17.1).
    pub(crate) headline_deck: Vec<u8>,
    /// The headline of the round.
    pub(crate) headline: Option<u8>,
    /// The headlines of the rounds before, out of the game (TI-17.2).
    pub(crate) headlines_past: Vec<u8>,
    /// The conglomerate tokens still to be taken (TI-11).
    pub(crate) conglomerates: Vec<u8>,
    /// The two favour tokens revealed (TI-12).
    pub(crate) favours: Vec<u8>,
    /// The unmanaged strategy spaces in play (TC-5).
    pub(crate) spaces: Vec<SpaceState>,
    /// The automa decks by [`Difficulty`] index, their tops last (TC-16.1).
    pub(crate) automa_decks: [Vec<u8>; 3],
    /// The agenda deck, its top last, until setup has dealt it.
    pub(crate) agenda_deck: Vec<u8>,
    /// The sealed policy bids of this event (TI-6.2), hidden until all are in.
    pub(crate) bids: Vec<Option<u32>>,
    /// The industry auction's standing bids (TI-7.4).
    pub(crate) standing: Vec<Option<u32>>,
    /// Seats that passed in lap 1 (bit per seat).
    pub(crate) lap_one_passes: u8,
    /// The opening minimum of the auction (TI-7.2).
    pub(crate) opening: u32,
    /// This round's highest bidder, the next Tycoon (TI-4.2).
    pub(crate) top_bidder: Option<u8>,
    /// The seats that took an industry card in this Phase 3 (bit per seat).
    pub(crate) auction_takers: u8,
    /// The pending rules.
    pub(crate) stack: Vec<Frame>,
    /// The result, once scored.
    pub(crate) outcome: Option<Outcome>,
    /// Each seat's figures at the start of each round, and at the end (for plots).
    pub(crate) history: Vec<RoundFigures>,
    /// Counts the cards drawn and the bids revealed ([`Game::revealed`](crate::engine::Game::revealed)).
    pub(crate) reveals: u64,
}

/// One seat's final score (TI-16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Built industries' asset value.
    pub industry_av: u32,
    /// Held shares at their colours' unit values.
    pub share_av: u32,
    /// Finance and Transport track AV.
    pub track_av: u32,
    /// Unplayed merit cards' AV.
    pub merit_av: u32,
    /// Asset value in all, notes deducted (TI-16.2).
    pub asset_value: i64,
    /// Planning commission awards.
    pub plan_influence: u32,
    /// Industrial policy awards.
    pub policy_influence: u32,
    /// Influence in all, notes deducted (TI-16.3).
    pub influence: i64,
    /// Favoured sector levels.
    pub favour_support: u32,
    /// Policies' end support.
    pub policy_support: u32,
    /// The agenda's award.
    pub agenda_support: u32,
    /// Support in all (TI-16.5).
    pub support: u32,
}

/// Every seat's figures at one point of the game: the start of a round, or the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundFigures {
    /// The round about to begin (1–7), or 8 for the final scores.
    pub round: u8,
    /// Each seat's Cr.
    pub money: Vec<u32>,
    /// Each seat's asset value by TI-16.2 as the table stands.
    pub asset_value: Vec<i64>,
    /// Each seat's influence track position.
    pub influence: Vec<u32>,
}

/// The result of a game (TI-16.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Every seat's score.
    pub scores: Vec<Score>,
    /// The asset winner.
    pub asset_winner: u8,
    /// The influence winner.
    pub influence_winner: u8,
    /// The winners: one, or two sharing the victory.
    pub winners: Vec<u8>,
}

impl State {
    /// An empty table for these options, before any card is dealt.
    pub(crate) fn empty(content: &Content, options: Options, seed: u64) -> State {
        let seats = options.seats();
        State {
            options,
            seed,
            seats: (0..usize::from(seats))
                .map(|s| SeatState::new(options.automa_of(s)))
                .collect(),
            tycoon: 0,
            round: 0,
            phase: Phase::Setup,
            phase_serial: 0,
            region: None,
            cities: vec![None; content.map.cities.len()],
            stamp: 0,
            industry_deck: Vec::new(),
            industry_display: Vec::new(),
            policy_deck: Vec::new(),
            policy_display: Vec::new(),
            setup_policies: Vec::new(),
            merit_deck: VecDeque::new(),
            merit_known_tail: 0,
            plans: Vec::new(),
            headline_deck: Vec::new(),
            headline: None,
            headlines_past: Vec::new(),
            conglomerates: Vec::new(),
            favours: Vec::new(),
            spaces: Vec::new(),
            automa_decks: Default::default(),
            agenda_deck: Vec::new(),
            bids: vec![None; usize::from(seats)],
            standing: vec![None; usize::from(seats)],
            lap_one_passes: 0,
            opening: 0,
            top_bidder: None,
            auction_takers: 0,
            stack: Vec::new(),
            outcome: None,
            reveals: 0,
            history: Vec::new(),
        }
    }

    /// The number of seats.
    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }

    /// A seat's holdings.
    pub fn seat(&self, seat: usize) -> Option<&SeatState> {
        self.seats.get(seat)
    }

    /// The Tycoon's seat.
    pub fn tycoon(&self) -> usize {
        usize::from(self.tycoon)
    }

    /// The round: 0 at setup, 1–7, 8 at the end.
    pub fn round(&self) -> u8 {
        self.round
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The active region.
    pub fn active_region(&self) -> Option<Region> {
        self.region
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Each seat's money, asset value and influence at the start of every round so far, and
    /// at the end (for plots of a game; the full state's, so every seat's money).
    pub fn history(&self) -> &[RoundFigures] {
        &self.history
    }

    /// The options the game was set up with.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The factory in a city.
    pub fn factory(&self, city: CityId) -> Option<Factory> {
        self.cities.get(city.index()).copied().flatten()
    }

    /// The seat `k` places after the Tycoon in turn order (TI-0.2).
    pub(crate) fn in_turn(&self, k: usize) -> u8 {
        ((self.tycoon() + k) % self.seat_count()) as u8
    }

    /// The seats in turn order from the Tycoon.
    pub(crate) fn turn_order(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.seat_count()).map(|k| self.in_turn(k))
    }

    /// A seat's name: its colour (TI-1.2; TC-18 names them Red, Blue, Green, Yellow).
    pub fn name_of(&self, seat: u8) -> &'static str {
        seat_colour(usize::from(seat))
    }

    /// The next stack stamp: a disc that moves now lands on top (TI-0.4).
    pub(crate) fn next_stamp(&mut self) -> u32 {
        self.stamp += 1;
        self.stamp
    }

    /// Influence order (TI-0.4): `a` ranks above `b`.
    pub fn influence_above(&self, a: u8, b: u8) -> bool {
        let (x, y) = (&self.seats[usize::from(a)], &self.seats[usize::from(b)]);
        (x.influence, x.influence_stamp) > (y.influence, y.influence_stamp)
    }

    /// The seats in influence order, highest first.
    pub fn influence_order(&self) -> Vec<u8> {
        let mut seats: Vec<u8> = (0..self.seat_count() as u8).collect();
        seats.sort_by_key(|&s| {
            let x = &self.seats[usize::from(s)];
            std::cmp::Reverse((x.influence, x.influence_stamp))
        });
        seats
    }

    /// The sector's leader (TI-2.4): the highest disc, the later arrival on a tie; `None` for
    /// the Government, which leads at level 1 when no disc is on the track.
    pub fn leader(&self, sector: Sector) -> Option<u8> {
        let i = sector.index();
        (0..self.seat_count() as u8)
            .filter(|&s| self.seats[usize::from(s)].levels[i] > 0)
            .max_by_key(|&s| {
                let x = &self.seats[usize::from(s)];
                (x.levels[i], x.level_stamps[i])
            })
    }

    /// The leader's level (the Government's is 1).
    pub fn leader_level(&self, sector: Sector) -> u8 {
        self.leader(sector)
            .map_or(1, |s| self.seats[usize::from(s)].level(sector))
    }

    /// A seat's factories on the map, with their cities.
    pub(crate) fn factories_of(&self, seat: u8) -> impl Iterator<Item = (CityId, Factory)> + '_ {
        self.cities
            .iter()
            .enumerate()
            .filter_map(move |(i, f)| f.filter(|f| f.owner == seat).map(|f| (CityId(i as u8), f)))
    }

    /// The built industry cards of a seat.
    pub(crate) fn built(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        self.seats[usize::from(seat)]
            .industries
            .iter()
            .filter(|h| h.city.is_some())
            .map(|h| h.card)
    }

    /// The unbuilt industry cards of a seat.
    pub(crate) fn unbuilt(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        self.seats[usize::from(seat)]
            .industries
            .iter()
            .filter(|h| h.city.is_none())
            .map(|h| h.card)
    }

    /// A seat's IndustryAV: its built cards' asset value (TI-16.2).
    pub fn industry_av(&self, content: &Content, seat: u8) -> u32 {
        self.built(seat)
            .map(|c| content.industries[usize::from(c)].asset_value)
            .sum()
    }

    /// A counter's value for `seat` (TC-1.3).
    pub(crate) fn count(&self, content: &Content, seat: u8, counter: &Counter) -> u32 {
        let me = &self.seats[usize::from(seat)];
        let card = |c: u8| &content.industries[usize::from(c)];
        match counter {
            Counter::Factories { region } => self
                .factories_of(seat)
                .filter(|(city, _)| {
                    region.is_none_or(|r| content.map.cities[city.index()].region == r)
                })
                .count() as u32,
            Counter::Built { sectors, era } => self
                .built(seat)
                .filter(|&c| sectors.is_empty() || sectors.contains(&card(c).sector))
                .filter(|&c| era.is_none_or(|e: Era| card(c).era == e))
                .count() as u32,
            Counter::Unbuilt => self.unbuilt(seat).count() as u32,
            Counter::BuiltSectors => {
                let mut seen = 0u8;
                for c in self.built(seat) {
                    seen |= 1 << card(c).sector.index();
                }
                seen.count_ones()
            }
            Counter::Income => self.built(seat).map(|c| card(c).income).sum(),
            Counter::SharesHeld => me.shares_held(),
            Counter::Policies => me.policies.len() as u32,
            Counter::Tracks => me.levels.iter().filter(|&&l| l > 0).count() as u32,
            Counter::Level { sectors } => sectors.iter().map(|&s| u32::from(me.level(s))).sum(),
            Counter::Levels => me.levels.iter().map(|&l| u32::from(l)).sum(),
            Counter::Leads => Sector::ALL
                .iter()
                .filter(|&&s| self.leader(s) == Some(seat))
                .count() as u32,
            Counter::Notes => u32::from(me.notes),
            Counter::Regions => {
                let mut seen = 0u8;
                for (city, _) in self.factories_of(seat) {
                    seen |= 1 << content.map.cities[city.index()].region.index();
                }
                seen.count_ones()
            }
            Counter::Metros => self
                .factories_of(seat)
                .filter(|(city, _)| content.map.cities[city.index()].metro)
                .count() as u32,
        }
    }

    /// The empty cities.
    pub(crate) fn empty_cities(&self) -> impl Iterator<Item = CityId> + '_ {
        self.cities
            .iter()
            .enumerate()
            .filter(|(_, f)| f.is_none())
            .map(|(i, _)| CityId(i as u8))
    }
}

/// A seat's colour by its number.
pub fn seat_colour(seat: usize) -> &'static str {
    ["Red", "Blue", "Green", "Yellow"]
        .get(seat)
        .copied()
        .unwrap_or("?")
}
