//! Setup (TI-3, TI-17.1, TC-16.1): every deck shuffled and dealt from the seed, then the
//! starting choices of the seats.

use crate::engine::log::counted;
use crate::engine::{GameRng, Log};

use super::content::{Content, PlanType};
use super::frame::Frame;
use super::ids::{Difficulty, Era};
use super::options::Options;
use super::rules::Ctx;
use super::state::{LAST_ROUND, SpaceState, State};

/// `n` cards of `era` (Kickstarter extras only with the option), shuffled, as deck order.
fn shuffled<T>(rng: &mut GameRng, items: &[T], take: impl Fn(&T) -> bool, n: usize) -> Vec<u8> {
    let mut cards: Vec<u8> = (0..items.len() as u8)
        .filter(|&i| take(&items[usize::from(i)]))
        .collect();
    rng.shuffle(&mut cards);
    cards.truncate(n);
    cards
}

impl State {
    /// A new game: the table dealt from `seed` (TI-3 steps 2–12), then the rules run to the
    /// first decision (the starting influence, step 13).
    pub(crate) fn setup(content: &Content, options: Options, seed: u64, log: &mut Log) -> State {
        let mut s = State::empty(content, options, seed);
        let mut rng = GameRng::from_seed_u64(seed);
        let seats = s.seat_count();
        let kick = options.include_kickstarter;

        // Step 3 / TI-17.1: the planning commission, and the headline deck.
        let plans = |kind| move |p: &super::content::Plan| p.kind == kind;
        let b_cards = if options.headline_expansion { 1 } else { 2 };
        s.plans = shuffled(&mut rng, &content.plans, plans(PlanType::A), 1);
        s.plans.extend(shuffled(
            &mut rng,
            &content.plans,
            plans(PlanType::B),
            b_cards,
        ));
        if options.headline_expansion {
            let era = |era| move |h: &super::content::Headline| h.era == era;
            // Era I on top of Era II: the top is the deck's end.
            s.headline_deck = shuffled(&mut rng, &content.headlines, era(Era::II), 3);
            let mut first = shuffled(&mut rng, &content.headlines, era(Era::I), 4);
            first.reverse();
            s.headline_deck.extend(first);
        }

        // Steps 4–5: the policy and industry decks, Era I on top.
        let policy =
            |era| move |p: &super::content::Policy| p.era == era && (kick || !p.kickstarter);
        s.policy_deck = shuffled(&mut rng, &content.policies, policy(Era::II), 12);
        let mut first = shuffled(&mut rng, &content.policies, policy(Era::I), 8);
        first.reverse();
        s.policy_deck.extend(first);
        let industry =
            |era| move |c: &super::content::Industry| c.era == era && (kick || !c.kickstarter);
        s.industry_deck = shuffled(&mut rng, &content.industries, industry(Era::II), 18);
        let mut first = shuffled(&mut rng, &content.industries, industry(Era::I), 9);
        first.reverse();
        s.industry_deck.extend(first);

        // Steps 6–8: merit deck, conglomerate tokens, favour tokens.
        s.merit_deck = shuffled(&mut rng, &content.merits, |_| true, usize::MAX).into();
        let tokens = if seats >= 4 { 3 } else { 2 };
        s.conglomerates = shuffled(&mut rng, &content.conglomerates, |_| true, tokens);
        s.conglomerates.sort_unstable(); // shown in content order
        s.favours = shuffled(&mut rng, &content.favours, |_| true, 2);

        // The strategy spaces for this many seats (TC-5).
        s.spaces = (0..content.board.unmanaged.len() as u8)
            .filter(|&i| usize::from(content.board.unmanaged[usize::from(i)].min_seats) <= seats)
            .map(|space| SpaceState { space, cover: None })
            .collect();

        // TC-16.1: each difficulty's deck, enough copies for its automas' seven rounds.
        for level in Difficulty::ALL {
            let automas = (0..seats)
                .filter(|&k| options.automa_of(k) == Some(level))
                .count();
            if automas == 0 {
                continue;
            }
            let cards = content
                .automa
                .iter()
                .filter(|a| a.difficulty == level)
                .count();
            let copies = (automas * usize::from(LAST_ROUND)).div_ceil(cards.max(1));
            let mut deck = Vec::new();
            for _ in 0..copies {
                deck.extend(shuffled(
                    &mut rng,
                    &content.automa,
                    |a| a.difficulty == level,
                    usize::MAX,
                ));
            }
            s.automa_decks[level.index()] = deck;
        }

        // Steps 11–12: the first Tycoon, starting money.
        s.tycoon = rng.below(seats as u32) as u8;
        for (k, seat) in s.seats.iter_mut().enumerate() {
            if k == usize::from(s.tycoon) {
                seat.money = 130;
                seat.tycoon_token = true;
            }
        }

        // Steps 16–17: the starting policies drawn, the agendas dealt.
        for _ in 0..seats {
            if let Some(p) = s.policy_deck.pop() {
                s.setup_policies.push(p);
            }
        }
        s.agenda_deck = shuffled(&mut rng, &content.agendas, |_| true, usize::MAX);
        for k in 0..seats {
            let seat = usize::from(s.in_turn(k));
            let draw = if s.seats[seat].is_automa() { 1 } else { 2 };
            for _ in 0..draw {
                if let Some(a) = s.agenda_deck.pop() {
                    s.seats[seat].agenda.push(a);
                }
            }
        }
        s.agenda_deck.clear(); // the rest is out of the game

        // The decisions, the first on top: influence in reverse order (step 13), policies in
        // reverse order (step 16), agendas in turn order (step 17, TI-21.19).
        s.stack.push(Frame::FinishSetup);
        for k in (0..seats).rev() {
            s.stack.push(Frame::Agenda { seat: s.in_turn(k) });
        }
        for k in 1..seats {
            s.stack.push(Frame::StartPolicy { seat: s.in_turn(k) });
        }
        for k in 0..seats {
            s.stack.push(Frame::StartInfluence { seat: s.in_turn(k) });
        }
        let mut ctx = Ctx {
            s: &mut s,
            c: content,
            log,
        };
        ctx.log.say(|| {
            format!(
                "{} is the first Tycoon (TI-3 step 11)",
                ctx.s.name_of(ctx.s.tycoon)
            )
        });
        ctx.run();
        s
    }
}

impl Ctx<'_> {
    /// TI-3 steps 13–14: the disc on space `space`, and `7 − space` promoters.
    pub(crate) fn start_influence(&mut self, seat: u8, space: u8) {
        let stamp = self.s.next_stamp();
        let me = &mut self.s.seats[usize::from(seat)];
        me.influence = u32::from(space);
        me.influence_stamp = stamp;
        me.promoters = 7 - u32::from(space);
        let who = self.s.name_of(seat);
        self.log.say(|| {
            format!(
                "{who} starts on influence {space} with {} (TI-3 steps 13-14)",
                counted(7 - space, "promoter", "promoters")
            )
        });
    }

    /// TI-3 step 16: a starting policy; the Tycoon, last, takes the card left (TI-21.10).
    pub(crate) fn start_policy(&mut self, seat: u8, index: u8) {
        let i = usize::from(index);
        if i >= self.s.setup_policies.len() {
            return;
        }
        let card = self.s.setup_policies.remove(i);
        self.own_policy(seat, card);
        if self.s.setup_policies.len() == 1 {
            let last = self.s.setup_policies.remove(0);
            self.own_policy(self.s.tycoon, last);
        }
    }

    /// TI-3 step 17: the agenda kept; the other leaves the game unseen.
    pub(crate) fn keep_agenda(&mut self, seat: u8, index: u8) {
        let me = &mut self.s.seats[usize::from(seat)];
        if usize::from(index) < me.agenda.len() {
            let kept = me.agenda[usize::from(index)];
            me.agenda_discarded = me.agenda.iter().copied().find(|&a| a != kept);
            me.agenda = vec![kept];
        }
        let who = self.s.name_of(seat);
        self.log
            .say(|| format!("{who} keeps a corporate agenda (TI-3 step 17)"));
    }

    /// TI-3 steps 18–19: the displays, then round 1.
    pub(crate) fn finish_setup(&mut self) {
        self.refill_policies();
        self.refill_industries();
        self.s.stack.push(Frame::BeginRound);
    }
}
