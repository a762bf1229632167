//! A picture of the board as SVG: the map with every space's pieces, and the tracks; and
//! the spaces the last action touched, highlighted.

use std::fmt::Write as _;

use crate::engine::svg::{
    GREY, INK, MUTED, PARCHMENT, RED, SAFFRON, Svg, TURQUOISE, escape, last_caption, wrap,
};

use super::influence::slot_levels;
use super::{
    Action, Card, Faction, Lasting, LoyaltyCounts, MAX_INFLUENCE, PieceKind, Player, SLOT_SIZE,
    SpaceId, SpaceKind, State, Structure,
};
use crate::engine::CardText;

/// The drawing's coordinate system: the map on the left, the panel of tracks on the right.
const WIDTH: f32 = 1000.0;
const HEIGHT: f32 = 720.0;
/// Where the side panel starts.
const PANEL_X: f32 = 688.0;
/// A space's box.
const BOX_W: f32 = 140.0;
const BOX_H: f32 = 96.0;
/// Piece badges: size, distance between neighbours, and how many fit in one row of a box.
const BADGE: f32 = 22.0;
const BADGE_PITCH: f32 = 25.0;
const BADGES_PER_ROW: usize = 5;

/// The top-left corner of a space's box: a rough sketch of the subcontinent, the north-west
/// passes at the top left, Delhi in the north, the Deccan below and Tamilakam at the bottom.
fn position(space: SpaceId) -> (f32, f32) {
    match space {
        SpaceId::MountainPasses => (10.0, 12.0),
        SpaceId::Punjab => (170.0, 12.0),
        SpaceId::Delhi => (345.0, 12.0),
        SpaceId::Jaunpur => (525.0, 84.0),
        SpaceId::Sindh => (10.0, 132.0),
        SpaceId::RajputKingdoms => (178.0, 128.0),
        SpaceId::Malwa => (352.0, 152.0),
        SpaceId::Gujarat => (48.0, 252.0),
        SpaceId::Madhyadesh => (236.0, 274.0),
        SpaceId::Gondwana => (430.0, 268.0),
        SpaceId::Orissa => (532.0, 416.0),
        SpaceId::Maharashtra => (86.0, 398.0),
        SpaceId::Andhra => (330.0, 436.0),
        SpaceId::Karnataka => (150.0, 532.0),
        SpaceId::Tamilakam => (318.0, 614.0),
    }
}

fn centre(space: SpaceId) -> (f32, f32) {
    let (x, y) = position(space);
    (x + BOX_W / 2.0, y + BOX_H / 2.0)
}

/// The colour of a faction's pieces and markers.
fn colour(faction: Faction) -> &'static str {
    match faction {
        Faction::Sultanate => GREY,
        Faction::Bahmani => TURQUOISE,
        Faction::Vijayanagara => SAFFRON,
        Faction::Mongols => RED,
    }
}

/// The colours of the board by name: each faction's by its abbreviation (`"DS"`, `"BK"`,
/// `"VN"`, `"MI"`), then the colours every picture uses. The one list the pictures and
/// [`Game::palette`](crate::engine::Game::palette) share.
pub(crate) fn palette() -> Vec<(&'static str, &'static str)> {
    let own: Vec<(&'static str, &'static str)> = Faction::ALL
        .into_iter()
        .map(|f| (f.abbreviation(), colour(f)))
        .collect();
    crate::engine::svg::palette(&own)
}

/// Where the caption of the last action sits: the corner of the map below Orissa.
const CAPTION_X: f32 = 478.0;
const CAPTION_Y: f32 = 548.0;
const CAPTION_W: f32 = 200.0;

/// The last action drawn on the board: the spaces it touched and its caption.
struct LastDrawn {
    spaces: Vec<SpaceId>,
    caption: String,
}

/// A faction's name in a word, for the legend.
fn short_name(faction: Faction) -> &'static str {
    match faction {
        Faction::Sultanate => "Sultanate",
        Faction::Bahmani => "Bahmani",
        Faction::Vijayanagara => "Vijayanagara",
        Faction::Mongols => "Mongols",
    }
}

/// The colour of text written on a faction's colour.
fn ink_on(faction: Faction) -> &'static str {
    match faction {
        Faction::Vijayanagara => INK,
        _ => "#ffffff",
    }
}

/// The shapes of the wooden pieces (§1.2): cubes, hexagonal cylinders and discs.
#[derive(Clone, Copy)]
enum Shape {
    Square,
    Hexagon,
    Disc,
}

fn shape(kind: PieceKind) -> Shape {
    match kind {
        PieceKind::Troop | PieceKind::Mongol => Shape::Square,
        PieceKind::Governor | PieceKind::Amir | PieceKind::Raja => Shape::Hexagon,
        PieceKind::Qasbah | PieceKind::Fort | PieceKind::Temple => Shape::Disc,
    }
}

/// One badge in a space: a piece shape with a count (or a structure's initial).
struct Badge {
    kind: PieceKind,
    rebelling: bool,
    label: String,
    title: String,
}

/// The height of one line of a card's text in the panel.
const CARD_LINE: f32 = 12.5;

/// How many characters of a card's text fit on one line of the panel.
const CARD_TEXT_WIDTH: usize = 48;

/// The lines of a card's text in the panel: each side, its name first (`Unshaded: ...`,
/// unless the card has a single side), wrapped to the panel.
fn card_text_lines(card: Option<&CardText>) -> Vec<String> {
    let Some(card) = card else {
        return Vec::new();
    };
    let named = card.sides.len() > 1;
    let mut lines = Vec::new();
    for side in &card.sides {
        let text = if named {
            let mut name = side.name.clone();
            if let Some(first) = name.get_mut(..1) {
                first.make_ascii_uppercase();
            }
            format!("{name}: {}", side.text)
        } else {
            side.text.clone()
        };
        lines.extend(wrap(&text, CARD_TEXT_WIDTH));
    }
    lines
}

/// A lasting effect's name and what it does, for the panel.
fn lasting_text(effect: Lasting) -> (&'static str, &'static str) {
    match effect {
        Lasting::SiriFort => ("Siri Fort (5)", "Plunder removes no DS Troops"),
        Lasting::MarketControl => ("Market Control (6)", "Conscript caps +1"),
        Lasting::TokenCurrency => ("Token Currency (18)", "Collect Tribute gains 0"),
        Lasting::AmiranISada => ("Amiran-i-Sada (24)", "BK and VN may Rebel"),
        Lasting::FourTarafs => ("Four Tarafs (25)", "BK Rally +1 Amir at a Fort"),
    }
}

impl Svg {
    /// A piece shape `size` wide with its top-left corner at (`x`, `y`).
    fn shape(&mut self, shape: Shape, x: f32, y: f32, size: f32, style: &str) {
        let (cx, cy, r) = (x + size / 2.0, y + size / 2.0, size / 2.0);
        match shape {
            Shape::Square => self.rect(x + 0.5, y + 0.5, size - 1.0, size - 1.0, style),
            Shape::Disc => {
                let _ = writeln!(
                    self.out,
                    r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" {style}/>"#,
                    r - 0.5
                );
            }
            Shape::Hexagon => {
                let points: Vec<String> = (0..6)
                    .map(|i| {
                        let angle = std::f32::consts::FRAC_PI_3 * i as f32;
                        format!("{:.1},{:.1}", cx + r * angle.cos(), cy + r * angle.sin())
                    })
                    .collect();
                let _ = writeln!(
                    self.out,
                    r#"<polygon points="{}" {style}/>"#,
                    points.join(" ")
                );
            }
        }
    }

    /// A piece badge: the piece's shape in its owner's colour, filled when Obedient (or for
    /// pieces without a state) and hollow when Rebelling, with `label` inside and `title` as
    /// the hover text; `size` wide.
    fn badge(&mut self, x: f32, y: f32, size: f32, badge: &Badge) {
        let faction = badge.kind.owner();
        let (style, ink) = if badge.rebelling {
            (
                format!(
                    r##"fill="#ffffff" stroke="{}" stroke-width="2.5""##,
                    colour(faction)
                ),
                INK,
            )
        } else {
            (
                format!(
                    r#"fill="{}" stroke="{INK}" stroke-width="0.8""#,
                    colour(faction)
                ),
                ink_on(faction),
            )
        };
        let _ = writeln!(self.out, "<g><title>{}</title>", escape(&badge.title));
        self.shape(shape(badge.kind), x, y, size, &style);
        self.text(
            x + size / 2.0,
            y + size / 2.0 + 4.5,
            &format!(r#"font-size="12.5" font-weight="bold" text-anchor="middle" fill="{ink}""#),
            &badge.label,
        );
        self.out.push_str("</g>\n");
    }
}

impl State {
    /// A picture of the board as an SVG document: the map and a panel of the tracks.
    ///
    /// The map shows every space as a box placed roughly where it lies, joined to its
    /// neighbours by grey lines, with its name and its Prosperity. A marker on the top edge of
    /// a Province's box gives its status: a dark "Tributary" (§1.6), or for an Independent
    /// Province "Independent" or the controlling faction ("BK control", §1.7), which also
    /// gives the box a thick border in that faction's colour. The pieces in a space are
    /// badges in their owner's colour, shaped like the wooden pieces (§1.2): squares for
    /// cubes (DS Troops, Mongols), hexagons for cylinders (Governors, Amirs, Rajas) and discs
    /// for structures (Qasbah, Fort, Temple, marked with their initial). The number in a badge
    /// is how many stand there; Obedient Amirs and Rajas are filled, Rebelling ones hollow
    /// (§1.4(c)). Every badge carries a hover title in words ("4 Troops").
    ///
    /// The colours: Delhi Sultanate grey `#5b5b5b`, Bahmani Kingdom turquoise `#16a3a3`,
    /// Vijayanagara Empire saffron `#e3a600`, Mongol Invaders red `#c0392b`.
    ///
    /// The panel shows the dynasty, the current card with its title and its text (both sides
    /// of an Event card, §2.3.4; the picture grows taller to hold them), whose decision it is,
    /// each player faction's Resources, Victory Points, cavalry and Play Order box, the
    /// cavalry pool, the two Deccan Influence tracks with their slots (§1.9), the holding
    /// boxes, the lasting effects in force, and a legend.
    ///
    /// The document is self-contained (no fonts, images or scripts), has a fixed `viewBox` and
    /// asks to be shown 900 pixels wide; every text is XML-escaped. Jupyter shows it through
    /// `_repr_svg_`.
    ///
    /// ```
    /// use darbar::vijayanagara::{SpaceId, State};
    ///
    /// let svg = State::new(7).to_svg();
    /// assert!(svg.starts_with("<svg"));
    /// assert!(svg.contains("viewBox"));
    /// assert!(SpaceId::ALL.iter().all(|s| svg.contains(s.name())));
    /// ```
    pub fn to_svg(&self) -> String {
        self.to_svg_with(self.current_card_text(None).as_ref(), None)
    }

    /// The picture of [`State::to_svg`] (with `last`, of [`State::to_svg_after`]) showing
    /// `card` as the current card: the words of the loaded deck
    /// ([`Game::current_card`](crate::engine::Game::current_card)), so that a deck of one's
    /// own shows its own title and texts. `to_svg` shows the default deck's words when the
    /// game plays the default deck's rules.
    ///
    /// ```
    /// use darbar::engine::{CardSide, CardText};
    /// use darbar::vijayanagara::State;
    ///
    /// let card = CardText {
    ///     number: 9,
    ///     kind: "Event".into(),
    ///     title: "A Card of My Own".into(),
    ///     sides: vec![CardSide { name: "unshaded".into(), text: "VN gains 1 Resource.".into() }],
    ///     file: None,
    /// };
    /// let svg = State::new(7).to_svg_with(Some(&card), None);
    /// assert!(svg.contains("Event 9: A Card of My Own"));
    /// assert!(svg.contains("VN gains 1 Resource."));
    /// ```
    pub fn to_svg_with(&self, card: Option<&CardText>, last: Option<(&State, Action)>) -> String {
        let last = last.map(|(before, action)| {
            let by = before.decision().map(|d| d.player.faction().abbreviation());
            LastDrawn {
                spaces: self.touched_since(before, action),
                caption: last_caption(&action.to_string(), by),
            }
        });
        self.picture(last, card)
    }

    /// The picture of [`State::to_svg`] with the last action shown: `action` was taken in
    /// `before` and led to this position. Every space it touched ([`State::touched_since`])
    /// has a blue outline (an SVG group `last-space-<Space>` of class `last-action`), and a
    /// caption in the corner of the map reads `Last: <action> (<faction>)` with the spaces
    /// named.
    ///
    /// ```
    /// use darbar::engine::{Game, Log};
    /// use darbar::vijayanagara::{Action, Options, State, Vijayanagara};
    ///
    /// let game = Vijayanagara::without_events(Options::default());
    /// let mut before = game.new_initial_state(7);
    /// for text in ["option Command & Decree", "command Rally"] {
    ///     game.apply(&mut before, text.parse().unwrap(), &mut Log::silent()).unwrap();
    /// }
    /// let action: Action = "select Andhra".parse().unwrap();
    /// let mut after = before.clone();
    /// game.apply(&mut after, action, &mut Log::silent()).unwrap();
    /// let svg = after.to_svg_after(&before, action);
    /// assert!(svg.contains("Last: select Andhra (VN)"));
    /// assert!(svg.contains(r#"<g id="last-space-Andhra" class="last-action">"#));
    /// assert!(!svg.contains(r#"id="last-space-Delhi""#));
    /// assert!(!State::new(7).to_svg().contains("Last:"));
    /// ```
    pub fn to_svg_after(&self, before: &State, action: Action) -> String {
        self.to_svg_with(
            self.current_card_text(None).as_ref(),
            Some((before, action)),
        )
    }

    /// The spaces `action`, taken in `before`, touched to reach this position, in map order:
    /// those it names (a space selected, the space a unit moves or supports from, the space a
    /// piece is removed from) and those whose pieces, control (§1.7) or Tributary status
    /// (§1.6) it changed.
    pub fn touched_since(&self, before: &State, action: Action) -> Vec<SpaceId> {
        let named = match action {
            Action::Select(space)
            | Action::Move { from: space, .. }
            | Action::Support { from: space, .. }
            | Action::Remove { space, .. } => Some(space),
            _ => None,
        };
        SpaceId::ALL
            .into_iter()
            .filter(|&space| {
                named == Some(space)
                    || before.space(space) != self.space(space)
                    || before.controller(space) != self.controller(space)
                    || before.is_tributary(space) != self.is_tributary(space)
            })
            .collect()
    }

    /// The whole picture, with the last action's highlight if there is one.
    fn picture(&self, last: Option<LastDrawn>, card: Option<&CardText>) -> String {
        let card_text = card_text_lines(card);
        // The panel grows by the card's text, and the picture with it.
        let gap = if card_text.is_empty() { 0.0 } else { 3.0 };
        let height = HEIGHT + gap + CARD_LINE * card_text.len() as f32;
        let mut svg = Svg::document(
            WIDTH,
            height,
            &format!("Vijayanagara, seed {}: the board", self.seed()),
        );
        self.draw_adjacency(&mut svg);
        if let Some(last) = &last {
            for &space in &last.spaces {
                let (x, y) = position(space);
                svg.highlight(&format!("last-space-{space:?}"), x, y, BOX_W, BOX_H);
            }
        }
        for space in SpaceId::ALL {
            self.draw_space(&mut svg, space);
        }
        if let Some(last) = &last {
            let names: Vec<&str> = last.spaces.iter().map(|s| s.name()).collect();
            let detail = if names.is_empty() {
                "No space touched".to_owned()
            } else {
                format!("Outlined: {}", names.join(", "))
            };
            svg.last_action_caption(CAPTION_X, CAPTION_Y, CAPTION_W, &last.caption, &detail);
        }
        self.draw_panel(&mut svg, card, &card_text, height);
        svg.finish()
    }

    /// The lines between neighbours, drawn first so that the boxes cover their ends.
    fn draw_adjacency(&self, svg: &mut Svg) {
        svg.out
            .push_str(r##"<g stroke="#a89f88" stroke-width="2.5" stroke-linecap="round">"##);
        svg.out.push('\n');
        for a in SpaceId::ALL {
            for b in self.map().neighbours(a).iter().filter(|&b| b > a) {
                let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
                let _ = writeln!(
                    svg.out,
                    r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"#
                );
            }
        }
        svg.out.push_str("</g>\n");
    }

    /// The badges of the pieces in `space`, DS first, then BK, VN and the Mongols.
    fn badges(&self, space: SpaceId) -> Vec<Badge> {
        let pieces = self.space(space);
        let mut badges = Vec::new();
        let mut count = |kind: PieceKind, n: u8, rebelling: bool| {
            if n > 0 {
                let state = if rebelling { "Rebelling " } else { "" };
                badges.push(Badge {
                    kind,
                    rebelling,
                    label: n.to_string(),
                    title: format!("{n} {state}{}", kind.name(n)),
                });
            }
        };
        let loyal = |counts: LoyaltyCounts| [(counts.obedient, false), (counts.rebelling, true)];
        count(PieceKind::Troop, pieces.troops, false);
        count(PieceKind::Governor, pieces.governors, false);
        for (n, rebelling) in loyal(pieces.amirs) {
            count(PieceKind::Amir, n, rebelling);
        }
        for (n, rebelling) in loyal(pieces.rajas) {
            count(PieceKind::Raja, n, rebelling);
        }
        count(PieceKind::Mongol, pieces.mongols, false);
        if let Some(structure) = pieces.structure {
            let kind = structure.kind();
            let initial = match structure {
                Structure::Qasbah => "Q",
                Structure::Fort => "F",
                Structure::Temple => "T",
            };
            badges.push(Badge {
                kind,
                rebelling: false,
                label: initial.into(),
                title: format!("1 {kind}"),
            });
        }
        badges
    }

    /// One space: its box, name, Prosperity, status and pieces.
    fn draw_space(&self, svg: &mut Svg, space: SpaceId) {
        let (x, y) = position(space);
        let controller = self.controller(space);
        let (fill, border, width, dash) = match (space.kind(), controller) {
            (SpaceKind::Delhi, _) => ("#f3dcc0", "#7a5230", 2.5, ""),
            (SpaceKind::MongolInvasionRegion, _) => ("#e4ddd0", "#8a7f6a", 1.5, "5 3"),
            (SpaceKind::Province, Some(p)) => (PARCHMENT, colour(p.faction()), 4.0, ""),
            (SpaceKind::Province, None) => (PARCHMENT, "#8a7f6a", 1.5, ""),
        };
        let dash = if dash.is_empty() {
            String::new()
        } else {
            format!(r#" stroke-dasharray="{dash}""#)
        };
        let _ = writeln!(
            svg.out,
            r#"<g id="space-{space:?}" class="space"><title>{}</title>"#,
            escape(&format!("{space}: {}", self.space_words(space)))
        );
        svg.rect(
            x,
            y,
            BOX_W,
            BOX_H,
            &format!(r#"rx="7" fill="{fill}" stroke="{border}" stroke-width="{width}"{dash}"#),
        );
        svg.text(
            x + 7.0,
            y + 21.0,
            r#"font-size="13.5" font-weight="bold""#,
            space.name(),
        );
        let detail = match space.kind() {
            SpaceKind::Province => format!("Prosperity {}", self.map().prosperity(space)),
            SpaceKind::Delhi => "DS capital".into(),
            SpaceKind::MongolInvasionRegion => "Mongol Invasion Region".into(),
        };
        svg.text(
            x + 7.0,
            y + 36.0,
            &format!(r#"font-size="10.5" fill="{MUTED}""#),
            &detail,
        );
        if space.is_province() {
            let (label, fill, ink, stroke) = match (self.is_tributary(space), controller) {
                (true, _) => (
                    "Tributary".to_owned(),
                    colour(Faction::Sultanate),
                    "#ffffff",
                    colour(Faction::Sultanate),
                ),
                (false, Some(p)) => (
                    format!("{} control", p.faction().abbreviation()),
                    colour(p.faction()),
                    ink_on(p.faction()),
                    colour(p.faction()),
                ),
                (false, None) => ("Independent".to_owned(), "#ffffff", MUTED, "#8a7f6a"),
            };
            // The marker sits on the top edge of the box, at the right.
            let w = 6.2 * label.len() as f32 + 10.0;
            let (mx, my) = (x + BOX_W - w - 6.0, y - 7.5);
            svg.rect(
                mx,
                my,
                w,
                15.0,
                &format!(r#"rx="7.5" fill="{fill}" stroke="{stroke}" stroke-width="1.2""#),
            );
            svg.text(
                mx + w / 2.0,
                my + 11.0,
                &format!(r#"font-size="9.5" font-weight="bold" text-anchor="middle" fill="{ink}""#),
                &label,
            );
        }
        for (i, badge) in self.badges(space).iter().enumerate() {
            let (row, column) = (i / BADGES_PER_ROW, i % BADGES_PER_ROW);
            svg.badge(
                x + 7.0 + BADGE_PITCH * column as f32,
                y + 44.0 + 25.0 * row as f32,
                BADGE,
                badge,
            );
        }
        svg.out.push_str("</g>\n");
    }

    /// The pieces in `space` and its status, in words, for the box's hover title.
    fn space_words(&self, space: SpaceId) -> String {
        let mut words: Vec<String> = self.badges(space).into_iter().map(|b| b.title).collect();
        if words.is_empty() {
            words.push("empty".into());
        }
        if self.is_tributary(space) {
            words.push("Tributary".into());
        } else if let Some(p) = self.controller(space) {
            words.push(format!("controlled by {}", p.faction().abbreviation()));
        } else if space.is_province() {
            words.push("Independent".into());
        }
        words.join(", ")
    }

    /// The current card in words: "Event 12: Title" and a second line on its order or
    /// operator.
    fn card_words(&self) -> (String, Option<String>) {
        let Some(card) = self.deck().current() else {
            return ("No card revealed yet".into(), None);
        };
        match card {
            Card::Event(n) => {
                let title = self.card_text(n, None).map_or(String::new(), |c| c.title);
                let order: Vec<&str> = self
                    .options()
                    .deck
                    .order(n)
                    .iter()
                    .map(|p| p.faction().abbreviation())
                    .collect();
                (
                    format!("Event {n}: {title}"),
                    Some(format!("Faction order {}", order.join(" · "))),
                )
            }
            Card::MongolInvasion(n) => {
                let title = self
                    .cards()
                    .invasion(n)
                    .filter(|_| self.options().deck.is_standard())
                    .map_or("", |c| c.title.as_str());
                let operator = self.options().deck.operator(n).faction().abbreviation();
                (
                    format!("Mongol Invasion {n}: {title}"),
                    Some(format!("Mongols operated by {operator}")),
                )
            }
            Card::Succession(s) => (format!("Succession: {}", s.title()), None),
            Card::Timurid(n) => (format!("Timurid {n}"), None),
        }
    }

    /// The panel of tracks on the right.
    fn draw_panel(
        &self,
        svg: &mut Svg,
        card: Option<&CardText>,
        card_text: &[String],
        height: f32,
    ) {
        let x = PANEL_X;
        let w = WIDTH - PANEL_X - 8.0;
        svg.rect(
            x,
            8.0,
            w,
            height - 16.0,
            &format!(r##"rx="8" fill="{PARCHMENT}" stroke="#8a7f6a" stroke-width="1.5""##),
        );
        let left = x + 12.0;
        let heading = r#"font-size="12.5" font-weight="bold""#;
        let body = r#"font-size="11""#;
        let small = &format!(r#"font-size="10" fill="{MUTED}""#);
        let mut y = 32.0;
        svg.text(
            left,
            y,
            r#"font-size="19" font-weight="bold""#,
            "Vijayanagara",
        );
        y += 16.0;
        let deck = self.deck();
        svg.text(
            left,
            y,
            small,
            &format!(
                "Seed {} · {} dynasty · {} played, {} left",
                self.seed(),
                self.dynasty(),
                super::words::count(deck.played().len() as i64, "card", "cards"),
                deck.remaining()
            ),
        );

        // The current card and the decision.
        y += 22.0;
        svg.text(left, y, heading, "Current card");
        let (heading_words, detail) = self.card_words();
        let title = card.map_or(heading_words, CardText::heading);
        let _ = writeln!(
            svg.out,
            r#"<g id="current-card"><title>{}</title>"#,
            escape(&title)
        );
        for line in wrap(&title, 46) {
            y += 15.0;
            svg.text(left, y, body, &line);
        }
        if let Some(detail) = detail {
            y += 14.0;
            svg.text(left, y, small, &detail);
        }
        if !card_text.is_empty() {
            y += 3.0;
        }
        for line in card_text {
            y += CARD_LINE;
            svg.text(left, y, r#"font-size="10""#, line);
        }
        svg.out.push_str("</g>\n");
        y += 20.0;
        svg.text(left, y, heading, "To decide");
        let decision = match self.decision() {
            Some(d) => format!("{} — {}", d.player.faction().abbreviation(), d.kind),
            None if self.is_over() => {
                let winners: Vec<&str> = self
                    .outcome()
                    .winners
                    .iter()
                    .map(|p| p.faction().abbreviation())
                    .collect();
                format!("Game over; won by {}", winners.join(" and "))
            }
            None => "Nothing".into(),
        };
        let _ = writeln!(
            svg.out,
            r#"<g id="decision"><title>{}</title>"#,
            escape(&decision)
        );
        for line in wrap(&decision, 46) {
            y += 15.0;
            svg.text(left, y, body, &line);
        }
        svg.out.push_str("</g>\n");

        // The factions' numbers.
        y += 24.0;
        let columns = [left + 92.0, left + 122.0, left + 148.0];
        svg.text(left, y, heading, "Faction");
        for (cx, label) in columns.iter().zip(["Res", "VP", "Cav"]) {
            svg.text(
                *cx,
                y,
                r#"font-size="10.5" font-weight="bold" text-anchor="end""#,
                label,
            );
        }
        svg.text(
            left + 158.0,
            y,
            r#"font-size="10.5" font-weight="bold""#,
            "Play order",
        );
        for player in Player::ALL {
            y += 17.0;
            let faction = player.faction();
            svg.rect(
                left,
                y - 10.0,
                11.0,
                11.0,
                &format!(
                    r#"rx="2" fill="{}" stroke="{INK}" stroke-width="0.6""#,
                    colour(faction)
                ),
            );
            svg.text(
                left + 16.0,
                y,
                r#"font-size="11" font-weight="bold""#,
                faction.abbreviation(),
            );
            let values = [
                i32::from(self.resources(player)),
                self.victory_points(player),
                i32::from(self.cavalry(player)),
            ];
            for (cx, value) in columns.iter().zip(values) {
                svg.text(
                    *cx,
                    y,
                    r#"font-size="11" text-anchor="end""#,
                    &value.to_string(),
                );
            }
            let mut order = self.eligibility(player).to_string();
            if self.stays_eligible(player) {
                order.push_str(" (stays)");
            }
            svg.text(left + 158.0, y, r#"font-size="10.5""#, &order);
        }
        y += 16.0;
        svg.text(
            left,
            y,
            small,
            &format!("Cavalry pool: {} tokens", self.cavalry_pool()),
        );

        // The Deccan Influence tracks.
        y += 22.0;
        svg.text(left, y, heading, "Deccan Influence");
        for player in [Player::Bahmani, Player::Vijayanagara] {
            y += 8.0;
            self.draw_influence(svg, left, y, player);
            y += 50.0;
        }
        y += 14.0;
        svg.text(
            left,
            y,
            small,
            "Filled box: the marker. Hexagons: units in slots.",
        );
        y += 10.0;

        // The holding boxes.
        y += 8.0;
        svg.text(left, y, heading, "Available");
        let available = self.available();
        for faction in Faction::ALL {
            y += 15.0;
            let kinds: Vec<String> = PieceKind::ALL
                .into_iter()
                .filter(|k| k.owner() == faction)
                .map(|k| format!("{} {}", available.get(k), k.name(available.get(k))))
                .collect();
            svg.text(
                left,
                y,
                body,
                &format!("{}: {}", faction.abbreviation(), kinds.join(", ")),
            );
        }

        // Lasting effects.
        y += 22.0;
        svg.text(left, y, heading, "Lasting effects");
        let effects: Vec<Lasting> = self.lasting_effects().iter().collect();
        if effects.is_empty() {
            y += 15.0;
            svg.text(left, y, small, "none in force");
        }
        for effect in effects {
            let (name, what) = lasting_text(effect);
            for line in wrap(&format!("{name}: {what}"), 48) {
                y += 15.0;
                svg.text(left, y, r#"font-size="10.5""#, &line);
            }
        }

        self.draw_legend(svg, left, height - 122.0);
    }

    /// One Influence track: the levels 0–4 with the marker, and the slots with their pieces.
    fn draw_influence(&self, svg: &mut Svg, left: f32, top: f32, player: Player) {
        let Some(track) = self.influence_track(player) else {
            return;
        };
        let faction = player.faction();
        let piece = if player == Player::Bahmani {
            PieceKind::Amir
        } else {
            PieceKind::Raja
        };
        let _ = writeln!(
            svg.out,
            r#"<g id="influence-{}"><title>{} Influence {}</title>"#,
            faction.abbreviation(),
            faction.abbreviation(),
            track.level
        );
        svg.text(
            left,
            top + 24.0,
            r#"font-size="11" font-weight="bold""#,
            &format!("{} {}", faction.abbreviation(), track.level),
        );
        let cell = 44.0;
        let x0 = left + 40.0;
        for level in 0..=MAX_INFLUENCE {
            let cx = x0 + cell * f32::from(level);
            let marker = level == track.level;
            let (fill, ink) = if marker {
                (colour(faction), ink_on(faction))
            } else {
                ("#ffffff", MUTED)
            };
            svg.rect(
                cx,
                top + 10.0,
                cell - 4.0,
                18.0,
                &format!(
                    r#"rx="3" fill="{fill}" stroke="{}" stroke-width="1""#,
                    colour(faction)
                ),
            );
            svg.text(
                cx + (cell - 4.0) / 2.0,
                top + 23.0,
                &format!(r#"font-size="11" font-weight="bold" text-anchor="middle" fill="{ink}""#),
                &level.to_string(),
            );
        }
        for &level in slot_levels(player) {
            let cx = x0 + cell * f32::from(level);
            let held = track.slots[usize::from(level - 1)];
            for i in 0..SLOT_SIZE {
                let style = if i < held {
                    format!(
                        r#"fill="{}" stroke="{INK}" stroke-width="0.6""#,
                        colour(faction)
                    )
                } else {
                    r##"fill="none" stroke="#aaaaaa" stroke-width="1" stroke-dasharray="2 2""##
                        .to_owned()
                };
                svg.shape(
                    shape(piece),
                    cx + 2.0 + 19.0 * f32::from(i),
                    top + 31.0,
                    16.0,
                    &style,
                );
            }
        }
        svg.out.push_str("</g>\n");
    }

    /// What the shapes and colours mean.
    fn draw_legend(&self, svg: &mut Svg, left: f32, top: f32) {
        svg.text(
            left,
            top,
            r#"font-size="12.5" font-weight="bold""#,
            "Legend",
        );
        let entries = [
            (PieceKind::Troop, false, "Troop (DS), Mongol (MI)"),
            (PieceKind::Governor, false, "Governor (DS)"),
            (PieceKind::Amir, false, "Amir (BK), Raja (VN)"),
            (PieceKind::Amir, true, "Rebelling Amir or Raja"),
            (PieceKind::Qasbah, false, "Qasbah, Fort, Temple"),
        ];
        let mut y = top + 6.0;
        for (kind, rebelling, text) in entries {
            let badge = Badge {
                kind,
                rebelling,
                label: String::new(),
                title: text.into(),
            };
            svg.badge(left, y, 16.0, &badge);
            svg.text(left + 22.0, y + 12.5, r#"font-size="10.5""#, text);
            y += 20.0;
        }
        let mut y = top + 6.0;
        for faction in Faction::ALL {
            svg.rect(
                left + 172.0,
                y + 3.0,
                12.0,
                12.0,
                &format!(
                    r#"rx="2" fill="{}" stroke="{INK}" stroke-width="0.6""#,
                    colour(faction)
                ),
            );
            svg.text(
                left + 189.0,
                y + 13.0,
                r#"font-size="10.5""#,
                &format!("{} {}", faction.abbreviation(), short_name(faction)),
            );
            y += 20.0;
        }
        svg.text(
            left + 172.0,
            y + 13.0,
            &format!(r#"font-size="10" fill="{MUTED}""#),
            "Thick border: control",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::RandomBot;
    use crate::engine::{Game, Log};
    use crate::vijayanagara::game::game;
    use crate::vijayanagara::{CommandKind, DecisionKind};

    /// The spaces a picture outlines as touched by the last action.
    fn outlined(svg: &str) -> Vec<SpaceId> {
        SpaceId::ALL
            .into_iter()
            .filter(|s| svg.contains(&format!(r#"<g id="last-space-{s:?}" class="last-action">"#)))
            .collect()
    }

    /// Applies the actions given as text from seed 7, returning the position before the last.
    fn play(actions: &[&str]) -> (State, State, Action) {
        let mut state = State::new(7);
        let mut before = state.clone();
        let mut last = None;
        for text in actions {
            let action: Action = text.parse().unwrap();
            before = state.clone();
            game()
                .apply(&mut state, action, &mut Log::silent())
                .unwrap();
            last = Some(action);
        }
        (before, state, last.unwrap())
    }

    #[test]
    fn the_palette_names_each_factions_colour_as_the_board_draws_it() {
        let colours = palette();
        let names: Vec<&str> = colours.iter().take(4).map(|c| c.0).collect();
        assert_eq!(names, ["DS", "BK", "VN", "MI"]);
        let svg = State::new(7).to_svg();
        for (name, colour) in &colours[..4] {
            // The legend's swatch of the faction is filled with its colour.
            let legend = format!(r#"fill="{colour}""#);
            assert!(
                svg.contains(&legend),
                "{name}'s {colour} is not on the board"
            );
        }
        assert_eq!(colours[0].1, "#5b5b5b");
        assert!(colours.iter().any(|c| c.0 == "highlight"));
    }

    #[test]
    fn the_first_position_has_no_highlight_and_no_caption() {
        let svg = State::new(7).to_svg();
        assert!(!svg.contains("last-action"));
        assert!(!svg.contains("Last:"));
    }

    #[test]
    fn rule_3_3_1_a_space_selected_for_rally_is_outlined_and_no_other() {
        let (before, after, action) =
            play(&["option Command & Decree", "command Rally", "select Andhra"]);
        let svg = after.to_svg_after(&before, action);
        assert_eq!(outlined(&svg), [SpaceId::Andhra]);
        assert_eq!(svg.matches(r#"class="last-action""#).count(), 1);
        assert!(
            svg.contains("Last: select Andhra (VN)"),
            "the caption names it and its faction"
        );
        assert!(svg.contains("Outlined: Andhra"));
        // The Raja placed by the count goes to the same space, and only there.
        let (before, after, action) = play(&[
            "option Command & Decree",
            "command Rally",
            "select Andhra",
            "count 1",
        ]);
        assert_eq!(
            outlined(&after.to_svg_after(&before, action)),
            [SpaceId::Andhra]
        );
    }

    #[test]
    fn an_action_that_touches_no_space_outlines_none_but_is_captioned() {
        let (before, after, action) = play(&["option Command & Decree"]);
        let svg = after.to_svg_after(&before, action);
        assert!(outlined(&svg).is_empty());
        assert!(svg.contains("Last: option Command &amp; Decree (VN)"));
        assert!(svg.contains("No space touched"));
    }

    #[test]
    fn rule_3_2_2_a_unit_moved_outlines_the_space_it_left_and_the_one_it_entered() {
        let mut found = 0;
        for seed in 0..40 {
            let mut state = State::new(seed);
            let mut bot = RandomBot::new(seed);
            for _ in 0..400 {
                let legal = state.legal_actions();
                let Some(action) = legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::Move { .. }))
                    .or_else(|| bot.choose_from(&legal))
                else {
                    break;
                };
                let before = state.clone();
                game()
                    .apply(&mut state, action, &mut Log::silent())
                    .unwrap();
                let Action::Move { from, .. } = action else {
                    continue;
                };
                // A March or a Migrate moves the unit at once; a Campaign gathers a group.
                let Some(DecisionKind::Command {
                    kind: CommandKind::March | CommandKind::Migrate,
                    ..
                }) = before.decision().map(|d| d.kind)
                else {
                    continue;
                };
                let gained: Vec<SpaceId> = SpaceId::ALL
                    .into_iter()
                    .filter(|&s| s != from && before.space(s) != state.space(s))
                    .collect();
                assert_eq!(gained.len(), 1, "one unit enters one space: {action}");
                let mut expected = vec![from, gained[0]];
                expected.sort();
                let mut got = outlined(&state.to_svg_after(&before, action));
                got.sort();
                assert_eq!(got, expected, "{action}");
                found += 1;
                break;
            }
        }
        assert!(found > 5, "moves were met in {found} games");
    }
}
