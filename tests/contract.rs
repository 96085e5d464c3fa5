//! The contract of every problem, tested once over every problem found at run time in
//! `problems/` ([`problems::problems`]: built-in and program problems alike, none named here):
//!
//! * the validator corpus: every file of `validator_corpus/` has an entry in `expected.toml`
//!   (one schema for every problem, [`common::validator::Expected`]) and the other way round;
//!   each invalid input is rejected, without a group and in every group, at exactly the line
//!   and column given, with a message containing the text given; each valid input is accepted
//!   without a group and in every group except those its entry names, which reject it where
//!   the entry says. Through [`Problem::validate_in_group`], so a program problem's validator
//!   program is run (its position read from its `line L, column C` message);
//! * the committed package, built from a temporary copy of the problem folder with one and
//!   with two worker threads, matches `tests.lock` (`--locked`), and the two builds wrote the
//!   same bytes;
//! * every jury answer of the package is accepted by the checker against itself;
//! * a problem's brute force cross-checks the tests it should (its group, or every test within
//!   its cell limit), and at least 8;
//! * hostile outputs (empty, random bytes, huge numbers, NUL bytes, a very long line, a UTF-8
//!   BOM, the jury answer cut in half or with an extra token, ...) are never FAIL and never
//!   make the checker panic;
//! * an interactive problem: its reference player is accepted by its interactor on every test
//!   (instead of the jury answer against itself), and the same hostile bytes sent as the
//!   contestant's side of the exchange to a built-in interactor are never FAIL, never a panic,
//!   and the interactor returns when they end (it never hangs).
//!
//! Per-problem test files keep what is specific to a problem (its output model, its generators'
//! promises). Program problems' programs are compiled into a cache under the target folder.

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use common::validator::{assert_rejected_at, Corpus};
use gridjudge::core::files::sha256_hex;
use gridjudge::core::rng::TestRng;
use gridjudge::core::verdict::Verdict;
use gridjudge::package::{build_problem, BuildOptions, BuiltTest, LockMode};
use gridjudge::problem::{Problem, ProblemConfig};
use gridjudge::problems;
use rayon::prelude::*;

fn problems_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("problems")
}

/// Compiled programs of program problems, shared by the tests of this file.
fn cache_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gridjudge-contract-cache")
}

/// Every problem of `problems/`, as `gridjudge` finds them.
fn every_problem() -> Vec<&'static dyn Problem> {
    let all = problems::problems(&problems_dir(), &cache_dir()).unwrap();
    // The repository ships two built-in problems and one program problem: finding fewer means
    // discovery is broken and every test below would check nothing.
    assert!(all.len() >= 3, "{} problems found", all.len());
    assert!(all
        .iter()
        .any(|p| gridjudge::problems::program::ProgramProblem::of(*p).is_some()));
    all
}

fn config_of(p: &dyn Problem, dir: &Path) -> ProblemConfig {
    ProblemConfig::load(p, Some(&dir.join("problem.toml"))).unwrap()
}

#[test]
fn every_validator_corpus_gets_exactly_its_expected_outcomes() {
    for p in every_problem() {
        let dir = problems_dir().join(p.name());
        // A problem that plays on another's tests (duel on game's boards: `seed_name`) has that
        // problem's validator, and is held to its corpus.
        let corpus = Corpus::in_problem(&problems_dir().join(p.seed_name()));
        assert!(corpus.dir.is_dir(), "{}: no validator corpus", p.name());
        corpus.assert_matches_expectations();
        let exp = corpus.expected();
        let cfg = config_of(p, &dir);
        let groups: Vec<String> = cfg.groups.keys().cloned().collect();
        let validate = |input: &[u8], group: Option<&str>| {
            p.validate_in_group(input, &cfg, group)
                .unwrap_or_else(|e| panic!("{}: the validator failed: {e:#}", p.name()))
        };
        let invalid: Vec<(String, Vec<u8>)> = corpus.files("invalid").into_iter().collect();
        invalid.par_iter().for_each(|(name, input)| {
            let want = &exp.invalid[name];
            let case = format!("{} invalid/{name}", p.name());
            match validate(input, None) {
                Ok(s) => panic!("{case} ({}) was accepted as {}", want.why, s.size),
                Err(e) => assert_rejected_at(&case, &e, want),
            }
            for g in &groups {
                assert!(validate(input, Some(g)).is_err(), "{case} in group {g}");
            }
        });
        let valid: Vec<(String, Vec<u8>)> = corpus.files("valid").into_iter().collect();
        assert!(!valid.is_empty(), "{}: no valid input", p.name());
        valid.par_iter().for_each(|(name, input)| {
            let case = format!("{} valid/{name}", p.name());
            let rejected_in = &exp.valid[name];
            for g in rejected_in.keys() {
                assert!(groups.contains(g), "{case}: no test group `{g}`");
            }
            if let Err(e) = validate(input, None) {
                panic!("{case} was rejected: {e}");
            }
            for g in &groups {
                match (rejected_in.get(g), validate(input, Some(g))) {
                    (None, Ok(_)) => {}
                    (None, Err(e)) => panic!("{case} should be valid in group {g}: {e}"),
                    (Some(want), Err(e)) => assert_rejected_at(&format!("{case} in {g}"), &e, want),
                    (Some(_), Ok(_)) => panic!("{case} should be invalid in group {g}"),
                }
            }
        });
    }
}

/// Name and SHA-256 of every file of `dir/tests` (not the store's own dot files), sorted by
/// name.
fn package_files(dir: &Path) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = fs::read_dir(dir.join("tests"))
        .unwrap()
        .filter(|e| {
            !e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with('.')
        })
        .map(|e| {
            let e = e.unwrap();
            let bytes = fs::read(e.path()).unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                sha256_hex(&bytes),
            )
        })
        .collect();
    v.sort();
    v
}

/// One problem's committed package, built twice.
struct Built {
    problem: &'static dyn Problem,
    config: ProblemConfig,
    tests: Vec<BuiltTest>,
    /// The files written by the builds with one and with two threads.
    files: [Vec<(String, String)>; 2],
    /// `tests.lock` after each build.
    locks: [Vec<u8>; 2],
}

/// Builds `name` from a fresh copy of its folder with `jobs` threads, `--locked` against the
/// committed lock; the copy's problem is found there, as `gridjudge --problems-dir` would.
fn build_copy(
    name: &str,
    jobs: usize,
) -> (tempfile::TempDir, &'static dyn Problem, Vec<BuiltTest>) {
    let tmp = tempfile::tempdir().unwrap();
    common::copy_problem(&problems_dir().join(name), &tmp.path().join(name));
    let p = problems::problem(tmp.path(), name, &cache_dir()).unwrap();
    let opts = BuildOptions {
        problems_dir: tmp.path().to_path_buf(),
        lock: LockMode::Locked,
        jobs: Some(jobs),
        progress: false,
        delete_unknown: false,
    };
    let report = build_problem(p, &opts).unwrap_or_else(|e| panic!("{name} (-j {jobs}): {e:#}"));
    (tmp, p, report.tests)
}

/// Every problem's package, built once per test binary.
fn packages() -> &'static [Built] {
    static BUILT: OnceLock<Vec<Built>> = OnceLock::new();
    BUILT.get_or_init(|| {
        every_problem()
            .iter()
            .map(|p| {
                let name = p.name();
                let ((t1, _, _), (t2, p2, tests)) = std::thread::scope(|s| {
                    let one = s.spawn(|| build_copy(name, 1));
                    let two = s.spawn(|| build_copy(name, 2));
                    (one.join().unwrap(), two.join().unwrap())
                });
                let d1 = t1.path().join(name);
                let d2 = t2.path().join(name);
                Built {
                    problem: p2,
                    config: config_of(p2, &d2),
                    tests,
                    files: [package_files(&d1), package_files(&d2)],
                    locks: [
                        fs::read(d1.join("tests.lock")).unwrap(),
                        fs::read(d2.join("tests.lock")).unwrap(),
                    ],
                }
            })
            .collect()
    })
}

#[test]
fn every_package_builds_to_its_lock_with_any_thread_count() {
    for b in packages() {
        let name = b.problem.name();
        let committed = fs::read(problems_dir().join(name).join("tests.lock")).unwrap();
        assert!(b.tests.len() >= 10, "{name}: {} tests", b.tests.len());
        // Not `assert_eq!`: the lists are long.
        assert!(
            b.files[0] == b.files[1],
            "{name}: -j 1 and -j 2 wrote other bytes"
        );
        let pairs = b.files[0]
            .iter()
            .filter(|(n, _)| n.ends_with(".in") || n.ends_with(".ans"));
        assert_eq!(pairs.count(), 2 * b.tests.len(), "{name}");
        assert!(
            b.locks.iter().all(|l| *l == committed),
            "{name}: tests.lock rewritten"
        );
        let by_name: BTreeMap<&str, &str> = b.files[0]
            .iter()
            .map(|(n, h)| (n.as_str(), h.as_str()))
            .collect();
        let lock = String::from_utf8(committed).unwrap();
        for t in &b.tests {
            let (i, a) = (sha256_hex(&t.input), sha256_hex(&t.answer));
            assert_eq!(
                by_name[format!("{}.in", t.name).as_str()],
                i,
                "{name} {}",
                t.name
            );
            assert_eq!(
                by_name[format!("{}.ans", t.name).as_str()],
                a,
                "{name} {}",
                t.name
            );
            assert!(lock.contains(&i) && lock.contains(&a), "{name} {}", t.name);
        }
    }
}

/// Whether the problem's submissions talk to an interactor (or run in passes): its answers are
/// for the interactor, not for `Problem::check`.
fn exchanged(b: &Built) -> bool {
    b.config.interaction.interactive || b.config.interaction.multi_pass
}

#[test]
fn every_jury_answer_is_accepted_against_itself() {
    for b in packages().iter().filter(|b| !exchanged(b)) {
        b.tests.par_iter().for_each(|t| {
            let o = b
                .problem
                .check(&t.input, &mut &t.answer[..], &t.answer, &b.config);
            assert_eq!(
                o.verdict,
                Verdict::Ac,
                "{} test {}: {}",
                b.problem.name(),
                t.name,
                o.message
            );
        });
    }
}

/// Every problem with a brute force (`[build] brute_force_group`, or `brute_force_max_cells` for
/// built-in problems) cross-checks at least 8 package tests against it: exactly the tests of the
/// group, or every test that the brute force takes within the cell limit.
#[test]
fn every_small_test_is_cross_checked_by_the_brute_force() {
    let mut with_brute_force = 0;
    for b in packages() {
        let (name, build) = (b.problem.name(), &b.config.build);
        if build.brute_force_group.is_none() && build.brute_force_max_cells == 0 {
            continue;
        }
        with_brute_force += 1;
        for t in &b.tests {
            let what = format!("{name} test {}", t.name);
            match &build.brute_force_group {
                Some(g) => assert_eq!(t.brute_checked, t.spec.group.as_ref() == Some(g), "{what}"),
                None if !t.brute_checked => {
                    let brute = b.problem.brute_force(&t.input, build.brute_force_max_cells);
                    assert_eq!(brute.unwrap(), None, "{what}: small, not cross-checked");
                }
                None => {}
            }
        }
        let checked = b.tests.iter().filter(|t| t.brute_checked).count();
        assert!(checked >= 8, "{name}: {checked} tests cross-checked");
    }
    assert!(with_brute_force >= 3, "{with_brute_force}");
}

/// Outputs a contestant may print for a test with jury answer `answer`, by name; the bool says
/// whether the output must not be accepted.
fn hostile_outputs(answer: &[u8], rng: &mut TestRng) -> Vec<(&'static str, Vec<u8>, bool)> {
    let random: Vec<u8> = (0..4096).map(|_| rng.next_u32() as u8).collect();
    let half = answer[..answer.len() / 2].to_vec();
    let mut nul = answer.to_vec();
    nul.insert(answer.len() / 2, 0);
    let mut extra = answer.to_vec();
    extra.extend_from_slice(b"\n0 1\n");
    let mut bom = b"\xef\xbb\xbf".to_vec();
    bom.extend_from_slice(answer);
    let mut crlf = Vec::new();
    for &c in answer {
        if c == b'\n' {
            crlf.push(b'\r');
        }
        crlf.push(c);
    }
    vec![
        ("empty", Vec::new(), true),
        ("random bytes", random, false),
        ("only white space", b" \n\t\n\r\n".to_vec(), true),
        (
            "huge numbers",
            b"99999999999999999999999999999999999999 -1e400 18446744073709551616\n".to_vec(),
            false,
        ),
        ("NUL bytes", vec![0; 64], false),
        ("a NUL inside the answer", nul, false),
        ("a 4 MiB line", vec![b'7'; 4 << 20], false),
        (
            "invalid UTF-8",
            b"\xff\xfe\xc3\x28 \xed\xa0\x80\n".to_vec(),
            false,
        ),
        ("a BOM before the answer", bom, false),
        ("CR LF line ends", crlf, false),
        ("the answer cut in half", half, false),
        ("the answer and an extra token", extra, true),
        ("the answer twice", [answer, answer].concat(), false),
    ]
}

#[test]
fn every_interactive_problem_accepts_its_reference_player() {
    let sandbox = match gridjudge::exec::sandbox::sandbox() {
        Ok(_) => true,
        Err(e) => {
            common::tools::skip_or_fail(&format!("the sandbox is unavailable: {}", e.0));
            false
        }
    };
    let mut interactive = 0;
    for b in packages().iter().filter(|b| exchanged(b)) {
        interactive += 1;
        let name = b.problem.name();
        let tests: Vec<(String, &[u8], &[u8])> = b
            .tests
            .iter()
            .map(|t| (t.name.clone(), &t.input[..], &t.answer[..]))
            .collect();
        let opts = gridjudge::judge::JudgeOptions {
            limits: gridjudge::exec::runner::RunLimits::new(
                b.config.limits.time_ms,
                b.config.limits.memory_mib,
            ),
            jobs: 2,
            progress: false,
            cache_dir: cache_dir(),
            sandbox,
        };
        let transcripts = gridjudge::judge::check_player(
            b.problem,
            &b.config,
            &problems_dir().join(name),
            &tests,
            &opts,
        )
        .unwrap_or_else(|e| panic!("{name}: {e:#}"));
        assert!(
            transcripts
                .iter()
                .all(|t| t.transcript.as_ref().is_some_and(|t| t.contains('>'))),
            "{name}: every exchange has a transcript"
        );
    }
    assert!(interactive >= 1, "duel is interactive");
}

#[test]
fn hostile_outputs_are_never_fail_and_never_panic() {
    for b in packages() {
        if exchanged(b) {
            hostile_streams_to_the_interactor(b);
            continue;
        }
        let name = b.problem.name();
        b.tests.par_iter().for_each(|t| {
            let mut rng = TestRng::for_test(name, "contract-hostile", &t.name, 1);
            for (kind, out, not_ac) in hostile_outputs(&t.answer, &mut rng) {
                let case = format!("{name} test {}, output: {kind}", t.name);
                let o = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    b.problem
                        .check(&t.input, &mut &out[..], &t.answer, &b.config)
                }))
                .unwrap_or_else(|_| panic!("{case}: the checker panicked"));
                assert_ne!(o.verdict, Verdict::Fail, "{case}: {}", o.message);
                if not_ac {
                    assert_ne!(o.verdict, Verdict::Ac, "{case}: {}", o.message);
                }
            }
        });
    }
}

/// [`hostile_outputs`] as the contestant's side of an exchange with a built-in interactor
/// (`Problem::interact`, in-process): never FAIL, never a panic, and `interact` returns once
/// the stream ends. A program problem's interactor is tested through its runs elsewhere
/// (tests/interactive.rs).
fn hostile_streams_to_the_interactor(b: &Built) {
    let name = b.problem.name();
    if gridjudge::problems::program::ProgramProblem::of(b.problem).is_some() {
        return;
    }
    b.tests.par_iter().for_each(|t| {
        let mut rng = TestRng::for_test(name, "contract-hostile", &t.name, 1);
        for (kind, out, not_ac) in hostile_outputs(&t.answer, &mut rng) {
            let case = format!("{name} test {}, contestant sends: {kind}", t.name);
            let mut to_contestant = Vec::new();
            let o = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                b.problem
                    .interact(&t.input, &t.answer, &mut &out[..], &mut to_contestant)
            }))
            .unwrap_or_else(|_| panic!("{case}: the interactor panicked"));
            assert_ne!(o.verdict, Verdict::Fail, "{case}: {}", o.message);
            if not_ac {
                assert_ne!(o.verdict, Verdict::Ac, "{case}: {}", o.message);
            }
            // It spoke first: the board.
            assert!(
                to_contestant.starts_with(&t.input[..t.input.len().min(4)]),
                "{case}"
            );
        }
    });
}
