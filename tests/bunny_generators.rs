//! The generators of `bunny`: every output is a legal record that Bunny lost (the validator
//! accepts it), the same identity gives the same bytes, each contest-size call takes well under
//! a second of CPU time, and each generator makes the records its documentation promises.

use std::time::Duration;

use gridjudge::core::args::Args;
use gridjudge::core::rng::TestRng;
use gridjudge::problem::{self, Bounds, Problem, ProblemConfig, ValidateOptions};
use gridjudge::problems::bunny::{self, PlayPolicy, Record};
use gridjudge::problems::grid::Grid;

fn bunny_problem() -> &'static dyn Problem {
    gridjudge::problems::by_name("bunny").unwrap()
}

fn config() -> ProblemConfig {
    ProblemConfig::load(bunny_problem(), None).unwrap()
}

fn gen_bytes(gen: &str, args: &str, seed: u64) -> Result<Vec<u8>, String> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let args = Args::parse(&words).map_err(|e| e.0)?;
    problem::generate_test(bunny_problem(), gen, &args, seed).map_err(|e| e.0)
}

/// Generates, validates under `bounds` and parses a record.
fn gen_record(gen: &str, args: &str, seed: u64, bounds: &Bounds) -> Record {
    let bytes = gen_bytes(gen, args, seed).unwrap_or_else(|e| panic!("{gen} {args}: {e}"));
    bunny::parse(&bytes, bounds, ValidateOptions::default())
        .unwrap_or_else(|e| panic!("{gen} {args} seed {seed}: {e}"))
}

fn contest(gen: &str, args: &str, seed: u64) -> Record {
    gen_record(gen, args, seed, &config().constraints)
}

const CALLS: &[(&str, &str)] = &[
    (
        "play",
        "n=1 m=20 colours=allusable start=inside err=0.5 eggerr=0.5",
    ),
    ("play", "n=2 m=40 colours=random usable=0.8 err=1 eggerr=1"),
    ("play", "n=7 m=3 colours=corridors start=corner"),
    (
        "play",
        "n=40 m=40 colours=allusable start=inside err=0.1 eggerr=0.1",
    ),
    (
        "play",
        "n=40 m=40 colours=allusable start=corner err=1 eggerr=1 prolong=1",
    ),
    (
        "play",
        "n=40 m=40 colours=random usable=0.9 start=edge err=0.3 prolong=1",
    ),
    ("comb", "n=40 m=40"),
    ("comb", "n=40 m=40 pockets=0.8"),
    ("long", "n=40 m=40"),
    ("long", "n=40 m=40 path=random"),
    ("long", "n=40 m=40 path=random skips=0.3 k=700"),
    ("long", "n=40 m=40 path=spiral"),
    ("long", "n=39 m=40 path=zigzag dir=cols skips=0.2"),
];

#[test]
fn same_identity_same_bytes_and_seeds_matter() {
    for &(gen, args) in CALLS {
        let a = gen_bytes(gen, args, 7).unwrap();
        assert_eq!(a, gen_bytes(gen, args, 7).unwrap(), "{gen} {args}");
        let differs = (8..12).any(|s| gen_bytes(gen, args, s).unwrap() != a);
        let deterministic_shape =
            gen == "long" && !args.contains("random") && !args.contains("skips");
        assert!(
            differs || deterministic_shape,
            "{gen} {args}: every seed gives the same test"
        );
    }
    // Argument spelling does not matter: the identity uses the canonical form.
    assert_eq!(
        gen_bytes("play", "m=9 n=4 err=1", 3).unwrap(),
        gen_bytes("play", "err=1 n=4 m=9", 3).unwrap()
    );
}

/// CPU time this thread has used (`CLOCK_THREAD_CPUTIME_ID`): unlike wall time, what other
/// processes and threads on a loaded machine do does not count.
fn thread_cpu_time() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for clock_gettime to write.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(r, 0, "clock_gettime: {}", std::io::Error::last_os_error());
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Each contest-size call is legal and takes well under the one second the package allows
/// (typically a few milliseconds), measured in CPU time of the calling thread (the generators
/// run on it alone), so that a loaded machine cannot fail it.
#[test]
fn contest_size_calls_are_legal_and_fast() {
    for &(gen, args) in CALLS {
        for seed in 1..=3 {
            let t = thread_cpu_time();
            let bytes = gen_bytes(gen, args, seed).unwrap();
            let took = thread_cpu_time() - t;
            assert!(
                took.as_secs_f64() < 1.0,
                "{gen} {args}: {took:?} of CPU time"
            );
            bunny_problem()
                .validate(&bytes, &config().constraints, ValidateOptions::default())
                .unwrap_or_else(|e| panic!("{gen} {args} seed {seed}: {e}"));
        }
    }
}

#[test]
fn random_small_calls_are_legal() {
    let mut rng = TestRng::for_test("bunny", "generator-sweep", "", 1);
    let mut made = 0;
    for seed in 0..600 {
        let n = rng.range(1, 12);
        let m = rng.range(1, 12);
        if n * m < 3 {
            continue;
        }
        let args = match seed % 3 {
            0 => format!(
                "n={n} m={m} colours={} start=any usable=0.{} err=0.{} eggerr=0.{} prolong={}",
                ["random", "allusable", "corridors"][rng.below(3) as usize],
                rng.range(3, 9),
                rng.below(10),
                rng.below(10),
                rng.below(2)
            ),
            1 => format!("n={n} m={m} pockets=0.{}", rng.range(5, 9)),
            _ => format!(
                "n={n} m={m} path={} skips=0.{}",
                ["serpentine", "spiral", "zigzag", "random"][rng.below(4) as usize],
                rng.below(6)
            ),
        };
        let gen = ["play", "comb", "long"][seed as usize % 3];
        match gen_bytes(gen, &args, seed) {
            Ok(bytes) => {
                bunny_problem()
                    .validate(&bytes, &config().constraints, ValidateOptions::default())
                    .unwrap_or_else(|e| panic!("{gen} {args} seed {seed}: {e}"));
                made += 1;
            }
            // Only documented refusals: boards that allow no game for these parameters.
            Err(e) => assert!(e.contains("k >= 1"), "{gen} {args}: {e}"),
        }
    }
    assert!(made > 350, "{made}");
}

#[test]
fn bad_arguments_are_named() {
    let e = gen_bytes("play", "n=2 m=9 start=inside", 1).unwrap_err();
    assert!(
        e.contains("`start=inside`: a 2x9 board has no such cell"),
        "{e}"
    );
    let e = gen_bytes("play", "n=1 m=9 start=edge", 1).unwrap_err();
    assert!(
        e.contains("`start=edge`: a 1x9 board has no such cell"),
        "{e}"
    );
    let e = gen_bytes("long", "n=4 m=4 k=8", 1).unwrap_err();
    assert!(e.contains("`k=8`: out of range, expected 1..=7"), "{e}");
    let e = gen_bytes("long", "n=1 m=2", 1).unwrap_err();
    assert!(e.contains("at least 3 cells"), "{e}");
    let e = gen_bytes("comb", "n=3 m=7 err=2", 1).unwrap_err();
    assert!(e.contains("err=2"), "{e}");
    let e = gen_bytes("play", "n=3 m=7 colours=stripes", 1).unwrap_err();
    assert!(e.contains("random, allusable, corridors"), "{e}");
    let e = gen_bytes("maze", "n=3", 1).unwrap_err();
    assert!(
        e.contains("no generator `maze`") && e.contains("play, comb, long"),
        "{e}"
    );
    // 1x3 with the empty cell in the middle: Egg can never answer, so there is no record.
    let e = gen_bytes("play", "n=1 m=3 colours=allusable start=inside", 1).unwrap_err();
    assert!(e.contains("k >= 1"), "{e}");
}

/// `long` through every cell: k is the most the board allows, floor((n·m - 1) / 2), and with
/// the rest of the path always matchable behind the token, Egg wins every position.
#[test]
fn long_games_through_every_cell() {
    for (args, k) in [
        ("n=40 m=40", 799),
        ("n=40 m=40 path=random", 799),
        ("n=39 m=39 path=spiral", 760),
        ("n=40 m=37 dir=cols", 739),
        ("n=1 m=20", 9),
    ] {
        let rec = contest("long", args, 1);
        assert_eq!(rec.k(), k, "{args}");
        let wins = bunny::mover_wins(&rec).unwrap();
        assert!(
            wins.iter().enumerate().all(|(t, &w)| w == (t % 2 == 1)),
            "{args}"
        );
    }
    let rec = contest("long", "n=40 m=40 path=random k=700", 2);
    assert_eq!(rec.k(), 700);
}

/// `long` with skipped cells: still long, and now with mistakes spread over the whole game.
#[test]
fn long_games_with_skips_have_mistakes_throughout() {
    let rec = contest("long", "n=40 m=40 path=zigzag skips=0.1", 1);
    assert!(rec.k() >= 740, "{}", rec.k());
    let m = bunny::mistakes(&rec).unwrap();
    assert!(m.len() >= 15, "{m:?}");
    assert!(
        m.iter().any(|&i| i > 600) && m.iter().any(|&i| i < 200),
        "{m:?}"
    );
}

/// `comb`: along a corridor lined with pockets, both players walk on, and almost every move of
/// Bunny is a mistake.
#[test]
fn comb_records_are_mostly_mistakes() {
    for (args, seed) in [
        ("n=40 m=40", 1),
        ("n=40 m=40 pockets=0.8", 3),
        ("n=3 m=13", 1),
    ] {
        let rec = contest("comb", args, seed);
        let r = bunny::mistakes(&rec).unwrap().len();
        assert!(rec.k() >= 6, "{args}: k = {}", rec.k());
        assert!(2 * r > rec.k(), "{args}: r = {r} of k = {}", rec.k());
    }
    let rec = contest("comb", "n=40 m=40", 1);
    assert!(rec.k() >= 80, "{}", rec.k());
}

/// The empty cell where `start` asks, on boards of every shape.
#[test]
fn start_positions_and_shapes() {
    for seed in 1..=10 {
        let rec = contest("play", "n=6 m=9 colours=allusable start=corner", seed);
        assert!([0, 8, 45, 53].contains(&rec.start), "{}", rec.start);
        let rec = contest("play", "n=6 m=9 colours=allusable start=edge", seed);
        let (r, c) = rec.grid.pos(rec.start);
        assert!(r == 0 || r == 5 || c == 0 || c == 8);
        assert!(![0, 8, 45, 53].contains(&rec.start));
        let rec = contest("play", "n=6 m=9 colours=allusable start=inside", seed);
        let (r, c) = rec.grid.pos(rec.start);
        assert!((1..5).contains(&r) && (1..8).contains(&c));
    }
    for (args, n, m) in [
        ("n=1 m=20 colours=allusable start=inside", 1, 20),
        ("n=20 m=1 colours=allusable start=inside", 20, 1),
        ("n=2 m=40 colours=allusable", 2, 40),
        ("n=40 m=2 colours=allusable", 40, 2),
        ("n=7 m=33 colours=random usable=0.8", 7, 33),
        ("n=33 m=7 colours=random usable=0.8", 33, 7),
    ] {
        let rec = contest("play", args, 1);
        assert_eq!((rec.grid.n, rec.grid.m), (n, m), "{args}");
    }
}

/// The colour patterns: `allusable` makes every cell usable by the token; `random` with
/// `usable = 0.5` gives both colours in both chessboard classes.
#[test]
fn colour_patterns() {
    for seed in 1..=5 {
        let rec = contest("play", "n=9 m=8 colours=allusable", seed);
        // The recolouring at the end may turn some of Bunny's last options unusable; nothing
        // else is.
        let unusable = (0..rec.grid.len())
            .filter(|&id| !bunny::is_usable(&rec.grid, rec.start, id))
            .count();
        assert!(unusable <= 4, "seed {seed}: {unusable} unusable cells");
        let rec = contest("play", "n=20 m=20 colours=random usable=0.5", seed);
        let mut kinds = std::collections::BTreeSet::new();
        for id in 0..rec.grid.len() {
            kinds.insert((rec.grid.at(id), rec.grid.parity(id)));
        }
        assert_eq!(kinds.len(), 5, "seed {seed}: {kinds:?}"); // X, O on both colours, and '.'
    }
}

/// A random board for [`play_record`]: each cell white with probability `white`.
fn random_board(rng: &mut TestRng) -> (Grid, u32) {
    let n = rng.range(1, 8);
    let m = rng.range(3, 8);
    let mut g = Grid::filled(n, m, b'X');
    let white = [0.3, 0.5, 0.7][rng.below(3) as usize];
    for id in 0..g.len() {
        if rng.chance(white) {
            g.set(id, b'O');
        }
    }
    let start = rng.below(g.len());
    g.set(start, b'.');
    (g, start)
}

/// The policy of `play`: a player that never errs always moves from a winning position to a
/// losing one for the opponent. Judged on the board the players saw: when Bunny would have won,
/// the generator recolours Bunny's last options, which can change earlier values; so the
/// record's moves are replayed on the original board here.
#[test]
fn players_that_never_err_keep_their_wins() {
    let mut rng = TestRng::for_test("bunny", "policy", "", 1);
    let (mut games, mut recoloured, mut bunny_checked, mut egg_checked) = (0, 0, 0, 0);
    for i in 0..3000 {
        let (grid, start) = random_board(&mut rng);
        let policy = PlayPolicy {
            err: [0.0, 1.0][i % 2],
            egg_err: [0.0, 1.0][(i / 2) % 2],
            prolong: i % 3 == 0,
        };
        let Some(rec) = bunny::play_record(grid.clone(), start, policy, &mut rng) else {
            continue;
        };
        bunny::parse(
            &bunny::format_record(&rec),
            &config().lifted,
            ValidateOptions::default(),
        )
        .unwrap();
        games += 1;
        if rec.grid != grid {
            recoloured += 1;
            // Only white pieces next to the final empty cell became black.
            let end = *rec.moves.last().unwrap();
            for id in 0..grid.len() {
                if rec.grid.at(id) != grid.at(id) {
                    assert_eq!((grid.at(id), rec.grid.at(id)), (b'O', b'X'));
                    assert!(grid.neighbours(end).any(|nb| nb == id));
                }
            }
        }
        let seen = Record {
            grid: grid.clone(),
            start,
            moves: rec.moves.clone(),
        };
        let win = bunny::mover_wins(&seen).unwrap();
        for t in 0..win.len() - 1 {
            let never_errs = if t % 2 == 0 {
                policy.err == 0.0
            } else {
                policy.egg_err == 0.0
            };
            if never_errs && win[t] {
                assert!(!win[t + 1], "game {i}, position {t}: {win:?}");
                if t % 2 == 0 {
                    bunny_checked += 1;
                } else {
                    egg_checked += 1;
                }
            }
        }
    }
    assert!(
        games > 1000 && recoloured > 100 && bunny_checked > 200 && egg_checked > 200,
        "{games} {recoloured} {bunny_checked} {egg_checked}"
    );
}

/// Far beyond the contest: the scale generator calls used by the benchmark stay legal under
/// the lifted bounds.
#[test]
fn lifted_scale_records() {
    let lifted = config().lifted;
    let rec = gen_record("long", "n=200 m=200 k=10000", 1, &lifted);
    assert_eq!(rec.k(), 10_000);
    let rec = gen_record(
        "long",
        "n=200 m=200 path=zigzag skips=0.05 k=10000",
        1,
        &lifted,
    );
    assert_eq!(rec.k(), 10_000);
}
