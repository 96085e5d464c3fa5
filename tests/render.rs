//! `gridjudge render` and `gridjudge build --report`.
//!
//! `report_pages_render_pictures_in_chromium` opens the report pages in headless Chromium
//! (Debian's `chromium` package, which `.ci/run` installs) and checks the screenshot for the
//! pictures' colours; it is ignored by `cargo test` and run by `.ci/run` with
//! `cargo test --test render -- --ignored`.

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let p = e.path();
        if p.is_dir() {
            if e.file_name() != "tests" && e.file_name() != "report" {
                copy_dir(&p, &to.join(e.file_name()));
            }
        } else {
            fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}

fn gridjudge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn ok(o: &Output) {
    assert!(
        o.status.success(),
        "stdout: {}\nstderr: {}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
}

/// A temporary problems folder with both problems built with `--report`.
fn built_with_report() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    for p in ["game", "bunny"] {
        copy_dir(&root.join(p), &tmp.path().join(p));
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
    assert!(svg.contains("2 winning cell(s)"), "{svg}");

    let answer = tmp.path().join("maze.ans");
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

#[test]
fn build_report_has_the_table_and_a_picture_per_test() {
    let tmp = built_with_report();
    for (p, count) in [("game", 47), ("bunny", 52)] {
        let html = fs::read_to_string(tmp.path().join(p).join("report/index.html")).unwrap();
        assert_eq!(html.matches("<figure id=").count(), count, "{p}");
        assert_eq!(html.matches("<svg ").count(), count, "{p}");
        assert!(!html.contains("no picture"), "{p}");
        assert!(html.contains("<th>solve ms</th>"), "{p}");
        assert_eq!(html.matches("<tr><td>").count(), count, "{p}");
    }
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

#[test]
#[ignore = "needs Debian's chromium; .ci/run installs it and runs this test"]
fn report_pages_render_pictures_in_chromium() {
    let tmp = built_with_report();
    // (problem, colours that only the pictures use: game walls and winning cells; bunny's
    // board squares and the mistakes' rings)
    let cases: [(&str, &[[u8; 3]]); 2] = [
        ("game", &[[0x3b, 0x3b, 0x3b], [0x8f, 0xd6, 0x8f]]),
        (
            "bunny",
            &[[0xef, 0xe6, 0xd2], [0xe2, 0xd5, 0xb8], [0xd6, 0x27, 0x28]],
        ),
    ];
    for (p, colours) in cases {
        let page = tmp.path().join(p).join("report/index.html");
        let shot = tmp.path().join(format!("{p}.png"));
        let profile = tmp.path().join(format!("chromium-{p}"));
        // Tall enough to show the summary table and the first rows of pictures.
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
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg(format!("--screenshot={}", shot.display()))
            .arg("--window-size=1200,3000")
            .arg(format!("file://{}", page.display()))
            .stdin(Stdio::null())
            .output()
            .expect("chromium is needed (apt-get install chromium)");
        assert!(
            o.status.success() && shot.is_file(),
            "chromium failed on {}: {}",
            page.display(),
            String::from_utf8_lossy(&o.stderr)
        );
        for &c in colours {
            let n = count_colour(&shot, c);
            assert!(
                n >= 500,
                "{p}: only {n} pixels of colour {c:02x?} in the screenshot"
            );
        }
    }
}
