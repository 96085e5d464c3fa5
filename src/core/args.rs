//! Generator arguments: `key=value` words, as written on a manifest line or the `gen` command.
//!
//! Every generator declares its parameters ([`Param`]); unknown keys, repeated keys, values
//! that do not parse and values out of range are errors that name the key. The canonical form
//! (keys sorted, values exactly as written) is part of a test's identity, see [`crate::core::rng`]:
//! `walls=0.1` and `walls=1e-1`, or an explicit default and an omitted one, are different tests.

use std::collections::BTreeMap;
use std::fmt;

use crate::core::rng::TestRng;

/// One declared generator parameter, shown by `gen --help`.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    /// The key, e.g. `n`.
    pub key: &'static str,
    /// What it means, with its range and default, e.g. `rows, 1..=100 (default 10)`.
    pub about: &'static str,
}

/// One generator of a problem: its name, what it makes, and its parameters.
#[derive(Clone, Copy, Debug)]
pub struct GeneratorInfo {
    /// Name used on manifest lines and on the `gen` command line.
    pub name: &'static str,
    /// One paragraph: what the tests look like and which mistakes they target.
    pub about: &'static str,
    /// Declared parameters.
    pub params: &'static [Param],
}

/// An error in generator arguments; names the key and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ArgError(pub String);

/// Parsed arguments of one generator call: `key=value` words (the built-in generators), or
/// positional words passed as written (the generator programs of a program problem,
/// [`Args::positional`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    values: BTreeMap<String, String>,
    /// Positional words in order; `Some` for a generator program's arguments.
    words: Option<Vec<String>>,
}

impl Args {
    /// Parses words such as `n=10 density=0.3`. Errors on a word without `=`, an empty key or
    /// value, or a key given twice.
    pub fn parse<S: AsRef<str>>(words: &[S]) -> Result<Args, ArgError> {
        let mut values = BTreeMap::new();
        for w in words {
            let w = w.as_ref();
            let Some((k, v)) = w.split_once('=') else {
                return Err(ArgError(format!(
                    "argument `{w}` is not of the form key=value"
                )));
            };
            if k.is_empty() || v.is_empty() {
                return Err(ArgError(format!(
                    "argument `{w}` has an empty key or value"
                )));
            }
            if values.insert(k.to_string(), v.to_string()).is_some() {
                return Err(ArgError(format!("argument `{k}` is given twice")));
            }
        }
        Ok(Args {
            values,
            words: None,
        })
    }

    /// Positional arguments of a generator program, kept as written and in order (argv after
    /// the program's name). `{seed}` stands for the test's seed ([`crate::problems::program`]); a word
    /// `lo..hi` is an integer range for `gridjudge stress` ([`resolve_ranges`]).
    pub fn positional<S: AsRef<str>>(words: &[S]) -> Args {
        Args {
            values: BTreeMap::new(),
            words: Some(words.iter().map(|w| w.as_ref().to_string()).collect()),
        }
    }

    /// The positional words ([`Args::positional`]), `None` for `key=value` arguments.
    pub fn words(&self) -> Option<&[String]> {
        self.words.as_deref()
    }

    /// Checks that every key is declared by `info`; the error lists the declared keys.
    /// Positional arguments are not checked (a generator program parses its own argv).
    pub fn check_keys(&self, info: &GeneratorInfo) -> Result<(), ArgError> {
        if self.words.is_some() {
            return Ok(());
        }
        for k in self.values.keys() {
            if !info.params.iter().any(|p| p.key == k) {
                let known: Vec<&str> = info.params.iter().map(|p| p.key).collect();
                return Err(ArgError(format!(
                    "generator `{}` has no parameter `{k}` (it takes: {})",
                    info.name,
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                )));
            }
        }
        Ok(())
    }

    /// Canonical form: `key=value` words sorted by key, joined by single spaces; positional
    /// words in their order, joined by single spaces.
    pub fn canonical(&self) -> String {
        self.to_string()
    }

    /// An integer parameter in `lo..=hi`, or `default` when absent.
    pub fn u32_or(&self, key: &str, default: u32, lo: u32, hi: u32) -> Result<u32, ArgError> {
        match self.values.get(key) {
            None => Ok(default),
            Some(v) => {
                let x: u32 = v.parse().map_err(|_| {
                    ArgError(format!("`{key}={v}`: expected an integer in {lo}..={hi}"))
                })?;
                if x < lo || x > hi {
                    return Err(ArgError(format!(
                        "`{key}={v}`: out of range, expected {lo}..={hi}"
                    )));
                }
                Ok(x)
            }
        }
    }

    /// A real parameter in `lo..=hi`, or `default` when absent.
    pub fn f64_or(&self, key: &str, default: f64, lo: f64, hi: f64) -> Result<f64, ArgError> {
        match self.values.get(key) {
            None => Ok(default),
            Some(v) => {
                let x: f64 = v.parse().map_err(|_| {
                    ArgError(format!("`{key}={v}`: expected a number in [{lo}, {hi}]"))
                })?;
                if !(lo..=hi).contains(&x) {
                    return Err(ArgError(format!(
                        "`{key}={v}`: out of range, expected [{lo}, {hi}]"
                    )));
                }
                Ok(x)
            }
        }
    }

    /// A parameter that must be one of `choices`, or `default` when absent.
    pub fn choice_or<'a>(
        &'a self,
        key: &str,
        default: &'a str,
        choices: &[&str],
    ) -> Result<&'a str, ArgError> {
        match self.values.get(key) {
            None => Ok(default),
            Some(v) if choices.contains(&v.as_str()) => Ok(v),
            Some(v) => Err(ArgError(format!(
                "`{key}={v}`: expected one of {}",
                choices.join(", ")
            ))),
        }
    }
}

impl Args {
    /// Whether some value is an integer range `lo..hi` (see [`resolve_ranges`]).
    pub fn has_ranges(&self) -> bool {
        self.values.values().any(|v| v.contains(".."))
            || self.words.iter().flatten().any(|w| is_positional_range(w))
    }
}

/// Whether a positional word is meant as a range `lo..hi`: two runs of digits around `..`.
fn is_positional_range(w: &str) -> bool {
    w.split_once("..").is_some_and(|(a, b)| {
        !a.is_empty()
            && !b.is_empty()
            && a.bytes().all(|c| c.is_ascii_digit())
            && b.bytes().all(|c| c.is_ascii_digit())
    })
}

/// Parses an inclusive integer range `lo..hi` (`n=1..6` means 1 to 6). `Ok(None)` when the
/// value is not a range; errors name the key when it looks like one but is malformed.
fn parse_range(key: &str, value: &str) -> Result<Option<(u32, u32)>, ArgError> {
    let Some((a, b)) = value.split_once("..") else {
        return Ok(None);
    };
    let bad = || {
        let what = if key.starts_with("argument ") {
            format!("{key} `{value}`")
        } else {
            format!("`{key}={value}`")
        };
        ArgError(format!(
            "{what}: a range is lo..hi with integers 0 <= lo <= hi < 2^32"
        ))
    };
    let lo: u32 = a.parse().map_err(|_| bad())?;
    let hi: u32 = b.parse().map_err(|_| bad())?;
    if lo > hi {
        return Err(bad());
    }
    Ok(Some((lo, hi)))
}

/// Replaces every integer range `lo..hi` (inclusive) in `args` by one value drawn uniformly
/// for this `seed`; other values are kept. Used by `gridjudge stress`, whose generator lines
/// may hold ranges (`random n=1..6 m=1..6`).
///
/// The values are drawn, in key order, from [`TestRng::for_test`] with the identity
/// (problem, generator, **the canonical arguments with the ranges as written**, seed), so the
/// concrete arguments are a pure function of that identity. Such an identity never names a
/// real test (a range is not a valid generator value), and the test itself is then generated
/// from its own identity with the concrete arguments ([`crate::problem::generate_test`]).
/// Arguments without a range are returned unchanged and draw nothing.
///
/// Cost: O(number of arguments). Errors: a malformed range (`1..`, `5..2`, `a..b`).
pub fn resolve_ranges(
    problem: &str,
    generator: &str,
    args: &Args,
    seed: u64,
) -> Result<Args, ArgError> {
    if !args.has_ranges() {
        return Ok(args.clone());
    }
    let mut rng = TestRng::for_test(problem, generator, &args.canonical(), seed);
    if let Some(words) = &args.words {
        let mut out = Vec::with_capacity(words.len());
        for (i, w) in words.iter().enumerate() {
            out.push(if is_positional_range(w) {
                match parse_range(&format!("argument {}", i + 1), w)? {
                    Some((lo, hi)) => rng.range(lo, hi).to_string(),
                    None => w.clone(),
                }
            } else {
                w.clone()
            });
        }
        return Ok(Args::positional(&out));
    }
    let mut values = BTreeMap::new();
    for (k, v) in &args.values {
        let concrete = match parse_range(k, v)? {
            Some((lo, hi)) => rng.range(lo, hi).to_string(),
            None => v.clone(),
        };
        values.insert(k.clone(), concrete);
    }
    Ok(Args {
        values,
        words: None,
    })
}

impl fmt::Display for Args {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(words) = &self.words {
            return f.write_str(&words.join(" "));
        }
        for (i, (k, v)) in self.values.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{k}={v}")?;
        }
        Ok(())
    }
}

/// The word a program problem's generator line writes where the test's seed goes
/// ([`crate::problems::program`]).
pub const SEED_WORD: &str = "{seed}";

#[cfg(test)]
mod tests {
    use super::*;

    const INFO: GeneratorInfo = GeneratorInfo {
        name: "random",
        about: "",
        params: &[
            Param {
                key: "n",
                about: "",
            },
            Param {
                key: "p",
                about: "",
            },
        ],
    };

    #[test]
    fn canonical_sorts_keys() {
        let a = Args::parse(&["p=0.5", "n=3"]).unwrap();
        assert_eq!(a.canonical(), "n=3 p=0.5");
        a.check_keys(&INFO).unwrap();
    }

    #[test]
    fn errors_name_the_key() {
        assert!(Args::parse(&["n"]).unwrap_err().0.contains("`n`"));
        assert!(Args::parse(&["n=1", "n=2"])
            .unwrap_err()
            .0
            .contains("twice"));
        let a = Args::parse(&["q=1"]).unwrap();
        assert!(a
            .check_keys(&INFO)
            .unwrap_err()
            .0
            .contains("no parameter `q`"));
        let a = Args::parse(&["n=101"]).unwrap();
        let e = a.u32_or("n", 1, 1, 100).unwrap_err();
        assert!(e.0.contains("n=101") && e.0.contains("1..=100"), "{e}");
        let a = Args::parse(&["n=-1"]).unwrap();
        assert!(a.u32_or("n", 1, 1, 100).is_err());
        let a = Args::parse(&["p=2"]).unwrap();
        assert!(a.f64_or("p", 0.5, 0.0, 1.0).is_err());
        assert_eq!(Args::default().u32_or("n", 7, 1, 100), Ok(7));
    }

    #[test]
    fn ranges_resolve_per_seed_within_bounds() {
        let a = Args::parse(&["n=1..6", "m=3", "walls=0.2"]).unwrap();
        assert!(a.has_ranges());
        let mut seen = [false; 7];
        for seed in 0..200 {
            let r = resolve_ranges("game", "random", &a, seed).unwrap();
            assert!(!r.has_ranges());
            let n = r.u32_or("n", 0, 1, 6).unwrap();
            seen[n as usize] = true;
            assert_eq!(r.u32_or("m", 0, 0, 9), Ok(3));
            assert_eq!(r, resolve_ranges("game", "random", &a, seed).unwrap());
        }
        assert_eq!(seen, [false, true, true, true, true, true, true]);
        let plain = Args::parse(&["n=4"]).unwrap();
        assert_eq!(resolve_ranges("game", "random", &plain, 9).unwrap(), plain);
        for bad in ["n=5..2", "n=1..", "n=a..3", "n=-1..3"] {
            let a = Args::parse(&[bad]).unwrap();
            let e = resolve_ranges("game", "random", &a, 1).unwrap_err();
            assert!(e.0.contains(bad), "{e}");
        }
    }
}
