//! Masking what a command's output says about the machine and the moment rather than about
//! the command: measured times and memory, the sandbox's version and cgroup paths, temporary
//! folders. `tests/golden_cli.rs` masks the output it pins with these, and `tests/docs.rs`
//! masks both a page's promised output and the real one, so the pages show real output.

/// `text` with every temporary folder of an earlier run (`<temp dir>/.tmpXXXXXX`, tempfile's
/// names) masked as `<TMP>`, like this run's: a program compiled in an earlier run and taken
/// from the compile cache names the folder it was compiled in (Rust's panic messages carry the
/// source path), so which folder appears depends on the cache, not on the command.
pub fn mask_temp_folders(text: &str) -> String {
    let prefix = format!(
        "{}/.tmp",
        std::env::temp_dir()
            .display()
            .to_string()
            .trim_end_matches('/')
    );
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(&prefix) {
        out.push_str(&rest[..at]);
        let after = &rest[at + prefix.len()..];
        let name = after.len()
            - after
                .trim_start_matches(|c: char| c.is_ascii_alphanumeric())
                .len();
        if name == 0 {
            out.push_str(&prefix);
        } else {
            out.push_str("<TMP>");
        }
        rest = &after[name..];
    }
    out.push_str(rest);
    out
}

/// JSON fields whose numbers are measured (outside a `limits` object).
pub const MEASURED_KEYS: &[&str] = &[
    "time_ms",
    "wall_ms",
    "memory_kib",
    "solve_ms",
    "search_seconds",
];

/// [`Mask::Json`]: a scan of the JSON text that knows, at each number, the key it is the value
/// of and the key of the object holding it.
pub fn mask_json(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::new();
    // For each open object or array, the key it is the value of ("" when none).
    let mut open: Vec<String> = Vec::new();
    let mut key: Option<String> = None;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                let mut j = i + 1;
                while b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                let body = &text[i + 1..j];
                let next = text[j + 1..].trim_start();
                if next.starts_with(':') {
                    key = Some(body.to_string());
                    out += &text[i..=j];
                } else {
                    out += &format!("\"{}\"", mask_line(body));
                    key = None;
                }
                i = j + 1;
            }
            b'{' | b'[' => {
                open.push(key.take().unwrap_or_default());
                out.push(b[i] as char);
                i += 1;
            }
            b'}' | b']' => {
                open.pop();
                out.push(b[i] as char);
                i += 1;
            }
            b'-' | b'0'..=b'9' => {
                let mut j = i + 1;
                while j < b.len() && (b[j].is_ascii_digit() || b"+-.eE".contains(&b[j])) {
                    j += 1;
                }
                let measured = key.as_deref().is_some_and(|k| MEASURED_KEYS.contains(&k))
                    && open.last().is_some_and(|k| k != "limits");
                out += if measured { "\"#\"" } else { &text[i..j] };
                key = None;
                i = j;
            }
            c => {
                if c == b',' {
                    key = None;
                }
                let ch = text[i..].chars().next().unwrap();
                out.push(ch);
                i += ch.len_utf8();
            }
        }
    }
    out
}

/// What a TLE's message says instead of the limit that stopped the program first.
pub const TIME_LIMIT: &str = "<CPU or wall-clock time limit>";

/// Units after which a number is a measurement.
pub const UNITS: &[&str] = &["ms", "s", "KiB", "MiB", "tests/s", "µs", "ns"];

/// One line with its measured numbers replaced by `#`; runs of spaces before a masked number
/// become one (tables pad their columns to the widest measured value).
pub fn mask_line(line: &str) -> String {
    let line = mask_sandbox(line);
    // Which limit stops a looping program first depends on the load: both are TLE.
    let line = line
        .replace("wall-clock limit reached", TIME_LIMIT)
        .replace("CPU time limit exceeded", TIME_LIMIT);
    let b = line.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let starts_number = b[i].is_ascii_digit() && (i == 0 || !is_word(b[i - 1]));
        if !starts_number {
            let c = line[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
            continue;
        }
        let mut j = i;
        while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'.') {
            j += 1;
        }
        let rest = &line[j..];
        let after = rest.strip_prefix(' ').unwrap_or(rest);
        let unit = UNITS.iter().any(|u| {
            after.starts_with(u)
                && !after[u.len()..]
                    .bytes()
                    .next()
                    .is_some_and(|c| is_word(c) || c == b'/')
        });
        if unit && !is_limit_context(&out) {
            while out.ends_with("  ") {
                out.pop();
            }
            out.push('#');
        } else {
            out.push_str(&line[i..j]);
        }
        i = j;
    }
    mask_tables(&out)
}

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'.'
}

/// Whether the number about to follow `before` is a configured limit (the `limits:` line of a
/// judge report: `CPU 1000 ms`, `memory 131072 KiB`), which is not masked.
fn is_limit_context(before: &str) -> bool {
    before.contains("limits: ")
        && ["CPU ", "wall ", "memory ", "stack "]
            .iter()
            .any(|w| before.ends_with(w))
}

/// The sandbox's description with what belongs to the machine masked: bubblewrap's version
/// (`bubblewrap 0.8.0`), the cgroup version and where the run cgroups are.
pub fn mask_sandbox(line: &str) -> String {
    let mut s = line.to_string();
    // Where the run cgroups are (a path under the caller's own cgroup) belongs to the machine.
    let tree = "limits over the process tree: ";
    if let Some(at) = s.find(tree) {
        let from = at + tree.len();
        let end = s[from..].find(';').map_or(s.len(), |e| from + e);
        s.replace_range(from..end, "cgroup …");
    }
    for (word, end) in [("bubblewrap ", ' '), ("cgroup v", ' ')] {
        if let Some(at) = s.find(word) {
            let from = at + word.len();
            let len = s[from..].find(end).unwrap_or(s.len() - from);
            if s[from..from + len].starts_with(|c: char| c.is_ascii_digit()) {
                s.replace_range(from..from + len, "#");
            }
        }
    }
    s
}

/// Table rows whose measured columns carry no unit: a `build` row (`01   file ... yes  0.35`,
/// its last column the solve time) and a `judge` row (`01  AC  7  43  1240  message`: CPU ms,
/// wall ms, memory KiB).
pub fn mask_tables(line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let numeric = |w: &str| !w.is_empty() && w.bytes().all(|c| c.is_ascii_digit() || c == b'.');
    let is_test = words
        .first()
        .is_some_and(|w| w.len() >= 2 && w.bytes().all(|c| c.is_ascii_digit()));
    if !is_test || !line.starts_with(words[0]) {
        return line.to_string();
    }
    let nl = if line.ends_with('\n') { "\n" } else { "" };
    // judge: test, verdict, then three numbers.
    if words.len() >= 5
        && words[1].bytes().all(|c| c.is_ascii_uppercase())
        && words[2..5].iter().all(|w| numeric(w))
    {
        let mut rest = line.trim_start_matches(words[0]).trim_start();
        rest = rest.trim_start_matches(words[1]);
        for w in &words[2..5] {
            rest = rest.trim_start().trim_start_matches(w);
        }
        return format!("{} {} # # #  {}{nl}", words[0], words[1], rest.trim());
    }
    // build: the last word is the solve time, with two decimals.
    let last = words[words.len() - 1];
    if words.len() >= 4 && numeric(last) && last.contains('.') {
        let body = line.trim_end().strip_suffix(last).unwrap().trim_end();
        return format!("{body} #{nl}");
    }
    line.to_string()
}
