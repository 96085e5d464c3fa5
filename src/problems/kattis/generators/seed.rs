//! BAPCtools' `{seed}`: the number a generator command's `{seed}` / `{seed:N}` stands for,
//! derived from the test's rule exactly as `bt generate` (bapctools 2026.10.0,
//! `bapctools/generate.py`, `TestCaseRule.__init__`) derives it.

use sha2::{Digest, Sha512};

/// The seed of a generator command, in [0, 2^31).
///
/// The text hashed is the inherited `random_salt`, then `:K` with `K = count_value - 1` when
/// the test is one of a `count:` whose value is not 1, then the command (after `{{constant}}`
/// and `{count}` substitution) with leading and trailing white space removed; the seed is the
/// SHA-512 digest of that text's UTF-8 bytes read as a big-endian integer, modulo 2^31 (its
/// last four bytes with the top bit cleared). Cost: one SHA-512 of the text.
pub fn seed(random_salt: &str, count_value: i64, command: &str) -> u32 {
    let mut text = random_salt.to_string();
    if count_value != 1 {
        text.push_str(&format!(":{}", count_value - 1));
    }
    text.push_str(command.trim());
    let digest = Sha512::digest(text.as_bytes());
    let n = digest.len();
    let tail = u32::from_be_bytes([digest[n - 4], digest[n - 3], digest[n - 2], digest[n - 1]]);
    tail & 0x7fff_ffff
}

/// Every `{seed}` and `{seed:N}` of `text` replaced by `value` (BAPCtools' `SEED_REGEX`,
/// `\{seed(:[0-9]+)?\}`). Cost: linear in `text`.
pub fn substitute_seed(text: &str, value: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("{seed") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 5..];
        let matched = if let Some(r) = after.strip_prefix('}') {
            Some(r)
        } else if let Some(r) = after.strip_prefix(':') {
            let digits = r.bytes().take_while(u8::is_ascii_digit).count();
            (digits > 0)
                .then(|| r[digits..].strip_prefix('}'))
                .flatten()
        } else {
            None
        };
        match matched {
            Some(r) => {
                out.push_str(value);
                rest = r;
            }
            None => {
                out.push_str("{seed");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// How many `{seed}` / `{seed:N}` occur in `text`.
pub fn seed_count(text: &str) -> usize {
    // Each match is replaced by one NUL-free marker; count the markers.
    substitute_seed(text, "\u{0}").matches('\u{0}').count() - text.matches('\u{0}').count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values printed by BAPCtools' own code: in the venv of bapctools==2026.10.0,
    /// `from bapctools.util import hash_string; int(hash_string(s), 16) % 2**31` for the text
    /// `s` that `TestCaseRule.__init__` builds (salt, `:{count_value - 1}` when the count
    /// value is not 1, the stripped command), run once on 2026-12-02.
    #[test]
    fn seeds_are_bapctools_values() {
        for (salt, count, command, expected) in KNOWN {
            assert_eq!(
                seed(salt, *count, command),
                *expected,
                "{salt:?} {count} {command:?}"
            );
        }
    }

    const KNOWN: &[(&str, i64, &str, u32)] = &[
        ("", 1, "random.py {seed}", SEED_A),
        ("", 1, "  random.py {seed}  ", SEED_A),
        ("", 2, "random.py {seed}", SEED_B),
        ("", 3, "random.py {seed}", SEED_C),
        ("abc", 1, "random.py {seed}", SEED_D),
        ("", 1, "random.py {seed:1} 5", SEED_E),
        ("", -4, "gen {count} {seed}", SEED_F),
    ];
    const SEED_A: u32 = 1597083754;
    const SEED_B: u32 = 1094382571;
    const SEED_C: u32 = 1953304036;
    const SEED_D: u32 = 8584593;
    const SEED_E: u32 = 2093762264;
    const SEED_F: u32 = 1212159391;

    #[test]
    fn seed_patterns() {
        assert_eq!(substitute_seed("a {seed} b", "7"), "a 7 b");
        assert_eq!(
            substitute_seed("{seed:12}x{seed:}{seed", "7"),
            "7x{seed:}{seed"
        );
        assert_eq!(seed_count("gen {seed} {seed:3}"), 2);
        assert_eq!(seed_count("gen {seeds} {seed:}"), 0);
    }
}
