//! Lua 5.4 patterns, ported from `lstrlib.c` (5.4.9) with a step counter: the same syntax, the
//! same matches, the same error messages, but every step of the backtracking matcher counts,
//! and a match that would need more steps than the call has left stops with the budget error.
//! (Lua's own matcher runs inside one VM instruction, so a pattern such as
//! `(".-"):rep(12) .. "b"` against 60 `a`s ran for hours under any instruction budget.)
//!
//! Character classes are the C locale's (`%a` is `A-Za-z`, …), whatever the process's locale:
//! the same script matches the same text everywhere.

/// Lua's `LUA_MAXCAPTURES`.
const MAX_CAPTURES: usize = 32;
/// Lua's `MAXCCALLS` for the matcher: how deep `match` may recurse.
const MAX_DEPTH: u32 = 200;

const CAP_UNFINISHED: isize = -1;
const CAP_POSITION: isize = -2;
const L_ESC: u8 = b'%';
const SPECIALS: &[u8] = b"^$*+?.([%-";

/// Why a match stopped.
#[derive(Debug)]
pub(crate) enum Failure {
    /// A malformed pattern or capture, with Lua's message.
    Pattern(String),
    /// The step budget ran out.
    Steps,
}

type Result<T> = std::result::Result<T, Failure>;

fn error(message: impl Into<String>) -> Failure {
    Failure::Pattern(message.into())
}

/// A capture of a finished match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Capture {
    /// The text `start..end` of the subject.
    Text(usize, usize),
    /// A position capture `()`: the 1-based position.
    Position(usize),
}

/// One match state: the subject, the pattern (without a leading anchor) and the captures.
pub(crate) struct Matcher<'a> {
    src: &'a [u8],
    pat: &'a [u8],
    level: usize,
    capture: [(usize, isize); MAX_CAPTURES],
    depth: u32,
    /// Steps taken so far.
    pub(crate) steps: u64,
    /// Steps allowed in all.
    max_steps: u64,
}

impl<'a> Matcher<'a> {
    /// A matcher of `pat` against `src`, allowed `max_steps` steps over all its matches.
    pub(crate) fn new(src: &'a [u8], pat: &'a [u8], max_steps: u64) -> Matcher<'a> {
        Matcher {
            src,
            pat,
            level: 0,
            capture: [(0, 0); MAX_CAPTURES],
            depth: MAX_DEPTH,
            steps: 0,
            max_steps,
        }
    }

    /// Whether `pat` has no special character, so a plain search does (Lua's `nospecials`).
    pub(crate) fn no_specials(pat: &[u8]) -> bool {
        !pat.iter().any(|b| SPECIALS.contains(b))
    }

    #[inline]
    fn step(&mut self, n: u64) -> Result<()> {
        self.steps = self.steps.saturating_add(n);
        if self.steps > self.max_steps {
            Err(Failure::Steps)
        } else {
            Ok(())
        }
    }

    /// The pattern byte at `i`, or 0 past the end (C reads the terminating `'\0'`).
    #[inline]
    fn pc(&self, i: usize) -> u8 {
        self.pat.get(i).copied().unwrap_or(0)
    }

    /// The subject byte at `i`, or 0 past the end.
    #[inline]
    fn sc(&self, i: usize) -> u8 {
        self.src.get(i).copied().unwrap_or(0)
    }

    /// Tries a match of the whole pattern starting at `s`: the end of the match, or `None`.
    pub(crate) fn match_at(&mut self, s: usize) -> Result<Option<usize>> {
        self.level = 0;
        self.depth = MAX_DEPTH;
        self.do_match(s, 0)
    }

    /// A plain search of `needle` from `from` (Lua's `lmemfind`), counting the bytes compared.
    pub(crate) fn find_plain(&mut self, from: usize, needle: &[u8]) -> Result<Option<usize>> {
        let hay = &self.src[from.min(self.src.len())..];
        if needle.is_empty() {
            return Ok(Some(from));
        }
        if needle.len() > hay.len() {
            return Ok(None);
        }
        let last = hay.len() - needle.len();
        let mut i = 0;
        while i <= last {
            let Some(offset) = hay[i..=last].iter().position(|&b| b == needle[0]) else {
                self.step(((last + 1 - i) / super::BYTES_PER_STEP) as u64 + 1)?;
                return Ok(None);
            };
            self.step((offset / super::BYTES_PER_STEP) as u64 + 1)?;
            let at = i + offset;
            let same = hay[at + 1..at + needle.len()]
                .iter()
                .zip(&needle[1..])
                .take_while(|(a, b)| a == b)
                .count();
            self.step((same / super::BYTES_PER_STEP) as u64 + 1)?;
            if same == needle.len() - 1 {
                return Ok(Some(from + at));
            }
            i = at + 1;
        }
        Ok(None)
    }

    fn class_end(&mut self, mut p: usize) -> Result<usize> {
        let c = self.pc(p);
        p += 1;
        match c {
            L_ESC => {
                if p >= self.pat.len() {
                    return Err(error("malformed pattern (ends with '%')"));
                }
                Ok(p + 1)
            }
            b'[' => {
                if self.pc(p) == b'^' {
                    p += 1;
                }
                loop {
                    if p >= self.pat.len() {
                        return Err(error("malformed pattern (missing ']')"));
                    }
                    self.step(1)?;
                    let c = self.pc(p);
                    p += 1;
                    if c == L_ESC && p < self.pat.len() {
                        p += 1;
                    }
                    if self.pc(p) == b']' {
                        break;
                    }
                }
                Ok(p + 1)
            }
            _ => Ok(p),
        }
    }

    fn match_bracket_class(&mut self, c: u8, mut p: usize, ec: usize) -> Result<bool> {
        let mut sig = true;
        if self.pc(p + 1) == b'^' {
            sig = false;
            p += 1;
        }
        loop {
            p += 1;
            if p >= ec {
                break;
            }
            self.step(1)?;
            if self.pc(p) == L_ESC {
                p += 1;
                if match_class(c, self.pc(p)) {
                    return Ok(sig);
                }
            } else if self.pc(p + 1) == b'-' && p + 2 < ec {
                p += 2;
                if self.pc(p - 2) <= c && c <= self.pc(p) {
                    return Ok(sig);
                }
            } else if self.pc(p) == c {
                return Ok(sig);
            }
        }
        Ok(!sig)
    }

    fn single_match(&mut self, s: usize, p: usize, ep: usize) -> Result<bool> {
        if s >= self.src.len() {
            return Ok(false);
        }
        let c = self.src[s];
        Ok(match self.pc(p) {
            b'.' => true,
            L_ESC => match_class(c, self.pc(p + 1)),
            b'[' => self.match_bracket_class(c, p, ep - 1)?,
            other => other == c,
        })
    }

    fn match_balance(&mut self, s: usize, p: usize) -> Result<Option<usize>> {
        if p + 1 >= self.pat.len() {
            return Err(error("malformed pattern (missing arguments to '%b')"));
        }
        if self.sc(s) != self.pc(p) {
            return Ok(None);
        }
        let (b, e) = (self.pc(p), self.pc(p + 1));
        let mut cont = 1;
        let mut s = s + 1;
        while s < self.src.len() {
            self.step(1)?;
            let c = self.src[s];
            if c == e {
                cont -= 1;
                if cont == 0 {
                    return Ok(Some(s + 1));
                }
            } else if c == b {
                cont += 1;
            }
            s += 1;
        }
        Ok(None)
    }

    fn max_expand(&mut self, s: usize, p: usize, ep: usize) -> Result<Option<usize>> {
        let mut i = 0;
        while self.single_match(s + i, p, ep)? {
            self.step(1)?;
            i += 1;
        }
        loop {
            if let Some(end) = self.do_match(s + i, ep + 1)? {
                return Ok(Some(end));
            }
            if i == 0 {
                return Ok(None);
            }
            i -= 1;
        }
    }

    fn min_expand(&mut self, mut s: usize, p: usize, ep: usize) -> Result<Option<usize>> {
        loop {
            if let Some(end) = self.do_match(s, ep + 1)? {
                return Ok(Some(end));
            }
            if self.single_match(s, p, ep)? {
                s += 1;
            } else {
                return Ok(None);
            }
        }
    }

    fn start_capture(&mut self, s: usize, p: usize, what: isize) -> Result<Option<usize>> {
        if self.level >= MAX_CAPTURES {
            return Err(error("too many captures"));
        }
        self.capture[self.level] = (s, what);
        self.level += 1;
        let result = self.do_match(s, p)?;
        if result.is_none() {
            self.level -= 1;
        }
        Ok(result)
    }

    fn end_capture(&mut self, s: usize, p: usize) -> Result<Option<usize>> {
        let l = self.capture_to_close()?;
        self.capture[l].1 = (s - self.capture[l].0) as isize;
        let result = self.do_match(s, p)?;
        if result.is_none() {
            self.capture[l].1 = CAP_UNFINISHED;
        }
        Ok(result)
    }

    fn capture_to_close(&self) -> Result<usize> {
        (0..self.level)
            .rev()
            .find(|&l| self.capture[l].1 == CAP_UNFINISHED)
            .ok_or_else(|| error("invalid pattern capture"))
    }

    fn check_capture(&self, l: u8) -> Result<usize> {
        let l = i32::from(l) - i32::from(b'1');
        match usize::try_from(l) {
            Ok(l) if l < self.level && self.capture[l].1 != CAP_UNFINISHED => Ok(l),
            _ => Err(error(format!("invalid capture index %{}", l + 1))),
        }
    }

    fn match_capture(&mut self, s: usize, l: u8) -> Result<Option<usize>> {
        let l = self.check_capture(l)?;
        let (init, len) = self.capture[l];
        let len = usize::try_from(len).unwrap_or(0);
        self.step((len / super::BYTES_PER_STEP) as u64 + 1)?;
        if self.src.len() - s >= len && self.src[init..init + len] == self.src[s..s + len] {
            Ok(Some(s + len))
        } else {
            Ok(None)
        }
    }

    fn do_match(&mut self, mut s: usize, mut p: usize) -> Result<Option<usize>> {
        if self.depth == 0 {
            return Err(error("pattern too complex"));
        }
        self.depth -= 1;
        let result = loop {
            self.step(1)?;
            if p >= self.pat.len() {
                break Some(s);
            }
            match self.pat[p] {
                b'(' => {
                    break if self.pc(p + 1) == b')' {
                        self.start_capture(s, p + 2, CAP_POSITION)?
                    } else {
                        self.start_capture(s, p + 1, CAP_UNFINISHED)?
                    };
                }
                b')' => break self.end_capture(s, p + 1)?,
                b'$' if p + 1 == self.pat.len() => {
                    break (s == self.src.len()).then_some(s);
                }
                L_ESC if self.pc(p + 1) == b'b' => match self.match_balance(s, p + 2)? {
                    Some(next) => {
                        s = next;
                        p += 4;
                    }
                    None => break None,
                },
                L_ESC if self.pc(p + 1) == b'f' => {
                    p += 2;
                    if self.pc(p) != b'[' {
                        return Err(error("missing '[' after '%f' in pattern"));
                    }
                    let ep = self.class_end(p)?;
                    let previous = if s == 0 { 0 } else { self.src[s - 1] };
                    let current = self.sc(s);
                    if !self.match_bracket_class(previous, p, ep - 1)?
                        && self.match_bracket_class(current, p, ep - 1)?
                    {
                        p = ep;
                    } else {
                        break None;
                    }
                }
                L_ESC if self.pc(p + 1).is_ascii_digit() => {
                    match self.match_capture(s, self.pc(p + 1))? {
                        Some(next) => {
                            s = next;
                            p += 2;
                        }
                        None => break None,
                    }
                }
                _ => {
                    let ep = self.class_end(p)?;
                    let suffix = self.pc(ep);
                    if !self.single_match(s, p, ep)? {
                        if matches!(suffix, b'*' | b'?' | b'-') {
                            p = ep + 1;
                            continue;
                        }
                        break None;
                    }
                    match suffix {
                        b'?' => match self.do_match(s + 1, ep + 1)? {
                            Some(end) => break Some(end),
                            None => p = ep + 1,
                        },
                        b'+' => break self.max_expand(s + 1, p, ep)?,
                        b'*' => break self.max_expand(s, p, ep)?,
                        b'-' => break self.min_expand(s, p, ep)?,
                        _ => {
                            s += 1;
                            p = ep;
                        }
                    }
                }
            }
        };
        self.depth += 1;
        Ok(result)
    }

    /// Capture `i` of a match `s..e` (Lua's `get_onecapture`): with no captures, capture 0 is
    /// the whole match.
    pub(crate) fn capture(&self, i: usize, s: usize, e: usize) -> Result<Capture> {
        if i >= self.level {
            if i != 0 {
                return Err(error(format!("invalid capture index %{}", i + 1)));
            }
            return Ok(Capture::Text(s, e));
        }
        let (init, len) = self.capture[i];
        match len {
            CAP_UNFINISHED => Err(error("unfinished capture")),
            CAP_POSITION => Ok(Capture::Position(init + 1)),
            len => Ok(Capture::Text(init, init + len as usize)),
        }
    }

    /// The captures a match `s..e` returns (Lua's `push_captures`): the whole match when the
    /// pattern has none and `whole` is set; nothing for `find`.
    pub(crate) fn captures(&self, s: usize, e: usize, whole: bool) -> Result<Vec<Capture>> {
        let n = if self.level == 0 && whole {
            1
        } else {
            self.level
        };
        (0..n).map(|i| self.capture(i, s, e)).collect()
    }
}

/// `match_class` of `lstrlib.c` in the C locale.
fn match_class(c: u8, cl: u8) -> bool {
    let res = match cl.to_ascii_lowercase() {
        b'a' => c.is_ascii_alphabetic(),
        b'c' => c < 32 || c == 127,
        b'd' => c.is_ascii_digit(),
        b'g' => (33..=126).contains(&c),
        b'l' => c.is_ascii_lowercase(),
        b'p' => c.is_ascii_punctuation(),
        // C's isspace includes the vertical tab, which Rust's is_ascii_whitespace does not.
        b's' => matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'),
        b'u' => c.is_ascii_uppercase(),
        b'w' => c.is_ascii_alphanumeric(),
        b'x' => c.is_ascii_hexdigit(),
        b'z' => c == 0,
        _ => return cl == c,
    };
    if cl.is_ascii_lowercase() { res } else { !res }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(s: &str, p: &str) -> Option<(usize, usize)> {
        let (anchor, pat) = match p.strip_prefix('^') {
            Some(rest) => (true, rest),
            None => (false, p),
        };
        let mut m = Matcher::new(s.as_bytes(), pat.as_bytes(), u64::MAX);
        let mut start = 0;
        loop {
            if let Some(end) = m.match_at(start).unwrap() {
                return Some((start + 1, end));
            }
            start += 1;
            if anchor || start > s.len() {
                return None;
            }
        }
    }

    #[test]
    fn matches_like_lua() {
        assert_eq!(find("hello world", "o w"), Some((5, 7)));
        assert_eq!(find("hello", "l+"), Some((3, 4)));
        assert_eq!(find("hello", "^h.-o$"), Some((1, 5)));
        assert_eq!(find("THE (quick) fox", "%((%a+)%)"), Some((5, 11)));
        assert_eq!(find("  x", "%S"), Some((3, 3)));
        assert_eq!(find("abc", "[%a-]+"), Some((1, 3)));
        assert_eq!(find("f(a(b)c)d", "%b()"), Some((2, 8)));
        assert_eq!(find("THE (quick) fox", "%f[%a]%a+"), Some((1, 3)));
        assert_eq!(find("abcabc", "(abc)%1"), Some((1, 6)));
        assert_eq!(find("a\x0bb", "%s"), Some((2, 2)));
        assert_eq!(find("xyz", "^y"), None);
        assert_eq!(find("", ""), Some((1, 0)));
    }

    #[test]
    fn malformed_patterns_are_lua_errors() {
        for (p, message) in [
            ("%", "malformed pattern (ends with '%')"),
            ("[a", "malformed pattern (missing ']')"),
            ("(a", "unfinished capture"),
            ("a)", "invalid pattern capture"),
            ("%1", "invalid capture index %1"),
            ("%f", "missing '[' after '%f' in pattern"),
            ("%b", "malformed pattern (missing arguments to '%b')"),
        ] {
            let mut m = Matcher::new(b"aaa", p.as_bytes(), u64::MAX);
            let outcome = m
                .match_at(0)
                .and_then(|end| m.captures(0, end.unwrap_or(0), true).map(|_| ()));
            match outcome {
                Err(Failure::Pattern(got)) => assert_eq!(got, message, "{p}"),
                other => panic!("{p}: {other:?}"),
            }
        }
    }

    #[test]
    fn exponential_backtracking_runs_out_of_steps() {
        let src = "a".repeat(60);
        let pat = ".-".repeat(12) + "b";
        let mut m = Matcher::new(src.as_bytes(), pat.as_bytes(), 1_000_000);
        assert!(matches!(m.match_at(0), Err(Failure::Steps)));
    }
}
