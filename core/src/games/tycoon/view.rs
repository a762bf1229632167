//! What one seat may see (TI-2.6, TI-21.16, TI-21.19), and the resampling of what it may not
//! for search: deck orders, the others' merit cards and agendas, sealed bids not yet revealed.

use serde::Serialize;

use crate::engine::GameRng;

use super::content::Content;
use super::frame::Frame;
use super::ids::{Difficulty, Era, Region};
use super::state::{Outcome, Phase, State};

/// An industry card with its place.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct IndustryView {
    /// The card id (TC-7).
    pub id: String,
    /// Where it is built, by city id; `None` while unbuilt.
    pub city: Option<String>,
}

/// A display card and the promoters on it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SlotView {
    /// The card id.
    pub id: String,
    /// Promoters on it.
    pub promoters: u32,
}

/// One seat as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatView {
    /// The colour.
    pub name: String,
    /// The automa's difficulty, for an automa seat.
    pub automa: Option<Difficulty>,
    /// The automa's card of the round (face up, TC-16.3).
    pub automa_card: Option<String>,
    /// Cr: the viewer's own and an automa's (no screen, TC-16.2); `None` behind a screen.
    pub money: Option<u32>,
    /// The personal supply, as money.
    pub promoters: Option<u32>,
    /// The strategy pool.
    pub pool: u32,
    /// Support tokens' worth.
    pub support: u32,
    /// The influence track position.
    pub influence: u32,
    /// Sector levels, FIN MIN AGR FUE POW TRA.
    pub levels: [u8; 6],
    /// Factories in reserve.
    pub reserve: u8,
    /// Industry cards owned.
    pub industries: Vec<IndustryView>,
    /// Own share tokens left.
    pub shares_left: u8,
    /// The price of the next share (its top token).
    pub next_share: Option<u32>,
    /// Opponent shares held, by colour seat.
    pub held: [u8; 4],
    /// Policies, by id.
    pub policies: Vec<String>,
    /// How many merit cards it holds (public, TI-21.16).
    pub merit_count: usize,
    /// The merit cards by id: the viewer's own only.
    pub merits: Option<Vec<String>>,
    /// The agenda by id: the viewer's own only (its existence is public).
    pub agenda: Option<Vec<String>>,
    /// Promissory notes.
    pub notes: u8,
    /// +1 action tokens.
    pub plus1: u32,
    /// Regular action tokens left this phase.
    pub tokens: u8,
    /// Whether the Tycoon token is still to be used.
    pub tycoon_token: bool,
    /// Out of this Phase 4's loop.
    pub out: bool,
    /// Whether it has answered the sealed policy bid now being collected (never the amount,
    /// TI-21.19).
    pub has_bid: bool,
    /// Its standing industry bid this Phase 3 (public, TI-7.4).
    pub standing_bid: Option<u32>,
}

/// A city.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CityView {
    /// The snake-case id.
    pub id: String,
    /// Its region.
    pub region: Region,
    /// The seat whose factory stands there.
    pub owner: Option<usize>,
    /// The industry built there; `None` for an empty city or an Office.
    pub industry: Option<String>,
}

/// A strategy space in play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpaceView {
    /// `SU-nn`.
    pub id: String,
    /// The seat whose share covers it.
    pub covered_by: Option<usize>,
}

/// What one seat may see.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The content's label (TC-19): darbar's default content is not the published game.
    pub content: String,
    /// The viewer.
    pub seat: usize,
    /// The round (0 setup, 8 the end).
    pub round: u8,
    /// The phase.
    pub phase: Phase,
    /// The Tycoon.
    pub tycoon: usize,
    /// The active region.
    pub region: Option<Region>,
    /// The headline of the round, by id.
    pub headline: Option<String>,
    /// Headlines still to come.
    pub headline_deck: usize,
    /// Every seat.
    pub seats: Vec<SeatView>,
    /// Every city.
    pub cities: Vec<CityView>,
    /// The industry display, its front first.
    pub industry_display: Vec<SlotView>,
    /// Cards in the industry deck.
    pub industry_deck: usize,
    /// The policy display.
    pub policy_display: Vec<SlotView>,
    /// Cards in the policy deck.
    pub policy_deck: usize,
    /// The policies of the starting pick still to be taken.
    pub setup_policies: Vec<String>,
    /// Cards in the merit deck.
    pub merit_deck: usize,
    /// The planning commission cards in play.
    pub plans: Vec<String>,
    /// The conglomerate tokens left.
    pub conglomerates: Vec<String>,
    /// The favoured sectors' tokens.
    pub favours: Vec<String>,
    /// The unmanaged strategy spaces in play.
    pub spaces: Vec<SpaceView>,
    /// The industry auction's opening minimum.
    pub opening_bid: u32,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}

impl View {
    /// The view of `seat`.
    pub(crate) fn of(s: &State, c: &Content, seat: usize) -> View {
        let collecting_bids = matches!(s.stack.last(), Some(Frame::PolicyBid { .. }));
        let ids =
            |cards: &[u8], name: &dyn Fn(u8) -> String| cards.iter().map(|&x| name(x)).collect();
        let policy = |p: u8| c.policies[usize::from(p)].id.clone();
        let industry = |i: u8| c.industries[usize::from(i)].id.clone();
        let slots = |row: &[super::state::Slot], name: &dyn Fn(u8) -> String| {
            row.iter()
                .map(|slot| SlotView {
                    id: name(slot.card),
                    promoters: slot.promoters,
                })
                .collect()
        };
        let seats = s
            .seats
            .iter()
            .enumerate()
            .map(|(k, x)| {
                let open = k == seat || x.is_automa();
                SeatView {
                    name: s.name_of(k as u8).to_owned(),
                    automa: x.automa,
                    automa_card: x.automa_card.map(|a| c.automa[usize::from(a)].id.clone()),
                    money: open.then_some(x.money),
                    promoters: open.then_some(x.promoters),
                    pool: x.pool,
                    support: x.support,
                    influence: x.influence,
                    levels: x.levels,
                    reserve: x.reserve,
                    industries: x
                        .industries
                        .iter()
                        .map(|h| IndustryView {
                            id: industry(h.card),
                            city: h.city.map(|city| c.map.cities[city.index()].id.clone()),
                        })
                        .collect(),
                    shares_left: x.shares_left,
                    next_share: x.top_share(),
                    held: x.held,
                    policies: ids(&x.policies, &policy),
                    merit_count: x.merits.len(),
                    merits: (k == seat).then(|| {
                        x.merits
                            .iter()
                            .map(|m| c.merits[usize::from(m.card)].id.clone())
                            .collect()
                    }),
                    agenda: (k == seat)
                        .then(|| ids(&x.agenda, &|a| c.agendas[usize::from(a)].id.clone())),
                    notes: x.notes,
                    plus1: x.plus1,
                    tokens: x.tokens,
                    tycoon_token: x.tycoon_token,
                    out: x.out,
                    has_bid: collecting_bids && s.bids[k].is_some(),
                    standing_bid: s.standing[k],
                }
            })
            .collect();
        View {
            content: c.label.clone(),
            seat,
            round: s.round,
            phase: s.phase,
            tycoon: s.tycoon(),
            region: s.region,
            headline: s.headline.map(|h| c.headlines[usize::from(h)].id.clone()),
            headline_deck: s.headline_deck.len(),
            seats,
            cities: c
                .map
                .cities
                .iter()
                .zip(&s.cities)
                .map(|(city, f)| CityView {
                    id: city.id.clone(),
                    region: city.region,
                    owner: f.map(|f| usize::from(f.owner)),
                    industry: f.and_then(|f| f.card).map(industry),
                })
                .collect(),
            industry_display: slots(&s.industry_display, &industry),
            industry_deck: s.industry_deck.len(),
            policy_display: slots(&s.policy_display, &policy),
            policy_deck: s.policy_deck.len(),
            setup_policies: ids(&s.setup_policies, &policy),
            merit_deck: s.merit_deck.len(),
            plans: ids(&s.plans, &|p| c.plans[usize::from(p)].id.clone()),
            conglomerates: ids(&s.conglomerates, &|t| {
                c.conglomerates[usize::from(t)].id.clone()
            }),
            favours: ids(&s.favours, &|t| c.favours[usize::from(t)].id.clone()),
            spaces: s
                .spaces
                .iter()
                .map(|sp| SpaceView {
                    id: c.board.unmanaged[usize::from(sp.space)].id.clone(),
                    covered_by: sp.cover.map(|(seat, _)| usize::from(seat)),
                })
                .collect(),
            opening_bid: s.opening,
            outcome: s.outcome.clone(),
        }
    }
}

/// A state consistent with what `seat` sees, the rest dealt anew (Game::resample).
pub(crate) fn resample(s: &State, c: &Content, seat: usize, rng: &mut GameRng) -> State {
    let mut out = s.clone();
    let kick = s.options.include_kickstarter;

    // The industry and policy decks: Era I on top of Era II as now, each era's part drawn
    // from that era's cards the seat has not seen (the cards set aside at setup among them).
    let seen_industries: Vec<u8> = s
        .industry_display
        .iter()
        .map(|slot| slot.card)
        .chain(
            s.seats
                .iter()
                .flat_map(|x| x.industries.iter().map(|h| h.card)),
        )
        .collect();
    out.industry_deck = redeal(
        rng,
        &s.industry_deck,
        |i| c.industries[usize::from(i)].era,
        (0..c.industries.len() as u8)
            .filter(|&i| kick || !c.industries[usize::from(i)].kickstarter)
            .filter(|i| !seen_industries.contains(i))
            .collect(),
    );
    let seen_policies: Vec<u8> = s
        .policy_display
        .iter()
        .map(|slot| slot.card)
        .chain(s.setup_policies.iter().copied())
        .chain(s.seats.iter().flat_map(|x| x.policies.iter().copied()))
        .collect();
    out.policy_deck = redeal(
        rng,
        &s.policy_deck,
        |p| c.policies[usize::from(p)].era,
        (0..c.policies.len() as u8)
            .filter(|&p| kick || !c.policies[usize::from(p)].kickstarter)
            .filter(|p| !seen_policies.contains(p))
            .collect(),
    );
    let seen_headlines: Vec<u8> = s
        .headlines_past
        .iter()
        .chain(&s.headline)
        .copied()
        .collect();
    out.headline_deck = redeal(
        rng,
        &s.headline_deck,
        |h| c.headlines[usize::from(h)].era,
        (0..c.headlines.len() as u8)
            .filter(|h| !seen_headlines.contains(h))
            .collect(),
    );

    // The merit cards: the others' hands and the deck's unseen top part, dealt anew from
    // those same cards; the played cards at the deck's bottom stay where all saw them go.
    let unseen_top = s.merit_deck.len().saturating_sub(s.merit_known_tail);
    let mut pool: Vec<u8> = s.merit_deck.iter().take(unseen_top).copied().collect();
    for (k, x) in s.seats.iter().enumerate() {
        if k != seat {
            pool.extend(x.merits.iter().map(|m| m.card));
        }
    }
    // Sorted before each shuffle, so that a deal depends on which cards are unseen, which the
    // seat knows, and not on their hidden order.
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    let mut pool = pool.into_iter();
    for (k, x) in out.seats.iter_mut().enumerate() {
        if k != seat {
            for m in &mut x.merits {
                m.card = pool.next().unwrap_or(m.card);
            }
        }
    }
    let tail: Vec<u8> = s.merit_deck.iter().skip(unseen_top).copied().collect();
    out.merit_deck = pool.chain(tail).collect();

    // The others' agendas, from the agendas the seat has not seen.
    let mine: Vec<u8> = s.seats[seat]
        .agenda
        .iter()
        .chain(&s.seats[seat].agenda_discarded)
        .copied()
        .collect();
    let mut agendas: Vec<u8> = (0..c.agendas.len() as u8)
        .filter(|a| !mine.contains(a))
        .collect();
    rng.shuffle(&mut agendas);
    let mut agendas = agendas.into_iter();
    for (k, x) in out.seats.iter_mut().enumerate() {
        if k != seat {
            for a in x.agenda.iter_mut().chain(&mut x.agenda_discarded) {
                *a = agendas.next().unwrap_or(*a);
            }
        }
    }

    // The automa decks' order.
    for deck in &mut out.automa_decks {
        deck.sort_unstable();
        rng.shuffle(deck);
    }

    // Sealed bids not yet revealed: any amount the bidder could have bid.
    for (k, bid) in out.bids.iter_mut().enumerate() {
        if k != seat && bid.is_some() {
            let most = s.seats[k].promoters;
            *bid = Some(rng.below(most + 1));
        }
    }
    out
}

/// A deck of the same size and era layout as `deck` (top last), dealt from `unseen`.
fn redeal(rng: &mut GameRng, deck: &[u8], era: impl Fn(u8) -> Era, unseen: Vec<u8>) -> Vec<u8> {
    let mut by_era = [Vec::new(), Vec::new()];
    for card in unseen {
        by_era[usize::from(era(card) == Era::II)].push(card);
    }
    for cards in &mut by_era {
        rng.shuffle(cards);
    }
    deck.iter()
        .map(|&card| {
            let pile = &mut by_era[usize::from(era(card) == Era::II)];
            pile.pop().unwrap_or(card)
        })
        .collect()
}
