//! `gridjudge slowest`: a search for the input that makes a submission slowest, from the
//! generators alone (never the manifest or the tests), by its instruction count.
//!
//! # Search space
//! The `[search]` table of `problem.toml` ([`crate::problem::search_space`]): one template per
//! generator, each word fixed, an integer or float range, or a choice; it declares each
//! generator's domain (the statement's bounds), never a test. Without the table, every built-in
//! generator that declares `n` or `m` is searched with them over the constraints' bounds and
//! its other parameters at their defaults ([`fallback_templates`]).
//!
//! # Cost ([`Meter`])
//! Instructions, stable under load (these machines offer no hardware counters, so no
//! `perf_event_open`). The submission first runs natively in the sandbox with a time limit of
//! `cap × TL`: when it does not finish in time, its cost is *saturated* ("≥ cap", and every
//! saturated cost ties), not simulated. Otherwise valgrind's cachegrind counts its
//! instructions (`--cache-sim=no`: about 17× slower than native, 3.7× faster than callgrind,
//! whose total agrees within 0.1%), inside the same sandbox as judged runs with the memory
//! limit raised for the simulator (twice the limit plus 1 GiB). The box's files vanish with
//! it, so the total is read from cachegrind's end-of-run report on stderr (`==PID== I refs:
//! N`, the total of the `summary:` line of its output file). An interpreted submission
//! (Python) counts the interpreter's instructions. Without valgrind the search is refused
//! with a message naming it and how to install it.
//!
//! # Search ([`search`])
//! Deterministic for a given `seed` and run budget: every draw comes from one [`TestRng`]
//! (identity `gridjudge-slowest`, the problem, the seed), candidates are made sequentially,
//! measured in parallel (rayon) in batches of [`BATCH`] and consumed in their order, so `jobs`
//! never changes the result (a `time` budget is checked between batches, so it may). First
//! each template with every range at its maximum (seed 1) and [`DRAWS_PER_TEMPLATE`] random
//! draws; then evolution: a parent among the best [`POPULATION`], and one of: a word drawn
//! again or stepped half-way towards one of its bounds (the seed kept or drawn again, even
//! odds), another seed, or one to three mutations of the input's bytes ([`mutate_text`]: a
//! problem-neutral text mutation; a mutated parent only gets more of these). Only inputs the
//! validator accepts (under the constraints) are measured; an input already measured is not
//! measured again. Ties keep the earlier run.
//!
//! Uses core (RNG, hashes, progress), exec (compiling, the runner, the sandbox), problem
//! (the trait, `[search]`, `generate_test`) and package (the built package, only for
//! [`package_costs`]).

use std::collections::HashSet;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use rayon::prelude::*;

use crate::core::rng::TestRng;
use crate::exec::cleanup::TrackedDir;
use crate::exec::compile::{prepare, Prepared, Submission};
use crate::exec::runner::{self, Outcome, RunLimits, RunSpec};
use crate::exec::sandbox::Session;
use crate::problem::search_space::{Domain, Template, Value, Word};
use crate::problem::{generate_test, parse_args, Problem, ProblemConfig};

/// Candidates measured per batch (independent of the number of workers).
pub const BATCH: usize = 8;
/// Random draws of each template in the first phase, after its maximum.
pub const DRAWS_PER_TEMPLATE: usize = 2;
/// How many of the best inputs are parents.
pub const POPULATION: usize = 4;
/// Attempts to make one valid, new candidate before giving up on it.
const ATTEMPTS: usize = 30;

/// The cost of one run: an instruction count, or saturated (it did not finish natively within
/// `cap × TL`). Saturated is above every count, and all saturated costs are equal.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Cost {
    /// Instructions executed (valgrind's `I refs`).
    Instructions(u64),
    /// Not finished natively within `cap × TL`.
    Saturated,
}

impl Cost {
    /// `1,234,567` or `≥ cap`.
    pub fn text(&self) -> String {
        match self {
            Cost::Instructions(n) => grouped(*n),
            Cost::Saturated => "≥ cap".to_string(),
        }
    }

    /// JSON: the count, or the string `saturated`.
    pub fn json(&self) -> serde_json::Value {
        match self {
            Cost::Instructions(n) => (*n).into(),
            Cost::Saturated => "saturated".into(),
        }
    }
}

/// `n` with commas between thousands.
fn grouped(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Where valgrind is: the first `valgrind` in `PATH`. Errors naming it and how to install it.
pub fn find_valgrind() -> anyhow::Result<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        let p = dir.join("valgrind");
        if p.is_file() {
            return Ok(p);
        }
    }
    bail!(
        "valgrind not found in PATH: `slowest` counts instructions with valgrind's cachegrind \
         (Debian/Ubuntu: `apt-get install valgrind`)"
    )
}

/// A prepared submission and how its cost is measured (see the module documentation).
#[derive(Clone, Debug)]
pub struct Meter {
    argv: Vec<OsString>,
    limits: RunLimits,
    cap: u64,
    session: Option<Arc<Session>>,
    valgrind: PathBuf,
    isolation: String,
}

impl Meter {
    /// Compiles `sub` through the cache in `cache_dir`, to run in the sandbox when `sandboxed`,
    /// under `limits` (the judged ones: `cap × limits.time_ms` is the native cap).
    ///
    /// Errors: valgrind missing ([`find_valgrind`]), a compile error, a sandbox wanted but
    /// unavailable, `cap` 0.
    pub fn prepare(
        sub: &Submission,
        cache_dir: &Path,
        limits: RunLimits,
        sandboxed: bool,
        cap: u64,
        progress: bool,
    ) -> anyhow::Result<Meter> {
        if cap == 0 {
            bail!("--cap must be at least 1");
        }
        let valgrind = find_valgrind()?;
        let (session, isolation) = crate::exec::compile::session(sandboxed)?;
        match prepare(sub, cache_dir, progress)? {
            Prepared::Ready(argv) => Ok(Meter {
                argv,
                limits,
                cap,
                session,
                valgrind,
                isolation,
            }),
            Prepared::CompileError(e) => bail!("{}: compile error:\n{e}", sub.name),
        }
    }

    /// How the runs are isolated, for reports.
    pub fn isolation(&self) -> &str {
        &self.isolation
    }

    /// The native cap in milliseconds: `cap × TL`.
    pub fn cap_ms(&self) -> u64 {
        self.limits.time_ms.saturating_mul(self.cap)
    }

    /// The cost of the submission on `input`: one native run (at most `cap × TL` of CPU time),
    /// then, when it finished, one run under cachegrind (about 17 to 50 times slower).
    ///
    /// Errors: a run cannot be started, the native run went over the memory or output limit
    /// (named), or cachegrind reported no count (its stderr is quoted). A crash is measured.
    pub fn measure(&self, input: &[u8]) -> anyhow::Result<Cost> {
        let dir = TrackedDir::new("gridjudge-slowest-")?;
        let stdin = dir.path().join("input");
        std::fs::write(&stdin, input).context("cannot write the input file")?;
        let mut native = self.limits;
        native.time_ms = self.cap_ms();
        native.wall_ms = RunLimits::default_wall_ms(native.time_ms);
        let spec = |argv: Vec<OsString>, limits: RunLimits| RunSpec {
            argv,
            stdin: stdin.clone(),
            stdout: dir.path().join("stdout"),
            stderr: Some(dir.path().join("stderr")),
            limits,
            work_parent: Some(dir.path().to_path_buf()),
            sandbox: self.session.clone(),
            pipes: None,
            read_only: None,
        };
        let r = runner::run(&spec(self.argv.clone(), native))?;
        match &r.outcome {
            Outcome::TimeLimit => return Ok(Cost::Saturated),
            // The simulator would run over the same limit: say so rather than a missing count.
            Outcome::MemoryLimit | Outcome::OutputLimit => bail!(
                "the submission ran over the {} limit on this input natively, so its \
                 instructions are not counted (a run over the limit is MLE or OLE whatever \
                 its speed)",
                if r.outcome == Outcome::MemoryLimit {
                    "memory"
                } else {
                    "output"
                }
            ),
            // A finished run, or a crash: cachegrind counts up to the end either way.
            Outcome::Finished | Outcome::RuntimeError(_) => {}
        }
        let mut sim = self.limits;
        // The simulator's own memory and a generous time: it runs 17 to 50 times slower.
        sim.memory_kib = sim.memory_kib.saturating_mul(2).saturating_add(1 << 20);
        sim.time_ms = r.cpu_ms.max(100).saturating_mul(100).saturating_add(20_000);
        sim.wall_ms = RunLimits::default_wall_ms(sim.time_ms);
        let mut argv: Vec<OsString> = vec![
            self.valgrind.clone().into(),
            "--tool=cachegrind".into(),
            "--cache-sim=no".into(),
            "--cachegrind-out-file=/dev/null".into(),
        ];
        argv.extend(self.argv.iter().cloned());
        let v = runner::run(&spec(argv, sim))?;
        if v.outcome == Outcome::TimeLimit {
            return Ok(Cost::Saturated);
        }
        let err = std::fs::read(dir.path().join("stderr")).unwrap_or_default();
        match instructions_of(&String::from_utf8_lossy(&err)) {
            Some(n) => Ok(Cost::Instructions(n)),
            None => bail!(
                "cachegrind reported no instruction count ({:?}): {}",
                v.outcome,
                String::from_utf8_lossy(&err[..err.len().min(600)])
            ),
        }
    }
}

/// The total of cachegrind's last `==PID== I   refs:   1,234` line of `stderr`.
pub fn instructions_of(stderr: &str) -> Option<u64> {
    stderr
        .lines()
        .rev()
        .filter(|l| l.starts_with("=="))
        .find_map(|l| l.split_once("I   refs:"))
        .and_then(|(_, n)| n.trim().replace(',', "").parse().ok())
}

/// Templates for a problem without `[search]`: every generator that declares `n` or `m`, with
/// each of them over the constraints' bounds and the other parameters at their defaults.
/// Errors when the constraints do not bound them or no generator has them (a program problem:
/// write `[search]`).
pub fn fallback_templates(
    problem: &dyn Problem,
    config: &ProblemConfig,
) -> anyhow::Result<Vec<Template>> {
    let mut out = Vec::new();
    for g in problem.generators() {
        let mut words = Vec::new();
        for p in g.params.iter().filter(|p| p.key == "n" || p.key == "m") {
            let Some([lo, hi]) = config.constraints.0.get(p.key) else {
                continue;
            };
            words.push(Word {
                key: Some(p.key.to_string()),
                domain: Domain::Int { lo: *lo, hi: *hi },
            });
        }
        if !words.is_empty() {
            out.push(Template {
                generator: g.name.to_string(),
                words,
            });
        }
    }
    if out.is_empty() {
        bail!(
            "problem `{}` has no [search] lines in problem.toml and no generator with `n`/`m` \
             bounded by its constraints: declare the generators' domains in [search]",
            problem.name()
        );
    }
    Ok(out)
}

/// Where a candidate comes from.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Origin {
    /// A generator line: template index, the values of its words, the test seed.
    Line {
        /// Index in the templates.
        template: usize,
        /// One value per word.
        values: Vec<Value>,
        /// The test seed.
        seed: u64,
    },
    /// Byte mutations of the input of a generator line (`line`, `seed`).
    Mutation {
        /// The generator line it started from.
        line: String,
        /// Its seed.
        seed: u64,
        /// Mutations applied in all.
        steps: u32,
    },
}

/// A measured input.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Found {
    /// The input bytes.
    pub input: Vec<u8>,
    /// Where they come from.
    pub origin: Origin,
    /// The generator line (for a mutation, the line it started from).
    pub line: String,
    /// Its cost.
    pub cost: Cost,
    /// The run (1-based, counted over the islands in order) that measured it.
    pub run: usize,
}

impl Found {
    /// `random n=20 m=20 seed 3`, or `mutation (5 steps) of random n=20 m=20 seed 3`.
    pub fn describe(&self) -> String {
        match &self.origin {
            Origin::Line { seed, .. } => format!("{} (seed {seed})", self.line),
            Origin::Mutation { seed, steps, .. } => {
                format!("mutation ({steps} steps) of {} (seed {seed})", self.line)
            }
        }
    }

    /// The generator line and seed when the input is a generator's output unchanged.
    pub fn generated(&self) -> Option<(&str, u64)> {
        match &self.origin {
            Origin::Line { seed, .. } => Some((&self.line, *seed)),
            Origin::Mutation { .. } => None,
        }
    }
}

/// Options of [`search`].
#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// The templates searched.
    pub templates: Vec<Template>,
    /// The search's seed.
    pub seed: u64,
    /// Measured runs at most.
    pub runs: usize,
    /// Wall-clock budget, checked between batches (`None`: the runs alone).
    pub time: Option<Duration>,
    /// Parallel measurements (at least 1); the result does not depend on it.
    pub jobs: usize,
    /// A spinner on stderr.
    pub progress: bool,
    /// Independent searches the runs (and the time) are shared among ([`island_runs`]);
    /// 1 is one search. Each is a unit that `--shard` gives to one machine.
    pub islands: usize,
}

/// Runs of island `k` (from 0) of `islands` for a budget of `runs`: `runs / islands`, one more
/// for the first `runs mod islands`. O(1).
pub fn island_runs(runs: usize, k: usize, islands: usize) -> usize {
    let n = islands.max(1);
    runs / n + usize::from(k < runs % n)
}

/// The result of [`search`] (or of one island, [`search_island`]).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct SearchReport {
    /// The costliest input (the earliest among equals).
    pub best: Found,
    /// Runs measured.
    pub runs: usize,
    /// Candidates refused before any run: generator errors, inputs the validator rejects,
    /// inputs already measured.
    pub rejected: usize,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
    /// Each improvement of the best cost: (run, cost).
    pub progress: Vec<(usize, Cost)>,
}

/// The search state: the RNG, the inputs seen, everything measured.
struct State<'a> {
    problem: &'a dyn Problem,
    config: &'a ProblemConfig,
    templates: &'a [Template],
    rng: TestRng,
    seen: HashSet<String>,
    measured: Vec<Found>,
    rejected: usize,
    /// The validator's own failure on a candidate (not a refusal), which stops the search.
    validator_error: Option<String>,
}

impl State<'_> {
    /// The candidate of `origin` when it is valid and new.
    fn make(&mut self, origin: Origin, base: Option<&[u8]>) -> Option<(Vec<u8>, Origin, String)> {
        let (input, line) = match (&origin, base) {
            (
                Origin::Line {
                    template,
                    values,
                    seed,
                },
                _,
            ) => {
                let words = self.templates[*template].words_of(values);
                let args = parse_args(self.problem, &words[1..]).ok()?;
                let input = generate_test(self.problem, &words[0], &args, *seed).ok()?;
                (input, words.join(" "))
            }
            (Origin::Mutation { line, .. }, Some(base)) => {
                let mut input = base.to_vec();
                let n = 1 + self.rng.below(3);
                for _ in 0..n {
                    input = mutate_text(&input, &mut self.rng)?;
                }
                (input, line.clone())
            }
            (Origin::Mutation { .. }, None) => return None,
        };
        let hash = crate::core::files::sha256_hex(&input);
        if self.seen.contains(&hash) {
            return None;
        }
        match self.problem.validate_in_group(&input, self.config, None) {
            Ok(Ok(_)) => {}
            Ok(Err(_)) => return None,
            Err(e) => {
                // The validator itself failed: kept for `search` to stop on, not a refusal.
                self.validator_error.get_or_insert_with(|| format!("{e:#}"));
                return None;
            }
        }
        self.seen.insert(hash);
        Some((input, origin, line))
    }

    /// The best [`POPULATION`] measured, costliest first, earlier first among equals.
    fn parents(&self) -> Vec<usize> {
        let mut idx: Vec<usize> = (0..self.measured.len()).collect();
        idx.sort_by(|&a, &b| {
            let (x, y) = (&self.measured[a], &self.measured[b]);
            y.cost.cmp(&x.cost).then(x.run.cmp(&y.run))
        });
        idx.truncate(POPULATION);
        idx
    }

    /// One child of a parent among the best: a word drawn again or stepped, another seed, or
    /// a byte mutation.
    fn child(&mut self) -> Option<(Vec<u8>, Origin, String)> {
        let parents = self.parents();
        let p = &self.measured[parents[self.rng.below(parents.len() as u32) as usize]];
        let (origin, base) = (p.origin.clone(), p.input.clone());
        let line = p.line.clone();
        match origin {
            Origin::Line {
                template,
                mut values,
                seed,
            } => {
                let vars = self.templates[template].variable_words();
                let mut op = self.rng.below(4);
                if vars.is_empty() && op < 2 {
                    op = 2;
                }
                match op {
                    0 | 1 => {
                        let w = vars[self.rng.below(vars.len() as u32) as usize];
                        let t = &self.templates[template];
                        values[w] = if op == 0 {
                            t.draw_word(w, &mut self.rng)
                        } else {
                            let up = self.rng.chance(0.5);
                            t.step_word(w, values[w], up, &mut self.rng)
                        };
                        let s = self.rng.next_u32() as u64 + 1;
                        let seed = if self.rng.chance(0.5) { seed } else { s };
                        self.make(
                            Origin::Line {
                                template,
                                values,
                                seed,
                            },
                            None,
                        )
                    }
                    2 => {
                        let seed = u64::from(self.rng.next_u32()) + 1;
                        self.make(
                            Origin::Line {
                                template,
                                values,
                                seed,
                            },
                            None,
                        )
                    }
                    _ => self.make(
                        Origin::Mutation {
                            line,
                            seed,
                            steps: 1,
                        },
                        Some(&base),
                    ),
                }
            }
            Origin::Mutation { line, seed, steps } => self.make(
                Origin::Mutation {
                    line,
                    seed,
                    steps: steps + 1,
                },
                Some(&base),
            ),
        }
    }
}

/// Searches for the costliest input of `meter`'s submission (see the module documentation):
/// the islands one after the other ([`search_island`]), put together by [`combine`].
///
/// Cost: `runs` measurements (each one native run, plus one cachegrind run when it finishes
/// within the cap), `jobs` at a time; generating and validating the candidates is sequential.
///
/// Errors: no template, no valid input at all from the first phase, a measurement error.
pub fn search(
    problem: &dyn Problem,
    config: &ProblemConfig,
    meter: &Meter,
    opts: &SearchOptions,
) -> anyhow::Result<SearchReport> {
    let n = opts.islands.max(1);
    let parts = (0..n)
        .map(|k| Ok((k, search_island(problem, config, meter, opts, k)?)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    combine(parts)
}

/// Island `k` (from 0) of the search `opts` describes: its share of the runs
/// ([`island_runs`]) and of the time, drawn from its own RNG (identity `gridjudge-slowest`,
/// the problem, `island=<k+1>/<islands>` — empty for a single island —, the seed), so that
/// islands run anywhere in any order. Its runs are numbered from 1.
///
/// Errors: as [`search`].
pub fn search_island(
    problem: &dyn Problem,
    config: &ProblemConfig,
    meter: &Meter,
    opts: &SearchOptions,
    k: usize,
) -> anyhow::Result<SearchReport> {
    let n = opts.islands.max(1);
    let runs = island_runs(opts.runs, k, n);
    let time = opts.time.map(|t| t / n as u32);
    let identity = match n {
        1 => String::new(),
        _ => format!("island={}/{n}", k + 1),
    };
    if opts.templates.is_empty() {
        bail!("nothing to search: no template");
    }
    let start = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs.max(1))
        .build()
        .context("cannot start worker threads")?;
    let mut st = State {
        problem,
        config,
        templates: &opts.templates,
        rng: TestRng::for_test("gridjudge-slowest", problem.name(), &identity, opts.seed),
        seen: HashSet::new(),
        measured: Vec::new(),
        rejected: 0,
        validator_error: None,
    };
    // A template whose generator or keys are wrong would only ever be refused: name it now.
    for tpl in opts.templates.iter() {
        let words = tpl.words_of(&tpl.maximum());
        let info = problem
            .generator(&words[0])
            .map_err(|e| anyhow::anyhow!("search template `{}`: {e}", words.join(" ")))?;
        parse_args(problem, &words[1..])
            .and_then(|a| a.check_keys(info).map(|()| a))
            .map_err(|e| anyhow::anyhow!("search template `{}`: {e}", words.join(" ")))?;
    }
    let mut first: Vec<Origin> = Vec::new();
    for (t, tpl) in opts.templates.iter().enumerate() {
        first.push(Origin::Line {
            template: t,
            values: tpl.maximum(),
            seed: 1,
        });
        for _ in 0..DRAWS_PER_TEMPLATE {
            let values = tpl.draw(&mut st.rng);
            let seed = u64::from(st.rng.next_u32()) + 1;
            first.push(Origin::Line {
                template: t,
                values,
                seed,
            });
        }
    }
    first.reverse();
    let spinner = crate::core::progress::spinner("slowest", opts.progress);
    let mut progress = Vec::new();
    let mut best: Option<usize> = None;
    while st.measured.len() < runs {
        if time.is_some_and(|t| start.elapsed() >= t) {
            break;
        }
        let want = BATCH.min(runs - st.measured.len());
        let mut batch = Vec::new();
        let mut attempts = 0;
        while batch.len() < want && attempts < ATTEMPTS * want {
            attempts += 1;
            let c = match first.pop() {
                Some(o) => st.make(o, None),
                None if st.measured.is_empty() => break,
                None => st.child(),
            };
            match c {
                Some(c) => batch.push(c),
                None => st.rejected += 1,
            }
            if let Some(e) = &st.validator_error {
                bail!("the validator failed (not a refusal): {e}");
            }
        }
        if batch.is_empty() {
            if st.measured.is_empty() && first.is_empty() {
                bail!("no template gave an input the validator accepts");
            }
            if first.is_empty() {
                break;
            }
            continue;
        }
        let costs: Vec<anyhow::Result<Cost>> =
            pool.install(|| batch.par_iter().map(|(i, _, _)| meter.measure(i)).collect());
        for ((input, origin, line), cost) in batch.into_iter().zip(costs) {
            let cost = cost.with_context(|| format!("measuring `{line}`"))?;
            let run = st.measured.len() + 1;
            st.measured.push(Found {
                input,
                origin,
                line,
                cost,
                run,
            });
            if best.is_none_or(|b| cost > st.measured[b].cost) {
                best = Some(run - 1);
                progress.push((run, cost));
            }
        }
        spinner.set_message(format!(
            "{} runs, best {}",
            st.measured.len(),
            best.map_or(String::new(), |b| st.measured[b].cost.text())
        ));
    }
    spinner.finish_and_clear();
    let Some(b) = best else {
        bail!("no input was measured (give more runs or time)");
    };
    Ok(SearchReport {
        best: st.measured[b].clone(),
        runs: st.measured.len(),
        rejected: st.rejected,
        elapsed: start.elapsed(),
        progress,
    })
}

/// The search's report from its islands' (`(k, report)`, each island once, in any order):
/// the costliest input over all of them (among equals, the lowest island's, then its earliest
/// run), the runs and refusals summed, the times added, and the improvements of the best cost
/// over the islands taken in order, every run numbered after the runs of the islands before
/// it. O(islands + improvements).
///
/// Errors: no island.
pub fn combine(mut parts: Vec<(usize, SearchReport)>) -> anyhow::Result<SearchReport> {
    parts.sort_by_key(|(k, _)| *k);
    let mut best: Option<Found> = None;
    let (mut runs, mut rejected, mut elapsed) = (0, 0, Duration::ZERO);
    let mut progress: Vec<(usize, Cost)> = Vec::new();
    for (_, r) in parts {
        // An island's own improvements include every run that beats the islands before it.
        for (run, cost) in r.progress {
            if progress.last().is_none_or(|(_, c)| cost > *c) {
                progress.push((runs + run, cost));
            }
        }
        if best.as_ref().is_none_or(|b| r.best.cost > b.cost) {
            let mut found = r.best;
            found.run += runs;
            best = Some(found);
        }
        runs += r.runs;
        rejected += r.rejected;
        elapsed += r.elapsed;
    }
    let best = best.context("no island to put together")?;
    Ok(SearchReport {
        best,
        runs,
        rejected,
        elapsed,
        progress,
    })
}

/// A test's cost as a shard measured it: its index in test order (from 0), name and cost.
pub type TestCost = (usize, String, Cost);

/// Each test's cost, in test order: (name, cost).
pub type PackageCosts = Vec<(String, Cost)>;

/// One shard of `gridjudge slowest --islands K --shard i/N`: the islands `k` (from 0) that
/// [`crate::core::shard::Shard::takes`], searched whole, and the package's tests of index `t`
/// it takes likewise, measured; [`merge_shards`] puts them together into one run's result.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct SlowestShard {
    /// Always `slowest` (how `gridjudge merge` tells the documents apart).
    pub command: String,
    /// Problem name.
    pub problem: String,
    /// The submission's name.
    pub submission: String,
    /// The search's seed.
    pub seed: u64,
    /// The whole search's run budget.
    pub runs: usize,
    /// Islands of the whole search.
    pub islands: usize,
    /// Which part this is.
    pub shard: crate::core::shard::Shard,
    /// The native cap, ms.
    pub cap_ms: u64,
    /// How the submission ran ([`Meter::isolation`]).
    pub isolation: String,
    /// This shard's islands: `(k, its report)`.
    pub parts: Vec<(usize, SearchReport)>,
    /// The package's test count and this shard's tests; `None` with `--no-package`.
    pub package: Option<(usize, Vec<TestCost>)>,
    /// Where the shard ran.
    pub host: crate::core::shard::Host,
}

/// The search's report and the package's costs (in test order) from every shard of one run
/// (`files` names their documents, in the same order). O(islands + tests).
///
/// Errors: a shard missing or given twice, shards of different runs (problem, submission,
/// seed, runs, islands, cap), an island or a test in no shard or in two.
pub fn merge_shards(
    shards: Vec<SlowestShard>,
    files: &[String],
) -> anyhow::Result<(SearchReport, Option<PackageCosts>)> {
    use crate::core::shard::{check_complete, same_as_first};
    let Some(first) = shards.first() else {
        bail!("no shard to merge");
    };
    let cuts: Vec<_> = shards.iter().map(|s| s.shard).collect();
    let run = format!("slowest of `{}` on `{}`", first.problem, first.submission);
    check_complete(&cuts, files, &run).map_err(anyhow::Error::msg)?;
    let key = |s: &SlowestShard| {
        (
            s.problem.clone(),
            s.submission.clone(),
            s.seed,
            s.runs,
            s.islands,
            s.cap_ms,
            s.package.as_ref().map(|p| p.0),
        )
    };
    let mut parts = Vec::new();
    let mut islands = vec![false; first.islands.max(1)];
    let mut tests: Option<Vec<Option<(String, Cost)>>> =
        first.package.as_ref().map(|(n, _)| vec![None; *n]);
    for (k, sh) in shards.iter().enumerate() {
        same_as_first(files, k, "run", key(sh) == key(first)).map_err(anyhow::Error::msg)?;
        for (i, r) in &sh.parts {
            match islands.get_mut(*i) {
                Some(seen) if !*seen && sh.shard.takes(*i) => *seen = true,
                _ => bail!(
                    "{}: island {i} is not shard {}'s to search",
                    files[k],
                    sh.shard
                ),
            }
            parts.push((*i, r.clone()));
        }
        if let (Some(all), Some((_, mine))) = (tests.as_mut(), &sh.package) {
            for (t, name, cost) in mine {
                match all.get_mut(*t) {
                    Some(slot) if slot.is_none() && sh.shard.takes(*t) => {
                        *slot = Some((name.clone(), *cost));
                    }
                    _ => bail!(
                        "{}: test {t} is not shard {}'s to measure",
                        files[k],
                        sh.shard
                    ),
                }
            }
        }
    }
    if islands.iter().any(|seen| !seen) {
        bail!("an island of the {run} is in no shard");
    }
    let package = tests
        .map(|all| all.into_iter().collect::<Option<Vec<_>>>())
        .map(|t| t.context("a test of the package is in no shard"))
        .transpose()?;
    Ok((combine(parts)?, package))
}

/// A problem-neutral text mutation of `input`: either a number token (a maximal run of ASCII
/// digits) moved by ±1 or drawn again between 0 and the largest number of the input (the same
/// value drawn again becomes value + 1), or one
/// character that is not a digit nor white space replaced by another such character the input
/// already uses. `None` when neither applies. O(input).
pub fn mutate_text(input: &[u8], rng: &mut TestRng) -> Option<Vec<u8>> {
    let mut numbers: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < input.len() {
        if input[i].is_ascii_digit() {
            let s = i;
            while i < input.len() && input[i].is_ascii_digit() {
                i += 1;
            }
            numbers.push((s, i));
        } else {
            i += 1;
        }
    }
    let other: Vec<usize> = (0..input.len())
        .filter(|&k| !input[k].is_ascii_digit() && !input[k].is_ascii_whitespace())
        .collect();
    let mut alphabet: Vec<u8> = other.iter().map(|&k| input[k]).collect();
    alphabet.sort_unstable();
    alphabet.dedup();
    let chars_ok = !other.is_empty() && alphabet.len() >= 2 && other.len() <= u32::MAX as usize;
    let numbers_ok = !numbers.is_empty() && numbers.len() <= u32::MAX as usize;
    let use_numbers = match (numbers_ok, chars_ok) {
        (false, false) => return None,
        (true, false) => true,
        (false, true) => false,
        (true, true) => rng.chance(0.5),
    };
    let mut out = input.to_vec();
    if use_numbers {
        let (s, e) = numbers[rng.below(numbers.len() as u32) as usize];
        let value: u64 = std::str::from_utf8(&input[s..e]).ok()?.parse().ok()?;
        let max = numbers
            .iter()
            .filter_map(|&(a, b)| std::str::from_utf8(&input[a..b]).ok()?.parse::<u64>().ok())
            .max()
            .unwrap_or(0)
            .min(u64::from(u32::MAX - 1));
        let new = match rng.below(3) {
            0 => value.saturating_add(1),
            1 => value.saturating_sub(1),
            _ => match u64::from(rng.range(0, max as u32)) {
                same if same == value => value.saturating_add(1),
                other => other,
            },
        };
        out.splice(s..e, new.to_string().bytes());
    } else {
        let k = other[rng.below(other.len() as u32) as usize];
        let choices: Vec<u8> = alphabet.into_iter().filter(|&c| c != input[k]).collect();
        out[k] = choices[rng.below(choices.len() as u32) as usize];
    }
    Some(out)
}

/// The cost of every test of the built package of `problem` in `problems_dir` (checked against
/// its lock, [`crate::package::load_checked`]; the only place `slowest` reads it), in test
/// order: (test name, cost). `only` keeps the tests it accepts (by index in test order, from
/// 0, and input bytes). Measured `jobs` at a time.
pub fn package_costs(
    problem: &dyn Problem,
    problems_dir: &Path,
    meter: &Meter,
    jobs: usize,
    only: &(dyn Fn(usize, &[u8]) -> bool + Sync),
) -> anyhow::Result<Vec<(String, Cost)>> {
    let package = crate::package::load_checked(problems_dir, problem.name())?;
    let tests: Vec<_> = (package.tests.iter().enumerate())
        .filter(|(i, t)| only(*i, &t.input))
        .map(|(_, t)| t)
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .context("cannot start worker threads")?;
    let costs: Vec<anyhow::Result<Cost>> =
        pool.install(|| tests.par_iter().map(|t| meter.measure(&t.input)).collect());
    tests
        .iter()
        .zip(costs)
        .map(|(t, c)| {
            Ok((
                t.name.clone(),
                c.with_context(|| format!("test {}", t.name))?,
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cachegrind_totals_are_read() {
        let err = "hello\n==3780== \n==3780== I   refs:      127,757\n";
        assert_eq!(instructions_of(err), Some(127_757));
        assert_eq!(instructions_of("I   refs: 5\n"), None);
    }

    #[test]
    fn saturated_is_above_every_count() {
        assert!(Cost::Saturated > Cost::Instructions(u64::MAX));
        assert_eq!(Cost::Saturated, Cost::Saturated);
        assert_eq!(Cost::Instructions(1_234_567).text(), "1,234,567");
    }

    /// Value stability of the text mutation for a known seed.
    #[test]
    fn text_mutations_are_stable() {
        let input = b"2 3\n.#.\n##.\n";
        let mut rng = TestRng::for_test("gridjudge-slowest", "test", "", 1);
        let got: Vec<String> = (0..4)
            .map(|_| String::from_utf8(mutate_text(input, &mut rng).unwrap()).unwrap())
            .collect();
        assert_eq!(got, MUTATIONS);
        assert_eq!(mutate_text(b"   \n", &mut rng), None);
    }
    const MUTATIONS: [&str; 4] = [
        "2 4\n.#.\n##.\n",
        "2 3\n##.\n##.\n",
        "2 2\n.#.\n##.\n",
        "1 3\n.#.\n##.\n",
    ];
}
