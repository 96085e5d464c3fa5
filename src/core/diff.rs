//! Explaining to a contestant how a list they printed differs from the jury's: a line diff
//! computed by `similar` (patience diff), shown briefly on one line for the verdict message
//! and at more length for the details (Kattis' `judgemessage.txt`).

/// The changes between an expected and a received list of items (each item one line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListDiff {
    /// Changed items in diff order, each prefixed with `-` (expected, missing from the output)
    /// or `+` (in the output, not expected).
    pub changes: Vec<String>,
    /// Number of `-` items.
    pub missing: usize,
    /// Number of `+` items.
    pub extra: usize,
}

impl ListDiff {
    /// Diffs `expected` against `got`. For lists of N and M distinct items, O((N + M) log(N + M))
    /// time (the patience anchors, then nothing but insertions and deletions between them) and
    /// O(N + M) memory; repeated items fall back to Myers' O((N + M)·D) between anchors.
    pub fn new<S: AsRef<str>>(expected: &[S], got: &[S]) -> ListDiff {
        let old: Vec<&str> = expected.iter().map(AsRef::as_ref).collect();
        let new: Vec<&str> = got.iter().map(AsRef::as_ref).collect();
        // Patience diff anchors on the items that occur once in each list (all of them for
        // the sorted, duplicate-free lists the checkers pass), so the counts are exact and the
        // cost stays near-linear; no deadline, so the message never depends on machine load.
        let diff = similar::TextDiff::configure()
            .algorithm(similar::Algorithm::Patience)
            .diff_slices(&old, &new);
        let mut out = ListDiff {
            changes: Vec::new(),
            missing: 0,
            extra: 0,
        };
        for ch in diff.iter_all_changes() {
            let sign = match ch.tag() {
                similar::ChangeTag::Delete => {
                    out.missing += 1;
                    '-'
                }
                similar::ChangeTag::Insert => {
                    out.extra += 1;
                    '+'
                }
                similar::ChangeTag::Equal => continue,
            };
            out.changes.push(format!("{sign}{}", ch.value()));
        }
        out
    }

    /// Whether the lists are equal.
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// At most `max` changes joined by `, `, then `, ... N more` when some are left out.
    pub fn brief(&self, max: usize) -> String {
        let shown: Vec<&str> = self.changes.iter().take(max).map(String::as_str).collect();
        let more = self.changes.len().saturating_sub(max);
        let mut s = shown.join(", ");
        if more > 0 {
            s.push_str(&format!(", ... {more} more"));
        }
        s
    }

    /// `header`, then at most `max` changes one per line, then `... N more lines` when some are
    /// left out. Every line ends with `\n`.
    pub fn details(&self, header: &str, max: usize) -> String {
        let mut s = String::from(header);
        for line in self.changes.iter().take(max) {
            s.push_str(line);
            s.push('\n');
        }
        if self.changes.len() > max {
            s.push_str(&format!("... {} more lines\n", self.changes.len() - max));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_shows_changes_in_order() {
        let d = ListDiff::new(&["1", "2", "4", "7"], &["1", "3", "4", "7", "8"]);
        assert_eq!(d.changes, vec!["-2", "+3", "+8"]);
        assert_eq!((d.missing, d.extra), (1, 2));
        assert_eq!(d.brief(2), "-2, +3, ... 1 more");
        assert_eq!(d.brief(5), "-2, +3, +8");
        assert_eq!(
            d.details("--- a\n+++ b\n", 1),
            "--- a\n+++ b\n-2\n... 2 more lines\n"
        );
        assert!(ListDiff::new(&["x"], &["x"]).is_empty());
        let empty: [&str; 0] = [];
        assert_eq!(ListDiff::new(&empty, &["5"]).changes, vec!["+5"]);
    }
}
