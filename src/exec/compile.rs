//! Languages and the compile cache: what a submission or a setter's program is (a source in
//! one of the supported languages, an executable, or a command line), how each language is
//! compiled, and [`prepare`], which compiles a source once per (compiler version, command,
//! source) into a cache folder and hands back how to run it. The sandbox session a run uses
//! is made here too ([`session`]).
//!
//! Uses the runner and sandbox beside it; knows nothing of problems.

use std::collections::HashMap;
use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};

use anyhow::{bail, Context};
use sha2::{Digest, Sha256};

use crate::exec::sandbox::Session;

/// What reports say about runs made with `--no-sandbox`.
pub const NO_SANDBOX: &str =
    "NO SANDBOX (--no-sandbox): programs ran unconfined as the judge's user, \
     with per-process limits only";

/// The sandbox session of a judge or stress call: `Some` when `sandboxed`, with the
/// description for reports. Errors when the sandbox is wanted but unavailable (the message says
/// what is missing and how to get it, and mentions `--no-sandbox`).
pub fn session(sandboxed: bool) -> anyhow::Result<(Option<Arc<Session>>, String)> {
    if !sandboxed {
        return Ok((None, NO_SANDBOX.to_string()));
    }
    let s = Session::new()?;
    let what = format!("sandbox: {}", s.describe());
    Ok((Some(s), what))
}

/// A source language gridjudge compiles or interprets, with its code in the Kattis problem
/// package format's language table (2025-09 spec, appendix "Languages"; problemtools'
/// `languages.yaml` for the detection priorities). [`Language::PyPy3`] has no code of its own
/// there (Kattis runs `python3` with PyPy 3); gridjudge names it `pypy3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Language {
    /// C (`gcc`).
    C,
    /// C++ (`g++`).
    Cpp,
    /// Rust (`rustc`).
    Rust,
    /// Python 3 (CPython, `python3`).
    Python3,
    /// Python 3 run by PyPy (`pypy3`).
    PyPy3,
    /// Python 2 (`python2`, else `pypy`).
    Python2,
    /// Java (`javac`, `java`).
    Java,
    /// Kotlin (`kotlinc`, `kotlin`).
    Kotlin,
    /// Bash (`bash`; the table's `.sh` files, and BAPCtools' `.bash`).
    Bash,
    /// JavaScript (Node.js: `node`, else `nodejs`).
    JavaScript,
    /// Ruby (`ruby`).
    Ruby,
    /// PHP (`php` on the command line).
    Php,
}

/// Every [`Language`], in the order of problemtools' detection priority, highest first.
pub const ALL_LANGUAGES: &[Language] = &[
    Language::Cpp,
    Language::C,
    Language::Bash,
    Language::Python2,
    Language::Python3,
    Language::Java,
    Language::Ruby,
    Language::Rust,
    Language::JavaScript,
    Language::Php,
    Language::Kotlin,
    Language::PyPy3,
];

impl Language {
    /// The language's code in the Kattis language table (`c`, `cpp`, `rust`, `python3`,
    /// `python2`, `java`, `kotlin`, `bash`, `javascript`, `ruby`, `php`; `pypy3` for
    /// [`Language::PyPy3`]), as `submissions.yaml`'s `language` key names it.
    pub fn code(self) -> &'static str {
        match self {
            Language::C => "c",
            Language::Cpp => "cpp",
            Language::Rust => "rust",
            Language::Python3 => "python3",
            Language::PyPy3 => "pypy3",
            Language::Python2 => "python2",
            Language::Java => "java",
            Language::Kotlin => "kotlin",
            Language::Bash => "bash",
            Language::JavaScript => "javascript",
            Language::Ruby => "ruby",
            Language::Php => "php",
        }
    }

    /// The language a Kattis language code names ([`Language::code`]); `None` for any other
    /// code (also for the table's languages gridjudge does not run, such as `go`).
    pub fn from_code(code: &str) -> Option<Language> {
        ALL_LANGUAGES.iter().copied().find(|l| l.code() == code)
    }

    /// The name reports show: `C`, `C++`, `Rust`, `Python 3`, `PyPy 3`, `Python 2`, `Java`,
    /// `Kotlin`, `Bash`, `JavaScript`, `Ruby`, `PHP`.
    pub fn name(self) -> &'static str {
        match self {
            Language::C => "C",
            Language::Cpp => "C++",
            Language::Rust => "Rust",
            Language::Python3 => "Python 3",
            Language::PyPy3 => "PyPy 3",
            Language::Python2 => "Python 2",
            Language::Java => "Java",
            Language::Kotlin => "Kotlin",
            Language::Bash => "Bash",
            Language::JavaScript => "JavaScript",
            Language::Ruby => "Ruby",
            Language::Php => "PHP",
        }
    }

    /// The file name endings that make a file a source of this language (the Kattis language
    /// table; `.py` counts for Python 2 only with a `python2` shebang, [`Language::detect`]).
    /// None for PyPy 3, which only `submissions.yaml`'s `language: pypy3` chooses.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Language::C => &["c"],
            Language::Cpp => &["cpp", "cc", "cxx", "c++", "C"],
            Language::Rust => &["rs"],
            Language::Python3 => &["py", "py3"],
            Language::PyPy3 => &[],
            Language::Python2 => &["py", "py2"],
            Language::Java => &["java"],
            Language::Kotlin => &["kt"],
            Language::Bash => &["sh", "bash"],
            Language::JavaScript => &["js"],
            Language::Ruby => &["rb"],
            Language::Php => &["php"],
        }
    }

    /// Whether the language is run by an interpreter from its source with no compile step
    /// and no Python packaging ([`SubmissionKind::Script`]): Bash, JavaScript, Ruby, PHP.
    pub fn is_script(self) -> bool {
        matches!(
            self,
            Language::Bash | Language::JavaScript | Language::Ruby | Language::Php
        )
    }

    /// The interpreter's options before the source file (PHP: `-n -d display_errors=stderr
    /// -d html_errors=0 -f`, as the Kattis and BAPCtools language tables run it; none for the
    /// others).
    fn script_options(self) -> &'static [&'static str] {
        match self {
            Language::Php => &[
                "-n",
                "-d",
                "display_errors=stderr",
                "-d",
                "html_errors=0",
                "-f",
            ],
            _ => &[],
        }
    }

    /// Whether `file` is a source of this language by its name; for PyPy 3 the Python 3 files.
    pub fn is_source(self, file: &Path) -> bool {
        let exts = match self {
            Language::PyPy3 => Language::Python3.extensions(),
            l => l.extensions(),
        };
        file.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| exts.contains(&e))
    }

    /// problemtools' detection priority (`languages.yaml`; Bash, which problemtools lacks, has
    /// BAPCtools' 910 of its `shell`): the tie-breaker between languages with as many files.
    fn priority(self) -> u32 {
        match self {
            Language::Cpp => 1000,
            Language::C => 950,
            Language::Python2 => 860,
            Language::Python3 => 850,
            Language::Java => 800,
            Language::Rust => 575,
            Language::Kotlin => 250,
            Language::Bash => 910,
            Language::Ruby => 650,
            Language::JavaScript => 500,
            Language::Php => 450,
            Language::PyPy3 => 0,
        }
    }

    /// The language of a program made of `files`, as problemtools detects it (its
    /// `languages.yaml`, "Language detection"): each language counts the files that are its
    /// sources, where a `.py` file counts for Python 2 only when its first line matches
    /// `^#!.*python2\b`; the most files win, ties go to the higher priority (C++ 1000, C 950,
    /// Bash 910, Python 2 860, Python 3 850, Java 800, Ruby 650, Rust 575, JavaScript 500, PHP
    /// 450, Kotlin 250). `None` when no file is a
    /// source of any language here. Reads the first line of each `.py` file (a file that cannot
    /// be read has no shebang). Cost: O(files × languages).
    pub fn detect(files: &[PathBuf]) -> Option<Language> {
        let mut best: Option<(usize, u32, Language)> = None;
        for &lang in ALL_LANGUAGES {
            if lang == Language::PyPy3 {
                continue;
            }
            let count = files
                .iter()
                .filter(|f| lang.is_source(f))
                .filter(|f| {
                    lang != Language::Python2
                        || f.extension().is_some_and(|e| e != "py")
                        || python2_shebang(f)
                })
                .count();
            if count > 0 && best.is_none_or(|(c, p, _)| (count, lang.priority()) > (c, p)) {
                best = Some((count, lang.priority(), lang));
            }
        }
        best.map(|(_, _, l)| l)
    }

    /// The single-file [`SubmissionKind`] of this language for the source `path`.
    pub fn single(self, path: PathBuf) -> SubmissionKind {
        match self {
            Language::C => SubmissionKind::C(path),
            Language::Cpp => SubmissionKind::Cpp(path),
            Language::Rust => SubmissionKind::Rust(path),
            Language::Python3 => SubmissionKind::Python(path),
            Language::PyPy3 => SubmissionKind::PyPy(path),
            Language::Python2 => SubmissionKind::Python2(path),
            Language::Java => SubmissionKind::Java(path),
            Language::Kotlin => SubmissionKind::Kotlin(path),
            Language::Bash | Language::JavaScript | Language::Ruby | Language::Php => {
                SubmissionKind::Script(self, path)
            }
        }
    }

    /// Why this machine cannot build or run the language, `None` when it can: the compiler
    /// (`gcc`, `g++`, `rustc`, `javac` and `java`, `kotlinc` and `kotlin`) or interpreter
    /// (`python3`, `pypy3`, `python2` or `pypy`, `bash`, `node` or `nodejs`, `ruby`, `php`)
    /// that is missing, and how to get it. Runs each tool once per process (`--version`,
    /// memoised).
    pub fn missing(self) -> Option<String> {
        let need: &[&str] = match self {
            Language::C => &["gcc"],
            Language::Cpp => &["g++"],
            Language::Rust => &["rustc"],
            Language::Java => &["javac", "java"],
            Language::Kotlin => &["kotlinc", "kotlin"],
            _ => {
                let names = interpreter_names(self);
                return match interpreter(self) {
                    Some(_) => None,
                    None => Some(format!(
                        "{}: no {} interpreter in /usr/bin or PATH{}",
                        self.name(),
                        names
                            .iter()
                            .map(|n| format!("`{n}`"))
                            .collect::<Vec<_>>()
                            .join(" or "),
                        install_hint(names[0])
                    )),
                };
            }
        };
        need.iter()
            .find(|t| compiler_version(t).is_none())
            .map(|t| {
                format!(
                    "{}: cannot run `{t} --version`: is {t} installed?{}",
                    self.name(),
                    install_hint(t)
                )
            })
    }
}

/// How to install a tool on Debian, for messages: `` (Debian: `apt-get install ...`)``.
fn install_hint(tool: &str) -> &'static str {
    match tool {
        "g++" => " (Debian: `apt-get install g++`)",
        "gcc" => " (Debian: `apt-get install gcc`)",
        "javac" | "java" => " (Debian: `apt-get install default-jdk-headless`)",
        "kotlinc" | "kotlin" => " (https://kotlinlang.org/docs/command-line.html)",
        "rustc" => " (https://rustup.rs)",
        "python3" => " (Debian: `apt-get install python3`)",
        "pypy3" => " (Debian: `apt-get install pypy3`)",
        "python2" => " (install Python 2.7, or PyPy for Python 2)",
        "bash" => " (Debian: `apt-get install bash`)",
        "node" => " (Debian: `apt-get install nodejs`)",
        "ruby" => " (Debian: `apt-get install ruby`)",
        "php" => " (Debian: `apt-get install php-cli`)",
        _ => "",
    }
}

/// Whether the first line of `file` is a `python2` shebang (`^#!.*python2\b`, problemtools'
/// `languages.yaml`). A file that cannot be read has none.
fn python2_shebang(file: &Path) -> bool {
    use std::io::{BufRead, Read};
    let Ok(f) = std::fs::File::open(file) else {
        return false;
    };
    let mut line = Vec::new();
    if std::io::BufReader::new(f.take(4096))
        .read_until(b'\n', &mut line)
        .is_err()
    {
        return false;
    }
    let line = String::from_utf8_lossy(&line);
    let Some(rest) = line.strip_prefix("#!") else {
        return false;
    };
    rest.match_indices("python2").any(|(i, m)| {
        !rest[i + m.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// A program of several files in one folder (a Kattis directory submission).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FolderProgram {
    /// Its language.
    pub language: Language,
    /// The folder (absolute).
    pub dir: PathBuf,
    /// The folder's sources of the language, absolute, sorted (every file below `dir`).
    pub sources: Vec<PathBuf>,
    /// The entry point: the main source file (the one Python runs, Rust compiles; for Java
    /// and Kotlin the file whose class is started, unless `main_class` says otherwise).
    pub entry: PathBuf,
    /// Java and Kotlin: the class to start (Kotlin's file class, e.g. `MainKt`).
    pub main_class: Option<String>,
}

impl FolderProgram {
    /// The program in the folder `dir`: every file below it (hidden ones left out, as the
    /// tools do) is a candidate; the language is `language` when given (`submissions.yaml`'s
    /// `language`), else [`Language::detect`]ed; the entry point `entrypoint` when given (a
    /// file name relative to `dir` for Python and Rust, a class for Java and Kotlin), else the
    /// language's default: for Python `__main__.py` when there is one (the 2025-09 language
    /// table), then, as problemtools does, a source named `main.*` in any case, else the first
    /// source in sorted order; the JVM class is that file's stem (Kotlin: capitalised, plus
    /// `Kt`).
    ///
    /// Errors, naming the folder: no source of a language here, an unknown `language` code,
    /// an `entrypoint` file that is not there.
    pub fn of_dir(
        dir: &Path,
        language: Option<&str>,
        entrypoint: Option<&str>,
    ) -> anyhow::Result<FolderProgram> {
        let dir = absolute(dir)?;
        let mut files = Vec::new();
        let mut todo = vec![dir.clone()];
        while let Some(d) = todo.pop() {
            for e in
                std::fs::read_dir(&d).with_context(|| format!("cannot read {}", d.display()))?
            {
                let e = e.with_context(|| format!("cannot read {}", d.display()))?;
                if e.file_name().as_encoded_bytes().starts_with(b".") {
                    continue;
                }
                let p = e.path();
                if p.is_dir() {
                    todo.push(p);
                } else if p.is_file() {
                    files.push(p);
                }
            }
        }
        files.sort();
        let language = match language {
            Some(code) => Language::from_code(code).with_context(|| {
                format!(
                    "{}: language `{code}` is not one gridjudge runs ({})",
                    dir.display(),
                    ALL_LANGUAGES
                        .iter()
                        .map(|l| l.code())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })?,
            None => Language::detect(&files).with_context(|| {
                format!(
                    "{}: no source of a language gridjudge runs in this folder (.c, .cpp, .rs, \
                     .py, .java, .kt, ...)",
                    dir.display()
                )
            })?,
        };
        let sources: Vec<PathBuf> = files
            .into_iter()
            .filter(|f| language.is_source(f))
            .collect();
        let Some(first) = sources.first() else {
            bail!(
                "{}: no {} source in this folder",
                dir.display(),
                language.name()
            );
        };
        let jvm = matches!(language, Language::Java | Language::Kotlin);
        let named = |name: &str| {
            sources
                .iter()
                .find(|s| s.strip_prefix(&dir).is_ok_and(|r| r == Path::new(name)))
        };
        let default_entry = || {
            let python = matches!(
                language,
                Language::Python3 | Language::PyPy3 | Language::Python2
            );
            python
                .then(|| named("__main__.py"))
                .flatten()
                .or_else(|| {
                    sources.iter().find(|s| {
                        s.file_name()
                            .and_then(|n| n.to_str())
                            .is_some_and(|n| n.to_ascii_lowercase().starts_with("main."))
                    })
                })
                .unwrap_or(first)
                .clone()
        };
        let (entry, main_class) = match entrypoint {
            Some(e) if jvm => (default_entry(), Some(e.to_string())),
            Some(e) => {
                let Some(file) = named(e) else {
                    bail!(
                        "{}: entrypoint `{e}` is not a {} source in this folder",
                        dir.display(),
                        language.name()
                    );
                };
                (file.clone(), None)
            }
            None => {
                let entry = default_entry();
                let class = jvm.then(|| {
                    let stem = entry
                        .file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    if language == Language::Kotlin {
                        let mut c = stem.chars();
                        let cap: String = c
                            .next()
                            .map(|f| f.to_uppercase().chain(c).collect())
                            .unwrap_or_default();
                        format!("{cap}Kt")
                    } else {
                        stem
                    }
                });
                (entry, class)
            }
        };
        Ok(FolderProgram {
            language,
            dir,
            sources,
            entry,
            main_class,
        })
    }
}

/// What a submission is and how it is run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubmissionKind {
    /// C++ source, compiled with `g++ -O2 -std=c++17`.
    Cpp(PathBuf),
    /// Rust source, compiled with `rustc -O --edition 2021`.
    Rust(PathBuf),
    /// C source, compiled with `gcc -O2 -std=c11 ... -lm`.
    C(PathBuf),
    /// Python 3 source, run with `python3`.
    Python(PathBuf),
    /// Python 3 source, run with `pypy3`.
    PyPy(PathBuf),
    /// Python 2 source, run with `python2` (else `pypy`).
    Python2(PathBuf),
    /// Java source, compiled with `javac` and run with `java -cp DIR CLASS`, the class named
    /// as the file.
    Java(PathBuf),
    /// Kotlin source, compiled with `kotlinc -d DIR` and run with `kotlin -cp DIR CLASS`, the
    /// class named as the file, capitalised, plus `Kt` (`main.kt` → `MainKt`).
    Kotlin(PathBuf),
    /// A source of a [`Language::is_script`] language, run by its interpreter
    /// ([`interpreter`]): `bash FILE`, `node FILE`, `ruby FILE`, `php -n ... -f FILE`.
    Script(Language, PathBuf),
    /// A program of several files in one folder ([`FolderProgram`]).
    Folder(Box<FolderProgram>),
    /// An executable file, run as it is.
    Executable(PathBuf),
    /// A command line, run with `/bin/sh -c`.
    Command(String),
}

impl SubmissionKind {
    /// The language of the source file `path`, by its extension: `.cpp`, `.cc`, `.cxx`,
    /// `.c++` or `.C` C++, `.c` C, `.rs` Rust, `.py` or `.py3` Python 3 (a `.py` file whose
    /// first line is a `python2` shebang is Python 2, as problemtools reads it), `.py2` Python
    /// 2, `.java` Java, `.kt` Kotlin, `.sh` or `.bash` Bash, `.js` JavaScript, `.rb` Ruby,
    /// `.php` PHP (the variant holds `path`); `None` for any other
    /// extension or none. The one table from a source's extension to its language
    /// and compile command: submissions ([`Submission::from_arg`]) and the sources an export
    /// ships ([`crate::export`]) are read with it (Polygon's package names its own compiler
    /// ids, `crate::export::polygon`).
    pub fn of_source(path: &Path) -> Option<SubmissionKind> {
        let ext = path.extension()?.to_str()?;
        if ext == "py" && python2_shebang(path) {
            return Some(SubmissionKind::Python2(path.to_path_buf()));
        }
        LANGUAGES
            .iter()
            .find(|(exts, _)| exts.contains(&ext))
            .map(|(_, make)| make(path.to_path_buf()))
    }

    /// The source language, `None` for an executable or a command line.
    pub fn language(&self) -> Option<Language> {
        Some(match self {
            SubmissionKind::Cpp(_) => Language::Cpp,
            SubmissionKind::Rust(_) => Language::Rust,
            SubmissionKind::C(_) => Language::C,
            SubmissionKind::Python(_) => Language::Python3,
            SubmissionKind::PyPy(_) => Language::PyPy3,
            SubmissionKind::Python2(_) => Language::Python2,
            SubmissionKind::Java(_) => Language::Java,
            SubmissionKind::Kotlin(_) => Language::Kotlin,
            SubmissionKind::Script(l, _) => *l,
            SubmissionKind::Folder(f) => f.language,
            SubmissionKind::Executable(_) | SubmissionKind::Command(_) => return None,
        })
    }
}

/// Makes a [`SubmissionKind`] of one language from its source's path.
type MakeKind = fn(PathBuf) -> SubmissionKind;

/// The source languages by extension, in the order help texts list them: each language's
/// extensions and its variant. [`SubmissionKind::of_source`] reads this table, and
/// [`languages_summary`] describes it for `gridjudge --help`.
const LANGUAGES: &[(&[&str], MakeKind)] = &[
    (&["cpp", "cc", "cxx", "c++", "C"], SubmissionKind::Cpp),
    (&["c"], SubmissionKind::C),
    (&["rs"], SubmissionKind::Rust),
    (&["py", "py3"], SubmissionKind::Python),
    (&["py2"], SubmissionKind::Python2),
    (&["java"], SubmissionKind::Java),
    (&["kt"], SubmissionKind::Kotlin),
    (&["sh", "bash"], |p| {
        SubmissionKind::Script(Language::Bash, p)
    }),
    (&["js"], |p| SubmissionKind::Script(Language::JavaScript, p)),
    (&["rb"], |p| SubmissionKind::Script(Language::Ruby, p)),
    (&["php"], |p| SubmissionKind::Script(Language::Php, p)),
];

/// Every source language of the table, for help texts: `a .cpp/.cc/.cxx file (g++ -O2
/// -std=c++17), ..., a .py file (python3), ...`, each with its compile command
/// ([`compile_command`], without its file arguments) or `python3` for Python.
pub fn languages_summary() -> String {
    let parts: Vec<String> = LANGUAGES
        .iter()
        .map(|(exts, make)| {
            let kind = make(PathBuf::new());
            let how = match compile_command(&kind) {
                Some((compiler, args)) => {
                    let mut words = vec![compiler];
                    let mut skip = false;
                    for (i, a) in args.iter().enumerate() {
                        // Drop the file arguments and the option that takes the output.
                        if skip || a.contains('{') {
                            skip = false;
                            continue;
                        }
                        if args.get(i + 1) == Some(&"{out}") {
                            skip = true;
                            continue;
                        }
                        words.push(a);
                    }
                    words.join(" ")
                }
                None => match kind {
                    SubmissionKind::Python2(_) => "python2".to_string(),
                    SubmissionKind::Script(l, _) => interpreter_names(l)[0].to_string(),
                    _ => "python3".to_string(),
                },
            };
            let exts: Vec<String> = exts.iter().map(|e| format!(".{e}")).collect();
            format!("a {} file ({how})", exts.join("/"))
        })
        .collect();
    parts.join(", ")
}

/// A submission to judge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// Name shown in reports (the argument as given, or a path relative to a catalogue).
    pub name: String,
    /// How to build and run it.
    pub kind: SubmissionKind,
}

/// Whether `path` is a regular file with an execute bit set (one `stat`).
pub fn is_executable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Whether the program `word` is an executable file in a folder of `PATH` (one `stat` per
/// folder).
pub fn in_path(word: &str) -> bool {
    std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).any(|d| is_executable(&d.join(word))))
        .unwrap_or(false)
}

fn absolute(path: &Path) -> anyhow::Result<PathBuf> {
    std::path::absolute(path).with_context(|| format!("cannot resolve {}", path.display()))
}

impl Submission {
    /// Interprets a command-line argument: an existing source file ([`SubmissionKind::of_source`]),
    /// an existing executable file, a folder (a multi-file program, [`FolderProgram::of_dir`]),
    /// or else a command line whose first word is an existing path or a program in `PATH`.
    ///
    /// Errors: an existing file that is neither a known source nor executable; a folder with
    /// no source of a known language; a missing file
    /// that looks like a path or a source; a command whose program does not exist.
    pub fn from_arg(arg: &str) -> anyhow::Result<Submission> {
        let path = Path::new(arg);
        let named = |kind| Submission {
            name: arg.to_string(),
            kind,
        };
        if path.is_file() {
            let abs = absolute(path)?;
            return match SubmissionKind::of_source(&abs) {
                Some(kind) => Ok(named(kind)),
                None if is_executable(path) => Ok(named(SubmissionKind::Executable(abs))),
                None => bail!(
                    "{arg}: not a submission (expected a source ({}), or an executable file)",
                    languages_summary()
                ),
            };
        }
        if path.is_dir() {
            let f = FolderProgram::of_dir(path, None, None)?;
            return Ok(named(SubmissionKind::Folder(Box::new(f))));
        }
        if path.exists() {
            bail!("{arg}: not a file");
        }
        let first = arg.split_whitespace().next().unwrap_or("");
        if first.is_empty() {
            bail!("empty submission argument");
        }
        let looks_like_file = !arg.contains(char::is_whitespace)
            && (arg.contains('/') || arg.ends_with(".cpp") || arg.ends_with(".rs"));
        if looks_like_file {
            bail!("{arg}: no such file");
        }
        let found = if first.contains('/') {
            is_executable(Path::new(first))
        } else {
            in_path(first)
        };
        if !found {
            bail!("{arg}: `{first}` is neither a file nor a program in PATH");
        }
        Ok(named(SubmissionKind::Command(arg.to_string())))
    }

    /// The language, for reports: `C++`, `Rust`, `Python 3`, ... ([`Language::name`]),
    /// `executable` or `command`.
    pub fn language(&self) -> &'static str {
        match self.kind {
            SubmissionKind::Cpp(_) => "C++",
            SubmissionKind::Rust(_) => "Rust",
            SubmissionKind::C(_) => "C",
            SubmissionKind::Python(_) => "Python 3",
            SubmissionKind::PyPy(_) => "PyPy 3",
            SubmissionKind::Python2(_) => "Python 2",
            SubmissionKind::Java(_) => "Java",
            SubmissionKind::Kotlin(_) => "Kotlin",
            SubmissionKind::Script(l, _) => l.name(),
            SubmissionKind::Folder(ref f) => f.language.name(),
            SubmissionKind::Executable(_) => "executable",
            SubmissionKind::Command(_) => "command",
        }
    }
}

/// A submission ready to run, or why it is not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prepared {
    /// The command line to run.
    Ready(Vec<OsString>),
    /// Compilation failed (or the compiler could not be run); the compiler's message.
    CompileError(String),
}

/// The compile command of a source, with `{out}` and `{src}` standing for the paths: the one
/// `judge` uses and the one an export compiles a problem's programs with
/// ([`crate::export`]). `None` for what is run as it is. For a [`FolderProgram`], its
/// language's command, where `{src}` stands for every source of the folder (for Rust, its
/// entry point alone: `rustc` finds the modules).
pub fn compile_command(kind: &SubmissionKind) -> Option<(&'static str, Vec<&'static str>)> {
    match kind {
        SubmissionKind::Cpp(_) => Some(("g++", vec!["-O2", "-std=c++17", "-o", "{out}", "{src}"])),
        SubmissionKind::Rust(_) => Some((
            "rustc",
            vec!["-O", "--edition", "2021", "-o", "{out}", "{src}"],
        )),
        SubmissionKind::C(_) => Some((
            "gcc",
            vec!["-O2", "-std=c11", "-o", "{out}", "{src}", "-lm"],
        )),
        SubmissionKind::Java(_) => {
            Some(("javac", vec!["-encoding", "UTF-8", "-d", "{out}", "{src}"]))
        }
        SubmissionKind::Kotlin(_) => Some(("kotlinc", vec!["-d", "{out}", "{src}"])),
        SubmissionKind::Folder(f) => match f.language {
            Language::Python3 | Language::PyPy3 | Language::Python2 => None,
            l if l.is_script() => None,
            l => compile_command(&l.single(PathBuf::new())),
        },
        _ => None,
    }
}

/// `compiler --version`, memoised per process (part of the cache key, so that a new compiler
/// does not reuse old binaries). `None` when the compiler cannot be run.
fn compiler_version(compiler: &str) -> Option<String> {
    static VERSIONS: OnceLock<Mutex<HashMap<String, Option<String>>>> = OnceLock::new();
    let map = VERSIONS.get_or_init(Default::default);
    if let Some(v) = map.lock().ok()?.get(compiler) {
        return v.clone();
    }
    // kotlinc (and the JVM tools) know `-version` only, and print it on stderr.
    let flag = if compiler.starts_with("kotlin") {
        "-version"
    } else {
        "--version"
    };
    // Debian's `kotlin` runner fails `-version` (no build.txt) though it runs programs: for
    // it, starting is enough.
    let v = Command::new(compiler)
        .arg(flag)
        .output()
        .ok()
        .filter(|o| o.status.success() || compiler == "kotlin")
        .map(|o| {
            let mut s = String::from_utf8_lossy(&o.stdout).into_owned();
            s.push_str(&String::from_utf8_lossy(&o.stderr));
            s
        });
    map.lock().ok()?.insert(compiler.to_string(), v.clone());
    v
}

/// The files a C or C++ `source` (at `path`) includes with `#include "NAME"` that exist
/// beside it, and the ones they include in turn, each once, with their contents, in the order
/// found. Cost: one read per header; at most 256 headers are followed.
fn local_includes(path: &Path, source: &[u8]) -> Vec<(PathBuf, Vec<u8>)> {
    fn names(text: &[u8]) -> Vec<String> {
        text.split(|&b| b == b'\n')
            .filter_map(|line| {
                let line = String::from_utf8_lossy(line);
                let rest = line.trim_start().strip_prefix('#')?.trim_start();
                let rest = rest.strip_prefix("include")?.trim_start();
                let rest = rest.strip_prefix('"')?;
                Some(rest[..rest.find('"')?].to_string())
            })
            .collect()
    }
    let mut out: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    let mut todo: Vec<(PathBuf, String)> = names(source)
        .into_iter()
        .map(|n| (path.parent().unwrap_or(Path::new(".")).to_path_buf(), n))
        .collect();
    while let Some((dir, name)) = todo.pop() {
        let file = dir.join(&name);
        if out.len() >= 256 || out.iter().any(|(p, _)| *p == file) {
            continue;
        }
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        let next = file.parent().unwrap_or(Path::new(".")).to_path_buf();
        todo.extend(names(&bytes).into_iter().map(|n| (next.clone(), n)));
        out.push((file, bytes));
    }
    out
}

/// The interpreter of a Python language, memoised per process: for Python 3 `python3`, for
/// PyPy 3 `pypy3`, for Python 2 `python2`, else `pypy` (PyPy's Python 2). Each is
/// `/usr/bin/NAME` when it is there (the sandbox shows a judged program only the system
/// folders, so an interpreter installed elsewhere, e.g. by pyenv under a home folder, cannot
/// start in it), else the real path of `NAME` in `PATH` (`sys.executable`: version managers
/// put shell-script shims first in `PATH` that need the user's environment, which a judged run
/// does not have, and a shim of a version not selected fails). `None` when none can be run or
/// for any other language.
pub fn interpreter(language: Language) -> Option<PathBuf> {
    static FOUND: OnceLock<Mutex<HashMap<Language, Option<PathBuf>>>> = OnceLock::new();
    let names = interpreter_names(language);
    if names.is_empty() {
        return None;
    }
    let python = matches!(
        language,
        Language::Python3 | Language::PyPy3 | Language::Python2
    );
    let map = FOUND.get_or_init(Default::default);
    if let Some(found) = map.lock().ok()?.get(&language) {
        return found.clone();
    }
    let found = names.iter().find_map(|name| {
        let system = Path::new("/usr/bin").join(name);
        if is_executable(&system) {
            return Some(system);
        }
        if !python {
            // The real file behind the first `NAME` in PATH (a link resolved: the sandbox
            // binds files, not the links of a version manager's folder).
            let p = std::env::var_os("PATH")?;
            return std::env::split_paths(&p)
                .map(|d| d.join(name))
                .find(|f| is_executable(f))
                .and_then(|f| std::fs::canonicalize(f).ok());
        }
        let o = Command::new(name)
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .ok()
            .filter(|o| o.status.success())?;
        let path = PathBuf::from(String::from_utf8_lossy(&o.stdout).trim());
        is_executable(&path).then_some(path)
    });
    map.lock().ok()?.insert(language, found.clone());
    found
}

/// `word` quoted for `/bin/sh`: in single quotes, each `'` written `'\\''` (a word that is
/// not UTF-8 is read lossily). The one quoting of the command lines gridjudge writes.
pub fn sh_quote(word: &std::ffi::OsStr) -> String {
    format!("'{}'", word.to_string_lossy().replace('\'', "'\\''"))
}

/// The names [`interpreter`] looks for, in order: `python3`; `pypy3`; `python2`, `pypy`;
/// `bash`; `node`, `nodejs`; `ruby`; `php`. Empty for a compiled language.
fn interpreter_names(language: Language) -> &'static [&'static str] {
    match language {
        Language::Python3 => &["python3"],
        Language::PyPy3 => &["pypy3"],
        Language::Python2 => &["python2", "pypy"],
        Language::Bash => &["bash"],
        Language::JavaScript => &["node", "nodejs"],
        Language::Ruby => &["ruby"],
        Language::Php => &["php"],
        _ => &[],
    }
}

/// Why `kind` cannot be built or run on this machine ([`Language::missing`]), `None` when it
/// can or is no source (an executable, a command line).
pub fn missing_tool(kind: &SubmissionKind) -> Option<String> {
    kind.language()?.missing()
}

fn truncate_message(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.trim_end().to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}\n... ({} more bytes)", &s[..end], s.len() - end)
}

/// Makes `sub` runnable: sources are compiled into `cache_dir` unless a binary with the same
/// key (SHA-256 of compiler version, command and source) is there already; executables and
/// command lines need nothing. Safe to call from several processes at once (the binary is
/// renamed into place atomically).
///
/// A compile (a cache miss) is shown while it runs ([`crate::core::progress::task`]): a spinner
/// naming the submission when `progress` (stderr is a terminal), else one plain line on
/// stderr, `compiling <name> (<compiler>)`.
///
/// Returns [`Prepared::CompileError`] for a compile failure or a missing compiler; errors only
/// when the source cannot be read or the cache folder cannot be written.
pub fn prepare(sub: &Submission, cache_dir: &Path, progress: bool) -> anyhow::Result<Prepared> {
    let missing = |lang: Language| {
        Prepared::CompileError(format!(
            "{}: {}",
            sub.name,
            lang.missing()
                .unwrap_or_else(|| format!("cannot run {}", lang.name()))
        ))
    };
    match &sub.kind {
        SubmissionKind::Executable(p) => return Ok(Prepared::Ready(vec![p.clone().into()])),
        SubmissionKind::Command(c) => {
            return Ok(Prepared::Ready(vec![
                "/bin/sh".into(),
                "-c".into(),
                c.clone().into(),
            ]))
        }
        SubmissionKind::Python(p) | SubmissionKind::PyPy(p) | SubmissionKind::Python2(p) => {
            let lang = sub.kind.language().unwrap_or(Language::Python3);
            let Some(python) = interpreter(lang) else {
                return Ok(missing(lang));
            };
            return Ok(Prepared::Ready(vec![python.into(), p.clone().into()]));
        }
        SubmissionKind::Folder(f)
            if matches!(
                f.language,
                Language::Python3 | Language::PyPy3 | Language::Python2
            ) =>
        {
            let Some(python) = interpreter(f.language) else {
                return Ok(missing(f.language));
            };
            let dir = python_folder(f, cache_dir)?;
            return Ok(Prepared::Ready(vec![python.into(), dir.into()]));
        }
        SubmissionKind::Script(lang, p) => {
            let Some(interp) = interpreter(*lang) else {
                return Ok(missing(*lang));
            };
            let mut argv: Vec<OsString> = vec![interp.into()];
            argv.extend(lang.script_options().iter().map(OsString::from));
            argv.push(p.clone().into());
            return Ok(Prepared::Ready(argv));
        }
        SubmissionKind::Folder(f) if f.language.is_script() => {
            let Some(interp) = interpreter(f.language) else {
                return Ok(missing(f.language));
            };
            // `sh -c 'exec INTERPRETER ... "$0/ENTRY" "$@"' DIR`: the folder is the one path
            // argument, so that a sandboxed run binds all of it (wherever the sandbox puts it,
            // `$0` names it), for the files the program reads or sources beside itself; the
            // run's own arguments follow as "$@".
            let entry = f.entry.strip_prefix(&f.dir).unwrap_or(&f.entry);
            let mut words = vec![sh_quote(interp.as_os_str())];
            words.extend(
                f.language
                    .script_options()
                    .iter()
                    .map(|o| sh_quote(o.as_ref())),
            );
            words.push(format!("\"$0\"/{}", sh_quote(entry.as_os_str())));
            let script = format!("exec {} \"$@\"", words.join(" "));
            let argv: Vec<OsString> = vec![
                "/bin/sh".into(),
                "-c".into(),
                script.into(),
                f.dir.clone().into(),
            ];
            return Ok(Prepared::Ready(argv));
        }
        _ => {}
    }
    let language = sub.kind.language().context("only sources are compiled")?;
    let sources: Vec<PathBuf> = match &sub.kind {
        SubmissionKind::Folder(f) if f.language == Language::Rust => vec![f.entry.clone()],
        SubmissionKind::Folder(f) => f.sources.clone(),
        SubmissionKind::Cpp(p)
        | SubmissionKind::Rust(p)
        | SubmissionKind::C(p)
        | SubmissionKind::Java(p)
        | SubmissionKind::Kotlin(p) => vec![p.clone()],
        _ => bail!("{}: not a compiled source", sub.name),
    };
    let stem = |p: &Path| {
        p.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    // The class a JVM language starts, and the launcher that starts it.
    let main_class = match &sub.kind {
        SubmissionKind::Java(p) => Some(stem(p)),
        SubmissionKind::Kotlin(p) => {
            let s = stem(p);
            let mut c = s.chars();
            let cap: String = c
                .next()
                .map(|f| f.to_uppercase().chain(c).collect())
                .unwrap_or_default();
            Some(format!("{cap}Kt"))
        }
        SubmissionKind::Folder(f) => f.main_class.clone(),
        _ => None,
    };
    let launcher = match language {
        Language::Kotlin => "kotlin",
        _ => "java",
    };
    let ready = |cached: PathBuf| -> Vec<OsString> {
        match &main_class {
            Some(class) => vec![
                launcher.into(),
                "-cp".into(),
                cached.into_os_string(),
                class.into(),
            ],
            None => vec![cached.into()],
        }
    };
    let (compiler, template) = compile_command(&sub.kind).context("sources have a compiler")?;
    let mut texts = Vec::new();
    for src in &sources {
        texts.push(std::fs::read(src).with_context(|| format!("cannot read {}", src.display()))?);
    }
    if compiler_version(compiler).is_none()
        || (main_class.is_some() && language.missing().is_some())
    {
        return Ok(missing(language));
    }
    let version = compiler_version(compiler).unwrap_or_default();
    let mut h = Sha256::new();
    h.update(version.as_bytes());
    h.update([0]);
    h.update(compiler.as_bytes());
    for a in &template {
        h.update([0]);
        h.update(a.as_bytes());
    }
    let folder = matches!(sub.kind, SubmissionKind::Folder(_));
    for (src, text) in sources.iter().zip(&texts) {
        if folder {
            // A folder's file names are part of the program (Java's classes, Rust's modules).
            h.update([0]);
            h.update(src.as_os_str().as_encoded_bytes());
        }
        h.update([0]);
        h.update(text);
    }
    if let SubmissionKind::Folder(f) = &sub.kind {
        // Every other file of the folder (headers, Rust modules) is part of the program too.
        for (path, bytes) in folder_files(&f.dir)? {
            h.update([1]);
            h.update(path.as_os_str().as_encoded_bytes());
            h.update([0]);
            h.update(&bytes);
        }
    }
    if matches!(language, Language::Cpp | Language::C) {
        // Local headers (`#include "testlib.h"`, a setter's own) are part of the program: a
        // changed header must not reuse the old binary.
        for (src, text) in sources.iter().zip(&texts) {
            for (path, bytes) in local_includes(src, text) {
                h.update([0]);
                h.update(path.as_os_str().as_encoded_bytes());
                h.update([0]);
                h.update(&bytes);
            }
        }
    }
    let key: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    std::fs::create_dir_all(cache_dir)
        .with_context(|| format!("cannot create the cache folder {}", cache_dir.display()))?;
    let cached = absolute(&cache_dir.join(&key))?;
    let built = |c: &Path| {
        if main_class.is_some() {
            c.is_dir()
        } else {
            is_executable(c)
        }
    };
    if built(&cached) {
        return Ok(Prepared::Ready(ready(cached)));
    }
    let tmp = tempfile::Builder::new()
        .prefix(".compile-")
        .tempdir_in(cache_dir)
        .with_context(|| format!("cannot create a folder in {}", cache_dir.display()))?;
    let out = tmp.path().join("program");
    let mut args: Vec<OsString> = Vec::new();
    for a in &template {
        match *a {
            "{out}" => args.push(out.clone().into_os_string()),
            "{src}" => args.extend(sources.iter().map(|s| s.clone().into_os_string())),
            a => args.push(a.into()),
        }
    }
    let task =
        crate::core::progress::task(&format!("compiling {} ({compiler})", sub.name), progress);
    let result = Command::new(compiler)
        .args(&args)
        .current_dir(tmp.path())
        .output();
    task.finish_and_clear();
    let output = match result {
        Ok(o) => o,
        Err(e) => {
            return Ok(Prepared::CompileError(format!(
                "cannot run {compiler}: {e}"
            )))
        }
    };
    if !output.status.success() || !out.exists() {
        let msg = String::from_utf8_lossy(&output.stderr);
        return Ok(Prepared::CompileError(format!(
            "{compiler} failed ({}):\n{}",
            output.status,
            truncate_message(&msg, 4000)
        )));
    }
    if let Err(e) = std::fs::rename(&out, &cached) {
        // Another process may have put the same binary (a folder for Java) there first.
        if !built(&cached) {
            return Err(e)
                .with_context(|| format!("cannot move the binary into {}", cached.display()));
        }
    }
    Ok(Prepared::Ready(ready(cached)))
}

/// Every regular file below `dir` (hidden ones left out) with its contents, as (path
/// relative to `dir`, bytes), sorted by path. At most 1000 files. Errors: a folder or file
/// that cannot be read, naming it.
fn folder_files(dir: &Path) -> anyhow::Result<Vec<(PathBuf, Vec<u8>)>> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).with_context(|| format!("cannot read {}", d.display()))? {
            let e = e.with_context(|| format!("cannot read {}", d.display()))?;
            if e.file_name().as_encoded_bytes().starts_with(b".") {
                continue;
            }
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if p.is_file() {
                if out.len() >= 1000 {
                    bail!("{}: more than 1000 files", dir.display());
                }
                let bytes =
                    std::fs::read(&p).with_context(|| format!("cannot read {}", p.display()))?;
                let rel = p.strip_prefix(dir).unwrap_or(&p).to_path_buf();
                out.push((rel, bytes));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// `sub` with a problem's included files (the Kattis package format's "Included files",
/// both versions): the files of `include/<language code>/` ([`Language::code`]), or of
/// `include/default/` when the language has no folder of its own (2025-09), are copied into a
/// copy of the submission before it is compiled, replacing the submission's own files of the
/// same name. The copy is a folder in `cache_dir/included/<hash>/` (the SHA-256 of every
/// file's path and bytes; made once, reused after) and the result a folder program of the
/// submission's language ([`FolderProgram`]). Its entry point is an included file with the
/// language's main name (`main.*`, Python's `__main__.py`: a driver, as the specification
/// says) when there is one, else the submission's own. `sub` itself when it has no language
/// (an executable, a command) or no folder applies. Cost: reads and copies every file.
///
/// Errors: a file cannot be read or copied, naming it.
pub fn with_included(
    sub: &Submission,
    include: &Path,
    cache_dir: &Path,
) -> anyhow::Result<Submission> {
    let Some(language) = sub.kind.language() else {
        return Ok(sub.clone());
    };
    let code = match language {
        // PyPy runs the Python 3 files.
        Language::PyPy3 => "python3",
        l => l.code(),
    };
    let own = include.join(code);
    let folder = if own.is_dir() {
        own
    } else if include.join("default").is_dir() {
        include.join("default")
    } else {
        return Ok(sub.clone());
    };
    // The submission's files (relative path, bytes) and its entry point.
    let (mut files, entry): (Vec<(PathBuf, Vec<u8>)>, PathBuf) = match &sub.kind {
        SubmissionKind::Folder(f) => (
            folder_files(&f.dir)?,
            f.entry
                .strip_prefix(&f.dir)
                .unwrap_or(&f.entry)
                .to_path_buf(),
        ),
        SubmissionKind::Cpp(p)
        | SubmissionKind::Rust(p)
        | SubmissionKind::C(p)
        | SubmissionKind::Python(p)
        | SubmissionKind::PyPy(p)
        | SubmissionKind::Python2(p)
        | SubmissionKind::Java(p)
        | SubmissionKind::Kotlin(p)
        | SubmissionKind::Script(_, p) => {
            let name = PathBuf::from(p.file_name().unwrap_or_default());
            let bytes = std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))?;
            (vec![(name.clone(), bytes)], name)
        }
        SubmissionKind::Executable(_) | SubmissionKind::Command(_) => return Ok(sub.clone()),
    };
    let included = folder_files(&folder)?;
    let driver = included
        .iter()
        .map(|(p, _)| p)
        .find(|p| {
            let n = p.to_string_lossy().to_ascii_lowercase();
            language.is_source(p) && (n == "__main__.py" || n.starts_with("main."))
        })
        .cloned();
    for (p, bytes) in included {
        files.retain(|(q, _)| *q != p);
        files.push((p, bytes));
    }
    files.sort();
    let mut h = Sha256::new();
    h.update(b"included\0");
    h.update(code.as_bytes());
    for (p, bytes) in &files {
        h.update([0]);
        h.update(p.as_os_str().as_encoded_bytes());
        h.update([0]);
        h.update(bytes);
    }
    let key: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    let parent = cache_dir.join("included");
    let copy = absolute(&parent.join(&key))?;
    if !copy.is_dir() {
        std::fs::create_dir_all(&parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
        let tmp = tempfile::Builder::new()
            .prefix(".copy-")
            .tempdir_in(&parent)
            .with_context(|| format!("cannot create a folder in {}", parent.display()))?;
        for (p, bytes) in &files {
            let to = tmp.path().join(p);
            if let Some(d) = to.parent() {
                std::fs::create_dir_all(d)
                    .with_context(|| format!("cannot create {}", d.display()))?;
            }
            std::fs::write(&to, bytes).with_context(|| format!("cannot write {}", to.display()))?;
        }
        let kept = tmp.keep();
        if std::fs::rename(&kept, &copy).is_err() {
            // Another process made the same copy first.
            let _ = std::fs::remove_dir_all(&kept);
            if !copy.is_dir() {
                bail!("cannot move a copy into {}", copy.display());
            }
        }
    }
    // Java and Kotlin start a class: the original folder's, or the entry file's.
    let from_driver = driver.is_some();
    let entry = driver.unwrap_or(entry);
    let entry_arg = match (&sub.kind, language) {
        (SubmissionKind::Folder(o), Language::Java | Language::Kotlin) if !from_driver => {
            o.main_class.clone()
        }
        (_, Language::Java | Language::Kotlin) => {
            let stem = entry
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            Some(if language == Language::Kotlin {
                let mut c = stem.chars();
                let cap: String = c
                    .next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or_default();
                format!("{cap}Kt")
            } else {
                stem
            })
        }
        _ => Some(entry.to_string_lossy().into_owned()),
    };
    let f = FolderProgram::of_dir(&copy, Some(language.code()), entry_arg.as_deref())?;
    Ok(Submission {
        name: sub.name.clone(),
        kind: SubmissionKind::Folder(Box::new(f)),
    })
}

/// A Python folder program made runnable as `python DIR`: a copy of its files in the compile
/// cache (keyed by their SHA-256), with a `__main__.py` that runs the entry point as
/// `__main__` when the entry point is another file (Python puts `DIR` first on the import
/// path, so the folder's modules import each other). Returns the copy's absolute path.
fn python_folder(f: &FolderProgram, cache_dir: &Path) -> anyhow::Result<PathBuf> {
    let files = folder_files(&f.dir)?;
    let entry = f
        .entry
        .strip_prefix(&f.dir)
        .unwrap_or(&f.entry)
        .to_path_buf();
    let mut h = Sha256::new();
    h.update(b"python-folder\0");
    h.update(entry.as_os_str().as_encoded_bytes());
    for (p, bytes) in &files {
        h.update([0]);
        h.update(p.as_os_str().as_encoded_bytes());
        h.update([0]);
        h.update(bytes);
    }
    let key: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    std::fs::create_dir_all(cache_dir)
        .with_context(|| format!("cannot create the cache folder {}", cache_dir.display()))?;
    let cached = absolute(&cache_dir.join(&key))?;
    if cached.is_dir() {
        return Ok(cached);
    }
    let tmp = tempfile::Builder::new()
        .prefix(".copy-")
        .tempdir_in(cache_dir)
        .with_context(|| format!("cannot create a folder in {}", cache_dir.display()))?;
    let out = tmp.path().join("program");
    for (p, bytes) in &files {
        let to = out.join(p);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        std::fs::write(&to, bytes).with_context(|| format!("cannot write {}", to.display()))?;
    }
    if entry != Path::new("__main__.py") {
        let name = entry
            .to_string_lossy()
            .replace('\\', "\\\\")
            .replace('"', "\\\"");
        let launcher = format!(
            "import os, runpy\nrunpy.run_path(os.path.join(os.path.dirname(os.path.abspath(\
             __file__)), \"{name}\"), run_name=\"__main__\")\n"
        );
        std::fs::write(out.join("__main__.py"), launcher)
            .with_context(|| format!("cannot write {}", out.display()))?;
    }
    if let Err(e) = std::fs::rename(&out, &cached) {
        if !cached.is_dir() {
            return Err(e).with_context(|| format!("cannot move {}", cached.display()));
        }
    }
    Ok(cached)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_headers_are_found_transitively() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        std::fs::write(d.join("a.h"), "#include \"b.h\"\nint a;\n").unwrap();
        std::fs::write(d.join("b.h"), "int b;\n").unwrap();
        let src = b"#include <cstdio>\n  # include \"a.h\"\n#include \"missing.h\"\n";
        let found = super::local_includes(&d.join("x.cpp"), src);
        let names: Vec<_> = found
            .iter()
            .map(|(p, _)| p.file_name().unwrap().to_owned())
            .collect();
        assert_eq!(names, ["a.h", "b.h"]);
        assert_eq!(found[1].1, b"int b;\n");
    }

    #[test]
    fn submission_arguments() {
        assert!(Submission::from_arg("no/such/file.cpp").is_err());
        assert!(Submission::from_arg("missing.rs").is_err());
        assert!(Submission::from_arg("surely-not-a-program-xyz --flag").is_err());
        let c = Submission::from_arg("cat -").unwrap();
        assert_eq!(c.kind, SubmissionKind::Command("cat -".into()));
        assert_eq!(c.language(), "command");
    }

    #[test]
    fn languages_are_detected_as_problemtools_does() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        let w = |n: &str, t: &str| {
            std::fs::write(d.join(n), t).unwrap();
            d.join(n)
        };
        let py3 = w("a.py", "print(1)\n");
        let py2 = w("b.py", "#!/usr/bin/python2\nprint 1\n");
        let not2 = w("c.py", "#!/usr/bin/python20x\n");
        let h = w("util.h", "");
        let cc = w("x.c++", "");
        let c = w("y.c", "");
        assert_eq!(
            Language::detect(std::slice::from_ref(&py3)),
            Some(Language::Python3)
        );
        // A python2 shebang makes the file count for Python 2, which wins the tie (860 > 850).
        assert_eq!(
            Language::detect(std::slice::from_ref(&py2)),
            Some(Language::Python2)
        );
        assert_eq!(Language::detect(&[not2]), Some(Language::Python3));
        // Shebang-less files count for Python 3 only: 2 against 1.
        assert_eq!(
            Language::detect(&[py2.clone(), py3.clone(), w("d.py", "")]),
            Some(Language::Python3)
        );
        // Most files win; a tie goes to C++ (1000) over C (950).
        assert_eq!(
            Language::detect(&[cc.clone(), c.clone()]),
            Some(Language::Cpp)
        );
        assert_eq!(
            Language::detect(&[cc, c.clone(), w("z.c", "")]),
            Some(Language::C)
        );
        assert_eq!(Language::detect(&[h]), None);
        assert_eq!(
            SubmissionKind::of_source(&py2),
            Some(SubmissionKind::Python2(py2))
        );
        assert_eq!(
            SubmissionKind::of_source(Path::new("s.kt")),
            Some(SubmissionKind::Kotlin("s.kt".into()))
        );
        assert_eq!(
            SubmissionKind::of_source(Path::new("S.C")),
            Some(SubmissionKind::Cpp("S.C".into()))
        );
        assert_eq!(Language::from_code("kotlin"), Some(Language::Kotlin));
        assert_eq!(Language::from_code("go"), None);
        // The interpreted languages: by ending, and by priority where files tie (Bash 910 over
        // Python 3 850 over JavaScript 500).
        for (file, lang) in [
            ("a.sh", Language::Bash),
            ("a.bash", Language::Bash),
            ("a.js", Language::JavaScript),
            ("a.rb", Language::Ruby),
            ("a.php", Language::Php),
        ] {
            assert_eq!(
                SubmissionKind::of_source(Path::new(file)),
                Some(SubmissionKind::Script(lang, file.into()))
            );
            assert_eq!(Language::from_code(lang.code()), Some(lang));
        }
        let files = |names: &[&str]| names.iter().map(PathBuf::from).collect::<Vec<_>>();
        assert_eq!(
            Language::detect(&files(&["x.js", "y.sh", "z.py"])),
            Some(Language::Bash)
        );
        assert_eq!(
            Language::detect(&files(&["x.js", "y.js", "z.py"])),
            Some(Language::JavaScript)
        );
    }

    /// A missing interpreter is named in the skip, with how to get it.
    #[test]
    fn a_missing_interpreter_is_named() {
        assert_eq!(interpreter_names(Language::JavaScript), ["node", "nodejs"]);
        if interpreter(Language::Php).is_none() {
            let why = Language::Php.missing().unwrap();
            assert_eq!(
                why,
                "PHP: no `php` interpreter in /usr/bin or PATH (Debian: `apt-get install php-cli`)"
            );
        }
        if interpreter(Language::Bash).is_some() {
            assert_eq!(Language::Bash.missing(), None);
        }
    }

    /// Builds the folder program and runs it on `input`; its stdout, or None when the language
    /// is missing here (said on stderr).
    fn run_folder(dir: &Path, entry: Option<&str>, input: &str) -> Option<String> {
        use std::io::Write;
        let f = FolderProgram::of_dir(dir, None, entry).unwrap();
        if let Some(why) = f.language.missing() {
            eprintln!("SKIPPED: {why}");
            return None;
        }
        let sub = Submission {
            name: "folder".into(),
            kind: SubmissionKind::Folder(Box::new(f)),
        };
        let cache = tempfile::tempdir().unwrap();
        let Prepared::Ready(argv) = prepare(&sub, cache.path(), false).unwrap() else {
            panic!("compile error")
        };
        let mut child = Command::new(&argv[0])
            .args(&argv[1..])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let o = child.wait_with_output().unwrap();
        assert!(o.status.success(), "{argv:?}");
        Some(String::from_utf8(o.stdout).unwrap())
    }

    #[test]
    fn folder_programs_build_and_run() {
        let tmp = tempfile::tempdir().unwrap();
        let w = |n: &str, t: &str| {
            let p = tmp.path().join(n);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, t).unwrap();
        };
        // Python: main.py imports its sibling.
        w(
            "py/main.py",
            "import helper\nprint(helper.twice(int(input())))\n",
        );
        w("py/helper.py", "def twice(x):\n    return 2 * x\n");
        // C++: two translation units and a header.
        w("cpp/sol.cpp", "#include <cstdio>\n#include \"add.h\"\nint main(){int a,b;scanf(\"%d %d\",&a,&b);printf(\"%d\\n\",add(a,b));}\n");
        w(
            "cpp/add.cpp",
            "#include \"add.h\"\nint add(int a,int b){return a+b;}\n",
        );
        w("cpp/add.h", "int add(int a,int b);\n");
        // Java: the main class is named by the main file; another class beside it.
        w("java/Main.java", "public class Main { public static void main(String[] a) { System.out.println(Helper.hi()); } }\n");
        w(
            "java/Helper.java",
            "class Helper { static String hi() { return \"hi\"; } }\n",
        );
        // Rust: a module in its own file.
        w(
            "rs/main.rs",
            "mod m;\nfn main() { println!(\"{}\", m::x()); }\n",
        );
        w("rs/m.rs", "pub fn x() -> u32 { 7 }\n");
        if let Some(out) = run_folder(&tmp.path().join("py"), None, "21\n") {
            assert_eq!(out, "42\n");
        }
        if let Some(out) = run_folder(&tmp.path().join("cpp"), None, "2 3\n") {
            assert_eq!(out, "5\n");
        }
        if let Some(out) = run_folder(&tmp.path().join("java"), None, "") {
            assert_eq!(out, "hi\n");
        }
        if let Some(out) = run_folder(&tmp.path().join("rs"), None, "") {
            assert_eq!(out, "7\n");
        }
        // An entrypoint names the Python file to run.
        w("py/other.py", "print('other')\n");
        if let Some(out) = run_folder(&tmp.path().join("py"), Some("other.py"), "") {
            assert_eq!(out, "other\n");
        }
        // A folder on the command line is a folder program.
        let arg = Submission::from_arg(tmp.path().join("cpp").to_str().unwrap()).unwrap();
        assert_eq!(arg.language(), "C++");
        let e = FolderProgram::of_dir(&tmp.path().join("py"), None, Some("nope.py")).unwrap_err();
        assert!(e.to_string().contains("entrypoint `nope.py`"), "{e}");
        let e = FolderProgram::of_dir(&tmp.path().join("py"), Some("cobol"), None).unwrap_err();
        assert!(e.to_string().contains("language `cobol`"), "{e}");
    }
}
