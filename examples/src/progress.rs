//! A progress bar for the long runs (fuzz, bench, stats), drawn on standard error and only
//! when standard error is a terminal: piped output, files and tests never see it.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar for `games` games of `what` ("fuzz raid"), hidden unless standard error is a
/// terminal. Each finished game calls [`ProgressBar::inc`]; the caller clears it at the end.
pub fn games(games: u64, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    if let Ok(style) =
        ProgressStyle::with_template("{msg} [{wide_bar}] {pos}/{len} games, {eta} left")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(what.to_owned());
    bar
}
