//! Shrinking generator lines: the smaller manifest lines of a failing test ([`smaller_lines`]),
//! tried by [`crate::judge::stress`] before the input itself is shrunk with
//! [`crate::core::shrink_text`], and their measure ([`line_measure`]). Pure functions on
//! words. Also reachable at their old paths in [`crate::core::shrink_text`], whose tests
//! cover them.
//!
//! May use: std only.

/// The measure of a generator line under [`smaller_lines`]: the sum of its numeric
/// arguments.
pub fn line_measure(words: &[String]) -> u128 {
    words
        .iter()
        .enumerate()
        .filter_map(|(i, w)| numeric_arg(i, w))
        .map(|(_, v)| u128::from(v))
        .sum()
}

/// The numeric argument in word `i` of a generator line: `(prefix, value)` where `prefix` is
/// `""` for a bare number or `"key="` for `key=value`. Word 0 (the generator's name), words
/// containing `{seed}`, the key `seed`, and values that are not canonical unsigned integers
/// (`0|[1-9][0-9]*`, fitting in `u64`) are not numeric arguments.
fn numeric_arg(i: usize, w: &str) -> Option<(&str, u64)> {
    if i == 0 || w.contains("{seed}") {
        return None;
    }
    let (prefix, value) = match w.split_once('=') {
        Some(("seed", _)) => return None,
        Some((key, value)) => (&w[..key.len() + 1], value),
        None => ("", w),
    };
    if value.is_empty()
        || !value.bytes().all(|b| b.is_ascii_digit())
        || (value.len() > 1 && value.starts_with('0'))
    {
        return None;
    }
    Some((prefix, value.parse().ok()?))
}

/// The smaller generator lines of the manifest line `words` (word 0 is the generator's
/// name), most aggressive first; each has a strictly smaller [`line_measure`] (the sum of
/// the numeric arguments), so greedy shrinking ends.
///
/// A numeric argument is a bare canonical unsigned integer (`1000`) or the value of
/// `key=value` (`n=100`); word 0, words containing `{seed}`, the key `seed`, and anything
/// else (`0.3`, `-5`, `1..10`, `path`) are kept as they are. The candidates:
/// 1. **all numeric arguments scaled down together** by 2^s, for s from the largest useful
///    shift down to 1: `x` becomes `max(1, x >> s)` (0 stays 0), which keeps their
///    proportions (`random 1000 1000 5000 {seed}` → `random 1 1 4 {seed}`, ..., `random 500
///    500 2500 {seed}`);
/// 2. then **one argument at a time**: to 0 (every argument in order), to 1, to 2, halved,
///    minus one; a value that is not smaller, or repeats an earlier target, is skipped.
///
/// Duplicates are removed. A smaller line need not make a smaller input, nor be accepted by
/// the generator: the caller runs it and judges the result. O(words × bits) candidates.
pub fn smaller_lines(words: &[String]) -> Vec<Vec<String>> {
    let args: Vec<(usize, &str, u64)> = words
        .iter()
        .enumerate()
        .filter_map(|(i, w)| numeric_arg(i, w).map(|(p, v)| (i, p, v)))
        .collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    let mut push = |changes: &[(usize, &str, u64)]| {
        let mut line = words.to_vec();
        let mut changed = false;
        for &(i, prefix, v) in changes {
            let w = format!("{prefix}{v}");
            changed |= w != line[i];
            line[i] = w;
        }
        if changed && !out.contains(&line) {
            out.push(line);
        }
    };
    let max = args.iter().map(|&(_, _, v)| v).max().unwrap_or(0);
    let bits = 64 - max.leading_zeros();
    for s in (1..bits.max(1)).rev() {
        let scaled: Vec<(usize, &str, u64)> = args
            .iter()
            .map(|&(i, p, v)| (i, p, if v == 0 { 0 } else { (v >> s).max(1) }))
            .collect();
        push(&scaled);
    }
    let targets = |v: u64| -> [u64; 5] { [0, 1, 2, v / 2, v.saturating_sub(1)] };
    for kind in 0..5 {
        for &(i, p, v) in &args {
            let all = targets(v);
            let x = all[kind];
            if x < v && !all[..kind].contains(&x) {
                push(&[(i, p, x)]);
            }
        }
    }
    out
}
