//! The source tree's layering (ARCHITECTURE.md): every `crate::`, `super::` and `self::` path in
//! `src/` is read, textually, and mapped to the module it names. The test fails on a module
//! outside the layers, on an import from a higher layer (or a sibling of the same tier), and on
//! any cycle between modules.
//!
//! A *module* here is a unit of the architecture: a file directly in a layer's folder
//! (`src/exec/runner.rs` is `exec::runner`), a folder inside a layer's folder with everything
//! below it (`src/problems/game/**` is `problems::game`), or the layer's own `mod.rs`
//! (`exec`). Paths inside one module are free; paths between modules are the imports checked.
//! Comments (and so doc links) are not imports and are skipped; `#[cfg(test)]` code is read
//! like the rest.
//!
//! The binary `gridjudge` (`src/main.rs` and `src/cli/`) is the top layer `cli`: its `crate::`
//! paths name its own modules, and it reaches the library as `gridjudge::`, which any layer
//! below it may be. `src/bin/` holds standalone binaries, above everything.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The library's layers, lowest first. A module may import modules of its own layer's lower
/// tiers only; layers in one tier do not import each other.
const TIERS: &[&[&str]] = &[
    &["core"],
    &["problem"],
    &["exec"],
    &["problems"],
    &["package"],
    &["judge"],
    &["export", "report"],
];

/// The layer the binary's modules are in, above every library layer.
const CLI: &str = "cli";

/// A parsed module graph: module name → the modules its paths name, with the first place each
/// edge was seen (file and line), for messages.
type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// `src`-relative path components → the module path of the file (`["core", "rng.rs"]` →
/// `["core", "rng"]`, `["problems", "game", "mod.rs"]` → `["problems", "game"]`).
fn module_path(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file has a name");
    if last != "mod.rs" && last != "lib.rs" && last != "main.rs" {
        parts.push(last.trim_end_matches(".rs").to_owned());
    }
    parts
}

/// The architectural unit of a module path: the layer and at most one name below it.
fn unit(path: &[String]) -> String {
    path.iter().take(2).cloned().collect::<Vec<_>>().join("::")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// `text` reduced to its code: comments (`//` to the end of the line, `/* */` blocks) removed,
/// and the contents of string, raw string and character literals blanked, so that neither a
/// doc link nor a string such as `"crate::x"` or `"{}"` is read as code. Newlines are kept, for
/// the line numbers of the messages.
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let newlines = |s: &str| s.chars().filter(|&c| c == '\n').collect::<String>();
    let mut i = 0;
    while i < b.len() {
        let prev_ident = i > 0 && is_ident(b[i - 1] as char);
        let rest = &text[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if let Some(body) = rest.strip_prefix("/*") {
            let end = body.find("*/").map_or(rest.len(), |k| k + 4);
            out.push_str(&newlines(&rest[..end]));
            i += end;
        } else if !prev_ident && (rest.starts_with('r') || rest.starts_with("br")) && {
            let after = rest.trim_start_matches('b').trim_start_matches('r');
            after.trim_start_matches('#').starts_with('"')
                && (rest.starts_with("r#") || rest.starts_with("r\"") || rest.starts_with("br"))
        } {
            // A raw string: r"...", r#"..."#, br"..." (no escapes; ends at quote + hashes).
            let open = rest.find('"').expect("checked above");
            let hashes = &rest[..open]
                .trim_start_matches('b')
                .trim_start_matches('r')
                .to_owned();
            let close = format!("\"{hashes}");
            let end = rest[open + 1..]
                .find(&close)
                .map_or(rest.len(), |k| open + 1 + k + close.len());
            out.push_str("\"\"");
            out.push_str(&newlines(&rest[..end]));
            i += end;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(b.len());
            out.push_str("\"\"");
            out.push_str(&newlines(&text[i..end]));
            i = end;
        } else if b[i] == b'\'' {
            // A character literal ('x', '\n', '\'', '\u{..}') or a lifetime ('a).
            let mut chars = rest[1..].char_indices();
            let end = match chars.next() {
                Some((_, '\\')) => rest[3..].find('\'').map(|k| k + 4),
                Some((_, c)) => {
                    (rest[1 + c.len_utf8()..].starts_with('\'')).then_some(2 + c.len_utf8())
                }
                None => None,
            };
            match end {
                Some(end) => {
                    out.push_str("' '");
                    i += end;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            let ch = rest.chars().next().expect("in bounds");
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every path in `code` (as [`code_only`] leaves it) that could name a module of the crate
/// (`crate::`, `super::`, `self::`, or a word and `::`), expanded over use groups (`crate::a::{b, c::{d, e}}` gives `crate::a::b`,
/// `crate::a::c::d`, `crate::a::c::e`), with its 1-based line and the inline modules
/// (`mod tests { ... }`) it stands in, which `super::` and `self::` start from.
fn paths(code: &str) -> Vec<(usize, Vec<String>, Vec<String>)> {
    let b = code.as_bytes();
    let mut found = Vec::new();
    // Open inline modules: name, and the brace depth inside their block.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut pending: Option<String> = None;
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        let at_word = i == 0 || !is_ident(b[i - 1] as char) && b[i - 1] != b':';
        match b[i] {
            b'{' => {
                depth += 1;
                if let Some(name) = pending.take() {
                    inline.push((name, depth));
                }
                i += 1;
                continue;
            }
            b'}' => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
                continue;
            }
            b';' => pending = None,
            _ => {}
        }
        if at_word && code[i..].starts_with("mod") && code[i + 3..].starts_with(char::is_whitespace)
        {
            let rest = code[i + 3..].trim_start();
            let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
            pending = Some(name.clone());
            i = code.len() - rest.len() + name.len();
            continue;
        }
        // A path starts with a word followed by `::`: `crate`, `super`, `self`, or the name
        // of a child module (`board::Board` in a module that declares `mod board`).
        let word = code[i..]
            .find(|c: char| !is_ident(c))
            .unwrap_or(code.len() - i);
        match word {
            w if at_word && w > 0 && code[i + w..].starts_with("::") => {
                let line = code[..i].matches('\n').count() + 1;
                let (list, end) = expand(code, i);
                let scope: Vec<String> = inline.iter().map(|(n, _)| n.clone()).collect();
                for p in list {
                    found.push((line, scope.clone(), p));
                }
                i = end;
            }
            _ => i += 1,
        }
    }
    found
}

/// Reads one path starting at `start` (segments and `::{...}` groups) and returns its
/// expansions and where it ended.
fn expand(code: &str, start: usize) -> (Vec<Vec<String>>, usize) {
    let b = code.as_bytes();
    let mut prefix = Vec::new();
    let mut i = start;
    loop {
        let s = i;
        while i < b.len() && is_ident(b[i] as char) {
            i += 1;
        }
        if s == i {
            break;
        }
        prefix.push(code[s..i].to_owned());
        if code[i..].starts_with("::") {
            i += 2;
            if code[i..].starts_with('{') {
                i += 1;
                let mut all = Vec::new();
                loop {
                    while i < b.len() && (b[i] as char).is_whitespace()
                        || code[i..].starts_with(',')
                    {
                        i += 1;
                    }
                    if i >= b.len() || code[i..].starts_with('}') {
                        i += 1;
                        break;
                    }
                    let (inner, end) = expand(code, i);
                    for tail in inner {
                        let mut p = prefix.clone();
                        p.extend(tail);
                        all.push(p);
                    }
                    // Skip `as name` and anything else up to the next item.
                    i = end;
                    while i < b.len() && !matches!(b[i], b',' | b'}') {
                        i += 1;
                    }
                }
                return (all, i);
            }
        } else {
            break;
        }
    }
    (vec![prefix], i)
}

/// Resolves `path` (as written in the file whose module path is `here`) to the longest known
/// module path, given every module path of the crate.
fn resolve(here: &[String], path: &[String], known: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
    let mut base: Vec<String> = Vec::new();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => rest = &path[1..],
        Some("self") | Some("super") => {
            // `self` is the module the path stands in; `super` goes one up per word.
            base = here.to_vec();
            while let Some(w) = rest.first() {
                match w.as_str() {
                    "self" => {}
                    "super" => {
                        base.pop()?;
                    }
                    _ => break,
                }
                rest = &rest[1..];
            }
        }
        // Any other first word names a child module of `here`, or is not a module path of
        // this crate at all (`std::`, `Verdict::AC`).
        _ => {
            let mut full = here.to_vec();
            full.extend(path.iter().cloned());
            return (here.len() + 1..=full.len())
                .rev()
                .map(|k| full[..k].to_vec())
                .find(|p| known.contains(p));
        }
    }
    let mut full = base;
    full.extend(rest.iter().cloned());
    (0..=full.len())
        .rev()
        .map(|k| full[..k].to_vec())
        .find(|p| known.contains(p))
}

/// The module graph of the crate rooted at `root_file` (`src/lib.rs` or `src/main.rs`) over
/// `files`, with units named by `name_of`.
fn graph(src: &Path, files: &[PathBuf], name_of: &dyn Fn(&[String]) -> String) -> Graph {
    let known: BTreeSet<Vec<String>> = files
        .iter()
        .map(|f| module_path(f.strip_prefix(src).expect("below src")))
        .collect();
    let mut g = Graph::new();
    for f in files {
        let rel = f.strip_prefix(src).expect("below src");
        let here = module_path(rel);
        let from = name_of(&here);
        let text = fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let code = code_only(&text);
        let edges = g.entry(from.clone()).or_default();
        for (line, scope, p) in paths(&code) {
            let mut at = here.clone();
            at.extend(scope);
            let Some(target) = resolve(&at, &p, &known) else {
                continue;
            };
            let to = name_of(&target);
            if to != from && !to.is_empty() {
                edges
                    .entry(to)
                    .or_insert_with(|| format!("{}:{line}", rel.display()));
            }
        }
    }
    g
}

/// One cycle in `g`, as the list of its modules (first repeated at the end), if any.
fn find_cycle(g: &Graph) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        n: &str,
        g: &Graph,
        marks: &mut BTreeMap<String, Mark>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(n) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let at = stack
                    .iter()
                    .position(|s| s == n)
                    .expect("open is on the stack");
                let mut c = stack[at..].to_vec();
                c.push(n.to_owned());
                return Some(c);
            }
            None => {}
        }
        marks.insert(n.to_owned(), Mark::Open);
        stack.push(n.to_owned());
        for to in g.get(n).into_iter().flat_map(|e| e.keys()) {
            if let Some(c) = visit(to, g, marks, stack) {
                return Some(c);
            }
        }
        stack.pop();
        marks.insert(n.to_owned(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for n in g.keys() {
        if let Some(c) = visit(n, g, &mut marks, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

/// Each strongly connected component of `g` that has more than one module
/// (every group of modules that import each other, named once), with one cycle in it.
/// O(V·(V + E)): the graph
/// has a few dozen modules.
fn cycles(g: &Graph) -> Vec<(Vec<String>, Vec<String>)> {
    let reach = |from: &str| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.to_owned()];
        while let Some(n) = todo.pop() {
            for to in g.get(&n).into_iter().flat_map(|e| e.keys()) {
                if seen.insert(to.clone()) {
                    todo.push(to.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> = g.keys().map(|n| (n, reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for n in g.keys() {
        if done.contains(n) || !reaches[n].contains(n) {
            continue;
        }
        let scc: BTreeSet<String> = reaches[n]
            .iter()
            .filter(|m| reaches.get(m).is_some_and(|r| r.contains(n)))
            .cloned()
            .collect();
        let sub: Graph = scc
            .iter()
            .map(|m| {
                let edges = g[m]
                    .iter()
                    .filter(|(to, _)| scc.contains(*to))
                    .map(|(to, at)| (to.clone(), at.clone()))
                    .collect();
                (m.clone(), edges)
            })
            .collect();
        if let Some(c) = find_cycle(&sub) {
            out.push((scc.iter().cloned().collect(), c));
        }
        done.extend(scc);
    }
    out
}

/// The layer order for messages: `core < problem < ... < export, report`.
fn layers_text() -> String {
    TIERS
        .iter()
        .map(|t| t.join(", "))
        .collect::<Vec<_>>()
        .join(" < ")
}

/// Every violation of the layering in the tree at `src`, as readable lines.
fn violations(src: &Path) -> Vec<String> {
    let mut lib_files = Vec::new();
    rust_files(src, &mut lib_files);
    // The binary's files: main.rs and cli/; src/bin/ holds separate binaries.
    let (bin_files, lib_files): (Vec<_>, Vec<_>) = lib_files
        .into_iter()
        .filter(|f| !f.starts_with(src.join("bin")))
        .partition(|f| *f == src.join("main.rs") || f.starts_with(src.join(CLI)));
    let tier_of = |layer: &str| TIERS.iter().position(|t| t.contains(&layer));
    let mut out = Vec::new();

    let lib = graph(src, &lib_files, &|p: &[String]| unit(p));
    for (from, edges) in &lib {
        if from.is_empty() {
            continue; // lib.rs declares the layers.
        }
        let layer = from.split("::").next().expect("non-empty");
        let Some(ft) = tier_of(layer) else {
            out.push(format!(
                "module `{from}` is in no layer (src/{layer}; the layers, lowest first: {})",
                layers_text()
            ));
            continue;
        };
        for (to, at) in edges {
            let to_layer = to.split("::").next().expect("non-empty");
            match tier_of(to_layer) {
                Some(tt) if tt < ft || to_layer == layer => {}
                Some(_) => out.push(format!(
                    "{at}: `{from}` (layer {layer}) imports `{to}` from layer {to_layer}, \
                     which is not below it"
                )),
                None => {} // Reported as a module in no layer.
            }
        }
    }
    for (members, c) in cycles(&lib) {
        let steps: Vec<String> = c
            .windows(2)
            .map(|w| format!("{} -> {} ({})", w[0], w[1], lib[&w[0]][&w[1]]))
            .collect();
        out.push(format!(
            "import cycle among {} modules ({}), e.g. {}",
            members.len(),
            members.join(", "),
            steps.join(", ")
        ));
    }

    let cli_unit = |p: &[String]| match p.first() {
        Some(first) if first == CLI => unit(p),
        _ => CLI.to_owned(),
    };
    let bin_src_files: Vec<PathBuf> = bin_files;
    let bin = graph(src, &bin_src_files, &cli_unit);
    for (members, _) in cycles(&bin) {
        out.push(format!(
            "import cycle in the binary among {}",
            members.join(", ")
        ));
    }
    out
}

#[test]
fn the_source_tree_keeps_its_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = violations(&src);
    assert!(
        found.is_empty(),
        "the layering of src/ is broken (see ARCHITECTURE.md):\n{}",
        found.join("\n")
    );
}

/// The checker itself on small made-up trees: an upward import, a cycle inside one layer, a
/// use group and `super::` paths are each found; a clean tree passes.
#[test]
fn the_layering_check_finds_what_it_should() {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path();
    let write = |rel: &str, text: &str| {
        let p = src.join(rel);
        fs::create_dir_all(p.parent().expect("has a parent")).expect("mkdir");
        fs::write(p, text).expect("write");
    };
    write("lib.rs", "pub mod core;\npub mod judge;\n");
    write("core/mod.rs", "pub mod a;\npub mod b;\n");
    write(
        "core/a.rs",
        "use super::b::X;\n// crate::judge is only named in a comment\n",
    );
    write(
        "core/b.rs",
        "pub struct X;\nconst S: &str = \"crate::judge\";\n",
    );
    write("judge/mod.rs", "use crate::core::{a, b::X};\n");
    assert_eq!(violations(src), Vec::<String>::new());

    // An upward import, inside a use group.
    write("core/b.rs", "use crate::{judge, core::a};\npub struct X;\n");
    let v = violations(src);
    assert!(
        v.iter()
            .any(|l| l.contains("`core::b` (layer core) imports `judge`")),
        "{v:?}"
    );
    // ...and the cycle it closes: core::a -> core::b -> core::a.
    assert!(v.iter().any(|l| l.starts_with("import cycle")), "{v:?}");

    // A module outside the layers.
    write("core/b.rs", "pub struct X;\n");
    write("misc.rs", "pub fn f() {}\n");
    let v = violations(src);
    assert_eq!(v.len(), 1, "{v:?}");
    assert!(v[0].contains("module `misc` is in no layer"), "{v:?}");
}
