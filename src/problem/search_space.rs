//! The `[search]` table of `problem.toml`: the domain of each generator, as the statement's
//! bounds allow it, for `gridjudge slowest` ([`crate::judge::slowest`] does the search).
//!
//! ```toml
//! [search]
//! lines = ["random n=1..100 m=1..100 walls=0.0..0.6", "line len=1..100 dir=row|col"]
//! ```
//!
//! Each line is a *template*: a generator name, then words that are fixed text (`dir=row`,
//! `left`), an integer range `lo..hi` (inclusive), a float range `lo..hi` written with a dot
//! (`0.0..0.6`: drawn values keep as many decimals as the bounds are written with), or a
//! choice `a|b|c`; keyed (`key=...`, the built-in problems) or positional (a program problem's
//! generator programs). `{seed}` stands for the test seed as in manifests and `stress`
//! (program problems); a built-in generator gets the test seed as its seed. The table declares
//! what each generator may be asked, never a test: `slowest` picks the values.
//!
//! Drawing uses [`TestRng`] only through its integer words and [`TestRng::unit`], never
//! `usize` sampling, so that a seed always gives the same values (the value-stability tests
//! below). Uses core (the RNG).

use anyhow::{bail, Context};
use serde::Deserialize;

use crate::core::rng::TestRng;

/// The `[search]` table: the templates, one string each.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchSettings {
    /// Template lines (see the module documentation); empty: `slowest` falls back to the
    /// built-in generators with `n`/`m` over the constraints.
    #[serde(default)]
    pub lines: Vec<String>,
}

impl SearchSettings {
    /// Parses every line; errors name the line and the word.
    pub fn templates(&self) -> anyhow::Result<Vec<Template>> {
        self.lines
            .iter()
            .map(|l| Template::parse(l).with_context(|| format!("[search] line `{l}`")))
            .collect()
    }
}

/// The values one word of a template may take.
#[derive(Clone, Debug, PartialEq)]
pub enum Domain {
    /// Always this text.
    Fixed(String),
    /// An integer in `lo..=hi` (`hi - lo` below 2^32).
    Int {
        /// Lowest value.
        lo: i64,
        /// Highest value.
        hi: i64,
    },
    /// A float in `lo..=hi`, written with `decimals` digits after the dot.
    Float {
        /// Lowest value.
        lo: f64,
        /// Highest value.
        hi: f64,
        /// Digits after the dot of every drawn value.
        decimals: usize,
    },
    /// One of these words.
    Choice(Vec<String>),
    /// `{seed}`: passed as written; the generator's program problem replaces it.
    Seed,
}

/// One word of a template: an optional key (`key=...`) and its domain.
#[derive(Clone, Debug, PartialEq)]
pub struct Word {
    /// `Some("n")` for `n=1..100`; `None` for a positional word.
    pub key: Option<String>,
    /// Its values.
    pub domain: Domain,
}

/// A value drawn for one word (`Fixed` for words without a choice).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Value {
    /// A fixed word or `{seed}`.
    Fixed,
    /// An integer.
    Int(i64),
    /// A float (already rounded to its decimals).
    Float(f64),
    /// The index of a choice.
    Choice(u32),
}

/// A generator template: the generator's name and its words.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    /// The generator's name.
    pub generator: String,
    /// The words after the name.
    pub words: Vec<Word>,
}

impl Template {
    /// Parses `NAME word...`. Errors: an empty line, an integer range with `lo > hi` or a span
    /// of 2^32 or more, a float range with `lo > hi` or non-finite bounds, a choice with an
    /// empty option.
    pub fn parse(line: &str) -> anyhow::Result<Template> {
        let mut it = line.split_whitespace();
        let Some(generator) = it.next() else {
            bail!("empty template");
        };
        let words = it.map(parse_word).collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Template {
            generator: generator.to_string(),
            words,
        })
    }

    /// Whether some word has more than one value.
    pub fn is_variable(&self, i: usize) -> bool {
        match &self.words[i].domain {
            Domain::Fixed(_) | Domain::Seed => false,
            Domain::Int { lo, hi } => lo < hi,
            Domain::Float { lo, hi, .. } => lo < hi,
            Domain::Choice(c) => c.len() > 1,
        }
    }

    /// The indices of the words with more than one value.
    pub fn variable_words(&self) -> Vec<usize> {
        (0..self.words.len())
            .filter(|&i| self.is_variable(i))
            .collect()
    }

    /// Every range at its maximum, every choice at its last option.
    pub fn maximum(&self) -> Vec<Value> {
        self.words
            .iter()
            .map(|w| match &w.domain {
                Domain::Fixed(_) | Domain::Seed => Value::Fixed,
                Domain::Int { hi, .. } => Value::Int(*hi),
                Domain::Float { hi, .. } => Value::Float(*hi),
                Domain::Choice(c) => Value::Choice(c.len() as u32 - 1),
            })
            .collect()
    }

    /// A uniform draw of every word.
    pub fn draw(&self, rng: &mut TestRng) -> Vec<Value> {
        (0..self.words.len())
            .map(|i| self.draw_word(i, rng))
            .collect()
    }

    /// A uniform draw of word `i`. O(1).
    pub fn draw_word(&self, i: usize, rng: &mut TestRng) -> Value {
        match &self.words[i].domain {
            Domain::Fixed(_) | Domain::Seed => Value::Fixed,
            Domain::Int { lo, hi } => Value::Int(lo + i64::from(below_span(rng, *lo, *hi))),
            Domain::Float { lo, hi, decimals } => {
                Value::Float(round_to(lo + rng.unit() * (hi - lo), *decimals).clamp(*lo, *hi))
            }
            Domain::Choice(c) => Value::Choice(rng.below(c.len() as u32)),
        }
    }

    /// Word `i` moved half-way towards its upper bound (`up`) or its lower bound; a choice is
    /// drawn again.
    pub fn step_word(&self, i: usize, v: Value, up: bool, rng: &mut TestRng) -> Value {
        match (&self.words[i].domain, v) {
            (Domain::Int { lo, hi }, Value::Int(x)) => {
                let to = if up { *hi } else { *lo };
                let d = to - x;
                Value::Int(x + d / 2 + d.signum() * (d % 2).abs())
            }
            (Domain::Float { lo, hi, decimals }, Value::Float(x)) => {
                let to = if up { *hi } else { *lo };
                Value::Float(round_to(x + (to - x) / 2.0, *decimals).clamp(*lo, *hi))
            }
            _ => self.draw_word(i, rng),
        }
    }

    /// The generator line's words (name first) for `values`: `key=value` or the value; a
    /// `{seed}` word stays `{seed}`.
    pub fn words_of(&self, values: &[Value]) -> Vec<String> {
        let mut out = vec![self.generator.clone()];
        for (w, v) in self.words.iter().zip(values) {
            let text = match (&w.domain, v) {
                (Domain::Fixed(t), _) => t.clone(),
                (Domain::Seed, _) => "{seed}".to_string(),
                (_, Value::Int(x)) => x.to_string(),
                (Domain::Float { decimals, .. }, Value::Float(x)) => format!("{x:.decimals$}"),
                (Domain::Choice(c), Value::Choice(k)) => c[*k as usize].clone(),
                _ => String::new(),
            };
            out.push(match &w.key {
                Some(k) => format!("{k}={text}"),
                None => text,
            });
        }
        out
    }
}

/// A uniform integer in `0..=hi-lo` (a span below 2^32, checked when parsed).
fn below_span(rng: &mut TestRng, lo: i64, hi: i64) -> u32 {
    let span = (hi - lo) as u64;
    if span >= u64::from(u32::MAX) {
        rng.next_u32()
    } else {
        rng.below(span as u32 + 1)
    }
}

/// `x` rounded to `decimals` digits after the dot.
fn round_to(x: f64, decimals: usize) -> f64 {
    let p = 10f64.powi(decimals as i32);
    (x * p).round() / p
}

/// One word: `{seed}`, `key=spec` or `spec`.
fn parse_word(word: &str) -> anyhow::Result<Word> {
    if word == "{seed}" {
        return Ok(Word {
            key: None,
            domain: Domain::Seed,
        });
    }
    let (key, spec) = match word.split_once('=') {
        Some((k, v))
            if !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
        {
            (Some(k.to_string()), v)
        }
        _ => (None, word),
    };
    let domain = if spec.contains('|') {
        let options: Vec<String> = spec.split('|').map(str::to_string).collect();
        if options.iter().any(String::is_empty) {
            bail!("`{word}`: a choice has an empty option");
        }
        Domain::Choice(options)
    } else if let Some((a, b)) = spec.split_once("..") {
        if a.contains('.') || b.contains('.') {
            let f = |x: &str| {
                x.parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .with_context(|| format!("`{word}`: `{x}` is not a number"))
            };
            let (lo, hi) = (f(a)?, f(b)?);
            if lo > hi {
                bail!("`{word}`: the range is empty");
            }
            let dec = |x: &str| x.split_once('.').map_or(0, |(_, d)| d.len());
            Domain::Float {
                lo,
                hi,
                decimals: dec(a).max(dec(b)).max(1),
            }
        } else {
            let i = |x: &str| {
                x.parse::<i64>()
                    .with_context(|| format!("`{word}`: `{x}` is not an integer"))
            };
            let (lo, hi) = (i(a)?, i(b)?);
            if lo > hi {
                bail!("`{word}`: the range is empty");
            }
            if (hi as i128 - lo as i128) > i128::from(u32::MAX) {
                bail!("`{word}`: the range has more than 2^32 values");
            }
            Domain::Int { lo, hi }
        }
    } else {
        Domain::Fixed(spec.to_string())
    };
    Ok(Word { key, domain })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_parse_into_domains() {
        let t = Template::parse("random n=1..100 walls=0.0..0.6 dir=row|col x=5 left 3..7 {seed}")
            .unwrap();
        assert_eq!(t.generator, "random");
        let d: Vec<&Domain> = t.words.iter().map(|w| &w.domain).collect();
        assert_eq!(d[0], &Domain::Int { lo: 1, hi: 100 });
        assert_eq!(
            d[1],
            &Domain::Float {
                lo: 0.0,
                hi: 0.6,
                decimals: 1
            }
        );
        assert_eq!(d[2], &Domain::Choice(vec!["row".into(), "col".into()]));
        assert_eq!(d[3], &Domain::Fixed("5".into()));
        assert_eq!(d[4], &Domain::Fixed("left".into()));
        assert_eq!(t.words[5].key, None);
        assert_eq!(d[5], &Domain::Int { lo: 3, hi: 7 });
        assert_eq!(d[6], &Domain::Seed);
        assert_eq!(t.variable_words(), vec![0, 1, 2, 5]);
        assert_eq!(
            t.words_of(&t.maximum()),
            [
                "random",
                "n=100",
                "walls=0.6",
                "dir=col",
                "x=5",
                "left",
                "7",
                "{seed}"
            ]
        );
    }

    #[test]
    fn bad_words_are_refused() {
        for (line, says) in [
            ("", "empty"),
            ("g n=5..1", "empty"),
            ("g n=1..x", "not an integer"),
            ("g w=0.5..0.1", "empty"),
            ("g d=a||b", "empty option"),
            ("g n=0..5000000000", "more than 2^32 values"),
            ("g n=0..4294967296", "more than 2^32 values"),
        ] {
            let e = format!("{:#}", Template::parse(line).unwrap_err());
            assert!(e.contains(says), "{line}: {e}");
        }
    }

    /// Value stability: these draws for these seeds must not change (a change moves every
    /// search result).
    #[test]
    fn draws_are_stable_for_known_seeds() {
        let t = Template::parse("random n=1..100 m=1..100 walls=0.00..0.60 d=a|b|c").unwrap();
        let mut rng = TestRng::for_test("slowest", "test", "", 1);
        let a = t.words_of(&t.draw(&mut rng));
        let b = t.words_of(&t.draw(&mut rng));
        assert_eq!(a, DRAW_1);
        assert_eq!(b, DRAW_2);
    }
    /// A range of exactly 2^32 values is accepted (as the doc says) and drawn inside it.
    #[test]
    fn a_range_of_two_to_the_32_values_is_drawn_inside_it() {
        let t = Template::parse("g n=-1..4294967294").unwrap();
        let mut rng = TestRng::for_test("slowest", "test", "", 2);
        for _ in 0..100 {
            let w = t.words_of(&t.draw(&mut rng));
            let n: i64 = w[1].strip_prefix("n=").unwrap().parse().unwrap();
            assert!((-1..=4_294_967_294).contains(&n), "{w:?}");
        }
    }

    const DRAW_1: [&str; 5] = ["random", "n=95", "m=49", "walls=0.04", "d=c"];
    const DRAW_2: [&str; 5] = ["random", "n=41", "m=70", "walls=0.51", "d=a"];

    #[test]
    fn steps_go_half_way_to_a_bound() {
        let t = Template::parse("g n=1..100 w=0.0..1.0").unwrap();
        let mut rng = TestRng::for_test("slowest", "test", "", 1);
        assert_eq!(
            t.step_word(0, Value::Int(10), true, &mut rng),
            Value::Int(55)
        );
        assert_eq!(
            t.step_word(0, Value::Int(10), false, &mut rng),
            Value::Int(5)
        );
        assert_eq!(
            t.step_word(0, Value::Int(99), true, &mut rng),
            Value::Int(100)
        );
        assert_eq!(
            t.step_word(1, Value::Float(0.2), true, &mut rng),
            Value::Float(0.6)
        );
    }
}
