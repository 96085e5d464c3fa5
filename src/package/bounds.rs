//! Which tests reach the bounds the validator checks ("bounds reached", as BAPCtools' `BOUND
//! NOT REACHED` and Polygon's validator overview say it): from each test's overview log
//! ([`crate::core::bounds_log`], recorded while the validator read the input: the built-in
//! problems' own validators, a program problem's testlib-convention validator through
//! `--testOverviewLogFileName`), per variable the tests whose value equals its lower or its
//! upper bound ([`bounds_reached`]). A problem whose validator writes no log has its bounds
//! unknown.
//!
//! Uses the core layer's overview log; nothing else.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use crate::core::bounds_log::BoundsLog;

/// One variable the validator bounds, and the tests that reach its bounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoundReach {
    /// The variable's name, as the validator names it (`n`, `L`).
    pub name: String,
    /// Its bounds when every test read it with the same ones; `None` when they vary (a test
    /// group's tighter bounds, or bounds that depend on other values, such as `1..=n`).
    pub bounds: Option<(i64, i64)>,
    /// Tests where some read equalled its lower bound (its own, for varying bounds).
    pub min_tests: Vec<String>,
    /// Tests where some read equalled its upper bound.
    pub max_tests: Vec<String>,
}

/// The bounds reached by a problem's tests.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoundsReached {
    /// Whether the validator wrote an overview log for some test (otherwise nothing is known).
    pub known: bool,
    /// One per variable, by name.
    pub bounds: Vec<BoundReach>,
}

/// The bounds reached over `tests` (each test's name and overview log; an empty log: none
/// written). O(tests × variables).
pub fn bounds_reached<'a>(
    tests: impl IntoIterator<Item = (&'a str, &'a BoundsLog)>,
) -> BoundsReached {
    // Per variable: the bounds seen so far (`Some(None)` once they differ), and the tests at
    // each end.
    type Seen = (Option<Option<(i64, i64)>>, Vec<String>, Vec<String>);
    let mut by: BTreeMap<String, Seen> = BTreeMap::new();
    let mut known = false;
    for (test, log) in tests {
        known |= !log.is_empty();
        for (name, h) in log {
            let e = by.entry(name.clone()).or_default();
            let own = if h.varied { None } else { h.constant };
            e.0 = match e.0 {
                None => Some(own),
                Some(b) if b == own => Some(b),
                Some(_) => Some(None),
            };
            if h.min_hit {
                e.1.push(test.to_string());
            }
            if h.max_hit {
                e.2.push(test.to_string());
            }
        }
    }
    BoundsReached {
        known,
        bounds: by
            .into_iter()
            .map(|(name, (b, min_tests, max_tests))| BoundReach {
                name,
                bounds: b.flatten(),
                min_tests,
                max_tests,
            })
            .collect(),
    }
}

impl BoundReach {
    /// Its bounds as the report shows them: `1..100000`, or `varies`.
    pub fn range_text(&self) -> String {
        self.bounds
            .map_or("varies".to_string(), |(lo, hi)| format!("{lo}..{hi}"))
    }
}

impl BoundsReached {
    /// One warning per bound no test reaches: `` `L` never reaches its maximum 100000 `` (or
    /// "its upper bound" when the bounds vary). Empty when the bounds are unknown.
    pub fn warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        for b in &self.bounds {
            for (tests, which, value) in [
                (&b.min_tests, "minimum", b.bounds.map(|x| x.0)),
                (&b.max_tests, "maximum", b.bounds.map(|x| x.1)),
            ] {
                if tests.is_empty() {
                    let what = match value {
                        Some(v) => format!("its {which} {v}"),
                        None => format!("its {which} (the bound varies between tests)"),
                    };
                    out.push(format!(
                        "bound not reached: no test has `{}` at {what}",
                        b.name
                    ));
                }
            }
        }
        out
    }

    /// A table: each variable, its bounds, and the tests reaching the minimum and the maximum
    /// (the first few named, then a count); or the line saying the bounds are unknown.
    pub fn render(&self) -> String {
        if !self.known {
            return "bounds reached: unknown (the validator writes no overview log)\n".into();
        }
        let list = |t: &[String]| -> String {
            match t.len() {
                0 => "NONE".into(),
                n if n <= 4 => t.join(" "),
                n => format!("{} ... ({n} tests)", t[..3].join(" ")),
            }
        };
        let mut s = String::from("bounds reached:\n");
        for b in &self.bounds {
            let range = b.range_text();
            let _ = writeln!(
                s,
                "  {:<8} {:<16} min: {:<28} max: {}",
                b.name,
                range,
                list(&b.min_tests),
                list(&b.max_tests)
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::bounds_log::record_bounds_hit;

    #[test]
    fn tests_reaching_each_bound_are_named_and_a_bound_never_reached_warns() {
        let mut a = BoundsLog::new();
        record_bounds_hit(&mut a, "n", 1, 100, 1);
        record_bounds_hit(&mut a, "u", 1, 1, 1);
        let mut b = BoundsLog::new();
        record_bounds_hit(&mut b, "n", 1, 100, 100);
        record_bounds_hit(&mut b, "u", 1, 100, 50);
        let mut c = BoundsLog::new();
        record_bounds_hit(&mut c, "n", 1, 10, 5);
        let r = bounds_reached([("01", &a), ("02", &b), ("03", &c)]);
        assert!(r.known);
        assert_eq!(
            r.bounds,
            vec![
                BoundReach {
                    name: "n".into(),
                    bounds: None,
                    min_tests: vec!["01".into()],
                    max_tests: vec!["02".into()],
                },
                BoundReach {
                    name: "u".into(),
                    bounds: None,
                    min_tests: vec!["01".into()],
                    max_tests: vec!["01".into()],
                },
            ]
        );
        assert!(r.warnings().is_empty());
        let r = bounds_reached([("01", &a), ("03", &c)]);
        assert_eq!(
            r.warnings(),
            vec!["bound not reached: no test has `n` at its maximum (the bound varies between tests)"]
        );
        let r = bounds_reached([("02", &b)]);
        assert_eq!(
            r.warnings(),
            vec![
                "bound not reached: no test has `n` at its minimum 1",
                "bound not reached: no test has `u` at its minimum 1",
                "bound not reached: no test has `u` at its maximum 100",
            ]
        );
        let empty = BoundsLog::new();
        let r = bounds_reached([("01", &empty)]);
        assert!(!r.known && r.warnings().is_empty());
        assert!(r.render().contains("unknown"));
    }
}
