use super::players::{self, Kind};
use super::strategy::{Duel, Play};
use super::*;
use crate::core::verdict::Verdict;
use crate::problems::game::{FREE, WALL};
use crate::problems::grid::Grid;

/// Independent exhaustive game search on a board of at most 16 cells: whether the player to
/// move wins with the token on `pos` and the cells of `visited` used. Memoised on
/// (visited, pos); no matching theory.
struct Brute<'a> {
    g: &'a Grid,
    memo: Vec<u8>,
}

impl Brute<'_> {
    fn new(g: &Grid) -> Brute<'_> {
        assert!(g.len() <= 16);
        Brute {
            g,
            memo: vec![2; (1usize << g.len()) * g.len() as usize],
        }
    }

    fn moves(&self, pos: u32, visited: u32) -> Vec<u32> {
        self.g
            .neighbours(pos)
            .filter(|&nb| self.g.at(nb) == FREE && visited & (1 << nb) == 0)
            .collect()
    }

    fn mover_wins(&mut self, pos: u32, visited: u32) -> bool {
        let key = visited as usize * self.g.len() as usize + pos as usize;
        if self.memo[key] != 2 {
            return self.memo[key] == 1;
        }
        let wins = self
            .moves(pos, visited)
            .into_iter()
            .any(|nb| !self.mover_wins(nb, visited | (1 << nb)));
        self.memo[key] = u8::from(wins);
        wins
    }
}

/// Every sequence of A's legal moves from a position with B to move (`visited` includes the
/// token's cell): B's move is legal, `0 0` exactly when B has none, and a winning one
/// whenever B can win. Returns the number of B turns checked.
fn explore(play: Play<'_>, visited: u32, brute: &mut Brute<'_>, label: &str) -> u64 {
    let t = play.token();
    let legal = brute.moves(t, visited);
    let b_wins = brute.mover_wins(t, visited);
    let mut after = play.clone();
    let chosen = after.b_move();
    let Some(u) = chosen else {
        assert!(legal.is_empty(), "{label}: B said 0 0 with moves {legal:?}");
        return 1;
    };
    assert!(
        legal.contains(&u),
        "{label}: B moved illegally from {t} to {u}"
    );
    let visited = visited | (1 << u);
    if b_wins {
        assert!(
            !brute.mover_wins(u, visited),
            "{label}: B could win from {t} (visited {visited:b}) but moved to {u}, where A wins"
        );
    }
    let mut turns = 1;
    for v in brute.moves(u, visited) {
        assert!(
            after.is_legal(v),
            "{label}: A's move {v} not legal for Play"
        );
        let mut next = after.clone();
        next.play(v);
        turns += explore(next, visited | (1 << v), brute, label);
    }
    turns
}

fn grid_of(n: u32, m: u32, walls: u32) -> Grid {
    let mut g = Grid::filled(n, m, FREE);
    for id in 0..n * m {
        if walls & (1 << id) != 0 {
            g.set(id, WALL);
        }
    }
    g
}

/// Every board of N·M <= `max_cells` cells (all shapes, all wall patterns), every start,
/// every line of A's legal moves. Returns (boards, B turns).
fn prove(max_cells: u32) -> (u64, u64) {
    let (mut boards, mut turns) = (0, 0);
    for n in 1..=max_cells {
        for m in 1..=max_cells / n {
            for walls in 0..1u32 << (n * m) {
                let g = grid_of(n, m, walls);
                let duel = Duel::new(&g);
                let mut brute = Brute::new(&g);
                let mut some_start_wins = false;
                for s in (0..n * m).filter(|&id| g.at(id) == FREE) {
                    let label = format!("{n}x{m} walls {walls:b} start {s}");
                    some_start_wins |= !brute.mover_wins(s, 1 << s);
                    turns += explore(duel.start(s), 1 << s, &mut brute, &label);
                }
                assert_eq!(
                    duel.every_start_loses(),
                    !some_start_wins,
                    "{n}x{m} walls {walls:b}"
                );
                boards += 1;
            }
        }
    }
    (boards, turns)
}

/// The proof of the interactor: every board of at most 12 cells (35 978 boards, 370 580 B
/// turns; about 2 s in the test profile).
#[test]
fn b_wins_whenever_it_can_on_every_board_up_to_12_cells() {
    let (boards, turns) = prove(12);
    assert_eq!((boards, turns), (35_978, 370_580));
}

fn board(text: &str) -> Grid {
    game::parse(text.as_bytes(), &game_unbounded(), Default::default()).unwrap()
}

/// One exchange with a scripted contestant whose whole output is `script`: the outcome and
/// what the interactor wrote.
fn scripted(text: &str, script: &str) -> (CheckOutcome, String) {
    let g = board(text);
    let lose = Duel::new(&g).every_start_loses();
    let answer = if lose { "LOSE\n" } else { "WIN\n" };
    let mut to = Vec::new();
    let out = Duel.interact(
        text.as_bytes(),
        answer.as_bytes(),
        &mut script.as_bytes(),
        &mut to,
    );
    (out, String::from_utf8(to).unwrap())
}

const SAMPLE: &str = "3 3\n.##\n...\n#.#\n";
/// A 1x2 corridor: a perfect matching, every start loses.
const PAIR: &str = "1 2\n..\n";
/// A 1x3 corridor: A wins from either end (B must move to the middle, A to the other end).
const LINE3: &str = "1 3\n...\n";

#[test]
fn the_protocol_checker_judges_scripted_contestants() {
    let cases: &[(&str, &str, Verdict, &str)] = &[
        (PAIR, "LOSE\n", Verdict::Ac, "LOSE is right"),
        (SAMPLE, "LOSE\n", Verdict::Wa, "LOSE is wrong"),
        // Win: start at an end of the corridor; B goes to the middle, A to the other end.
        (LINE3, "START 1 1\n1 3\n", Verdict::Ac, "A won"),
        // Losing the game: starting in the middle, B moves to an end and A has no move.
        (LINE3, "START 1 2\n0 0\n", Verdict::Wa, "you lost"),
        // 0 0 while A still has a move.
        (
            LINE3,
            "START 1 1\n0 0\n",
            Verdict::Wa,
            "0 0 although A can still move",
        ),
        // Illegal moves: back to a visited cell, not adjacent, outside, a wall.
        (LINE3, "START 1 1\n1 1\n", Verdict::Wa, "illegal move 1 1"),
        (SAMPLE, "START 2 3\n1 1\n", Verdict::Wa, "illegal move 1 1"),
        (LINE3, "START 1 1\n1 4\n", Verdict::Wa, "illegal move 1 4"),
        (SAMPLE, "START 1 2\n", Verdict::Wa, "is a blocked cell"),
        (SAMPLE, "START 4 1\n", Verdict::Wa, "outside the 3x3 board"),
        // Malformed lines.
        (LINE3, "START  1 1\n", Verdict::Wa, "expected START r c"),
        (LINE3, "START 01 1\n", Verdict::Wa, "expected START r c"),
        (LINE3, "START 1 1 \n", Verdict::Wa, "expected START r c"),
        (LINE3, "start 1 1\n", Verdict::Wa, "expected LOSE or START"),
        (LINE3, "LOSE\r\n", Verdict::Wa, "expected LOSE or START"),
        (
            LINE3,
            "START 1 1\n+3 1\n",
            Verdict::Wa,
            "expected a move r c",
        ),
        (
            LINE3,
            "START 1 1\n1\t3\n",
            Verdict::Wa,
            "expected a move r c",
        ),
        (
            LINE3,
            "START 1 1\n1 3",
            Verdict::Wa,
            "ended inside the line",
        ),
        (LINE3, "START 1 1\n", Verdict::Wa, "ended before your move"),
        (LINE3, "", Verdict::Wa, "ended before LOSE or START"),
        (
            LINE3,
            "\u{0}\u{1}\u{ff}\n",
            Verdict::Wa,
            "expected LOSE or START",
        ),
        // Output after the end of the game.
        (PAIR, "LOSE\nLOSE\n", Verdict::Wa, "output after the end"),
        (
            LINE3,
            "START 1 1\n1 3\nbye\n",
            Verdict::Wa,
            "output after the end",
        ),
    ];
    for (text, script, verdict, says) in cases {
        let (out, _) = scripted(text, script);
        assert_eq!(out.verdict, *verdict, "{script:?} on {text:?}: {out:?}");
        assert!(out.message.contains(says), "{script:?}: {}", out.message);
    }
    // What the interactor wrote: the board, then B's moves.
    let (_, wrote) = scripted(LINE3, "START 1 1\n1 3\n");
    assert_eq!(wrote, "1 3\n...\n1 2\n0 0\n");
}

#[test]
fn hostile_streams_are_wa_in_bounded_memory() {
    let huge = "7".repeat(1 << 20);
    for script in [
        huge.clone(),
        format!("START 1 1\n{huge}\n"),
        "\n".repeat(100),
        String::from_utf8_lossy(&[0xff; 4096]).into_owned(),
    ] {
        let (out, _) = scripted(LINE3, &script);
        assert_eq!(out.verdict, Verdict::Wa, "{out:?}");
    }
    let (out, _) = scripted(LINE3, &huge);
    assert!(out.message.contains("longer than 32 bytes"), "{out:?}");
}

#[test]
fn jury_files_that_disagree_or_do_not_parse_are_fail() {
    let mut to = Vec::new();
    let out = Duel.interact(b"1 2\n..\n", b"WIN\n1 1\n", &mut &b"LOSE\n"[..], &mut to);
    assert_eq!(out.verdict, Verdict::Fail, "{out:?}");
    let out = Duel.interact(b"1 x\n", b"LOSE\n", &mut &b""[..], &mut to);
    assert_eq!(out.verdict, Verdict::Fail, "{out:?}");
    let out = Duel.interact(b"1 2\n..\n", b"maybe\n", &mut &b""[..], &mut to);
    assert_eq!(out.verdict, Verdict::Fail, "{out:?}");
    let cfg = ProblemConfig::load(&Duel, None).unwrap();
    let out = Duel.check(b"1 2\n..\n", &mut &b"LOSE\n"[..], b"LOSE\n", &cfg);
    assert_eq!(out.verdict, Verdict::Fail);
    assert!(out.message.contains("interactive"));
    assert!(cfg.interaction.interactive);
}

/// Every player of the catalogue on small random boards: the perfect one always wins (or
/// says LOSE rightly), the others are killed somewhere.
#[test]
fn the_players_of_the_catalogue_against_the_interactor() {
    let mut rng = strategy::TieRng::new(7);
    let mut killed = std::collections::BTreeMap::new();
    for round in 0..300u32 {
        let n = 1 + rng.below(6);
        let m = 1 + rng.below(6);
        let mut g = Grid::filled(n, m, FREE);
        for id in 0..n * m {
            if rng.below(4) == 0 {
                g.set(id, WALL);
            }
        }
        for kind in Kind::ALL {
            let t = players::play(&g, kind, u64::from(round));
            if kind == Kind::Perfect {
                assert_eq!(t.outcome.verdict, Verdict::Ac, "{round}: {t:?}");
            } else if t.outcome.verdict != Verdict::Ac {
                *killed.entry(kind.name()).or_insert(0) += 1;
            }
        }
    }
    for kind in Kind::ALL {
        if kind != Kind::Perfect {
            assert!(
                killed.contains_key(kind.name()),
                "{kind:?} never killed: {killed:?}"
            );
        }
    }
}

/// Long games on 100x100 boards end and B stays legal; prints each game's length and time
/// (run with `--nocapture` to see them; no timing assertion).
#[test]
#[ignore = "a few seconds in the test profile: games of thousands of moves on 100x100 boards"]
fn long_games_on_large_boards_end() {
    let serpentine = {
        let mut g = Grid::filled(100, 100, FREE);
        for r in (1..100).step_by(2) {
            for c in 0..100 {
                let gap = if r % 4 == 1 { 99 } else { 0 };
                if c != gap {
                    g.set(g.id(r, c), WALL);
                }
            }
        }
        g
    };
    for (name, g) in [
        ("open 100x100", Grid::filled(100, 100, FREE)),
        ("open 99x99", Grid::filled(99, 99, FREE)),
        ("serpentine 100x100", serpentine),
    ] {
        for kind in [Kind::Perfect, Kind::AnyStart, Kind::Greedy, Kind::Random] {
            let at = std::time::Instant::now();
            let t = players::play(&g, kind, 1);
            eprintln!(
                "{name} {}: {:?} after {} B moves, {:.3} s",
                kind.name(),
                t.outcome.verdict,
                t.b_moves,
                at.elapsed().as_secs_f64()
            );
            assert_ne!(t.outcome.verdict, Verdict::Fail);
        }
    }
}

#[test]
fn the_tie_rng_is_stable() {
    // Value stability: SplitMix64 from seed 0 (its published first output) and the board
    // seed of the sample; the C++ interactors must draw the same.
    let mut r = strategy::TieRng::new(0);
    assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
    assert_eq!(strategy::board_seed(&board(SAMPLE)), 0x9C45_064D_17D5_F94D);
}

/// The sample's transcript (`problems/duel/samples/sample1.interaction`, Kattis form: `<` the
/// interactor, `>` the contestant) is the perfect player's game on the sample board.
#[test]
fn the_sample_transcript_is_the_perfect_players_game() {
    let g = board(include_str!("../../../problems/duel/samples/sample1.in"));
    let t = players::play(&g, Kind::Perfect, 0);
    assert_eq!(t.outcome.verdict, Verdict::Ac);
    let mut want = String::new();
    for l in &t.from_interactor[..=g.n as usize] {
        want += &format!("<{l}\n");
    }
    let mut b = t.from_interactor[g.n as usize + 1..].iter();
    for a in &t.from_contestant {
        want += &format!(">{a}\n");
        if let Some(l) = b.next() {
            want += &format!("<{l}\n");
        }
    }
    let have = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/problems/duel/samples/sample1.interaction"
    ))
    .unwrap_or_default();
    assert_eq!(have, want, "expected transcript:\n{want}");
}
