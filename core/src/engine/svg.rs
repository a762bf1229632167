//! Writing the SVG pictures of the games: the document, its text and boxes, the palette
//! every game shares, and the highlight of the last action. Each game draws its own board with
//! these, and names its colours once, in its `svg` module, for its pictures and for
//! [`Game::palette`](super::Game::palette).

use std::fmt::Write as _;

/// The fonts asked for, the first one installed being used.
const FONT: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";
/// The colour of text.
pub(crate) const INK: &str = "#222222";
/// The colour of secondary text.
pub(crate) const MUTED: &str = "#666666";
/// The colour of boxes and panels.
pub(crate) const PARCHMENT: &str = "#fbf6e9";
/// The background of every picture.
pub(crate) const BOARD: &str = "#efe6cf";
/// Grey: the Delhi Sultanate's pieces; a fallen fort.
pub(crate) const GREY: &str = "#5b5b5b";
/// Turquoise: the Bahmani Kingdom's pieces; the raid's front line.
pub(crate) const TURQUOISE: &str = "#16a3a3";
/// Saffron: the Vijayanagara Empire's pieces; a site raided today.
pub(crate) const SAFFRON: &str = "#e3a600";
/// Red: the Mongol Invaders' pieces; a sacked site.
pub(crate) const RED: &str = "#c0392b";
/// The outline of what the last action touched, and of its caption: a blue that no game
/// uses for anything else.
pub(crate) const HIGHLIGHT: &str = "#2f5bea";

/// The colours every picture uses besides a game's own, by name, for
/// [`Game::palette`](super::Game::palette).
pub(crate) const COMMON_PALETTE: [(&str, &str); 5] = [
    ("ink", INK),
    ("muted", MUTED),
    ("parchment", PARCHMENT),
    ("board", BOARD),
    ("highlight", HIGHLIGHT),
];

/// A game's own colours followed by the common ones: its whole palette.
pub(crate) fn palette(own: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    own.iter().copied().chain(COMMON_PALETTE).collect()
}

/// The caption of the last action: `Last: <action>`, and who took it when the game has
/// several seats to tell apart.
pub(crate) fn last_caption(action: &str, by: Option<&str>) -> String {
    match by {
        Some(by) => format!("Last: {action} ({by})"),
        None => format!("Last: {action}"),
    }
}

/// Escapes text for XML content and attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// Breaks `text` into lines of at most about `width` characters, at spaces.
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// An SVG document being written. Writing to a `String` cannot fail, so the results of
/// `write!` are ignored. Each game adds its own drawing methods in its `svg` module.
pub(crate) struct Svg {
    /// The document so far.
    pub(crate) out: String,
}

/// Every picture is shown this many pixels wide.
const SHOWN_WIDTH: f32 = 900.0;

impl Svg {
    /// A new document with a `width` × `height` viewBox, shown 900 pixels wide, with its
    /// title and the parchment background; close it with [`Svg::finish`].
    pub(crate) fn document(width: f32, height: f32, title: &str) -> Svg {
        let mut svg = Svg {
            out: String::with_capacity(48 * 1024),
        };
        let _ = writeln!(
            svg.out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{SHOWN_WIDTH}" height="{:.0}" font-family="{FONT}" fill="{INK}">"#,
            SHOWN_WIDTH * height / width
        );
        let _ = writeln!(svg.out, "<title>{}</title>", escape(title));
        svg.rect(0.0, 0.0, width, height, &format!(r#"fill="{BOARD}""#));
        svg
    }

    /// The finished document.
    pub(crate) fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }

    /// Text at (`x`, `y`); `style` holds extra attributes (size, weight, anchor, fill).
    pub(crate) fn text(&mut self, x: f32, y: f32, style: &str, content: &str) {
        let _ = writeln!(
            self.out,
            r#"<text x="{x:.1}" y="{y:.1}" {style}>{}</text>"#,
            escape(content)
        );
    }

    /// A rectangle; `style` holds extra attributes (fill, stroke, corner radius).
    pub(crate) fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, style: &str) {
        let _ = writeln!(
            self.out,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" {style}/>"#
        );
    }

    /// The highlight of a box the last action touched: a soft glow and a blue outline a
    /// little outside the box at (`x`, `y`), `w` × `h`, so that the box's own border (a
    /// faction's control, a raid) stays visible. Drawn before the box; `id` names it
    /// (`last-space-Delhi`), and every highlight has the class `last-action`.
    pub(crate) fn highlight(&mut self, id: &str, x: f32, y: f32, w: f32, h: f32) {
        let (m, r) = (5.0, 10.0);
        let _ = writeln!(self.out, r#"<g id="{}" class="last-action">"#, escape(id));
        for (width, opacity) in [(11.0, 0.22), (3.5, 1.0)] {
            self.rect(
                x - m,
                y - m,
                w + 2.0 * m,
                h + 2.0 * m,
                &format!(
                    r#"rx="{r}" fill="none" stroke="{HIGHLIGHT}" stroke-width="{width}" stroke-opacity="{opacity}""#
                ),
            );
        }
        self.out.push_str("</g>\n");
    }

    /// The caption of the last action in a box at (`x`, `y`), `w` wide: the caption itself
    /// (`Last: …`) and, below it, `detail` (what it touched), both wrapped to the box.
    pub(crate) fn last_action_caption(
        &mut self,
        x: f32,
        y: f32,
        w: f32,
        caption: &str,
        detail: &str,
    ) {
        let width = ((w - 16.0) / 6.1) as usize;
        let caption_lines = wrap(caption, width);
        let detail_lines = wrap(detail, width + 4);
        let h = 12.0 + 15.0 * caption_lines.len() as f32 + 13.0 * detail_lines.len() as f32;
        let _ = writeln!(
            self.out,
            r#"<g id="last-action-caption"><title>{}</title>"#,
            escape(caption)
        );
        self.rect(
            x,
            y,
            w,
            h,
            &format!(r#"rx="7" fill="{PARCHMENT}" stroke="{HIGHLIGHT}" stroke-width="2.5""#),
        );
        let mut line_y = y + 4.0;
        for line in &caption_lines {
            line_y += 15.0;
            self.text(
                x + 8.0,
                line_y,
                &format!(r#"font-size="11.5" font-weight="bold" fill="{HIGHLIGHT}""#),
                line,
            );
        }
        for line in &detail_lines {
            line_y += 13.0;
            self.text(
                x + 8.0,
                line_y,
                &format!(r#"font-size="10" fill="{MUTED}""#),
                line,
            );
        }
        self.out.push_str("</g>\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_wrapped_at_spaces() {
        assert_eq!(
            escape(r#"Command & "Decree" <x>"#),
            "Command &amp; &quot;Decree&quot; &lt;x&gt;"
        );
        assert_eq!(wrap("one two three four", 9), ["one two", "three", "four"]);
    }

    #[test]
    fn a_palette_is_the_games_colours_then_the_common_ones() {
        let colours = palette(&[("DS", GREY)]);
        assert_eq!(colours[0], ("DS", GREY));
        assert_eq!(colours.len(), 1 + COMMON_PALETTE.len());
        assert!(colours.contains(&("highlight", HIGHLIGHT)));
        // The highlight is no game's colour: it must stand out on every board.
        for own in [GREY, TURQUOISE, SAFFRON, RED, INK, MUTED, PARCHMENT, BOARD] {
            assert_ne!(own, HIGHLIGHT);
        }
    }

    /// Through the one game interface, for every registered game that draws: no highlight at
    /// the start nor on a position restored from a snapshot (its history is unknown); after an
    /// action, its caption; after a replay, the replay's last action.
    #[test]
    fn every_picture_shows_the_last_action_of_the_history() {
        let registry = crate::games::Registry::standard();
        let mut drawn = 0;
        for name in registry.names() {
            let game = registry.load(name, &serde_json::Value::Null).unwrap();
            let mut state = game.new_initial_state(7);
            let Some(first) = state.to_svg() else {
                assert!(
                    game.palette().is_empty(),
                    "{name} draws nothing but has colours"
                );
                continue;
            };
            drawn += 1;
            assert!(
                !first.contains("last-action") && !first.contains("Last:"),
                "{name}"
            );
            let mut texts = Vec::new();
            for _ in 0..3 {
                let text = state.legal_action_strings()[0].clone();
                state.apply_text(None, &text).unwrap();
                texts.push(text);
            }
            let caption = escape(&format!("Last: {}", texts[2]));
            let svg = state.to_svg().unwrap();
            assert!(svg.contains(&caption), "{name}: {caption}");
            assert!(svg.contains(r#"id="last-action-caption""#));
            let replayed = game.replay(&state.replay_record().unwrap()).unwrap();
            assert_eq!(
                replayed.to_svg().unwrap(),
                svg,
                "{name}: a replay draws the same"
            );
            let restored = game.restore(&state.to_snapshot()).unwrap();
            assert!(!restored.to_svg().unwrap().contains("Last:"), "{name}");
            assert!(!game.palette().is_empty(), "{name} draws without colours");
        }
        assert!(drawn >= 2, "both games draw");
    }

    #[test]
    fn the_last_action_caption_names_the_action_and_who_took_it() {
        assert_eq!(
            last_caption("select Delhi", Some("DS")),
            "Last: select Delhi (DS)"
        );
        assert_eq!(
            last_caption("scout village-2", None),
            "Last: scout village-2"
        );
        let mut svg = Svg::document(100.0, 100.0, "t");
        svg.highlight("last-space-Delhi", 10.0, 10.0, 50.0, 40.0);
        svg.last_action_caption(0.0, 60.0, 100.0, "Last: a & b", "Touched: Delhi");
        let out = svg.finish();
        assert!(out.contains(r#"<g id="last-space-Delhi" class="last-action">"#));
        assert!(out.contains("Last: a &amp; b"));
        assert!(out.contains("Touched: Delhi"));
    }
}
