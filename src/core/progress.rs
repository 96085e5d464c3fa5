//! Progress bars of the long commands (`build`, `judge`, `verify`, `stress`, `export`) and of
//! long single steps such as compiling a submission ([`task`]): the one place that makes them,
//! so every command draws the same style.
//!
//! A bar is drawn on stderr, and only when the caller enables it; the driver enables it when
//! stderr is a terminal. A disabled bar is [`ProgressBar::hidden`]: updating it writes nothing,
//! so piped or redirected output stays plain lines (no `\r`, no escape sequences). A bar never
//! touches stdout or any file, and is cleared from the terminal when the work ends, so the
//! lines a command prints afterwards look the same with and without it.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressFinish, ProgressStyle};

/// Layout of a bar of known length: 40 cells, then e.g. `12/40 tests built 3s 07`.
const BAR_TEMPLATE: &str = "{bar:40.cyan/blue} {pos}/{len} {prefix} {elapsed} {msg}";

/// Layout of a count of unknown length: a spinner, then e.g. `123 seeds 3s`.
const SPINNER_TEMPLATE: &str = "{spinner:.cyan} {pos} {prefix} {elapsed} {msg}";

/// Layout of one long step (e.g. a compile): a spinner, then e.g. `compiling a.cpp 3s`.
const TASK_TEMPLATE: &str = "{spinner:.cyan} {prefix} {elapsed}";

/// How often a spinner redraws by itself while nothing advances it.
const SPINNER_TICK: Duration = Duration::from_millis(120);

/// A bar of `len` steps on stderr, labelled `what` (e.g. `tests built`), drawn only when
/// `enabled`; otherwise a hidden bar that writes nothing.
///
/// Shape: `<bar> <pos>/<len> <what> <elapsed> <message>`. Advance it with
/// [`ProgressBar::inc`] (it may be shared between threads), put a short note such as the
/// current test in [`ProgressBar::set_message`], and end it with
/// [`ProgressBar::finish_and_clear`] before printing results; a bar dropped unfinished (an
/// error returned early) clears itself too. indicatif redraws at most about 20 times a second,
/// and draws nothing when stderr is not a terminal or `TERM` is `dumb`.
pub fn bar(len: u64, what: &str, enabled: bool) -> ProgressBar {
    if !enabled {
        return ProgressBar::hidden();
    }
    let b = ProgressBar::new(len)
        .with_prefix(what.to_string())
        .with_finish(ProgressFinish::AndClear);
    if let Ok(style) = ProgressStyle::with_template(BAR_TEMPLATE) {
        b.set_style(style);
    }
    b
}

/// A spinner on stderr for work of unknown length (e.g. `stress --time`), counting steps
/// labelled `what` (e.g. `seeds`), drawn only when `enabled`; otherwise a hidden bar.
///
/// Shape: `<spinner> <pos> <what> <elapsed> <message>`. It is advanced and ended like
/// [`bar`], and also redraws on its own a few times a second so the elapsed time keeps moving
/// between steps.
pub fn spinner(what: &str, enabled: bool) -> ProgressBar {
    if !enabled {
        return ProgressBar::hidden();
    }
    let b = ProgressBar::new_spinner()
        .with_prefix(what.to_string())
        .with_finish(ProgressFinish::AndClear);
    if let Ok(style) = ProgressStyle::with_template(SPINNER_TEMPLATE) {
        b.set_style(style);
    }
    b.enable_steady_tick(SPINNER_TICK);
    b
}

/// One long step of unknown length, such as compiling a submission, labelled `what` (e.g.
/// `compiling accepted/kuhn.cpp (g++)`). When `enabled` (stderr is a terminal): a spinner on
/// stderr, `<spinner> <what> <elapsed>`, redrawn a few times a second and cleared when the
/// returned bar is finished or dropped. Otherwise `what` is written once to stderr as a plain
/// line (no `\r`, no escape sequence) and the returned bar is hidden, so a long step is never
/// a silent pause either way.
pub fn task(what: &str, enabled: bool) -> ProgressBar {
    if !enabled {
        eprintln!("{what}");
        return ProgressBar::hidden();
    }
    let b = ProgressBar::new_spinner()
        .with_prefix(what.to_string())
        .with_finish(ProgressFinish::AndClear);
    if let Ok(style) = ProgressStyle::with_template(TASK_TEMPLATE) {
        b.set_style(style);
    }
    b.enable_steady_tick(SPINNER_TICK);
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disabled_bars_are_hidden_and_count_anyway() {
        let b = bar(5, "tests built", false);
        assert!(b.is_hidden());
        b.inc(2);
        assert_eq!(b.position(), 2);
        b.finish_and_clear();
        let s = spinner("seeds", false);
        assert!(s.is_hidden());
        s.inc(1);
        assert_eq!(s.position(), 1);
        s.finish_and_clear();
    }

    #[test]
    fn the_templates_parse() {
        assert!(ProgressStyle::with_template(BAR_TEMPLATE).is_ok());
        assert!(ProgressStyle::with_template(SPINNER_TEMPLATE).is_ok());
        assert!(ProgressStyle::with_template(TASK_TEMPLATE).is_ok());
    }

    #[test]
    fn an_enabled_bar_keeps_its_length_and_label() {
        let b = bar(7, "tests built", true);
        // Never draw from the test harness, even when it runs on a terminal.
        b.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        assert_eq!(b.length(), Some(7));
        assert_eq!(b.prefix(), "tests built");
        b.finish_and_clear();
    }
}
