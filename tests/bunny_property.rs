//! The reference solution of `bunny` against the exhaustive solver, on random legal game
//! records of boards of at most 16 cells, and on the official samples.
//!
//! The reference works on the usable-cell graph with reverse-time incremental matching; the
//! exhaustive solver plays the literal game on whole boards. They must agree on who wins at
//! every position of every record (not only on the mistakes derived from that).
//!
//! Records come from two independent sources: uniformly random legal play on random boards,
//! simulated here on the board itself (pieces sliding into the empty cell), keeping the games
//! that Bunny lost; and the package's generators with random parameters.

use std::collections::BTreeMap;
use std::path::Path;

use gridjudge::core::args::Args;
use gridjudge::core::rng::TestRng;
use gridjudge::problem::{self, Problem, ProblemConfig, ValidateOptions};
use gridjudge::problems::bunny::{self, Record};

fn bunny_problem() -> &'static dyn Problem {
    gridjudge::problems::by_name("bunny").unwrap()
}

/// A random board of 3..=16 cells and a uniformly random legal game on it, played move by move
/// on the board; `None` when Bunny won it or no round was played.
fn random_game(rng: &mut TestRng) -> Option<String> {
    let (n, m) = loop {
        let n = rng.range(1, 16);
        let m = rng.range(1, 16 / n);
        if n * m >= 3 {
            break (n, m);
        }
    };
    let cells = (n * m) as usize;
    let white = [0.3, 0.5, 0.7][rng.below(3) as usize];
    let mut board: Vec<u8> = (0..cells)
        .map(|_| if rng.chance(white) { b'O' } else { b'X' })
        .collect();
    let mut empty = rng.below(n * m) as usize;
    board[empty] = b'.';
    let initial = board.clone();
    let mut moves = Vec::new();
    loop {
        let colour = if moves.len() % 2 == 0 { b'O' } else { b'X' };
        let (r, c) = (empty / m as usize, empty % m as usize);
        let mut options = Vec::new();
        if r > 0 {
            options.push(empty - m as usize);
        }
        if r + 1 < n as usize {
            options.push(empty + m as usize);
        }
        if c > 0 {
            options.push(empty - 1);
        }
        if c + 1 < m as usize {
            options.push(empty + 1);
        }
        options.retain(|&q| board[q] == colour);
        let Some(&q) = rng.choose(&options) else {
            break;
        };
        board[empty] = colour;
        board[q] = b'.';
        empty = q;
        moves.push(q);
    }
    if moves.is_empty() || moves.len() % 2 == 1 {
        return None;
    }
    let mut text = format!("{n} {m}\n");
    for row in initial.chunks(m as usize) {
        text.push_str(std::str::from_utf8(row).unwrap());
        text.push('\n');
    }
    text.push_str(&format!("{}\n", moves.len() / 2));
    for q in moves {
        text.push_str(&format!("{} {}\n", q / m as usize + 1, q % m as usize + 1));
    }
    Some(text)
}

/// A generator call with random parameters on a board of 3..=16 cells.
fn random_generated(rng: &mut TestRng, seed: u64) -> Option<String> {
    let (n, m) = loop {
        let n = rng.range(1, 8);
        let m = rng.range(1, 16 / n);
        if n * m >= 3 {
            break (n, m);
        }
    };
    let rate = |rng: &mut TestRng| ["0", "0.3", "0.5", "1"][rng.below(4) as usize];
    let mut words = vec![format!("n={n}"), format!("m={m}")];
    let gen = match rng.below(4) {
        0 | 1 => {
            let colours = ["random", "allusable", "corridors"][rng.below(3) as usize];
            let start = ["corner", "edge", "inside", "any"][rng.below(4) as usize];
            words.push(format!("colours={colours}"));
            words.push(format!("start={start}"));
            words.push(format!("usable={}", ["0.5", "0.8"][rng.below(2) as usize]));
            words.push(format!("err={}", rate(rng)));
            words.push(format!("eggerr={}", rate(rng)));
            words.push(format!("prolong={}", rng.below(2)));
            "play"
        }
        2 => {
            words.push(format!("pockets={}", ["1", "0.7"][rng.below(2) as usize]));
            words.push(format!("err={}", rate(rng)));
            words.push(format!("eggerr={}", rate(rng)));
            "comb"
        }
        _ => {
            let path = ["serpentine", "spiral", "zigzag", "random"][rng.below(4) as usize];
            words.push(format!("path={path}"));
            words.push(format!("skips={}", ["0", "0.5"][rng.below(2) as usize]));
            "long"
        }
    };
    let args = Args::parse(&words).unwrap();
    // Some parameters allow no game on some boards (no interior cell, no k >= 1): skipped.
    problem::generate_test(bunny_problem(), gen, &args, seed)
        .ok()
        .map(|b| String::from_utf8(b).unwrap())
}

fn parse(text: &str) -> Record {
    let bounds = ProblemConfig::load(bunny_problem(), None)
        .unwrap()
        .constraints;
    bunny::parse(text.as_bytes(), &bounds, ValidateOptions::default())
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Checks one record; returns r.
fn agree(text: &str) -> usize {
    let rec = parse(text);
    let wins = bunny::mover_wins(&rec).unwrap();
    let brute = bunny::brute_force_wins(&rec).unwrap().unwrap();
    assert_eq!(wins, brute, "who wins differs on\n{text}");
    assert!(!wins[wins.len() - 1], "Bunny is stuck at the end");
    let mistakes = bunny::mistakes(&rec).unwrap();
    assert_eq!(
        Some(mistakes.clone()),
        bunny::brute_force_mistakes(&rec).unwrap()
    );
    mistakes.len()
}

#[test]
fn reference_equals_brute_force_on_2500_random_records() {
    let mut rng = TestRng::for_test("bunny", "property", "", 1);
    let mut by_source: BTreeMap<&str, usize> = BTreeMap::new();
    let mut r_hist: BTreeMap<usize, usize> = BTreeMap::new();
    let mut longest = 0;
    let mut played = 0;
    while played < 1500 {
        if let Some(text) = random_game(&mut rng) {
            let r = agree(&text);
            *r_hist.entry(r).or_default() += 1;
            longest = longest.max(parse(&text).k());
            played += 1;
        }
    }
    by_source.insert("random play", played);
    let mut generated = 0;
    let mut seed = 0;
    while generated < 1000 {
        seed += 1;
        if let Some(text) = random_generated(&mut rng, seed) {
            let r = agree(&text);
            *r_hist.entry(r).or_default() += 1;
            longest = longest.max(parse(&text).k());
            generated += 1;
        }
    }
    by_source.insert("generators", generated);
    assert!(seed < 3000, "too many generator calls fail: {seed}");
    // The records are varied: no mistake, one, several; games of several rounds.
    let total: usize = r_hist.values().sum();
    assert_eq!(total, 2500, "{by_source:?}");
    let with_mistakes: usize = r_hist.range(1..).map(|(_, c)| c).sum();
    let several: usize = r_hist.range(2..).map(|(_, c)| c).sum();
    assert!(r_hist[&0] > 300, "{r_hist:?}");
    assert!(with_mistakes > 500, "{r_hist:?}");
    assert!(several >= 10, "{r_hist:?}");
    assert!(longest >= 7, "{longest}");
}

/// The three official samples give the official answers, through the reference and the
/// brute force, and also from the verbatim files with trailing spaces (lenient mode).
#[test]
fn official_samples_give_the_official_answers() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/bunny/samples");
    let cfg = ProblemConfig::load(bunny_problem(), None).unwrap();
    let expected: [&[u8]; 3] = [b"1\n1\n", b"0\n", b"2\n1\n2\n"];
    for (i, want) in (1..=3).zip(expected) {
        let input = std::fs::read(dir.join(format!("sample{i}.in"))).unwrap();
        let official = std::fs::read(dir.join(format!("sample{i}.ans"))).unwrap();
        assert_eq!(
            official, want,
            "sample {i}: the package's copy of the answer"
        );
        let answer = bunny_problem().solve(&input, &cfg.constraints).unwrap();
        assert_eq!(answer, official, "sample {i}");
        let brute = bunny_problem().brute_force(&input, 16).unwrap().unwrap();
        assert_eq!(brute, official, "sample {i}");
        let original = std::fs::read(dir.join(format!("original/sample{i}.in"))).unwrap();
        let rec = bunny::parse(
            &original,
            &cfg.constraints,
            ValidateOptions {
                allow_trailing_spaces: true,
            },
        )
        .unwrap();
        assert_eq!(
            bunny::format_answer(&bunny::mistakes(&rec).unwrap()),
            official
        );
    }
}

/// Who wins at each position of sample 3, worked out by hand: Bunny wins at the start and Egg
/// after Bunny's first move (mistake 1); Bunny wins again after Egg's reply and Egg after
/// Bunny's second move (mistake 2); Bunny is stuck at the end.
#[test]
fn sample_three_position_by_position() {
    let rec = parse("4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n");
    assert_eq!(
        bunny::mover_wins(&rec).unwrap(),
        vec![true, true, true, true, false]
    );
}

/// The exhaustive solver works on boards, not on the token graph: it refuses boards it
/// cannot pack, and the build only asks it for small ones.
#[test]
fn brute_force_size_limits() {
    let long = problem::generate_test(
        bunny_problem(),
        "long",
        &Args::parse(&["n=6", "m=6"]).unwrap(),
        1,
    )
    .unwrap();
    let rec = parse(std::str::from_utf8(&long).unwrap());
    assert!(rec.grid.len() > bunny::MAX_BRUTE_CELLS);
    assert_eq!(bunny::brute_force_wins(&rec).unwrap(), None);
    assert_eq!(bunny_problem().brute_force(&long, 16).unwrap(), None);
    let sample = b"1 6\nXO.OXO\n1\n1 2\n1 1\n";
    assert_eq!(bunny_problem().brute_force(sample, 5).unwrap(), None);
    assert_eq!(
        bunny_problem().brute_force(sample, 6).unwrap().unwrap(),
        b"1\n1\n"
    );
}
