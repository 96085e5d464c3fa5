//! Build script: the `[constraints]` and `[lifted]` bounds of the built-in problems'
//! `problems/<name>/problem.toml`, read once here and compiled in as constants
//! (`$OUT_DIR/builtin_bounds.rs`, used by `gridjudge::problem::builtin_bounds`), so that
//! running a reference solution needs no TOML parser at run time (its code is about 0.25 MiB of
//! a `solve` process's resident memory). [`BUILTIN`] names the built-in problems
//! (`src/problems/`); a test checks that every one is here and that the constants agree with
//! the run-time parse of the same files.

use std::fmt::Write as _;
use std::path::Path;

fn bounds(table: Option<&toml::Value>, file: &Path, name: &str) -> String {
    let mut out = String::from("&[");
    if let Some(t) = table {
        let t = t
            .as_table()
            .unwrap_or_else(|| panic!("{}: [{name}] is not a table", file.display()));
        for (key, v) in t {
            let pair: Option<Vec<i64>> = v
                .as_array()
                .and_then(|a| a.iter().map(toml::Value::as_integer).collect());
            let Some(&[lo, hi]) = pair.as_deref() else {
                panic!(
                    "{}: {name}.{key} is not [lo, hi] with two integers",
                    file.display()
                )
            };
            write!(out, "({key:?}, [{lo}, {hi}]), ").unwrap();
        }
    }
    out.push(']');
    out
}

/// The built-in problems, whose `problems/<name>/problem.toml` is compiled in.
const BUILTIN: [&str; 3] = ["game", "bunny", "duel"];

fn main() {
    let mut code = String::from(
        "/// One table of bounds: (name, [lo, hi]).\n\
         pub(crate) type Table = &'static [(&'static str, [i64; 2])];\n\
         /// (problem, `[constraints]`, `[lifted]`) of each built-in problem.toml, by build.rs.\n\
         pub(crate) const BOUNDS: &[(&str, Table, Table)] = &[\n",
    );
    for name in BUILTIN {
        let file = Path::new("problems").join(name).join("problem.toml");
        println!("cargo:rerun-if-changed={}", file.display());
        let text = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        let doc: toml::Table = text
            .parse()
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        writeln!(
            code,
            "    ({name:?}, {}, {}),",
            bounds(doc.get("constraints"), &file, "constraints"),
            bounds(doc.get("lifted"), &file, "lifted")
        )
        .unwrap();
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("builtin_bounds.rs");
    std::fs::write(out, code).expect("writable OUT_DIR");
}
