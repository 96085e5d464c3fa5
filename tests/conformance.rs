//! testlib and CMS conformance of the checkers and validators (issue 13, items 3 to 5), Rust
//! (in-process, through the library) against the C++ sources of `problems/<p>/testlib/`
//! compiled with the judges' flags: Luogu's `g++ -fno-asm -std=c++14 -O2`, the same with every
//! warning an error, and with `-DCMS` (CMS's convention by default).
//!
//! * Tolerant reading: the official `bunny` samples with their trailing spaces, and every package
//!   test with its white space scrambled, are judged normally by both checkers (the jury answer
//!   AC against itself, a wrong output WA) and answered by `gridjudge solve`, while both
//!   validators still reject them. Inputs missing a token or with one too many stay FAIL.
//! * (A UTF-8 BOM before the output and a missing output file: tests/common/mirror.rs, for
//!   every build.)
//! * testlib's report file (plain and `-appes`) as testlib writes it; `--testset`/`--group`.
//! * CMS: `checker --cms <input> <answer> <output>` (and the -DCMS build without the flag):
//!   score on stdout, the one line `translate:*` on stderr, exit 0; a judge error exits non-zero.
//! * Validators: testlib's flags, `--group default`, the overview log and the test markup,
//!   identical in Rust and C++.
//! * `[checker] row_major = true`: the C++ checker that `gridjudge export` writes (the option
//!   set from problem.toml) judges as the Rust checker does; the unset source would not.

mod common;

use std::path::{Path, PathBuf};

use common::cpp::{Build, Run, LUOGU};
use gridjudge::core::bounds_log::overview_log;
use gridjudge::core::rng::TestRng;
use gridjudge::core::verdict::{CheckOutcome, Verdict};
use gridjudge::export::shared::with_checker_options;
use gridjudge::problem::{Problem, ProblemConfig, ValidateOptions};

// ---------------------------------------------------------------------------------------------
// Compiling and running the C++ sources.

/// C++14 with every warning an error.
const STRICT14: &[&str] = &["-std=c++14", "-O2", "-Wall", "-Wextra", "-Werror"];
/// Luogu's flags and CMS's convention by default.
const CMS: &[&str] = &["-fno-asm", "-std=c++14", "-O2", "-DCMS"];

/// `src` compiled with `flags` ([`common::cpp::compiled`]: cached, g++ must print nothing).
fn compiled_with(src: &Path, flags: &'static [&'static str]) -> PathBuf {
    common::cpp::compiled(&Build::new(src.to_path_buf(), flags))
}

fn compiled(problem: &str, name: &str, flags: &'static [&'static str]) -> PathBuf {
    compiled_with(&common::cpp::source(problem, name), flags)
}

/// Runs `bin` with `args` and `stdin` ([`common::cpp::run`]; panics on a signal).
fn run<S: AsRef<std::ffi::OsStr>>(bin: &Path, args: &[S], stdin: &[u8]) -> Run {
    common::cpp::run(bin, args, stdin, false)
}

/// A scratch folder and files in it.
struct Files(tempfile::TempDir);

impl Files {
    fn new() -> Files {
        Files(tempfile::tempdir().unwrap())
    }
    fn write(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let p = self.0.path().join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    }
}

// ---------------------------------------------------------------------------------------------
// The Rust side.

fn rust_check(p: &dyn Problem, input: &[u8], output: &[u8], answer: &[u8]) -> CheckOutcome {
    rust_check_with(p, input, output, answer, &common::config(p))
}

fn rust_check_with(
    p: &dyn Problem,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    cfg: &ProblemConfig,
) -> CheckOutcome {
    let mut out = output;
    p.check(input, &mut out, answer, cfg)
}

/// The C++ checker built with `flags` on (input, output, answer): its exit code, testlib order.
fn cpp_code(bin: &Path, files: &Files, input: &[u8], output: &[u8], answer: &[u8]) -> Run {
    let i = files.write("in", input);
    let o = files.write("out", output);
    let a = files.write("ans", answer);
    run(bin, &[i, o, a], b"")
}

/// Rust and the C++ checker (each build) agree on the exit code; returns Rust's verdict.
#[track_caller]
fn assert_agree(problem: &str, input: &[u8], output: &[u8], answer: &[u8]) -> Verdict {
    let p = common::problem(problem);
    let want = rust_check(p, input, output, answer);
    let files = Files::new();
    for flags in [LUOGU, STRICT14] {
        let got = cpp_code(
            &compiled(problem, "checker", flags),
            &files,
            input,
            output,
            answer,
        );
        assert_eq!(
            got.code,
            want.testlib_exit_code(),
            "{problem} {flags:?}: Rust {want:?}, C++ {got:?}\ninput {:?}\noutput {:?}",
            String::from_utf8_lossy(input),
            String::from_utf8_lossy(output)
        );
    }
    want.verdict
}

/// A wrong output of `bunny` for the jury answer `answer` of a record with k moves.
fn bunny_wrong(answer: &[u8]) -> Vec<u8> {
    if answer.starts_with(b"0") {
        b"1\n1\n".to_vec()
    } else {
        b"0\n".to_vec()
    }
}

// ---------------------------------------------------------------------------------------------
// Tolerant reading.

/// The official samples of `bunny`, with a trailing space on every input line, and CR LF line
/// ends: both checkers judge them normally, `gridjudge solve` answers them, the Rust validator
/// still rejects them for the trailing space (tests/bunny_cpp.rs compares every checker and
/// validator build with Rust on them as they are).
#[test]
fn official_bunny_samples_with_trailing_spaces() {
    let p = common::problem("bunny");
    let cfg = common::config(p);
    let samples = common::mirror::original_samples("bunny");
    assert_eq!(samples.len(), 3);
    for (name, input, answer) in samples {
        let wrong = bunny_wrong(&answer);
        assert_eq!(assert_agree("bunny", &input, &wrong, &answer), Verdict::Wa);
        let crlf: Vec<u8> = (input.iter())
            .flat_map(|&b| {
                if b == b'\n' {
                    vec![b'\r', b'\n']
                } else {
                    vec![b]
                }
            })
            .collect();
        assert_eq!(assert_agree("bunny", &crlf, &answer, &answer), Verdict::Ac);
        // solve, in-process and the binary.
        assert_eq!(p.solve(&input, &cfg.constraints).unwrap(), answer);
        let gridjudge = Path::new(env!("CARGO_BIN_EXE_gridjudge"));
        let out = run(gridjudge, &["solve", "bunny"], &input);
        assert_eq!(
            (out.code, out.stdout.as_bytes()),
            (0, &answer[..]),
            "{name}: {out:?}"
        );
        let strict = ValidateOptions::default();
        let e = p.validate(&input, &cfg.constraints, strict).unwrap_err();
        assert_eq!(e.found, "trailing space", "{name}: {e}");
    }
}

/// `game`'s sample with trailing spaces, CR LF, a blank line and no final line end.
#[test]
fn game_input_with_loose_white_space() {
    let p = common::problem("game");
    let cfg = common::config(p);
    let input = b"3 3 \r\n.## \r\n...\r\n\r\n#.#";
    let answer = common::game::SAMPLE_ANS.as_bytes();
    assert_eq!(assert_agree("game", input, answer, answer), Verdict::Ac);
    assert_eq!(assert_agree("game", input, b"LOSE", answer), Verdict::Wa);
    assert_eq!(p.solve(input, &cfg.constraints).unwrap(), answer);
    assert!(p
        .validate(input, &cfg.constraints, ValidateOptions::default())
        .is_err());
}

/// `input` with its white space scrambled: every run replaced by one of several runs of space,
/// tab, CR LF and blank lines, and white space added at both ends.
fn scrambled(input: &[u8], rng: &mut TestRng) -> Vec<u8> {
    let seps: [&[u8]; 6] = [b" ", b"  ", b"\t", b"\r\n", b" \n\n", b"\n \t"];
    let mut out = b" \n".to_vec();
    for (i, tok) in input
        .split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
        .enumerate()
    {
        if i > 0 {
            out.extend_from_slice(rng.choose(&seps).unwrap());
        }
        out.extend_from_slice(tok);
    }
    out.extend_from_slice(b" \r\n");
    out
}

/// Every package test of both problems, its input scrambled: AC for the jury answer and the
/// same verdict as Rust's for a wrong output, in both checkers; the input with a token too few
/// or too many is FAIL in both; `solve` gives the jury answer.
#[test]
fn scrambled_inputs_are_judged_normally() {
    for problem in common::testlib_problems() {
        let problem = problem.as_str();
        let p = common::problem(problem);
        let cfg = common::config(p);
        let mut rng = TestRng::for_test(problem, "conformance", "scrambled", 1);
        for t in common::package_tests(problem).iter().step_by(4) {
            let input = scrambled(&t.input, &mut rng);
            assert_eq!(
                assert_agree(problem, &input, &t.answer, &t.answer),
                Verdict::Ac,
                "{problem} {}",
                t.name
            );
            let wrong = if problem == "bunny" {
                bunny_wrong(&t.answer)
            } else if t.answer.starts_with(b"LOSE") {
                b"WIN 1 1".to_vec()
            } else {
                b"LOSE".to_vec()
            };
            let v = assert_agree(problem, &input, &wrong, &t.answer);
            assert!(matches!(v, Verdict::Wa), "{problem} {}: {v}", t.name);
            assert_eq!(
                p.solve(&input, &cfg.lifted).unwrap(),
                t.answer,
                "{problem} {}",
                t.name
            );
            let mut extra = input.clone();
            extra.extend_from_slice(b"7\n");
            assert_eq!(
                assert_agree(problem, &extra, &t.answer, &t.answer),
                Verdict::Fail
            );
            let trimmed = input.trim_ascii_end();
            let cut = trimmed.len()
                - trimmed
                    .iter()
                    .rev()
                    .take_while(|b| !b.is_ascii_whitespace())
                    .count();
            assert_eq!(
                assert_agree(problem, &trimmed[..cut], &t.answer, &t.answer),
                Verdict::Fail
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Report file, --testset / --group.

/// The report file of the C++ checkers is what testlib writes: the message of the stderr line
/// (after the verdict word), no line end; with -appes the XML document of
/// [`CheckOutcome::testlib_report`] for the same verdict and message. The outcome agrees with
/// Rust's verdict. `--testset` and `--group` change nothing.
#[test]
fn report_file_as_testlib_writes_it() {
    for problem in common::testlib_problems() {
        let problem = problem.as_str();
        let p = common::problem(problem);
        let bin = compiled(problem, "checker", LUOGU);
        let t = &common::package_tests(problem)[0];
        let files = Files::new();
        let i = files.write("in", &t.input);
        let a = files.write("ans", &t.answer);
        let report = files.0.path().join("report");
        for output in [&t.answer[..], b"", b"LOSE", b"0", b"<&\">", b"WIN 1 1"] {
            let want = rust_check(p, &t.input, output, &t.answer);
            let o = files.write("out", output);
            let plain = run(&bin, &[&i, &o, &a, &report], b"");
            assert_eq!(plain.code, want.testlib_exit_code(), "{plain:?}");
            let word = ["ok ", "wrong answer ", "wrong output format ", "FAIL "]
                [want.testlib_exit_code() as usize];
            let message = plain
                .stderr
                .strip_prefix(word)
                .and_then(|m| m.strip_suffix('\n'))
                .unwrap_or_else(|| panic!("{plain:?}"))
                .to_string();
            assert_eq!(std::fs::read_to_string(&report).unwrap(), message);
            let xml = run(&bin, &[&i, &o, &a, &report, &PathBuf::from("-appes")], b"");
            assert_eq!((xml.code, &xml.stderr), (plain.code, &plain.stderr));
            let same = CheckOutcome::new(want.verdict, message);
            assert_eq!(
                std::fs::read_to_string(&report).unwrap(),
                same.testlib_report(true)
            );
            let flagged = run(
                &bin,
                &[
                    PathBuf::from("--testset"),
                    "tests".into(),
                    i.clone(),
                    o.clone(),
                    "--group".into(),
                    "g1".into(),
                    a.clone(),
                ],
                b"",
            );
            assert_eq!((flagged.code, &flagged.stderr), (plain.code, &plain.stderr));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// CMS.

/// CMS's convention: `checker --cms <input> <answer> <output>`, or the -DCMS build without the
/// flag: score on stdout, the one line `translate:success` / `translate:wrong` on stderr (CMS
/// logs any further line as an unknown command), exit 0, as [`CheckOutcome::cms_score`] and
/// [`CheckOutcome::cms_stderr`] say; a judge error prints no score and exits non-zero.
#[test]
fn cms_convention() {
    for problem in common::testlib_problems() {
        let problem = problem.as_str();
        let p = common::problem(problem);
        let t = &common::package_tests(problem)[1];
        let files = Files::new();
        let i = files.write("in", &t.input);
        let a = files.write("ans", &t.answer);
        let broken = files.write("broken", b"broken answer");
        let missing = files.0.path().join("missing");
        let mut outputs: Vec<(PathBuf, CheckOutcome)> = Vec::new();
        for (n, output) in [&t.answer[..], b"LOSE", b"0", b"x"].iter().enumerate() {
            let o = files.write(&format!("out{n}"), output);
            outputs.push((o, rust_check(p, &t.input, output, &t.answer)));
        }
        outputs.push((
            missing.clone(),
            CheckOutcome::pe(format!("Output file not found: \"{}\"", missing.display())),
        ));
        let verdicts: Vec<Verdict> = outputs.iter().map(|(_, o)| o.verdict).collect();
        assert!(verdicts.contains(&Verdict::Ac) && verdicts.contains(&Verdict::Pe));
        for (o, want) in &outputs {
            for got in [
                run(
                    &compiled(problem, "checker", LUOGU),
                    &[&PathBuf::from("--cms"), &i, &a, o],
                    b"",
                ),
                run(&compiled(problem, "checker", CMS), &[&i, &a, o], b""),
            ] {
                assert_eq!(got.code, 0, "{got:?}");
                assert_eq!(got.stdout, format!("{}\n", want.cms_score().unwrap()));
                assert_eq!(got.stderr, want.cms_stderr(), "{got:?}");
            }
        }
        let fail = rust_check(p, &t.input, &t.answer, b"broken answer");
        assert_eq!(fail.cms_score(), None);
        for got in [
            run(
                &compiled(problem, "checker", LUOGU),
                &[&PathBuf::from("--cms"), &i, &broken, &a],
                b"",
            ),
            run(&compiled(problem, "checker", CMS), &[&i, &broken, &a], b""),
        ] {
            assert_ne!(got.code, 0, "{got:?}");
            assert_eq!(got.stdout, "", "{got:?}");
            assert!(got.stderr.starts_with("FAIL "), "{got:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Validators.

/// testlib's markup of a one-case input.
fn markup(input: &[u8]) -> Vec<u8> {
    let mut out = b"MU\xF3\x01".to_vec();
    for &b in input {
        if b == b'\\' || b == b'!' {
            out.push(b'\\');
        }
        out.push(b);
    }
    out
}

/// Both validators take testlib's flags; on a valid input they write the same overview log
/// (Rust's [`overview_log`] of what it read) and testlib's markup; `--group default` is no
/// group; an invalid input writes neither file.
#[test]
fn validator_flags_overview_log_and_markup() {
    for problem in common::testlib_problems() {
        let problem = problem.as_str();
        let p = common::problem(problem);
        let cfg = common::config(p);
        let bin = compiled(problem, "validator", LUOGU);
        let files = Files::new();
        let log = files.0.path().join("log");
        let mu = files.0.path().join("markup");
        let tests = common::package_tests(problem);
        for t in tests.iter().step_by(2) {
            let group = t.spec.group.clone();
            let bounds = cfg.bounds_for(group.as_deref()).unwrap();
            let summary = p
                .validate(&t.input, &bounds, ValidateOptions::default())
                .unwrap();
            let want = overview_log(&summary.bounds_log);
            assert!(want.contains("variable \""), "{want}");
            let _ = std::fs::remove_file(&log);
            let mut args: Vec<String> = vec![
                "--testset".into(),
                "tests".into(),
                format!("--testOverviewLogFileName={}", log.display()),
                "--testMarkupFileName".into(),
                mu.display().to_string(),
                "--testCase".into(),
                "1".into(),
            ];
            args.extend(["--group".into(), group.unwrap_or_else(|| "default".into())]);
            let got = run(&bin, &args, &t.input);
            assert_eq!(got.code, 0, "{got:?}");
            assert_eq!(std::fs::read_to_string(&log).unwrap(), want, "{}", t.name);
            assert_eq!(std::fs::read(&mu).unwrap(), markup(&t.input));
        }
        // An invalid input: exit 3, no log.
        let _ = std::fs::remove_file(&log);
        let got = run(
            &bin,
            &[format!("--testOverviewLogFileName={}", log.display())],
            b"1 1\n",
        );
        assert_eq!(got.code, 3, "{got:?}");
        assert!(!log.exists());
        // Usage errors: a flag without its value, an empty test set, --testCase 0.
        for bad in [
            &["--testOverviewLogFileName"][..],
            &["--testset", ""],
            &["--testCase", "0"],
            &["--testCase", "x"],
        ] {
            assert_eq!(run(&bin, bad, &tests[0].input).code, 2, "{bad:?}");
        }
    }
}

/// The overview log's exact text for a known input: `game`'s 5x5 maze under `--group small`
/// hits both maxima, and the log goes to stdout when asked.
#[test]
fn overview_log_text() {
    let p = common::problem("game");
    let cfg = common::config(p);
    let input = b"5 5\n.....\n.....\n.....\n.....\n.....\n";
    let want = "\"M\": max-value-hit\n\"N\": max-value-hit\n\
                constant-bounds \"M\": 1 5\nconstant-bounds \"N\": 1 5\n\
                variable \"M\"\nvariable \"N\"\n";
    let summary = p
        .validate(
            input,
            &cfg.bounds_for(Some("small")).unwrap(),
            ValidateOptions::default(),
        )
        .unwrap();
    assert_eq!(overview_log(&summary.bounds_log), want);
    let bin = compiled("game", "validator", STRICT14);
    let got = run(
        &bin,
        &["--group", "small", "--testOverviewLogFileName", "stdout"],
        input,
    );
    assert_eq!((got.code, got.stdout.as_str()), (0, want), "{got:?}");
    // Without the group: the bounds 1..=100 are not hit.
    let got = run(&bin, &["--testOverviewLogFileName", "stdout"], input);
    assert!(got.stdout.starts_with("\"M\":\n\"N\":\n"), "{got:?}");
}

// ---------------------------------------------------------------------------------------------
// Checker options.

/// With `[checker] row_major = true`, the C++ checkers that export writes (the option set from
/// problem.toml by [`with_checker_options`]) are the `row_major` builds that tests/game_cpp.rs
/// compares with the Rust checker, and the option matters: the cells reversed are WA in them,
/// AC in the committed source (row_major = false, which export leaves as it is).
#[test]
fn row_major_in_the_exported_checker() {
    let p = common::problem("game");
    let cfg = common::config_with(p, "row_major = false", "row_major = true", "row_major");
    let (input, answer) = (common::game::SAMPLE, common::game::SAMPLE_ANS);
    let files = Files::new();
    for source in [
        common::cpp::source("game", "checker"),
        common::problem_dir("game").join("polygon/check.cpp"),
    ] {
        let text = std::fs::read(&source).unwrap();
        let plain = with_checker_options(&common::config(p), &text, &source).unwrap();
        assert_eq!(plain, text);
        let build = Build {
            option: Some("row_major"),
            ..Build::new(source.clone(), LUOGU)
        };
        assert_eq!(
            with_checker_options(&cfg, &text, &source).unwrap(),
            build.text()
        );
    }
    let [plain, row_major] = [None, Some("row_major")].map(|option| Build {
        option,
        ..Build::new(common::cpp::source("game", "checker"), LUOGU)
    });
    let reversed = b"WIN\n3 2\n2 3\n";
    let code = |b: &Build| {
        let bin = common::cpp::compiled(b);
        cpp_code(&bin, &files, input.as_bytes(), reversed, answer.as_bytes()).code
    };
    assert_eq!((code(&plain), code(&row_major)), (0, 1));
}
