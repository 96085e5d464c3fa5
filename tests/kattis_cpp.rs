//! The C++ sources of the built-in problems (`problems/<p>/testlib/checker.cpp` and
//! `validator.cpp`) compiled as a Kattis package's `build` script compiles them
//! (`g++ -fno-asm -std=c++14 -O2 -DKATTIS`), against gridjudge's own checker and validator
//! (called in-process, as `checker <p> --kattis` and `validator <p> --kattis` call them): the
//! same Kattis exit code (42 AC / valid, 43 WA or PE / invalid, 1 FAIL) on the validator corpus
//! in every test group and on outputs around the samples, also with the extra arguments a
//! Kattis judge may append. tests/game_cpp.rs and tests/bunny_cpp.rs compare the testlib
//! convention in depth; this file checks only what -DKATTIS changes.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use gridjudge::problem::{Problem, ProblemConfig, ValidateOptions};

/// `problems/<p>/testlib/<name>.cpp` compiled with -DKATTIS into `dir`.
fn compiled(p: &str, name: &str, dir: &Path) -> PathBuf {
    let exe = dir.join(format!("{p}_{name}"));
    let o = Command::new("g++")
        .args(["-fno-asm", "-std=c++14", "-O2", "-DKATTIS", "-o"])
        .arg(&exe)
        .arg(
            common::problem_dir(p)
                .join("testlib")
                .join(format!("{name}.cpp")),
        )
        .output()
        .expect("g++ is needed (.ci/run installs it)");
    assert!(o.status.success(), "g++ {p} {name}: {o:?}");
    exe
}

/// Every file of `dir` with its bytes, by name.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                fs::read(&p).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn kattis_validators_decide_as_the_rust_ones_in_every_group() {
    let tmp = tempfile::tempdir().unwrap();
    for p in common::testlib_problems() {
        let p = p.as_str();
        let prob: &dyn Problem = gridjudge::problems::by_name(p).unwrap();
        let config = ProblemConfig::load(prob, None).unwrap();
        let exe = compiled(p, "validator", tmp.path());
        let corpus = common::problem_dir(p).join("validator_corpus");
        let mut inputs = files(&corpus.join("valid"));
        inputs.extend(files(&corpus.join("invalid")));
        let groups: Vec<Option<&str>> = std::iter::once(None)
            .chain(config.groups.keys().map(|g| Some(g.as_str())))
            .collect();
        let (mut valid, mut invalid) = (0, 0);
        for (name, input) in &inputs {
            for group in &groups {
                let bounds = config.bounds_for(*group).unwrap();
                let rust = match prob.validate(input, &bounds, ValidateOptions::default()) {
                    Ok(_) => 42,
                    Err(_) => 43,
                };
                let mut args: Vec<&str> = Vec::new();
                if let Some(g) = group {
                    args.extend(["--group", g]);
                }
                assert_eq!(
                    common::tools::exit_code(&exe, &args, input),
                    rust,
                    "{p} {name} {group:?}"
                );
                // What a Kattis judge may append: BAPCtools' constraints file, a test's args.
                args.extend(["--constraints_file", "unused", "submission-arg"]);
                assert_eq!(
                    common::tools::exit_code(&exe, &args, input),
                    rust,
                    "{p} {name} {group:?} {args:?}"
                );
                if rust == 42 {
                    valid += 1;
                } else {
                    invalid += 1;
                }
            }
        }
        assert!(
            valid > 0 && invalid > 0,
            "{p}: {valid} valid, {invalid} invalid"
        );
        // An unknown group is a usage error (exit 2): neither valid nor invalid.
        let (_, input) = &inputs[0];
        assert_eq!(
            common::tools::exit_code(&exe, &["--group", "no-such-group"], input),
            2,
            "{p}"
        );
    }
}

#[test]
fn kattis_checkers_judge_as_the_rust_ones() {
    let tmp = tempfile::tempdir().unwrap();
    let fb = tmp.path().join("feedback");
    fs::create_dir_all(&fb).unwrap();
    for p in common::testlib_problems() {
        let p = p.as_str();
        let prob: &dyn Problem = gridjudge::problems::by_name(p).unwrap();
        let config = ProblemConfig::load(prob, None).unwrap();
        let exe = compiled(p, "checker", tmp.path());
        let samples = common::problem_dir(p).join("samples");
        let pairs: Vec<(Vec<u8>, Vec<u8>)> = files(&samples)
            .into_iter()
            .filter(|(n, _)| n.ends_with(".in"))
            .map(|(n, input)| {
                let ans = fs::read(samples.join(n.replace(".in", ".ans"))).unwrap();
                (input, ans)
            })
            .collect();
        assert!(!pairs.is_empty(), "{p}");
        let mut codes = std::collections::BTreeSet::new();
        for (i, (input, answer)) in pairs.iter().enumerate() {
            let other = &pairs[(i + 1) % pairs.len()].1;
            let mut outputs: Vec<Vec<u8>> = vec![
                answer.clone(),
                Vec::new(),
                b"LOSE\n".to_vec(),
                b"WIN\n1 1\n".to_vec(),
                b"0\n".to_vec(),
                b"1\n1 1\n".to_vec(),
                [b"\xef\xbb\xbf".as_slice(), answer].concat(),
                [answer.as_slice(), b"x\n"].concat(),
                answer.to_ascii_lowercase(),
                other.clone(),
            ];
            outputs.push(
                answer
                    .iter()
                    .map(|&b| if b == b'\n' { b' ' } else { b })
                    .collect(),
            );
            let inp = tmp.path().join("in");
            let ans = tmp.path().join("ans");
            fs::write(&inp, input).unwrap();
            for (jury, broken) in [(answer.as_slice(), false), (b"?\n".as_slice(), true)] {
                fs::write(&ans, jury).unwrap();
                for (k, out) in outputs.iter().enumerate() {
                    let rust = prob
                        .check(input, &mut out.as_slice(), jury, &config)
                        .kattis_exit_code();
                    if broken {
                        assert_eq!(rust, 1, "{p} sample {i}: a broken jury answer is FAIL");
                    }
                    let _ = fs::remove_file(fb.join("judgemessage.txt"));
                    let args = [
                        inp.to_str().unwrap(),
                        ans.to_str().unwrap(),
                        fb.to_str().unwrap(),
                    ];
                    let code = common::tools::exit_code(&exe, &args, out);
                    assert_eq!(
                        code,
                        rust,
                        "{p} sample {i} output {k}: {:?}",
                        String::from_utf8_lossy(out)
                    );
                    let msg = fs::read_to_string(fb.join("judgemessage.txt")).unwrap();
                    assert!(!msg.trim().is_empty(), "{p} sample {i} output {k}");
                    // problem.yaml's validator_flags or output_validator_args: ignored.
                    let mut extra = args.to_vec();
                    extra.extend(["float_tolerance", "1e-6", "case_sensitive", "--group", "x"]);
                    assert_eq!(
                        common::tools::exit_code(&exe, &extra, out),
                        rust,
                        "{p} sample {i} output {k} {extra:?}"
                    );
                    codes.insert(rust);
                }
            }
        }
        assert_eq!(
            codes.into_iter().collect::<Vec<_>>(),
            vec![1, 42, 43],
            "{p}"
        );
        // Fewer than three files: FAIL (exit 1), never a verdict.
        assert_eq!(
            common::tools::exit_code(&exe, &["in", "ans"], b""),
            1,
            "{p}"
        );
    }
}
