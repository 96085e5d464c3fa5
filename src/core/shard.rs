//! Shards: a command's work cut into `N` fixed parts that run anywhere, in any order, and
//! never depend on each other (`--shard i/N`, `i` from 1, as cargo-nextest's `--partition
//! count:i/N` and Playwright's `--shard=i/N` count), and the machine a shard ran on.
//!
//! Two ways of cutting are used, each a pure function of the work's size and the shard:
//! - **round robin** over a numbered list of units ([`Shard::takes`]): unit `k` (from 0) belongs
//!   to shard `k mod N + 1`. `verify` numbers its (submission × test) runs submission-major,
//!   `mutants` its chosen mutants, `timelimit` its submissions: neighbouring units (one
//!   submission's tests, which cost alike) land on different shards, so shards cost alike.
//! - **contiguous ranges** of seeds ([`Shard::seed_range`]): `stress --seeds a..b` gives shard
//!   `i` the `i`-th of `N` ranges of sizes differing by at most one, in order, so that the
//!   smallest failing seed of the whole range is the smallest among the shards' first
//!   failures.
//!
//! May use: the standard library and external crates only.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Shard `index` of `count` (1 ≤ `index` ≤ `count`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shard {
    /// Which part, from 1.
    pub index: u32,
    /// How many parts.
    pub count: u32,
}

impl Shard {
    /// The whole work as one shard (`1/1`).
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Shard `index` of `count`. Errors when `count` is 0 or `index` is not in `1..=count`.
    pub fn new(index: u32, count: u32) -> Result<Shard, String> {
        if count == 0 {
            return Err("a shard count must be at least 1".to_string());
        }
        if index == 0 || index > count {
            return Err(format!(
                "shard {index}/{count}: the index runs from 1 to {count}"
            ));
        }
        Ok(Shard { index, count })
    }

    /// Whether unit `k` (from 0) of a round-robin cut belongs to this shard: `k mod count + 1 ==
    /// index`. O(1).
    pub fn takes(self, k: usize) -> bool {
        k % self.count as usize == (self.index - 1) as usize
    }

    /// This shard's part of the inclusive seed range `first..=last`: the `index`-th of `count`
    /// contiguous ranges, the first `(size mod count)` of them one seed longer. `None` when the
    /// shard gets no seed (more shards than seeds) or the range is empty.
    pub fn seed_range(self, first: u64, last: u64) -> Option<(u64, u64)> {
        if last < first {
            return None;
        }
        // The size may be 2^64 (0..=u64::MAX): counted in u128.
        let size = (last - first) as u128 + 1;
        let n = self.count as u128;
        let i = (self.index - 1) as u128;
        let (base, extra) = (size / n, size % n);
        let start = i * base + i.min(extra);
        let len = base + u128::from(i < extra);
        if len == 0 {
            return None;
        }
        let lo = first as u128 + start;
        Some((lo as u64, (lo + len - 1) as u64))
    }

    /// Whether this is the whole work (`1/1`).
    pub fn is_whole(self) -> bool {
        self.count == 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `i/N`, both decimal. Errors name what is wrong: `--shard 0/4: the index runs from 1 to
    /// 4`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let (i, n) = s
            .split_once('/')
            .ok_or_else(|| format!("`{s}`: a shard is written i/N, e.g. 2/4"))?;
        let parse = |w: &str, what: &str| -> Result<u32, String> {
            w.trim()
                .parse::<u32>()
                .map_err(|_| format!("`{s}`: the {what} `{w}` is not a whole number"))
        };
        Shard::new(parse(i, "index")?, parse(n, "count")?)
    }
}

/// Checks that `shards`, read from `files` (in the same order), are every shard `1..=N` of
/// one count exactly once; `run` names the run in the error of a missing shard. O(shards).
///
/// Errors: another count (`<file>: its shard count differs from <first file>'s`), a shard in
/// two files, missing shards (`shard(s) 2/4, 3/4 of <run> missing`).
pub fn check_complete(shards: &[Shard], files: &[String], run: &str) -> Result<(), String> {
    let Some(first) = shards.first() else {
        return Err("no shard to merge".to_string());
    };
    let count = first.count;
    let mut seen = vec![None::<usize>; count as usize];
    for (k, sh) in shards.iter().enumerate() {
        same_as_first(files, k, "shard count", sh.count == count)?;
        if let Some(prev) = seen[(sh.index - 1) as usize].replace(k) {
            return Err(format!(
                "{}: shard {sh} is also in {}",
                files[k], files[prev]
            ));
        }
    }
    let missing: Vec<String> = (1..=count)
        .filter(|i| seen[(*i - 1) as usize].is_none())
        .map(|i| format!("{i}/{count}"))
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "shard(s) {} of {run} missing: a merge needs every shard",
            missing.join(", ")
        ))
    }
}

/// `Ok` when `ok`, else the error that shard file `files[k]` has another `what` than the first
/// one, `files[0]`.
pub fn same_as_first(files: &[String], k: usize, what: &str, ok: bool) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{}: its {what} differs from {}'s",
            files[k], files[0]
        ))
    }
}

/// The machine a shard ran on, recorded with its results so that timing differences between
/// nodes can be traced.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Host {
    /// The node's host name (`/proc/sys/kernel/hostname`; `unknown` when unreadable).
    pub node: String,
    /// The CPU model (`model name` of `/proc/cpuinfo`'s first processor; `unknown` when
    /// absent, as on some ARM kernels).
    pub cpu: String,
}

/// The machine this process runs on. Reads two files of `/proc`; never fails.
pub fn host() -> Host {
    let node = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|s| s.trim().to_string())
        .ok()
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_string());
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_string());
    Host { node, cpu }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_refuse_what_is_not_one() {
        assert_eq!("2/4".parse::<Shard>(), Ok(Shard { index: 2, count: 4 }));
        assert_eq!("1/1".parse::<Shard>(), Ok(Shard::WHOLE));
        assert_eq!(
            "0/4".parse::<Shard>().unwrap_err(),
            "shard 0/4: the index runs from 1 to 4"
        );
        assert_eq!(
            "5/4".parse::<Shard>().unwrap_err(),
            "shard 5/4: the index runs from 1 to 4"
        );
        assert_eq!(
            "1/0".parse::<Shard>().unwrap_err(),
            "a shard count must be at least 1"
        );
        assert_eq!(
            "2".parse::<Shard>().unwrap_err(),
            "`2`: a shard is written i/N, e.g. 2/4"
        );
        assert_eq!(
            "a/4".parse::<Shard>().unwrap_err(),
            "`a/4`: the index `a` is not a whole number"
        );
        assert_eq!(Shard { index: 3, count: 7 }.to_string(), "3/7");
    }

    #[test]
    fn round_robin_gives_every_unit_to_exactly_one_shard() {
        for n in 1..=5u32 {
            for k in 0..23usize {
                let owners: Vec<u32> = (1..=n)
                    .filter(|&i| Shard::new(i, n).unwrap().takes(k))
                    .collect();
                assert_eq!(owners, vec![(k % n as usize) as u32 + 1], "unit {k} of {n}");
            }
        }
    }

    #[test]
    fn seed_ranges_cover_the_range_in_order_without_overlap() {
        // 10 seeds in 4 shards: sizes 3, 3, 2, 2.
        let parts: Vec<_> = (1..=4)
            .map(|i| Shard::new(i, 4).unwrap().seed_range(1, 10))
            .collect();
        assert_eq!(
            parts,
            vec![Some((1, 3)), Some((4, 6)), Some((7, 8)), Some((9, 10))]
        );
        // More shards than seeds: the last ones get none.
        let parts: Vec<_> = (1..=3)
            .map(|i| Shard::new(i, 3).unwrap().seed_range(5, 6))
            .collect();
        assert_eq!(parts, vec![Some((5, 5)), Some((6, 6)), None]);
        for n in 1..=6u32 {
            let mut next = 100;
            for i in 1..=n {
                if let Some((a, b)) = Shard::new(i, n).unwrap().seed_range(100, 140) {
                    assert_eq!(a, next);
                    next = b + 1;
                }
            }
            assert_eq!(next, 141);
        }
        // The whole u64 range does not overflow.
        assert_eq!(
            Shard::new(2, 2).unwrap().seed_range(0, u64::MAX),
            Some((1 << 63, u64::MAX))
        );
        assert_eq!(Shard::WHOLE.seed_range(3, 2), None);
    }

    #[test]
    fn a_merge_needs_every_shard_once() {
        let s = |i, n| Shard::new(i, n).unwrap();
        let files: Vec<String> = ["a", "b", "c"].iter().map(|f| f.to_string()).collect();
        assert_eq!(check_complete(&[s(2, 2), s(1, 2)], &files, "x"), Ok(()));
        assert_eq!(
            check_complete(&[s(1, 3), s(3, 3)], &files, "verify of `game`"),
            Err("shard(s) 2/3 of verify of `game` missing: a merge needs every shard".into())
        );
        assert_eq!(
            check_complete(&[s(1, 2), s(2, 2), s(1, 2)], &files, "x"),
            Err("c: shard 1/2 is also in a".into())
        );
        assert_eq!(
            check_complete(&[s(1, 2), s(1, 3)], &files, "x"),
            Err("b: its shard count differs from a's".into())
        );
        assert_eq!(
            check_complete(&[], &files, "x"),
            Err("no shard to merge".into())
        );
    }

    #[test]
    fn the_host_is_named() {
        let h = host();
        assert!(!h.node.is_empty() && !h.cpu.is_empty());
    }
}
