//! The observation tensor: a flat vector of numbers built only from what one seat may see,
//! its [`View`] (TI-2.6, TI-21.16, TI-21.19), in named blocks. Seats are written relative to
//! the observer (the observer first, then clockwise, TI-0.2), so a policy learned in one
//! colour plays in every colour; the observer's own colour has a block of its own.
//!
//! The blocks that list cards, cities or spaces are as long as the content's lists: with
//! darbar's default content every observation has [`OBSERVATION_SIZE`] numbers, and a user's
//! own content of other sizes gives its own length ([`Tycoon::observation_len`]).
//!
//! [`Tycoon::observation_len`]: crate::engine::Game::observation_len

use super::content::Content;
use super::ids::{ActionKind, Difficulty, Region, Sector, SpaceType};
use super::state::{FACTORIES, LAST_ROUND, MAX_NOTES, Phase, SHARE_VALUES, State};
use super::view::View;

/// The most seats (TC-16.1): every per-seat block has room for four.
const SEATS: usize = 4;
/// Numbers per seat in the `seats` block: present, automa, difficulty 3, money known and
/// money, promoters known and promoters, pool, support, reserve, shares left, next share,
/// shares held by colour 4, merit count, notes, +1 tokens, tokens, Tycoon token, out.
const PER_SEAT: usize = 2 + 3 + 4 + 2 + 3 + SEATS + 4 + 2;
/// Numbers per city: its owner (4, relative), an Office, the built industry's sector (6).
const PER_CITY: usize = SEATS + 1 + 6;
/// Numbers per industry card: its owner (4, relative) and whether it is built.
const PER_INDUSTRY: usize = SEATS + 1;
/// Numbers per unmanaged space: in play, and the seat whose share covers it (4, relative).
const PER_SPACE: usize = 1 + SEATS;
/// Numbers per automa card of the round (TC-16.3): its three actions in order (3 × 6), its
/// first three strategy types (3 × 6), bid margin, policy bid, NP units, focus sector (6),
/// focus region (4), the share rule (2).
const PER_AUTOMA: usize = 3 * 6 + 3 * 6 + 3 + 6 + 4 + 2;
/// Industry display slots (TI-2.7).
const INDUSTRY_SLOTS: usize = 3;
/// Policy display slots (TI-2.7).
const POLICY_SLOTS: usize = 2;

/// The sizes of the content's lists the blocks follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sizes {
    cities: usize,
    industries: usize,
    policies: usize,
    merits: usize,
    agendas: usize,
    headlines: usize,
    plans: usize,
    conglomerates: usize,
    spaces: usize,
}

impl Sizes {
    /// darbar's default content (TC-2, TC-5, TC-7 to TC-13).
    const DEFAULT: Sizes = Sizes {
        cities: 32,
        industries: 53,
        policies: 27,
        merits: 30,
        agendas: 8,
        headlines: 12,
        plans: 12,
        conglomerates: 6,
        spaces: 14,
    };

    /// The sizes of `content`'s lists.
    pub(crate) fn of(c: &Content) -> Sizes {
        Sizes {
            cities: c.map.cities.len(),
            industries: c.industries.len(),
            policies: c.policies.len(),
            merits: c.merits.len(),
            agendas: c.agendas.len(),
            headlines: c.headlines.len(),
            plans: c.plans.len(),
            conglomerates: c.conglomerates.len(),
            spaces: c.board.unmanaged.len(),
        }
    }

    /// The blocks, `(name, length)` in order.
    const fn blocks(self) -> [(&'static str, usize); 25] {
        [
            ("viewer_colour", SEATS),
            ("round", LAST_ROUND as usize + 2),
            ("phase", 8),
            ("tycoon", SEATS),
            ("region", 4),
            ("headline", self.headlines),
            ("seats", SEATS * PER_SEAT),
            ("own_merits", self.merits),
            ("own_agenda", self.agendas),
            ("influence", SEATS),
            ("tracks", 6 * SEATS),
            ("cities", self.cities * PER_CITY),
            ("industries", self.industries * PER_INDUSTRY),
            ("policies", self.policies * SEATS),
            ("industry_display", INDUSTRY_SLOTS * (self.industries + 1)),
            ("policy_display", POLICY_SLOTS * (self.policies + 1)),
            ("setup_policies", self.policies),
            ("decks", 4),
            ("plans", self.plans),
            ("conglomerates", self.conglomerates),
            ("favours", 6),
            ("spaces", self.spaces * PER_SPACE),
            ("bids", 1 + 3 * SEATS),
            ("automa_cards", SEATS * PER_AUTOMA),
            ("outcome", SEATS + 1 + 5 * SEATS),
        ]
    }

    /// The length of an observation.
    pub(crate) const fn total(self) -> usize {
        let blocks = self.blocks();
        let mut total = 0;
        let mut i = 0;
        while i < blocks.len() {
            total += blocks[i].1;
            i += 1;
        }
        total
    }

    /// The blocks with their starts.
    pub(crate) fn layout(self) -> Vec<(&'static str, usize, usize)> {
        let mut start = 0;
        self.blocks()
            .iter()
            .map(|&(name, len)| {
                let block = (name, start, len);
                start += len;
                block
            })
            .collect()
    }
}

/// The length of every observation with darbar's default content.
pub const OBSERVATION_SIZE: usize = Sizes::DEFAULT.total();

/// A vector being filled block by block.
struct Out {
    numbers: Vec<f32>,
}

impl Out {
    fn push(&mut self, x: f32) {
        self.numbers.push(x);
    }

    fn flag(&mut self, on: bool) {
        self.push(if on { 1.0 } else { 0.0 });
    }

    /// `len` zeros with a 1 at `at`, if it is below `len`.
    fn one_hot(&mut self, len: usize, at: Option<usize>) {
        let start = self.numbers.len();
        self.numbers.resize(start + len, 0.0);
        if let Some(i) = at.filter(|&i| i < len) {
            self.numbers[start + i] = 1.0;
        }
    }

    /// `len` zeros with a 1 at each of `set` below `len`.
    fn bits(&mut self, len: usize, set: impl IntoIterator<Item = usize>) {
        let start = self.numbers.len();
        self.numbers.resize(start + len, 0.0);
        for i in set {
            if i < len {
                self.numbers[start + i] = 1.0;
            }
        }
    }

    /// A count scaled by `unit`.
    fn scaled(&mut self, x: impl Into<f64>, unit: f64) {
        self.push((x.into() / unit) as f32);
    }
}

/// `seat`'s observation of `state`, from its [`View`] only.
///
/// Scales: money, bids and asset value by 1/100 Cr (asset value 1/1000), influence by 1/100,
/// promoters and support by 1/10, levels by 1/7, factories and shares by 1/9, a share's price
/// by 1/70, notes by 1/10, tokens by 1/2, deck sizes by the content's list sizes.
pub(crate) fn observation(state: &State, c: &Content, seat: usize) -> Vec<f32> {
    let view = View::of(state, c, seat);
    encode(&view, c)
}

/// The observation written from a view.
fn encode(v: &View, c: &Content) -> Vec<f32> {
    let sizes = Sizes::of(c);
    let mut out = Out {
        numbers: Vec::with_capacity(sizes.total()),
    };
    let n = v.seats.len().max(1);
    // The observer first, then clockwise.
    let rel = |k: usize| (k + n - v.seat % n) % n;
    // The seat `r` places clockwise of the observer.
    let at = |r: usize| {
        if r < n {
            v.seats.get((r + v.seat) % n)
        } else {
            None
        }
    };
    let industry = |id: &str| c.industry(id).map(usize::from);
    let policy = |id: &str| c.policy(id).map(usize::from);

    out.one_hot(SEATS, Some(v.seat));
    out.one_hot(LAST_ROUND as usize + 2, Some(usize::from(v.round)));
    out.one_hot(8, Some(phase_index(v.phase)));
    out.one_hot(SEATS, Some(rel(v.tycoon)));
    out.one_hot(4, v.region.map(Region::index));
    out.one_hot(
        sizes.headlines,
        v.headline
            .as_deref()
            .and_then(|id| c.headlines.iter().position(|h| h.id == id)),
    );

    // Each seat's figures, as the observer sees them.
    for r in 0..SEATS {
        let Some(x) = at(r) else {
            out.one_hot(PER_SEAT, None);
            continue;
        };
        out.flag(true);
        out.flag(x.automa.is_some());
        out.one_hot(3, x.automa.map(Difficulty::index));
        out.flag(x.money.is_some());
        out.scaled(x.money.unwrap_or(0), 100.0);
        out.flag(x.promoters.is_some());
        out.scaled(x.promoters.unwrap_or(0), 10.0);
        out.scaled(x.pool, 10.0);
        out.scaled(x.support, 10.0);
        out.scaled(x.reserve, f64::from(FACTORIES));
        out.scaled(x.shares_left, SHARE_VALUES.len() as f64);
        out.scaled(x.next_share.unwrap_or(0), 70.0);
        let mut held = [0u8; SEATS];
        for (colour, &count) in x.held.iter().enumerate().take(n) {
            if let Some(h) = held.get_mut(rel(colour)) {
                *h = count;
            }
        }
        for count in held {
            out.scaled(count, SHARE_VALUES.len() as f64);
        }
        out.scaled(x.merit_count as f64, 10.0);
        out.scaled(x.notes, f64::from(MAX_NOTES));
        out.scaled(x.plus1, 5.0);
        out.scaled(x.tokens, 2.0);
        out.flag(x.tycoon_token);
        out.flag(x.out);
    }

    // The observer's own hidden cards.
    let me = v.seats.get(v.seat);
    out.bits(
        sizes.merits,
        me.and_then(|x| x.merits.as_ref())
            .into_iter()
            .flatten()
            .filter_map(|id| c.merit(id).map(usize::from)),
    );
    out.bits(
        sizes.agendas,
        me.and_then(|x| x.agenda.as_ref())
            .into_iter()
            .flatten()
            .filter_map(|id| c.agendas.iter().position(|a| a.id == *id)),
    );

    // The tracks.
    for r in 0..SEATS {
        out.scaled(at(r).map_or(0, |x| x.influence), 100.0);
    }
    for s in Sector::ALL {
        for r in 0..SEATS {
            let level = at(r).map(|x| x.levels[s.index()]);
            out.scaled(level.unwrap_or(0), 7.0);
        }
    }

    // The map.
    for i in 0..sizes.cities {
        let city = v.cities.get(i);
        out.one_hot(SEATS, city.and_then(|x| x.owner).map(rel));
        let built = city.and_then(|x| x.industry.as_deref()).and_then(industry);
        out.flag(city.is_some_and(|x| x.owner.is_some()) && built.is_none());
        out.one_hot(
            6,
            built
                .and_then(|b| c.industries.get(b))
                .map(|b| b.sector.index()),
        );
    }

    // Who owns each industry card and policy.
    let mut industries = vec![None; sizes.industries];
    let mut policies = vec![None; sizes.policies];
    for (k, x) in v.seats.iter().enumerate() {
        for h in &x.industries {
            if let Some(slot) = industry(&h.id).and_then(|i| industries.get_mut(i)) {
                *slot = Some((rel(k), h.city.is_some()));
            }
        }
        for p in &x.policies {
            if let Some(slot) = policy(p).and_then(|i| policies.get_mut(i)) {
                *slot = Some(rel(k));
            }
        }
    }
    for owned in industries {
        out.one_hot(SEATS, owned.map(|(r, _)| r));
        out.flag(owned.is_some_and(|(_, built)| built));
    }
    for owner in policies {
        out.one_hot(SEATS, owner);
    }

    // The displays, the front first.
    for i in 0..INDUSTRY_SLOTS {
        let slot = v.industry_display.get(i);
        out.one_hot(sizes.industries, slot.and_then(|x| industry(&x.id)));
        out.scaled(slot.map_or(0, |x| x.promoters), 10.0);
    }
    for i in 0..POLICY_SLOTS {
        let slot = v.policy_display.get(i);
        out.one_hot(sizes.policies, slot.and_then(|x| policy(&x.id)));
        out.scaled(slot.map_or(0, |x| x.promoters), 10.0);
    }
    out.bits(
        sizes.policies,
        v.setup_policies.iter().filter_map(|id| policy(id)),
    );
    let of = |count: usize, size: usize| (count as f64 / size.max(1) as f64) as f32;
    out.push(of(v.industry_deck, sizes.industries));
    out.push(of(v.policy_deck, sizes.policies));
    out.push(of(v.merit_deck, sizes.merits));
    out.push(of(v.headline_deck, sizes.headlines));
    out.bits(
        sizes.plans,
        v.plans
            .iter()
            .filter_map(|id| c.plans.iter().position(|p| p.id == *id)),
    );
    out.bits(
        sizes.conglomerates,
        v.conglomerates
            .iter()
            .filter_map(|id| c.conglomerates.iter().position(|t| t.id == *id)),
    );
    out.bits(
        6,
        v.favours.iter().filter_map(|id| {
            c.favours
                .iter()
                .find(|f| f.id == *id)
                .map(|f| f.sector.index())
        }),
    );

    // The unmanaged strategy spaces in play and their covers.
    let mut spaces = vec![None; sizes.spaces];
    for sp in &v.spaces {
        if let Some(slot) = c
            .board
            .unmanaged
            .iter()
            .position(|u| u.id == sp.id)
            .and_then(|i| spaces.get_mut(i))
        {
            *slot = Some(sp.covered_by.map(rel));
        }
    }
    for space in spaces {
        out.flag(space.is_some());
        out.one_hot(SEATS, space.flatten());
    }

    // The auction's standing bids (TI-7.4) and the sealed policy bids given (TI-21.19).
    out.scaled(v.opening_bid, 100.0);
    for r in 0..SEATS {
        let x = at(r);
        let standing = x.and_then(|x| x.standing_bid);
        out.flag(standing.is_some());
        out.scaled(standing.unwrap_or(0), 100.0);
        out.flag(x.is_some_and(|x| x.has_bid));
    }

    // The automa cards of the round (face up, TC-16.3), then the outcome.
    for r in 0..SEATS {
        let card = at(r)
            .and_then(|x| x.automa_card.as_deref())
            .and_then(|id| c.automa.iter().find(|a| a.id == id));
        let Some(card) = card else {
            out.one_hot(PER_AUTOMA, None);
            continue;
        };
        for i in 0..3 {
            out.one_hot(6, card.plan.get(i).copied().map(ActionKind::index));
        }
        for i in 0..3 {
            out.one_hot(6, card.strategy.get(i).copied().map(SpaceType::index));
        }
        out.scaled(card.bid_margin, 100.0);
        out.scaled(card.policy_bid, 10.0);
        out.scaled(card.np_units, 5.0);
        out.one_hot(6, Some(card.focus_sector.index()));
        out.one_hot(4, Some(card.focus_region.index()));
        out.one_hot(
            2,
            Some(match card.shares {
                super::content::SharesRule::Lead => 0,
                super::content::SharesRule::Cheap => 1,
            }),
        );
    }
    let outcome = v.outcome.as_ref();
    let winners: Vec<usize> = outcome
        .map(|o| o.winners.iter().map(|&w| rel(usize::from(w))).collect())
        .unwrap_or_default();
    out.bits(SEATS, winners);
    out.flag(outcome.is_some());
    for r in 0..SEATS {
        let score = outcome.and_then(|o| o.scores.get((r + v.seat) % n).filter(|_| r < n));
        match score {
            Some(s) => {
                out.flag(true);
                out.scaled(s.asset_value as f64, 1000.0);
                out.scaled(s.influence as f64, 100.0);
                out.scaled(s.support, 10.0);
                out.scaled(s.industry_av, 1000.0);
            }
            None => out.one_hot(5, None),
        }
    }
    out.numbers
}

/// A phase's place in the round (TI-4.1).
fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Setup => 0,
        Phase::Headline => 1,
        Phase::Region => 2,
        Phase::Events => 3,
        Phase::Auction => 4,
        Phase::Actions => 5,
        Phase::RoundEnd => 6,
        Phase::GameEnd => 7,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, GameRng, Log};
    use crate::testing::play_random_steps;
    use crate::tycoon::{Options, Tycoon};

    fn game(players: u8) -> Tycoon {
        Tycoon::new(Options {
            players,
            ..Options::default()
        })
        .unwrap()
    }

    /// The block of `name` in an observation.
    fn block<'a>(game: &Tycoon, observation: &'a [f32], name: &str) -> &'a [f32] {
        let (_, start, len) = game
            .observation_layout()
            .into_iter()
            .find(|b| b.0 == name)
            .unwrap();
        &observation[start..start + len]
    }

    #[test]
    fn the_default_contents_sizes_make_the_constant() {
        assert_eq!(
            Sizes::of(crate::tycoon::Content::standard()),
            Sizes::DEFAULT
        );
        assert_eq!(game(4).observation_len(), OBSERVATION_SIZE);
        let layout = game(4).observation_layout();
        let mut start = 0;
        for (_, s, len) in &layout {
            assert_eq!(*s, start);
            start += len;
        }
        assert_eq!(start, OBSERVATION_SIZE);
    }

    /// Every seat's observation, through a whole game of each seat count, has the layout's
    /// length and stays in a small range.
    #[test]
    fn every_observation_has_the_layouts_length() {
        for players in [1, 2, 3, 4] {
            let game = game(players);
            let mut state = game.new_initial_state(u64::from(players));
            let mut rng = GameRng::from_seed_u64(u64::from(players));
            let mut steps = 0;
            loop {
                if steps % 7 == 0 {
                    for seat in 0..game.num_players() {
                        let o = game.observation(&state, seat);
                        assert_eq!(o.len(), game.observation_len());
                        assert!(
                            o.iter()
                                .all(|x| x.is_finite() && (-20.0..=20.0).contains(x))
                        );
                    }
                }
                let Some(decision) = game.decision(&state) else {
                    break;
                };
                let choice = decision.choices[rng.below(decision.choices.len() as u32) as usize];
                game.apply(&mut state, choice, &mut Log::silent()).unwrap();
                steps += 1;
            }
            assert!(state.outcome().is_some());
            let o = game.observation(&state, 0);
            assert_eq!(o.len(), OBSERVATION_SIZE);
            assert_eq!(block(&game, &o, "outcome")[SEATS], 1.0);
        }
    }

    /// TI-2.6, TI-21.19: two states that differ only in another seat's money, promoters,
    /// merit cards, agenda and sealed bid give the observer the same observation; the seat
    /// itself sees the difference.
    #[test]
    fn ti_2_6_another_seats_hidden_figures_are_not_observed() {
        let game = game(4);
        let c = game.content();
        let mut met = 0;
        for seed in 0..6 {
            let mut state = game.new_initial_state(seed);
            play_random_steps(&game, &mut state, 200 + 150 * seed as usize, seed);
            let mut other = state.clone();
            let x = &mut other.seats[2];
            x.money += 37;
            x.promoters += 3;
            for m in &mut x.merits {
                m.card = (m.card + 1) % c.merits.len() as u8;
            }
            if x.merits.is_empty() {
                x.merits
                    .push(super::super::state::HeldMerit { card: 0, drawn: 0 });
                // The number of merit cards is public (TI-21.16): keep it equal.
                state.seats[2]
                    .merits
                    .push(super::super::state::HeldMerit { card: 1, drawn: 0 });
            }
            for a in &mut x.agenda {
                *a = (*a + 1) % c.agendas.len() as u8;
            }
            other.bids[2] = Some(4);
            state.bids[2] = Some(1);
            for seat in [0, 1, 3] {
                assert_eq!(
                    game.observation(&state, seat),
                    game.observation(&other, seat),
                    "seed {seed}, seat {seat}"
                );
            }
            assert_ne!(game.observation(&state, 2), game.observation(&other, 2));
            met += 1;
        }
        assert_eq!(met, 6);
    }

    /// TC-16.2: an automa has no screen, so its money is observed by every seat.
    #[test]
    fn tc_16_2_an_automas_money_is_observed() {
        let game = game(2);
        let mut state = game.new_initial_state(3);
        play_random_steps(&game, &mut state, 30, 3);
        let automa = state.seat_count() - 1;
        assert!(state.seats[automa].is_automa());
        let mut other = state.clone();
        other.seats[automa].money += 20;
        assert_ne!(game.observation(&state, 0), game.observation(&other, 0));
        let o = game.observation(&state, 0);
        let seats = block(&game, &o, "seats");
        // Seen from seat 0 the automa is `automa` seats on clockwise: money known, its amount.
        let at = automa * PER_SEAT;
        assert_eq!(seats[at + 5], 1.0);
        let money = state.seats[automa].money as f32 / 100.0;
        assert!((seats[at + 6] - money).abs() < 1e-6);
        // A person's money behind the screen is not (TI-2.6).
        assert_eq!(seats[PER_SEAT + 5], 0.0);
        assert_eq!(seats[PER_SEAT + 6], 0.0);
    }

    /// Seats are relative to the observer (TI-0.2): the Tycoon's one-hot moves with the seat
    /// observing, and the observer's own colour is its own block.
    #[test]
    fn seats_are_written_relative_to_the_observer() {
        let game = game(4);
        let state = game.new_initial_state(8);
        let tycoon = state.tycoon();
        for seat in 0..4 {
            let o = game.observation(&state, seat);
            let t = block(&game, &o, "tycoon");
            assert_eq!(t[(tycoon + 4 - seat) % 4], 1.0);
            assert_eq!(block(&game, &o, "viewer_colour")[seat], 1.0);
            // The observer's own money is known to it.
            assert_eq!(block(&game, &o, "seats")[5], 1.0);
        }
    }
}
