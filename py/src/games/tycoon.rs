//! Tycoon's own extras: `TycoonGame` (the content it plays, its label and its industry cards,
//! TC-7, TC-19) and `TycoonState` (each seat's holdings, the map, the tracks, the displays,
//! the round, the automa seats and their cards, and the TI-16 scores).
//!
//! Every query is one of the core's public queries of `darbar::tycoon::State`, converted: no
//! rule is worked out here. Sectors are named by their codes (`"FIN"`, TC-0.1), regions by
//! their letters (`"W"`), cities by their ids (`"nasik"`), cards by their ids (`"I1-09"`);
//! seats by number or colour (`"Red"`, `"blue"`; an automa seat's full name `"Blue (automa)"`
//! too).

use darbar::engine::{DynState, Game as _, Play, Rules, Seat};
use darbar::tycoon::{
    self as ty, ActionKind, Content, Difficulty, Outcome, Phase, Region, Score, Sector, Tycoon,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;

use crate::game::Game;
use crate::state::State;

/// The game's name in the registry.
pub(crate) const NAME: &str = "tycoon";

/// The options that are the loader's, not the rules': the folder of a user's own content
/// (TC-19).
pub(crate) const LOADER_KEYS: &[&str] = &["content"];

/// Python's spelling of the options made into the JSON form: `automa_levels` may be one
/// difficulty for every automa (`"hard"`) or a list of up to four, the first automa seat
/// first, the rest `"normal"` (TC-16.1).
pub(crate) fn options_from_python(options: &mut Value) -> PyResult<()> {
    let Value::Object(map) = options else {
        return Ok(());
    };
    let Some(levels) = map.get_mut("automa_levels") else {
        return Ok(());
    };
    let mut given: Vec<Value> = match levels {
        Value::String(_) => vec![levels.clone(); 4],
        Value::Array(list) => list.clone(),
        _ => return Ok(()), // the loader names the wrong type
    };
    if given.len() > 4 {
        return Err(PyValueError::new_err(format!(
            "automa_levels: at most 4 difficulties (one per automa seat), not {}",
            given.len()
        )));
    }
    given.resize(4, Value::String(Difficulty::Normal.code().to_owned()));
    *levels = Value::Array(given);
    Ok(())
}

/// The seat with this name: its colour in any case (`"blue"`), or its full name
/// (`"Blue (automa)"`).
pub(crate) fn seat_by_name(
    seats: usize,
    full: impl Fn(Seat) -> String,
    name: &str,
) -> Option<Seat> {
    let name = name.trim();
    (0..seats).find(|&seat| {
        name.eq_ignore_ascii_case(ty::seat_colour(seat)) || name.eq_ignore_ascii_case(&full(seat))
    })
}

/// A phase of the round as `TycoonState.round_phase()` returns it (TI-4.1).
fn phase_code(phase: Phase) -> &'static str {
    match phase {
        Phase::Setup => "setup",
        Phase::Headline => "headline",
        Phase::Region => "region",
        Phase::Events => "events",
        Phase::Auction => "auction",
        Phase::Actions => "actions",
        Phase::RoundEnd => "round_end",
        Phase::GameEnd => "game_end",
    }
}

/// The winners of a finished game, in seat order; empty before the end.
fn winners_of(state: &ty::State) -> Vec<usize> {
    let mut winners: Vec<usize> = state
        .outcome()
        .map(|o| o.winners.iter().map(|&w| usize::from(w)).collect())
        .unwrap_or_default();
    winners.sort_unstable();
    winners
}

/// The scores that count: the outcome's once the game is over (after TI-16.1's last income
/// and note repayment), else the scoring of the table as it stands (TI-16.2–16.5).
fn scores_of(state: &ty::State, content: &Content) -> Vec<Score> {
    state
        .outcome()
        .map_or_else(|| state.scores(content), |o: &Outcome| o.scores.clone())
}

/// What `play_games` adds for one Tycoon game: `winners` (two for a shared victory, TI-16.4),
/// `asset_winner` and `influence_winner` (seats), and by seat `asset_value` (TI-16.2),
/// `influence` (TI-16.3) and `support` (TI-16.5), final once the game is over.
pub(crate) fn game_extras(state: &dyn DynState) -> Vec<(&'static str, Value)> {
    let Some(play) = state.as_any().downcast_ref::<Play<Tycoon>>() else {
        return Vec::new();
    };
    let (position, content) = (play.state(), play.rules().content());
    let scores = scores_of(position, content);
    let outcome = position.outcome();
    vec![
        ("winners", winners_of(position).into()),
        (
            "asset_winner",
            outcome.map(|o| usize::from(o.asset_winner)).into(),
        ),
        (
            "influence_winner",
            outcome.map(|o| usize::from(o.influence_winner)).into(),
        ),
        (
            "asset_value",
            scores
                .iter()
                .map(|s| s.asset_value)
                .collect::<Vec<_>>()
                .into(),
        ),
        (
            "influence",
            scores
                .iter()
                .map(|s| s.influence)
                .collect::<Vec<_>>()
                .into(),
        ),
        (
            "support",
            scores.iter().map(|s| s.support).collect::<Vec<_>>().into(),
        ),
    ]
}

/// Tycoon: India 1981 (Zenwood Games) with its options and content: makes `TycoonState`s.
/// Seats are 0 to `num_players() - 1`, named by colour (`"Red"`, `"Blue"`, `"Green"`,
/// `"Yellow"`); the people sit first, then the automas (`"Blue (automa)"`, TC-16.1), whose
/// decisions the rules make themselves.
#[pyclass(module = "darbar", name = "TycoonGame", extends = Game, frozen)]
pub(crate) struct TycoonGame;

/// The typed rules behind a Python game.
fn rules<'a>(slf: &'a Bound<'_, TycoonGame>) -> PyResult<&'a Tycoon> {
    slf.as_super()
        .get()
        .loaded
        .rules
        .as_any()
        .downcast_ref::<Rules<Tycoon>>()
        .map(|rules| &**rules)
        .ok_or_else(|| pyo3::exceptions::PyRuntimeError::new_err("not a game of tycoon"))
}

#[pymethods]
impl TycoonGame {
    /// The content's label (TC-19): `"darbar default content (original, not the published
    /// components)"` for darbar's own, which is not the published game's.
    #[getter]
    fn content_label(slf: &Bound<'_, Self>) -> PyResult<String> {
        Ok(rules(slf)?.content().label.clone())
    }

    /// The folder of the user's own content the game plays (TC-19), or `None` for darbar's
    /// default content.
    #[getter]
    fn content(slf: &Bound<'_, Self>) -> Option<String> {
        slf.as_super()
            .get()
            .loaded
            .options
            .get("content")
            .and_then(Value::as_str)
            .map(str::to_owned)
    }

    /// Industry card `id` (`"I1-09"`) as the content prints it (TC-7): `{"id", "name", "era"
    /// (1 or 2), "sector", "asset_value", "income", "cost_icons" (sector codes),
    /// "kickstarter"}`; `None` for an id that is no card.
    fn industry<'py>(slf: &Bound<'py, Self>, id: &str) -> PyResult<Option<Bound<'py, PyDict>>> {
        let content = rules(slf)?.content();
        let Some(card) = content.industry(id.trim()) else {
            return Ok(None);
        };
        let card = &content.industries[usize::from(card)];
        let dict = PyDict::new(slf.py());
        dict.set_item("id", &card.id)?;
        dict.set_item("name", &card.name)?;
        dict.set_item("era", u8::from(card.era))?;
        dict.set_item("sector", card.sector.code())?;
        dict.set_item("asset_value", card.asset_value)?;
        dict.set_item("income", card.income)?;
        dict.set_item(
            "cost_icons",
            card.cost_icons.iter().map(|s| s.code()).collect::<Vec<_>>(),
        )?;
        dict.set_item("kickstarter", card.kickstarter)?;
        Ok(Some(dict))
    }
}

/// A position of Tycoon, with the table's queries.
///
/// A state is the whole position, every screen lifted: `money(seat)`, `promoters(seat)`,
/// `merits(seat)` and `agenda(seat)` read what only that seat (or nobody, for an automa's
/// open supply, TC-16.2) may see at the table. What one seat may see, the other people's
/// money, promoters, merit cards, agendas and sealed bids hidden (TI-2.6, TI-21.19), is
/// `view(seat)`. Sectors are named by their codes (`"FIN"`), regions by their letters
/// (`"W"`), cities and cards by their ids (`"nasik"`, `"I1-09"`); seats by number or colour
/// (`"Red"`); a seat not at the table raises `ValueError`.
#[pyclass(module = "darbar", name = "TycoonState", extends = State)]
pub(crate) struct TycoonState;

/// The typed game in play behind a Python state.
fn play<'a>(slf: &'a PyRef<'_, TycoonState>) -> PyResult<&'a Play<Tycoon>> {
    super::typed::<Tycoon>(slf.as_super())
}

/// The typed position and the content it is played with.
fn position<'a>(slf: &'a PyRef<'_, TycoonState>) -> PyResult<(&'a ty::State, &'a Content)> {
    play(slf).map(|play| (play.state(), play.rules().content()))
}

/// The table every seat sees alike (the displays, the headline), from seat 0's view.
fn table(slf: &PyRef<'_, TycoonState>) -> PyResult<ty::View> {
    let play = play(slf)?;
    Ok(play.rules().view(play.state(), 0))
}

/// A seat given as Python gives it, checked against the table, with its holdings.
fn holdings<'a>(
    slf: &'a PyRef<'_, TycoonState>,
    seat: &Bound<'_, PyAny>,
) -> PyResult<(usize, &'a ty::SeatState, &'a ty::State, &'a Content)> {
    let seat = crate::action::seat(slf.as_super().inner.game(), seat)?;
    let (state, content) = position(slf)?;
    let holdings = state
        .seat(seat)
        .ok_or_else(|| PyValueError::new_err(format!("no seat {seat}")))?;
    Ok((seat, holdings, state, content))
}

/// The ids of content items by their numbers, `?` for a number the content lacks.
fn ids<T>(items: &[T], id: impl Fn(&T) -> &str, numbers: &[u8]) -> Vec<String> {
    numbers
        .iter()
        .map(|&n| items.get(usize::from(n)).map_or("?", &id).to_owned())
        .collect()
}

/// A score as a dict (`TycoonState.scores`).
fn score_dict<'py>(py: Python<'py>, score: &Score) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("asset_value", score.asset_value)?;
    dict.set_item("industry_av", score.industry_av)?;
    dict.set_item("share_av", score.share_av)?;
    dict.set_item("track_av", score.track_av)?;
    dict.set_item("merit_av", score.merit_av)?;
    dict.set_item("influence", score.influence)?;
    dict.set_item("plan_influence", score.plan_influence)?;
    dict.set_item("policy_influence", score.policy_influence)?;
    dict.set_item("support", score.support)?;
    dict.set_item("favour_support", score.favour_support)?;
    dict.set_item("policy_support", score.policy_support)?;
    dict.set_item("agenda_support", score.agenda_support)?;
    Ok(dict)
}

/// A display's cards with the promoters on them, front first (TI-2.7).
fn slots<'py>(py: Python<'py>, row: &[ty::SlotView]) -> PyResult<Vec<Bound<'py, PyDict>>> {
    row.iter()
        .map(|slot| {
            let dict = PyDict::new(py);
            dict.set_item("id", &slot.id)?;
            dict.set_item("promoters", slot.promoters)?;
            Ok(dict)
        })
        .collect()
}

#[pymethods]
impl TycoonState {
    /// One informative line: `<darbar.TycoonState seed=7 round 3 actions | Red to decide:
    /// action | Tycoon Red, region West>`, or once over `... | game over, won by Yellow>`.
    fn __repr__(slf: PyRef<'_, Self>) -> PyResult<String> {
        let play = play(&slf)?;
        let state = play.state();
        let game = slf.as_super().inner.game();
        let status = match (play.decision(), state.outcome()) {
            (Some(decision), _) => format!(
                "{} to decide: {}",
                game.seat_name(decision.player),
                decision.kind
            ),
            (None, Some(_)) => {
                let names: Vec<&str> = winners_of(state).into_iter().map(ty::seat_colour).collect();
                format!("game over, won by {}", names.join(" and "))
            }
            (None, None) => "game over".to_owned(),
        };
        let region = state
            .active_region()
            .map_or_else(String::new, |r| format!(", region {}", r.name()));
        Ok(format!(
            "<darbar.TycoonState seed={} round {} {} | {status} | Tycoon {}{region}>",
            play.rules().seed(state),
            state.round(),
            phase_code(state.phase()),
            ty::seat_colour(state.tycoon()),
        ))
    }

    /// What is being decided now, by its short name (`"StartInfluence"`, TI-3; `"PolicyBid"`,
    /// TI-6.2; `"IndustryBid"`, TI-7.4; `"Turn"`, TI-8.2; ...), or `"GameOver"`. The phase of
    /// the round is `round_phase()`.
    fn phase(slf: PyRef<'_, Self>) -> PyResult<String> {
        Ok(match play(&slf)?.decision() {
            Some(decision) => format!("{:?}", decision.kind),
            None => "GameOver".to_owned(),
        })
    }

    /// The phase of the round (TI-4.1): `"setup"`, `"headline"`, `"region"`, `"events"`,
    /// `"auction"`, `"actions"`, `"round_end"` or `"game_end"`.
    fn round_phase(slf: PyRef<'_, Self>) -> PyResult<&'static str> {
        Ok(phase_code(position(&slf)?.0.phase()))
    }

    /// The round: 0 during setup, 1 to 7, 8 once the marker reaches END (TI-4.1, TI-16).
    fn round(slf: PyRef<'_, Self>) -> PyResult<u8> {
        Ok(position(&slf)?.0.round())
    }

    /// The Tycoon's seat (TI-2.9): first in turn order this round.
    fn tycoon(slf: PyRef<'_, Self>) -> PyResult<usize> {
        Ok(position(&slf)?.0.tycoon())
    }

    /// The active region's letter (`"N"`, `"E"`, `"S"`, `"W"`, TI-5), or `None` before the
    /// first activation.
    fn region(slf: PyRef<'_, Self>) -> PyResult<Option<&'static str>> {
        Ok(position(&slf)?.0.active_region().map(Region::code))
    }

    /// The content's label (TC-19), as every view shows it.
    fn content_label(slf: PyRef<'_, Self>) -> PyResult<String> {
        Ok(position(&slf)?.1.label.clone())
    }

    /// A seat's Cr. Behind its screen at the table (TI-2.6): `view(seat)` shows it only to
    /// the seat itself, and an automa's to all (TC-16.2).
    fn money(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(holdings(&slf, seat)?.1.money)
    }

    /// The promoters in a seat's personal supply, behind its screen as `money` is.
    fn promoters(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(holdings(&slf, seat)?.1.promoters)
    }

    /// The promoters in a seat's strategy pool (TI-2.2), open to all.
    fn pool(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(holdings(&slf, seat)?.1.pool)
    }

    /// The worth of a seat's support tokens (TI-16.5), before the end's favour, policy and
    /// agenda awards (`scores()`).
    fn support(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(holdings(&slf, seat)?.1.support)
    }

    /// A seat's position on the influence track (TI-0.4, TC-4).
    fn influence(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(holdings(&slf, seat)?.1.influence)
    }

    /// The seats in influence order, highest first, a later arrival above on a tie (TI-0.4).
    fn influence_order(slf: PyRef<'_, Self>) -> PyResult<Vec<usize>> {
        Ok(position(&slf)?
            .0
            .influence_order()
            .into_iter()
            .map(usize::from)
            .collect())
    }

    /// A seat's level on each sector track (TI-2.3), by sector code in track order: `{"FIN":
    /// 0, "MIN": 2, "AGR": 0, "FUE": 0, "POW": 1, "TRA": 0}` (0 off the track).
    fn tracks<'py>(
        slf: PyRef<'py, Self>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let (_, me, _, _) = holdings(&slf, seat)?;
        let dict = PyDict::new(slf.py());
        for sector in Sector::ALL {
            dict.set_item(sector.code(), me.level(sector))?;
        }
        Ok(dict)
    }

    /// The leader of each sector (TI-2.3): `{"FIN": seat or None, ...}`, `None` where no disc
    /// is on the track (the Government leads at level 1).
    fn leaders<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let (state, _) = position(&slf)?;
        let dict = PyDict::new(slf.py());
        for sector in Sector::ALL {
            dict.set_item(sector.code(), state.leader(sector).map(usize::from))?;
        }
        Ok(dict)
    }

    /// The map by city id, in TC-2.2's order: `{"nasik": {"region": "W", "owner": seat or
    /// None, "industry": "I1-09" or None}, ...}`; a city with an owner and no industry holds
    /// an Office (TI-8.6).
    fn map<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let (state, content) = position(&slf)?;
        let map = PyDict::new(py);
        for (i, city) in content.map.cities.iter().enumerate() {
            let factory = u8::try_from(i)
                .ok()
                .and_then(|i| state.factory(ty::CityId(i)));
            let dict = PyDict::new(py);
            dict.set_item("region", city.region.code())?;
            dict.set_item("owner", factory.map(|f| usize::from(f.owner)))?;
            dict.set_item(
                "industry",
                factory
                    .and_then(|f| f.card)
                    .and_then(|c| content.industries.get(usize::from(c)))
                    .map(|c| c.id.as_str()),
            )?;
            map.set_item(&city.id, dict)?;
        }
        Ok(map)
    }

    /// A seat's industry cards in the order acquired: `[{"id": "I1-09", "city": "nasik"}, ...]`,
    /// `city` `None` while unbuilt (TI-2.1).
    fn industries<'py>(
        slf: PyRef<'py, Self>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let py = slf.py();
        let (_, me, _, content) = holdings(&slf, seat)?;
        me.industries
            .iter()
            .map(|h| {
                let dict = PyDict::new(py);
                dict.set_item(
                    "id",
                    content
                        .industries
                        .get(usize::from(h.card))
                        .map_or("?", |c| c.id.as_str()),
                )?;
                dict.set_item(
                    "city",
                    h.city
                        .and_then(|c| content.map.cities.get(c.index()))
                        .map(|c| c.id.as_str()),
                )?;
                Ok(dict)
            })
            .collect()
    }

    /// A seat's factories still in reserve (TI-2.1).
    fn reserve(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(holdings(&slf, seat)?.1.reserve)
    }

    /// A seat's shares (TI-8.4): `{"held": {"Blue": 1, ...}` (the other seats' shares it
    /// holds, by colour), `"left"` (its own tokens still in its stack) and `"next_price"` (the
    /// value of the top one, `None` once none is left)}.
    fn shares<'py>(
        slf: PyRef<'py, Self>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let (k, me, state, _) = holdings(&slf, seat)?;
        let held = PyDict::new(py);
        for other in (0..state.seat_count()).filter(|&o| o != k) {
            held.set_item(
                ty::seat_colour(other),
                me.held.get(other).copied().unwrap_or(0),
            )?;
        }
        let dict = PyDict::new(py);
        dict.set_item("held", held)?;
        dict.set_item("left", me.shares_left)?;
        dict.set_item("next_price", me.top_share())?;
        Ok(dict)
    }

    /// A seat's policies in the order acquired, by id (`"P1-02"`, TI-6.2).
    fn policies(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let (_, me, _, content) = holdings(&slf, seat)?;
        Ok(ids(&content.policies, |p| &p.id, &me.policies))
    }

    /// A seat's merit cards by id (`"M-07"`, TC-12). Hidden at the table: `view(seat)` shows
    /// only their number to the others (TI-21.16).
    fn merits(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let (_, me, _, content) = holdings(&slf, seat)?;
        let cards: Vec<u8> = me.merits.iter().map(|m| m.card).collect();
        Ok(ids(&content.merits, |m| &m.id, &cards))
    }

    /// A seat's corporate agenda by id (TI-3 step 17): the one kept, or the two drawn while
    /// it chooses. Hidden from the others at the table.
    fn agenda(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let (_, me, _, content) = holdings(&slf, seat)?;
        Ok(ids(&content.agendas, |a| &a.id, &me.agenda))
    }

    /// A seat's promissory notes (TI-10): each costs 50 AV and 7 influence at the end unless
    /// repaid.
    fn notes(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(holdings(&slf, seat)?.1.notes)
    }

    /// A seat's +1 action tokens (TI-13).
    fn plus1(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(holdings(&slf, seat)?.1.plus1)
    }

    /// The industry and policy displays, front first, with the promoters on each card
    /// (TI-2.7): `{"industries": [{"id": "I1-03", "promoters": 1}, ...], "policies": [...]}`.
    fn displays<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let view = table(&slf)?;
        let dict = PyDict::new(py);
        dict.set_item("industries", slots(py, &view.industry_display)?)?;
        dict.set_item("policies", slots(py, &view.policy_display)?)?;
        Ok(dict)
    }

    /// The headline of the round by id (TI-17), or `None` (no Headline expansion, or none
    /// revealed yet).
    fn headline(slf: PyRef<'_, Self>) -> PyResult<Option<String>> {
        Ok(table(&slf)?.headline)
    }

    /// The automa seats (TC-16.1), in seat order: they follow the people's. The rules make
    /// their every decision: `current_player()` never names one.
    fn automa_seats(slf: PyRef<'_, Self>) -> PyResult<Vec<usize>> {
        let (state, _) = position(&slf)?;
        Ok((0..state.seat_count())
            .filter(|&s| state.seat(s).is_some_and(ty::SeatState::is_automa))
            .collect())
    }

    /// An automa seat's difficulty (`"easy"`, `"normal"`, `"hard"`, TC-16.1), `None` for a
    /// person's seat.
    fn difficulty(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
        Ok(holdings(&slf, seat)?.1.automa.map(Difficulty::code))
    }

    /// An automa seat's card of the round, face up (TC-16.3): `{"id": "AN-07", "difficulty",
    /// "plan" (three action codes in priority order), "strategy" (space types), "bid_margin",
    /// "policy_bid", "np_units", "focus_sector", "focus_region", "shares" ("lead" or
    /// "cheap")}`; `None` for a person's seat or before the automa's first card.
    fn automa_card<'py>(
        slf: PyRef<'py, Self>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let py = slf.py();
        let (_, me, _, content) = holdings(&slf, seat)?;
        let Some(card) = me
            .automa_card
            .and_then(|a| content.automa.get(usize::from(a)))
        else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("id", &card.id)?;
        dict.set_item("difficulty", card.difficulty.code())?;
        dict.set_item(
            "plan",
            card.plan.iter().map(|k| k.code()).collect::<Vec<_>>(),
        )?;
        dict.set_item(
            "strategy",
            card.strategy.iter().map(|t| t.code()).collect::<Vec<_>>(),
        )?;
        dict.set_item("bid_margin", card.bid_margin)?;
        dict.set_item("policy_bid", card.policy_bid)?;
        dict.set_item("np_units", card.np_units)?;
        dict.set_item("focus_sector", card.focus_sector.code())?;
        dict.set_item("focus_region", card.focus_region.code())?;
        dict.set_item(
            "shares",
            match card.shares {
                ty::content::SharesRule::Lead => "lead",
                ty::content::SharesRule::Cheap => "cheap",
            },
        )?;
        Ok(Some(dict))
    }

    /// Every seat's score (TI-16), in seat order: `{"asset_value", "industry_av", "share_av",
    /// "track_av", "merit_av", "influence", "plan_influence", "policy_influence", "support",
    /// "favour_support", "policy_support", "agenda_support"}`. Once the game is over, the
    /// final scores (after the last Income & dividends and note repayment, TI-16.1); before,
    /// the scoring of the table as it stands, for plots of a game as it goes.
    fn scores<'py>(slf: PyRef<'py, Self>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let py = slf.py();
        let (state, content) = position(&slf)?;
        scores_of(state, content)
            .iter()
            .map(|score| score_dict(py, score))
            .collect()
    }

    /// Every seat's figures at the start of each round so far, and at the end: `[{"round": 1,
    /// "money": [by seat], "asset_value": [by seat, TI-16.2 as the table stood], "influence":
    /// [by seat]}, ...]`, the last with `"round": 8` and the final asset values once the game
    /// is over. The full state's, so every seat's money (behind the screens at the table).
    fn round_figures<'py>(slf: PyRef<'py, Self>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let py = slf.py();
        let (state, _) = position(&slf)?;
        state
            .history()
            .iter()
            .map(|figures| {
                let dict = PyDict::new(py);
                dict.set_item("round", figures.round)?;
                dict.set_item("money", &figures.money)?;
                dict.set_item("asset_value", &figures.asset_value)?;
                dict.set_item("influence", &figures.influence)?;
                Ok(dict)
            })
            .collect()
    }

    /// The winning seats once the game is over (two for a shared victory, TI-16.4), in seat
    /// order; empty while it goes on.
    fn winners(slf: PyRef<'_, Self>) -> PyResult<Vec<usize>> {
        Ok(winners_of(position(&slf)?.0))
    }

    /// The asset winner and the influence winner once the game is over (TI-16.4): `{"asset":
    /// seat, "influence": seat}`; `None` while it goes on.
    fn category_winners<'py>(slf: PyRef<'py, Self>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let py = slf.py();
        let (state, _) = position(&slf)?;
        state
            .outcome()
            .map(|o| {
                let dict = PyDict::new(py);
                dict.set_item("asset", usize::from(o.asset_winner))?;
                dict.set_item("influence", usize::from(o.influence_winner))?;
                Ok(dict)
            })
            .transpose()
    }

    /// The Phase-4 actions a seat has taken this phase (TI-8.1), by code (`"build"`, ...).
    fn actions_taken(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<Vec<&'static str>> {
        let (_, me, _, _) = holdings(&slf, seat)?;
        Ok(ActionKind::ALL
            .into_iter()
            .filter(|k| me.taken & k.bit() != 0)
            .map(ActionKind::code)
            .collect())
    }
}
