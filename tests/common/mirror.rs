//! A problem's C++ validator and checker against gridjudge's own (called in-process through the
//! `Problem` trait, as the binaries call them), for every build of the C++ sources
//! ([`Model::validator_builds`], [`Model::checker_builds`]: the self-contained sources and those
//! written against testlib's API, each with g++ flag sets; a build's [`Api`] says which checks
//! it skips, and why).
//! The generic part lives here; a [`Model`] gives what is specific to a problem: how to mutate
//! an input, hostile outputs made from an answer, hand cases, broken jury files, the report
//! file's messages, huge streams. [`mirror_tests!`] declares the tests for one model:
//!
//! * validator: the corpus (verdict, line and column of `expected.toml`, in every group, with
//!   and without trailing spaces allowed, and with a byte 0xFF at the end), every package test
//!   and official sample in every group, testlib's flags
//!   (`--group=G`, Polygon's `--testset`, unknown groups, usage errors), and seeded mutations:
//!   every decision and every message equals the Rust validator's;
//! * checker: every jury answer against itself and [`hand_outputs`] of it, hand cases, broken
//!   jury files (FAIL), testlib's
//!   report file (plain and `-appes`), seeded hostile outputs, and hundreds of megabytes
//!   streamed under an address-space cap: every exit code equals the Rust checker's testlib
//!   exit code, and the C++ stderr is one line starting with the verdict; the hand cases and
//!   the [`HOSTILE`] outputs of the seeded hostile stream also get the verdict of the model's
//!   independent model of the output rules from the Rust checker.
//!
//! `cargo test` runs the first fifth of the seeded mutations, and of the hostile outputs that
//! go to the C++ builds (the same cases every run); the full sets and the streams are
//! `#[ignore]` tests that `.ci/run` runs with `-- --ignored`.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use super::checker::{hand_outputs, Segment, Stream};
use super::cpp::{self, par_map, Api, Build, Run};
use super::validator::{Corpus, Rejection};
use gridjudge::core::reader::FormatError;
use gridjudge::core::verdict::{CheckOutcome, Verdict};
use gridjudge::package::BuiltTest;
use gridjudge::problem::{Problem, ProblemConfig, ValidateOptions};
use rayon::prelude::*;

/// How a validator run is configured: an optional test group, and the lenient option.
#[derive(Clone, Debug, Default)]
pub struct Mode {
    pub group: Option<String>,
    pub lenient: bool,
}

impl Mode {
    /// In group `g` (`None`: the constraints), trailing spaces allowed when `lenient`.
    pub fn new(g: Option<&str>, lenient: bool) -> Mode {
        let group = g.map(str::to_string);
        Mode { group, lenient }
    }

    pub fn group(g: &str) -> Mode {
        Mode::new(Some(g), false)
    }

    pub fn lenient() -> Mode {
        Mode::new(None, true)
    }

    /// The validator's arguments: `--group G`, `--allow-trailing-spaces`.
    pub fn args(&self) -> Vec<&str> {
        let mut args = Vec::new();
        if let Some(g) = &self.group {
            args.extend(["--group", g]);
        }
        if self.lenient {
            args.push("--allow-trailing-spaces");
        }
        args
    }
}

/// The Rust validator's decision: the size, or the rejection; `None` for an unknown group.
pub type Decision = Option<Result<String, FormatError>>;

/// A test for the checker, written to files: `<label>.in` and `<label>.ans`.
pub struct Case {
    pub input: Vec<u8>,
    pub answer: Vec<u8>,
    pub input_path: PathBuf,
    pub answer_path: PathBuf,
}

impl Case {
    pub fn new(dir: &Path, label: &str, input: &[u8], answer: &[u8]) -> Case {
        let input_path = dir.join(format!("{label}.in"));
        let answer_path = dir.join(format!("{label}.ans"));
        std::fs::write(&input_path, input).unwrap();
        std::fs::write(&answer_path, answer).unwrap();
        Case {
            input: input.to_vec(),
            answer: answer.to_vec(),
            input_path,
            answer_path,
        }
    }
}

/// An output judged with an input and a jury answer, and the exit code it must get (`None`:
/// whatever the Rust checker says).
pub struct Judged {
    pub input: Vec<u8>,
    pub output: Vec<u8>,
    pub answer: Vec<u8>,
    pub want: Option<i32>,
}

/// Outputs in the seeded hostile stream of every model.
pub const HOSTILE: u64 = 12_000;

/// A hostile output: the index of its case, the output, a label, and the verdict its kind alone
/// decides (if any).
pub struct Hostile {
    pub case: usize,
    pub output: Vec<u8>,
    pub label: String,
    pub known: Option<Verdict>,
}

/// An output streamed into the checker, made on the fly.
pub struct Streamed {
    pub input: Vec<u8>,
    pub answer: Vec<u8>,
    pub segments: Vec<Segment>,
    /// The seed of the random bytes.
    pub seed: u64,
    pub want: Option<i32>,
}

/// What testlib's report file must hold for a problem: an input and its answer, accepted and
/// wrong outputs (one for the plain report, one for `-appes`) and their messages, an output
/// with `<&">` where a number belongs and its PE message (escaped), and the start of the FAIL
/// message on a missing answer.
pub struct Report {
    pub input: Vec<u8>,
    pub answer: Vec<u8>,
    pub ac: [&'static str; 2],
    pub ac_message: &'static str,
    pub wa: [&'static str; 2],
    pub wa_message: &'static str,
    pub pe: &'static str,
    pub pe_message: &'static str,
    pub fail_output: &'static str,
    pub fail_message: &'static str,
}

/// What the mirror tests need to know of a problem.
pub trait Model: Sync {
    /// The problem's name.
    fn name(&self) -> &'static str;

    /// The validator builds compared with the Rust validator.
    fn validator_builds(&self) -> Vec<Build> {
        cpp::builds(self.name(), "validator", "validator")
    }

    /// The checker builds compared with the Rust checker.
    fn checker_builds(&self) -> Vec<Build> {
        cpp::builds(self.name(), "checker", "check")
    }

    /// The fewest package tests the problem has.
    fn min_package_tests(&self) -> usize;

    /// Facts the package must hold for the checker tests to mean something (a LOSE answer, an
    /// empty list, ...).
    fn assert_package_variety(&self, tests: &[BuiltTest]);

    /// Inputs and groups of the flag tests: each is judged with `--group G` and `--group=G`,
    /// with Polygon's `--testset` before and after, all alike.
    fn flag_inputs(&self) -> Vec<(Vec<u8>, Option<String>)>;

    /// The first `count` seeded mutations of valid inputs, each with its mode.
    fn validator_mutations(&self, count: u64) -> Vec<(Vec<u8>, Mode)>;

    /// The decisions on the mutations are varied enough.
    fn assert_mutation_spread(&self, count: u64, decisions: &[Result<String, FormatError>]);

    /// Other outputs accepted like a jury answer (the same tokens in another order, ...).
    fn accepted_variants(&self, _answer: &[u8]) -> Vec<Vec<u8>> {
        Vec::new()
    }

    /// Outputs whose exit code is known by hand.
    fn hand_outputs(&self) -> Vec<Judged>;

    /// Broken jury answers and inputs, and inputs beyond the constraints.
    fn broken_jury_files(&self) -> Vec<Judged>;

    fn report(&self) -> Report;

    /// The tests the hostile outputs are made for: (label, input, answer).
    fn hostile_cases(&self) -> Vec<(String, Vec<u8>, Vec<u8>)>;

    /// The seeded stream of hostile outputs over `cases`: `f(i)` is output `i` (the same in
    /// every run).
    fn hostile_outputs<'a>(&self, cases: &'a [Case]) -> Box<dyn Fn(u64) -> Hostile + Sync + 'a>;

    /// The verdict of an independent model of the output rules on `output`.
    fn output_model(&self, input: &[u8], answer: &[u8], output: &[u8]) -> Verdict;

    /// AC, WA and PE must each occur more than `count / hostile_spread()` times.
    fn hostile_spread(&self) -> u64;

    /// More than this many of the [`HOSTILE`] outputs must have a verdict known from the kind.
    fn hostile_known(&self) -> u64;

    /// Whether the C++ checker reads the hostile outputs from a pipe (else from a file).
    fn hostile_via_pipe(&self) -> bool;

    /// The huge streamed outputs.
    fn streams(&self) -> Vec<Streamed>;

    fn problem(&self) -> &'static dyn Problem {
        super::problem(self.name())
    }

    fn config(&self) -> ProblemConfig {
        super::config(self.problem())
    }
}

/// Declares the mirror tests of a [`Model`] (an expression of a type that implements it): one
/// `#[test]` per function of this module, with the counts of the seeded runs. The default run
/// takes the first fifth of the seeded mutations and hostile outputs; the `#[ignore]` tests
/// (all of them, and the streams) are run by `.ci/run` with `--ignored`.
#[allow(unused_macros)]
macro_rules! mirror_tests {
    ($model:expr) => {
        common::mirror::mirror_tests!(@each $model;
            validator_corpus => validator_corpus();
            validator_package_tests => validator_package_tests();
            validator_flags => validator_flags();
            validator_mutations_agree_first_600 => validator_mutations(600);
            #[ignore = "slow (thousands of processes); .ci/run runs it with --ignored"]
            validator_mutations_agree => validator_mutations(3000);
            checker_accepts_every_jury_answer => checker_accepts_every_jury_answer();
            checker_hand_cases => checker_hand_cases();
            checker_fails_on_broken_jury_files => checker_fails_on_broken_jury_files();
            checker_writes_the_report_file => checker_writes_the_report_file();
            checker_hostile_outputs_agree_first_800 => checker_hostile_outputs(800);
            #[ignore = "slow (thousands of processes); .ci/run runs it with --ignored"]
            checker_hostile_outputs_agree => checker_hostile_outputs(4000);
            #[ignore = "streams about a gigabyte per build; .ci/run runs it with --ignored"]
            checker_streams_huge_outputs => checker_streams_huge_outputs();
        );
    };
    (@each $model:expr; $($(#[$attr:meta])* $name:ident => $f:ident($($arg:expr)?);)*) => {
        $(
            #[test]
            $(#[$attr])*
            fn $name() {
                common::mirror::$f(&$model $(, $arg)?);
            }
        )*
    };
}
#[allow(unused_imports)]
pub(crate) use mirror_tests;

/// Up to 300 bytes of `b`, escaped, for a failure message.
pub fn shown(b: &[u8]) -> String {
    let cut = &b[..b.len().min(300)];
    let more = if b.len() > 300 { "..." } else { "" };
    format!("{}{more} ({} bytes)", cut.escape_ascii(), b.len())
}

// ---------------------------------------------------------------------------------------------
// Validator.

/// A compiled build.
pub type Bin = (PathBuf, Build);

/// `builds` compiled.
fn compiled(builds: Vec<Build>) -> Vec<Bin> {
    builds.into_iter().map(|b| (cpp::compiled(&b), b)).collect()
}

/// The compiled validator builds of `m`.
pub fn validators(m: &dyn Model) -> Vec<Bin> {
    compiled(m.validator_builds())
}

/// The Rust validator's decision on `input` in `mode`.
pub fn rust_validate(m: &dyn Model, input: &[u8], mode: &Mode) -> Decision {
    let bounds = m.config().bounds_for(mode.group.as_deref()).ok()?;
    let opts = ValidateOptions {
        allow_trailing_spaces: mode.lenient,
    };
    Some(m.problem().validate(input, &bounds, opts).map(|s| s.size))
}

/// The C++ validator `bin` on `input` in `mode`.
pub fn cpp_validate(bin: &Path, input: &[u8], mode: &Mode) -> Run {
    cpp::run(bin, mode.args(), input, false)
}

/// The C++ validator `bin` decides on `input` as the Rust validator does, with the message of
/// the validator binary (`valid: <problem> <size>`, `invalid: line L, column C: ...`, one
/// line), and exits 2 for an unknown group; a testlib-API build is held to the verdict alone
/// (0 or 3, and testlib's FAIL 3 for an unknown group). Returns Rust's decision.
#[track_caller]
pub fn assert_validators_agree(
    m: &dyn Model,
    (bin, build): &Bin,
    input: &[u8],
    mode: &Mode,
    what: &str,
) -> Decision {
    let rust = rust_validate(m, input, mode);
    let cpp = cpp_validate(bin, input, mode);
    let want = match &rust {
        Some(Ok(size)) => (0, format!("valid: {} {size}\n", m.name())),
        Some(Err(e)) => (3, format!("invalid: {e}\n")),
        None => {
            let code = if build.api == Api::Own { 2 } else { 3 };
            assert_eq!(cpp.code, code, "{what} {mode:?} ({build}): {cpp:?}");
            return rust;
        }
    };
    if build.api == Api::Testlib {
        let ok = cpp.code == want.0;
        assert!(
            ok,
            "{what} {mode:?} ({build}): {cpp:?}, Rust: {rust:?}, {}",
            shown(input)
        );
        return rust;
    }
    assert_eq!(
        (cpp.code, cpp.stderr.as_str()),
        (want.0, want.1.as_str()),
        "{what} {mode:?} ({build}): C++ validator disagrees with Rust on {}",
        shown(input)
    );
    rust
}

/// The C++ run rejected the input at exactly the line and column of `want`, with a one-line
/// message containing its text.
#[track_caller]
pub fn assert_cpp_rejects_at(name: &str, cpp: &Run, want: &Rejection) {
    assert_eq!(cpp.code, 3, "{name}: {}", cpp.stderr);
    let at = format!(
        "invalid: line {}, column {}: expected ",
        want.line, want.col
    );
    assert!(
        cpp.stderr.starts_with(&at),
        "{name} ({}): C++ says {:?}, want {at:?}",
        want.why,
        cpp.stderr
    );
    assert!(
        cpp.stderr.contains(&want.contains),
        "{name}: {:?} lacks {:?}",
        cpp.stderr,
        want.contains
    );
    assert_eq!(cpp.stderr.lines().count(), 1, "{name}: one line");
}

/// The groups of `m`'s problem.toml.
fn groups(m: &dyn Model) -> Vec<String> {
    m.config().groups.keys().cloned().collect()
}

/// Every mode: without a group and in each group, strict and lenient.
fn modes(m: &dyn Model) -> Vec<Mode> {
    let groups = groups(m);
    let groups = [None]
        .into_iter()
        .chain(groups.iter().map(|g| Some(g.as_str())));
    let modes = groups.flat_map(|g| [false, true].map(|lenient| Mode::new(g, lenient)));
    modes.collect()
}

/// The official samples in `problems/<p>/samples/original/` (`sample<i>.in`, `.ans`), with
/// their trailing spaces.
pub fn original_samples(problem: &str) -> Vec<(String, Vec<u8>, Vec<u8>)> {
    let dir = super::problem_dir(problem).join("samples/original");
    let file = |i, ext| std::fs::read(dir.join(format!("sample{i}.{ext}"))).ok();
    let samples: Vec<_> = (1..)
        .map_while(|i| Some((format!("original{i}"), file(i, "in")?, file(i, "ans")?)))
        .collect();
    let spaced = |s: &&(String, Vec<u8>, Vec<u8>)| s.1.windows(2).any(|w| w == b" \n");
    assert!(samples.iter().all(|s| spaced(&s)), "trailing spaces");
    samples
}

/// The corpus: every invalid input rejected where `expected.toml` says, and by Rust's validator
/// alike without a group, in every group and with trailing spaces allowed; every valid input
/// accepted, and in each group accepted or rejected where `expected.toml` says, as in Rust.
/// With `--allow-trailing-spaces`, the invalid `trailing_space*` inputs are accepted. Each
/// input and a valid one with a byte 0xFF (testlib's stdin end mark) at its end agree in every
/// mode. A testlib-API build's messages are testlib's: its line and column are not compared.
pub fn validator_corpus(m: &dyn Model) {
    let corpus = Corpus::of(m.name());
    let exp = corpus.expected();
    let invalid = corpus.files("invalid");
    assert!(invalid.len() >= 30);
    assert_eq!(invalid.len(), exp.invalid.len());
    let valid = corpus.files("valid");
    assert_eq!(valid.len(), exp.valid.len());
    let files: Vec<(&String, &Vec<u8>, bool)> = (invalid.iter().map(|(n, i)| (n, i, false)))
        .chain(valid.iter().map(|(n, i)| (n, i, true)))
        .collect();
    let first = valid.values().next().unwrap();
    let ends = [&b"\xff"[..], b"\xff\n", b"\n\xff"].map(|end| {
        let trimmed = first.strip_suffix(b"\n").filter(|_| end[0] == b'\n');
        [trimmed.unwrap_or(first), end].concat()
    });
    let modes = modes(m);
    for v in &validators(m) {
        par_map(&ends, |_, input| {
            for mode in &modes {
                assert_validators_agree(m, v, input, mode, "0xFF at the end");
            }
        });
        par_map(&files, |_, &(name, input, ok)| {
            let plain = cpp_validate(&v.0, input, &Mode::default());
            if ok {
                assert_eq!(plain.code, 0, "{name}: {}", plain.stderr);
            } else if v.1.api == Api::Own {
                assert_cpp_rejects_at(name, &plain, &exp.invalid[name]);
            }
            for mode in &modes {
                let r = assert_validators_agree(m, v, input, mode, name).unwrap();
                let exp_valid = exp.valid.get(name);
                let want = (mode.group.as_ref()).and_then(|g| exp_valid?.get(g));
                match want.filter(|_| !mode.lenient) {
                    None => assert!(mode.lenient || r.is_ok() == ok, "{name} {mode:?}"),
                    Some(want) if v.1.api == Api::Own => {
                        assert_cpp_rejects_at(name, &cpp_validate(&v.0, input, mode), want)
                    }
                    Some(_) => assert!(r.is_err(), "{name} {mode:?}"),
                }
            }
            let lenient = cpp_validate(&v.0, input, &Mode::lenient()).code;
            assert!(
                !name.starts_with("trailing_space") || lenient == 0,
                "{name}"
            );
        });
    }
}

/// Every package test is valid, and valid in its manifest group; the C++ validator agrees with
/// Rust on each, and on the official samples, in every mode.
pub fn validator_package_tests(m: &dyn Model) {
    let tests = super::package_tests(m.name());
    assert!(tests.len() >= m.min_package_tests(), "{}", tests.len());
    let samples = original_samples(m.name());
    let modes = modes(m);
    for v in &validators(m) {
        par_map(&samples, |_, (name, input, _)| {
            for mode in &modes {
                assert_validators_agree(m, v, input, mode, name);
            }
        });
        par_map(tests, |_, t| {
            for mode in &modes {
                let r = assert_validators_agree(m, v, &t.input, mode, &t.name).unwrap();
                let in_group = mode.group.is_none() || mode.group == t.spec.group;
                assert!(r.is_ok() || !in_group, "{} {mode:?}", t.name);
            }
        });
    }
}

/// testlib's flags: `--group=G` is `--group G`; `--testset X` and `--testset=X`, which Polygon
/// passes to validators, are accepted and ignored before or after the group (the same exit code
/// and message as without them, Rust's); an unknown group exits 2 with Rust's error; a flag
/// without its value, an unknown flag and a repeated flag are usage errors (2). A testlib-API
/// build has testlib's flags: only `--group G` and the unknown group are compared.
pub fn validator_flags(m: &dyn Model) {
    let inputs = m.flag_inputs();
    let g = groups(m).into_iter().next().expect("a test group");
    for v in &validators(m) {
        let mut runs = 0;
        for (input, group) in &inputs {
            let mode = Mode::new(group.as_deref(), false);
            let base = assert_validators_agree(m, v, input, &mode, "flags").unwrap();
            if v.1.api == Api::Testlib {
                continue;
            }
            let plain = cpp_validate(&v.0, input, &mode);
            assert_eq!(plain.code, if base.is_ok() { 0 } else { 3 }, "{plain:?}");
            let group_args: Vec<Vec<String>> = match group {
                None => vec![vec![]],
                Some(g) => vec![
                    vec!["--group".into(), g.clone()],
                    vec![format!("--group={g}")],
                ],
            };
            let testsets = [
                vec!["--testset".into(), "tests".into()],
                vec!["--testset=tests".into()],
            ];
            for ga in &group_args {
                for ts in &testsets {
                    for args in [[ga.clone(), ts.clone()], [ts.clone(), ga.clone()]] {
                        let args = args.concat();
                        let got = cpp::run(&v.0, &args, &input[..], false);
                        let want = (plain.code, &plain.stderr);
                        assert_eq!((got.code, &got.stderr), want, "{args:?} ({})", v.1);
                        runs += 1;
                    }
                }
            }
        }
        let input = &inputs[0].0;
        let unknown = Mode::group("no-such-group");
        assert_validators_agree(m, v, input, &unknown, "unknown group");
        if v.1.api == Api::Testlib {
            continue;
        }
        assert!(runs >= 4 * inputs.len(), "{runs}");
        let e = m.config().bounds_for(unknown.group.as_deref()).unwrap_err();
        let r = cpp_validate(&v.0, input, &unknown);
        assert!(r.stderr.contains(&e.to_string()), "{r:?} lacks {e}");
        for args in [
            &["--group"][..],
            &["--bogus"],
            &["--group", &g, "--group", &g],
            &["--group", &g, "--testset"],
        ] {
            let r = cpp::run(&v.0, args, &input[..], false);
            assert_eq!(r.code, 2, "{args:?} ({}): {r:?}", v.1);
        }
    }
}

/// The first `count` seeded mutations of the model (the same ones in every run): both
/// validators agree on each, and the decisions are varied enough.
pub fn validator_mutations(m: &dyn Model, count: u64) {
    let cases = m.validator_mutations(count);
    assert_eq!(cases.len() as u64, count);
    let cases: Vec<(usize, &(Vec<u8>, Mode))> = cases.iter().enumerate().collect();
    for v in &validators(m) {
        let decisions = par_map(&cases, |_, &(i, (input, mode))| {
            let what = format!("mutation {i}");
            assert_validators_agree(m, v, input, mode, &what).unwrap()
        });
        m.assert_mutation_spread(count, &decisions);
    }
}

// ---------------------------------------------------------------------------------------------
// Checker.

/// The compiled checker builds of `m`.
pub fn checkers(m: &dyn Model) -> Vec<Bin> {
    compiled(m.checker_builds())
}

/// The Rust checker's testlib exit code and verdict with message on `output`, with the checker
/// option `option` set to true.
pub fn rust_check(
    m: &dyn Model,
    option: Option<&str>,
    input: &[u8],
    output: &mut dyn Read,
    answer: &[u8],
) -> (i32, String) {
    let cfg = match option {
        None => m.config(),
        Some(o) => super::config_with(
            m.problem(),
            &format!("{o} = false"),
            &format!("{o} = true"),
            o,
        ),
    };
    let o = m.problem().check(input, output, answer, &cfg);
    (
        o.testlib_exit_code(),
        format!("{} {}", o.verdict, o.message),
    )
}

/// The C++ checker `bin` (`stdin` feeds an output path of `/dev/stdin`); its stderr must be one
/// line starting with the verdict. `limit_memory` as in [`cpp::run`]. A testlib-API build is
/// called as p2d's testlib.h wants (`<input> <answer> <feedback_dir>`, the output on stdin);
/// its `judgemessage.txt` stands for stderr.
pub fn cpp_check(
    (bin, build): &Bin,
    [input, output, answer]: [&Path; 3],
    stdin: impl Read + Send,
    limit_memory: bool,
) -> Run {
    if build.api == Api::Testlib {
        let feedback = tempfile::tempdir().unwrap();
        let stdin: Box<dyn Read + Send> = match output == Path::new("/dev/stdin") {
            true => Box::new(stdin),
            false => Box::new(std::fs::File::open(output).unwrap()),
        };
        let mut r = cpp::run(bin, [input, answer, feedback.path()], stdin, limit_memory);
        let message = std::fs::read_to_string(feedback.path().join("judgemessage.txt"));
        r.stderr = message.unwrap_or_default();
        return r;
    }
    let r = cpp::run(bin, [input, output, answer], stdin, limit_memory);
    let verdict = ["ok ", "wrong answer ", "wrong output format ", "FAIL "].get(r.code as usize);
    assert!(
        verdict.is_some_and(|v| r.stderr.starts_with(v))
            && r.stderr.ends_with('\n')
            && r.stderr.lines().count() == 1,
        "exit {} with stderr {:?}",
        r.code,
        r.stderr
    );
    r
}

/// Checks `output` with both checkers; the exit codes must agree. The C++ checker reads it from
/// the file `file` (written first), or from a pipe (`/dev/stdin`) when `file` is `None`.
/// Returns the Rust verdict's exit code.
#[track_caller]
pub fn assert_checkers_agree(
    m: &dyn Model,
    c: &Bin,
    case: &Case,
    output: &[u8],
    file: Option<&Path>,
    label: &str,
) -> i32 {
    let (code, msg) = rust_check(m, c.1.option, &case.input, &mut &output[..], &case.answer);
    let paths = |out| [case.input_path.as_path(), out, &case.answer_path];
    let cpp = match file {
        Some(path) => {
            std::fs::write(path, output).unwrap();
            cpp_check(c, paths(path), io::empty(), false)
        }
        None => cpp_check(c, paths(Path::new("/dev/stdin")), output, false),
    };
    assert_eq!(
        cpp.code,
        code,
        "{label} ({}): C++ says {:?}, Rust says {msg:?}; output {}",
        c.1,
        cpp.stderr,
        shown(output)
    );
    code
}

/// Every package test's (and official sample's) jury answer, and its accepted variants (but
/// under a checker option), is AC in both checkers; both agree on the [`hand_outputs`] of each
/// (never FAIL, WA and PE both occur).
pub fn checker_accepts_every_jury_answer(m: &dyn Model) {
    let dir = tempfile::tempdir().unwrap();
    let tests = super::package_tests(m.name());
    assert!(tests.len() >= m.min_package_tests(), "{}", tests.len());
    m.assert_package_variety(tests);
    let tests = tests
        .iter()
        .map(|t| (t.name.clone(), t.input.clone(), t.answer.clone()));
    let cases: Vec<Case> = (tests.chain(original_samples(m.name())))
        .map(|(name, input, answer)| Case::new(dir.path(), &name, &input, &answer))
        .collect();
    for c in &checkers(m) {
        let codes = par_map(&cases, |w, case| {
            let ans = &case.answer;
            let code = assert_checkers_agree(m, c, case, ans, Some(&case.answer_path), "jury");
            assert_eq!(code, 0, "{}", case.input_path.display());
            let out = dir.path().join(format!("out{w}"));
            for variant in m
                .accepted_variants(ans)
                .iter()
                .filter(|_| c.1.option.is_none())
            {
                let code = assert_checkers_agree(m, c, case, variant, Some(&out), "variant");
                assert_eq!(code, 0, "{}", shown(variant));
            }
            let hand = hand_outputs(ans).into_iter();
            hand.map(|(o, what)| assert_checkers_agree(m, c, case, &o, Some(&out), &what))
                .collect::<Vec<i32>>()
        });
        let codes = tally(codes.into_iter().flatten());
        assert!(
            !codes.contains_key(&3) && codes.len() == 3,
            "{}: {codes:?}",
            c.1
        );
    }
}

/// Outputs whose verdict is known by hand: the output model and both checkers give it, the
/// C++ checker reading the output from a file and from a pipe.
pub fn checker_hand_cases(m: &dyn Model) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let cases = m.hand_outputs();
    assert!(cases.len() >= 20, "{}", cases.len());
    for j in &cases {
        let v = m.output_model(&j.input, &j.answer, &j.output);
        let code = [Verdict::Ac, Verdict::Wa, Verdict::Pe]
            .iter()
            .position(|&w| w == v);
        let label = j.output.escape_ascii();
        assert_eq!(code.map(|c| c as i32), j.want, "the model on {label}");
    }
    for c in &checkers(m) {
        for (i, j) in cases.iter().enumerate() {
            let case = Case::new(dir.path(), &format!("hand{i}"), &j.input, &j.answer);
            let label = j.output.escape_ascii().to_string();
            for file in [None, Some(out.as_path())] {
                let got = assert_checkers_agree(m, c, &case, &j.output, file, &label);
                assert!(
                    c.1.option.is_some() || Some(got) == j.want,
                    "{label}: {got}"
                );
            }
        }
    }
}

/// Broken jury files: FAIL (3) in both where the model says, the same exit code as Rust's
/// elsewhere; a missing answer or input file, or a wrong command line, is FAIL; a missing
/// output is testlib's PE with testlib's message. A UTF-8 BOM is skipped before the output
/// only. A testlib-API build
/// has p2d's command line: only the missing answer and input are tried on it.
pub fn checker_fails_on_broken_jury_files(m: &dyn Model) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases = m.broken_jury_files();
    let cases: Vec<(usize, &Judged)> = cases.iter().enumerate().collect();
    let t = &super::package_tests(m.name())[0];
    let first = Case::new(d, "first", &t.input, &t.answer);
    let nowhere = d.join("nowhere");
    for c in &checkers(m) {
        par_map(&cases, |w, &(i, j)| {
            let case = Case::new(d, &format!("broken{w}"), &j.input, &j.answer);
            let out = d.join(format!("out{w}"));
            let code = assert_checkers_agree(m, c, &case, &j.output, Some(&out), "broken");
            if let Some(want) = j.want {
                assert_eq!(code, want, "broken case {i}: output {}", shown(&j.output));
            }
        });
        // A UTF-8 BOM is skipped before the output, not before the jury answer (FAIL); two
        // bytes of one, or one alone, are PE.
        let (bom, out) = (b"\xef\xbb\xbf", d.join("out"));
        let bommed = Case::new(d, "bom", &t.input, &[&bom[..], &t.answer].concat());
        for (case, output, want) in [
            (&first, [&bom[..], &t.answer].concat(), 0),
            (&first, [&bom[..2], &t.answer].concat(), 2),
            (&first, bom.to_vec(), 2),
            (&bommed, bommed.answer.clone(), 3),
        ] {
            let code = assert_checkers_agree(m, c, case, &output, Some(&out), "BOM");
            assert_eq!(code, want, "{}", shown(&output));
        }
        let (i, a) = (first.input_path.as_path(), first.answer_path.as_path());
        let check = |paths| cpp_check(c, paths, io::empty(), false);
        assert_eq!(check([i, a, &nowhere]).code, 3);
        assert_eq!(check([&nowhere, a, a]).code, 3);
        if c.1.api == Api::Testlib {
            continue;
        }
        // A missing output: testlib's PE and message.
        let missing = CheckOutcome::pe(format!("Output file not found: \"{}\"", nowhere.display()));
        let r = check([i, &nowhere, a]);
        assert_eq!(
            (r.code, r.stderr),
            (2, format!("{}\n", missing.testlib_line()))
        );
        for args in [&[][..], &[i], &[i, i]] {
            let r = cpp::run(&c.0, args, io::empty(), false);
            assert_eq!(r.code, 3, "{args:?} ({}): {r:?}", c.1);
        }
    }
}

/// The start of testlib's XML report (`-appes`).
const XML: &str = r#"<?xml version="1.0" encoding="windows-1251"?>"#;

/// testlib's optional report file: `checker <input> <output> <answer> <report>` writes the
/// message to it as testlib does (without the verdict word and without a line end), and with
/// `-appes` after it testlib's XML report instead (`outcome = "..."`, the message escaped, a
/// line end after it); anything else after the report is a usage error (FAIL), as in testlib.
/// (Not under a checker option, which changes the verdicts; nor p2d's testlib-API builds,
/// which take a feedback folder instead.)
pub fn checker_writes_the_report_file(m: &dyn Model) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let r = m.report();
    let case = Case::new(d, "report", &r.input, &r.answer);
    let (report, out) = (d.join("report"), d.join("out"));
    let own = checkers(m)
        .into_iter()
        .filter(|c| c.1.api == Api::Own && c.1.option.is_none());
    for (bin, build) in &own.collect::<Vec<_>>() {
        // The run and the report's content on `output`, with `flags` after the report.
        let judge = |output: &str, answer: &Path, flags: &[&str]| {
            let _ = std::fs::remove_file(&report);
            std::fs::write(&out, output).unwrap();
            let mut args: Vec<OsString> = [&case.input_path, &out, answer, &report]
                .map(|p| p.as_os_str().to_owned())
                .into();
            args.extend(flags.iter().map(OsString::from));
            let run = cpp::run(bin, &args, io::empty(), false);
            let text = std::fs::read_to_string(&report)
                .unwrap_or_else(|e| panic!("{build}: exit {} {:?}: {e}", run.code, run.stderr));
            (run.code, run.stderr, text)
        };
        let xml = |outcome: &str, message: &str| {
            format!("{XML}<result outcome = \"{outcome}\">{message}</result>\n")
        };
        let ans = case.answer_path.as_path();
        let (ac, wa) = (r.ac_message, r.wa_message);
        // Without -appes: the message alone, no line end.
        let ok = (0, format!("ok {ac}\n"));
        assert_eq!(
            judge(r.ac[0], ans, &[]),
            (ok.0, ok.1.clone(), ac.to_string())
        );
        let wrong = (1, format!("wrong answer {wa}\n"), wa.to_string());
        assert_eq!(judge(r.wa[0], ans, &[]), wrong);
        // Another flag after the report: a usage error, as in testlib.
        std::fs::write(&out, r.ac[1]).unwrap();
        let args = [&case.input_path, &out, ans, &report].map(|p| p.as_os_str());
        let x = cpp::run(
            bin,
            [&args[..], &["-x".as_ref()]].concat(),
            io::empty(),
            false,
        );
        assert_eq!(x.code, 3, "{build}: {x:?}");
        // With -appes: the XML report, exactly; stderr and the exit code as without it.
        assert_eq!(
            judge(r.ac[1], ans, &["-appes"]),
            (ok.0, ok.1, xml("accepted", ac))
        );
        let (code, _, text) = judge(r.wa[1], ans, &["-appes"]);
        assert_eq!((code, text), (1, xml("wrong-answer", wa)));
        let (code, _, text) = judge(r.pe, ans, &["-appes"]);
        assert_eq!((code, text), (2, xml("presentation-error", r.pe_message)));
        // A FAIL, its message naming a file with all four escaped characters.
        let folder = d.to_str().unwrap();
        assert!(!folder.contains(['&', '<', '>', '"']), "{folder}");
        let missing = d.join(r#"no "such" <answer> & co"#);
        let (code, _, text) = judge(r.fail_output, &missing, &["-appes"]);
        let name = "no &quot;such&quot; &lt;answer&gt; &amp; co";
        let msg = format!("{} {folder}/{name}", r.fail_message);
        assert_eq!((code, text), (3, xml("fail", &msg)));
    }
}

/// The [`HOSTILE`] outputs of the model's seeded stream: the Rust checker gives each the
/// model's verdict, and the verdict of its kind where the kind alone decides it, never FAIL (a
/// panic fails the test); AC, WA and PE each occur more than `HOSTILE / hostile_spread()` times
/// and more than `hostile_known()` verdicts are known from the kind. The first `cpp_count` go
/// to every C++ build: the checkers agree on each, never FAIL, and AC, WA and PE each occur
/// more than `cpp_count / hostile_spread()` times.
pub fn checker_hostile_outputs(m: &dyn Model, cpp_count: u64) {
    let dir = tempfile::tempdir().unwrap();
    let cases: Vec<Case> = (m.hostile_cases().iter())
        .map(|(label, input, answer)| Case::new(dir.path(), label, input, answer))
        .collect();
    let hostile = m.hostile_outputs(&cases);
    let cfg = m.config();
    let judged: Vec<(Verdict, bool, Option<Hostile>)> = (0..HOSTILE)
        .into_par_iter()
        .map(|i| {
            let h = hostile(i);
            let c = &cases[h.case];
            let o = m
                .problem()
                .check(&c.input, &mut &h.output[..], &c.answer, &cfg);
            let want = m.output_model(&c.input, &c.answer, &h.output);
            let out = shown(&h.output);
            assert_eq!(o.verdict, want, "{}: output {out} got {o:?}", h.label);
            assert!(matches!(o.verdict, Verdict::Ac | Verdict::Wa | Verdict::Pe));
            assert!(!o.message.contains('\n'), "message is one line: {o:?}");
            if let Some(v) = h.known {
                assert_eq!(o.verdict, v, "{}: output {out} got {o:?}", h.label);
            }
            (o.verdict, h.known.is_some(), (i < cpp_count).then_some(h))
        })
        .collect();
    let verdicts = tally(judged.iter().map(|j| j.0));
    for v in [Verdict::Ac, Verdict::Wa, Verdict::Pe] {
        let n = verdicts.get(&v).copied().unwrap_or(0);
        assert!(n > HOSTILE / m.hostile_spread(), "verdicts: {verdicts:?}");
    }
    let known = judged.iter().filter(|j| j.1).count() as u64;
    assert!(
        known > m.hostile_known(),
        "{known} verdicts known from the kind"
    );
    let outputs: Vec<Hostile> = judged.into_iter().filter_map(|j| j.2).collect();
    for c in &checkers(m) {
        let codes = par_map(&outputs, |w, h| {
            let file = dir.path().join(format!("out{w}"));
            let file = (!m.hostile_via_pipe()).then_some(file.as_path());
            let code = assert_checkers_agree(m, c, &cases[h.case], &h.output, file, &h.label);
            assert_ne!(code, 3, "{}: FAIL on a contestant output", h.label);
            code
        });
        let codes = tally(codes);
        eprintln!("{}: hostile outputs by exit code: {codes:?}", c.1);
        for code in [0, 1, 2] {
            let n = codes.get(&code).copied().unwrap_or(0);
            assert!(n > cpp_count / m.hostile_spread(), "exit codes: {codes:?}");
        }
    }
}

/// How many times each item occurs.
pub fn tally<K: Ord>(items: impl IntoIterator<Item = K>) -> BTreeMap<K, u64> {
    let mut counts = BTreeMap::new();
    for k in items {
        *counts.entry(k).or_insert(0) += 1;
    }
    counts
}

/// Hundreds of megabytes streamed into the C++ checker's output (through `/dev/stdin`) under
/// a [`cpp::MEMORY_LIMIT`] address-space cap: it reads only what it needs, holds none of it,
/// and gives the Rust checker's verdict on the same stream (never FAIL; WA and PE both occur).
/// Not the testlib-API builds: testlib reads stdin into memory ([`Api::Testlib`]); not under
/// a checker option (the streams' verdicts are those of the committed options).
pub fn checker_streams_huge_outputs(m: &dyn Model) {
    let dir = tempfile::tempdir().unwrap();
    let streams = m.streams();
    let own = checkers(m)
        .into_iter()
        .filter(|c| c.1.api == Api::Own && c.1.option.is_none());
    for c in &own.collect::<Vec<_>>() {
        let mut codes = Vec::new();
        for (i, s) in streams.iter().enumerate() {
            let case = Case::new(dir.path(), &format!("stream{i}"), &s.input, &s.answer);
            let mut rust_stream = Stream::new(m.name(), s.segments.clone(), s.seed);
            let (code, msg) = rust_check(m, c.1.option, &s.input, &mut rust_stream, &s.answer);
            assert_ne!(code, 3, "stream {i}: {msg}");
            if let Some(want) = s.want {
                assert_eq!(code, want, "stream {i}: {msg}");
            }
            let cpp_stream = Stream::new(m.name(), s.segments.clone(), s.seed);
            let paths = [&case.input_path, Path::new("/dev/stdin"), &case.answer_path];
            let cpp = cpp_check(c, paths, cpp_stream, true);
            let stderr = cpp.stderr;
            assert_eq!(
                cpp.code, code,
                "stream {i} ({}): C++ {stderr:?}, Rust {msg:?}",
                c.1
            );
            codes.push(code);
        }
        assert!(codes.contains(&1) && codes.contains(&2), "{codes:?}");
    }
}
