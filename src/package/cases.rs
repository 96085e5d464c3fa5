//! The tests of a built package as files: [`TestCase`] (a test's name, input and jury answer
//! paths), reading a folder of `NAME.in` / `NAME.ans` pairs, and selecting tests by name,
//! number or range (`--tests 1-5,12`).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

/// One test: input and jury answer files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCase {
    /// Name, e.g. `07`.
    pub name: String,
    /// The input file.
    pub input: PathBuf,
    /// The jury answer file.
    pub answer: PathBuf,
    /// Command-line arguments the submission gets on this test (a Kattis 2025-09 package's
    /// `args` in `<test>.yaml` or `test_group.yaml`); empty for every other problem.
    pub args: Vec<String>,
}

/// The tests in `dir` (normally `problems/<p>/tests`): every `NAME.in` with its `NAME.ans`,
/// sorted by name (numerically when names are numbers). Errors when the folder cannot be read,
/// holds no test, or an input has no answer.
pub fn load_tests(dir: &Path) -> anyhow::Result<Vec<TestCase>> {
    let build = build_hint(dir);
    let entries = std::fs::read_dir(dir).with_context(|| {
        format!(
            "cannot read {} (build the tests first: {build})",
            dir.display()
        )
    })?;
    let mut tests = Vec::new();
    for e in entries {
        let path = e?.path();
        if path.extension().and_then(|x| x.to_str()) != Some("in") {
            continue;
        }
        let Some(name) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        let answer = path.with_extension("ans");
        if !answer.is_file() {
            bail!("{}: no jury answer {}", path.display(), answer.display());
        }
        tests.push(TestCase {
            name: name.to_string(),
            input: path.clone(),
            answer,
            args: Vec::new(),
        });
    }
    if tests.is_empty() {
        bail!("no tests in {} (build them first: {build})", dir.display());
    }
    tests.sort_by(|a, b| {
        match (a.name.parse::<u64>(), b.name.parse::<u64>()) {
            (Ok(x), Ok(y)) => x.cmp(&y),
            _ => std::cmp::Ordering::Equal,
        }
        .then_with(|| a.name.cmp(&b.name))
    });
    Ok(tests)
}

/// The command that builds the tests of `dir`: for `<problems>/<p>/tests`, problem `p`'s
/// ([`super::store::build_command`]); else `gridjudge build <problem>`.
fn build_hint(dir: &Path) -> String {
    let name = |p: &Path| p.file_name().and_then(|n| n.to_str()).map(str::to_string);
    match (name(dir).as_deref(), dir.parent()) {
        (Some("tests"), Some(problem)) => match (name(problem), problem.parent()) {
            // `game/tests` from inside the problems folder: its parent is ``, the folder `.`.
            (Some(p), Some(d)) => {
                let d = if d.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    d
                };
                super::store::build_command(d, &p, "")
            }
            _ => "`gridjudge build <problem>`".to_string(),
        },
        _ => "`gridjudge build <problem>`".to_string(),
    }
}

/// The tests that `filter` selects: comma-separated test names (`07`), numbers (`7`) and
/// inclusive ranges of numbers (`3-9`). Errors on a malformed item or one that selects no
/// test. Order is kept as in `tests`.
pub fn filter_tests(tests: &[TestCase], filter: &str) -> anyhow::Result<Vec<TestCase>> {
    let mut keep = vec![false; tests.len()];
    for item in filter.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let num = |s: &str| {
            s.trim()
                .parse::<u64>()
                .map_err(|_| anyhow::anyhow!("test filter `{item}`: `{s}` is not a test number"))
        };
        let mut hit = false;
        if let Some((a, b)) = item.split_once('-') {
            let (a, b) = (num(a)?, num(b)?);
            for (i, t) in tests.iter().enumerate() {
                if t.name.parse::<u64>().is_ok_and(|n| a <= n && n <= b) {
                    keep[i] = true;
                    hit = true;
                }
            }
        } else {
            for (i, t) in tests.iter().enumerate() {
                let same_number = matches!(
                    (t.name.parse::<u64>(), item.parse::<u64>()),
                    (Ok(x), Ok(y)) if x == y
                );
                if t.name == item || same_number {
                    keep[i] = true;
                    hit = true;
                }
            }
        }
        if !hit {
            bail!("test filter `{item}` selects no test");
        }
    }
    Ok(tests
        .iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(t, _)| t.clone())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: &[&str]) -> Vec<TestCase> {
        n.iter()
            .map(|s| TestCase {
                name: s.to_string(),
                input: PathBuf::from(format!("{s}.in")),
                answer: PathBuf::from(format!("{s}.ans")),
                args: Vec::new(),
            })
            .collect()
    }

    #[test]
    fn filters_select_names_numbers_and_ranges() {
        let t = names(&["01", "02", "03", "04", "10"]);
        let pick = |f: &str| -> Vec<String> {
            filter_tests(&t, f)
                .unwrap()
                .into_iter()
                .map(|t| t.name)
                .collect()
        };
        assert_eq!(pick("2"), ["02"]);
        assert_eq!(pick("04,01"), ["01", "04"]);
        assert_eq!(pick("2-3, 10"), ["02", "03", "10"]);
        assert!(filter_tests(&t, "11").is_err());
        assert!(filter_tests(&t, "a-3").is_err());
    }
}
