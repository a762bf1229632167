//! A picture of the kingdom as SVG: the sites with what the player knows of them, the fort
//! ladders, and the player's camp; and the sites the last action touched, highlighted.

use std::fmt::Write as _;

use crate::engine::svg::{
    GREY, INK, MUTED, PARCHMENT, RED, SAFFRON, Svg, TURQUOISE, escape, last_caption, wrap,
};

use super::state::Phase;
use super::{
    Action, RaidData, Resource, Resources, SiteId, SiteKind, State, TalentSet, UnitSet, WarStatus,
};

/// The drawing's coordinate system: the sites on the left, the panel on the right.
const WIDTH: f32 = 1000.0;
const HEIGHT: f32 = 700.0;
/// Where the side panel starts.
const PANEL_X: f32 = 680.0;
/// A site's box: the width, and the height of each kind's box.
const BOX_W: f32 = 212.0;
const FORT_H: f32 = 152.0;
const TOWN_H: f32 = 112.0;
const VILLAGE_H: f32 = 98.0;
/// The left edges of the three columns of boxes.
const COLUMNS: [f32; 3] = [10.0, 232.0, 454.0];
/// The tops of the rows: forts, towns, the two rows of villages, castles.
const FORT_Y: f32 = 30.0;
const TOWN_Y: f32 = 210.0;
const VILLAGE_Y: [f32; 2] = [350.0, 458.0];
const CASTLE_Y: f32 = 584.0;

const UNSEEN: &str = "#f3eee0";
const BORDER: &str = "#8a7f6a";

/// Where the caption of the last action sits: the third column of the castles' row, which
/// has no site.
const CAPTION_X: f32 = 454.0;
const CAPTION_Y: f32 = 584.0;

/// The colours of the kingdom by name: a site raided today (saffron), the front line
/// (turquoise), a sacked site (red), a fallen fort (grey), a site never seen, then the
/// colours every picture uses. The one list the pictures and
/// [`Game::palette`](crate::engine::Game::palette) share.
pub(crate) fn palette() -> Vec<(&'static str, &'static str)> {
    crate::engine::svg::palette(&[
        ("raided", SAFFRON),
        ("front line", TURQUOISE),
        ("sacked", RED),
        ("fallen", GREY),
        ("unseen", UNSEEN),
    ])
}

/// The last action drawn on the kingdom: the sites it touched and its caption.
struct LastDrawn {
    sites: Vec<SiteId>,
    caption: String,
}

/// A site's name as the picture writes it: "Fort 1", "Village 6".
fn display_name(site: SiteId) -> String {
    let kind = match site.kind() {
        SiteKind::Fort => "Fort",
        SiteKind::Town => "Town",
        SiteKind::Village => "Village",
        SiteKind::Castle => "Castle",
    };
    format!("{kind} {}", site.number())
}

/// The top-left corner of a site's box and its height.
fn position(site: SiteId) -> (f32, f32, f32) {
    let column = |i: usize| COLUMNS[i % 3];
    let i = site.number() - 1;
    match site.kind() {
        SiteKind::Fort => (column(i), FORT_Y, FORT_H),
        SiteKind::Town => (column(i), TOWN_Y, TOWN_H),
        SiteKind::Village => (column(i), VILLAGE_Y[i / 3], VILLAGE_H),
        SiteKind::Castle => (column(i), CASTLE_Y, VILLAGE_H),
    }
}

/// A status marker on the top edge of a box: its label, fill and ink.
struct Marker {
    label: &'static str,
    fill: &'static str,
    ink: &'static str,
}

/// Talents in words: "Castle Wall, Elite", or `none`.
fn talent_words(talents: TalentSet, none: &str) -> String {
    let data = RaidData::standard();
    let names: Vec<&str> = talents
        .iter()
        .map(|t| data.talent(t).name.as_str())
        .collect();
    if names.is_empty() {
        none.into()
    } else {
        names.join(", ")
    }
}

/// Unique units in words: "Fort engineer, Fort commander", or `none`.
fn unit_words(units: UnitSet, none: &str) -> String {
    let names: Vec<&str> = units.iter().map(|u| u.entry().name.as_str()).collect();
    if names.is_empty() {
        none.into()
    } else {
        names.join(", ")
    }
}

/// At most `max` lines of `lines`, the last one saying how much was left out.
fn at_most(mut lines: Vec<String>, max: usize) -> Vec<String> {
    if lines.len() > max {
        lines.truncate(max);
        if let Some(last) = lines.last_mut() {
            last.push_str(" …");
        }
    }
    lines
}

impl Svg {
    /// Opens a group with an id and a hover title.
    fn group(&mut self, id: &str, title: &str) {
        let _ = writeln!(
            self.out,
            r#"<g id="{}"><title>{}</title>"#,
            escape(id),
            escape(title)
        );
    }

    fn end_group(&mut self) {
        self.out.push_str("</g>\n");
    }

    /// Markers on the top edge of a box whose right edge is `right`, laid out right to left.
    fn markers(&mut self, right: f32, top: f32, markers: &[Marker]) {
        let mut x = right - 6.0;
        for marker in markers {
            let w = 6.2 * marker.label.len() as f32 + 12.0;
            x -= w;
            let stroke = if marker.fill == "#ffffff" {
                BORDER
            } else {
                marker.fill
            };
            self.rect(
                x,
                top - 7.5,
                w,
                15.0,
                &format!(
                    r#"rx="7.5" fill="{}" stroke="{stroke}" stroke-width="1.2""#,
                    marker.fill
                ),
            );
            self.text(
                x + w / 2.0,
                top + 3.5,
                &format!(
                    r#"font-size="9.5" font-weight="bold" text-anchor="middle" fill="{}""#,
                    marker.ink
                ),
                marker.label,
            );
            x -= 4.0;
        }
    }

    /// The five resources in two rows of labelled values, `None` written "?": Soldiers,
    /// Weapons and Food, then Funds and Slaves. `big` draws the camp's larger figures.
    fn resources(&mut self, x: f32, y: f32, values: Option<&Resources>, big: bool) {
        // Where each column's label starts and its value ends, and the height of a row.
        let (label_size, value_size, labels, ends, row) = if big {
            (11.0, 14.0, [0.0, 96.0, 198.0], [80.0, 182.0, 262.0], 19.0)
        } else {
            (10.0, 12.0, [0.0, 68.0, 140.0], [60.0, 130.0, 192.0], 16.0)
        };
        let cells = [
            (Resource::Soldiers, 0, 0.0),
            (Resource::Weapons, 1, 0.0),
            (Resource::Food, 2, 0.0),
            (Resource::Funds, 0, 1.0),
            (Resource::Slaves, 1, 1.0),
        ];
        for (resource, column, line) in cells {
            let cy = y + row * line;
            self.text(
                x + labels[column],
                cy,
                &format!(r#"font-size="{label_size}" fill="{MUTED}""#),
                resource.name(),
            );
            let (value, ink) = match values {
                Some(v) => (v[resource].to_string(), INK),
                None => ("?".to_owned(), MUTED),
            };
            self.text(
                x + ends[column],
                cy,
                &format!(
                    r#"font-size="{value_size}" font-weight="bold" text-anchor="end" fill="{ink}""#
                ),
                &value,
            );
        }
    }
}

impl State {
    /// A picture of the kingdom as the player knows it (RG-9), as an SVG document.
    ///
    /// The left of the picture is the map: the three forts on top, front line (Fort 1) first,
    /// then the three towns, the six villages and the two castles. Each site's box gives its
    /// name, its fixed talents (RG-2.1), the day it was last seen, its five resources as last
    /// seen and the unique units seen there. A site never seen has a dashed border, "?" for
    /// every value and "?" for its units: the true values, which may differ after drift
    /// (RG-7.6), are never drawn. A fort's box also shows its war-status ladder (RG-2.2), the
    /// current step filled (saffron, or red once Fallen) and the steps passed shaded.
    /// Markers on the top edge of a box say "Front line" (the fort the war-status roll moves,
    /// ruling 15), "Fallen", "Sacked" (a site taken, RG-5.4), "Raided today" (RG-5.6, also a
    /// thick saffron border) or, for the castles, "Reserved" (ruling 13).
    ///
    /// The panel on the right gives the day, phase and fatigue of the next raid (ruling 20),
    /// the decision the game waits for with its legal choices, the camp's resources and
    /// strength, its talents (its own and its units'), the unique units with it, the
    /// recruits so far, the score of ruling 26, and a legend.
    ///
    /// The document is self-contained (no fonts, images or scripts), has a fixed `viewBox` and
    /// asks to be shown 900 pixels wide; every text is XML-escaped.
    ///
    /// ```
    /// use darbar::engine::{Game, Log};
    /// use darbar::raid::Raid;
    ///
    /// let game = Raid::default();
    /// let mut state = game.new_initial_state(7);
    /// game.apply(&mut state, "scout village-2".parse().unwrap(), &mut Log::silent()).unwrap();
    /// let svg = state.to_svg();
    /// assert!(svg.starts_with("<svg"));
    /// assert!(svg.contains("viewBox"));
    /// assert!(svg.contains(">Village 2</text>") && svg.contains(">Fort 3</text>"));
    /// assert!(svg.contains(r#"<g id="site-village-2" class="site">"#));
    /// assert!(svg.contains("seen today (day 1)")); // village 2, as scouted
    /// assert!(svg.contains("never seen")); // every other site: "?" for its values
    /// ```
    pub fn to_svg(&self) -> String {
        self.picture(None)
    }

    /// The picture of [`State::to_svg`] with the last action shown: `action` was taken in
    /// `before` and led to this position. Every site it touched ([`State::touched_since`]) has
    /// a blue outline (an SVG group `last-site-<site>` of class `last-action`), and a caption
    /// beside the castles reads `Last: <action>` with the sites named.
    ///
    /// ```
    /// use darbar::engine::{Game, Log};
    /// use darbar::raid::{Action, Raid};
    ///
    /// let game = Raid::default();
    /// let before = game.new_initial_state(7);
    /// let action: Action = "scout village-2".parse().unwrap();
    /// let mut after = before.clone();
    /// game.apply(&mut after, action, &mut Log::silent()).unwrap();
    /// let svg = after.to_svg_after(&before, action);
    /// assert!(svg.contains("Last: scout village-2"));
    /// assert!(svg.contains(r#"<g id="last-site-village-2" class="last-action">"#));
    /// assert!(!svg.contains(r#"id="last-site-village-1""#));
    /// ```
    pub fn to_svg_after(&self, before: &State, action: Action) -> String {
        self.picture(Some(LastDrawn {
            sites: self.touched_since(before, action),
            caption: last_caption(&action.to_string(), None),
        }))
    }

    /// The sites `action`, taken in `before`, touched to reach this position, in the order of
    /// [`SiteId::ALL`]: the site it scouts (RG-4) or raids (RG-5), the site a continued
    /// plunder works on (RG-5.5), and every site whose picture it changed as the player sees
    /// it (RG-9): what is known of it, its war status (RG-2.2) or its sacking (RG-5.4). A true
    /// value the player does not see (a drift, RG-7.6) never counts, so the highlight tells
    /// nothing hidden.
    pub fn touched_since(&self, before: &State, action: Action) -> Vec<SiteId> {
        let named = match action {
            Action::Scout(site) | Action::Raid(site) => Some(site),
            Action::Plunder | Action::StopPlunder => before.plunder().map(|p| p.site),
            _ => None,
        };
        SiteId::ALL
            .into_iter()
            .filter(|&site| {
                named == Some(site)
                    || before.known_site(site) != self.known_site(site)
                    || before.war_status(site) != self.war_status(site)
                    || before.site(site).sacked != self.site(site).sacked
            })
            .collect()
    }

    /// The whole picture, with the last action's highlight if there is one.
    fn picture(&self, last: Option<LastDrawn>) -> String {
        let mut svg = Svg::document(
            WIDTH,
            HEIGHT,
            &format!(
                "Kingdom raid, seed {}: the kingdom as the player knows it",
                self.seed()
            ),
        );
        let heading = r#"font-size="12.5" font-weight="bold""#;
        let rows = [
            (FORT_Y, "Forts — the front line first (RG-2.2, ruling 15)"),
            (TOWN_Y, "Towns"),
            (VILLAGE_Y[0], "Villages"),
            (CASTLE_Y, "Castles"),
        ];
        for (y, label) in rows {
            svg.text(COLUMNS[0] + 2.0, y - 12.0, heading, label);
        }
        if let Some(last) = &last {
            for &site in &last.sites {
                let (x, y, h) = position(site);
                svg.highlight(&format!("last-site-{site}"), x, y, BOX_W, h);
            }
        }
        for site in SiteId::ALL {
            self.draw_site(&mut svg, site);
        }
        if let Some(last) = &last {
            let names: Vec<String> = last.sites.iter().map(|&s| display_name(s)).collect();
            let detail = if names.is_empty() {
                "No site touched".to_owned()
            } else {
                format!("Outlined: {}", names.join(", "))
            };
            svg.last_action_caption(CAPTION_X, CAPTION_Y, BOX_W, &last.caption, &detail);
        }
        self.draw_panel(&mut svg);
        svg.finish()
    }

    /// The markers of a site, most important first.
    fn markers(&self, site: SiteId) -> Vec<Marker> {
        let mut markers = Vec::new();
        if !self.in_play(site) {
            markers.push(Marker {
                label: "Reserved",
                fill: "#ffffff",
                ink: MUTED,
            });
            return markers;
        }
        let fallen = self.war_status(site) == Some(WarStatus::Fallen);
        let sacked = self.site(site).sacked;
        if sacked {
            markers.push(Marker {
                label: "Sacked",
                fill: RED,
                ink: "#ffffff",
            });
        }
        if fallen {
            markers.push(Marker {
                label: "Fallen",
                fill: GREY,
                ink: "#ffffff",
            });
        }
        if self.raided_this_turn().contains(&site) {
            markers.push(Marker {
                label: "Raided today",
                fill: SAFFRON,
                ink: INK,
            });
        }
        if self.front_fort() == Some(site) {
            markers.push(Marker {
                label: "Front line",
                fill: TURQUOISE,
                ink: "#ffffff",
            });
        }
        markers
    }

    /// What the player knows of a site, in words, for the box's hover title.
    fn site_words(&self, site: SiteId) -> String {
        if !self.in_play(site) {
            return format!("{site}: reserved, never scouted nor raided (ruling 13)");
        }
        let mut words = match self.known_site(site) {
            None => format!("{site}: never seen"),
            Some(seen) => format!(
                "{site}: {} (seen day {}); units: {}",
                seen.resources,
                seen.turn,
                unit_words(seen.units, "none")
            ),
        };
        if let Some(status) = self.war_status(site) {
            let _ = write!(words, "; war status {status}");
        }
        if self.site(site).sacked {
            words.push_str("; sacked");
        }
        if self.raided_this_turn().contains(&site) {
            words.push_str("; raided today");
        }
        words
    }

    /// One site: its box, name, talents, ladder, values and units.
    fn draw_site(&self, svg: &mut Svg, site: SiteId) {
        let (x, y, h) = position(site);
        let seen = self.known_site(site);
        let in_play = self.in_play(site);
        let raided = self.raided_this_turn().contains(&site);
        let (fill, border, width, dash) = if !in_play {
            ("#e4ddd0", BORDER, 1.5, r#" stroke-dasharray="5 3""#)
        } else if self.site(site).sacked || self.war_status(site) == Some(WarStatus::Fallen) {
            ("#ece4d6", GREY, 1.5, "")
        } else if seen.is_none() {
            (UNSEEN, BORDER, 1.5, r#" stroke-dasharray="5 3""#)
        } else {
            (PARCHMENT, BORDER, 1.5, "")
        };
        let (border, width) = if raided {
            (SAFFRON, 3.5)
        } else {
            (border, width)
        };
        let _ = writeln!(
            svg.out,
            r#"<g id="site-{site}" class="site"><title>{}</title>"#,
            escape(&self.site_words(site))
        );
        svg.rect(
            x,
            y,
            BOX_W,
            h,
            &format!(r#"rx="7" fill="{fill}" stroke="{border}" stroke-width="{width}"{dash}"#),
        );
        svg.text(
            x + 8.0,
            y + 20.0,
            r#"font-size="14" font-weight="bold""#,
            &display_name(site),
        );
        svg.markers(x + BOX_W, y, &self.markers(site));
        let small = format!(r#"font-size="10" fill="{MUTED}""#);
        if !in_play {
            svg.text(
                x + 8.0,
                y + 40.0,
                &small,
                "Reserved: never scouted nor raided",
            );
            svg.text(x + 8.0, y + 55.0, &small, "(ruling 13)");
            svg.out.push_str("</g>\n");
            return;
        }
        let seen_words = match seen {
            None => "never seen".to_owned(),
            Some(o) if o.turn == self.turn() => format!("seen today (day {})", o.turn),
            Some(o) => format!("seen day {}", o.turn),
        };
        svg.text(
            x + 8.0,
            y + 36.0,
            &small,
            &format!(
                "{} · {seen_words}",
                talent_words(self.site_talents(site), "no talents")
            ),
        );
        let mut top = y + 36.0;
        if let Some(status) = self.war_status(site) {
            self.draw_ladder(svg, x + 8.0, y + 44.0, status);
            top = y + 80.0;
        }
        svg.resources(x + 8.0, top + 19.0, seen.map(|o| &o.resources), false);
        let units = match seen {
            None => "?".to_owned(),
            Some(o) => unit_words(o.units, "none"),
        };
        let lines = at_most(wrap(&format!("Units: {units}"), 36), 2);
        for (i, line) in lines.iter().enumerate() {
            svg.text(
                x + 8.0,
                top + 54.0 + 13.0 * i as f32,
                r#"font-size="10""#,
                line,
            );
        }
        svg.out.push_str("</g>\n");
    }

    /// A fort's war-status ladder: six steps, the current one filled, and its name below.
    fn draw_ladder(&self, svg: &mut Svg, x: f32, y: f32, status: WarStatus) {
        svg.group(
            &format!("ladder-{}", status.index()),
            &format!("War status: {status}"),
        );
        let cell = 32.5;
        for step in WarStatus::LADDER {
            let cx = x + cell * step.index() as f32;
            let (fill, ink, stroke) = if step == status {
                if status == WarStatus::Fallen {
                    (RED, "#ffffff", RED)
                } else {
                    (SAFFRON, INK, "#9a7000")
                }
            } else if step < status {
                ("#e4ddd0", MUTED, BORDER)
            } else {
                ("#ffffff", MUTED, BORDER)
            };
            let _ = writeln!(svg.out, "<g><title>{}</title>", escape(step.name()));
            svg.rect(
                cx,
                y,
                cell - 3.0,
                16.0,
                &format!(r#"rx="3" fill="{fill}" stroke="{stroke}" stroke-width="1""#),
            );
            let label = if step == WarStatus::Fallen {
                "✕".to_owned()
            } else {
                step.index().to_string()
            };
            svg.text(
                cx + (cell - 3.0) / 2.0,
                y + 12.0,
                &format!(
                    r#"font-size="10.5" font-weight="bold" text-anchor="middle" fill="{ink}""#
                ),
                &label,
            );
            svg.end_group();
        }
        svg.text(
            x,
            y + 30.0,
            r#"font-size="10.5""#,
            &format!("War status {}: {status}", status.index()),
        );
        svg.end_group();
    }

    /// The turn, the phase and the fatigue of the next raid (ruling 20), in words.
    fn fatigue_words(&self) -> String {
        match (self.phase(), self.plunder()) {
            (Phase::Over, _) => "No more raids: the game is over".into(),
            (Phase::Plunder, Some(p)) => format!(
                "Plundering {}: step {} next, fatigue {} against regulars",
                p.site,
                p.steps + 1,
                p.fatigue
            ),
            (Phase::Settlement, _) => format!(
                "Raids today: {}; the raids are over",
                self.raided_this_turn().len()
            ),
            _ => {
                let n = self.raided_this_turn().len() + 1;
                format!(
                    "Next raid: no. {n}, fatigue {}, strength {}",
                    self.fatigue(n),
                    self.next_raid_power()
                )
            }
        }
    }

    /// The panel on the right.
    fn draw_panel(&self, svg: &mut Svg) {
        let x = PANEL_X;
        let w = WIDTH - PANEL_X - 8.0;
        svg.rect(
            x,
            8.0,
            w,
            HEIGHT - 16.0,
            &format!(r#"rx="8" fill="{PARCHMENT}" stroke="{BORDER}" stroke-width="1.5""#),
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
            "Kingdom raid",
        );
        y += 16.0;
        svg.text(
            left,
            y,
            small,
            &format!(
                "Seed {} · game {} of the campaign",
                self.seed(),
                self.campaign().games + 1
            ),
        );

        // The turn.
        y += 22.0;
        svg.group(
            "turn",
            &format!("Day {}, {} phase", self.turn(), self.phase()),
        );
        svg.text(
            left,
            y,
            heading,
            &format!("Day {} · {} phase", self.turn(), self.phase()),
        );
        for line in wrap(&self.fatigue_words(), 48) {
            y += 15.0;
            svg.text(left, y, body, &line);
        }
        svg.end_group();

        // The decision.
        y += 22.0;
        svg.text(left, y, heading, "To decide");
        let (decision, choices) = match self.decision() {
            Some(d) => {
                let choices: Vec<String> = d.choices.iter().map(|a| a.to_string()).collect();
                (
                    format!("{} ({})", d.kind, d.kind.rule()),
                    format!("Choices: {}", choices.join(", ")),
                )
            }
            None => {
                let ending = self
                    .ending()
                    .map_or_else(|| "over".to_owned(), |e| e.to_string());
                (format!("Game over: {ending}"), String::new())
            }
        };
        svg.group("decision", &decision);
        for line in wrap(&decision, 46) {
            y += 15.0;
            svg.text(left, y, body, &line);
        }
        for line in at_most(wrap(&choices, 52), 4) {
            y += 13.0;
            svg.text(left, y, small, &line);
        }
        svg.end_group();

        // The camp.
        y += 24.0;
        svg.group("camp", &format!("Camp: {}", self.player()));
        svg.text(left, y, heading, "Camp");
        y += 18.0;
        svg.resources(left, y, Some(self.player()), true);
        y += 19.0;
        let strength = format!(
            "Strength {} (the lesser of Soldiers and Weapons) + {} from units",
            self.player().strength(),
            self.unit_power()
        );
        for line in wrap(&strength, 48) {
            y += 15.0;
            svg.text(left, y, body, &line);
        }
        svg.end_group();

        // Talents and units.
        y += 22.0;
        svg.text(left, y, heading, "Talents");
        let own = talent_words(self.talents(), "none");
        let from_units = TalentSet::from_iter(
            self.army_talents()
                .iter()
                .filter(|&t| !self.talents().contains(t)),
        );
        let mut talents = format!("Own: {own}");
        if !from_units.is_empty() {
            let _ = write!(
                talents,
                "; from units: {}",
                talent_words(from_units, "none")
            );
        }
        if self.pending_talents() > 0 {
            let _ = write!(talents, "; {} to choose", self.pending_talents());
        }
        for line in at_most(wrap(&talents, 50), 3) {
            y += 15.0;
            svg.text(left, y, body, &line);
        }
        y += 22.0;
        svg.text(left, y, heading, "Unique units with the camp");
        let army: Vec<String> = self
            .army()
            .iter()
            .map(|u| {
                let entry = u.entry();
                if entry.power_bonus > 0 {
                    format!("{} (+{})", entry.name, entry.power_bonus)
                } else {
                    entry.name.clone()
                }
            })
            .collect();
        let army = if army.is_empty() {
            "none".to_owned()
        } else {
            army.join(", ")
        };
        for line in at_most(wrap(&army, 52), 4) {
            y += 14.0;
            svg.text(left, y, r#"font-size="10.5""#, &line);
        }
        let captured = self.captured.len();
        if captured > 0 {
            y += 14.0;
            svg.text(left, y, small, &format!("{captured} captured in this game"));
        }

        // Totals.
        y += 22.0;
        svg.text(left, y, heading, "Totals");
        y += 15.0;
        svg.text(
            left,
            y,
            body,
            &format!(
                "Recruited {} in the campaign · sites sacked {}",
                self.recruited_total(),
                SiteId::ALL.iter().filter(|&&s| self.site(s).sacked).count()
            ),
        );
        y += 15.0;
        let score = match self.final_score() {
            Some((score, rank)) => format!("Final score {score}: {rank} (ruling 26)"),
            None => format!("Score if the Empire arrived now: {}", self.score()),
        };
        svg.text(left, y, body, &score);

        self.draw_legend(svg, left, HEIGHT - 118.0);
    }

    /// What the markings mean.
    fn draw_legend(&self, svg: &mut Svg, left: f32, top: f32) {
        svg.text(
            left,
            top,
            r#"font-size="12.5" font-weight="bold""#,
            "Legend",
        );
        let small = r#"font-size="10""#;
        let swatches = [
            (UNSEEN, BORDER, true, "Never seen: values \"?\""),
            (PARCHMENT, BORDER, false, "Values as last seen"),
            ("#ece4d6", GREY, false, "Sacked, or a fallen fort"),
            (PARCHMENT, SAFFRON, false, "Raided today"),
        ];
        let mut y = top + 8.0;
        for (fill, stroke, dashed, text) in swatches {
            let dash = if dashed {
                r#" stroke-dasharray="3 2""#
            } else {
                ""
            };
            let width = if stroke == SAFFRON { 2.5 } else { 1.2 };
            svg.rect(
                left,
                y,
                22.0,
                13.0,
                &format!(r#"rx="3" fill="{fill}" stroke="{stroke}" stroke-width="{width}"{dash}"#),
            );
            svg.text(left + 28.0, y + 10.5, small, text);
            y += 18.0;
        }
        let mut y = top + 8.0;
        let steps = [
            (SAFFRON, "War status now"),
            ("#e4ddd0", "Steps passed"),
            (RED, "Fallen (✕)"),
        ];
        for (fill, text) in steps {
            svg.rect(
                left + 168.0,
                y,
                16.0,
                13.0,
                &format!(r#"rx="3" fill="{fill}" stroke="{BORDER}" stroke-width="1""#),
            );
            svg.text(left + 190.0, y + 10.5, small, text);
            y += 18.0;
        }
        svg.text(
            left + 168.0,
            y + 10.5,
            &format!(r#"font-size="9.5" fill="{MUTED}""#),
            "Ladder 0 Solid … 5 Fallen",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Log};
    use crate::raid::Raid;

    /// The sites a picture outlines as touched by the last action.
    fn outlined(svg: &str) -> Vec<SiteId> {
        SiteId::ALL
            .into_iter()
            .filter(|s| svg.contains(&format!(r#"<g id="last-site-{s}" class="last-action">"#)))
            .collect()
    }

    /// Applies `text` to `state`, returning the picture of the result with it highlighted.
    fn step(state: &mut State, text: &str) -> String {
        let action: Action = text.parse().unwrap();
        let before = state.clone();
        Raid::default()
            .apply(state, action, &mut Log::silent())
            .unwrap();
        state.to_svg_after(&before, action)
    }

    #[test]
    fn the_first_position_has_no_highlight_and_no_caption() {
        let svg = State::new(7).to_svg();
        assert!(!svg.contains("last-action"));
        assert!(!svg.contains("Last:"));
    }

    /// RG-4: scouting a site shows it; the picture outlines that site alone.
    #[test]
    fn rule_rg_4_the_site_scouted_is_outlined_and_no_other() {
        let mut state = State::new(7);
        let svg = step(&mut state, "scout village-2");
        assert_eq!(outlined(&svg), [site("village-2")]);
        assert_eq!(svg.matches(r#"class="last-action""#).count(), 1);
        assert!(svg.contains("Last: scout village-2"));
        assert!(svg.contains("Outlined: Village 2"));
    }

    /// RG-5.1: the site raided is outlined, whatever the raid brought.
    #[test]
    fn rule_rg_5_1_the_site_raided_is_outlined() {
        let mut state = State::new(7);
        assert!(outlined(&step(&mut state, "skip-scout")).is_empty());
        let svg = step(&mut state, "raid village-4");
        assert!(outlined(&svg).contains(&site("village-4")));
        assert!(svg.contains("Last: raid village-4"));
    }

    /// RG-5.5: a step of continued plunder works on the site being plundered.
    #[test]
    fn rule_rg_5_5_a_plunder_step_outlines_the_site_plundered() {
        let mut met = 0;
        for seed in 0..60 {
            let mut state = State::new(seed);
            step(&mut state, "skip-scout");
            for site in ["village-1", "village-2", "village-3", "town-1"] {
                let raid: Action = format!("raid {site}").parse().unwrap();
                if state.legal_actions().contains(&raid) {
                    Raid::default()
                        .apply(&mut state, raid, &mut Log::silent())
                        .unwrap();
                }
                if let Some(plunder) = state.plunder().map(|p| p.site)
                    && state.legal_actions().contains(&Action::Plunder)
                {
                    let svg = step(&mut state, "plunder");
                    assert!(outlined(&svg).contains(&plunder), "seed {seed}");
                    met += 1;
                    break;
                }
            }
        }
        assert!(met > 0, "no continued plunder was offered");
    }

    /// RG-6: ending the raids rolls the war status, and a fort whose status moved is outlined;
    /// no other site is.
    #[test]
    fn rule_rg_6_a_fort_whose_war_status_moved_is_outlined() {
        let (mut moved, mut still) = (0, 0);
        for seed in 0..40 {
            let mut state = State::new(seed);
            step(&mut state, "skip-scout");
            let before = state.clone();
            let svg = step(&mut state, "end-raids");
            let forts: Vec<SiteId> = SiteId::FORTS
                .into_iter()
                .filter(|&f| before.war_status(f) != state.war_status(f))
                .collect();
            assert_eq!(outlined(&svg), forts, "seed {seed}");
            if forts.is_empty() {
                still += 1;
            } else {
                moved += 1;
            }
        }
        assert!(moved > 0 && still > 0, "{moved} moved, {still} stayed");
    }

    /// RG-7.6, RG-9: the drift at the end of the settlement changes true values the player
    /// does not see, and the picture outlines none of them: the highlight tells nothing
    /// hidden.
    #[test]
    fn rule_rg_7_6_hidden_drift_is_not_outlined() {
        let mut drifted = 0;
        for seed in 0..20 {
            let mut state = State::new(seed);
            step(&mut state, "scout village-2");
            while !state.legal_actions().contains(&Action::EndSettlement) {
                let last = *state.legal_actions().last().unwrap();
                Raid::default()
                    .apply(&mut state, last, &mut Log::silent())
                    .unwrap();
            }
            let before = state.clone();
            let svg = step(&mut state, "end-settlement");
            if state.is_over() {
                continue;
            }
            if SiteId::ALL.iter().any(|&s| before.site(s) != state.site(s)) {
                drifted += 1;
            }
            assert!(outlined(&svg).is_empty(), "seed {seed}");
            assert!(svg.contains("Last: end-settlement"));
        }
        assert!(drifted > 0, "no site drifted");
    }

    fn site(name: &str) -> SiteId {
        name.parse().unwrap()
    }
}
