//! The raid game behind the one game interface ([`Game`]).

use rand_core::Rng;

use crate::engine::{Cites, Decision, Game, GameRng, LoadError, Log, Rule, Seat, SeatDecision};
use crate::games::GameEntry;

use super::{ACTION_COUNT, Action, Campaign, DecisionKind, Error, Options, SiteId, State, View};

/// The kingdom raid game's rules: its options and the campaign each game starts from (RG-11).
/// The one seat, 0, is the raider; the GM is the engine (ruling 27).
///
/// ```
/// use darbar::engine::{Game, Log};
/// use darbar::raid::{Raid, Options};
///
/// let game = Raid::new(Options { castles_in_play: true, ..Options::default() });
/// let state = game.new_initial_state(1);
/// assert_eq!(game.num_players(), 1);
/// assert_eq!(game.current_player(&state), Some(0));
/// ```
///
/// Actions are applied through the rules ([`Game::apply`]): anything but a legal action is
/// refused with an error naming the rule, and the state is left exactly as it was.
///
/// ```
/// use darbar::engine::{Game, Log};
/// use darbar::raid::{Action, Error, Phase, Raid};
///
/// let game = Raid::default();
/// let mut state = game.new_initial_state(11);
/// let scout = "scout village-1".parse().unwrap();
/// game.apply(&mut state, scout, &mut Log::silent()).unwrap();
/// assert!(state.known_site("village-1".parse().unwrap()).is_some());
/// assert_eq!(state.phase(), Phase::Raid);
/// let before = state.clone();
/// let late = game.apply(&mut state, Action::SkipScout, &mut Log::silent());
/// assert!(matches!(late, Err(Error::WrongPhase { .. })));
/// assert_eq!(state, before);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Raid {
    options: Options,
    campaign: Campaign,
}

impl Raid {
    /// A first game with these options.
    pub fn new(options: Options) -> Raid {
        Raid {
            options,
            campaign: Campaign::default(),
        }
    }

    /// A game of a campaign: it starts from what the games before it handed on (RG-11).
    /// A campaign that could not arise from play is refused.
    pub fn with_campaign(options: Options, campaign: Campaign) -> Result<Raid, Error> {
        campaign
            .validate()
            .map_err(|reason| Error::Campaign { reason })?;
        Ok(Raid { options, campaign })
    }

    /// The campaign the games start from.
    pub fn campaign(&self) -> &Campaign {
        &self.campaign
    }

    /// The registry entry: options as JSON, plus `"campaign"`, a campaign object, for a game
    /// of a campaign.
    pub(crate) fn entry() -> GameEntry {
        GameEntry::with_loader::<Raid>(
            "the kingdom raid dice game: a GM-run solo raid with campaigns",
            |options| {
                let mut options = options.clone();
                let campaign = match options.as_object_mut().and_then(|o| o.remove("campaign")) {
                    None | Some(serde_json::Value::Null) => Campaign::default(),
                    Some(campaign) => {
                        serde_json::from_value(campaign).map_err(|e| LoadError::BadOptions {
                            game: "raid",
                            reason: format!("campaign: {e}"),
                        })?
                    }
                };
                let options = crate::engine::options_from_json("raid", &options)?;
                Raid::with_campaign(options, campaign).map_err(|e| LoadError::BadOptions {
                    game: "raid",
                    reason: e.to_string(),
                })
            },
        )
    }
}

impl Cites for Error {
    fn rule(&self) -> Rule {
        Error::rule(self)
    }
}

impl Cites for DecisionKind {
    fn rule(&self) -> Rule {
        DecisionKind::rule(*self)
    }
}

impl Game for Raid {
    type State = State;
    type Action = Action;
    type Kind = DecisionKind;
    type Error = Error;
    type Options = Options;
    type View = View;

    /// Every listed action applies: the rules have no fallible step.
    const LISTED_ACTIONS_NEVER_FAIL: bool = true;
    const ACTION_COUNT: usize = ACTION_COUNT;

    fn options(&self) -> &Options {
        &self.options
    }

    fn num_players(&self) -> usize {
        1
    }

    fn seat_name(&self, _seat: Seat) -> String {
        "the raider".into()
    }

    fn new_initial_state(&self, seed: u64) -> State {
        State::start(seed, self.options, self.campaign.clone())
    }

    fn seed(&self, state: &State) -> u64 {
        state.seed()
    }

    fn options_of(state: &State) -> Options {
        *state.options()
    }

    fn decision(&self, state: &State) -> Option<SeatDecision<Self>> {
        state.decision().map(|d| Decision {
            player: 0,
            kind: d.kind,
            choices: d.choices,
        })
    }

    fn apply_unchecked(
        &self,
        state: &mut State,
        action: Action,
        log: &mut Log,
    ) -> Result<(), Error> {
        state.play_listed(action, log);
        Ok(())
    }

    fn refusal(&self, state: &State, action: Action) -> Error {
        match state.decision() {
            Some(decision) => state.refusal(action, decision.kind),
            None => Error::GameOver,
        }
    }

    fn wrong_seat(&self, _state: &State, seat: Seat, _expected: Seat) -> Error {
        Error::NoSuchSeat { seat }
    }

    /// Once the Empire has arrived, the final score of ruling 26 (not normalised); 0 for the
    /// other endings, which have no score, and before the end.
    fn returns(&self, state: &State) -> Vec<f64> {
        vec![state.final_score().map_or(0.0, |(s, _)| f64::from(s))]
    }

    /// The camp and the sites as the player last saw them (RG-9).
    fn board(&self, state: &State, _seat: Seat) -> String {
        state.to_string()
    }

    fn view(&self, state: &State, _seat: Seat) -> View {
        state.view()
    }

    fn action_index(action: Action) -> usize {
        action.index()
    }

    fn action_from_index(index: usize) -> Option<Action> {
        Action::from_index(index)
    }

    fn observation(&self, state: &State, _seat: Seat) -> Vec<f32> {
        state.observation()
    }

    fn observation_len(&self) -> usize {
        super::OBSERVATION_SIZE
    }

    fn observation_layout(&self) -> Vec<(&'static str, usize, usize)> {
        super::OBSERVATION_LAYOUT.to_vec()
    }

    /// The state as the player knows it (RG-9): revealed sites at their last seen values with
    /// a sampled drift for every settlement since (RG-7.6), sites never seen generated afresh
    /// when next scouted or raided, and the GM's future dice drawn anew.
    fn resample(&self, state: &State, _seat: Seat, rng: &mut GameRng) -> State {
        let mut copy = determinise(state, rng);
        self.reseed(&mut copy, rng);
        copy
    }

    /// The GM's future dice (ruling 27), drift included (RG-9).
    fn reseed(&self, state: &mut State, rng: &mut GameRng) {
        state.rng = GameRng::from_seed_u64(rng.next_u64());
        state.forced_dice.clear();
    }

    fn milestone(&self, state: &State) -> u64 {
        u64::from(state.turn())
    }

    /// The GM's dice (ruling 27) and what the player has seen of the sites (RG-9): the mark
    /// changes with every roll and every sight of a site, so a choice that rolled no dice and
    /// showed nothing can be taken back.
    fn revealed(&self, state: &State) -> Option<u64> {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::hash::DefaultHasher::new();
        let next = state.rng.clone().next_u64();
        (next, state.forced_dice.len(), state.known).hash(&mut hasher);
        Some(hasher.finish())
    }

    fn to_svg(
        &self,
        state: &State,
        last: Option<crate::engine::game::LastAction<'_, Self>>,
    ) -> Option<String> {
        Some(match last {
            Some(last) => state.to_svg_after(last.before, last.action),
            None => state.to_svg(),
        })
    }

    fn palette(&self) -> Vec<(&'static str, &'static str)> {
        super::svg::palette()
    }
}

/// The state with every site value the player has not seen replaced by a draw consistent with
/// what the player knows (RG-9): revealed sites at their last seen values with a sampled drift
/// for every settlement since (RG-7.6); sites revealed but never seen are reset, to be
/// generated afresh when scouted or raided.
pub(crate) fn determinise(state: &State, rng: &mut GameRng) -> State {
    let mut copy = state.clone();
    for site in SiteId::ALL {
        let i = site.index();
        if !copy.sites[i].revealed {
            continue;
        }
        match state.known[i] {
            None => copy.sites[i] = Default::default(),
            Some(seen) => {
                let mut resources = seen.resources;
                if state.is_raidable(site) {
                    for _ in seen.turn..state.turn() {
                        for value in [
                            &mut resources.soldiers,
                            &mut resources.funds,
                            &mut resources.food,
                            &mut resources.weapons,
                        ] {
                            let d = rng.below(3) + 1;
                            *value = (*value + d).saturating_sub(2).max(1);
                        }
                    }
                }
                copy.sites[i].resources = resources;
                copy.sites[i].units = seen.units;
            }
        }
    }
    copy
}
