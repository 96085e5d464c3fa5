//! The styles of generators.yaml's nodes, which `yaml_serde` does not keep: whether a
//! collection was written in flow style (`[a, b]`, `{k: v}`), how a scalar was written
//! (plain text as it stands, quotes, `|` / `>` blocks). BAPCtools writes `test_group.yaml` and a
//! test's `yaml:` with ruamel.yaml's round trip, which keeps these styles, so
//! [`super::yaml_out`] writes from this tree where it can.
//!
//! A small reader of the YAML that generators.yaml files are made of: block mappings and
//! sequences by indentation, flow collections (also over several lines), plain, quoted and
//! block scalars, comments (dropped). Anything else (anchors, tags, complex keys, multi-line
//! plain scalars, documents) makes [`parse`] give `None`, and the writer falls back to the
//! values `yaml_serde` read. Cost: linear in the file.

/// One node with its style.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// A scalar as written: plain text, a quoted text with its quotes, or `None` for an empty
    /// value.
    Scalar(Option<String>),
    /// A block scalar: its header (`|`, `>-`, ...) and its lines with the block's own
    /// indentation removed (more-indented lines keep their extra spaces).
    Block(String, Vec<String>),
    /// A mapping: (key as written, key's text, value), and whether it was in flow style.
    Map(Vec<(String, String, Node)>, bool),
    /// A sequence and whether it was in flow style.
    Seq(Vec<Node>, bool),
}

/// A step of a path through the tree: a mapping key (its text) or a sequence index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A mapping key.
    Key(String),
    /// A sequence index.
    Index(usize),
}

impl Node {
    /// The node at `path` below this one.
    pub fn at(&self, path: &[Step]) -> Option<&Node> {
        let Some((first, rest)) = path.split_first() else {
            return Some(self);
        };
        match (self, first) {
            (Node::Map(entries, _), Step::Key(k)) => entries
                .iter()
                .find(|(_, text, _)| text == k)
                .and_then(|(_, _, v)| v.at(rest)),
            (Node::Seq(items, _), Step::Index(i)) => items.get(*i).and_then(|v| v.at(rest)),
            _ => None,
        }
    }
}

/// A line without its comment and trailing spaces, with its indentation.
struct Line<'a> {
    indent: usize,
    text: &'a str,
}

/// The styled tree of `text`; `None` where it uses YAML this reader does not know.
pub fn parse(text: &str) -> Option<Node> {
    let lines: Vec<Line> = text
        .lines()
        .filter_map(|l| {
            let t = strip_comment(l).trim_end();
            let body = t.trim_start();
            if body.is_empty() || body == "---" {
                return None;
            }
            if body.starts_with(['&', '*', '!', '%']) || body == "..." || l.contains('\t') {
                return Some(Line {
                    indent: 0,
                    text: "\u{0}",
                });
            }
            Some(Line {
                indent: t.len() - body.len(),
                text: body,
            })
        })
        .collect();
    // Block scalars need the raw lines (comments and blank lines are content there), so they
    // are read from `raw` by line number.
    let raw: Vec<&str> = text.lines().collect();
    let numbered: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| {
            let t = strip_comment(l).trim();
            !t.is_empty() && t != "---"
        })
        .map(|(i, _)| i)
        .collect();
    let mut r = Reader {
        lines,
        raw,
        numbered,
        at: 0,
    };
    if r.lines.is_empty() {
        return Some(Node::Scalar(None));
    }
    let node = r.block(0)?;
    (r.at == r.lines.len()).then_some(node)
}

/// `line` without a comment (` #` outside quotes, or `#` at the start).
fn strip_comment(line: &str) -> &str {
    let mut quote: Option<char> = None;
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if (c == '\'' || c == '"') && (prev == ' ' || "[{,:-".contains(prev)) => {
                quote = Some(c)
            }
            None if c == '#' && (prev == ' ' || i == 0) => return &line[..i],
            None => {}
        }
        prev = c;
    }
    line
}

struct Reader<'a> {
    lines: Vec<Line<'a>>,
    raw: Vec<&'a str>,
    /// The raw line number of each entry of `lines`.
    numbered: Vec<usize>,
    at: usize,
}

impl<'a> Reader<'a> {
    fn block(&mut self, indent: usize) -> Option<Node> {
        let line = self.lines.get(self.at)?;
        if line.indent != indent || line.text.starts_with('\u{0}') {
            return None;
        }
        if line.text == "-" || line.text.starts_with("- ") {
            self.seq(indent)
        } else {
            self.map(indent, None)
        }
    }

    /// A block mapping at `indent`; `first` is the text of its first entry when it starts
    /// after a sequence's dash.
    fn map(&mut self, indent: usize, mut first: Option<&'a str>) -> Option<Node> {
        let mut entries = Vec::new();
        loop {
            let text = match first.take() {
                Some(t) => t,
                None => {
                    let Some(line) = self.lines.get(self.at) else {
                        break;
                    };
                    if line.indent < indent {
                        break;
                    }
                    if line.indent > indent || line.text.starts_with("- ") || line.text == "-" {
                        return None;
                    }
                    line.text
                }
            };
            let (key, rest) = split_key(text)?;
            self.at += 1;
            let value = self.value(rest, indent, true)?;
            entries.push((key.to_string(), unquote(key), value));
        }
        Some(Node::Map(entries, false))
    }

    fn seq(&mut self, indent: usize) -> Option<Node> {
        let mut items = Vec::new();
        while let Some(line) = self.lines.get(self.at) {
            if line.indent < indent {
                break;
            }
            if line.indent > indent || !(line.text == "-" || line.text.starts_with("- ")) {
                if line.indent == indent {
                    break;
                }
                return None;
            }
            let rest = line.text[1..].trim_start();
            let content_indent = indent + (line.text.len() - rest.len());
            if rest.is_empty() {
                self.at += 1;
                items.push(self.value("", indent, false)?);
            } else if rest.starts_with("- ") || rest == "-" {
                // A sequence in a sequence on the dash's line.
                self.lines[self.at] = Line {
                    indent: content_indent,
                    text: rest,
                };
                items.push(self.seq(content_indent)?);
            } else if split_key(rest).is_some() && !rest.starts_with(['[', '{']) {
                items.push(self.map(content_indent, Some(rest))?);
            } else {
                self.at += 1;
                items.push(self.value(rest, indent, false)?);
            }
        }
        Some(Node::Seq(items, false))
    }

    /// The value `rest` after a key (or dash) at `indent`, or the block below it.
    fn value(&mut self, rest: &'a str, indent: usize, in_map: bool) -> Option<Node> {
        if rest.is_empty() {
            return match self.lines.get(self.at) {
                Some(l) if l.indent > indent && l.text.starts_with(['[', '{']) => {
                    // A flow collection on the lines below its key.
                    let text = l.text;
                    self.at += 1;
                    self.value(text, indent, in_map)
                }
                Some(l) if l.indent > indent => {
                    let i = l.indent;
                    self.block(i)
                }
                Some(l)
                    if in_map
                        && l.indent == indent
                        && (l.text.starts_with("- ") || l.text == "-") =>
                {
                    self.seq(indent)
                }
                _ => Some(Node::Scalar(None)),
            };
        }
        if rest.starts_with(['|', '>']) {
            return self.block_scalar(rest, indent);
        }
        if rest.starts_with(['[', '{']) {
            let mut text = rest.to_string();
            while !balanced(&text) {
                let next = self.lines.get(self.at)?;
                if next.indent <= indent {
                    return None;
                }
                text.push(' ');
                text.push_str(next.text);
                self.at += 1;
            }
            let mut f = Flow {
                s: text.as_bytes(),
                i: 0,
            };
            let node = f.node()?;
            f.skip();
            return (f.i == text.len()).then_some(node);
        }
        if rest.starts_with(['&', '*', '!']) {
            return None;
        }
        if rest.starts_with(['\'', '"']) && !closed_quote(rest) {
            return None;
        }
        // A plain scalar continued on the next lines is not read here.
        if let Some(l) = self.lines.get(self.at) {
            if l.indent > indent && !rest.starts_with(['\'', '"']) {
                return None;
            }
        }
        Some(Node::Scalar(Some(rest.to_string())))
    }

    fn block_scalar(&mut self, header: &str, indent: usize) -> Option<Node> {
        if header.len() > 3 || header[1..].chars().any(|c| !"+-123456789".contains(c)) {
            return None;
        }
        // The raw lines after the header's line that are blank or more indented than `indent`.
        let header_line = *self.numbered.get(self.at.checked_sub(1)?)?;
        let mut body: Vec<&str> = Vec::new();
        let mut n = header_line + 1;
        while let Some(l) = self.raw.get(n) {
            let t = l.trim_start();
            if !t.is_empty() && l.len() - t.len() <= indent {
                break;
            }
            body.push(l);
            n += 1;
        }
        while body.last().is_some_and(|l| l.trim().is_empty()) {
            body.pop();
        }
        let own = body
            .iter()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.len() - l.trim_start().len())
            .min()
            .unwrap_or(indent + 2);
        // Skip the reader's lines that were part of the block.
        while self.numbered.get(self.at).is_some_and(|&k| k < n) {
            self.at += 1;
        }
        let lines = body
            .iter()
            .map(|l| l.get(own..).unwrap_or("").trim_end().to_string())
            .collect();
        Some(Node::Block(header.to_string(), lines))
    }
}

/// `key: rest` (or `key:`) split at the first `:` followed by a space or the end, outside
/// quotes; `None` when `text` is not a mapping entry.
fn split_key(text: &str) -> Option<(&str, &str)> {
    let b = text.as_bytes();
    let mut i = 0;
    if b.first() == Some(&b'\'') || b.first() == Some(&b'"') {
        let q = b[0];
        i = 1;
        while i < b.len() {
            if b[i] == q {
                if q == b'\'' && b.get(i + 1) == Some(&b'\'') {
                    i += 2;
                    continue;
                }
                break;
            }
            if q == b'"' && b[i] == b'\\' {
                i += 1;
            }
            i += 1;
        }
        i += 1;
    }
    if b.first().is_some_and(|c| b"[{?".contains(c)) {
        return None;
    }
    while i < b.len() {
        if b[i] == b':' && (i + 1 == b.len() || b[i + 1] == b' ') {
            return Some((text[..i].trim_end(), text[i + 1..].trim()));
        }
        i += 1;
    }
    None
}

/// A key's text without its quotes.
fn unquote(key: &str) -> String {
    if key.len() >= 2 && key.starts_with('\'') && key.ends_with('\'') {
        key[1..key.len() - 1].replace("''", "'")
    } else if key.len() >= 2 && key.starts_with('"') && key.ends_with('"') {
        key[1..key.len() - 1]
            .replace("\\\"", "\"")
            .replace("\\\\", "\\")
    } else {
        key.to_string()
    }
}

fn closed_quote(s: &str) -> bool {
    let q = s.as_bytes()[0];
    let mut i = 1;
    let b = s.as_bytes();
    while i < b.len() {
        if q == b'"' && b[i] == b'\\' {
            i += 2;
            continue;
        }
        if b[i] == q {
            if q == b'\'' && b.get(i + 1) == Some(&b'\'') {
                i += 2;
                continue;
            }
            return i + 1 == b.len();
        }
        i += 1;
    }
    false
}

/// Whether the brackets of `s` (outside quotes) are balanced.
fn balanced(s: &str) -> bool {
    let mut depth = 0i32;
    let mut quote: Option<char> = None;
    for c in s.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None => match c {
                '\'' | '"' => quote = Some(c),
                '[' | '{' => depth += 1,
                ']' | '}' => depth -= 1,
                _ => {}
            },
        }
    }
    depth <= 0
}

/// A flow collection's reader.
struct Flow<'a> {
    s: &'a [u8],
    i: usize,
}

impl Flow<'_> {
    fn skip(&mut self) {
        while self.i < self.s.len() && self.s[self.i] == b' ' {
            self.i += 1;
        }
    }

    fn node(&mut self) -> Option<Node> {
        self.skip();
        match self.s.get(self.i)? {
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                loop {
                    self.skip();
                    if self.s.get(self.i) == Some(&b']') {
                        self.i += 1;
                        return Some(Node::Seq(items, true));
                    }
                    items.push(self.node()?);
                    self.skip();
                    match self.s.get(self.i)? {
                        b',' => self.i += 1,
                        b']' => {}
                        _ => return None,
                    }
                }
            }
            b'{' => {
                self.i += 1;
                let mut entries = Vec::new();
                loop {
                    self.skip();
                    if self.s.get(self.i) == Some(&b'}') {
                        self.i += 1;
                        return Some(Node::Map(entries, true));
                    }
                    let key = self.scalar(true)?;
                    self.skip();
                    if self.s.get(self.i) != Some(&b':') {
                        return None;
                    }
                    self.i += 1;
                    self.skip();
                    let value = match self.s.get(self.i) {
                        Some(b',') | Some(b'}') => Node::Scalar(None),
                        _ => self.node()?,
                    };
                    let text = unquote(&key);
                    entries.push((key, text, value));
                    self.skip();
                    match self.s.get(self.i)? {
                        b',' => self.i += 1,
                        b'}' => {}
                        _ => return None,
                    }
                }
            }
            _ => Some(Node::Scalar(Some(self.scalar(false)?))),
        }
    }

    /// A scalar in flow context, as written.
    fn scalar(&mut self, key: bool) -> Option<String> {
        let start = self.i;
        let q = *self.s.get(self.i)?;
        if q == b'\'' || q == b'"' {
            self.i += 1;
            while self.i < self.s.len() {
                let c = self.s[self.i];
                if q == b'"' && c == b'\\' {
                    self.i += 2;
                    continue;
                }
                if c == q {
                    if q == b'\'' && self.s.get(self.i + 1) == Some(&b'\'') {
                        self.i += 2;
                        continue;
                    }
                    self.i += 1;
                    return String::from_utf8(self.s[start..self.i].to_vec()).ok();
                }
                self.i += 1;
            }
            return None;
        }
        if b"&*!|>".contains(&q) {
            return None;
        }
        while self.i < self.s.len() {
            let c = self.s[self.i];
            if c == b',' || c == b']' || c == b'}' || c == b'[' || c == b'{' {
                break;
            }
            let ends_key = |n: &u8| {
                if key {
                    b" ,]}".contains(n)
                } else {
                    *n == b' '
                }
            };
            if c == b':' && self.s.get(self.i + 1).is_none_or(ends_key) {
                break;
            }
            self.i += 1;
        }
        let text = String::from_utf8(self.s[start..self.i].to_vec()).ok()?;
        let text = text.trim_end().to_string();
        (!text.is_empty()).then_some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn styles_are_read() {
        let src = "a:\n    x: [1,  2]  # c\n    y: {p: 'q', r: \"s t\"}\n    d: |\n        one\n          two\n    s:\n    - a\n    -   b: 1\n        c: [x]\n";
        let n = parse(src).unwrap();
        let a = n.at(&[Step::Key("a".into())]).unwrap();
        let Node::Map(entries, false) = a else {
            panic!("{a:?}")
        };
        let keys: Vec<&str> = entries.iter().map(|(k, _, _)| k.as_str()).collect();
        assert_eq!(keys, ["x", "y", "d", "s"]);
        assert_eq!(
            entries[0].2,
            Node::Seq(
                vec![
                    Node::Scalar(Some("1".into())),
                    Node::Scalar(Some("2".into()))
                ],
                true
            )
        );
        assert_eq!(
            entries[2].2,
            Node::Block("|".into(), vec!["one".into(), "  two".into()])
        );
        let Node::Seq(items, false) = &entries[3].2 else {
            panic!()
        };
        assert_eq!(items.len(), 2);
        assert!(parse("a: &x 1\nb: *x\n").is_none());
        // A quoted key on a dash's line, and a sequence at its key's indentation.
        let n = parse("data:\n- '':\n    in: '1'\nl:\n- x\n").unwrap();
        let inner = n.at(&[
            Step::Key("data".into()),
            Step::Index(0),
            Step::Key("".into()),
        ]);
        assert!(matches!(inner, Some(Node::Map(e, false)) if e[0].0 == "in"));
        assert!(
            matches!(n.at(&[Step::Key("l".into())]), Some(Node::Seq(s, false)) if s.len() == 1)
        );
        // A flow collection on the lines below its key, with a trailing comma (BAPCtools'
        // test problem `identity` writes one).
        let n = parse("json:\n  {\n    data:\n      [\n        { \"\": a 1 },\n      ],\n  }\n")
            .unwrap();
        let item = n.at(&[
            Step::Key("json".into()),
            Step::Key("data".into()),
            Step::Index(0),
        ]);
        assert!(matches!(item, Some(Node::Map(e, true)) if e[0].1.is_empty()));
    }
}
