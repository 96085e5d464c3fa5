//! The `gen` binary: `gen <problem> <generator> [key=value ...] --seed S` writes one test to
//! stdout. Same identity, same bytes (and the same bytes as the library); bad arguments are
//! errors that name the key; `--help` lists every generator with its parameters.

use std::process::{Command, Output};

use gridjudge::core::args::Args;
use gridjudge::problem::{generate_test, ProblemConfig, ValidateOptions};

fn gen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gen"))
        .args(args)
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn ok(args: &[&str]) -> Vec<u8> {
    let o = gen(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    assert!(o.stderr.is_empty(), "{args:?}: {}", stderr(&o));
    o.stdout
}

#[test]
fn same_seed_same_bytes_as_the_library() {
    let game = gridjudge::problems::by_name("game").unwrap();
    let bounds = ProblemConfig::load(game, None)
        .unwrap()
        .bounds_for(None)
        .unwrap();
    for (words, seed) in [
        (&["random", "n=7", "m=9", "walls=0.35"][..], "3"),
        (&["maze", "n=21", "m=30", "loops=0.1"], "0"),
        (&["lose", "n=12", "m=5"], "18446744073709551615"),
        (&["line", "len=40", "dir=col"], "7"),
        (&["isolated"], "2"),
    ] {
        let mut args = vec!["game"];
        args.extend_from_slice(words);
        args.extend_from_slice(&["--seed", seed]);
        let first = ok(&args);
        assert_eq!(first, ok(&args), "{args:?} twice");
        let lib = generate_test(
            game,
            words[0],
            &Args::parse(&words[1..]).unwrap(),
            seed.parse().unwrap(),
        )
        .unwrap();
        assert_eq!(first, lib, "{args:?}: binary and library differ");
        game.validate(&first, &bounds, ValidateOptions::default())
            .unwrap_or_else(|e| panic!("{args:?}: {e}"));
    }
}

#[test]
fn argument_order_does_not_matter_but_the_seed_does() {
    let a = ok(&["game", "random", "n=8", "m=6", "walls=0.4", "--seed", "5"]);
    let b = ok(&["game", "random", "walls=0.4", "--seed", "5", "m=6", "n=8"]);
    let c = ok(&["--seed", "5", "game", "random", "m=6", "walls=0.4", "n=8"]);
    assert_eq!(a, b);
    assert_eq!(a, c);
    let d = ok(&["game", "random", "n=8", "m=6", "walls=0.4", "--seed", "6"]);
    assert_ne!(a, d);
    assert!(a.starts_with(b"8 6\n"));
}

/// Each bad call fails (non-zero exit, nothing on stdout) with a message naming what is wrong.
#[test]
fn bad_arguments_name_the_key() {
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["game", "random", "n=0", "--seed", "1"],
            &["`n=0`", "1..=5000"],
        ),
        (
            &["game", "random", "m=5001", "--seed", "1"],
            &["`m=5001`", "1..=5000"],
        ),
        (&["game", "random", "n=-3", "--seed", "1"], &["`n=-3`"]),
        (
            &["game", "random", "walls=1.5", "--seed", "1"],
            &["`walls=1.5`", "[0, 1]"],
        ),
        (
            &["game", "random", "walls=abc", "--seed", "1"],
            &["`walls=abc`"],
        ),
        (
            &["game", "line", "dir=diagonal", "--seed", "1"],
            &["`dir=diagonal`", "row, col"],
        ),
        (
            &["game", "random", "q=1", "--seed", "1"],
            &["no parameter `q`", "n, m, walls"],
        ),
        (
            &["game", "open", "walls=0.5", "--seed", "1"],
            &["no parameter `walls`"],
        ),
        (
            &["game", "random", "n=3", "n=4", "--seed", "1"],
            &["`n` is given twice"],
        ),
        (
            &["game", "random", "n", "--seed", "1"],
            &["`n` is not of the form key=value"],
        ),
        (
            &["game", "nosuch", "--seed", "1"],
            &["no generator `nosuch`", "random", "unbalanced"],
        ),
        (
            &["nosuch", "random", "--seed", "1"],
            &["unknown problem `nosuch`", "game"],
        ),
        (&["game", "random"], &["--seed"]),
        (&["game", "random", "--seed", "x"], &["--seed"]),
        (&["game", "random", "--seed", "-1"], &["-1"]),
        (
            &["game", "random", "--seed", "18446744073709551616"],
            &["--seed"],
        ),
    ];
    for &(args, fragments) in cases {
        let o = gen(args);
        assert!(!o.status.success(), "{args:?} succeeded");
        assert!(o.stdout.is_empty(), "{args:?} wrote a test anyway");
        let msg = stderr(&o);
        for f in fragments {
            assert!(msg.contains(f), "{args:?}: {msg:?} lacks {f:?}");
        }
    }
}

#[test]
fn help_lists_every_generator_and_parameter() {
    let o = gen(&["--help"]);
    assert!(o.status.success());
    let help = String::from_utf8(o.stdout).unwrap();
    let mut count = 0;
    for p in gridjudge::problems::all() {
        for g in p.generators() {
            assert!(
                help.contains(&format!("{} {}\n", p.name(), g.name)),
                "--help lacks {} {}",
                p.name(),
                g.name
            );
            for prm in g.params {
                assert!(
                    help.contains(prm.about),
                    "--help lacks {}={}",
                    g.name,
                    prm.key
                );
            }
            count += 1;
        }
    }
    let game = gridjudge::problems::by_name("game").unwrap();
    assert_eq!(game.generators().len(), 9);
    assert!(count >= 9);
}

/// A copy of the repository's `problems/geography` (a program problem) in a fresh
/// `<scratch>/problems/`; returns that problems folder.
fn geography_copy(name: &str) -> std::path::PathBuf {
    let root =
        std::env::temp_dir().join(format!("gridjudge-gen-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let problems = root.join("problems");
    std::fs::create_dir_all(&problems).unwrap();
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../problems/geography");
    let o = Command::new("cp")
        .arg("-r")
        .arg(&src)
        .arg(&problems)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    problems
}

/// A program problem is found as `gridjudge` finds it, in the nearest problems folder from
/// the current folder up, and generated as the library generates it (positional words,
/// `{seed}`); a built-in problem still works there, and the program problem is unknown where
/// no problems folder holds it.
#[test]
fn a_program_problem_of_the_nearest_problems_folder() {
    let problems = geography_copy("geography");
    let inside = problems.join("geography/samples");
    let line = ["random", "3", "4", "5", "{seed}"];
    let run = |dir: &std::path::Path, args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_gen"))
            .args(args)
            .current_dir(dir)
            .output()
            .unwrap()
    };
    let mut args = vec!["geography"];
    args.extend(line);
    args.extend(["--seed", "7"]);
    let o = run(&inside, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    let cache = gridjudge::problems::default_cache_dir(&problems);
    let p = gridjudge::problems::problem(&problems, "geography", &cache).unwrap();
    let want = generate_test(
        p,
        "random",
        &gridjudge::problem::parse_args(p, &line[1..]).unwrap(),
        7,
    )
    .unwrap();
    assert!(!want.is_empty());
    assert_eq!(o.stdout, want);
    let o = run(&inside, &["game", "random", "n=3", "m=4", "--seed", "7"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A folder with no problems folder above it.
    let elsewhere = std::env::temp_dir().join(format!(
        "gridjudge-gen-cli-{}-elsewhere",
        std::process::id()
    ));
    std::fs::create_dir_all(&elsewhere).unwrap();
    let o = run(&elsewhere, &args);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with("gen: error: unknown problem `geography` (known: game, bunny"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(problems.parent().unwrap()).unwrap();
    std::fs::remove_dir_all(&elsewhere).unwrap();
}
