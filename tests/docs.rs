//! The README and the guide (`docs/*.md`) keep their promises.
//!
//! A fenced block whose info string is `console` is runnable: each `$ ` line is a command
//! (continued over lines that end in `\`), and the lines after it, up to the next command or
//! the fence, are what it prints, stdout and stderr merged. A block whose info string holds
//! `file=PATH` (and optionally `mode=755`) is written to `PATH` when the page reaches it. Every
//! other block is shown only. CONTRIBUTING.md ("Docs") is the writers' reference.
//!
//! Each page runs in a workspace of its own: a temporary folder holding a copy of the
//! repository's tracked `problems/` (no built tests), where every command runs under `sh -c`
//! with the workspace as its folder, gridjudge's binaries first in `PATH`, and a compile cache
//! of its own (`XDG_CACHE_HOME`), so a page shows each compile as a first run does. A command must
//! exit 0 unless it ends with the comment `# exits N`. Its output must match the page's line
//! for line, where a line `...` stands for any number of lines and `[..]` for any text within a
//! line; measured numbers, the sandbox's machine details and temporary folders are masked on
//! both sides first ([`common::mask`]), so a page shows real output.
//!
//! The fast tests (link targets, block syntax, one runner per page) are in the default suite;
//! running the pages is one ignored test per page, which CI runs (`.ci/run`).

mod common;

use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::mask::{mask_line, mask_temp_folders};
use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

/// The longest a page's command may run before the test kills it and fails.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(300);

/// The repository's root.
fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The pages: `README.md`, then `docs/*.md` sorted, relative to the repository.
fn pages() -> Vec<String> {
    let mut pages = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(repo().join("docs"))
        .expect("docs/ is readable")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// One command of a `console` block.
#[derive(Debug)]
struct Step {
    /// The page's line of the command's `$`.
    line: usize,
    /// The command as `sh -c` gets it (continuation lines joined by newlines).
    command: String,
    /// The exit status the page promises (`# exits N`, else 0).
    status: i32,
    /// The promised output lines.
    expected: Vec<String>,
}

/// What a page's fenced block asks of the test.
#[derive(Debug)]
enum Block {
    /// A `console` block: commands and their output.
    Console { steps: Vec<Step> },
    /// A `file=PATH` block: a file to write, executable when `mode=755`.
    File {
        line: usize,
        path: String,
        executable: bool,
        content: String,
    },
}

/// A relative link of a page: its line and its target.
type Link = (usize, String);

/// A page's blocks in order, and its relative link targets with their lines. An error names
/// the page's line of a malformed block.
fn parse(page: &str, text: &str) -> Result<(Vec<Block>, Vec<Link>), String> {
    let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
    let mut blocks = Vec::new();
    let mut links = Vec::new();
    let mut open: Option<(usize, String, String)> = None;
    for (event, range) in Parser::new(text).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                open = Some((line_of(range.start), info.to_string(), String::new()));
            }
            Event::Text(t) => {
                if let Some((_, _, body)) = open.as_mut() {
                    body.push_str(&t);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((line, info, body)) = open.take() {
                    if let Some(block) = block(page, line, &info, body)? {
                        blocks.push(block);
                    }
                }
            }
            Event::Start(Tag::Link { dest_url, .. })
            | Event::Start(Tag::Image { dest_url, .. }) => {
                let url = dest_url.to_string();
                let external = url.contains("://") || url.starts_with("mailto:");
                if !external && !url.starts_with('#') {
                    links.push((line_of(range.start), url));
                }
            }
            _ => {}
        }
    }
    Ok((blocks, links))
}

/// The block a fence opened at `line` (its info string `info`, its text `body`) stands for.
fn block(page: &str, line: usize, info: &str, body: String) -> Result<Option<Block>, String> {
    let words: Vec<&str> = info.split_whitespace().collect();
    if let Some(path) = words.iter().find_map(|w| w.strip_prefix("file=")) {
        let p = Path::new(path);
        if path.is_empty() || p.is_absolute() || p.components().any(|c| c.as_os_str() == "..") {
            return Err(format!(
                "{page}:{line}: `file={path}` must be a path inside the workspace"
            ));
        }
        let executable = words.contains(&"mode=755");
        return Ok(Some(Block::File {
            line,
            path: path.to_string(),
            executable,
            content: body,
        }));
    }
    if words.first() != Some(&"console") {
        return Ok(None);
    }
    let mut steps: Vec<Step> = Vec::new();
    let mut continued = false;
    for (i, l) in body.lines().enumerate() {
        let at = line + 1 + i;
        if continued {
            let step = steps.last_mut().unwrap();
            step.command.push('\n');
            step.command.push_str(l);
            continued = l.ends_with('\\');
        } else if let Some(command) = l.strip_prefix("$ ") {
            continued = command.ends_with('\\');
            steps.push(Step {
                line: at,
                command: command.to_string(),
                status: 0,
                expected: Vec::new(),
            });
        } else if let Some(step) = steps.last_mut() {
            step.expected.push(l.to_string());
        } else {
            return Err(format!(
                "{page}:{at}: a `console` block starts with a `$ ` command, not {l:?}"
            ));
        }
    }
    if steps.is_empty() {
        return Err(format!(
            "{page}:{line}: a `console` block without a `$ ` command"
        ));
    }
    for step in &mut steps {
        if let Some(at) = step.command.rfind("# exits ") {
            let n = step.command[at + "# exits ".len()..].trim();
            step.status = n
                .parse()
                .map_err(|_| format!("{page}:{}: `# exits {n}`: not an exit status", step.line))?;
        }
        while step.expected.last().is_some_and(|l| l.trim().is_empty()) {
            step.expected.pop();
        }
    }
    Ok(Some(Block::Console { steps }))
}

/// A fresh workspace: a temporary folder with the repository's tracked `problems/` copied in.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new("git")
        .args(["ls-files", "-z", "problems"])
        .current_dir(repo())
        .output()
        .expect("git runs (the docs test copies the tracked problems/)");
    assert!(out.status.success(), "git ls-files failed: {out:?}");
    for name in out.stdout.split(|&b| b == 0).filter(|n| !n.is_empty()) {
        let name = std::str::from_utf8(name).unwrap();
        let to = dir.path().join(name);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(repo().join(name), &to).unwrap();
    }
    dir
}

/// The folder of gridjudge's binaries, which the commands find first in `PATH`.
fn bin_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_BIN_EXE_gridjudge")).parent().unwrap();
    for b in ["gen", "validator", "checker", "solve"] {
        assert!(
            dir.join(b).is_file(),
            "{} is missing: the pages use it; build it with `cargo build --workspace`",
            dir.join(b).display()
        );
    }
    dir.to_path_buf()
}

/// Runs `command` under `sh -c` in `ws`: its exit status (`None` when a signal ended it) and
/// its output, stdout and stderr merged in the order written.
fn run(ws: &Path, bin: &Path, command: &str) -> (Option<i32>, String) {
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1\n{command}"))
        .current_dir(ws)
        .env("PATH", path)
        .env("XDG_CACHE_HOME", ws.join(".cache"))
        .env("TERM", "dumb")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout.read_to_end(&mut bytes).unwrap();
        bytes
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > COMMAND_TIMEOUT {
            child.kill().unwrap();
            panic!("`{command}` ran longer than {COMMAND_TIMEOUT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let bytes = reader.join().unwrap();
    (status.code(), String::from_utf8_lossy(&bytes).into_owned())
}

/// `text`'s lines as the comparison sees them: trailing blanks cut, the workspace's path as
/// `<WS>`, measured numbers and machine details masked, trailing empty lines dropped.
fn normalize(text: &str, ws: &Path) -> Vec<String> {
    let text = mask_temp_folders(&text.replace(&*ws.to_string_lossy(), "<WS>"));
    let mut lines: Vec<String> = text
        .lines()
        .map(|l| {
            if l.trim() == "..." {
                "...".to_string()
            } else {
                mask_line(l.trim_end())
            }
        })
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// Whether `line` matches `pattern`, where each `[..]` in the pattern matches any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split("[..]").collect();
    if parts.len() == 1 {
        return pattern == line;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || line.len() < first.len() + last.len() || !line.ends_with(last) {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether the output lines `actual` match the promised `expected` ones, where a line `...`
/// matches any number of lines. Memoized over (pattern line, output line): O(|E|·|A|) states.
fn lines_match(expected: &[String], actual: &[String]) -> bool {
    fn go(
        e: &[String],
        a: &[String],
        i: usize,
        j: usize,
        failed: &mut HashSet<(usize, usize)>,
    ) -> bool {
        if failed.contains(&(i, j)) {
            return false;
        }
        let ok = if i == e.len() {
            j == a.len()
        } else if e[i] == "..." {
            (j..=a.len()).any(|k| go(e, a, i + 1, k, failed))
        } else {
            j < a.len() && line_matches(&e[i], &a[j]) && go(e, a, i + 1, j + 1, failed)
        };
        if !ok {
            failed.insert((i, j));
        }
        ok
    }
    go(expected, actual, 0, 0, &mut HashSet::new())
}

/// Runs every block of `page` in a fresh workspace; panics at the first broken promise with
/// the page's line, the command, and a diff of promised against printed output.
fn run_page(page: &str) {
    let text = std::fs::read_to_string(repo().join(page)).unwrap();
    let (blocks, _) = parse(page, &text).unwrap_or_else(|e| panic!("{e}"));
    let ws = workspace();
    let bin = bin_dir();
    let mut commands = 0;
    for block in &blocks {
        match block {
            Block::File {
                line,
                path,
                executable,
                content,
            } => {
                let to = ws.path().join(path);
                std::fs::create_dir_all(to.parent().unwrap()).unwrap();
                std::fs::write(&to, content)
                    .unwrap_or_else(|e| panic!("{page}:{line}: writing {path}: {e}"));
                if *executable {
                    use std::os::unix::fs::PermissionsExt;
                    std::fs::set_permissions(&to, std::fs::Permissions::from_mode(0o755)).unwrap();
                }
            }
            Block::Console { steps } => {
                for step in steps {
                    commands += 1;
                    let (status, output) = run(ws.path(), &bin, &step.command);
                    let printed = normalize(&output, ws.path());
                    let promised = normalize(&step.expected.join("\n"), ws.path());
                    let matched = lines_match(&promised, &printed);
                    if status == Some(step.status) && matched {
                        continue;
                    }
                    let diff = similar::TextDiff::from_lines(
                        &(promised.join("\n") + "\n"),
                        &(printed.join("\n") + "\n"),
                    )
                    .unified_diff()
                    .header("the page", "printed")
                    .to_string();
                    panic!(
                        "{page}:{}: `{}`\nexit status: promised {}, got {status:?}\n{}\n\
                         masked output (- promised, + printed; `...` and `[..]` are wildcards):\n{diff}\n\
                         the output as printed:\n{output}",
                        step.line,
                        step.command,
                        step.status,
                        if matched { "output: matches" } else { "output: differs" },
                    );
                }
            }
        }
    }
    eprintln!("{page}: {commands} command(s) kept their promises");
}

/// Every page parses: its `console` blocks are well formed, its `file=` paths stay in the
/// workspace, and every relative link names a file of the repository.
#[test]
fn every_page_parses_and_every_relative_link_resolves() {
    let mut broken = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(repo().join(&page)).unwrap();
        let (_, links) = parse(&page, &text).unwrap_or_else(|e| panic!("{e}"));
        let dir = repo().join(&page).parent().unwrap().to_path_buf();
        for (line, url) in links {
            let path = url.split('#').next().unwrap();
            if !dir.join(path).exists() {
                broken.push(format!("{page}:{line}: {url}"));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to no file:\n{}",
        broken.join("\n")
    );
}

/// The pages and the ignored tests below are the same list, so a new page is run in CI.
#[test]
fn every_page_has_its_test() {
    let mut tested: Vec<&str> = PAGE_TESTS.to_vec();
    tested.sort();
    let mut found = pages();
    found.sort();
    assert_eq!(
        tested, found,
        "each page of README.md and docs/ needs a line in `pages!` (tests/docs.rs)"
    );
}

/// The parser and the matcher on a page written here: the commands, their statuses and
/// outputs, a file block, and the wildcards matching what they should and nothing else.
#[test]
fn blocks_parse_and_wildcards_match_as_documented() {
    let page = "text\n\n```console\n$ echo a \\\n  b  # exits 3\nab\n...\n$ true\n```\n\n\
                ```python file=x/gen.py mode=755\nprint(1)\n```\n\n```sh\n$ not run\n```\n";
    let (blocks, _) = parse("p.md", page).unwrap();
    assert_eq!(blocks.len(), 2);
    let Block::Console { steps } = &blocks[0] else {
        panic!("{blocks:?}")
    };
    assert_eq!(steps.len(), 2);
    assert_eq!(steps[0].line, 4);
    assert_eq!(steps[0].command, "echo a \\\n  b  # exits 3");
    assert_eq!(steps[0].status, 3);
    assert_eq!(steps[0].expected, ["ab", "..."]);
    assert_eq!((steps[1].status, steps[1].expected.len()), (0, 0));
    let Block::File {
        path, executable, ..
    } = &blocks[1]
    else {
        panic!("{blocks:?}")
    };
    assert_eq!((path.as_str(), *executable), ("x/gen.py", true));
    assert!(parse("p.md", "```console\nno command\n```\n").is_err());
    assert!(parse("p.md", "```toml file=../x\n```\n").is_err());

    let s = |v: &[&str]| v.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(lines_match(
        &s(&["a", "...", "z"]),
        &s(&["a", "b", "c", "z"])
    ));
    assert!(lines_match(&s(&["a", "...", "z"]), &s(&["a", "z"])));
    assert!(!lines_match(&s(&["a", "...", "z"]), &s(&["a", "b"])));
    assert!(!lines_match(&s(&["a"]), &s(&["a", "b"])));
    assert!(line_matches("x [..] y [..]!", "x 1 y 2 3!"));
    assert!(!line_matches("x [..] y", "x 1 z"));
    assert!(!line_matches("ab[..]ba", "aba"));
    // Measured numbers are masked on both sides: a page's timings need not recur.
    let ws = Path::new("/nowhere");
    assert_eq!(
        normalize("done in 0.07 s, 108.4 tests/s\n", ws),
        normalize("done in 1.20 s, 3.0 tests/s\n", ws)
    );
    assert_ne!(
        normalize("47 tests\n", ws),
        normalize("46 tests\n", ws),
        "counts are not measurements"
    );
}

/// One ignored test per page, and the list [`every_page_has_its_test`] compares with the pages.
macro_rules! pages {
    ($($name:ident => $page:literal,)*) => {
        const PAGE_TESTS: &[&str] = &[$($page),*];
        $(
            #[test]
            #[ignore = "runs the page's commands (seconds to a minute); CI runs it"]
            fn $name() {
                run_page($page);
            }
        )*
    };
}

pages! {
    readme => "README.md",
    building => "docs/building.md",
    builtin_problems => "docs/builtin-problems.md",
    export => "docs/export.md",
    index => "docs/README.md",
    install => "docs/install.md",
    interactive => "docs/interactive.md",
    judging => "docs/judging.md",
    kattis => "docs/kattis.md",
    measuring => "docs/measuring.md",
    problem_format => "docs/problem-format.md",
    sandbox => "docs/sandbox.md",
    slurm => "docs/slurm.md",
    speed => "docs/speed.md",
    stress => "docs/stress.md",
    troubleshooting => "docs/troubleshooting.md",
}
