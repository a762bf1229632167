//! A fixed numbering of the raid game's actions, for learning agents and for the Python layer's
//! OpenSpiel-style integer actions and legal-action masks.
//!
//! Every action the engine can offer has a number in `0..ACTION_COUNT`, and every number in
//! that range is one action. The only field without a small range is the funds of a recruitment
//! (RG-7.2, ruling 22), which ruling 30 leaves without a maximum; the engine bounds it at
//! [`Action::MAX_RECRUIT_FUNDS`], an engine limit, so that the numbering is finite.

use super::{Action, SITE_COUNT, SiteId, Talent, Trade};

// The size of each block, in the order of the blocks.
const SCOUT_LEN: usize = SITE_COUNT;
const RAID_LEN: usize = SITE_COUNT;
const TRADE_LEN: usize = Trade::ALL.len();
/// Funds 1 to [`Action::MAX_RECRUIT_FUNDS`]; the cast cannot truncate.
const RECRUIT_LEN: usize = Action::MAX_RECRUIT_FUNDS as usize;
const TALENT_LEN: usize = Talent::ALL.len();

// The first number of each block.
const SCOUT: usize = 0;
const SKIP_SCOUT: usize = SCOUT + SCOUT_LEN;
const RAID: usize = SKIP_SCOUT + 1;
const END_RAIDS: usize = RAID + RAID_LEN;
const PLUNDER: usize = END_RAIDS + 1;
const STOP_PLUNDER: usize = PLUNDER + 1;
const TRADE: usize = STOP_PLUNDER + 1;
const RECRUIT: usize = TRADE + TRADE_LEN;
const TALENT: usize = RECRUIT + RECRUIT_LEN;
const END_SETTLEMENT: usize = TALENT + TALENT_LEN;

/// The number of distinct actions of the raid game: every action the engine offers has a
/// number in `0..ACTION_COUNT` ([`Action::index`]), and every number in that range is one
/// action ([`Action::from_index`]). This is OpenSpiel's `num_distinct_actions`, the length of
/// a legal-action mask.
///
/// The numbers come in one block per variant of [`Action`], in declaration order. Sites follow
/// [`SiteId::ALL`] (forts, towns, villages, castles), trades [`Trade::ALL`] and talents
/// [`Talent::ALL`].
///
/// | Offset | Length | Actions | Number within the block |
/// |-------:|-------:|---------|-------------------------|
/// | 0      | 14     | `Scout(site)` | site |
/// | 14     | 1      | `SkipScout` | |
/// | 15     | 14     | `Raid(site)` | site |
/// | 29     | 1      | `EndRaids` | |
/// | 30     | 1      | `Plunder` | |
/// | 31     | 1      | `StopPlunder` | |
/// | 32     | 6      | `Trade(t)` | buy-food, buy-weapon, buy-slave, sell-weapons, sell-slave, merchant-weapon |
/// | 38     | 999    | `Recruit(funds)` | `funds − 1`, for funds 1 to [`Action::MAX_RECRUIT_FUNDS`] |
/// | 1037   | 8      | `ChooseTalent(t)` | talent |
/// | 1045   | 1      | `EndSettlement` | |
///
/// Some numbers name actions no decision lists (scouting a castle without the castle variant,
/// choosing a wall talent): they are in the numbering so that it covers every value, and a
/// legal-action mask simply never sets them.
///
/// ```
/// use darbar::raid::{ACTION_COUNT, Action, State};
///
/// assert_eq!(ACTION_COUNT, 1046);
/// assert_eq!(Action::SkipScout.index(), 14);
/// assert_eq!(Action::EndSettlement.index(), ACTION_COUNT - 1);
///
/// // A legal-action mask for the current decision.
/// let state = State::new(5);
/// let mut mask = vec![false; ACTION_COUNT];
/// for action in state.legal_actions() {
///     mask[action.index()] = true;
/// }
/// assert_eq!(mask.iter().filter(|&&legal| legal).count(), state.legal_actions().len());
/// ```
pub const ACTION_COUNT: usize = END_SETTLEMENT + 1;

impl Action {
    /// The most funds one recruitment can spend: an engine limit, not a rule. Ruling 22 lets
    /// the player spend any X ≥ 1 funds and ruling 30 sets no maximum on resources; the engine
    /// offers recruitments of 1 to 999 funds only, so that every action has a fixed number
    /// ([`ACTION_COUNT`]). Funds above the limit stay in the camp.
    ///
    /// ```
    /// use darbar::engine::{Game, Log};
    /// use darbar::raid::{Action, Raid, Resources};
    ///
    /// let game = Raid::default();
    /// let mut state = game.new_initial_state(1);
    /// game.apply(&mut state, Action::SkipScout, &mut Log::silent()).unwrap();
    /// game.apply(&mut state, Action::EndRaids, &mut Log::silent()).unwrap();
    /// if !state.is_over() {
    ///     let camp = *state.player();
    ///     state.set_player(Resources { funds: 5000, ..camp });
    ///     let most = state.legal_actions().into_iter().filter_map(|a| match a {
    ///         Action::Recruit(funds) => Some(funds),
    ///         _ => None,
    ///     }).max();
    ///     assert_eq!(most, Some(Action::MAX_RECRUIT_FUNDS));
    /// }
    /// ```
    pub const MAX_RECRUIT_FUNDS: u32 = 999;

    /// The action's number in `0..`[`ACTION_COUNT`], fixed and documented there: OpenSpiel's
    /// integer action. Distinct numbered actions have distinct numbers, and
    /// [`Action::from_index`] turns the number back into the action.
    ///
    /// A recruitment of 0 funds or of more than [`Action::MAX_RECRUIT_FUNDS`] is never legal
    /// and has no number of its own: it shares the number of the nearest recruitment that has
    /// one. [`Action::is_numbered`] tells such actions apart.
    ///
    /// ```
    /// use darbar::raid::{ACTION_COUNT, Action};
    ///
    /// let action: Action = "recruit 3".parse().unwrap();
    /// let n = action.index();
    /// assert!(n < ACTION_COUNT);
    /// assert_eq!(n, 38 + 2);
    /// assert_eq!(Action::from_index(n), Some(action));
    /// ```
    pub fn index(self) -> usize {
        match self {
            Action::Scout(site) => SCOUT + site.index(),
            Action::SkipScout => SKIP_SCOUT,
            Action::Raid(site) => RAID + site.index(),
            Action::EndRaids => END_RAIDS,
            Action::Plunder => PLUNDER,
            Action::StopPlunder => STOP_PLUNDER,
            Action::Trade(trade) => TRADE + trade as usize,
            Action::Recruit(funds) => {
                let funds = funds.clamp(1, Action::MAX_RECRUIT_FUNDS);
                // At most 999, so the cast cannot truncate.
                RECRUIT + funds as usize - 1
            }
            Action::ChooseTalent(talent) => TALENT + talent as usize,
            Action::EndSettlement => END_SETTLEMENT,
        }
    }

    /// Whether the action has a number of its own: every action but a recruitment of 0 funds
    /// or of more than [`Action::MAX_RECRUIT_FUNDS`]. Every action the engine offers has one.
    ///
    /// ```
    /// use darbar::raid::Action;
    ///
    /// assert!(Action::Recruit(999).is_numbered());
    /// assert!(!Action::Recruit(1000).is_numbered());
    /// assert!(!Action::Recruit(0).is_numbered());
    /// ```
    pub fn is_numbered(self) -> bool {
        match self {
            Action::Recruit(funds) => (1..=Action::MAX_RECRUIT_FUNDS).contains(&funds),
            _ => true,
        }
    }

    /// The action numbered `index` (see [`ACTION_COUNT`] for the numbering), or `None` if
    /// `index` is not below [`ACTION_COUNT`].
    ///
    /// ```
    /// use darbar::raid::{ACTION_COUNT, Action};
    ///
    /// assert_eq!(Action::from_index(14), Some(Action::SkipScout));
    /// assert_eq!(Action::from_index(ACTION_COUNT - 1), Some(Action::EndSettlement));
    /// assert_eq!(Action::from_index(ACTION_COUNT), None);
    /// ```
    pub fn from_index(index: usize) -> Option<Action> {
        let action = match index {
            i if i < SKIP_SCOUT => Action::Scout(SiteId::from_index(i - SCOUT)?),
            SKIP_SCOUT => Action::SkipScout,
            i if i < END_RAIDS => Action::Raid(SiteId::from_index(i - RAID)?),
            END_RAIDS => Action::EndRaids,
            PLUNDER => Action::Plunder,
            STOP_PLUNDER => Action::StopPlunder,
            i if i < RECRUIT => Action::Trade(Trade::ALL[i - TRADE]),
            i if i < TALENT => Action::Recruit(u32::try_from(i - RECRUIT + 1).ok()?),
            i if i < END_SETTLEMENT => Action::ChooseTalent(Talent::ALL[i - TALENT]),
            END_SETTLEMENT => Action::EndSettlement,
            _ => return None,
        };
        Some(action)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::engine::GameRng;
    use crate::engine::{Game, Log};
    use crate::raid::{Phase, Raid, Resources, State};

    #[test]
    fn the_lists_follow_declaration_order() {
        for (i, trade) in Trade::ALL.into_iter().enumerate() {
            assert_eq!(trade as usize, i);
        }
        for (i, talent) in Talent::ALL.into_iter().enumerate() {
            assert_eq!(talent as usize, i);
        }
        for (i, site) in SiteId::ALL.into_iter().enumerate() {
            assert_eq!(site.index(), i);
        }
    }

    #[test]
    fn the_documented_offsets_hold() {
        assert_eq!(
            [
                SCOUT,
                SKIP_SCOUT,
                RAID,
                END_RAIDS,
                PLUNDER,
                STOP_PLUNDER,
                TRADE,
                RECRUIT,
                TALENT,
                END_SETTLEMENT
            ],
            [0, 14, 15, 29, 30, 31, 32, 38, 1037, 1045]
        );
        assert_eq!(ACTION_COUNT, 1046);
    }

    #[test]
    fn every_index_round_trips() {
        let mut seen = HashSet::new();
        for index in 0..ACTION_COUNT {
            let action =
                Action::from_index(index).unwrap_or_else(|| panic!("no action numbered {index}"));
            assert!(action.is_numbered(), "{action:?}");
            assert_eq!(action.index(), index, "{action:?}");
            assert!(seen.insert(action), "{action:?} numbered twice");
        }
        for index in [ACTION_COUNT, ACTION_COUNT + 1, usize::MAX] {
            assert_eq!(Action::from_index(index), None);
        }
    }

    #[test]
    fn every_numbered_value_of_every_field_has_a_number() {
        let mut actions: Vec<Action> = Vec::new();
        actions.extend(SiteId::ALL.map(Action::Scout));
        actions.push(Action::SkipScout);
        actions.extend(SiteId::ALL.map(Action::Raid));
        actions.extend([Action::EndRaids, Action::Plunder, Action::StopPlunder]);
        actions.extend(Trade::ALL.map(Action::Trade));
        actions.extend((1..=Action::MAX_RECRUIT_FUNDS).map(Action::Recruit));
        actions.extend(Talent::ALL.map(Action::ChooseTalent));
        actions.push(Action::EndSettlement);
        assert_eq!(actions.len(), ACTION_COUNT);
        let numbers: HashSet<usize> = actions.iter().map(|a| a.index()).collect();
        assert_eq!(numbers.len(), ACTION_COUNT);
        for action in actions {
            assert!(action.index() < ACTION_COUNT);
            assert_eq!(Action::from_index(action.index()), Some(action));
        }
    }

    #[test]
    fn recruitments_beyond_the_engine_limit_share_the_nearest_number() {
        for funds in [0, Action::MAX_RECRUIT_FUNDS + 1, u32::MAX] {
            let action = Action::Recruit(funds);
            assert!(!action.is_numbered());
            assert!(action.index() < ACTION_COUNT);
            assert_ne!(Action::from_index(action.index()), Some(action));
        }
        assert_eq!(Action::Recruit(0).index(), Action::Recruit(1).index());
        assert_eq!(Action::Recruit(5000).index(), Action::Recruit(999).index());
    }

    #[test]
    fn every_numbered_action_prints_and_parses_back() {
        for index in 0..ACTION_COUNT {
            let action = Action::from_index(index).unwrap();
            let text = action.to_string();
            assert_eq!(text.parse::<Action>(), Ok(action), "{index}: {text:?}");
        }
    }

    /// The engine limit beside ruling 22 (any X ≥ 1 funds) and ruling 30 (no maximums): one
    /// recruitment offers 1 to 999 funds, however rich the camp.
    #[test]
    fn recruitment_offers_at_most_the_engine_limit_ruling_22() {
        let mut state = State::new(3);
        Raid::default()
            .apply(&mut state, Action::SkipScout, &mut Log::silent())
            .unwrap();
        Raid::default()
            .apply(&mut state, Action::EndRaids, &mut Log::silent())
            .unwrap();
        assert_eq!(state.phase(), Phase::Settlement);
        for funds in [5, 999, 1000, 123_456] {
            let mut rich = state.clone();
            rich.set_player(Resources {
                funds,
                ..*state.player()
            });
            let offered: Vec<u32> = rich
                .legal_actions()
                .into_iter()
                .filter_map(|a| match a {
                    Action::Recruit(f) => Some(f),
                    _ => None,
                })
                .collect();
            let most = funds.min(Action::MAX_RECRUIT_FUNDS);
            assert_eq!(offered, (1..=most).collect::<Vec<_>>());
            // Legal actions are always numbered.
            assert!(rich.legal_actions().iter().all(|a| a.is_numbered()));
            // The largest recruitment is applied and spends exactly its funds.
            let mut after = rich.clone();
            Raid::default()
                .apply(&mut after, Action::Recruit(most), &mut Log::silent())
                .unwrap();
            assert_eq!(after.player().funds, funds - most);
        }
    }

    #[test]
    fn every_action_listed_in_random_games_round_trips() {
        let mut distinct = HashSet::new();
        for seed in 0..200 {
            let mut state = State::new(seed);
            let mut rng = GameRng::from_seed_u64(seed ^ 0x5eed);
            while !state.is_over() {
                let legal = state.legal_actions();
                let mut numbers = HashSet::new();
                for &action in &legal {
                    let index = action.index();
                    assert!(index < ACTION_COUNT, "{action:?}");
                    assert_eq!(Action::from_index(index), Some(action));
                    assert!(numbers.insert(index), "{action} listed twice");
                    distinct.insert(index);
                }
                let n = u32::try_from(legal.len()).unwrap();
                let action = legal[rng.below(n) as usize];
                Raid::default()
                    .apply(&mut state, action, &mut Log::silent())
                    .unwrap();
            }
        }
        assert!(
            distinct.len() > 40,
            "only {} distinct actions",
            distinct.len()
        );
    }
}
