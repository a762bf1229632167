//! A picture of the table as SVG: the map with its tribes, armies, rulers and roads (PP-2,
//! PP-10), the market with its costs and rupees (PP-4.4, PP-7.1), each player's holdings and
//! court in turn order, and what the last action touched, highlighted.
//!
//! A picture is of the table, not of a seat's view: every hand is shown by its size only,
//! never by its cards (PP-0.4), whatever the `open_hands` option says.

use std::fmt::Write as _;

use crate::engine::svg::{GREY, INK, MUTED, PARCHMENT, Svg, TURQUOISE, escape, last_caption, wrap};

use super::action::{Action, Piece};
use super::state::{MAX_PLAYERS, Player};
use super::words::card_name;
#[cfg(test)]
use super::words::seat_name;
use super::{Border, CardData, CardId, Coalition, EndReason, Region, Row, Slot, State, Suit};

/// The drawing's width; its height grows with the players' rows.
const WIDTH: f32 = 1100.0;
/// The top of the map and of the market, below the header.
const TOP: f32 = 76.0;
/// The map's panel: the left part of the picture.
const MAP_X: f32 = 6.0;
const MAP_W: f32 = 588.0;
const MAP_H: f32 = 440.0;
/// A region's box.
const REGION_W: f32 = 160.0;
const REGION_H: f32 = 104.0;
/// The market: where it starts, a card's size and the distance between columns.
const MARKET_X: f32 = 602.0;
const CARD_W: f32 = 78.0;
const CARD_H: f32 = 118.0;
const CARD_PITCH: f32 = 82.0;
/// The tops of the two market rows.
const MARKET_ROWS: [f32; 2] = [TOP + 40.0, TOP + 40.0 + CARD_H + 8.0];
/// Where the caption of the last action sits: under the market.
const CAPTION_Y: f32 = TOP + 40.0 + 2.0 * CARD_H + 22.0;
const CAPTION_W: f32 = 6.0 * CARD_PITCH - 4.0;
/// The players' rows: where they start, where a court starts in a row, and a court card.
const PLAYERS_TOP: f32 = TOP + MAP_H + 12.0;
const COURT_X: f32 = 282.0;
const COURT_W: f32 = 80.0;
const COURT_H: f32 = 74.0;
const COURT_PITCH: f32 = 86.0;
/// The height of the line Wakhan's row has more than the others: her pragmatic loyalty and her
/// influence in each coalition take two lines where a person's influence takes part of one.
const WAKHAN_LINE: f32 = 16.0;
/// How many characters a line of Wakhan's AI card holds in her row.
const AI_WIDTH: usize = 42;
/// How many court cards one line of a court holds.
const COURT_PER_LINE: usize = ((WIDTH - 8.0 - COURT_X) / COURT_PITCH) as usize;

/// The outline of boxes.
const EDGE: &str = "#8a7f6a";
/// The ground of the map.
const MAP_GROUND: &str = "#e6d9b8";
/// The colour of a border's line.
const BORDER_LINE: &str = "#b7a682";

/// The seats' colours, P1 to P5: their cylinders (tribes, spies, gifts) and ruler marks.
const SEAT_COLOURS: [&str; MAX_PLAYERS] = [TURQUOISE, "#e0782a", GREY, "#8b5a2b", "#f7f7f2"];
/// The seats' names in the palette, P1 to P5.
const SEAT_NAMES: [&str; MAX_PLAYERS] = ["P1", "P2", "P3", "P4", "P5"];

/// The coalitions' colours: their blocks (armies and roads) and loyalties.
const AFGHAN: &str = "#3f8f3f";
const BRITISH: &str = "#d6476b";
const RUSSIAN: &str = "#f0cc24";

/// The suits' colours (PP-3.3).
const POLITICAL: &str = "#7d4fa8";
const INTELLIGENCE: &str = "#3d86c6";
const ECONOMIC: &str = "#b8891a";
const MILITARY: &str = "#b8372b";
/// An event card's colour (PP-14).
const EVENT: &str = "#6e5e4a";
/// A rupee coin.
const RUPEE: &str = "#f2c94c";
const RUPEE_EDGE: &str = "#a57c12";

/// The colour of a seat's pieces.
fn seat_colour(seat: usize) -> &'static str {
    SEAT_COLOURS.get(seat).copied().unwrap_or(GREY)
}

/// The colour of text on a seat's colour.
fn seat_ink(seat: usize) -> &'static str {
    if seat == 4 { INK } else { "#ffffff" }
}

/// The colour of a coalition's blocks.
fn coalition_colour(coalition: Coalition) -> &'static str {
    match coalition {
        Coalition::Afghan => AFGHAN,
        Coalition::British => BRITISH,
        Coalition::Russian => RUSSIAN,
    }
}

/// The colour of text on a coalition's colour.
fn coalition_ink(coalition: Coalition) -> &'static str {
    match coalition {
        Coalition::Russian => INK,
        _ => "#ffffff",
    }
}

/// The colour of a suit's cards.
fn suit_colour(suit: Suit) -> &'static str {
    match suit {
        Suit::Political => POLITICAL,
        Suit::Intelligence => INTELLIGENCE,
        Suit::Economic => ECONOMIC,
        Suit::Military => MILITARY,
    }
}

/// The colours of the table by name: each seat's by its name (`"P1"`…`"P5"`), each
/// coalition's and each suit's by its code (`"british"`, `"military"`), events and rupees,
/// then the colours every picture uses. The one list the pictures and
/// [`Game::palette`](crate::engine::Game::palette) share.
pub(crate) fn palette() -> Vec<(&'static str, &'static str)> {
    let mut own: Vec<(&'static str, &'static str)> =
        SEAT_NAMES.iter().copied().zip(SEAT_COLOURS).collect();
    own.extend(Coalition::ALL.map(|k| (k.code(), coalition_colour(k))));
    own.extend(Suit::ALL.map(|s| (s.code(), suit_colour(s))));
    own.push(("event", EVENT));
    own.push(("rupee", RUPEE));
    crate::engine::svg::palette(&own)
}

/// The top-left corner of a region's box: a sketch of the map, Transcaspia in the north-west,
/// Persia in the west, Herat in the centre-west, Kabul in the centre-north-east, Kandahar in
/// the south and the Punjab in the east.
fn region_position(region: Region) -> (f32, f32) {
    match region {
        Region::Transcaspia => (30.0, TOP + 12.0),
        Region::Kabul => (320.0, TOP + 22.0),
        Region::Persia => (14.0, TOP + 190.0),
        Region::Herat => (212.0, TOP + 172.0),
        Region::Punjab => (424.0, TOP + 190.0),
        Region::Kandahar => (300.0, TOP + 322.0),
    }
}

/// A border's connector: its two ends on the regions' edges, and whether its badge of roads
/// stands upright (when the gap it crosses is narrow across).
fn border_line(border: Border) -> ((f32, f32), (f32, f32), bool) {
    let at = |region: Region, dx: f32, dy: f32| {
        let (x, y) = region_position(region);
        (x + dx, y + dy)
    };
    let (w, h) = (REGION_W, REGION_H);
    use Region::*;
    match border {
        Border::PersiaTranscaspia => (at(Persia, 78.0, 0.0), at(Transcaspia, 62.0, h), false),
        Border::PersiaHerat => (at(Persia, w, 44.0), at(Herat, 0.0, 62.0), true),
        Border::TranscaspiaHerat => (at(Transcaspia, 146.0, h), at(Herat, 28.0, 0.0), false),
        Border::TranscaspiaKabul => (at(Transcaspia, w, 52.0), at(Kabul, 0.0, 42.0), false),
        Border::HeratKabul => (at(Herat, 134.0, 0.0), at(Kabul, 26.0, h), false),
        Border::HeratKandahar => (at(Herat, 118.0, h), at(Kandahar, 30.0, 0.0), false),
        Border::KabulKandahar => (at(Kabul, 80.0, h), at(Kandahar, 100.0, 0.0), true),
        Border::KabulPunjab => (at(Kabul, 146.0, h), at(Punjab, 76.0, 0.0), false),
        Border::KandaharPunjab => (at(Kandahar, w, 40.0), at(Punjab, 82.0, h), false),
    }
}

/// The middle of a border's connector, where its roads are drawn.
fn border_centre(border: Border) -> (f32, f32) {
    let ((x1, y1), (x2, y2), _) = border_line(border);
    ((x1 + x2) / 2.0, (y1 + y2) / 2.0)
}

/// The top-left corner of a market slot's card.
fn slot_position(slot: Slot) -> (f32, f32) {
    let row = match slot.row {
        Row::Top => 0,
        Row::Bottom => 1,
    };
    (
        MARKET_X + CARD_PITCH * f32::from(slot.col),
        MARKET_ROWS[row],
    )
}

/// What the last action touched, in drawing order: the regions whose pieces or ruler changed
/// or that the action names, the borders whose roads changed or that it names, the market
/// slots whose card or rupees changed or that it names, the court cards now in a court whose
/// spies or court changed or that it names, and the players whose public holdings changed or
/// that it names. Only what is on the table counts: a hand's cards and the deck never do.
#[derive(Debug, Default, PartialEq)]
struct Touched {
    regions: Vec<Region>,
    borders: Vec<Border>,
    slots: Vec<Slot>,
    cards: Vec<CardId>,
    players: Vec<usize>,
}

/// Whether a seat's holdings as the table sees them differ: the hand by its size only.
fn holdings_differ(a: &Player, b: &Player) -> bool {
    a.loyalty != b.loyalty
        || a.rupees != b.rupees
        || a.vp != b.vp
        || a.hand.len() != b.hand.len()
        || a.court.len() != b.court.len()
        || a.prizes != b.prizes
        || a.gifts != b.gifts
        || a.events != b.events
}

impl Touched {
    /// What `action`, taken in `before`, touched to reach `after`.
    fn since(before: &State, after: &State, action: Action) -> Touched {
        let mut regions: Vec<Region> = Vec::new();
        let mut borders: Vec<Border> = Vec::new();
        let mut slots: Vec<Slot> = Vec::new();
        let mut cards: Vec<CardId> = Vec::new();
        let mut players: Vec<usize> = Vec::new();
        use Action as A;
        match action {
            A::Purchase(s) | A::TaxMarket(s) => slots.push(s),
            A::Play(c, _)
            | A::Use(c, _)
            | A::SpyOn(c)
            | A::SpyFrom(c)
            | A::SpyTo(c)
            | A::Betray(c)
            | A::BattleOn(c)
            | A::SafeHouse(c)
            | A::Take(Piece::Spy(c)) => cards.push(c),
            A::Road(b) | A::RemoveRoad(_, b) | A::Take(Piece::Road(b)) => borders.push(b),
            A::Army(r)
            | A::BattleIn(r)
            | A::Rebuke(r)
            | A::Take(Piece::Tribe(r))
            | A::Take(Piece::Army(r)) => regions.push(r),
            A::MoveArmy(a, b) | A::MoveTribe(a, b) => regions.extend([a, b]),
            A::TaxPlayer(p) | A::Player(p) => players.push(usize::from(p)),
            _ => {}
        }
        let seats = before.players().min(after.players());
        let regions = Region::ALL
            .into_iter()
            .filter(|&r| {
                regions.contains(&r)
                    || before.ruler(r) != after.ruler(r)
                    || (0..seats).any(|p| before.tribes(p, r) != after.tribes(p, r))
                    || Coalition::ALL
                        .into_iter()
                        .any(|k| before.armies(k, r) != after.armies(k, r))
            })
            .collect();
        let borders = Border::ALL
            .into_iter()
            .filter(|&b| {
                borders.contains(&b)
                    || Coalition::ALL
                        .into_iter()
                        .any(|k| before.roads(k, b) != after.roads(k, b))
            })
            .collect();
        let slots = Row::ALL
            .into_iter()
            .flat_map(|row| (0..Slot::COLUMNS).map(move |col| Slot { row, col }))
            .filter(|&s| {
                slots.contains(&s)
                    || before.market_card(s) != after.market_card(s)
                    || before.market_rupees(s) != after.market_rupees(s)
            })
            .collect();
        let cards = after
            .turn_order()
            .flat_map(|p| after.players[p].court.as_slice().to_vec())
            .filter(|&c| {
                cards.contains(&c)
                    || before.court_owner(c) != after.court_owner(c)
                    || (0..seats).any(|p| before.spies(c, p) != after.spies(c, p))
            })
            .collect();
        let players = after
            .turn_order()
            .filter(|&p| {
                players.contains(&p)
                    || p >= seats
                    || holdings_differ(&before.players[p], &after.players[p])
            })
            .collect();
        Touched {
            regions,
            borders,
            slots,
            cards,
            players,
        }
    }

    /// What was touched, in words, for the caption: at most `max` names, then how many more.
    fn words(&self, state: &State, cards: &CardData, max: usize) -> String {
        let mut names: Vec<String> = Vec::new();
        names.extend(self.regions.iter().map(|r| r.title()));
        names.extend(self.borders.iter().map(|b| format!("{} border", b.title())));
        names.extend(self.slots.iter().map(|s| format!("market {s}")));
        names.extend(self.cards.iter().map(|&c| card_name(cards, c)));
        names.extend(self.players.iter().map(|&p| state.name_of(p as u8)));
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

/// The picture of `state`, the game played with `cards`, as an SVG document; with `last`, the
/// position the last action was taken in and that action, what it touched is outlined and a
/// caption under the market reads `Last: <action> (<seat>)`.
///
/// The header gives the turn, the seat to act and its actions left (PP-6.2), the favored suit
/// (PP-4.2), the deck, the blocks of each coalition on the map and the dominant coalition
/// (PP-13.2), the decision waited for, and the outcome once the game is over (PP-13.8,
/// PP-13.9). The map shows each region's tribes by seat, armies by coalition and ruler
/// (PP-10), and each border's roads. The market shows each card with its number, name, suit,
/// rank, region and patriot, events marked as such, the rupees on each slot and the cost of
/// each column (PP-7.1.2). Each player's row, in turn order, gives the loyalty, VP, rupees,
/// influence (PP-9.2), gifts, stars by suit, cylinders in supply, the hand's size, prizes,
/// held events, and the court left to right with the spies on each card.
pub(crate) fn picture(state: &State, cards: &CardData, last: Option<(&State, Action)>) -> String {
    let last = last.map(|(before, action)| {
        let by = before.pending(cards).map(|p| before.name_of(p.player));
        LastDrawn {
            touched: Touched::since(before, state, action),
            caption: last_caption(&action.to_string(), by.as_deref()),
        }
    });
    let rows: Vec<PlayerRow> = state
        .turn_order()
        .map(|seat| PlayerRow::of(state, cards, seat))
        .collect();
    let height = PLAYERS_TOP + 26.0 + rows.iter().map(|r| r.height + 8.0).sum::<f32>() + 4.0;
    let mut svg = Svg::document(
        WIDTH,
        height,
        &format!(
            "Pax Pamir{}, {} players, turn {}",
            if state.wakhan_seat().is_some() {
                " against Wakhan"
            } else {
                ""
            },
            state.players(),
            state.turns()
        ),
    );
    let mut picture = Picture {
        svg: &mut svg,
        state,
        cards,
        last: last.as_ref(),
    };
    picture.header();
    picture.map();
    picture.market();
    picture.players(&rows);
    if let Some(last) = &last {
        let detail = last.touched.words(state, cards, 8);
        svg.last_action_caption(MARKET_X, CAPTION_Y, CAPTION_W, &last.caption, &detail);
    }
    svg.finish()
}

/// One player's row, measured before it is drawn so the document's height is known.
struct PlayerRow {
    seat: usize,
    /// The lines of prizes and held events under the holdings.
    extra: Vec<String>,
    /// Wakhan's AI card, the next card's back and the arrows' reading (WK-1.2, WK-1.3), in
    /// her row only: each line as said (for the hover title), then as drawn, wrapped, the
    /// lines of the card's own words marked to be drawn bold.
    ai: Vec<String>,
    ai_drawn: Vec<(String, bool)>,
    height: f32,
}

impl PlayerRow {
    fn of(state: &State, cards: &CardData, seat: usize) -> PlayerRow {
        let player = &state.players[seat];
        let mut extra = Vec::new();
        let held = |set: super::CardSet| -> Vec<String> {
            set.iter().map(|c| card_name(cards, c)).collect()
        };
        if !player.prizes.is_empty() {
            let prizes = format!(
                "Prizes ({}): {}",
                player.prizes.len(),
                held(player.prizes).join(", ")
            );
            extra.extend(at_most(wrap(&prizes, 40), 2));
        }
        if !player.events.is_empty() {
            // An event's name is its two halves, "discarded / purchased": a held event is
            // its purchased half.
            let names: Vec<String> = player
                .events
                .iter()
                .map(|c| {
                    let name = cards.event(c).map_or("", |e| e.name.as_str());
                    format!("{c} {}", name.rsplit(" / ").next().unwrap_or(name))
                })
                .collect();
            let events = format!("Events held: {}", names.join(", "));
            extra.extend(at_most(wrap(&events, 40), 2));
        }
        let ai = if state.is_wakhan(seat) {
            ai_lines(state, cards)
        } else {
            Vec::new()
        };
        let ai_drawn: Vec<(String, bool)> = ai
            .iter()
            .enumerate()
            .flat_map(|(i, line)| {
                at_most(wrap(line, AI_WIDTH), 3)
                    .into_iter()
                    .map(move |part| (part, i == 0))
            })
            .collect();
        let court_lines = player.court.len().div_ceil(COURT_PER_LINE).max(1);
        let shift = if state.is_wakhan(seat) {
            WAKHAN_LINE
        } else {
            0.0
        };
        let stats = 92.0 + shift + 14.0 * (extra.len() + ai_drawn.len()) as f32;
        let court = 24.0 + COURT_H + (COURT_H + 6.0) * (court_lines - 1) as f32 + 8.0;
        PlayerRow {
            seat,
            extra,
            ai,
            ai_drawn,
            height: stats.max(court),
        }
    }
}

/// Wakhan's AI card as the table sees it, in short lines for her row: the current card's
/// number and three lines, its pragmatic-loyalty order and region order (WK-1.1, WK-1.4,
/// WK-1.5), the next card's back and the arrows' reading on it (WK-1.3), and the sizes of the
/// AI deck and its discard pile. Of the next card only the back, never the deck's order
/// (WK-1.2).
fn ai_lines(state: &State, cards: &CardData) -> Vec<String> {
    let Some(deck) = state.ai_deck() else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    match state.current_ai_card(cards) {
        Some(card) => {
            let said: Vec<String> = card.actions.iter().map(|l| l.to_string()).collect();
            lines.push(format!("AI card {}: {}", card.number, said.join(" / ")));
            let loyalty: Vec<String> = card.pragmatic_loyalty.iter().map(|k| k.title()).collect();
            lines.push(format!("loyalty order {}", loyalty.join(", ")));
            let regions: Vec<String> = card.region_order.iter().map(|r| r.title()).collect();
            lines.push(format!("region order {}", regions.join(", ")));
        }
        None => lines.push("no AI card yet (drawn at her turn)".to_owned()),
    }
    if let Some(next) = state.next_ai_back(cards) {
        let numbers: Vec<String> = next.numbers.iter().map(u8::to_string).collect();
        let label = |l: super::Label| if l == super::Label::T { "T" } else { "B" };
        lines.push(format!(
            "next card's back: {} above {} · {}",
            label(next.labels[0]),
            label(next.labels[1]),
            numbers.join(" ")
        ));
    }
    if let Some(arrows) = state.arrows(cards) {
        lines.push(format!(
            "arrows: {} row, column {}, {} side",
            arrows.label.row(),
            arrows.column,
            arrows.label.side()
        ));
    }
    lines.push(format!(
        "AI deck {} · AI discard pile {}",
        deck.cards().len(),
        deck.discard_pile().len()
    ));
    lines
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

/// A card's name in at most `max` lines of about `width` characters, a long hyphenated word
/// broken after its hyphen, the last line saying that more was left out.
fn name_lines(name: &str, width: usize, max: usize) -> Vec<String> {
    let mut words = String::with_capacity(name.len() + 4);
    for word in name.split_whitespace() {
        if !words.is_empty() {
            words.push(' ');
        }
        if word.chars().count() > width {
            words.push_str(&word.replacen('-', "- ", 1));
        } else {
            words.push_str(word);
        }
    }
    at_most(wrap(&words, width), max)
}

/// About how wide `text` is at `size`.
fn text_width(text: &str, size: f32) -> f32 {
    text.chars().count() as f32 * size * 0.6
}

/// A rank in stars.
fn stars(rank: u8) -> String {
    "★".repeat(usize::from(rank))
}

/// The picture being drawn.
struct Picture<'a> {
    svg: &'a mut Svg,
    state: &'a State,
    cards: &'a CardData,
    last: Option<&'a LastDrawn>,
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

    /// A seat's cylinder standing at (`cx`, `cy`), `scale` 1 for a tribe.
    fn cylinder(&mut self, cx: f32, cy: f32, scale: f32, seat: usize) {
        let (rx, ry, h) = (5.5 * scale, 2.4 * scale, 9.0 * scale);
        let (left, top) = (cx - rx, cy - h / 2.0);
        let fill = seat_colour(seat);
        let _ = writeln!(
            self.svg.out,
            r##"<path d="M{left:.1} {top:.1} v{h:.1} a{rx:.1} {ry:.1} 0 0 0 {:.1} 0 v-{h:.1} z" fill="{fill}" stroke="#333333" stroke-width="0.9"/>"##,
            2.0 * rx
        );
        let _ = writeln!(
            self.svg.out,
            r##"<ellipse cx="{cx:.1}" cy="{top:.1}" rx="{rx:.1}" ry="{ry:.1}" fill="{fill}" stroke="#333333" stroke-width="0.9"/>"##
        );
    }

    /// A coalition's block centred at (`cx`, `cy`).
    fn block(&mut self, cx: f32, cy: f32, size: f32, coalition: Coalition) {
        self.svg.rect(
            cx - size / 2.0,
            cy - size / 2.0,
            size,
            size,
            &format!(
                r##"rx="1.5" fill="{}" stroke="#333333" stroke-width="0.9""##,
                coalition_colour(coalition)
            ),
        );
    }

    /// A rounded label at (`x`, `y`) (its top left), `fill` behind `ink`; returns its width.
    fn pill(&mut self, x: f32, y: f32, size: f32, text: &str, fill: &str, ink: &str) -> f32 {
        let w = text_width(text, size) + 10.0;
        let h = size + 6.0;
        let stroke = if fill == SEAT_COLOURS[4] || fill == PARCHMENT {
            EDGE
        } else {
            fill
        };
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

    /// A rupee coin centred at (`cx`, `cy`) with the count on it.
    fn coin(&mut self, cx: f32, cy: f32, count: impl std::fmt::Display) {
        self.circle(
            cx,
            cy,
            8.5,
            &format!(r#"fill="{RUPEE}" stroke="{RUPEE_EDGE}" stroke-width="1.2""#),
        );
        self.svg.text(
            cx,
            cy + 3.5,
            r#"font-size="9.5" font-weight="bold" text-anchor="middle""#,
            &count.to_string(),
        );
    }

    /// One line of text at (`x`, `y`) whose parts follow one another, a part with a colour
    /// written bold in it.
    fn flow(&mut self, x: f32, y: f32, size: f32, parts: &[(&str, Option<&str>)]) {
        let _ = write!(
            self.svg.out,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" xml:space="preserve">"#
        );
        for &(text, colour) in parts {
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

    // ----- the header -------------------------------------------------------------------------

    fn header(&mut self) {
        let (state, cards) = (self.state, self.cards);
        self.svg.text(
            14.0,
            28.0,
            r#"font-size="21" font-weight="bold""#,
            "Pax Pamir",
        );
        self.svg.text(
            142.0,
            28.0,
            r#"font-size="13""#,
            &format!(
                "{} players{} · turn {}",
                state.players(),
                if state.wakhan_seat().is_some() {
                    " against Wakhan"
                } else {
                    ""
                },
                state.turns()
            ),
        );

        // The blocks on the map and the dominant coalition, on the right.
        let label = "Blocks on the map:";
        let mut x = 540.0;
        self.svg
            .text(x, 26.0, &format!(r#"font-size="11" fill="{MUTED}""#), label);
        x += text_width(label, 11.0) + 4.0;
        for k in Coalition::ALL {
            let label = format!("{} {}", k.title(), state.blocks_on_map(k));
            x += self.pill(x, 14.0, 10.5, &label, coalition_colour(k), coalition_ink(k)) + 6.0;
        }
        let dominant = match state.dominant_coalition(cards) {
            Some(k) => format!("Dominant: {}", k.title()),
            None => "No dominant coalition".into(),
        };
        self.svg.text(
            x + 4.0,
            26.0,
            r#"font-size="11" font-weight="bold""#,
            &dominant,
        );

        // The turn: one line of text whose parts flow, the favored suit in its colour.
        let active = state.active();
        let mut x = 14.0;
        if state.outcome().is_none() {
            let label = format!("{} to act", state.name_of(active as u8));
            x += self.pill(x, 37.0, 11.0, &label, seat_colour(active), seat_ink(active)) + 8.0;
        }
        let favored = state.favored_suit();
        let actions = match state.actions_left() {
            _ if state.outcome().is_some() => "The game is over".to_owned(),
            1 => "1 action left".to_owned(),
            n => format!("{n} actions left"),
        };
        let mut rest = if favored == Suit::Military {
            " (market costs doubled)".to_owned()
        } else {
            String::new()
        };
        let _ = write!(
            rest,
            " · deck {} cards · discard pile {}",
            state.deck_len(),
            state.discard_pile().len()
        );
        if let Some(seat) = state.rumor {
            let _ = write!(rest, " · Rumor on {}", state.name_of(seat));
        }
        let suit = format!("■ {}", favored.title());
        self.flow(
            x,
            50.0,
            12.0,
            &[
                (&format!("{actions} · favored suit "), None),
                (&suit, Some(suit_colour(favored))),
                (&rest, None),
            ],
        );

        // The decision waited for, or the outcome; the lasting global effects.
        let mut status = match (state.outcome(), state.pending(cards)) {
            (Some(outcome), _) => {
                let winners: Vec<String> =
                    outcome.winners().map(|s| state.name_of(s as u8)).collect();
                let how = match outcome.reason {
                    EndReason::Lead => "a lead of 4 VP or more after a Dominance Check (PP-13.8)",
                    EndReason::FinalCheck => "the final Dominance Check (PP-13.9)",
                };
                let who = match winners.len() {
                    1 => format!("{} wins", winners.join("")),
                    _ => format!("{} share the win", winners.join(" and ")),
                };
                format!("Game over: {who}, by {how}")
            }
            (None, Some(p)) => format!(
                "Waiting for {}: {} ({})",
                state.name_of(p.player),
                p.kind.question(),
                p.kind.rule()
            ),
            (None, None) => String::new(),
        };
        let effects: Vec<String> = state
            .global_events
            .iter()
            .filter_map(|c| cards.event(c).map(|e| e.name.clone()))
            .collect();
        if !effects.is_empty() {
            let _ = write!(status, " · In effect: {}", effects.join(", "));
        }
        let style = if state.outcome().is_some() {
            r#"font-size="12.5" font-weight="bold""#
        } else {
            r#"font-size="11.5""#
        };
        if let Some(line) = at_most(wrap(&status, 170), 1).first() {
            self.svg.text(14.0, 68.0, style, line);
        }
    }

    // ----- the map ----------------------------------------------------------------------------

    fn map(&mut self) {
        self.svg.rect(
            MAP_X,
            TOP,
            MAP_W,
            MAP_H,
            &format!(r#"rx="10" fill="{MAP_GROUND}" stroke="{EDGE}" stroke-width="1""#),
        );
        for border in Border::ALL {
            let (from, to, _) = border_line(border);
            self.line(
                from,
                to,
                &format!(r#"stroke="{BORDER_LINE}" stroke-width="7" stroke-linecap="round""#),
            );
        }
        if let Some(last) = self.last {
            for &region in &last.touched.regions {
                let (x, y) = region_position(region);
                self.svg
                    .highlight(&format!("last-region-{region}"), x, y, REGION_W, REGION_H);
            }
            for &border in &last.touched.borders {
                let (x, y, w, h) = self.badge_bounds(border);
                self.svg
                    .highlight(&format!("last-border-{border}"), x, y, w, h);
            }
        }
        for region in Region::ALL {
            self.region(region);
        }
        for border in Border::ALL {
            self.border(border);
        }
        self.legend(16.0, TOP + 336.0);
    }

    fn region(&mut self, region: Region) {
        let state = self.state;
        let (x, y) = region_position(region);
        let ruler = state.ruler(region);
        let tribes: Vec<(usize, u8)> = (0..state.players())
            .map(|p| (p, state.tribes(p, region)))
            .filter(|&(_, n)| n > 0)
            .collect();
        let armies: Vec<(Coalition, u8)> = Coalition::ALL
            .into_iter()
            .map(|k| (k, state.armies(k, region)))
            .filter(|&(_, n)| n > 0)
            .collect();
        let mut title = format!(
            "{}: {}",
            region.title(),
            ruler.map_or("no ruler".into(), |p| format!(
                "ruled by {}",
                state.name_of(p as u8)
            ))
        );
        let tribe_words: Vec<String> = tribes
            .iter()
            .map(|&(p, n)| format!("{} ×{n}", state.name_of(p as u8)))
            .collect();
        let army_words: Vec<String> = armies
            .iter()
            .map(|&(k, n)| format!("{} ×{n}", k.title()))
            .collect();
        let _ = write!(
            title,
            "; tribes: {}; armies: {}",
            if tribe_words.is_empty() {
                "none".into()
            } else {
                tribe_words.join(", ")
            },
            if army_words.is_empty() {
                "none".into()
            } else {
                army_words.join(", ")
            }
        );
        self.group(&format!("region-{region}"), "region", &title);
        let (stroke, width) = match ruler {
            Some(4) => (EDGE, 3.0),
            Some(p) => (seat_colour(p), 3.0),
            None => (EDGE, 1.5),
        };
        self.svg.rect(
            x,
            y,
            REGION_W,
            REGION_H,
            &format!(r#"rx="9" fill="{PARCHMENT}" stroke="{stroke}" stroke-width="{width}""#),
        );
        self.svg.text(
            x + 10.0,
            y + 20.0,
            r#"font-size="14" font-weight="bold""#,
            &region.title(),
        );
        match ruler {
            Some(p) => {
                let label = state.name_of(p as u8);
                let w = text_width(&label, 9.5) + 10.0;
                self.pill(
                    x + REGION_W - w - 6.0,
                    y + 7.0,
                    9.5,
                    &label,
                    seat_colour(p),
                    seat_ink(p),
                );
            }
            None => self.svg.text(
                x + REGION_W - 8.0,
                y + 19.0,
                &format!(r#"font-size="9.5" text-anchor="end" fill="{MUTED}""#),
                "no ruler",
            ),
        }
        let label = &format!(r#"font-size="9" fill="{MUTED}""#);
        let count = r#"font-size="11" font-weight="bold""#;
        let row = |n: usize| ((REGION_W - 52.0) / n.max(1) as f32).min(28.0);
        let ty = y + 48.0;
        self.svg.text(x + 10.0, ty + 3.5, label, "tribes");
        if tribes.is_empty() {
            self.svg.text(x + 50.0, ty + 4.0, label, "—");
        }
        let pitch = row(tribes.len());
        for (i, &(p, n)) in tribes.iter().enumerate() {
            let cx = x + 54.0 + pitch * i as f32;
            self.cylinder(cx, ty, 1.0, p);
            self.svg.text(cx + 8.0, ty + 4.5, count, &n.to_string());
        }
        let ay = y + 78.0;
        self.svg.text(x + 10.0, ay + 3.5, label, "armies");
        if armies.is_empty() {
            self.svg.text(x + 50.0, ay + 4.0, label, "—");
        }
        let pitch = row(armies.len());
        for (i, &(k, n)) in armies.iter().enumerate() {
            let cx = x + 54.0 + pitch * i as f32;
            self.block(cx, ay, 12.0, k);
            self.svg.text(cx + 9.0, ay + 4.5, count, &n.to_string());
        }
        self.end_group();
    }

    /// The roads on a border, by coalition, with their counts.
    fn roads(&self, border: Border) -> Vec<(Coalition, u8)> {
        Coalition::ALL
            .into_iter()
            .map(|k| (k, self.state.roads(k, border)))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// The box a border's badge of roads takes: its left, top, width and height.
    fn badge_bounds(&self, border: Border) -> (f32, f32, f32, f32) {
        let (cx, cy) = border_centre(border);
        let (_, _, upright) = border_line(border);
        let n = self.roads(border).len().max(1) as f32;
        let (w, h) = if upright {
            (30.0, 18.0 * n + 4.0)
        } else {
            (28.0 * n + 4.0, 20.0)
        };
        (cx - w / 2.0, cy - h / 2.0, w, h)
    }

    fn border(&mut self, border: Border) {
        let roads = self.roads(border);
        let words: Vec<String> = roads
            .iter()
            .map(|&(k, n)| format!("{} ×{n}", k.title()))
            .collect();
        let title = format!(
            "{} border: {}",
            border.title(),
            if words.is_empty() {
                "no roads".into()
            } else {
                format!("roads {}", words.join(", "))
            }
        );
        self.group(&format!("border-{border}"), "border", &title);
        let (x, y, w, h) = self.badge_bounds(border);
        let (_, _, upright) = border_line(border);
        if roads.is_empty() {
            let (cx, cy) = border_centre(border);
            self.circle(
                cx,
                cy,
                4.0,
                &format!(r#"fill="{PARCHMENT}" stroke="{EDGE}" stroke-width="1.2""#),
            );
        } else {
            self.svg.rect(
                x,
                y,
                w,
                h,
                &format!(r#"rx="5" fill="{PARCHMENT}" stroke="{EDGE}" stroke-width="1""#),
            );
            for (i, &(k, n)) in roads.iter().enumerate() {
                let (bx, by) = if upright {
                    (x + 10.0, y + 11.0 + 18.0 * i as f32)
                } else {
                    (x + 11.0 + 28.0 * i as f32, y + h / 2.0)
                };
                self.block(bx, by, 11.0, k);
                self.svg.text(
                    bx + 8.0,
                    by + 4.0,
                    r#"font-size="10.5" font-weight="bold""#,
                    &n.to_string(),
                );
            }
        }
        self.end_group();
    }

    /// What the shapes and colours mean, in the map's free corner.
    fn legend(&mut self, x: f32, y: f32) {
        let small = r#"font-size="10""#;
        let muted = &format!(r#"font-size="10" fill="{MUTED}""#);
        self.svg
            .text(x, y, r#"font-size="11" font-weight="bold""#, "Legend");
        let mut cy = y + 16.0;
        self.svg.text(x, cy + 3.5, muted, "cylinders");
        let mut cx = x + 58.0;
        for (seat, name) in SEAT_NAMES.iter().enumerate().take(self.state.players()) {
            self.cylinder(cx, cy, 1.0, seat);
            self.svg.text(cx + 8.0, cy + 4.0, small, name);
            cx += 32.0;
        }
        cy += 19.0;
        self.svg.text(x, cy + 3.5, muted, "blocks");
        let mut cx = x + 58.0;
        for k in Coalition::ALL {
            self.block(cx, cy, 11.0, k);
            self.svg.text(cx + 9.0, cy + 4.0, small, &k.title());
            cx += 64.0;
        }
        cy += 19.0;
        self.svg.text(x, cy + 3.5, muted, "suits");
        let mut cx = x + 58.0;
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            if i == 2 {
                cy += 17.0;
                cx = x + 58.0;
            }
            self.svg.rect(
                cx - 5.5,
                cy - 5.5,
                11.0,
                11.0,
                &format!(r#"rx="2" fill="{}""#, suit_colour(suit)),
            );
            self.svg.text(cx + 9.0, cy + 4.0, small, &suit.title());
            cx += 88.0;
        }
        cy += 19.0;
        self.coin(x + 6.0, cy, "2");
        self.svg.text(x + 20.0, cy + 4.0, small, "rupees on a card");
        let w = self.pill(x + 124.0, cy - 8.0, 9.5, "P1", seat_colour(0), seat_ink(0));
        self.svg
            .text(x + 128.0 + w, cy + 4.0, small, "a region's ruler");
    }

    // ----- the market -------------------------------------------------------------------------

    fn market(&mut self) {
        let state = self.state;
        let military = state.favored_suit() == Suit::Military;
        self.svg.text(
            MARKET_X,
            TOP + 16.0,
            r#"font-size="14" font-weight="bold""#,
            "Market",
        );
        let note = if military {
            "cost of each column, doubled while Military is favored (PP-7.1.2)"
        } else {
            "cost of each column (PP-7.1.2)"
        };
        self.svg.text(
            MARKET_X + 62.0,
            TOP + 16.0,
            &format!(r#"font-size="10" fill="{MUTED}""#),
            note,
        );
        for col in 0..Slot::COLUMNS {
            let cost = if military { 2 * col } else { col };
            let x = MARKET_X + CARD_PITCH * f32::from(col) + CARD_W / 2.0;
            self.svg.text(
                x,
                TOP + 33.0,
                r#"font-size="11" font-weight="bold" text-anchor="middle""#,
                &format!("cost {cost}"),
            );
        }
        if let Some(last) = self.last {
            for &slot in &last.touched.slots {
                let (x, y) = slot_position(slot);
                self.svg
                    .highlight(&format!("last-slot-{slot}"), x, y, CARD_W, CARD_H);
            }
        }
        for row in Row::ALL {
            for col in 0..Slot::COLUMNS {
                self.slot(Slot { row, col });
            }
        }
    }

    fn slot(&mut self, slot: Slot) {
        let (state, cards) = (self.state, self.cards);
        let (x, y) = slot_position(slot);
        let rupees = state.market_rupees(slot);
        let card = state.market_card(slot);
        let mut title = match card {
            Some(c) => format!("{slot}: {}", card_name(cards, c)),
            None => format!("{slot}: empty"),
        };
        if let Some(text) = card.and_then(|c| super::words::card_text(cards, c)) {
            for side in &text.sides {
                let _ = write!(title, "\n{}: {}", side.name, side.text);
            }
        }
        if rupees > 0 {
            let _ = write!(title, "\n{rupees} rupees on the card");
        }
        self.group(&format!("slot-{slot}"), "market-slot", &title);
        match card {
            None => {
                self.svg.rect(
                    x,
                    y,
                    CARD_W,
                    CARD_H,
                    &format!(r#"rx="6" fill="none" stroke="{EDGE}" stroke-width="1.2" stroke-dasharray="4 3""#),
                );
                self.svg.text(
                    x + CARD_W / 2.0,
                    y + CARD_H / 2.0,
                    &format!(r#"font-size="10" text-anchor="middle" fill="{MUTED}""#),
                    "empty",
                );
            }
            Some(c) => self.market_card(x, y, c),
        }
        if rupees > 0 {
            self.coin(x + CARD_W - 12.0, y + CARD_H - 12.0, rupees);
        }
        self.end_group();
    }

    /// A card's face in the market: a band of its suit's colour (an event's own colour) with
    /// its number and rank, its name, and a court card's suit, region and patriot.
    fn market_card(&mut self, x: f32, y: f32, card: CardId) {
        let cards = self.cards;
        let court = cards.court(card);
        let colour = court.map_or(EVENT, |c| suit_colour(c.suit));
        self.svg.rect(
            x,
            y,
            CARD_W,
            CARD_H,
            &format!(r#"rx="6" fill="{PARCHMENT}" stroke="{colour}" stroke-width="2""#),
        );
        self.band(x, y, CARD_W, 17.0, colour);
        let band_text = r##"font-size="10" font-weight="bold" fill="#ffffff""##;
        self.svg
            .text(x + 5.0, y + 12.5, band_text, &card.to_string());
        let name = match court {
            Some(c) => {
                self.svg.text(
                    x + CARD_W - 5.0,
                    y + 12.5,
                    r##"font-size="10" text-anchor="end" fill="#ffffff""##,
                    &stars(c.rank),
                );
                if let Some(k) = c.patriot {
                    // Left of the stars, clear of the number.
                    let cx = x + CARD_W - 11.0 - 8.5 * f32::from(c.rank);
                    let style = format!(
                        r##"fill="{}" stroke="#ffffff" stroke-width="1""##,
                        coalition_colour(k)
                    );
                    self.circle(cx, y + 8.5, 4.0, &style);
                }
                c.name.as_str()
            }
            None => {
                self.svg.text(
                    x + CARD_W - 5.0,
                    y + 12.5,
                    r##"font-size="8.5" text-anchor="end" fill="#ffffff""##,
                    "EVENT",
                );
                cards.event(card).map_or("", |e| e.name.as_str())
            }
        };
        let mut ty = y + 18.0;
        for line in name_lines(name, 11, if court.is_some() { 3 } else { 5 }) {
            ty += 12.0;
            self.svg
                .text(x + 5.0, ty, r#"font-size="9.5" font-weight="bold""#, &line);
        }
        let small = r#"font-size="9""#;
        match court {
            Some(c) => {
                self.svg.text(
                    x + 5.0,
                    y + 70.0,
                    &format!(r#"font-size="9" font-weight="bold" fill="{colour}""#),
                    &c.suit.title(),
                );
                self.svg.text(x + 5.0, y + 82.0, small, &c.region.title());
                if let Some(k) = c.patriot {
                    self.svg
                        .text(x + 5.0, y + 94.0, small, &format!("{} patriot", k.title()));
                }
            }
            None => {
                // A Dominance Check's name says what it is.
                if !card.is_dominance_check() {
                    let style = format!(r#"font-size="9" font-weight="bold" fill="{EVENT}""#);
                    self.svg.text(x + 5.0, ty + 14.0, &style, "Event");
                }
            }
        }
    }

    /// The coloured band across the top of a card.
    fn band(&mut self, x: f32, y: f32, w: f32, h: f32, colour: &str) {
        self.svg
            .rect(x, y, w, h, &format!(r#"rx="5" fill="{colour}""#));
        self.svg
            .rect(x, y + h - 5.0, w, 5.0, &format!(r#"fill="{colour}""#));
    }

    // ----- the players ------------------------------------------------------------------------

    fn players(&mut self, rows: &[PlayerRow]) {
        self.svg.text(
            14.0,
            PLAYERS_TOP + 14.0,
            r#"font-size="14" font-weight="bold""#,
            "Players in turn order",
        );
        self.svg.text(
            200.0,
            PLAYERS_TOP + 14.0,
            &format!(r#"font-size="10" fill="{MUTED}""#),
            "hands are shown by their size only; spies on a court card by their owners' colours",
        );
        let mut y = PLAYERS_TOP + 24.0;
        for row in rows {
            self.player(row, y);
            y += row.height + 8.0;
        }
    }

    fn player(&mut self, row: &PlayerRow, top: f32) {
        let (state, cards) = (self.state, self.cards);
        let seat = row.seat;
        let player = &state.players[seat];
        let name = state.name_of(seat as u8);
        if let Some(last) = self.last
            && last.touched.players.contains(&seat)
        {
            self.svg.highlight(
                &format!("last-player-{name}"),
                8.0,
                top,
                COURT_X - 18.0,
                row.height,
            );
        }
        let gifts = player.gifts.iter().filter(|&&g| g).count();
        let wakhan = state.is_wakhan(seat);
        // Wakhan is loyal to all, with an influence in each coalition (WK-11.5).
        let influence = if wakhan {
            state.wakhan_influence_words(cards)
        } else {
            state.influence(cards, seat).to_string()
        };
        let loyalty = if wakhan {
            format!(
                "loyal to all, pragmatic loyalty {}",
                state.pragmatic_loyalty(cards).title()
            )
        } else {
            player.loyalty.map_or("no loyalty yet".into(), |k| {
                format!("{} loyalty", k.title())
            })
        };
        let counted = crate::engine::log::counted;
        let mut title = format!(
            "{name}: {loyalty}; {} VP; {}; influence {influence}; {}; {} in supply; {} in hand; court {} of limit {}",
            player.vp,
            counted(i64::from(player.rupees), "rupee", "rupees"),
            counted(gifts as i64, "gift", "gifts"),
            counted(
                i64::from(state.cylinders_in_supply(seat)),
                "cylinder",
                "cylinders"
            ),
            counted(player.hand.len() as i64, "card", "cards"),
            player.court.len(),
            state.court_limit(cards, seat),
        );
        for line in &row.ai {
            let _ = write!(title, "; {line}");
        }
        self.group(&format!("player-{name}"), "player", &title);
        self.svg.rect(
            8.0,
            top,
            WIDTH - 16.0,
            row.height,
            &format!(r#"rx="8" fill="{PARCHMENT}" stroke="{EDGE}" stroke-width="1.2""#),
        );
        self.svg.rect(
            8.0,
            top,
            7.0,
            row.height,
            &format!(r#"rx="3" fill="{}""#, seat_colour(seat)),
        );
        let left = 24.0;
        // The name, loyalty and markers.
        self.cylinder(left + 5.0, top + 18.0, 1.2, seat);
        self.svg.text(
            left + 16.0,
            top + 23.0,
            r#"font-size="15" font-weight="bold""#,
            &name,
        );
        let mut x = (left + 46.0).max(left + 16.0 + text_width(&name, 15.0) + 8.0);
        match player.loyalty {
            _ if wakhan => {
                x += self.pill(x, top + 10.0, 10.5, "loyal to all", PARCHMENT, INK) + 5.0;
            }
            Some(k) => {
                x += self.pill(
                    x,
                    top + 10.0,
                    10.5,
                    &k.title(),
                    coalition_colour(k),
                    coalition_ink(k),
                ) + 5.0
            }
            None => x += self.pill(x, top + 10.0, 10.5, "no loyalty", PARCHMENT, MUTED) + 5.0,
        }
        if state.outcome().is_none() && state.active() == seat {
            x += self.pill(x, top + 10.0, 10.5, "to act", INK, "#ffffff") + 5.0;
        }
        if state
            .outcome()
            .is_some_and(|o| o.winners().any(|s| s == seat))
        {
            self.pill(x, top + 10.0, 10.5, "winner", RUPEE, INK);
        }
        let body = r#"font-size="11.5""#;
        let holdings = format!(
            "{} VP · {}",
            player.vp,
            match player.rupees {
                1 => "1 rupee".to_owned(),
                n => format!("{n} rupees"),
            }
        );
        // Her row has one line more: her pragmatic loyalty (WK-1.4) on a pill of its colour,
        // then her influence in each coalition, on pills of theirs (WK-11.5).
        let shift = if wakhan { WAKHAN_LINE } else { 0.0 };
        if wakhan {
            let label = format!("{holdings} · pragmatic");
            self.svg.text(left, top + 42.0, body, &label);
            let k = state.pragmatic_loyalty(cards);
            let px = left + text_width(&label, 11.5) + 4.0;
            self.pill(
                px,
                top + 31.5,
                10.0,
                &k.title(),
                coalition_colour(k),
                coalition_ink(k),
            );
            let label = "influence";
            self.svg.text(left, top + 58.0, body, label);
            let mut ix = left + text_width(label, 11.5) + 4.0;
            for k in Coalition::ALL {
                let n = state.wakhan_influence(cards, k).to_string();
                ix += self.pill(
                    ix,
                    top + 47.5,
                    10.0,
                    &n,
                    coalition_colour(k),
                    coalition_ink(k),
                ) + 3.0;
            }
        } else {
            self.svg.text(
                left,
                top + 42.0,
                body,
                &format!("{holdings} · influence {influence}"),
            );
        }
        self.svg.text(
            left,
            top + 58.0 + shift,
            body,
            &format!(
                "hand {} · cylinders in supply {}",
                player.hand.len(),
                state.cylinders_in_supply(seat)
            ),
        );
        // Gifts and stars.
        let gy = top + 73.0 + shift;
        let muted = &format!(r#"font-size="10" fill="{MUTED}""#);
        self.svg.text(left, gy + 4.0, muted, "gifts");
        for (i, price) in ["2", "4", "6"].into_iter().enumerate() {
            let bx = left + 30.0 + 19.0 * i as f32;
            let (fill, ink) = if player.gifts[i] {
                (seat_colour(seat), seat_ink(seat))
            } else {
                (PARCHMENT, MUTED)
            };
            self.svg.rect(
                bx,
                gy - 6.5,
                16.0,
                14.0,
                &format!(r#"rx="3" fill="{fill}" stroke="{EDGE}" stroke-width="1""#),
            );
            self.svg.text(
                bx + 8.0,
                gy + 4.0,
                &format!(r#"font-size="9.5" font-weight="bold" text-anchor="middle" fill="{ink}""#),
                price,
            );
        }
        let sx = left + 98.0;
        self.svg.text(sx, gy + 4.0, muted, "stars");
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            let bx = sx + 30.0 + 26.0 * i as f32;
            self.svg.rect(
                bx,
                gy - 6.5,
                22.0,
                14.0,
                &format!(r#"rx="3" fill="{}""#, suit_colour(suit)),
            );
            self.svg.text(
                bx + 11.0,
                gy + 4.0,
                r##"font-size="9.5" font-weight="bold" text-anchor="middle" fill="#ffffff""##,
                &state.stars(cards, seat, suit).to_string(),
            );
        }
        let mut ly = top + 84.0 + shift;
        for line in &row.extra {
            ly += 14.0;
            self.svg.text(left, ly, r#"font-size="10""#, line);
        }
        for (line, bold) in &row.ai_drawn {
            ly += 14.0;
            let style = if *bold {
                r#"font-size="10" font-weight="bold""#
            } else {
                r#"font-size="10""#
            };
            self.svg.text(left, ly, style, line);
        }
        // The court.
        self.svg.text(
            COURT_X,
            top + 16.0,
            muted,
            &format!(
                "court {} of limit {}, left to right",
                player.court.len(),
                state.court_limit(cards, seat)
            ),
        );
        if player.court.is_empty() {
            self.svg.text(COURT_X, top + 44.0, muted, "no court cards");
        }
        self.end_group();
        for (i, &card) in player.court.as_slice().iter().enumerate() {
            let x = COURT_X + COURT_PITCH * (i % COURT_PER_LINE) as f32;
            let y = top + 24.0 + (COURT_H + 6.0) * (i / COURT_PER_LINE) as f32;
            self.court_card(x, y, card);
        }
    }

    /// A court card: its suit's band with number and rank, its name, region and patriot, and
    /// the spies on it by their owners' colours.
    fn court_card(&mut self, x: f32, y: f32, card: CardId) {
        let (state, cards) = (self.state, self.cards);
        let court = cards.court(card);
        let colour = court.map_or(EVENT, |c| suit_colour(c.suit));
        let spies: Vec<(usize, u8)> = (0..state.players())
            .map(|p| (p, state.spies(card, p)))
            .filter(|&(_, n)| n > 0)
            .collect();
        let mut title = card_name(cards, card);
        if let Some(c) = court {
            let _ = write!(
                title,
                ": {} · {} · rank {}",
                c.region.title(),
                c.suit.title(),
                c.rank
            );
        }
        if !spies.is_empty() {
            let words: Vec<String> = spies
                .iter()
                .map(|&(p, n)| format!("{} ×{n}", state.name_of(p as u8)))
                .collect();
            let _ = write!(title, "; spies {}", words.join(", "));
        }
        let used = state.turn.used.contains(card);
        if used {
            title.push_str("; used this turn");
        }
        if let Some(last) = self.last
            && last.touched.cards.contains(&card)
        {
            self.svg
                .highlight(&format!("last-card-{}", card.0), x, y, COURT_W, COURT_H);
        }
        self.group(&format!("card-{}", card.0), "court-card", &title);
        self.svg.rect(
            x,
            y,
            COURT_W,
            COURT_H,
            &format!(r#"rx="5" fill="{PARCHMENT}" stroke="{colour}" stroke-width="1.6""#),
        );
        self.band(x, y, COURT_W, 15.0, colour);
        self.svg.text(
            x + 4.0,
            y + 11.0,
            r##"font-size="9" font-weight="bold" fill="#ffffff""##,
            &card.to_string(),
        );
        if let Some(c) = court {
            self.svg.text(
                x + COURT_W - 4.0,
                y + 11.0,
                r##"font-size="9" text-anchor="end" fill="#ffffff""##,
                &stars(c.rank),
            );
            if let Some(k) = c.patriot {
                let cx = x + COURT_W - 10.0 - 7.5 * f32::from(c.rank);
                let style = format!(
                    r##"fill="{}" stroke="#ffffff" stroke-width="1""##,
                    coalition_colour(k)
                );
                self.circle(cx, y + 7.5, 3.8, &style);
            }
        }
        let name = court.map_or("", |c| c.name.as_str());
        let mut ty = y + 15.0;
        for line in name_lines(name, 12, 3) {
            ty += 10.0;
            self.svg
                .text(x + 4.0, ty, r#"font-size="8.5" font-weight="bold""#, &line);
        }
        if let Some(c) = court {
            self.svg.text(
                x + 4.0,
                y + 56.0,
                &format!(r#"font-size="8.5" fill="{MUTED}""#),
                &c.region.title(),
            );
        }
        if used {
            self.svg.text(
                x + COURT_W - 4.0,
                y + 69.0,
                &format!(r#"font-size="8.5" font-style="italic" text-anchor="end" fill="{MUTED}""#),
                "used",
            );
        }
        let pitch = ((COURT_W - 8.0) / spies.len().max(1) as f32).min(20.0);
        for (i, &(p, n)) in spies.iter().enumerate() {
            let cx = x + 9.0 + pitch * i as f32;
            self.cylinder(cx, y + 65.0, 0.8, p);
            self.svg.text(
                cx + 6.0,
                y + 69.0,
                r#"font-size="9.5" font-weight="bold""#,
                &n.to_string(),
            );
        }
        self.end_group();
    }
}

#[cfg(test)]
#[path = "../../../tests/xml/mod.rs"]
mod xml;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::LastAction;
    use crate::engine::{Game, GameRng, Log};
    use crate::pax_pamir::{Options, PaxPamir};
    use crate::testing::play_random_steps;

    fn game(players: u8) -> PaxPamir {
        PaxPamir::new(Options {
            players,
            ..Options::default()
        })
        .unwrap()
    }

    /// The picture of `state`, with the last action if given.
    fn draw(game: &PaxPamir, state: &State, last: Option<(&State, Action)>) -> String {
        game.to_svg(
            state,
            last.map(|(before, action)| LastAction { before, action }),
        )
        .unwrap()
    }

    /// Applies the first legal action `pick` accepts, returning the position before and it.
    fn step(
        game: &PaxPamir,
        state: &mut State,
        pick: impl Fn(&Action) -> bool,
    ) -> Option<(State, Action)> {
        let action = game.legal_actions(state).into_iter().find(|a| pick(a))?;
        let before = state.clone();
        game.apply(state, action, &mut Log::silent()).unwrap();
        Some((before, action))
    }

    /// Every loyalty chosen, so that the first turn's action step is waiting (PP-4.6).
    fn after_loyalties(game: &PaxPamir, seed: u64) -> State {
        let mut state = game.new_initial_state(seed);
        while step(game, &mut state, |a| matches!(a, Action::Loyalty(_))).is_some() {}
        state
    }

    fn outlined(svg: &str, id: &str) -> bool {
        svg.contains(&format!(r#"<g id="{id}" class="last-action">"#))
    }

    /// What every picture must show: well-formed, each region and each market card named.
    fn check_picture(state: &State, cards: &CardData, svg: &str) {
        xml::check_well_formed(svg).unwrap();
        for region in Region::ALL {
            assert!(
                svg.contains(&format!(">{}</text>", region.title())),
                "{region}"
            );
        }
        for slot in Slot::all() {
            if let Some(card) = state.market_card(slot) {
                assert!(svg.contains(&escape(&card_name(cards, card))), "{slot}");
            }
        }
        for p in 0..state.players() {
            assert!(svg.contains(&format!(r#"id="player-P{}""#, p + 1)));
        }
    }

    #[test]
    fn pp_2_the_picture_is_well_formed_and_names_every_region_and_market_card() {
        for players in 2..=5 {
            let game = game(players);
            let mut state = game.new_initial_state(u64::from(players));
            check_picture(&state, game.cards(), &draw(&game, &state, None));
            play_random_steps(&game, &mut state, 120, 9);
            let svg = draw(&game, &state, None);
            check_picture(&state, game.cards(), &svg);
            assert!(!svg.contains(r#"id="player-P6""#));
            if players < 5 {
                assert!(!svg.contains(&format!(r#"id="player-P{}""#, players + 1)));
            }
        }
    }

    /// PP-0.4: a hand is hidden. The picture names no card of any hand, and two positions
    /// that differ only in their hands' cards (not their sizes) draw the same.
    #[test]
    fn pp_0_4_no_hand_card_is_shown() {
        let game = game(4);
        let cards = game.cards();
        let mut met = 0;
        for seed in 0..6 {
            let mut state = game.new_initial_state(seed);
            play_random_steps(&game, &mut state, 150, seed);
            let svg = draw(&game, &state, None);
            let mut other = state.clone();
            for p in 0..state.players() {
                let hand: Vec<CardId> = state.players[p].hand.iter().collect();
                for card in hand {
                    met += 1;
                    let name = escape(&card_name(cards, card));
                    assert!(
                        !svg.contains(&name),
                        "seed {seed}: {name} in a hand is drawn"
                    );
                    assert!(!svg.contains(&format!(r#"id="card-{}""#, card.0)));
                    if let Some(swap) = other.deck.pop_front() {
                        other.players[p].hand.remove(card);
                        other.players[p].hand.insert(swap);
                        other.deck.push(card);
                    }
                }
            }
            assert_eq!(draw(&game, &other, None), svg, "seed {seed}");
        }
        assert!(met > 0, "no hand held a card");
    }

    #[test]
    fn the_first_position_has_no_highlight_and_no_caption() {
        let game = game(3);
        let svg = draw(&game, &game.new_initial_state(1), None);
        assert!(!svg.contains("last-action") && !svg.contains("Last:"));
    }

    /// PP-4.6: a loyalty choice outlines the player who chose, and the caption names the
    /// action and the seat.
    #[test]
    fn pp_4_6_a_loyalty_choice_outlines_the_player_who_chose() {
        let game = game(3);
        let mut state = game.new_initial_state(2);
        let (before, action) = step(&game, &mut state, |_| true).unwrap();
        let seat = seat_name(before.pending(game.cards()).unwrap().player);
        let svg = draw(&game, &state, Some((&before, action)));
        xml::check_well_formed(&svg).unwrap();
        assert!(
            svg.contains(&format!("Last: {action} ({seat})")),
            "{action}"
        );
        assert!(outlined(&svg, &format!("last-player-{seat}")));
        assert_eq!(svg.matches(r#"class="last-action""#).count(), 1);
        assert!(!draw(&game, &state, None).contains("last-action"));
    }

    /// PP-7.1: a purchase outlines the slot bought from and the slots paid onto, and the buyer.
    #[test]
    fn pp_7_1_a_purchase_outlines_the_market_slot_bought() {
        let game = game(3);
        let mut state = after_loyalties(&game, 4);
        let (before, action) = step(
            &game,
            &mut state,
            |a| matches!(a, Action::Purchase(s) if s.col >= 1),
        )
        .unwrap();
        let Action::Purchase(slot) = action else {
            unreachable!()
        };
        let svg = draw(&game, &state, Some((&before, action)));
        xml::check_well_formed(&svg).unwrap();
        assert!(outlined(&svg, &format!("last-slot-{slot}")));
        for col in 0..slot.col {
            let paid = Slot { row: slot.row, col };
            assert!(
                outlined(&svg, &format!("last-slot-{paid}")),
                "{paid} was paid onto"
            );
        }
        let buyer = seat_name(before.active);
        assert!(outlined(&svg, &format!("last-player-{buyer}")));
        assert!(svg.contains(&format!("Last: buy {slot} ({buyer})")));
        for other in Slot::all() {
            let changed = before.market_card(other) != state.market_card(other)
                || before.market_rupees(other) != state.market_rupees(other);
            let expected = other == slot || changed;
            assert_eq!(
                outlined(&svg, &format!("last-slot-{other}")),
                expected,
                "{other}"
            );
        }
    }

    /// PP-7.2: a card played is outlined in the court it joined, with the regions its impact
    /// icons placed pieces in (PP-7.3).
    #[test]
    fn pp_7_2_a_card_played_is_outlined_in_its_court() {
        let game = game(2);
        let mut met = 0;
        for seed in 0..10 {
            let mut state = after_loyalties(&game, seed);
            if step(
                &game,
                &mut state,
                |a| matches!(a, Action::Purchase(s) if s.col == 0),
            )
            .is_none()
            {
                continue;
            }
            let Some((before, action)) = step(&game, &mut state, |a| matches!(a, Action::Play(..)))
            else {
                continue;
            };
            let Action::Play(card, _) = action else {
                unreachable!()
            };
            if state.court_owner(card).is_none() {
                continue; // a bribe is being negotiated: the card is not played yet
            }
            let svg = draw(&game, &state, Some((&before, action)));
            xml::check_well_formed(&svg).unwrap();
            assert!(
                outlined(&svg, &format!("last-card-{}", card.0)),
                "seed {seed}"
            );
            for region in Region::ALL {
                let changed = (0..2).any(|p| before.tribes(p, region) != state.tribes(p, region))
                    || Coalition::ALL
                        .iter()
                        .any(|&k| before.armies(k, region) != state.armies(k, region));
                assert_eq!(
                    outlined(&svg, &format!("last-region-{region}")),
                    changed,
                    "seed {seed} {region}"
                );
            }
            met += 1;
        }
        assert!(met > 0, "no card was played");
    }

    /// The highlight only ever names what the picture draws: every outlined region, border,
    /// slot, card and player exists in the picture, over a random game.
    #[test]
    fn every_outline_is_of_something_drawn() {
        let game = game(5);
        let mut state = game.new_initial_state(11);
        let mut rng = GameRng::from_seed_u64(11);
        let mut outlines = 0;
        for _ in 0..200 {
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
                let drawn = match id.split_once('-') {
                    Some(("region" | "border" | "slot" | "card" | "player", rest)) => {
                        let prefix = &id[..id.len() - rest.len() - 1];
                        svg.contains(&format!(r#"<g id="{prefix}-{rest}" class="#))
                    }
                    _ => false,
                };
                assert!(drawn, "{action}: outline {id} of nothing drawn");
                outlines += 1;
            }
            assert!(svg.contains(&escape(&format!("Last: {action}"))));
        }
        assert!(outlines > 100, "{outlines}");
    }

    /// PP-13.8, PP-13.9: a finished game shows its outcome and its winners, and no seat to act.
    #[test]
    fn pp_13_a_finished_game_shows_the_outcome() {
        for players in [2, 5] {
            let game = game(players);
            let mut state = game.new_initial_state(3);
            play_random_steps(&game, &mut state, 200_000, 3);
            let outcome = state.outcome().expect("the game ended");
            let svg = draw(&game, &state, None);
            check_picture(&state, game.cards(), &svg);
            assert!(svg.contains("Game over: "));
            assert!(!svg.contains("to act"));
            let winners = svg.matches(">winner</text>").count();
            assert_eq!(winners, outcome.winners().count());
        }
    }

    /// A game with Wakhan (2 or 3 seats, WK-10) after `turns` turns of random people.
    fn wakhan_game(players: u8, seed: u64, turns: u32) -> (PaxPamir, State) {
        let game = PaxPamir::new(Options {
            players,
            wakhan: true,
            ..Options::default()
        })
        .unwrap();
        let mut state = game.new_initial_state(seed);
        let mut rng = GameRng::from_seed_u64(seed);
        while state.turns() < turns {
            let Some(decision) = game.decision(&state) else {
                break;
            };
            let choice = decision.choices[rng.below(decision.choices.len() as u32) as usize];
            game.apply(&mut state, choice, &mut Log::silent()).unwrap();
        }
        (game, state)
    }

    /// WK-1.2, WK-1.3, WK-1.4, WK-11.5: her row is named Wakhan, loyal to all with her
    /// pragmatic loyalty and her influence in each coalition, and shows her current AI card,
    /// the next card's back and the arrows' reading; the header says whom the game is against.
    #[test]
    fn wk_1_2_a_wakhan_game_shows_her_ai_card_and_the_next_back() {
        for players in [2, 3] {
            let (game, state) = wakhan_game(players, 7, 4);
            let cards = game.cards();
            let svg = draw(&game, &state, None);
            xml::check_well_formed(&svg).unwrap();
            assert!(svg.contains(r#"id="player-Wakhan""#), "{players}");
            assert!(!svg.contains(r#"id="player-P1""#), "{players}");
            for p in 1..usize::from(players) {
                assert!(svg.contains(&format!(r#"id="player-P{}""#, p + 1)));
            }
            assert!(svg.contains(" against Wakhan"));
            assert!(svg.contains(">loyal to all</text>"));
            let pragmatic = state.pragmatic_loyalty(cards);
            assert!(svg.contains(&format!(
                "Wakhan: loyal to all, pragmatic loyalty {};",
                pragmatic.title()
            )));
            assert!(svg.contains(" · pragmatic</text>"));
            let influence = state.wakhan_influence_words(cards);
            assert!(svg.contains(&escape(&influence)), "{influence}");
            let current = state.current_ai_card(cards).expect("she has drawn");
            let said: Vec<String> = current.actions.iter().map(|l| l.to_string()).collect();
            let line = format!("AI card {}: {}", current.number, said.join(" / "));
            assert!(svg.contains(&escape(&line)), "{line}");
            assert!(svg.contains(&format!(">AI card {}: ", current.number)));
            let next = state.next_ai_back(cards).expect("a next card");
            let numbers: Vec<String> = next.numbers.iter().map(u8::to_string).collect();
            assert!(svg.contains(&numbers.join(" ")), "{numbers:?}");
            let arrows = state.arrows(cards).unwrap();
            assert!(svg.contains(&format!(
                "arrows: {} row, column {}, {} side",
                arrows.label.row(),
                arrows.column,
                arrows.label.side()
            )));
        }
    }

    /// WK-1.2: of the AI deck only the next card's back is seen: two positions whose decks
    /// differ in their order below the top, or whose top cards differ but show the same back,
    /// draw the same picture.
    #[test]
    fn wk_1_2_the_picture_hides_the_ai_decks_order() {
        let (game, state) = wakhan_game(2, 3, 3);
        let cards = game.cards();
        let svg = draw(&game, &state, None);
        let deck = state.ai.clone().unwrap();
        let len = usize::from(deck.len);
        assert!(len >= 3, "{len}");
        let mut below = state.clone();
        if let Some(d) = below.ai.as_mut() {
            d.deck.swap(1, len - 1);
        }
        assert_eq!(draw(&game, &below, None), svg);
        let top = cards.ai_cards().card(deck.deck[0]).unwrap();
        let twin = (1..len).find(|&i| {
            cards
                .ai_cards()
                .card(deck.deck[i])
                .is_some_and(|c| c.same_back(top))
        });
        if let Some(i) = twin {
            let mut other = state.clone();
            if let Some(d) = other.ai.as_mut() {
                d.deck.swap(0, i);
            }
            assert_eq!(draw(&game, &other, None), svg);
        }
    }

    /// PP-13.8, PP-13.9 with Wakhan: a finished game names her among the seats, and as the
    /// winner when she won.
    #[test]
    fn wk_11_5_a_finished_wakhan_game_names_her() {
        let (game, state) = wakhan_game(2, 5, u32::MAX);
        let outcome = state.outcome().expect("the game ended");
        let svg = draw(&game, &state, None);
        xml::check_well_formed(&svg).unwrap();
        assert!(svg.contains("Game over: "));
        let winners: Vec<String> = outcome.winners().map(|s| state.name_of(s as u8)).collect();
        if winners == ["Wakhan"] {
            assert!(svg.contains("Game over: Wakhan wins"));
        }
        assert!(!svg.contains("P1 wins"));
    }

    #[test]
    fn the_palette_names_each_seat_coalition_and_suit_as_the_picture_draws_them() {
        let colours = palette();
        let colour = |name: &str| colours.iter().find(|(n, _)| *n == name).map(|(_, c)| *c);
        for seat in 0..MAX_PLAYERS {
            assert_eq!(colour(&format!("P{}", seat + 1)), Some(seat_colour(seat)));
        }
        for k in Coalition::ALL {
            assert_eq!(colour(k.code()), Some(coalition_colour(k)));
        }
        for s in Suit::ALL {
            assert_eq!(colour(s.code()), Some(suit_colour(s)));
        }
        for name in ["ink", "board", "highlight"] {
            assert!(colour(name).is_some(), "{name}");
        }
        let game = game(5);
        let svg = draw(&game, &game.new_initial_state(1), None);
        for seat in 0..MAX_PLAYERS {
            assert!(
                svg.contains(&format!(r#"fill="{}""#, seat_colour(seat))),
                "P{}",
                seat + 1
            );
        }
    }
}
