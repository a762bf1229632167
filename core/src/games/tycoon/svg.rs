//! A picture of the table as SVG: the map of cities in their regions with the road and every
//! factory (TC-2, TI-2.1), the round tracker with each round's events (TC-6), the six sector
//! tracks (TI-2.3) and the influence track (TC-4) with the discs in stack order (TI-0.4), the
//! industry and policy displays with their promoters (TI-2.7), the strategy board (TC-5), and
//! each seat's holdings; with the last action, what it touched outlined and captioned.
//!
//! The picture is of the whole table, drawn from the full state, as a notebook shows a game:
//! every seat's money and promoters are written out. The cards the rules keep from the other
//! seats are not: merit cards and agendas are shown by their number only (TI-2.6), and a sealed
//! policy bid only as given or awaited, never its amount (TI-21.19).

use crate::engine::log::counted;
use std::fmt::Write as _;

use crate::engine::svg::{INK, MUTED, PARCHMENT, RED, Svg, escape, last_caption, wrap};

use super::action::Action;
use super::content::{Bundle, Content, Effect, PolicyKind, PromoterPlace, RoundEvent, Trigger};
use super::frame::Frame;
use super::ids::{CityId, Region, Sector};
use super::state::{FACTORIES, LAST_ROUND, Phase, State};
use super::words::describe_in_public;

/// The drawing's width; its height grows with the seats' panels.
const WIDTH: f32 = 1240.0;
/// The top of the map and of the right-hand column, below the header.
const TOP: f32 = 100.0;
/// The map's panel: the left part of the picture, at least as tall as this and as tall as
/// the right-hand column.
const MAP_X: f32 = 8.0;
const MAP_W: f32 = 580.0;
const MAP_H: f32 = 800.0;
/// The sketch of India the cities are placed on: a frame this wide and tall.
const FRAME_W: f32 = 600.0;
const FRAME_H: f32 = 740.0;
/// The right-hand column: round tracker, tracks, displays, strategy board.
const RIGHT_X: f32 = 600.0;
const RIGHT_W: f32 = WIDTH - RIGHT_X - 8.0;
/// The sector tracks' rows and the width of their labels.
const TRACK_ROW: f32 = 40.0;
const TRACK_LABEL: f32 = 96.0;
/// The influence track's spaces (TC-4: 0–99 round the board) and spaces per row.
const INFLUENCE_SPACES: u32 = 100;
const INFLUENCE_ROW: u32 = 50;
/// A display card.
const CARD_H: f32 = 118.0;
/// A strategy space's tile.
const TILE_H: f32 = 40.0;
/// A line of a seat's panel.
const LINE: f32 = 14.0;
/// How many characters a line of a seat's panel holds, per pixel of its width.
const CHARS_PER_PX: f32 = 1.0 / 5.5;

/// The outline of boxes.
const EDGE: &str = "#8a7f6a";
/// The map's sea and land.
const SEA: &str = "#dfe7e4";
/// The road.
const ROAD: &str = "#a38b62";

/// The seats' colours, Red, Blue, Green, Yellow (TI-1.2).
const SEAT_COLOURS: [&str; 4] = [RED, "#1d5c99", "#2e8540", "#e5b710"];
/// The seats' names in the palette.
const SEAT_NAMES: [&str; 4] = ["Red", "Blue", "Green", "Yellow"];
/// The regions' tints on the map, N, E, S, W.
const REGION_COLOURS: [&str; 4] = ["#c9b6e4", "#9fd6c9", "#f4c49c", "#d9cb8c"];
/// The regions' names in the palette.
const REGION_NAMES: [&str; 4] = ["north", "east", "south", "west"];
/// The sectors' colours, FIN MIN AGR FUE POW TRA.
const SECTOR_COLOURS: [&str; 6] = [
    "#b8891a", "#6d6875", "#7a9a3a", "#c2621f", "#7d4fa8", "#16817a",
];
/// A policy card's band.
const POLICY: &str = "#5a4a7a";
/// A promoter.
const PROMOTER: &str = "#f2c94c";
const PROMOTER_EDGE: &str = "#a57c12";

/// The colour of a seat's pieces.
fn seat_colour(seat: usize) -> &'static str {
    SEAT_COLOURS.get(seat).copied().unwrap_or(MUTED)
}

/// The colour of text on a seat's colour.
fn seat_ink(seat: usize) -> &'static str {
    if seat == 3 { INK } else { "#ffffff" }
}

/// The colour of a seat's name written on the parchment (yellow darkened to be read).
fn seat_text(seat: usize) -> &'static str {
    if seat == 3 {
        "#8a6d00"
    } else {
        seat_colour(seat)
    }
}

fn sector_colour(sector: Sector) -> &'static str {
    SECTOR_COLOURS[sector.index()]
}

fn region_colour(region: Region) -> &'static str {
    REGION_COLOURS[region.index()]
}

/// The colours of the table by name: each seat's by its colour's name (`"Red"`…`"Yellow"`),
/// each region's tint (`"north"`…), each sector's by its code (`"FIN"`…), the policy band and
/// the promoter, then the colours every picture uses. The one list the pictures and
/// [`Game::palette`](crate::engine::Game::palette) share.
pub(crate) fn palette() -> Vec<(&'static str, &'static str)> {
    let mut own: Vec<(&'static str, &'static str)> =
        SEAT_NAMES.iter().copied().zip(SEAT_COLOURS).collect();
    own.extend(REGION_NAMES.iter().copied().zip(REGION_COLOURS));
    own.extend(Sector::ALL.map(|s| (s.code(), sector_colour(s))));
    own.push(("policy", POLICY));
    own.push(("promoter", PROMOTER));
    own.push(("road", ROAD));
    crate::engine::svg::palette(&own)
}

/// Where a city of the default map stands on the sketch of India, in a 600 × 740 frame: the
/// north at the top, Bengal and Assam to the east, the peninsula running south.
fn known_spot(id: &str) -> Option<(f32, f32)> {
    Some(match id {
        "amritsar" => (140.0, 30.0),
        "ludhiana" => (198.0, 62.0),
        "chandigarh" => (262.0, 92.0),
        "new_delhi" => (222.0, 148.0),
        "jaipur" => (136.0, 196.0),
        "agra" => (248.0, 206.0),
        "kanpur" => (318.0, 246.0),
        "lucknow" => (352.0, 188.0),
        "patna" => (448.0, 218.0),
        "gauhati" => (568.0, 176.0),
        "dhanbad" => (472.0, 276.0),
        "durgapur" => (540.0, 298.0),
        "calcutta" => (556.0, 356.0),
        "jamshedpur" => (478.0, 340.0),
        "rourkela" => (406.0, 362.0),
        "cuttack" => (500.0, 420.0),
        "visakhapatnam" => (430.0, 476.0),
        "vijayawada" => (356.0, 520.0),
        "hyderabad" => (272.0, 488.0),
        "madras" => (356.0, 604.0),
        "bangalore" => (262.0, 606.0),
        "madurai" => (300.0, 674.0),
        "trivandrum" => (246.0, 722.0),
        "cochin" => (196.0, 672.0),
        "ahmedabad" => (60.0, 292.0),
        "baroda" => (112.0, 340.0),
        "surat" => (62.0, 392.0),
        "nasik" => (152.0, 430.0),
        "bombay" => (66.0, 470.0),
        "poona" => (158.0, 500.0),
        "panjim" => (134.0, 586.0),
        "nagpur" => (268.0, 394.0),
        _ => return None,
    })
}

/// Where a city the sketch does not know stands: near its region's part of the frame, the
/// k-th such city of the region in a small grid.
fn fallback_spot(region: Region, k: usize) -> (f32, f32) {
    let (x, y) = match region {
        Region::N => (200.0, 110.0),
        Region::E => (460.0, 260.0),
        Region::S => (260.0, 540.0),
        Region::W => (80.0, 330.0),
    };
    (x + 70.0 * (k % 3) as f32, y + 56.0 * (k / 3) as f32)
}

/// A point of the sketch's frame on a map panel `map_h` tall.
fn on_map(x: f32, y: f32, map_h: f32) -> (f32, f32) {
    (
        MAP_X + 10.0 + x * (MAP_W - 20.0) / FRAME_W,
        TOP + 34.0 + y * (map_h - 80.0) / FRAME_H,
    )
}

/// Every city's place on a map panel `map_h` tall, by [`CityId`].
fn city_spots(c: &Content, map_h: f32) -> Vec<(f32, f32)> {
    let mut unknown = [0usize; 4];
    c.map
        .cities
        .iter()
        .map(|city| {
            let (x, y) = known_spot(&city.id).unwrap_or_else(|| {
                let k = &mut unknown[city.region.index()];
                *k += 1;
                fallback_spot(city.region, *k - 1)
            });
            on_map(x, y, map_h)
        })
        .collect()
}

/// Where each region's name is written in the sketch's frame, and its text anchor.
fn region_label(region: Region) -> (f32, f32, &'static str) {
    match region {
        Region::N => (420.0, 96.0, "middle"),
        Region::E => (598.0, 116.0, "end"),
        Region::S => (470.0, 600.0, "middle"),
        Region::W => (0.0, 232.0, "start"),
    }
}

/// A bundle in short words (TC-1's notation): `Cr 10 ; INF 2`.
fn bundle_words(bundle: &Bundle) -> String {
    let words: Vec<String> = bundle.iter().map(effect_words).collect();
    words.join(" ; ")
}

fn effect_words(effect: &Effect) -> String {
    match effect {
        Effect::Money { n } => format!("Cr {n}"),
        Effect::Pay { n } => format!("PAY {n}"),
        Effect::Promoters {
            n,
            to: PromoterPlace::Supply,
        } => format!("PROM {n}"),
        Effect::Promoters {
            n,
            to: PromoterPlace::Pool,
        } => format!("POOL {n}"),
        Effect::Influence { n } => format!("INF {n}"),
        Effect::Support { n } => format!("SUP {n}"),
        Effect::Plus1 { n } => format!("+1A {n}"),
        Effect::Merit { n } => format!("MERIT {n}"),
        Effect::Note { n } => format!("NOTE {n}"),
        Effect::LoanMoney => "LOANCR".into(),
        Effect::Income { max } => format!("INCOME max {max}"),
        Effect::Step { sector, n } => format!("{sector} +{n}"),
        Effect::StepAny => "STEP any".into(),
        Effect::StepAny2 => "STEP any2".into(),
        Effect::TakePolicy => "POLICY".into(),
        Effect::TakeIndustry { price_x_av } => format!("INDUSTRY ×{price_x_av}"),
        Effect::Build => "BUILD".into(),
        Effect::Office => "OFFICE".into(),
        Effect::Per { each, max, .. } => match max {
            Some(max) => format!("{} per … max {max}", effect_words(each)),
            None => format!("{} per …", effect_words(each)),
        },
        Effect::If { then, .. } => format!("if …: {}", bundle_words(then)),
        Effect::Mod { param, .. } => format!("MOD {param:?}").to_lowercase(),
        Effect::On { effects, .. } => format!("ON …: {}", bundle_words(effects)),
        Effect::NpFree { n } => format!("NP free {n}"),
        Effect::Offer { .. } => "OFFER".into(),
    }
}

/// A phase's name and rule.
fn phase_words(phase: Phase) -> (&'static str, &'static str) {
    match phase {
        Phase::Setup => ("Setup", "TI-3"),
        Phase::Headline => ("Headline", "TI-17.2"),
        Phase::Region => ("1 Region", "TI-5"),
        Phase::Events => ("2 Events", "TI-6"),
        Phase::Auction => ("3 Auction", "TI-7"),
        Phase::Actions => ("4 Actions", "TI-8"),
        Phase::RoundEnd => ("Round end", "TI-4.2"),
        Phase::GameEnd => ("Game end", "TI-16"),
    }
}

/// The phases of a round as the tracker shows them.
const ROUND_PHASES: [Phase; 6] = [
    Phase::Headline,
    Phase::Region,
    Phase::Events,
    Phase::Auction,
    Phase::Actions,
    Phase::RoundEnd,
];

/// A round event in words.
fn event_words(event: RoundEvent, np_price: Option<u32>) -> String {
    match event {
        RoundEvent::PolicyBid => "Policy bid".into(),
        RoundEvent::Income => "Income".into(),
        RoundEvent::NationalProject => match np_price {
            Some(p) => format!("NP {p} Cr"),
            None => "NP".into(),
        },
    }
}

/// About how wide `text` is at `size`.
fn text_width(text: &str, size: f32) -> f32 {
    text.chars().count() as f32 * size * 0.6
}

/// At most `max` lines of `lines`, the last one saying that more was left out.
fn at_most(mut lines: Vec<String>, max: usize) -> Vec<String> {
    if lines.len() > max {
        lines.truncate(max);
        if let Some(last) = lines.last_mut() {
            last.push_str(" …");
        }
    }
    lines
}

/// A managed or unmanaged strategy space's id as the board names it, by the number of the
/// `Space` action (0 `SM-1`, 1 `SM-2`, then the unmanaged spaces in play).
fn space_id(s: &State, c: &Content, k: usize) -> Option<String> {
    match k {
        0 | 1 => c.board.managed.get(k).map(|m| m.id.clone()),
        _ => s
            .spaces
            .get(k - 2)
            .and_then(|sp| c.board.unmanaged.get(usize::from(sp.space)))
            .map(|u| u.id.clone()),
    }
}

/// Whether a seat's holdings as the picture draws them differ: merit cards and agendas by
/// their number only, a sealed bid by whether it is in.
fn seat_differs(a: &State, b: &State, k: usize) -> bool {
    let (x, y) = (&a.seats[k], &b.seats[k]);
    x.money != y.money
        || x.promoters != y.promoters
        || x.pool != y.pool
        || x.support != y.support
        || x.influence != y.influence
        || x.levels != y.levels
        || x.reserve != y.reserve
        || x.industries != y.industries
        || x.shares_left != y.shares_left
        || x.held != y.held
        || x.policies != y.policies
        || x.merits.len() != y.merits.len()
        || x.agenda.len() != y.agenda.len()
        || x.notes != y.notes
        || x.plus1 != y.plus1
        || x.tokens != y.tokens
        || x.tycoon_token != y.tycoon_token
        || x.taken != y.taken
        || x.out != y.out
        || x.automa_card != y.automa_card
        || a.standing.get(k) != b.standing.get(k)
        || a.bids.get(k).map(Option::is_some) != b.bids.get(k).map(Option::is_some)
        || (a.tycoon() == k) != (b.tycoon() == k)
}

/// What the last action touched, in drawing order: the round tracker when the round, phase,
/// Tycoon, region or headline changed; the cities whose factory changed or that the action
/// names; the sector tracks whose discs moved or that it names; the influence track when a
/// disc moved; the display cards that changed or that it names; the strategy spaces it names
/// or covered; the seats whose holdings as drawn changed or that it names.
#[derive(Debug, Default, PartialEq)]
struct Touched {
    round: bool,
    cities: Vec<CityId>,
    sectors: Vec<Sector>,
    influence: bool,
    industries: Vec<usize>,
    policies: Vec<usize>,
    setup: Vec<usize>,
    spaces: Vec<String>,
    seats: Vec<usize>,
}

impl Touched {
    /// What `action`, taken in `before`, touched to reach `after`.
    fn since(before: &State, after: &State, c: &Content, action: Action) -> Touched {
        let seats = before.seat_count().min(after.seat_count());
        let picking_setup = matches!(before.stack.last(), Some(Frame::StartPolicy { .. }));
        let round = before.round != after.round
            || before.phase != after.phase
            || before.tycoon != after.tycoon
            || before.region != after.region
            || before.headline != after.headline;
        let named_city = match action {
            Action::City(city) => Some(city),
            _ => None,
        };
        let cities = (0..after.cities.len())
            .map(|i| CityId(i as u8))
            .filter(|&city| {
                named_city == Some(city)
                    || before.cities.get(city.index()) != after.cities.get(city.index())
            })
            .collect();
        let sectors = Sector::ALL
            .into_iter()
            .filter(|&s| {
                matches!(action, Action::Sector(x) if x == s)
                    || matches!(action, Action::Steps(a, b) if a == s || b == s)
                    || (0..seats).any(|k| before.seats[k].level(s) != after.seats[k].level(s))
            })
            .collect();
        let influence = (0..seats).any(|k| before.seats[k].influence != after.seats[k].influence);
        let row_changed =
            |a: &[super::state::Slot], b: &[super::state::Slot], named: Option<usize>| {
                (0..b.len())
                    .filter(|&i| named == Some(i) || a.get(i) != b.get(i))
                    .collect::<Vec<usize>>()
            };
        let industries = row_changed(
            &before.industry_display,
            &after.industry_display,
            match action {
                Action::Industry(slot) => Some(usize::from(slot)),
                _ => None,
            },
        );
        let policies = row_changed(
            &before.policy_display,
            &after.policy_display,
            match action {
                Action::Policy(slot) if !picking_setup => Some(usize::from(slot)),
                _ => None,
            },
        );
        let setup = (0..after.setup_policies.len())
            .filter(|&i| {
                matches!(action, Action::Policy(slot) if picking_setup && usize::from(slot) == i)
                    || before.setup_policies.get(i) != after.setup_policies.get(i)
            })
            .collect();
        let mut spaces: Vec<String> = Vec::new();
        if let Action::Space(k) = action
            && let Some(id) = space_id(before, c, usize::from(k))
        {
            spaces.push(id);
        }
        for (i, sp) in after.spaces.iter().enumerate() {
            if before.spaces.get(i).map(|b| b.cover) != Some(sp.cover)
                && let Some(id) = space_id(after, c, i + 2)
                && !spaces.contains(&id)
            {
                spaces.push(id);
            }
        }
        let named_seat = match action {
            Action::Share(o) => Some(usize::from(o)),
            _ => None,
        };
        let seats = (0..after.seat_count())
            .filter(|&k| named_seat == Some(k) || k >= seats || seat_differs(before, after, k))
            .collect();
        Touched {
            round,
            cities,
            sectors,
            influence,
            industries,
            policies,
            setup,
            spaces,
            seats,
        }
    }

    /// What was touched, in words, for the caption: at most `max` names, then how many more.
    fn words(&self, state: &State, c: &Content, max: usize) -> String {
        let mut names: Vec<String> = Vec::new();
        if self.round {
            names.push("round tracker".into());
        }
        names.extend(
            self.cities
                .iter()
                .filter_map(|city| c.map.cities.get(city.index()).map(|x| x.name.clone())),
        );
        names.extend(self.sectors.iter().map(|s| format!("{} track", s.name())));
        if self.influence {
            names.push("influence track".into());
        }
        names.extend(
            self.industries
                .iter()
                .map(|i| format!("industry display {}", i + 1)),
        );
        names.extend(
            self.policies
                .iter()
                .map(|i| format!("policy display {}", i + 1)),
        );
        names.extend(
            self.setup
                .iter()
                .map(|i| format!("starting policy {}", i + 1)),
        );
        names.extend(self.spaces.iter().cloned());
        names.extend(
            self.seats
                .iter()
                .map(|&k| state.name_of(k as u8).to_owned()),
        );
        if names.is_empty() {
            return "Nothing on the table changed".into();
        }
        let more = names.len().saturating_sub(max);
        names.truncate(max);
        let mut words = format!("Outlined: {}", names.join(", "));
        if more > 0 {
            let _ = write!(words, " and {more} more");
        }
        words
    }
}

/// The last action drawn: what it touched and its caption.
struct LastDrawn {
    touched: Touched,
    caption: String,
}

/// A strategy space's tile: its id, what it does, its cost, and the share covering it.
type Tile = (String, String, String, Option<(u8, u32)>);

/// A part of a line of text: the words and, for a part written bold, its colour.
type Part = (String, Option<&'static str>);

/// One seat's panel, measured before it is drawn so the document's height is known.
struct SeatPanel {
    seat: usize,
    /// The lines under the header band, each of parts.
    lines: Vec<Vec<Part>>,
}

impl SeatPanel {
    /// The panel's height: the band, the factories' row and the lines.
    fn height(&self) -> f32 {
        28.0 + 22.0 + LINE * self.lines.len() as f32 + 8.0
    }

    fn of(s: &State, c: &Content, seat: usize, width: f32) -> SeatPanel {
        let x = &s.seats[seat];
        let chars = (width * CHARS_PER_PX) as usize;
        let plain = |text: String| vec![(text, None)];
        let mut lines: Vec<Vec<Part>> = Vec::new();
        lines.push(plain(format!(
            "Money {} Cr · promoters {} in supply, {} in pool",
            x.money, x.promoters, x.pool
        )));
        let laps = x.influence / INFLUENCE_SPACES;
        lines.push(plain(format!(
            "Influence {}{} · support {} · notes {}",
            x.influence,
            if laps > 0 {
                format!(" ({laps} lap marker{})", if laps > 1 { "s" } else { "" })
            } else {
                String::new()
            },
            x.support,
            x.notes
        )));
        let taken: Vec<&str> = super::ids::ActionKind::ALL
            .into_iter()
            .filter(|k| x.taken & k.bit() != 0)
            .map(|k| k.code())
            .collect();
        lines.push(plain(format!(
            "Action tokens {}{} · +1 tokens {}{}",
            x.tokens,
            if x.tycoon_token { " + Tycoon" } else { "" },
            x.plus1,
            if taken.is_empty() {
                String::new()
            } else {
                format!(" · taken: {}", taken.join(", "))
            }
        )));
        let levels: Vec<String> = Sector::ALL
            .iter()
            .map(|&sector| format!("{} {}", sector.code(), x.level(sector)))
            .collect();
        lines.push(plain(format!("Tracks {}", levels.join(" · "))));
        let next = x
            .top_share()
            .map_or(String::new(), |v| format!(" (next {v} Cr)"));
        let mut shares: Vec<Part> =
            vec![(format!("Own shares {} left{next}", x.shares_left), None)];
        let held: Vec<(usize, u8)> = x
            .held
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(k, &n)| (k, n))
            .collect();
        if held.is_empty() {
            shares.push((" · holds no shares".into(), None));
        } else {
            shares.push((" · holds ".into(), None));
            for (i, &(k, n)) in held.iter().enumerate() {
                if i > 0 {
                    shares.push((", ".into(), None));
                }
                shares.push((format!("{} ×{n}", s.name_of(k as u8)), Some(seat_text(k))));
            }
        }
        lines.push(shares);
        let industries: Vec<String> = x
            .industries
            .iter()
            .map(|h| {
                let card = c.industries.get(usize::from(h.card));
                let id = card.map_or("?", |x| x.id.as_str());
                let name = card.map_or("", |x| x.name.as_str());
                let place = h
                    .city
                    .and_then(|city| c.map.cities.get(city.index()))
                    .map_or("unbuilt".to_owned(), |city| format!("in {}", city.name));
                format!("{id} {name} ({place})")
            })
            .collect();
        let industries = if industries.is_empty() {
            "Industries: none".to_owned()
        } else {
            format!("Industries: {}", industries.join("; "))
        };
        lines.extend(at_most(wrap(&industries, chars), 4).into_iter().map(plain));
        let policies: Vec<String> = x
            .policies
            .iter()
            .map(|&p| {
                c.policies
                    .get(usize::from(p))
                    .map_or("?".to_owned(), |p| format!("{} {}", p.id, p.name))
            })
            .collect();
        let policies = if policies.is_empty() {
            "Policies: none".to_owned()
        } else {
            format!("Policies: {}", policies.join("; "))
        };
        lines.extend(at_most(wrap(&policies, chars), 3).into_iter().map(plain));
        let agenda = match x.agenda.len() {
            0 => "no agenda",
            1 => "an agenda kept (hidden)",
            _ => "choosing an agenda (hidden)",
        };
        lines.push(plain(format!(
            "Merit cards {} (hidden) · {agenda}",
            x.merits.len()
        )));
        if let Some(card) = x.automa_card.and_then(|a| c.automa.get(usize::from(a))) {
            let plan: Vec<&str> = card.plan.iter().map(|k| k.code()).collect();
            let text = format!(
                "Automa card {}: {} · bid +{} Cr · policy bid {} · NP {} · focus {} {}",
                card.id,
                plan.join(" › "),
                card.bid_margin,
                card.policy_bid,
                card.np_units,
                card.focus_sector.code(),
                card.focus_region.name()
            );
            lines.extend(at_most(wrap(&text, chars), 2).into_iter().map(plain));
        }
        if let (Phase::Auction, Some(Some(bid))) = (s.phase, s.standing.get(seat)) {
            lines.push(plain(format!("Standing industry bid {bid} Cr (TI-7.4)")));
        }
        if matches!(s.stack.last(), Some(Frame::PolicyBid { .. })) {
            let given = s.bids.get(seat).is_some_and(Option::is_some);
            lines.push(plain(
                if given {
                    "Sealed policy bid given (TI-21.19)"
                } else {
                    "Sealed policy bid awaited"
                }
                .to_owned(),
            ));
        }
        if let Some(score) = s.outcome.as_ref().and_then(|o| o.scores.get(seat)) {
            lines.push(vec![(
                format!(
                    "Asset value {} · influence {} · support {}",
                    score.asset_value, score.influence, score.support
                ),
                Some(INK),
            )]);
        }
        SeatPanel { seat, lines }
    }
}

/// The picture being drawn.
struct Picture<'a> {
    svg: &'a mut Svg,
    state: &'a State,
    content: &'a Content,
    last: Option<&'a LastDrawn>,
    spots: Vec<(f32, f32)>,
}

/// The picture of `state`, played with `content`, as an SVG document; with `last`, the
/// position the last action was taken in and that action, what it touched is outlined and a
/// caption reads `Last: <action in words> (<seat>)`.
///
/// The header gives the round and phase, the Tycoon (TI-2.9), the active region (TI-5), the
/// headline (TI-17), the decision waited for or the outcome (TI-16.4), and the content's label
/// (TC-19). The map shows each city by region, metros marked, the road, and each factory in its
/// owner's colour, a built industry with its card's id, an Office as such (TI-8.6). The right
/// column shows the round tracker with each round's events (TC-6), the sector tracks with each
/// seat's disc, later arrivals on top, and each track's leader (TI-2.3, TI-2.4), the influence
/// track (TC-4), the displays with their promoters (TI-2.7) and the strategy board (TC-5).
/// Each seat's panel, in turn order from the Tycoon, gives its colour, person or automa, its
/// money and promoters, its tokens, factories, shares, industries, policies, and its merit
/// cards and agenda by their number only.
pub(crate) fn picture(state: &State, content: &Content, last: Option<(&State, Action)>) -> String {
    let last = last.map(|(before, action)| {
        let by = before
            .pending(content)
            .map(|p| before.name_of(p.seat).to_owned());
        LastDrawn {
            touched: Touched::since(before, state, content, action),
            caption: last_caption(&describe_in_public(before, content, action), by.as_deref()),
        }
    });
    let n = state.seat_count().max(1);
    let panel_w = (WIDTH - 16.0 - 8.0 * (n - 1) as f32) / n as f32;
    let panels: Vec<SeatPanel> = state
        .turn_order()
        .map(|seat| SeatPanel::of(state, content, usize::from(seat), panel_w - 16.0))
        .collect();
    // The body first, for the height: the map grows to the right-hand column's height.
    let mut body = Svg {
        out: String::with_capacity(96 * 1024),
    };
    let mut picture = Picture {
        svg: &mut body,
        state,
        content,
        last: last.as_ref(),
        spots: Vec::new(),
    };
    picture.header();
    let mut y = TOP;
    y = picture.rounds(y);
    y = picture.tracks(y + 8.0);
    y = picture.influence(y + 8.0);
    y = picture.displays(y + 8.0);
    y = picture.board(y + 8.0);
    y = picture.extras(y + 6.0);
    let map_h = (y - TOP).max(MAP_H);
    picture.map(map_h);
    let panels_top = TOP + map_h + 14.0;
    picture.seats(&panels, panels_top, panel_w);
    if let Some(last) = &last {
        let detail = last.touched.words(state, content, 8);
        body.last_action_caption(RIGHT_X, 30.0, RIGHT_W, &last.caption, &detail);
    }
    let tallest = panels.iter().map(SeatPanel::height).fold(0.0, f32::max);
    let height = panels_top + 24.0 + tallest + 10.0;
    let mut svg = Svg::document(
        WIDTH,
        height,
        &format!(
            "Tycoon: India 1981, {} seats, round {}",
            state.seat_count(),
            state.round
        ),
    );
    svg.out.push_str(&body.out);
    svg.finish()
}

impl Picture<'_> {
    /// Opens a group with an id, a class and a hover title.
    fn group(&mut self, id: &str, class: &str, title: &str) {
        let _ = writeln!(
            self.svg.out,
            r#"<g id="{}" class="{class}"><title>{}</title>"#,
            escape(id),
            escape(title)
        );
    }

    fn end_group(&mut self) {
        self.svg.out.push_str("</g>\n");
    }

    fn line(&mut self, from: (f32, f32), to: (f32, f32), style: &str) {
        let _ = writeln!(
            self.svg.out,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" {style}/>"#,
            from.0, from.1, to.0, to.1
        );
    }

    fn circle(&mut self, cx: f32, cy: f32, r: f32, style: &str) {
        let _ = writeln!(
            self.svg.out,
            r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" {style}/>"#
        );
    }

    /// Outlines a box the last action touched when `touched` says so.
    fn outline(&mut self, touched: bool, id: &str, x: f32, y: f32, w: f32, h: f32) {
        if touched {
            self.svg.highlight(&format!("last-{id}"), x, y, w, h);
        }
    }

    /// A rounded label at (`x`, `y`) (its top left), `fill` behind `ink`; returns its width.
    fn pill(&mut self, x: f32, y: f32, size: f32, text: &str, fill: &str, ink: &str) -> f32 {
        let w = text_width(text, size) + 10.0;
        let h = size + 6.0;
        let stroke = if fill == PARCHMENT { EDGE } else { fill };
        self.svg.rect(
            x,
            y,
            w,
            h,
            &format!(
                r#"rx="{:.1}" fill="{fill}" stroke="{stroke}" stroke-width="1""#,
                h / 2.0
            ),
        );
        self.svg.text(
            x + w / 2.0,
            y + h - 4.0,
            &format!(r#"font-size="{size}" font-weight="bold" text-anchor="middle" fill="{ink}""#),
            text,
        );
        w
    }

    /// One line of text whose parts follow one another, a part with a colour written bold.
    fn flow(&mut self, x: f32, y: f32, size: f32, parts: &[Part]) {
        let _ = write!(
            self.svg.out,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" xml:space="preserve">"#
        );
        for (text, colour) in parts {
            match colour {
                Some(colour) => {
                    let _ = write!(
                        self.svg.out,
                        r#"<tspan font-weight="bold" fill="{colour}">{}</tspan>"#,
                        escape(text)
                    );
                }
                None => self.svg.out.push_str(&escape(text)),
            }
        }
        self.svg.out.push_str("</text>\n");
    }

    /// A seat's disc seen from the side, standing on (`cx`, `base`): an upright cylinder.
    fn disc(&mut self, cx: f32, base: f32, seat: usize) {
        let (rx, ry, h) = (9.0, 3.4, 4.2);
        let top = base - h;
        let fill = seat_colour(seat);
        let _ = writeln!(
            self.svg.out,
            r##"<path d="M{:.1} {top:.1} v{h:.1} a{rx:.1} {ry:.1} 0 0 0 {:.1} 0 v-{h:.1} z" fill="{fill}" stroke="#2a2a2a" stroke-width="0.8"/>"##,
            cx - rx,
            2.0 * rx
        );
        let _ = writeln!(
            self.svg.out,
            r##"<ellipse cx="{cx:.1}" cy="{top:.1}" rx="{rx:.1}" ry="{ry:.1}" fill="{fill}" stroke="#2a2a2a" stroke-width="0.8"/>"##
        );
    }

    /// A promoter token with the count beside it.
    fn promoters(&mut self, cx: f32, cy: f32, count: u32) {
        self.circle(
            cx,
            cy,
            7.0,
            &format!(r#"fill="{PROMOTER}" stroke="{PROMOTER_EDGE}" stroke-width="1.2""#),
        );
        self.svg.text(
            cx,
            cy + 3.2,
            r#"font-size="8.5" font-weight="bold" text-anchor="middle""#,
            &count.to_string(),
        );
    }

    /// Small muted text.
    fn note(&mut self, x: f32, y: f32, text: &str) {
        self.svg
            .text(x, y, &format!(r#"font-size="10" fill="{MUTED}""#), text);
    }

    /// A section's title, and a muted note after it.
    fn title(&mut self, x: f32, y: f32, title: &str, note: &str) {
        self.svg
            .text(x, y, r#"font-size="13.5" font-weight="bold""#, title);
        if !note.is_empty() {
            self.note(x + text_width(title, 13.5) * 1.08 + 10.0, y, note);
        }
    }

    // ----- the header -------------------------------------------------------------------------

    fn header(&mut self) {
        let (s, c) = (self.state, self.content);
        self.svg.text(
            14.0,
            30.0,
            r#"font-size="22" font-weight="bold""#,
            "Tycoon: India 1981",
        );
        let automas = s.seats.iter().filter(|x| x.is_automa()).count();
        let people = s.seat_count() - automas;
        let round = match s.round {
            0 => "setup (TI-3)".to_owned(),
            r if r > LAST_ROUND => "the game end (TI-16)".to_owned(),
            r => format!("round {r} of {LAST_ROUND} · {}", phase_words(s.phase).0),
        };
        self.svg.text(
            256.0,
            30.0,
            r#"font-size="13""#,
            &format!(
                "{} seats: {people} {}, {automas} automa{} · {round}",
                s.seat_count(),
                if people == 1 { "person" } else { "people" },
                if automas == 1 { "" } else { "s" },
            ),
        );
        self.svg.text(
            WIDTH - 12.0,
            20.0,
            &format!(r#"font-size="10.5" font-style="italic" text-anchor="end" fill="{MUTED}""#),
            &c.label,
        );

        // The Tycoon, the region, the headline.
        let mut x = 14.0;
        let tycoon = s.tycoon();
        x += self.pill(
            x,
            40.0,
            11.0,
            &format!("Tycoon: {}", s.name_of(tycoon as u8)),
            seat_colour(tycoon),
            seat_ink(tycoon),
        ) + 8.0;
        x += match s.region {
            Some(r) => self.pill(
                x,
                40.0,
                11.0,
                &format!("Active region: {}", r.name()),
                region_colour(r),
                INK,
            ),
            None => self.pill(x, 40.0, 11.0, "No active region", PARCHMENT, MUTED),
        } + 10.0;
        let headline = match s.headline.and_then(|h| c.headlines.get(usize::from(h))) {
            Some(h) => format!(
                "Headline {} {} ({:?}: {})",
                h.id,
                h.name,
                h.effect.when,
                bundle_words(&h.effect.effects)
            ),
            None if s.options.headline_expansion => "No headline now".to_owned(),
            None => "No headlines (expansion off)".to_owned(),
        };
        let room = ((RIGHT_X - 10.0 - x) / (11.5 * 0.6)) as usize;
        if let Some(line) = at_most(wrap(&headline, room), 1).first() {
            self.svg.text(x, 53.0, r#"font-size="11.5""#, line);
        }

        // The decision waited for, or the outcome.
        let status = match (&s.outcome, s.pending(c)) {
            (Some(outcome), _) => {
                let names: Vec<&str> = outcome.winners.iter().map(|&w| s.name_of(w)).collect();
                let who = match names.len() {
                    1 => format!("{} wins", names.join("")),
                    _ => format!("{} share the victory", names.join(" and ")),
                };
                format!(
                    "Game over: {who} (asset value: {}, influence: {}; TI-16.4)",
                    s.name_of(outcome.asset_winner),
                    s.name_of(outcome.influence_winner)
                )
            }
            (None, Some(p)) => {
                use crate::engine::Cites;
                format!(
                    "Waiting for {}: {} ({})",
                    s.name_of(p.seat),
                    p.kind,
                    p.kind.rule().section()
                )
            }
            (None, None) => String::new(),
        };
        let style = if s.outcome.is_some() {
            r#"font-size="13" font-weight="bold""#
        } else {
            r#"font-size="12""#
        };
        self.svg.text(14.0, 80.0, style, &status);
    }

    // ----- the map ----------------------------------------------------------------------------

    fn map(&mut self, map_h: f32) {
        let (s, c) = (self.state, self.content);
        self.spots = city_spots(c, map_h);
        self.svg.rect(
            MAP_X,
            TOP,
            MAP_W,
            map_h,
            &format!(r#"rx="10" fill="{SEA}" stroke="{EDGE}" stroke-width="1""#),
        );
        self.title(
            MAP_X + 10.0,
            TOP + 18.0,
            "Map",
            "factories in their owners' colours; ◎ metro",
        );
        // The regions: a tint round each city, the region in play stronger, inside the panel.
        let _ = writeln!(
            self.svg.out,
            r#"<clipPath id="map-panel"><rect x="{MAP_X:.1}" y="{TOP:.1}" width="{MAP_W:.1}" height="{map_h:.1}" rx="10"/></clipPath>"#
        );
        self.svg.out.push_str(r#"<g clip-path="url(#map-panel)">"#);
        self.svg.out.push('\n');
        for region in Region::ALL {
            let active = s.region == Some(region);
            let _ = writeln!(
                self.svg.out,
                r#"<g opacity="{}" fill="{}">"#,
                if active { 0.85 } else { 0.55 },
                region_colour(region)
            );
            for (i, city) in c.map.cities.iter().enumerate() {
                if city.region == region {
                    let (x, y) = self.spots[i];
                    self.circle(x, y, 46.0, "");
                }
            }
            self.svg.out.push_str("</g>\n");
        }
        self.svg.out.push_str("</g>\n");
        for region in Region::ALL {
            let (fx, fy, anchor) = region_label(region);
            let (x, y) = on_map(fx, fy, map_h);
            let active = s.region == Some(region);
            let text = if active {
                format!("{} · active", region.name().to_uppercase())
            } else {
                region.name().to_uppercase()
            };
            self.svg.text(
                x,
                y,
                &format!(
                    r#"font-size="{}" font-weight="bold" letter-spacing="2" text-anchor="{anchor}" fill="{}""#,
                    if active { 15 } else { 13 },
                    if active { INK } else { MUTED }
                ),
                &text,
            );
        }
        for [a, b] in &c.map.edges {
            if let (Some(a), Some(b)) = (c.city(a), c.city(b)) {
                self.line(
                    self.spots[a.index()],
                    self.spots[b.index()],
                    &format!(r#"stroke="{ROAD}" stroke-width="2.6" stroke-linecap="round""#),
                );
            }
        }
        if let Some(last) = self.last {
            for &city in &last.touched.cities {
                if let Some(&(x, y)) = self.spots.get(city.index()) {
                    self.svg.highlight(
                        &format!("last-city-{}", c.map.cities[city.index()].id),
                        x - 24.0,
                        y - 12.0,
                        48.0,
                        36.0,
                    );
                }
            }
        }
        for i in 0..c.map.cities.len() {
            self.city(CityId(i as u8));
        }
        self.map_legend(MAP_X + MAP_W - 168.0, TOP + map_h - 120.0);
    }

    fn city(&mut self, id: CityId) {
        let (s, c) = (self.state, self.content);
        let city = &c.map.cities[id.index()];
        let (x, y) = self.spots[id.index()];
        let factory = s.factory(id);
        let mut title = format!(
            "{}{} · {} · distance {} · bonus {}",
            city.name,
            if city.metro { " (metro)" } else { "" },
            city.region.name(),
            city.distance,
            bundle_words(&city.bonus)
        );
        match factory {
            Some(f) => {
                let card = f.card.and_then(|k| c.industries.get(usize::from(k)));
                let _ = match card {
                    Some(card) => write!(
                        title,
                        " · {}'s {} {} (AV {}, income {})",
                        s.name_of(f.owner),
                        card.id,
                        card.name,
                        card.asset_value,
                        card.income
                    ),
                    None => write!(title, " · {}'s Office", s.name_of(f.owner)),
                };
            }
            None => title.push_str(" · empty"),
        }
        self.group(&format!("city-{}", city.id), "city", &title);
        if city.metro {
            self.circle(
                x,
                y,
                13.0,
                &format!(r#"fill="none" stroke="{INK}" stroke-width="1.6""#),
            );
        }
        match factory {
            Some(f) => {
                let owner = usize::from(f.owner);
                let (w, h) = (40.0, 15.0);
                match f.card.and_then(|k| c.industries.get(usize::from(k))) {
                    Some(card) => {
                        self.svg.rect(
                            x - w / 2.0,
                            y - h / 2.0,
                            w,
                            h,
                            &format!(
                                r##"rx="3" fill="{}" stroke="#2a2a2a" stroke-width="0.8""##,
                                seat_colour(owner)
                            ),
                        );
                        self.svg.text(
                            x,
                            y + 3.2,
                            &format!(
                                r#"font-size="8.5" font-weight="bold" text-anchor="middle" fill="{}""#,
                                seat_ink(owner)
                            ),
                            &card.id,
                        );
                    }
                    None => {
                        self.svg.rect(
                            x - w / 2.0,
                            y - h / 2.0,
                            w,
                            h,
                            &format!(
                                r#"rx="7" fill="{PARCHMENT}" stroke="{}" stroke-width="2.4" stroke-dasharray="4 2""#,
                                seat_colour(owner)
                            ),
                        );
                        self.svg.text(
                            x,
                            y + 3.2,
                            &format!(
                                r#"font-size="8.5" font-weight="bold" text-anchor="middle" fill="{}""#,
                                seat_text(owner)
                            ),
                            "Office",
                        );
                    }
                }
            }
            None => self.circle(
                x,
                y,
                5.5,
                &format!(r#"fill="{PARCHMENT}" stroke="{EDGE}" stroke-width="1.4""#),
            ),
        }
        self.svg.text(
            x,
            y + 21.0,
            &format!(
                r#"font-size="9.5"{} text-anchor="middle" stroke="{PARCHMENT}" stroke-width="2.6" paint-order="stroke" stroke-linejoin="round""#,
                if city.metro {
                    r#" font-weight="bold""#
                } else {
                    ""
                }
            ),
            &city.name,
        );
        self.end_group();
    }

    /// What the map's marks mean, in its free corner.
    fn map_legend(&mut self, x: f32, y: f32) {
        self.svg.rect(
            x - 8.0,
            y - 16.0,
            168.0,
            128.0,
            &format!(
                r#"rx="6" fill="{PARCHMENT}" stroke="{EDGE}" stroke-width="0.8" opacity="0.92""#
            ),
        );
        self.svg
            .text(x, y, r#"font-size="11" font-weight="bold""#, "Legend");
        let small = r#"font-size="9.5""#;
        let mut cy = y + 16.0;
        self.svg.rect(
            x,
            cy - 7.0,
            34.0,
            14.0,
            &format!(r#"rx="3" fill="{}""#, seat_colour(0)),
        );
        self.svg.text(
            x + 17.0,
            cy + 3.0,
            r##"font-size="8" font-weight="bold" text-anchor="middle" fill="#ffffff""##,
            "I1-01",
        );
        self.svg
            .text(x + 42.0, cy + 3.5, small, "built industry (card id)");
        cy += 20.0;
        self.svg.rect(
            x,
            cy - 7.0,
            34.0,
            14.0,
            &format!(
                r#"rx="7" fill="{PARCHMENT}" stroke="{}" stroke-width="2.2" stroke-dasharray="4 2""#,
                seat_colour(0)
            ),
        );
        self.svg.text(x + 42.0, cy + 3.5, small, "Office (no card)");
        cy += 20.0;
        self.circle(
            x + 17.0,
            cy,
            5.5,
            &format!(r#"fill="{PARCHMENT}" stroke="{EDGE}" stroke-width="1.4""#),
        );
        self.svg.text(x + 42.0, cy + 3.5, small, "empty city");
        cy += 20.0;
        self.circle(
            x + 17.0,
            cy,
            9.0,
            &format!(r#"fill="none" stroke="{INK}" stroke-width="1.6""#),
        );
        self.svg.text(x + 42.0, cy + 3.5, small, "metro");
        cy += 20.0;
        self.line(
            (x, cy),
            (x + 34.0, cy),
            &format!(r#"stroke="{ROAD}" stroke-width="2.6""#),
        );
        self.svg.text(x + 42.0, cy + 3.5, small, "road (TC-2.3)");
    }

    // ----- the round tracker ------------------------------------------------------------------

    fn rounds(&mut self, top: f32) -> f32 {
        let (s, c) = (self.state, self.content);
        let (phase, rule) = phase_words(s.phase);
        let title = format!(
            "{} · phase {phase} ({rule})",
            match s.round {
                0 => "setup, before round 1".to_owned(),
                r if r > LAST_ROUND => "the game end".to_owned(),
                r => format!("round {r}"),
            }
        );
        let h = 112.0;
        let touched = self.last.is_some_and(|l| l.touched.round);
        self.outline(touched, "round", RIGHT_X, top, RIGHT_W, h);
        self.group("round", "round", &title);
        self.title(RIGHT_X, top + 14.0, "Round tracker", &title);
        let boxes = c.board.rounds.len() + 1;
        let pitch = RIGHT_W / boxes as f32;
        let w = pitch - 5.0;
        let by = top + 22.0;
        for i in 0..boxes {
            let x = RIGHT_X + pitch * i as f32;
            let number = i as u8 + 1;
            let current = s.round == number || (i + 1 == boxes && s.round > LAST_ROUND);
            let past = s.round > number && i + 1 < boxes;
            let (fill, stroke, width) = if current {
                ("#fff8d8", INK, 2.4)
            } else {
                (PARCHMENT, EDGE, 1.0)
            };
            self.svg.rect(
                x,
                by,
                w,
                62.0,
                &format!(
                    r#"rx="6" fill="{fill}" stroke="{stroke}" stroke-width="{width}"{}"#,
                    if past { r#" opacity="0.55""# } else { "" }
                ),
            );
            let label = if i + 1 == boxes {
                "END".to_owned()
            } else {
                format!("Round {number}")
            };
            self.svg.text(
                x + 6.0,
                by + 14.0,
                r#"font-size="11" font-weight="bold""#,
                &label,
            );
            let events: Vec<String> = match c.board.rounds.get(i) {
                Some(plan) => plan
                    .events
                    .iter()
                    .map(|&e| event_words(e, plan.np_price))
                    .collect(),
                None => vec!["Income".into(), "Scoring".into()],
            };
            for (k, event) in events.iter().enumerate() {
                self.svg.text(
                    x + 6.0,
                    by + 28.0 + 11.0 * k as f32,
                    r#"font-size="9""#,
                    event,
                );
            }
        }
        let mut x = RIGHT_X;
        let py = top + 92.0;
        self.note(x, py + 11.0, "Phases:");
        x += 44.0;
        for phase in ROUND_PHASES {
            let name = phase_words(phase).0;
            x += if phase == s.phase {
                self.pill(x, py, 10.0, name, INK, "#ffffff")
            } else {
                self.pill(x, py, 10.0, name, PARCHMENT, MUTED)
            } + 5.0;
        }
        self.end_group();
        top + h
    }

    // ----- the sector tracks ------------------------------------------------------------------

    fn tracks(&mut self, top: f32) -> f32 {
        self.title(
            RIGHT_X,
            top + 14.0,
            "Sector tracks",
            "discs stack in order of arrival, the latest on top (TI-0.4); ★ the leader (TI-2.4)",
        );
        let mut y = top + 22.0;
        for sector in Sector::ALL {
            self.track(sector, y);
            y += TRACK_ROW;
        }
        y
    }

    fn track(&mut self, sector: Sector, y: f32) {
        let (s, c) = (self.state, self.content);
        let i = sector.index();
        let leader = s.leader(sector);
        let lead = leader.map_or("Government (level 1)".to_owned(), |l| {
            s.name_of(l).to_owned()
        });
        let on: Vec<String> = (0..s.seat_count())
            .filter(|&k| s.seats[k].levels[i] > 0)
            .map(|k| format!("{} {}", s.name_of(k as u8), s.seats[k].levels[i]))
            .collect();
        let title = format!(
            "{}: {}; leader {lead}",
            sector.name(),
            if on.is_empty() {
                "no disc".to_owned()
            } else {
                on.join(", ")
            }
        );
        let touched = self
            .last
            .is_some_and(|l| l.touched.sectors.contains(&sector));
        self.outline(
            touched,
            &format!("sector-{}", sector.code()),
            RIGHT_X,
            y,
            RIGHT_W,
            TRACK_ROW - 4.0,
        );
        self.group(&format!("sector-{}", sector.code()), "sector", &title);
        self.svg.rect(
            RIGHT_X,
            y,
            6.0,
            TRACK_ROW - 4.0,
            &format!(r#"rx="2" fill="{}""#, sector_colour(sector)),
        );
        self.svg.text(
            RIGHT_X + 11.0,
            y + 15.0,
            r#"font-size="11.5" font-weight="bold""#,
            sector.name(),
        );
        self.note(
            RIGHT_X + 11.0,
            y + 29.0,
            &format!(
                "lead: {}",
                match leader {
                    Some(l) => s.name_of(l),
                    None => "Govt.",
                }
            ),
        );
        let cw = (RIGHT_W - TRACK_LABEL) / 7.0;
        for level in 1..=7u8 {
            let x = RIGHT_X + TRACK_LABEL + cw * f32::from(level - 1);
            self.svg.rect(
                x,
                y,
                cw - 3.0,
                TRACK_ROW - 4.0,
                &format!(r#"rx="4" fill="{PARCHMENT}" stroke="{EDGE}" stroke-width="0.8""#),
            );
            self.svg.text(
                x + 4.0,
                y + 11.0,
                &format!(r#"font-size="9" font-weight="bold" fill="{MUTED}""#),
                &level.to_string(),
            );
            let cell = &c.tracks.levels[i][usize::from(level - 1)];
            let mut bonus = bundle_words(&cell.bonus);
            if !bonus.is_empty() {
                match cell.trigger {
                    Trigger::Pass => bonus.push_str(" (pass)"),
                    Trigger::Land => bonus.push_str(" (land)"),
                    Trigger::Both => {}
                }
            }
            let av = c.tracks.asset_value[i][usize::from(level)];
            if av > 0 {
                if !bonus.is_empty() {
                    bonus.push_str(" · ");
                }
                let _ = write!(bonus, "AV {av}");
            }
            if let Some(line) = at_most(wrap(&bonus, 17), 1).first() {
                self.svg.text(
                    x + 4.0,
                    y + TRACK_ROW - 8.0,
                    &format!(r#"font-size="7.5" fill="{MUTED}""#),
                    line,
                );
            }
            // The discs here, the earliest arrival at the bottom of the stack.
            let mut here: Vec<usize> = (0..s.seat_count())
                .filter(|&k| s.seats[k].levels[i] == level)
                .collect();
            here.sort_by_key(|&k| s.seats[k].level_stamps[i]);
            let cx = x + cw - 18.0;
            for (n, &k) in here.iter().enumerate() {
                self.disc(cx, y + TRACK_ROW - 9.0 - 5.5 * n as f32, k);
            }
            if let (Some(l), Some(&top)) = (leader, here.last())
                && usize::from(l) == top
            {
                let ty = y + TRACK_ROW - 14.0 - 5.5 * (here.len() - 1) as f32;
                self.svg.text(
                    cx - 12.0,
                    ty,
                    r##"font-size="10" text-anchor="end" fill="#b8891a""##,
                    "★",
                );
            }
        }
        self.end_group();
    }

    // ----- the influence track ----------------------------------------------------------------

    fn influence(&mut self, top: f32) -> f32 {
        let s = self.state;
        let rows = INFLUENCE_SPACES / INFLUENCE_ROW;
        let row_h = 48.0;
        let h = 20.0 + row_h * rows as f32;
        let order: Vec<String> = s
            .influence_order()
            .iter()
            .map(|&k| format!("{} {}", s.name_of(k), s.seats[usize::from(k)].influence))
            .collect();
        let touched = self.last.is_some_and(|l| l.touched.influence);
        self.outline(touched, "influence", RIGHT_X, top, RIGHT_W, h);
        self.group(
            "influence",
            "influence",
            &format!("Influence, in order: {}", order.join(", ")),
        );
        self.title(
            RIGHT_X,
            top + 14.0,
            "Influence track",
            "spaces 0–99; past 99 a disc goes on at 0 with a +100 lap marker (TC-4)",
        );
        let cw = RIGHT_W / INFLUENCE_ROW as f32;
        for space in 0..INFLUENCE_SPACES {
            let row = space / INFLUENCE_ROW;
            let x = RIGHT_X + cw * (space % INFLUENCE_ROW) as f32;
            let base = top + 20.0 + row_h * row as f32 + 30.0;
            let fill = if space % 10 == 0 {
                "#e2d6b8"
            } else {
                PARCHMENT
            };
            self.svg.rect(
                x,
                base,
                cw - 1.0,
                8.0,
                &format!(r#"fill="{fill}" stroke="{EDGE}" stroke-width="0.5""#),
            );
            if space % 10 == 0 {
                self.svg.text(
                    x + 1.0,
                    base + 17.0,
                    &format!(r#"font-size="8" fill="{MUTED}""#),
                    &space.to_string(),
                );
            }
            let mut here: Vec<usize> = (0..s.seat_count())
                .filter(|&k| s.seats[k].influence % INFLUENCE_SPACES == space)
                .collect();
            // Equal values stack by arrival; a lapped disc lies above the others (TC-4).
            here.sort_by_key(|&k| (s.seats[k].influence, s.seats[k].influence_stamp));
            for (n, &k) in here.iter().enumerate() {
                let cy = base - 5.0 - 7.0 * n as f32;
                let cx = x + cw / 2.0 - 0.5;
                self.circle(
                    cx,
                    cy,
                    5.6,
                    &format!(
                        r##"fill="{}" stroke="#2a2a2a" stroke-width="0.8""##,
                        seat_colour(k)
                    ),
                );
                let laps = s.seats[k].influence / INFLUENCE_SPACES;
                if laps > 0 && n + 1 == here.len() {
                    self.svg.text(
                        cx,
                        cy - 8.0,
                        r#"font-size="7.5" font-weight="bold" text-anchor="middle""#,
                        &format!("+{}", 100 * laps),
                    );
                }
            }
        }
        self.end_group();
        top + h
    }

    // ----- the displays -----------------------------------------------------------------------

    fn displays(&mut self, top: f32) -> f32 {
        let s = self.state;
        enum Card {
            Industry(usize),
            Policy(usize),
            Setup(usize),
        }
        let mut cards: Vec<Card> = (0..s.industry_display.len()).map(Card::Industry).collect();
        cards.extend((0..s.policy_display.len()).map(Card::Policy));
        cards.extend((0..s.setup_policies.len()).map(Card::Setup));
        let mut note = format!(
            "industry deck {} · policy deck {}",
            s.industry_deck.len(),
            s.policy_deck.len()
        );
        if !s.setup_policies.is_empty() {
            note.push_str(" · the starting policies to pick (TI-3 step 16)");
        }
        self.title(RIGHT_X, top + 14.0, "Displays", &note);
        let pitch = (RIGHT_W / cards.len().max(5) as f32).min(128.0);
        let y = top + 24.0;
        if cards.is_empty() {
            self.note(RIGHT_X, y + 14.0, "Both displays are empty.");
        }
        for (i, card) in cards.iter().enumerate() {
            let x = RIGHT_X + pitch * i as f32;
            match *card {
                Card::Industry(k) => self.industry_card(x, y, pitch - 6.0, k),
                Card::Policy(k) => self.policy_card(x, y, pitch - 6.0, k, false),
                Card::Setup(k) => self.policy_card(x, y, pitch - 6.0, k, true),
            }
        }
        y + CARD_H
    }

    /// A card's frame and its coloured band with the id.
    fn card_frame(&mut self, x: f32, y: f32, w: f32, band: &str, id: &str, tag: &str) {
        self.svg.rect(
            x,
            y,
            w,
            CARD_H,
            &format!(r#"rx="6" fill="{PARCHMENT}" stroke="{EDGE}" stroke-width="1""#),
        );
        self.svg
            .rect(x, y, w, 18.0, &format!(r#"rx="6" fill="{band}""#));
        self.svg
            .rect(x, y + 12.0, w, 6.0, &format!(r#"fill="{band}""#));
        self.svg.text(
            x + 6.0,
            y + 13.0,
            r##"font-size="10.5" font-weight="bold" fill="#ffffff""##,
            id,
        );
        self.svg.text(
            x + w - 5.0,
            y + 13.0,
            r##"font-size="8.5" text-anchor="end" fill="#ffffff""##,
            tag,
        );
    }

    /// Lines of card text from `top` down, each wrapped to the card.
    fn card_lines(&mut self, x: f32, top: f32, w: f32, lines: &[(String, usize, bool)]) {
        let chars = ((w - 10.0) / 5.0) as usize;
        let mut y = top;
        for (text, max, bold) in lines {
            for line in at_most(wrap(text, chars), *max) {
                self.svg.text(
                    x + 5.0,
                    y,
                    if *bold {
                        r#"font-size="9" font-weight="bold""#
                    } else {
                        r#"font-size="8.5""#
                    },
                    &line,
                );
                y += 11.0;
            }
        }
    }

    fn industry_card(&mut self, x: f32, y: f32, w: f32, slot: usize) {
        let (s, c) = (self.state, self.content);
        let Some(held) = s.industry_display.get(slot).copied() else {
            return;
        };
        let Some(card) = c.industries.get(usize::from(held.card)) else {
            return;
        };
        let id = format!("industry-{slot}");
        let touched = self
            .last
            .is_some_and(|l| l.touched.industries.contains(&slot));
        self.outline(touched, &id, x, y, w, CARD_H);
        let icons: Vec<&str> = card.cost_icons.iter().map(|s| s.code()).collect();
        self.group(
            &id,
            "industry",
            &format!(
                "Industry display {}: {} {} ({}, era {}), AV {}, income {}, cost icons {}, {} on it",
                slot + 1,
                card.id,
                card.name,
                card.sector.name(),
                card.era,
                card.asset_value,
                card.income,
                if icons.is_empty() { "none".to_owned() } else { icons.join(" ") },
                counted(held.promoters, "promoter", "promoters")
            ),
        );
        self.card_frame(
            x,
            y,
            w,
            sector_colour(card.sector),
            &card.id,
            &format!("{} · era {}", card.sector.code(), card.era),
        );
        let mut build = format!("{} +{}", card.sector.code(), card.build_sector_steps);
        if card.build_influence > 0 {
            let _ = write!(build, " · INF {}", card.build_influence);
        }
        self.card_lines(
            x,
            y + 30.0,
            w,
            &[
                (card.name.clone(), 2, true),
                (
                    format!("AV {} · income {}", card.asset_value, card.income),
                    1,
                    false,
                ),
                (
                    format!(
                        "icons {}",
                        if icons.is_empty() {
                            "none".to_owned()
                        } else {
                            icons.join(" ")
                        }
                    ),
                    2,
                    false,
                ),
                (format!("built: {build}"), 1, false),
            ],
        );
        if held.promoters > 0 {
            self.promoters(x + w - 12.0, y + CARD_H - 12.0, held.promoters);
        }
        self.end_group();
    }

    fn policy_card(&mut self, x: f32, y: f32, w: f32, slot: usize, setup: bool) {
        let (s, c) = (self.state, self.content);
        let (card, promoters) = if setup {
            (s.setup_policies.get(slot).copied(), 0)
        } else {
            match s.policy_display.get(slot) {
                Some(p) => (Some(p.card), p.promoters),
                None => (None, 0),
            }
        };
        let Some(card) = card.and_then(|p| c.policies.get(usize::from(p))) else {
            return;
        };
        let id = if setup {
            format!("setup-{slot}")
        } else {
            format!("policy-{slot}")
        };
        let touched = self.last.is_some_and(|l| {
            if setup {
                l.touched.setup.contains(&slot)
            } else {
                l.touched.policies.contains(&slot)
            }
        });
        self.outline(touched, &id, x, y, w, CARD_H);
        let kind = match card.kind {
            PolicyKind::Industrial => "Industrial",
            PolicyKind::Economic => "Economic",
            PolicyKind::Liberal => "Liberal",
        };
        self.group(
            &id,
            "policy",
            &format!(
                "{} {}: {} {} ({kind}, era {}), politics {}, end support {}, {} on it",
                if setup {
                    "Starting policy"
                } else {
                    "Policy display"
                },
                slot + 1,
                card.id,
                card.name,
                card.era,
                bundle_words(&card.politics_bonus),
                card.end_support,
                counted(promoters, "promoter", "promoters")
            ),
        );
        self.card_frame(
            x,
            y,
            w,
            POLICY,
            &card.id,
            &format!("{kind} · era {}", card.era),
        );
        let effect = bundle_words(&card.effect.effects);
        self.card_lines(
            x,
            y + 30.0,
            w,
            &[
                (card.name.clone(), 2, true),
                (
                    format!("politics: {}", bundle_words(&card.politics_bonus)),
                    2,
                    false,
                ),
                (format!("effect: {effect}"), 2, false),
                (format!("end support {}", card.end_support), 1, false),
            ],
        );
        if promoters > 0 {
            self.promoters(x + w - 12.0, y + CARD_H - 12.0, promoters);
        }
        self.end_group();
    }

    // ----- the strategy board -----------------------------------------------------------------

    fn board(&mut self, top: f32) -> f32 {
        let (s, c) = (self.state, self.content);
        self.title(
            RIGHT_X,
            top + 14.0,
            "Strategy board",
            "cost in pool promoters; a covered space shows the share token on it (TI-8.6)",
        );
        let mut tiles: Vec<Tile> = c
            .board
            .managed
            .iter()
            .map(|m| (m.id.clone(), m.name.clone(), format!("{}p", m.cost), None))
            .collect();
        for sp in &s.spaces {
            if let Some(u) = c.board.unmanaged.get(usize::from(sp.space)) {
                tiles.push((
                    u.id.clone(),
                    format!("{} {}", u.kind, bundle_words(&u.reward)),
                    format!("{}p", u.cost),
                    sp.cover,
                ));
            }
        }
        let per_row = 8;
        let pitch = RIGHT_W / per_row as f32;
        let mut y = top + 22.0;
        for (i, (id, what, cost, cover)) in tiles.iter().enumerate() {
            let x = RIGHT_X + pitch * (i % per_row) as f32;
            y = top + 22.0 + (TILE_H + 5.0) * (i / per_row) as f32;
            let w = pitch - 5.0;
            let touched = self.last.is_some_and(|l| l.touched.spaces.contains(id));
            self.outline(touched, &format!("space-{id}"), x, y, w, TILE_H);
            let title = match cover {
                Some((k, v)) => format!(
                    "{id}: {what}, {cost}; covered by {}'s {v} share",
                    s.name_of(*k)
                ),
                None => format!("{id}: {what}, {cost}"),
            };
            self.group(&format!("space-{id}"), "space", &title);
            let (fill, ink, sub) = match cover {
                Some((k, _)) => (
                    seat_colour(usize::from(*k)),
                    seat_ink(usize::from(*k)),
                    seat_ink(usize::from(*k)),
                ),
                None => (PARCHMENT, INK, MUTED),
            };
            self.svg.rect(
                x,
                y,
                w,
                TILE_H,
                &format!(r#"rx="5" fill="{fill}" stroke="{EDGE}" stroke-width="0.8""#),
            );
            self.svg.text(
                x + 4.0,
                y + 12.0,
                &format!(r#"font-size="9.5" font-weight="bold" fill="{ink}""#),
                id,
            );
            self.svg.text(
                x + w - 4.0,
                y + 12.0,
                &format!(r#"font-size="9" text-anchor="end" fill="{ink}""#),
                cost,
            );
            let chars = ((w - 8.0) / 4.6) as usize;
            let line = match cover {
                Some((k, v)) => format!("{} · {v} Cr share", s.name_of(*k)),
                None => what.clone(),
            };
            for (n, part) in at_most(wrap(&line, chars), 2).iter().enumerate() {
                self.svg.text(
                    x + 4.0,
                    y + 24.0 + 10.0 * n as f32,
                    &format!(r#"font-size="8" fill="{sub}""#),
                    part,
                );
            }
            self.end_group();
        }
        y + TILE_H
    }

    /// The rest of the table in words: planning commission, favours, conglomerates, decks.
    fn extras(&mut self, top: f32) -> f32 {
        let (s, c) = (self.state, self.content);
        let names = |ids: Vec<String>| {
            if ids.is_empty() {
                "none".to_owned()
            } else {
                ids.join(", ")
            }
        };
        let plans = names(
            s.plans
                .iter()
                .filter_map(|&p| c.plans.get(usize::from(p)))
                .map(|p| format!("{} {}", p.id, p.name))
                .collect(),
        );
        let favours = names(
            s.favours
                .iter()
                .filter_map(|&f| c.favours.get(usize::from(f)))
                .map(|f| f.sector.name().to_owned())
                .collect(),
        );
        let conglomerates = names(
            s.conglomerates
                .iter()
                .filter_map(|&t| c.conglomerates.get(usize::from(t)))
                .map(|t| format!("{} {}", t.id, bundle_words(&t.bonus)))
                .collect(),
        );
        let mut lines = Vec::new();
        lines.extend(at_most(
            wrap(&format!("Planning commission (TI-14): {plans}"), 110),
            2,
        ));
        lines.push(format!("Favoured sectors at the end (TI-12): {favours}"));
        lines.extend(at_most(
            wrap(
                &format!("Conglomerate tokens left (TI-11): {conglomerates}"),
                110,
            ),
            2,
        ));
        let mut decks = format!(
            "Merit deck {} · headlines to come {}",
            s.merit_deck.len(),
            s.headline_deck.len()
        );
        if s.phase == Phase::Auction {
            let _ = write!(decks, " · auction opening bid {} Cr", s.opening);
        }
        lines.push(decks);
        let mut y = top;
        for line in &lines {
            y += 13.0;
            self.svg.text(RIGHT_X, y, r#"font-size="10""#, line);
        }
        y + 4.0
    }

    // ----- the seats --------------------------------------------------------------------------

    fn seats(&mut self, panels: &[SeatPanel], top: f32, w: f32) {
        self.title(
            8.0,
            top + 14.0,
            "Seats in turn order from the Tycoon",
            "money and promoters as the full state holds them; merit cards and agendas by number only",
        );
        let h = panels.iter().map(SeatPanel::height).fold(0.0, f32::max);
        for (i, panel) in panels.iter().enumerate() {
            let x = 8.0 + (w + 8.0) * i as f32;
            self.seat(panel, x, top + 24.0, w, h);
        }
    }

    fn seat(&mut self, panel: &SeatPanel, x: f32, y: f32, w: f32, h: f32) {
        let s = self.state;
        let seat = panel.seat;
        let me = &s.seats[seat];
        let name = s.name_of(seat as u8);
        let touched = self.last.is_some_and(|l| l.touched.seats.contains(&seat));
        self.outline(touched, &format!("seat-{name}"), x, y, w, h);
        let who = match me.automa {
            Some(level) => format!("automa, {level}"),
            None => "person".to_owned(),
        };
        self.group(&format!("seat-{name}"), "seat", &format!("{name} ({who})"));
        self.svg.rect(
            x,
            y,
            w,
            h,
            &format!(
                r#"rx="8" fill="{PARCHMENT}" stroke="{}" stroke-width="2""#,
                seat_colour(seat)
            ),
        );
        self.svg.rect(
            x,
            y,
            w,
            24.0,
            &format!(r#"rx="8" fill="{}""#, seat_colour(seat)),
        );
        self.svg.rect(
            x,
            y + 16.0,
            w,
            8.0,
            &format!(r#"fill="{}""#, seat_colour(seat)),
        );
        let ink = seat_ink(seat);
        self.svg.text(
            x + 8.0,
            y + 17.0,
            &format!(r#"font-size="13" font-weight="bold" fill="{ink}""#),
            name,
        );
        self.svg.text(
            x + 14.0 + text_width(name, 13.0) * 1.1,
            y + 17.0,
            &format!(r#"font-size="10.5" fill="{ink}""#),
            &format!("({who})"),
        );
        // The badges, from the right.
        let mut badges: Vec<&str> = Vec::new();
        if s.outcome
            .as_ref()
            .is_some_and(|o| o.winners.contains(&(seat as u8)))
        {
            badges.push("winner");
        }
        if s.tycoon() == seat {
            badges.push("Tycoon");
        }
        if s.outcome.is_none()
            && s.pending(self.content)
                .is_some_and(|p| usize::from(p.seat) == seat)
        {
            badges.push("to act");
        }
        if me.out && s.phase == Phase::Actions {
            badges.push("out");
        }
        let mut bx = x + w - 6.0;
        for badge in badges {
            let bw = text_width(badge, 9.5) + 10.0;
            bx -= bw;
            self.pill(bx, y + 4.0, 9.5, badge, PARCHMENT, INK);
            bx -= 4.0;
        }
        // The factories: in reserve filled, on a card half, on the map as an outline.
        let fy = y + 32.0;
        let on_map = s.factories_of(seat as u8).count();
        let unbuilt = me.industries.iter().filter(|h| h.city.is_none()).count();
        let colour = seat_colour(seat);
        for f in 0..usize::from(FACTORIES) {
            let fx = x + 8.0 + 13.0 * f as f32;
            let style = if f < usize::from(me.reserve) {
                format!(r##"fill="{colour}" stroke="#2a2a2a" stroke-width="0.6""##)
            } else if f < usize::from(me.reserve) + unbuilt {
                format!(
                    r#"fill="{colour}" fill-opacity="0.35" stroke="{colour}" stroke-width="1.2""#
                )
            } else {
                format!(r#"fill="none" stroke="{colour}" stroke-width="1.2""#)
            };
            self.svg
                .rect(fx, fy, 10.0, 10.0, &format!(r#"rx="2" {style}"#));
        }
        self.svg.text(
            x + 14.0 + 13.0 * f32::from(FACTORIES),
            fy + 9.0,
            r#"font-size="9.5""#,
            &format!(
                "{} in reserve · {unbuilt} on cards · {on_map} on map",
                me.reserve
            ),
        );
        let mut ly = fy + 12.0;
        for line in &panel.lines {
            ly += LINE;
            self.flow(x + 8.0, ly, 10.0, line);
        }
        self.end_group();
    }
}

/// The well-formedness checker every game's pictures are tested with (Pax Pamir's too).
#[cfg(test)]
#[allow(clippy::duplicate_mod)]
#[path = "../../../tests/xml/mod.rs"]
mod xml;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::LastAction;
    use crate::engine::svg::HIGHLIGHT;
    use crate::engine::{Game, GameRng, Log};
    use crate::testing::play_random_steps;
    use crate::tycoon::content::DEFAULT_LABEL;
    use crate::tycoon::{Options, Tycoon};

    fn game(players: u8) -> Tycoon {
        Tycoon::new(Options {
            players,
            ..Options::default()
        })
        .unwrap()
    }

    /// The picture of `state`, with the last action if given.
    fn draw(game: &Tycoon, state: &State, last: Option<(&State, Action)>) -> String {
        game.to_svg(
            state,
            last.map(|(before, action)| LastAction { before, action }),
        )
        .unwrap()
    }

    fn outlined(svg: &str, id: &str) -> bool {
        svg.contains(&format!(r#"<g id="{id}" class="last-action">"#))
    }

    /// What every picture must show: well-formed, every seat's panel, every city, the
    /// content's label (TC-19).
    fn check_picture(state: &State, c: &Content, svg: &str) {
        xml::check_well_formed(svg).unwrap();
        assert!(svg.contains(DEFAULT_LABEL));
        for k in 0..state.seat_count() {
            let name = state.name_of(k as u8);
            assert!(svg.contains(&format!(r#"id="seat-{name}""#)), "{name}");
            assert!(svg.contains(&format!(">{name}</text>")), "{name}");
        }
        for city in &c.map.cities {
            assert!(svg.contains(&format!(r#"id="city-{}""#, city.id)));
            assert!(svg.contains(&format!(">{}</text>", escape(&city.name))));
        }
        for sector in Sector::ALL {
            assert!(svg.contains(&format!(r#"id="sector-{}""#, sector.code())));
        }
    }

    #[test]
    fn ti_2_the_picture_is_well_formed_and_names_every_seat_city_and_the_label() {
        for players in [1, 2, 3, 4] {
            let game = game(players);
            let mut state = game.new_initial_state(u64::from(players));
            check_picture(&state, game.content(), &draw(&game, &state, None));
            play_random_steps(&game, &mut state, 150, 9);
            let svg = draw(&game, &state, None);
            check_picture(&state, game.content(), &svg);
            let seats = state.seat_count();
            if seats < 4 {
                assert!(!svg.contains(r#"id="seat-Yellow""#));
            }
        }
    }

    /// TI-2.1, TI-8.6: every factory on the map is drawn in its city, a built industry by its
    /// card's id in its owner's colour, an Office as such.
    #[test]
    fn ti_2_1_every_factory_is_drawn_with_its_card_or_as_an_office() {
        let game = game(4);
        let c = game.content();
        let mut built = 0;
        for seed in 0..4 {
            let mut state = game.new_initial_state(seed);
            play_random_steps(&game, &mut state, 900, seed);
            let svg = draw(&game, &state, None);
            for (i, city) in c.map.cities.iter().enumerate() {
                let Some(f) = state.factory(CityId(i as u8)) else {
                    continue;
                };
                let at = svg
                    .find(&format!(r#"<g id="city-{}""#, city.id))
                    .expect("the city is drawn");
                let group = &svg[at..at + svg[at..].find("</g>").unwrap()];
                assert!(group.contains(seat_colour(usize::from(f.owner))));
                match f.card {
                    Some(card) => {
                        built += 1;
                        let id = &c.industries[usize::from(card)].id;
                        assert!(group.contains(&format!(">{id}</text>")), "{id}");
                    }
                    None => assert!(group.contains(">Office</text>")),
                }
            }
        }
        assert!(built > 0, "nothing was built");
    }

    /// TI-2.6, TI-21.19: merit cards and agendas are drawn by their number only, a sealed
    /// bid not at all, and two positions that differ only in which cards are held and in the
    /// sealed bids' amounts draw the same.
    #[test]
    fn ti_2_6_no_merit_card_agenda_or_sealed_bid_is_shown() {
        let game = game(4);
        let c = game.content();
        let mut met = 0;
        for seed in 0..4 {
            let mut state = game.new_initial_state(seed);
            play_random_steps(&game, &mut state, 700, seed);
            let mut other = state.clone();
            state.bids[1] = Some(2);
            other.bids[1] = Some(5);
            let svg = draw(&game, &state, None);
            for (k, x) in state.seats.iter().enumerate() {
                for m in &x.merits {
                    met += 1;
                    let merit = &c.merits[usize::from(m.card)];
                    assert!(!svg.contains(&escape(&merit.name)), "{}", merit.id);
                    assert!(!svg.contains(&format!("{} ", merit.id)), "{}", merit.id);
                }
                for &a in &x.agenda {
                    let agenda = &c.agendas[usize::from(a)];
                    assert!(!svg.contains(&escape(&agenda.name)), "{}", agenda.id);
                }
                for m in &mut other.seats[k].merits {
                    m.card = (m.card + 1) % c.merits.len() as u8;
                }
                for a in &mut other.seats[k].agenda {
                    *a = (*a + 1) % c.agendas.len() as u8;
                }
            }
            assert_eq!(draw(&game, &other, None), svg, "seed {seed}");
        }
        assert!(met > 0, "no merit card was held");
    }

    /// TI-2.3, TI-0.4: the discs of a level stack in order of arrival, the latest drawn last
    /// (on top), and the leader's disc carries the star.
    #[test]
    fn ti_0_4_discs_stack_in_order_of_arrival() {
        let game = game(4);
        let mut state = game.new_initial_state(3);
        play_random_steps(&game, &mut state, 20, 3);
        let sector = Sector::Min;
        let i = sector.index();
        for (k, stamp) in [(0usize, 5u32), (1, 9), (2, 7)] {
            state.seats[k].levels[i] = 3;
            state.seats[k].level_stamps[i] = stamp;
        }
        state.seats[3].levels[i] = 0;
        let svg = draw(&game, &state, None);
        let at = svg.find(r#"<g id="sector-MIN""#).unwrap();
        let group = &svg[at..at + svg[at..].find("</g>").unwrap()];
        let first = |seat: usize| {
            group
                .find(&format!(r#"fill="{}""#, seat_colour(seat)))
                .unwrap()
        };
        // Red arrived first, then Green, then Blue on top: drawn in that order.
        assert!(first(0) < first(2) && first(2) < first(1));
        assert_eq!(state.leader(sector), Some(1));
        assert!(group.contains(">★</text>"));
        assert!(group.contains("leader Blue"));
    }

    #[test]
    fn the_first_position_has_no_highlight_and_no_caption() {
        let game = game(3);
        let svg = draw(&game, &game.new_initial_state(1), None);
        assert!(!svg.contains("last-action") && !svg.contains("Last:"));
    }

    /// The caption names the action in words (the state it was taken in names its numbers)
    /// and the seat that took it; the seat is outlined.
    #[test]
    fn the_caption_names_the_action_in_words_and_its_seat() {
        let game = game(4);
        let mut state = game.new_initial_state(2);
        let before = state.clone();
        let decision = game.decision(&state).unwrap();
        let action = *decision
            .choices
            .iter()
            .find(|a| matches!(a, Action::Influence(_)))
            .expect("a starting influence (TI-3 step 13)");
        game.apply(&mut state, action, &mut Log::silent()).unwrap();
        let svg = draw(&game, &state, Some((&before, action)));
        xml::check_well_formed(&svg).unwrap();
        let seat = before.name_of(decision.player as u8);
        let words = game.describe(&before, action);
        assert!(svg.contains(&escape(&format!("Last: {words} ({seat})"))));
        assert!(outlined(&svg, &format!("last-seat-{seat}")));
        assert!(outlined(&svg, "last-influence"));
    }

    /// TI-8.3: a build outlines its city; an industry taken outlines its display slot.
    #[test]
    fn ti_8_3_a_build_outlines_its_city() {
        let game = game(4);
        let c = game.content();
        let mut met = 0;
        for seed in 0..8 {
            let mut state = game.new_initial_state(seed);
            let mut rng = GameRng::from_seed_u64(seed);
            for _ in 0..1500 {
                let Some(decision) = game.decision(&state) else {
                    break;
                };
                let action = decision.choices[rng.below(decision.choices.len() as u32) as usize];
                let before = state.clone();
                game.apply(&mut state, action, &mut Log::silent()).unwrap();
                let svg_needed = matches!(action, Action::City(_) | Action::Industry(_));
                if !svg_needed {
                    continue;
                }
                let svg = draw(&game, &state, Some((&before, action)));
                match action {
                    Action::City(city) => {
                        met += 1;
                        let id = &c.map.cities[city.index()].id;
                        assert!(outlined(&svg, &format!("last-city-{id}")), "{id}");
                    }
                    Action::Industry(slot) if usize::from(slot) < state.industry_display.len() => {
                        assert!(outlined(&svg, &format!("last-industry-{slot}")));
                    }
                    _ => {}
                }
            }
        }
        assert!(met > 0, "no city was chosen");
    }

    /// The highlight only ever names what the picture draws, over random games.
    #[test]
    fn every_outline_is_of_something_drawn() {
        let game = game(4);
        let mut outlines = 0;
        for seed in [11, 12] {
            let mut state = game.new_initial_state(seed);
            let mut rng = GameRng::from_seed_u64(seed);
            for _ in 0..400 {
                let Some(decision) = game.decision(&state) else {
                    break;
                };
                let action = decision.choices[rng.below(decision.choices.len() as u32) as usize];
                let before = state.clone();
                game.apply(&mut state, action, &mut Log::silent()).unwrap();
                let svg = draw(&game, &state, Some((&before, action)));
                for (at, _) in svg.match_indices(r#"<g id="last-"#) {
                    let id = &svg[at + 12..];
                    let id = &id[..id.find('"').unwrap()];
                    if id == "action-caption" {
                        continue;
                    }
                    assert!(
                        svg.contains(&format!(r#"<g id="{id}" class="#)),
                        "{action}: outline {id} of nothing drawn"
                    );
                    outlines += 1;
                }
                assert!(svg.contains(r#"id="last-action-caption""#));
            }
        }
        assert!(outlines > 200, "{outlines}");
    }

    /// TI-16.4: a finished game shows its outcome, each seat's score and its winners, and no
    /// seat to act.
    #[test]
    fn ti_16_a_finished_game_shows_the_outcome() {
        for players in [1, 4] {
            let game = game(players);
            let mut state = game.new_initial_state(5);
            play_random_steps(&game, &mut state, usize::MAX, 5);
            let outcome = state.outcome().expect("the game ended").clone();
            let svg = draw(&game, &state, None);
            check_picture(&state, game.content(), &svg);
            assert!(svg.contains("Game over: "));
            assert!(!svg.contains(">to act</text>"));
            assert!(!svg.contains("Waiting for"));
            assert_eq!(svg.matches(">winner</text>").count(), outcome.winners.len());
            for score in &outcome.scores {
                assert!(svg.contains(&format!("Asset value {} ·", score.asset_value)));
            }
        }
    }

    #[test]
    fn the_palette_names_each_seat_as_the_picture_draws_it() {
        let colours = palette();
        let colour = |name: &str| colours.iter().find(|(n, _)| *n == name).map(|(_, c)| *c);
        for (seat, name) in SEAT_NAMES.iter().enumerate() {
            assert_eq!(colour(name), Some(seat_colour(seat)));
            assert_eq!(*name, crate::tycoon::seat_colour(seat));
            assert_ne!(seat_colour(seat), HIGHLIGHT);
        }
        for sector in Sector::ALL {
            assert_eq!(colour(sector.code()), Some(sector_colour(sector)));
        }
        for name in ["ink", "muted", "board", "parchment", "highlight"] {
            assert!(colour(name).is_some(), "{name}");
        }
        let game = game(4);
        let mut state = game.new_initial_state(1);
        play_random_steps(&game, &mut state, 10, 1);
        let svg = draw(&game, &state, None);
        for seat in 0..4 {
            assert!(svg.contains(&format!(r#"fill="{}""#, seat_colour(seat))));
        }
    }
}
