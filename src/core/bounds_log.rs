//! testlib's validator overview log (`--testOverviewLogFileName`): whether each variable's
//! bounds were reached ([`BoundsHit`], [`BoundsLog`], [`record_bounds_hit`]) and the log's
//! text ([`overview_log`]). The reader that records the hits while a validator reads is
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
