//! The C++ sources of `bunny`'s testlib checker and validator
//! (`problems/bunny/testlib/{checker,validator}.cpp`), every build of them, against gridjudge's
//! own checker and validator: the generic tests of tests/common/mirror.rs with `bunny`'s model
//! (records and their mutations, hostile outputs made from a jury list and judged by an
//! independent model of the output rules too, outputs at the edges of the rules, broken jury
//! answers and inputs, streamed garbage), inputs at the bounds of every test group, and mutated
//! inputs given to the checkers.

mod common;

use common::bunny;
use common::checker::{
    garbage_token, join, model_int, model_next, model_tokens, mutated, random_bytes_after, soup,
    spaced_out, sprinkle, Segment,
};
use common::cpp::{par_map, Api};
use common::mirror::{Case, Hostile, Judged, Mode, Model, Report, Streamed};
use gridjudge::core::reader::FormatError;
use gridjudge::core::rng::TestRng;
use gridjudge::core::verdict::Verdict;
use gridjudge::package::BuiltTest;
use gridjudge::problem::ValidateOptions;
use gridjudge::problems::bunny as bunny_mod;

struct Bunny;

common::mirror::mirror_tests!(Bunny);

fn package_tests() -> &'static [BuiltTest] {
    common::package_tests("bunny")
}

/// The package test whose input starts with `start`.
fn test_starting(start: &[u8]) -> &'static BuiltTest {
    package_tests()
        .iter()
        .find(|t| t.input.starts_with(start))
        .unwrap()
}

/// Sample 3 (k = 2, mistakes 1 and 2).
fn sample3() -> &'static BuiltTest {
    test_starting(b"4 4\nOOXX\n")
}

/// The Rust checker's verdict.
fn rust_verdict(input: &[u8], output: &[u8], answer: &[u8]) -> Verdict {
    let cfg = common::config(bunny());
    bunny().check(input, &mut &output[..], answer, &cfg).verdict
}

/// k and the jury's list of a record and its answer.
fn k_and_list(input: &[u8], answer: &[u8]) -> (u32, Vec<u32>) {
    let rec = bunny_mod::parse(input, &bunny_mod::unbounded(), ValidateOptions::default()).unwrap();
    let nums: Vec<u32> = String::from_utf8_lossy(answer)
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    (rec.k() as u32, nums[1..].to_vec())
}

/// The generator line of a zigzag record (seed 1: k = 11, mistakes 2, 7 and 11).
const ZIG: &str = "long n=2 m=14 path=zigzag skips=0.5";

/// `input` with its jury answer.
fn jury(input: &str) -> (Vec<u8>, Vec<u8>) {
    let cfg = common::config(bunny());
    let answer = bunny().solve(input.as_bytes(), &cfg.constraints).unwrap();
    (input.as_bytes().to_vec(), answer)
}

impl Model for Bunny {
    fn name(&self) -> &'static str {
        "bunny"
    }

    fn min_package_tests(&self) -> usize {
        50
    }

    /// Every package test names its group; some have no mistake, some more than 60.
    fn assert_package_variety(&self, tests: &[BuiltTest]) {
        assert!(
            tests.iter().all(|t| t.spec.group.is_some()),
            "every test names its group"
        );
        let lists: Vec<_> = tests
            .iter()
            .map(|t| k_and_list(&t.input, &t.answer).1)
            .collect();
        assert!(lists.iter().any(|l| l.is_empty()) && lists.iter().any(|l| l.len() > 60));
    }

    /// A valid 3x3 record and the same with a blank line after it, without a group and in the
    /// first group that takes 3x3 records; a 40x40 record in the first group that does not.
    fn flag_inputs(&self) -> Vec<(Vec<u8>, Option<String>)> {
        let cfg = common::config(bunny());
        let valid = tiny_record(3, 3);
        let mut invalid = valid.clone();
        invalid.push(b'\n');
        let narrow = tiny_record(40, 40);
        let in_group = |input: &[u8], g: &str| {
            let bounds = cfg.bounds_for(Some(g)).unwrap();
            bunny()
                .validate(input, &bounds, ValidateOptions::default())
                .is_ok()
        };
        let groups = cfg.groups.keys();
        let small = groups
            .clone()
            .find(|g| in_group(&valid, g))
            .expect("3x3 records");
        let big = groups
            .clone()
            .find(|g| !in_group(&narrow, g))
            .expect("no 40x40 records");
        let (small, big) = (Some(small.clone()), Some(big.clone()));
        vec![
            (valid.clone(), None),
            (valid, small.clone()),
            (invalid.clone(), None),
            (invalid, small),
            (narrow, big),
        ]
    }

    /// 3000 seeded mutations of valid records (corpus and package tests), validated in a
    /// random group or none, now and then with trailing spaces allowed.
    fn validator_mutations(&self, count: u64) -> Vec<(Vec<u8>, Mode)> {
        let cfg = common::config(bunny());
        let mut bases: Vec<Vec<u8>> = common::validator::Corpus::of("bunny")
            .files("valid")
            .into_values()
            .collect();
        bases.extend(package_tests().iter().map(|t| t.input.clone()));
        let groups: Vec<String> = cfg.groups.keys().cloned().collect();
        let mut rng = TestRng::for_test("bunny", "cpp-validator-mutations", "", 1);
        (0..count)
            .map(|_| {
                let base = &bases[rng.below(bases.len() as u32) as usize];
                let input = mutate_record(base, &mut rng);
                let group = (rng.chance(0.4))
                    .then(|| groups[rng.below(groups.len() as u32) as usize].clone());
                let lenient = rng.chance(0.1);
                (input, Mode { group, lenient })
            })
            .collect()
    }

    /// Every kind of rejection occurs (in a subset, at least half its share of the full run's
    /// minimum).
    fn assert_mutation_spread(&self, count: u64, decisions: &[Result<String, FormatError>]) {
        let tally = common::mirror::tally(decisions.iter().map(|d| match d {
            Ok(_) => "valid",
            Err(e) if e.expected.starts_with("a legal move") => "broken rule",
            Err(e) if e.expected.starts_with("a record that ends") => "not over",
            // The first word of what was expected that is not a number: `integer`, `line`
            // (end), `end` (of file), `characters` (of a row), `one` (of 'X', ...), ...
            Err(e) => (e.expected.split(' ').find(|w| w.parse::<u64>().is_err())).unwrap_or("?"),
        }));
        eprintln!("validator mutations: {tally:?}");
        for (what, least) in [
            ("valid", 150),
            ("broken rule", 300),
            ("not over", 20),
            ("integer", 300),
            ("line", 100),
            ("end", 50),
            ("characters", 50),
            ("one", 50),
            ("exactly", 50),
            ("a", 20),
        ] {
            // A subset needs at least half its proportional share (and one of each kind).
            let least = if count >= 3000 {
                least
            } else {
                (least * count / 6000).max(1)
            };
            assert!(tally.get(what).copied().unwrap_or(0) >= least, "{tally:?}");
        }
    }

    /// Outputs at the edges of the rules, on sample 3, on a record with no mistake and on a
    /// zigzag record (k = 11, mistakes 2, 7 and 11).
    fn hand_outputs(&self) -> Vec<Judged> {
        let pair = |t: &BuiltTest| (t.input.clone(), t.answer.clone());
        let sample3 = &pair(sample3());
        let zero = &pair(package_tests().iter().find(|t| t.answer == b"0\n").unwrap());
        let zig = &jury(&common::generated(bunny(), ZIG, 1));
        assert_eq!(zig.1, b"3\n2\n7\n11\n");
        let long64 = "1".repeat(64);
        let long65 = "1".repeat(65);
        let (ac, wa, pe) = (0, 1, 2);
        [
            (sample3, "\r\n\t 2\x0b\x0c1\r\n\r\n2 \n\n", ac),
            (sample3, "", pe),
            (sample3, "2 1", pe),
            (sample3, "2 1 2 3", pe),
            (sample3, "2 1 2 x", pe),
            (sample3, "+2 1 2", pe),
            (sample3, "02 1 2", pe),
            (sample3, "2 1 02", pe),
            (sample3, "2 1 2.0", pe),
            (sample3, "2\x001 2", pe),
            (sample3, "3 1 2 3", wa),
            (sample3, "-1", wa),
            (sample3, "1 2", wa),
            (sample3, "2 2 1", wa),
            (sample3, "2 1 1", wa),
            (sample3, "2 0 1", wa),
            (sample3, "2 1 3 x", wa),
            (sample3, "2 -0 1", pe),
            (sample3, "2 -01 1", pe),
            (sample3, "0", wa),
            (sample3, &format!("{long64} 1 2"), pe),
            (sample3, &format!("{long65} 1 2"), pe),
            (sample3, &format!("2 1 2 {long65}"), pe),
            (zero, "0", ac),
            // As testlib's readInt: -0, a leading zero or beyond 64 bits is PE, not a number.
            (zero, "-0", pe),
            (zero, "-0\n", pe),
            (zero, "00", pe),
            (zero, "-00", pe),
            (zero, "0 0", pe),
            (zero, "9223372036854775808", pe),
            (zero, "-9223372036854775809", pe),
            (zero, "9223372036854775807", wa),
            (zero, "-9223372036854775808", wa),
            (sample3, "x", pe),
            (sample3, "-0", pe),
            (zig, "3 2 7 11", ac),
            (zig, "3 2 7 10", wa),
            (zig, "2 2 7", wa),
            (zig, "12", wa),
            (zig, "-1", wa),
            (zig, "3 2 7", pe),
            (zig, "3 2 7 11 11", pe),
            (zig, "3 7 2 11", wa),
            (zig, "3 2 7 x", pe),
            (zig, "x", pe),
            (zig, "", pe),
            (zig, "-0", pe),
        ]
        .into_iter()
        .map(|((input, answer), output, want)| Judged {
            input: input.clone(),
            answer: answer.clone(),
            output: output.into(),
            want: Some(want),
        })
        .collect()
    }

    /// Broken jury answers (FAIL) on every fifth package test; the inputs of the invalid corpus
    /// and the official samples with their trailing spaces with plausible outputs: FAIL for
    /// every input Rust's checker refuses, elsewhere (inputs invalid only by their white space,
    /// read by tokens as testlib's checkers read them) judged normally.
    fn broken_jury_files(&self) -> Vec<Judged> {
        let mut cases = Vec::new();
        for t in package_tests().iter().step_by(5) {
            let (k, jury) = k_and_list(&t.input, &t.answer);
            let mut bad_answers: Vec<Vec<u8>> = vec![
                b"".to_vec(),
                b"x".to_vec(),
                b"\n \n".to_vec(),
                format!("{}", k + 1).into_bytes(),
                b"-1".to_vec(),
                b"1 0".to_vec(),
                [&t.answer[..], b" 7"].concat(),
                "9".repeat(65).into_bytes(),
                b"+0".to_vec(),
            ];
            if let Some((_, head)) = jury.split_last() {
                // r kept, the last index dropped.
                let list: Vec<String> = head.iter().map(u32::to_string).collect();
                bad_answers.push(format!("{} {}", jury.len(), list.join(" ")).into_bytes());
            }
            if jury.len() >= 2 {
                bad_answers.push(format!("2 {} {}", jury[1], jury[0]).into_bytes());
            }
            for answer in bad_answers {
                let (input, output) = (t.input.clone(), t.answer.clone());
                let want = Some(3);
                cases.push(Judged {
                    input,
                    output,
                    answer,
                    want,
                });
            }
        }
        let broken = cases.len();
        let mut fails = 0;
        let mut inputs: Vec<Vec<u8>> = common::validator::Corpus::of("bunny")
            .files("invalid")
            .into_values()
            .collect();
        let samples = common::problem_dir("bunny").join("samples/original");
        for i in 1..=3 {
            inputs.push(std::fs::read(samples.join(format!("sample{i}.in"))).unwrap());
        }
        for input in inputs {
            for out in ["0", "1 1", "2 1 2"] {
                let out = out.as_bytes().to_vec();
                fails += usize::from(rust_verdict(&input, &out, &out) == Verdict::Fail);
                let (input, output, answer) = (input.clone(), out.clone(), out);
                cases.push(Judged {
                    input,
                    output,
                    answer,
                    want: None,
                });
            }
        }
        assert!(broken >= 90 && fails >= 3 * 30, "{broken} {fails}");
        cases
    }

    fn report(&self) -> Report {
        let t = sample3();
        Report {
            input: t.input.clone(),
            answer: t.answer.clone(),
            ac: ["2\n1\n2\n", "2 1 2"],
            ac_message: "r = 2 mistakes of k = 2 moves",
            wa: ["1 2", "1\n2\n"],
            wa_message: "expected r = 2 mistakes, found 1: 1 missing, 0 extra (- missing, + \
                         extra): -1",
            pe: "2 1 <&\">",
            pe_message: "line 1, column 5: index 2 of 2: expected an integer, found \
                         `&lt;&amp;\\x22&gt;`",
            fail_output: "2 1 2",
            fail_message: "cannot read answer",
        }
    }

    /// Every package test, and records with r = 0, a few and most mistakes, k from 1 to 799.
    fn hostile_cases(&self) -> Vec<(String, Vec<u8>, Vec<u8>)> {
        let mut cases: Vec<_> = (package_tests().iter())
            .map(|t| (t.name.clone(), t.input.clone(), t.answer.clone()))
            .collect();
        for (i, (spec, seed)) in [
            (ZIG, 1),
            ("comb n=3 m=13", 1),
            ("comb n=40 m=40", 1),
            ("play n=16 m=16 colours=random usable=0.8 err=1 eggerr=1", 2),
            ("play n=2 m=40 colours=allusable err=0", 3),
            ("long n=40 m=40 path=zigzag skips=0.1", 4),
            ("long n=40 m=40", 5),
        ]
        .into_iter()
        .enumerate()
        {
            let (input, answer) = jury(&common::generated(bunny(), spec, seed));
            cases.push((format!("gen{i}"), input, answer));
        }
        let (input, answer) = jury("1 6\nXO.OXO\n1\n1 2\n1 1\n");
        cases.push(("one move".into(), input, answer));
        cases
    }

    /// The stream over every hostile case, each output seeded by its number.
    fn hostile_outputs<'a>(&self, cases: &'a [Case]) -> Box<dyn Fn(u64) -> Hostile + Sync + 'a> {
        let meta: Vec<(u32, Vec<u32>, &[u8])> = (cases.iter())
            .map(|c| {
                let (k, jury) = k_and_list(&c.input, &c.answer);
                (k, jury, &c.answer[..])
            })
            .collect();
        Box::new(move |i| {
            let (case, kind, output, known) = hostile(&meta, i);
            let label = format!("output {i} kind {kind} test {case}");
            Hostile {
                case,
                output,
                label,
                known,
            }
        })
    }

    fn output_model(&self, input: &[u8], answer: &[u8], output: &[u8]) -> Verdict {
        let (k, jury) = k_and_list(input, answer);
        model(i128::from(k), &jury, output)
    }

    fn hostile_spread(&self) -> u64 {
        8
    }

    fn hostile_known(&self) -> u64 {
        4000
    }

    fn hostile_via_pipe(&self) -> bool {
        false
    }

    /// 200 MB of random bytes (twice), endless indices, a huge count, a megabytes-long token,
    /// the answer followed by 64 MB of white space (read to the end: AC), then one more token,
    /// and the answer followed by 64 MB of random bytes.
    fn streams(&self) -> Vec<Streamed> {
        let t = (package_tests().iter())
            .find(|t| t.answer.len() > 8 && t.answer.len() < 100)
            .unwrap();
        let ans = t.answer.clone();
        let mb = 1u64 << 20;
        let bytes = |b: &[u8]| Segment::Bytes(b.to_vec());
        let repeat = |b: &[u8], n| Segment::Repeat(b.to_vec(), n);
        [
            (vec![Segment::Random(200 * mb)], 1),
            (vec![Segment::Random(200 * mb)], 2),
            (vec![bytes(&ans[..2]), repeat(b"1\n", 100 * mb)], 0),
            (vec![bytes(b"1000000000\n"), repeat(b"1 ", 100 * mb)], 0),
            (vec![bytes(b"3 2 "), repeat(b"1234567890", 100 * mb)], 0),
            (vec![bytes(&ans), repeat(b" \n\t\r", 64 * mb)], 0),
            (vec![bytes(&ans), repeat(b"\n", 64 * mb), bytes(b"6")], 0),
            (vec![bytes(&ans), Segment::Random(64 * mb)], 3),
        ]
        .into_iter()
        .enumerate()
        .map(|(i, (segments, seed))| Streamed {
            input: t.input.clone(),
            answer: ans.clone(),
            segments,
            seed,
            // The answer and white space is AC.
            want: (i == 5).then_some(0),
        })
        .collect()
    }
}

/// A small legal record on an n x m board whenever n*m >= 3: all black but the empty corner
/// (1, 1) and a white piece next to it; Bunny moves the white piece in, Egg a black piece next
/// to it, and Bunny is stuck. For other sizes (n or m 0, n*m < 3, out of range) the same
/// shape, which no validator accepts.
fn tiny_record(n: i64, m: i64) -> Vec<u8> {
    let mut rows = vec![vec![b'X'; m.max(0) as usize]; n.max(0) as usize];
    let cell = |r: i64, c: i64| r < n && c < m;
    if cell(0, 0) {
        rows[0][0] = b'.';
    }
    let white = if cell(0, 1) { (0, 1) } else { (1, 0) };
    if cell(white.0, white.1) {
        rows[white.0 as usize][white.1 as usize] = b'O';
    }
    let black = [(white.0, white.1 + 1), (white.0 + 1, white.1)]
        .into_iter()
        .find(|&(r, c)| cell(r, c) && (r, c) != (0, 0))
        .unwrap_or((0, 0));
    let mut s = format!("{n} {m}\n");
    for row in rows {
        s.push_str(&String::from_utf8(row).unwrap());
        s.push('\n');
    }
    s.push_str(&format!(
        "1\n{} {}\n{} {}\n",
        white.0 + 1,
        white.1 + 1,
        black.0 + 1,
        black.1 + 1
    ));
    s.into_bytes()
}

// ---------------------------------------------------------------------------------------------
// (a) Validator.

/// Inputs with n and m at and beyond the bounds of the constraints and of every group of
/// problem.toml, and k at its bounds; unknown groups exit 2 in C++ where Rust refuses them
/// (3 in a testlib-API build).
#[test]
fn validator_group_bounds_match_problem_toml() {
    let cfg = common::config(bunny());
    let mut cases: Vec<(Vec<u8>, Option<String>)> = Vec::new();
    let mut groups: Vec<Option<String>> = vec![None];
    groups.extend(cfg.groups.keys().cloned().map(Some));
    for g in &groups {
        let b = cfg.bounds_for(g.as_deref()).unwrap();
        let edges = |name: &str| {
            let [lo, hi] = b.0[name];
            let mut v = vec![0, 1, 2, 40, 41, lo - 1, lo, lo + 1, hi - 1, hi, hi + 1];
            v.retain(|&x| x >= 0);
            v.sort_unstable();
            v.dedup();
            v
        };
        for &n in &edges("n") {
            for &m in &edges("m") {
                cases.push((tiny_record(n, m), g.clone()));
            }
        }
    }
    // k at its bounds (the rest of the record then fails or not, the same way in both).
    let base = String::from_utf8(tiny_record(3, 3)).unwrap();
    for k in [
        "0",
        "1",
        "2",
        "799",
        "1000",
        "1001",
        "-1",
        "-0",
        "-00",
        "+1",
        "01",
        "99999999999999999999999",
    ] {
        let text = base.replacen("\n1\n", &format!("\n{k}\n"), 1);
        for g in &groups {
            cases.push((text.clone().into_bytes(), g.clone()));
        }
    }
    // Odd bytes and spacing around a 1x3 record.
    let odd: [&[u8]; 14] = [
        b"",
        b"1 3 \r\n.OX\n1\n1 2\n1 3\n",
        b"1 3  \n.OX\n1\n1 2\n1 3\n",
        b"1 3\t\n.OX\n1\n1 2\n1 3\n",
        b" 1 3\n.OX\n1\n1 2\n1 3\n",
        b"1  3\n.OX\n1\n1 2\n1 3\n",
        b"1 3\n.OX \n1\n1 2\n1 3\n",
        b"1 3\n.O\xff\n1\n1 2\n1 3\n",
        b"1 3\n.OX\n1\n1 2\n1 3",
        b"1 3\n.OX\n1\n1 2\n1 3 ",
        b"1 3\n.OX\n1\n1 2\n1 3\n\n",
        b"1 3\n.OX\n1\n1 2\n1 3\n\x00",
        b"123456789012345678901234567890 3\n",
        b"-123456789012345678901234567890 3\n",
    ];
    for v in &common::mirror::validators(&Bunny) {
        for input in odd {
            for mode in [Mode::default(), Mode::lenient()] {
                common::mirror::assert_validators_agree(&Bunny, v, input, &mode, "odd bytes");
            }
        }
        // Unknown groups: Rust refuses them; the C++ must exit 2 too (testlib's FAIL 3 in a
        // testlib-API build, where testlib takes `--group ""` for no group: not tried there).
        let unknown = ["5x5", "", "N1", "40 ", "groups.n1", "--group"];
        let own = v.1.api == Api::Own;
        let unknown: Vec<&str> = unknown
            .into_iter()
            .filter(|g| own || !g.is_empty())
            .collect();
        for g in &unknown {
            cases.push((base.clone().into_bytes(), Some(g.to_string())));
        }
        let results = par_map(&cases, |_, (input, group)| {
            let mode = Mode::new(group.as_deref(), false);
            common::mirror::assert_validators_agree(&Bunny, v, input, &mode, "bounds case")
        });
        // Every group (and the plain constraints) accepts some input and rejects others.
        for g in &groups {
            let mine: Vec<_> = cases
                .iter()
                .zip(&results)
                .filter(|((_, cg), _)| cg == g)
                .map(|(_, r)| r.as_ref().unwrap().is_ok())
                .collect();
            assert!(mine.iter().any(|&ok| ok), "group {g:?}: nothing valid");
            assert!(mine.iter().any(|&ok| !ok), "group {g:?}: nothing invalid");
        }
        let refused = results.iter().filter(|r| r.is_none()).count();
        assert_eq!(refused, unknown.len());
        cases.truncate(cases.len() - unknown.len());
    }
}

/// The lines of a canonical record, each without its `\n`.
fn lines_of(input: &[u8]) -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = input.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    assert_eq!(
        v.pop(),
        Some(Vec::new()),
        "a canonical record ends with a line end"
    );
    v
}

fn unlines(lines: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for l in lines {
        out.extend_from_slice(l);
        out.push(b'\n');
    }
    out
}

/// Bytes inserted by the byte-level mutations.
const INSERTED: &[u8] = b" \n\r\t0119-+XO.x\x00\xff";

/// A mutation of a valid canonical record: one or two of a move changed (anywhere or to a
/// neighbouring cell), two moves swapped, k changed, a board cell changed, n or m changed, a
/// byte inserted or deleted, the end cut or extended, a trailing space.
fn mutate_record(base: &[u8], rng: &mut TestRng) -> Vec<u8> {
    let mut lines = lines_of(base);
    let first: Vec<u32> = String::from_utf8_lossy(&lines[0])
        .split(' ')
        .map(|x| x.parse().unwrap())
        .collect();
    let (n, m) = (first[0], first[1]);
    let k_line = n as usize + 1;
    let mut out = None;
    for _ in 0..1 + u32::from(rng.chance(0.25)) {
        // The move lines (a first mutation may have cut some; at least one stays).
        let moves = k_line + 1..lines.len();
        let pick_move = |rng: &mut TestRng| rng.range(moves.start as u32, moves.end as u32 - 1);
        match rng.below(12) {
            0 => {
                let j = pick_move(rng) as usize;
                lines[j] = format!("{} {}", rng.range(0, n + 1), rng.range(0, m + 1)).into_bytes();
            }
            1 => {
                let j = pick_move(rng) as usize;
                let xy: Vec<i64> = String::from_utf8_lossy(&lines[j])
                    .split(' ')
                    .map(|x| x.parse().unwrap_or(1))
                    .collect();
                let (dx, dy) = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1)][rng.below(5) as usize];
                lines[j] = format!("{} {}", xy[0] + dx, xy.get(1).unwrap_or(&1) + dy).into_bytes();
            }
            2 => {
                let a = pick_move(rng) as usize;
                let b = if rng.chance(0.5) {
                    (a + 1 + rng.below(2) as usize).min(moves.end - 1)
                } else {
                    pick_move(rng) as usize
                };
                lines.swap(a, b);
            }
            3 => {
                let k = (moves.end - moves.start) as i64 / 2;
                let v = match rng.below(6) {
                    0 => (k - 1).to_string(),
                    1 => (k + 1).to_string(),
                    2 => rng.range(0, 1002).to_string(),
                    3 => ["0", "-1", "01", "1000", "1001", "+1", "-0"][rng.below(7) as usize]
                        .to_string(),
                    4 => (k - 1 - i64::from(rng.below(3))).to_string(),
                    _ => (k + 2).to_string(),
                };
                lines[k_line] = v.into_bytes();
            }
            4 | 5 => {
                let (r, c) = (1 + rng.below(n) as usize, rng.below(m) as usize);
                let cell = b"XXOO.x"[rng.below(6) as usize];
                if let Some(b) = lines[r].get_mut(c) {
                    *b = cell;
                }
            }
            6 => {
                let v = if rng.chance(0.5) { n } else { m };
                let w = [v.saturating_sub(1), v + 1, 0, 41][rng.below(4) as usize];
                lines[0] = if v == n {
                    format!("{w} {m}")
                } else {
                    format!("{n} {w}")
                }
                .into_bytes();
            }
            7 => {
                let l = rng.below(lines.len() as u32) as usize;
                let at = rng.below(lines[l].len() as u32 + 1) as usize;
                lines[l].insert(at, INSERTED[rng.below(INSERTED.len() as u32) as usize]);
            }
            8 => {
                let l = rng.below(lines.len() as u32) as usize;
                if !lines[l].is_empty() {
                    let at = rng.below(lines[l].len() as u32) as usize;
                    lines[l].remove(at);
                }
            }
            9 => {
                // Drop the last moves, or repeat some, or add a random move line.
                match rng.below(3) {
                    0 => {
                        let cut = 1 + rng.below(3) as usize;
                        lines.truncate(lines.len().saturating_sub(cut).max(k_line + 2));
                    }
                    1 => {
                        let j = pick_move(rng) as usize;
                        lines.push(lines[j].clone());
                    }
                    _ => {
                        lines.push(format!("{} {}", rng.range(1, n), rng.range(1, m)).into_bytes())
                    }
                }
            }
            10 => {
                let l = rng.below(lines.len() as u32) as usize;
                lines[l].push(b' ');
            }
            _ => {
                // Byte-level: cut the file anywhere, or delete the final line end.
                let mut bytes = unlines(&lines);
                if rng.chance(0.5) {
                    bytes.pop();
                } else {
                    bytes.truncate(rng.below(bytes.len() as u32) as usize);
                }
                out = Some(bytes);
                break;
            }
        }
    }
    out.unwrap_or_else(|| unlines(&lines))
}

/// Tokens of a list with its count first.
fn with_count(list: &[i64]) -> Vec<Vec<u8>> {
    let mut t = vec![list.len().to_string().into_bytes()];
    t.extend(list.iter().map(|x| x.to_string().into_bytes()));
    t
}

/// A token that is an integer near the range, far out of it, or not an integer at all.
fn hostile_token(rng: &mut TestRng, k: u32) -> Vec<u8> {
    match rng.below(22) {
        0..=5 => rng.range(0, k + 1).to_string().into_bytes(),
        kind @ 6..=15 => garbage_token(rng, kind - 6, &[b"r", b"-00", b"1-", b"2k"]),
        16 => b"2\x003".to_vec(),
        17 | 18 => (rng.range(k.saturating_sub(2), k + 2))
            .to_string()
            .into_bytes(),
        _ => [&b"-0"[..], b"\x001", b"0", b"-1"][rng.below(4) as usize].to_vec(),
    }
}

/// Output `i` of the seeded hostile stream over `cases` (k, jury list, answer): its case,
/// kind, bytes, and the verdict its kind alone decides (if any).
fn hostile(cases: &[(u32, Vec<u32>, &[u8])], i: u64) -> (usize, u32, Vec<u8>, Option<Verdict>) {
    let mut rng = TestRng::for_test("bunny", "hostile-outputs", "", i);
    let at = i as usize % cases.len();
    let (k, jury, ans) = &cases[at];
    let kind = rng.below(25);
    let (output, known) = hostile_output(kind, &mut rng, *k, jury, ans);
    (at, kind, output, known)
}

/// One hostile output of kind `kind` for a record with `k` moves and jury list `jury`
/// (canonical `ans`), and the verdict its kind alone decides (`None` when only the model knows).
fn hostile_output(
    kind: u32,
    rng: &mut TestRng,
    k: u32,
    jury: &[u32],
    ans: &[u8],
) -> (Vec<u8>, Option<Verdict>) {
    let list: Vec<i64> = jury.iter().map(|&x| i64::from(x)).collect();
    let r = list.len();
    let pick = |rng: &mut TestRng| rng.below(r as u32) as usize;
    let (ac, wa, pe) = (Some(Verdict::Ac), Some(Verdict::Wa), Some(Verdict::Pe));
    match kind {
        // The correct answer in random white space, or lots of it: AC.
        0 => (join(&with_count(&list), rng, 0.5), ac),
        1 => (spaced_out(&with_count(&list), rng), ac),
        // One index dropped, r kept: PE (too few numbers).
        2 if r > 0 => {
            let mut t = with_count(&list);
            t.remove(1 + pick(rng));
            (join(&t, rng, 0.5), pe)
        }
        // One index dropped with r: WA.
        3 if r > 0 => {
            let mut l = list.clone();
            l.remove(pick(rng));
            (join(&with_count(&l), rng, 0.5), wa)
        }
        // One index added where it belongs: WA (unless every move is a mistake already).
        4 if r < k as usize => {
            let mut l = list.clone();
            let extra = loop {
                let x = i64::from(rng.range(1, k));
                if !l.contains(&x) {
                    break x;
                }
            };
            l.push(extra);
            l.sort_unstable();
            (join(&with_count(&l), rng, 0.5), wa)
        }
        // One index added anywhere (maybe a repeat), mostly in order.
        5 => {
            let mut l = list.clone();
            l.push(i64::from(rng.range(1, k)));
            if rng.chance(0.7) {
                l.sort_unstable();
            }
            (join(&with_count(&l), rng, 0.5), None)
        }
        // Two indices swapped with the next, or one equal to the one before: WA (not strictly
        // increasing).
        6 if r >= 2 => {
            let mut l = list.clone();
            let a = rng.below(r as u32 - 1) as usize;
            if rng.chance(0.5) {
                l.swap(a, a + 1);
            } else {
                l[a + 1] = l[a];
            }
            (join(&with_count(&l), rng, 0.5), wa)
        }
        // One index repeated, r raised: WA.
        7 if r >= 1 && r < k as usize => {
            let mut l = list.clone();
            let a = pick(rng);
            l.insert(a, l[a]);
            (join(&with_count(&l), rng, 0.5), wa)
        }
        // An index moved by one.
        8 if r > 0 => {
            let mut l = list.clone();
            let a = pick(rng);
            l[a] += [-1, 1][rng.below(2) as usize];
            (join(&with_count(&l), rng, 0.5), None)
        }
        // An index out of range.
        9 if r > 0 => {
            let mut l = list.clone();
            let a = pick(rng);
            l[a] = [0, -1, i64::from(k) + 1, i64::MAX, i64::MIN][rng.below(5) as usize];
            (join(&with_count(&l), rng, 0.5), None)
        }
        // A count out of range, then the indices: WA.
        10 => {
            let bad = match rng.below(3) {
                0 => format!("-{}", rng.range(1, 1000)),
                1 => (k + 1 + rng.below(1000)).to_string(),
                _ => i64::MAX.to_string(),
            };
            let mut t = with_count(&list);
            t[0] = bad.into_bytes();
            (join(&t, rng, 0.5), wa)
        }
        // The count changed, the indices kept.
        11 => {
            let mut t = with_count(&list);
            let c = r as i64 + [-2, -1, 1, 2][rng.below(4) as usize];
            t[0] = match rng.below(4) {
                0 => c.to_string().into_bytes(),
                1 => (i64::from(k) + i64::from(rng.below(3)))
                    .to_string()
                    .into_bytes(),
                2 => b"-0".to_vec(),
                _ => b"123456789012345678901234567890".to_vec(),
            };
            (join(&t, rng, 0.5), None)
        }
        // The tokens cut short, or one more token after them.
        12 => {
            let mut t = with_count(&list);
            if rng.chance(0.5) && r > 0 {
                t.truncate(1 + rng.below(r as u32) as usize);
            } else {
                t.push(hostile_token(rng, k));
            }
            (join(&t, rng, 0.5), None)
        }
        // Hostile tokens replacing, inserted into or appended to the correct answer.
        13..=15 => {
            let mut t = with_count(&list);
            sprinkle(&mut t, rng, |rng| hostile_token(rng, k));
            (join(&t, rng, 0.5), None)
        }
        // Token soup.
        16 | 17 => (
            join(&soup(rng, |rng| hostile_token(rng, k)), rng, 0.5),
            None,
        ),
        // Random bytes, alone or after a prefix of the correct answer.
        18 => (random_bytes_after(ans, rng), None),
        // The correct answer with bytes flipped, cut or inserted.
        19 | 20 => (mutated(ans, rng), None),
        // Empty or white space only: PE.
        21 => {
            let out = [&b""[..], b" ", b"\n\n", b"\r\n\t\x0b\x0c"][rng.below(4) as usize];
            (out.to_vec(), pe)
        }
        // No line end at all; CR LF line ends: AC.
        22 => (ans.strip_suffix(b"\n").unwrap_or(ans).to_vec(), ac),
        23 => {
            let crlf = String::from_utf8_lossy(ans).replace('\n', "\r\n");
            (crlf.into_bytes(), ac)
        }
        _ => (join(&with_count(&list), rng, 0.5), ac),
    }
}

/// The verdict the statement's rules give `out` for a record with `k` moves of Bunny and the
/// jury's mistakes `jury`, judged in memory. Tokens are split on white space and read in order;
/// a token over [`MAX_TOKEN`](gridjudge::core::token_reader::MAX_TOKEN) bytes is PE where it is reached. r:
/// missing or not an integer PE, outside 0..=k WA. Then r indices: missing or not an integer
/// PE, outside 1..=k or not above the previous one WA. Then any token PE. Then the list must
/// equal the jury's.
fn model(k: i128, jury: &[u32], out: &[u8]) -> Verdict {
    let mut toks = model_tokens(out);
    let mut next = || model_next(&mut toks);
    let mut read = || -> Result<Vec<i128>, Verdict> {
        let r = next()?.and_then(model_int).ok_or(Verdict::Pe)?;
        if !(0..=k).contains(&r) {
            return Err(Verdict::Wa);
        }
        let mut list: Vec<i128> = Vec::new();
        for _ in 0..r {
            let v = next()?.and_then(model_int).ok_or(Verdict::Pe)?;
            if !(1..=k).contains(&v) || list.last().is_some_and(|&p| p >= v) {
                return Err(Verdict::Wa);
            }
            list.push(v);
        }
        match next()? {
            Some(_) => Err(Verdict::Pe),
            None => Ok(list),
        }
    };
    match read() {
        Err(v) => v,
        Ok(list) if list.iter().copied().eq(jury.iter().map(|&x| i128::from(x))) => Verdict::Ac,
        Ok(_) => Verdict::Wa,
    }
}

/// The first 200 of the 1000 mutations of [`checker_agrees_with_rust_on_mutated_inputs`].
#[test]
fn checker_agrees_with_rust_on_the_first_200_mutated_inputs() {
    checker_mutated_inputs(200);
}

/// 1000 seeded mutations of the package inputs, judged with the jury answer of the original
/// as both output and answer: where the mutated input does not read as a legal record both
/// checkers FAIL, elsewhere they give the same verdict.
#[test]
#[ignore = "slow (a thousand processes); .ci/run runs it with --ignored"]
fn checker_agrees_with_rust_on_mutated_inputs() {
    checker_mutated_inputs(1000);
}

/// The first `count` mutated inputs (the same ones in every run): the checkers agree, and
/// between half and 98% of them are FAIL.
fn checker_mutated_inputs(count: usize) {
    let tests = package_tests();
    let dir = tempfile::tempdir().unwrap();
    let mut rng = TestRng::for_test("bunny", "cpp-checker-inputs", "", 1);
    let cases: Vec<(usize, Vec<u8>)> = (0..count)
        .map(|i| {
            let t = i % tests.len();
            (t, mutate_record(&tests[t].input, &mut rng))
        })
        .collect();
    for c in &common::mirror::checkers(&Bunny) {
        let verdicts = par_map(&cases, |w, (t, input)| {
            let ans = &tests[*t].answer;
            let case = Case::new(dir.path(), &format!("in{w}"), input, ans);
            let what = format!("{} mutated", tests[*t].name);
            common::mirror::assert_checkers_agree(
                &Bunny,
                c,
                &case,
                ans,
                Some(&case.answer_path),
                &what,
            );
            rust_verdict(input, ans, ans)
        });
        let fails = verdicts.iter().filter(|&&v| v == Verdict::Fail).count();
        eprintln!("checker on mutated inputs: {fails} FAIL of {count}");
        assert!(
            (count / 2..=count * 98 / 100).contains(&fails),
            "{fails} FAIL of {count}"
        );
    }
}
