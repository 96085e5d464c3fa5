//! gridjudge's default output validator (`core::output_validator`) against problemtools' own
//! (`support/default_validator`, the C++ program of the pinned problemtools, as its venv
//! builds it), on a few hundred generated (answer, output, arguments) cases: the verdicts must
//! agree, except where the 2025-09 spec decides against problemtools (hexadecimal floats,
//! which C's `sscanf` reads and the spec's float grammar does not; see the module
//! documentation of `core::output_validator`); those are counted and printed. The cases come
//! from tests/common/kattis_cases.rs, which tests/testlib_api.rs shares.

#[path = "common/kattis_cases.rs"]
mod kattis_cases;
#[path = "common/tools.rs"]
mod tools;

use std::path::{Path, PathBuf};

use gridjudge::core::output_validator::DefaultOutputValidator;
use gridjudge::core::verdict::Verdict;
use kattis_cases::{cases, Case};

/// problemtools' compiled default validator in its pinned venv, or built from the pinned
/// sdist's `support/default_validator/default_validator.cc` with g++ when the venv lacks it.
fn problemtools_default_validator() -> Option<PathBuf> {
    let verify = tools::pypi_tool("problemtools-venv", "problemtools", "verifyproblem");
    let venv = verify.parent()?.parent()?.to_path_buf();
    for entry in std::fs::read_dir(venv.join("lib")).ok()?.flatten() {
        let exe = entry
            .path()
            .join("site-packages/problemtools/support/default_validator");
        if exe.is_file() {
            return Some(exe);
        }
    }
    // From the sdist: pip download, unpack, compile.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/problemtools-sdist");
    let exe = dir.join("default_validator");
    if exe.is_file() {
        return Some(exe);
    }
    std::fs::create_dir_all(&dir).ok()?;
    let req = tools::pinned("problemtools");
    let pip = venv.join("bin/pip");
    let ok = std::process::Command::new(pip)
        .args(["download", "--no-deps", "--no-binary", ":all:", &req, "-d"])
        .arg(&dir)
        .status()
        .ok()?
        .success();
    if !ok {
        return None;
    }
    let tarball = dir.join(format!(
        "problemtools-{}.tar.gz",
        tools::pinned_version("problemtools")
    ));
    let cc = format!(
        "problemtools-{}/support/default_validator/default_validator.cc",
        tools::pinned_version("problemtools")
    );
    let ok = std::process::Command::new("tar")
        .arg("xzf")
        .arg(&tarball)
        .arg("-C")
        .arg(&dir)
        .arg(&cc)
        .status()
        .ok()?
        .success()
        && std::process::Command::new("g++")
            .args(["-O2", "-o"])
            .arg(&exe)
            .arg(dir.join(&cc))
            .status()
            .ok()?
            .success();
    ok.then_some(exe)
}

#[test]
#[ignore = "needs PyPI (the pinned problemtools); .ci/run runs it"]
fn verdicts_agree_with_problemtools_default_validator() {
    let Some(exe) = problemtools_default_validator() else {
        tools::skip_or_fail("no problemtools default validator (venv or sdist + g++)");
        return;
    };
    eprintln!("problemtools' default validator: {}", exe.display());
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    let answer = dir.path().join("ans");
    let feedback = dir.path().join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    std::fs::write(&input, "").unwrap();
    let mut all = cases(400);
    // The known differences, decided by the spec: hexadecimal is no float.
    for (answer, output) in [
        ("16\n", "0x10\n"),
        ("0x10\n", "16\n"),
        ("2.5 8\n", "2.5 0x1p3\n"),
    ] {
        all.push(Case {
            flags: "float_tolerance 1e-6",
            answer: answer.to_string(),
            output: output.to_string(),
        });
    }
    let (mut agree, mut ac_agree, mut spec_decided, mut wa) = (0, 0, Vec::new(), 0);
    let mut disagreements = Vec::new();
    for c in &all {
        std::fs::write(&answer, &c.answer).unwrap();
        let mut args: Vec<String> = vec![
            input.display().to_string(),
            answer.display().to_string(),
            format!("{}/", feedback.display()),
        ];
        let flags: Vec<String> = c.flags.split_whitespace().map(String::from).collect();
        args.extend(flags.iter().cloned());
        let theirs = match tools::exit_code(&exe, &args, c.output.as_bytes()) {
            42 => Verdict::Ac,
            43 => Verdict::Wa,
            other => panic!("problemtools' validator exited {other} on {:?}", c.answer),
        };
        let ours = DefaultOutputValidator::from_args(&flags)
            .unwrap()
            .check(&mut c.output.as_bytes(), c.answer.as_bytes());
        if ours.verdict == Verdict::Wa {
            wa += 1;
        }
        if ours.verdict == theirs {
            agree += 1;
            if theirs == Verdict::Ac {
                ac_agree += 1;
            }
        } else if c.answer.contains("0x") || c.output.contains("0x") {
            // The spec's float grammar has no hexadecimal; C's sscanf reads it.
            spec_decided.push(c);
        } else {
            disagreements.push(format!(
                "flags {:?} answer {:?} output {:?}: problemtools {theirs}, gridjudge {} ({})",
                c.flags, c.answer, c.output, ours.verdict, ours.message
            ));
        }
    }
    eprintln!(
        "{agree} of {} agree ({wa} WA by gridjudge); {} differ where the spec decides \
         (hexadecimal floats):",
        all.len(),
        spec_decided.len()
    );
    for c in &spec_decided {
        eprintln!(
            "  flags {:?} answer {:?} output {:?}",
            c.flags, c.answer, c.output
        );
    }
    assert!(
        disagreements.is_empty(),
        "{} verdicts differ from problemtools':\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    assert!(
        spec_decided.len() >= 3,
        "problemtools now agrees on hexadecimal floats"
    );
    // The generator must exercise both verdicts.
    assert!(wa > 50 && ac_agree > 50, "{wa} WA, {ac_agree} AC agreed");
}
