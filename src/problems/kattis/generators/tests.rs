//! Unit tests of the plan: names, numbering, seeds and rule sharing as bt makes them.

use std::path::{Path, PathBuf};

use super::*;

/// A package folder with `problem.yaml`, `generators/generators.yaml` = `yaml`, the given
/// generator files and one accepted submission.
fn package(yaml: &str, files: &[(&str, &str)]) -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(d.path().join("generators")).unwrap();
    std::fs::create_dir_all(d.path().join("submissions/accepted")).unwrap();
    std::fs::write(
        d.path().join("problem.yaml"),
        "problem_format_version: 2025-09\nname: t\nconstants:\n  n_max: 77\n",
    )
    .unwrap();
    std::fs::write(d.path().join("submissions/accepted/b.py"), "").unwrap();
    std::fs::write(d.path().join("submissions/accepted/a.py"), "").unwrap();
    std::fs::write(d.path().join("generators/generators.yaml"), yaml).unwrap();
    for (name, text) in files {
        let p = d.path().join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    d
}

fn paths(plan: &Plan) -> Vec<String> {
    plan.tests
        .iter()
        .map(|t| t.path.display().to_string())
        .collect()
}

#[test]
fn no_generators_yaml_is_no_plan() {
    let d = tempfile::tempdir().unwrap();
    assert!(plan(d.path(), Version::V2025_09).unwrap().is_none());
}

/// Names and seeds as bt makes them: numbered lists (numbered across the file, the width from
/// the total), count suffixes (padded when consecutive), unnumbered groups in key order, the
/// root's groups in bt's order whatever the file's order. The expected paths and seeds are
/// what `bt generate` (bapctools 2026.10.0, the pinned venv) wrote for this same file with a
/// `gen.py` that prints its arguments (run once on 2026-12-02).
#[test]
fn names_and_seeds_follow_bt() {
    let yaml = "\
data:
  secret:
    data:
      - a: gen.py {seed}
      - b:
          generate: gen.py {count} {seed}
          count: 3
      - '': gen.py x
      - grp:
          data:
            zeta: gen.py z
            alpha: gen.py a
      - list:
          data:
            - c: gen.py c
      - r:
          generate: gen.py {count}
          count: 8..=10
      - l:
          generate: gen.py {count}
          count: [3, 12]
  sample:
    data:
      - s:
          in: '1 1'
          ans: '2'
";
    let d = package(yaml, &[("generators/gen.py", "")]);
    let p = plan(d.path(), Version::V2025_09).unwrap().unwrap();
    assert_eq!(
        paths(&p),
        [
            "sample/01-s",
            "secret/02-a",
            "secret/03-b-1",
            "secret/04-b-2",
            "secret/05-b-3",
            "secret/06",
            "secret/1-grp/alpha",
            "secret/1-grp/zeta",
            "secret/2-list/07-c",
            "secret/08-r-08",
            "secret/09-r-09",
            "secret/10-r-10",
            "secret/11-l-3",
            "secret/12-l-12",
        ]
    );
    let seeds: Vec<u32> = p.tests[1..5].iter().map(|t| t.seed).collect();
    assert_eq!(seeds, [217127397, 1179768031, 1816721587, 1143501164]);
    assert_eq!(p.tests[2].generate.as_deref(), Some("gen.py 1 {seed}"));
    assert_eq!(p.tests[11].generate.as_deref(), Some("gen.py 10"));
    // Inline texts get their line end; the default solution is the first accepted by name.
    assert_eq!(p.tests[0].inline["in"], b"1 1\n");
    assert_eq!(
        p.default_solution.as_deref(),
        Some(Path::new("submissions/accepted/a.py"))
    );
    assert_eq!(seed_line(&p.tests[1]).as_deref(), Some("gen.py {seed}"));
    assert_eq!(seed_line(&p.tests[5]), None);
}

#[test]
fn identical_rules_share_their_files() {
    let yaml = "\
random_salt: s
solution: /submissions/accepted/b.py
data:
  secret:
    data:
      a:
        generate: gen.py 5
        count: 2
      b: gen.py {{n_max}} {seed:3}
      c:
        generate: gen.py {{n_max}} {seed:3}
        random_salt: other
        solution:
";
    let d = package(yaml, &[("generators/gen.py", "")]);
    let p = plan(d.path(), Version::V2025_09).unwrap().unwrap();
    assert_eq!(
        paths(&p),
        ["secret/a-1", "secret/a-2", "secret/b", "secret/c"]
    );
    assert_eq!(p.tests[0].same_as, None);
    assert_eq!(p.tests[1].same_as, Some(0));
    assert_eq!(p.tests[2].generate.as_deref(), Some("gen.py 77 {seed:3}"));
    assert_eq!(p.tests[2].seed, seed::seed("s", 1, "gen.py 77 {seed:3}"));
    assert_eq!(
        p.tests[3].seed,
        seed::seed("other", 1, "gen.py 77 {seed:3}")
    );
    assert_eq!(p.tests[3].same_as, None);
    assert_eq!(
        p.tests[2].solution,
        SolutionChoice::Program(PathBuf::from("submissions/accepted/b.py"))
    );
    assert_eq!(p.tests[3].solution, SolutionChoice::Nothing);
}

#[test]
fn group_files_and_includes() {
    let yaml = "\
data:
  sample:
    data:
      one:
        in: '1'
  secret:
    test_group.yaml:
      input_validator_args:
        - --max
        - '10'
    data:
      g:
        include:
          - one
";
    let d = package(yaml, &[]);
    let p = plan(d.path(), Version::V2025_09).unwrap().unwrap();
    assert_eq!(
        p.group_files[Path::new("secret/test_group.yaml")],
        b"input_validator_args:\n  - --max\n  - '10'\n"
    );
    assert_eq!(p.includes, [(PathBuf::from("secret/g/one"), 0)]);
    // Legacy packages name the file testdata.yaml.
    let legacy = yaml.replace("test_group.yaml", "testdata.yaml");
    std::fs::write(d.path().join("generators/generators.yaml"), legacy).unwrap();
    let p = plan(d.path(), Version::Legacy).unwrap().unwrap();
    assert!(p
        .group_files
        .contains_key(Path::new("secret/testdata.yaml")));
}

fn plan_error(yaml: &str) -> String {
    let d = package(yaml, &[("generators/gen.py", "")]);
    format!("{:#}", plan(d.path(), Version::V2025_09).unwrap_err())
}

#[test]
fn errors_name_the_file_key_and_test() {
    let e = plan_error(
        "data:\n  secret:\n    data:\n      a:\n        generate: gen.py\n        hint: x\n",
    );
    assert!(e.contains("generators/generators.yaml"), "{e}");
    assert!(e.contains("secret/a") && e.contains("`hint`"), "{e}");
    assert!(e.contains("a test allows copy, generate"), "{e}");
    assert!(e.contains("(line 6)"), "{e}");

    let e = plan_error("data:\n  secret:\n    data:\n      a: nothere.py {seed}\n");
    assert!(
        e.contains("secret/a") && e.contains("nothere.py") && e.contains("does not exist"),
        "{e}"
    );

    let e = plan_error("data:\n  secret:\n    data:\n      a: gen.py {seed} {seed:2}\n");
    assert!(e.contains("at most once"), "{e}");

    let e = plan_error("data:\n  secret:\n    data:\n      a: gen.py {seed:x}\n");
    assert!(e.contains("bad `{seed:N}`"), "{e}");

    let e = plan_error(
        "data:\n  secret:\n    data:\n      a:\n        generate: gen.py\n        count: 101\n",
    );
    assert!(e.contains("invalid count 101"), "{e}");

    let e = plan_error("data:\n  public:\n    data: {}\n");
    assert!(
        e.contains("unknown group `public`") && e.contains("sample, secret"),
        "{e}"
    );

    let e = plan_error("data:\n  secret:\n    include: [nope]\n");
    assert!(e.contains("include `nope`"), "{e}");
}
