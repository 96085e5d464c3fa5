//! testlib's validator overview log (`--testOverviewLogFileName`): whether each variable's
//! bounds were reached ([`BoundsHit`], [`BoundsLog`], [`record_bounds_hit`]), the log's
//! text ([`overview_log`]) and the log read back from a validator's file
//! ([`parse_overview_log`]). The reader that records the hits while a validator reads is
//! [`crate::core::reader::RecordBounds`]; these items are also reachable at their old paths in
//! [`crate::core::reader`].
//!
//! May use: std only.

/// Whether a variable's bounds were reached, as testlib's validator overview log reports it
/// (`--testOverviewLogFileName`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoundsHit {
    /// Some read value equalled its lower bound.
    pub min_hit: bool,
    /// Some read value equalled its upper bound.
    pub max_hit: bool,
    /// The bounds of the first read, while every read used the same ones (testlib's
    /// `constant-bounds`); `None` once two reads used different bounds.
    pub constant: Option<(i64, i64)>,
    /// Whether two reads used different bounds.
    pub varied: bool,
}

/// Bounds hits by variable name, sorted by name (testlib sorts them the same way).
pub type BoundsLog = std::collections::BTreeMap<String, BoundsHit>;

/// Records one read of `value` in `lo..=hi` under `name` into `log`. Names that testlib does
/// not analyse (empty, or holding a digit or a control character) are skipped, as testlib does.
pub fn record_bounds_hit(log: &mut BoundsLog, name: &str, lo: i64, hi: i64, value: i64) {
    if name.is_empty() || name.bytes().any(|b| b.is_ascii_digit() || b < b' ') {
        return;
    }
    let first = !log.contains_key(name);
    let e = log.entry(name.to_string()).or_default();
    e.min_hit |= value == lo;
    e.max_hit |= value == hi;
    if first {
        e.constant = Some((lo, hi));
    } else if e.constant != Some((lo, hi)) {
        e.varied = true;
    }
}

/// testlib's validator overview log for `log`: one line `"NAME": min-value-hit max-value-hit`
/// per variable (each word only when hit), then `constant-bounds "NAME": LO HI` for every
/// variable always read with the same bounds (`?` for a bound that varied), then
/// `variable "NAME"` lines; every line ends with `\n`. O(number of variables).
pub fn overview_log(log: &BoundsLog) -> String {
    let mut s = String::new();
    for (name, h) in log {
        s.push_str(&format!("\"{name}\":"));
        if h.min_hit {
            s.push_str(" min-value-hit");
        }
        if h.max_hit {
            s.push_str(" max-value-hit");
        }
        s.push('\n');
    }
    for (name, h) in log {
        if let (Some((lo, hi)), false) = (h.constant, h.varied) {
            s.push_str(&format!("constant-bounds \"{name}\": {lo} {hi}\n"));
        }
    }
    for name in log.keys() {
        s.push_str(&format!("variable \"{name}\"\n"));
    }
    s
}

/// The overview log `text` that a testlib validator wrote (the format of [`overview_log`],
/// which testlib's own `validator.testOverviewLogFileName` writes too): for each variable
/// whether its minimum and maximum were hit and, from `constant-bounds` lines, its bounds when
/// every read used the same ones (`?` for a bound that varied: none). Lines of other kinds
/// (`variable "NAME"`, testlib's feature lines) are skipped; a variable named only on them is
/// listed without hits. `None` when no line has the form (not an overview log). O(text
/// length).
pub fn parse_overview_log(text: &str) -> Option<BoundsLog> {
    let mut log = BoundsLog::new();
    let mut seen = false;
    let quoted = |s: &str| -> Option<(String, String)> {
        let rest = s.strip_prefix('"')?;
        let end = rest.find("\":")?;
        Some((rest[..end].to_string(), rest[end + 2..].to_string()))
    };
    for line in text.lines() {
        let line = line.trim_end();
        if let Some(rest) = line.strip_prefix("constant-bounds ") {
            let Some((name, bounds)) = quoted(rest) else {
                continue;
            };
            let mut words = bounds.split_whitespace().map(|w| w.parse::<i64>().ok());
            let e = log.entry(name).or_default();
            match (words.next().flatten(), words.next().flatten()) {
                (Some(lo), Some(hi)) => e.constant = Some((lo, hi)),
                _ => e.varied = true,
            }
            seen = true;
        } else if let Some(name) = line
            .strip_prefix("variable \"")
            .and_then(|r| r.strip_suffix('"'))
        {
            log.entry(name.to_string()).or_default();
            seen = true;
        } else if let Some((name, words)) = quoted(line) {
            let e = log.entry(name).or_default();
            e.min_hit |= words.split_whitespace().any(|w| w == "min-value-hit");
            e.max_hit |= words.split_whitespace().any(|w| w == "max-value-hit");
            seen = true;
        }
    }
    // A variable without a constant-bounds line had bounds that varied between reads.
    for h in log.values_mut() {
        if h.constant.is_none() {
            h.varied = true;
        }
    }
    seen.then_some(log)
}

#[cfg(test)]
mod parse_tests {
    use super::*;

    #[test]
    fn a_written_log_reads_back() {
        let mut log = BoundsLog::new();
        record_bounds_hit(&mut log, "n", 1, 100, 100);
        record_bounds_hit(&mut log, "n", 1, 100, 5);
        record_bounds_hit(&mut log, "m", 1, 100, 1);
        record_bounds_hit(&mut log, "x", 1, 10, 3);
        record_bounds_hit(&mut log, "x", 1, 20, 20);
        let text = overview_log(&log);
        // The text keeps no bounds for a variable whose bounds varied.
        log.get_mut("x").unwrap().constant = None;
        assert_eq!(parse_overview_log(&text), Some(log));
        // testlib's own lines for a bound that varied, and an unknown feature line.
        let t = "\"v\": max-value-hit\nconstant-bounds \"v\": 1 ?\nfeature \"x\": hit\n";
        let got = parse_overview_log(t).unwrap();
        assert!(got["v"].max_hit && !got["v"].min_hit && got["v"].varied);
        assert_eq!(parse_overview_log("valid\n"), None);
    }
}
