//! Generated (answer, output) cases for the Kattis default output validator
//! (`core::output_validator`), shared by tests/kattis_output_validator.rs (against
//! problemtools' own validator) and tests/testlib_api.rs (against the testlib-API C++ version,
//! `checker/builtin/testlib_kattis_default.cpp`). Test files that need only this declare
//! `#[path = "common/kattis_cases.rs"] mod kattis_cases;` instead of the whole `common` module.
//!
//! * [`Mix`]: a small deterministic generator;
//! * [`FLAGS`]: the argument sets the cases are judged under;
//! * [`TOKENS`], [`SPACES`], [`mutate`]: the building blocks;
//! * [`cases`]: cases with a flag set each (ASCII text);
//! * [`pairs`]: cases for a flag set chosen by the caller, some with a byte edit (`\v`, `\f`,
//!   NUL, 0xFF) in the output. Neither makes a byte order mark.

#![allow(dead_code)]

/// A small deterministic generator (SplitMix64), so the cases never depend on a crate's
/// distributions.
pub struct Mix(pub u64);

impl Mix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

/// The argument sets (2025-09 `output_validator_args`, split at white space).
pub const FLAGS: &[&str] = &[
    "",
    "case_sensitive",
    "space_change_sensitive",
    "float_tolerance 1e-6",
    "float_absolute_tolerance 0.01",
    "float_relative_tolerance 0.001",
    "case_sensitive space_change_sensitive float_tolerance 1e-3",
    "float_absolute_tolerance 0.5 float_relative_tolerance 1e-9",
    "float_tolerance 0",
];

/// Answer tokens: words, integers, decimal numbers in every form of the grammar, numbers that
/// overflow or underflow a double, and what is no number by the spec (`nan`, `inf`, hex).
pub const TOKENS: &[&str] = &[
    "Yes",
    "no",
    "ABC",
    "x",
    "42",
    "-7",
    "0",
    "-0",
    "3.25",
    "1e3",
    "-2.5E-2",
    ".5",
    "5.",
    "+8",
    "1e500",
    "1e-500",
    "nan",
    "NaN",
    "inf",
    "-inf",
    "Infinity",
    "0x10",
    "1000000000",
    "0.1",
    "123456.789",
    "hello",
    "1,5",
];

/// White-space runs between tokens.
pub const SPACES: &[&str] = &[" ", " ", "\n", "\n", "  ", "\t", "\r\n", " \n"];

/// A changed copy of `token` as a contestant might print it.
pub fn mutate(rng: &mut Mix, token: &str) -> String {
    let x: Option<f64> = token.parse().ok().filter(|x: &f64| x.is_finite());
    match rng.below(9) {
        0 => token.to_uppercase(),
        1 => token.to_lowercase(),
        2 => match x {
            Some(x) => format!("{:e}", x),
            None => token.to_string(),
        },
        3 => match x {
            Some(x) => format!(
                "{:.9}",
                x + [1e-7, -1e-4, 5e-3, 0.4, 0.6, 1.0][rng.below(6) as usize]
            ),
            None => format!("{token}x"),
        },
        4 => match x {
            Some(x) => format!(
                "{:.6}",
                x * (1.0 + [1e-10, 1e-6, -1e-3, 2e-3][rng.below(4) as usize])
            ),
            None => rng.pick(TOKENS).to_string(),
        },
        5 => match x {
            // Hexadecimal: the spec says no float; problemtools reads one.
            Some(x) if x.fract() == 0.0 && x.abs() < 1e6 => {
                let i = x as i64;
                if i < 0 {
                    format!("-0x{:x}", -i)
                } else {
                    format!("0x{i:x}")
                }
            }
            _ => token.to_string(),
        },
        6 => rng.pick(TOKENS).to_string(),
        _ => token.to_string(),
    }
}

/// A case: the validator's arguments, the jury answer and the contestant's output.
pub struct Case {
    pub flags: &'static str,
    pub answer: String,
    pub output: String,
}

/// `n` cases, each with a flag set of [`FLAGS`] (seeded: always the same ones).
pub fn cases(n: usize) -> Vec<Case> {
    let mut rng = Mix(20_261_202);
    let mut out = Vec::new();
    for _ in 0..n {
        let flags = rng.pick(FLAGS);
        let (answer, output) = pair(&mut rng);
        out.push(Case {
            flags,
            answer,
            output,
        });
    }
    out
}

/// `n` (answer, output) cases from the seed `seed`, for any flag set: those of [`cases`], and
/// in about one output of four a byte replaced or inserted (`\v`, `\f`, NUL, 0xFF, a space or
/// a newline).
pub fn pairs(seed: u64, n: usize) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut rng = Mix(seed);
    (0..n)
        .map(|_| {
            let (answer, output) = pair(&mut rng);
            let mut output = output.into_bytes();
            if rng.below(4) == 0 {
                let b = [0x0b, 0x0c, 0, 0xff, b' ', b'\n'][rng.below(6) as usize];
                let at = rng.below(output.len() as u64 + 1) as usize;
                if at < output.len() && rng.below(2) == 0 {
                    output[at] = b;
                } else {
                    output.insert(at, b);
                }
            }
            (answer.into_bytes(), output)
        })
        .collect()
}

/// One (answer, output): up to five tokens of [`TOKENS`] with white space of [`SPACES`]; the
/// output mostly the same, sometimes a token changed ([`mutate`]), dropped or added, white
/// space changed, something appended.
fn pair(rng: &mut Mix) -> (String, String) {
    let len = rng.below(6) as usize;
    let tokens: Vec<&str> = (0..len).map(|_| rng.pick(TOKENS)).collect();
    let seps: Vec<&str> = (0..=len).map(|_| rng.pick(SPACES)).collect();
    let mut answer = String::new();
    let mut output = String::new();
    if rng.below(3) == 0 {
        answer.push_str(seps[0]);
    }
    for (i, t) in tokens.iter().enumerate() {
        answer.push_str(t);
        answer.push_str(seps[i + 1]);
        // The output: mostly the same, sometimes changed, white space sometimes other.
        let changed = rng.below(3) == 0;
        let token = if changed {
            mutate(rng, t)
        } else {
            t.to_string()
        };
        match rng.below(10) {
            0 => {}                         // token dropped
            1 => output.push_str("extra "), // token added
            _ => {}
        }
        if rng.below(10) != 0 {
            output.push_str(&token);
        }
        output.push_str(if rng.below(4) == 0 {
            rng.pick(SPACES)
        } else {
            seps[i + 1]
        });
    }
    if rng.below(8) == 0 {
        output.push_str(rng.pick(&["\n", " ", "more", "\n\n"]));
    }
    (answer, output)
}
