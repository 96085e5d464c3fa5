//! `gridjudge render` and `gridjudge build --report`.
//!
//! `report_pages_render_pictures_in_chromium` runs a real `gridjudge verify`, opens the report
//! pages and a `render --answer` picture in headless Chromium (Debian's `chromium` package,
//! which `.ci/run` installs) and checks the screenshots for the pictures' and the kill matrix's
//! colours; it is ignored by `cargo test` and run by `.ci/run` with
//! `cargo test --test render -- --ignored`.

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use common::{gridjudge, ok};

/// A temporary problems folder with both problems built with `--report`.
fn built_with_report() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    for p in ["game", "bunny"] {
        common::copy_problem(&root.join(p), &tmp.path().join(p));
    }
    ok(&gridjudge(&[
        "build",
        "--locked",
        "--report",
        "--problems-dir",
        tmp.path().to_str().unwrap(),
    ]));
    tmp
}

#[test]
fn render_writes_svg_and_names_bad_input() {
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("maze.in");
    fs::write(&input, "3 3\n.##\n...\n#.#\n").unwrap();
    let out = tmp.path().join("maze.svg");
    ok(&gridjudge(&[
        "render",
        "game",
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]));
    let svg = fs::read_to_string(&out).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("WIN, 2 winning cell(s)"), "{svg}");

    // An output with one winning cell missing and one extra cell is compared, not shown.
    let answer = tmp.path().join("maze.out");
    fs::write(&answer, "WIN\n2 3\n2 1\n").unwrap();
    ok(&gridjudge(&[
        "render",
        "game",
        input.to_str().unwrap(),
        "--answer",
        answer.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--size",
        "90",
    ]));
    let svg = fs::read_to_string(&out).unwrap();
    assert!(svg.contains("the output: 1 missing, 1 extra"), "{svg}");
    assert!(
        svg.contains("<rect width=\"90\" height=\"90\" fill=\"none\""),
        "{svg}"
    );

    fs::write(&answer, "WIN\n9 9\n").unwrap();
    let o = gridjudge(&[
        "render",
        "game",
        input.to_str().unwrap(),
        "--answer",
        answer.to_str().unwrap(),
        "-o",
        tmp.path().join("x.svg").to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("outside the 3x3 board"), "{err}");
    assert!(!tmp.path().join("x.svg").exists());

    let o = gridjudge(&[
        "render",
        "game",
        input.to_str().unwrap(),
        "--size",
        "0",
        "-o",
        tmp.path().join("x.svg").to_str().unwrap(),
    ]);
    assert!(!o.status.success() && !tmp.path().join("x.svg").exists());

    let o = gridjudge(&[
        "render",
        "bunny",
        input.to_str().unwrap(),
        "-o",
        tmp.path().join("y.svg").to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success() && err.contains("not a `bunny` record"),
        "{err}"
    );
}

/// The SHA-256 of a file, lowercase hex.
fn sha256_of(path: &Path) -> String {
    gridjudge::core::files::sha256_hex(&fs::read(path).unwrap())
}

/// Saved verify results for the game tests in `dir`: `never_lose` gets WA on test 03, TLE on
/// 05, AC elsewhere; `hopcroft_karp` AC everywhere.
fn fake_game_verify(dir: &Path, count: usize) -> gridjudge::judge::verify::SavedVerify {
    use gridjudge::judge::verify::{SavedRun, SavedSubmission, SavedTest, SavedVerify};
    let names: Vec<String> = (1..=count).map(|i| format!("{i:02}")).collect();
    let run = |v: &str| SavedRun {
        verdict: v.into(),
        time_ms: 7,
        memory_kib: 3000,
        message: format!("{v} message"),
    };
    SavedVerify {
        problem: "game".into(),
        finished: "2026-12-01T05:00:00Z".into(),
        tests: names
            .iter()
            .map(|n| SavedTest {
                name: n.clone(),
                input_sha256: sha256_of(&dir.join(format!("tests/{n}.in"))),
                answer_sha256: sha256_of(&dir.join(format!("tests/{n}.ans"))),
            })
            .collect(),
        submissions: vec![
            SavedSubmission {
                name: "accepted/hopcroft_karp.cpp".into(),
                expected: "accepted".into(),
                problem: None,
                compile_error: None,
                runs: names.iter().map(|_| run("AC")).collect(),
            },
            SavedSubmission {
                name: "wrong_answer/never_lose.cpp".into(),
                expected: "wrong_answer".into(),
                problem: Some("TLE on test 05".into()),
                compile_error: None,
                runs: names
                    .iter()
                    .map(|n| match n.as_str() {
                        "03" => run("WA"),
                        "05" => run("TLE"),
                        _ => run("AC"),
                    })
                    .collect(),
            },
        ],
        survivors: vec![],
        killing_set: vec!["03".into()],
        killing_set_exact: true,
        ok: false,
    }
}

fn rebuild_report(tmp: &Path, problem: &str) {
    ok(&gridjudge(&[
        "build",
        problem,
        "--locked",
        "--report",
        "--problems-dir",
        tmp.to_str().unwrap(),
    ]));
}

#[test]
fn build_report_has_statistics_and_a_page_per_test() {
    let tmp = built_with_report();
    for (p, count) in [("game", 47), ("bunny", 52)] {
        let dir = tmp.path().join(p).join("report");
        let index = fs::read_to_string(dir.join("index.html")).unwrap();
        // A small index: the table links every test page, no picture.
        let (head, table) = index.split_once("<h2>Tests</h2>").unwrap();
        assert_eq!(table.matches("<a href=\"tests/").count(), count, "{p}");
        // The bounds the validator checks, with the tests that reach them.
        let bounds = head.split_once("<h2>Bounds reached</h2>").unwrap().1;
        let bounds = bounds.split_once("<h2>").unwrap().0;
        let variable = if p == "game" {
            "<tr><td>N</td>"
        } else {
            "<tr><td>k</td>"
        };
        assert!(bounds.contains(variable), "{p}: {bounds}");
        assert_eq!(
            bounds.contains("not reached"),
            p == "bunny",
            "{p}: {bounds}"
        );
        assert!(!index.contains("<svg"), "{p}");
        assert!(index.len() < 40_000, "{p}: index of {} bytes", index.len());
        assert!(index.contains("<h2>Statistics</h2>"));
        assert!(index.contains("has not run for this problem"), "{p}");
        for i in 1..=count {
            let page = fs::read_to_string(dir.join(format!("tests/{i:02}.html"))).unwrap();
            assert_eq!(page.matches("<svg ").count(), 1, "{p} {i}");
            assert!(!page.contains("no picture"), "{p} {i}");
        }
        assert!(!dir.join(format!("tests/{:02}.html", count + 1)).exists());
    }
    let game = fs::read_to_string(tmp.path().join("game/report/index.html")).unwrap();
    assert!(game.contains("Jury answers: <b>WIN "), "{game}");
    let bunny = fs::read_to_string(tmp.path().join("bunny/report/index.html")).unwrap();
    assert!(bunny.contains("<td>mistakes per record</td>"), "{bunny}");

    // Saved verify results appear as the kill matrix and per-test verdicts.
    let dir = tmp.path().join("game");
    let saved = fake_game_verify(&dir, 47);
    fs::write(
        dir.join("report/verify.json"),
        serde_json::to_string(&saved).unwrap(),
    )
    .unwrap();
    // A page of a test that no longer exists is removed.
    fs::write(dir.join("report/tests/99.html"), "old").unwrap();
    rebuild_report(tmp.path(), "game");
    assert!(!dir.join("report/tests/99.html").exists());
    let index = fs::read_to_string(dir.join("report/index.html")).unwrap();
    assert!(!index.contains("has not run"));
    assert!(index.contains("finished 2026-12-01T05:00:00Z"));
    assert_eq!(index.matches("<td class=\"vW\"").count(), 1);
    assert_eq!(index.matches("<td class=\"vT\"").count(), 1);
    assert_eq!(index.matches("<td class=\"vA\"").count(), 2 * 47 - 2);
    assert!(index.contains("no: TLE on test 05"));
    assert!(index.contains("<td>1 (killing set)</td>"), "{index}");
    assert!(!index.contains("from another test set"));
    let page = fs::read_to_string(dir.join("report/tests/03.html")).unwrap();
    assert!(
        page.contains(
            "<td>wrong_answer/never_lose.cpp</td><td>wrong_answer</td><td class=\"vW\">WA</td>"
        ),
        "{page}"
    );

    // A test whose files changed since verify: a warning, and no verdicts on its page.
    let mut stale = saved.clone();
    stale.tests[2].input_sha256 = "0".repeat(64);
    fs::write(
        dir.join("report/verify.json"),
        serde_json::to_string(&stale).unwrap(),
    )
    .unwrap();
    rebuild_report(tmp.path(), "game");
    let index = fs::read_to_string(dir.join("report/index.html")).unwrap();
    assert!(index.contains("test(s) 03 changed"), "{index}");
    let page = fs::read_to_string(dir.join("report/tests/03.html")).unwrap();
    assert!(page.contains("This test changed since the last"));
    assert!(!page.contains("never_lose"));
}

/// Pixels of the screenshot `png` with colour exactly `rgb`.
fn count_colour(png_path: &Path, rgb: [u8; 3]) -> usize {
    let dec = png::Decoder::new(std::io::BufReader::new(fs::File::open(png_path).unwrap()));
    let mut reader = dec.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let channels = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => panic!("unexpected screenshot colour type {other:?}"),
    };
    buf[..info.buffer_size()]
        .chunks_exact(channels)
        .filter(|px| px[..3] == rgb)
        .count()
}

/// Screenshot of `url` by headless Chromium at `width`×`height` into `shot`.
fn screenshot(url: &str, shot: &Path, width: u32, height: u32) {
    let profile = tempfile::tempdir().unwrap();
    let o = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("--window-size={width},{height}"))
        .arg(url)
        .stdin(Stdio::null())
        .output()
        .expect("chromium is needed (apt-get install chromium)");
    assert!(
        o.status.success() && shot.is_file(),
        "chromium failed on {url}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Keep the screenshots for a person to look at when asked to.
    if let Some(keep) = std::env::var_os("GRIDJUDGE_KEEP_SCREENSHOTS") {
        let keep = Path::new(&keep);
        fs::create_dir_all(keep).unwrap();
        fs::copy(shot, keep.join(shot.file_name().unwrap())).unwrap();
    }
}

/// Asserts that the screenshot `shot` has at least `min` pixels of each colour.
fn assert_colours(shot: &Path, colours: &[([u8; 3], usize)]) {
    for &(c, min) in colours {
        let n = count_colour(shot, c);
        assert!(
            n >= min,
            "{}: only {n} pixels of colour {c:02x?} (want {min})",
            shot.display()
        );
    }
}

#[test]
#[ignore = "needs Debian's chromium and g++; .ci/run installs them and runs this test"]
fn report_pages_render_pictures_in_chromium() {
    let tmp = built_with_report();
    let shots = tmp.path().join("shots");
    fs::create_dir_all(&shots).unwrap();
    let url = |rel: &str| format!("file://{}", tmp.path().join(rel).display());
    // A real verify of game, then the report again: the index shows the kill matrix.
    ok(&gridjudge(&[
        "verify",
        "game",
        "-j",
        "2",
        "--problems-dir",
        tmp.path().to_str().unwrap(),
    ]));
    rebuild_report(tmp.path(), "game");
    let index = fs::read_to_string(tmp.path().join("game/report/index.html")).unwrap();
    assert!(index.contains("class=\"km\"") && !index.contains("has not run"));
    let shot = shots.join("index.png");
    screenshot(&url("game/report/index.html"), &shot, 1200, 1400);
    // Accepted and wrong-answer cells of the kill matrix.
    assert_colours(
        &shot,
        &[([0xd7, 0xf0, 0xd2], 3000), ([0xf4, 0xa6, 0xa6], 300)],
    );

    // Test pages: a WIN maze of at least 8 rows and columns with walls shows walls, both colour classes and
    // winning cells; a bunny test with mistakes shows both board colours and the mistakes' rings.
    let game_test = (1..=47)
        .map(|i| format!("{i:02}"))
        .find(|n| {
            let read = |ext: &str| {
                fs::read_to_string(tmp.path().join(format!("game/tests/{n}.{ext}"))).unwrap()
            };
            let (maze, ans) = (read("in"), read("ans"));
            let size: Vec<usize> = maze
                .split_whitespace()
                .take(2)
                .map(|t| t.parse().unwrap())
                .collect();
            size.iter().all(|&s| s >= 8) && maze.contains('#') && ans.starts_with("WIN")
        })
        .expect("a WIN maze with walls");
    let shot = shots.join("game-test.png");
    screenshot(
        &url(&format!("game/report/tests/{game_test}.html")),
        &shot,
        1000,
        1200,
    );
    assert_colours(
        &shot,
        &[
            ([0x3b, 0x3b, 0x3b], 500),
            ([0xb9, 0xd3, 0xf3], 500),
            ([0xf3, 0xd9, 0xa4], 500),
            ([0x5c, 0xb8, 0x5c], 100),
        ],
    );
    let bunny_test = (1..=52)
        .map(|i| format!("{i:02}"))
        .find(|n| {
            let ans = fs::read_to_string(tmp.path().join(format!("bunny/tests/{n}.ans"))).unwrap();
            ans.split_whitespace().next() != Some("0")
        })
        .expect("a bunny test with mistakes");
    let shot = shots.join("bunny.png");
    screenshot(
        &url(&format!("bunny/report/tests/{bunny_test}.html")),
        &shot,
        1000,
        1200,
    );
    assert_colours(
        &shot,
        &[
            ([0xf2, 0xe3, 0xc2], 500),
            ([0xd0, 0xb4, 0x89], 500),
            ([0xd6, 0x27, 0x28], 20),
        ],
    );

    // `render --answer` with a wrong output: the jury answer of that maze without its first
    // winning cell, plus a wall cell: missing (purple) and extra (red) cells show.
    let input = tmp.path().join(format!("game/tests/{game_test}.in"));
    let jury = fs::read_to_string(tmp.path().join(format!("game/tests/{game_test}.ans"))).unwrap();
    let t: Vec<&str> = jury.split_whitespace().collect();
    let maze = fs::read_to_string(&input).unwrap();
    let (r, c) = maze
        .lines()
        .skip(1)
        .enumerate()
        .find_map(|(r, row)| row.find('#').map(|c| (r + 1, c + 1)))
        .expect("a wall");
    let wrong = format!("WIN\n{}\n{r} {c}\n", t[3..].join(" "));
    let output = tmp.path().join("wrong.out");
    fs::write(&output, wrong).unwrap();
    let svg = tmp.path().join("answer.svg");
    ok(&gridjudge(&[
        "render",
        "game",
        input.to_str().unwrap(),
        "--answer",
        output.to_str().unwrap(),
        "-o",
        svg.to_str().unwrap(),
    ]));
    let text = fs::read_to_string(&svg).unwrap();
    assert!(text.contains("the output: 1 missing, 1 extra"), "{text}");
    let shot = shots.join("answer.png");
    screenshot(&format!("file://{}", svg.display()), &shot, 800, 900);
    assert_colours(
        &shot,
        &[([0x8e, 0x44, 0xad], 100), ([0xd6, 0x27, 0x28], 100)],
    );
}
