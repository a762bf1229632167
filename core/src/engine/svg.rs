//! Writing the SVG pictures of the games: the document, its text and boxes, and the palette
//! both games share. Each game draws its own board with these.

use std::fmt::Write as _;

/// The fonts asked for, the first one installed being used.
const FONT: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";
/// The colour of text.
pub(crate) const INK: &str = "#222222";
/// The colour of secondary text.
pub(crate) const MUTED: &str = "#666666";
/// The colour of boxes and panels.
pub(crate) const PARCHMENT: &str = "#fbf6e9";

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
        svg.rect(0.0, 0.0, width, height, r##"fill="#efe6cf""##);
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
}
