//! The file-level import graph of a crate's `src/`, and a cycle finder.
//!
//! Shared by `treaty-segment`'s and `treaty-report`'s `tests/module_graph.rs`.
//! A file imports another when its code (test code left out) names a path into it:
//! `crate::a::b`, `super::b`, `self::b`, or a child module declared in the file (`b::f`).
//! The target is the longest prefix of the path that is a module file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Edges from each file (relative to `src/`) to the files it imports, sorted.
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// Reads every `src/**/*.rs` of the crate at `crate_dir` and returns its import graph.
pub fn crate_graph(crate_dir: &Path) -> Graph {
    let src = crate_dir.join("src");
    let mut files = Vec::new();
    collect_rs(&src, &mut files);
    files.sort();
    // Module path of each file: `lib.rs` is [], `a.rs` and `a/mod.rs` are [a], `a/b.rs` is [a, b].
    let mut modules: BTreeMap<Vec<String>, String> = BTreeMap::new();
    for file in &files {
        let rel = file.strip_prefix(&src).unwrap();
        let name = rel.to_string_lossy().replace('\\', "/");
        modules.insert(module_path(&name), name);
    }
    let mut graph = Graph::new();
    for (module, name) in &modules {
        let text = std::fs::read_to_string(src.join(name)).unwrap();
        let code = strip_test_items(&strip_comments_and_literals(&text));
        let children: BTreeSet<String> = modules
            .keys()
            .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
            .map(|m| m.last().unwrap().clone())
            .collect();
        let mut targets = BTreeSet::new();
        for path in paths(&code, &children) {
            if let Some(target) = resolve(module, &path, &modules) {
                if target != *module {
                    targets.insert(modules[&target].clone());
                }
            }
        }
        graph.insert(name.clone(), targets);
    }
    graph
}

fn collect_rs(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_rs(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn module_path(rel: &str) -> Vec<String> {
    let rel = rel.strip_suffix(".rs").unwrap();
    let mut parts: Vec<String> = rel.split('/').map(str::to_string).collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts
}

/// Blanks comments, string and character literals (keeping line breaks), so paths in them do not count.
pub fn strip_comments_and_literals(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
        } else if (c == 'r' || c == 'b')
            && !prev_is_ident(&b, i)
            && raw_string_start(&b, i).is_some()
        {
            let (hashes, body) = raw_string_start(&b, i).unwrap();
            for _ in i..body {
                out.push(' ');
            }
            i = body;
            loop {
                if i >= b.len() {
                    break;
                }
                if b[i] == '"' && (0..hashes).all(|k| b.get(i + 1 + k) == Some(&'#')) {
                    for _ in 0..=hashes {
                        out.push(' ');
                    }
                    i += 1 + hashes;
                    break;
                }
                out.push(blank(b[i]));
                i += 1;
            }
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < b.len() {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            let end = if next == Some('\\') {
                (i + 2..b.len()).find(|&k| b[k] == '\'')
            } else if b.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(end) => {
                    for _ in i..=end {
                        out.push(' ');
                    }
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn prev_is_ident(b: &[char], i: usize) -> bool {
    i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')
}

/// At `r"`, `r#"`, `br"`, `br#"`: the number of hashes and the index after the opening quote.
fn raw_string_start(b: &[char], i: usize) -> Option<(usize, usize)> {
    let mut k = i;
    if b[k] == 'b' {
        k += 1;
    }
    if b.get(k) != Some(&'r') {
        return None;
    }
    k += 1;
    let mut hashes = 0;
    while b.get(k) == Some(&'#') {
        hashes += 1;
        k += 1;
    }
    (b.get(k) == Some(&'"')).then_some((hashes, k + 1))
}

/// Whether the attribute `attribute` (`#[cfg(...)]`) compiles its item for tests only:
/// `cfg(test)`, or `cfg(all(test, ...))`.
fn is_test_only_cfg(attribute: &str) -> bool {
    let inner: String = attribute.chars().filter(|c| !c.is_whitespace()).collect();
    inner == "#[cfg(test)]"
        || inner.strip_prefix("#[cfg(all(").is_some_and(|rest| {
            rest.trim_end_matches([')', ']'])
                .split(',')
                .any(|p| p == "test")
        })
}

/// Blanks every item that follows `#[cfg(test)]` or `#[cfg(all(test, ...))]` (up to its `;`
/// or its closing brace).
pub fn strip_test_items(code: &str) -> String {
    let mut out: Vec<char> = code.chars().collect();
    let marker: Vec<char> = "#[cfg(".chars().collect();
    let mut i = 0;
    while i + marker.len() <= out.len() {
        if out[i..i + marker.len()] != marker[..] {
            i += 1;
            continue;
        }
        let Some(close) = out[i..].iter().position(|&c| c == ']') else {
            break;
        };
        let attribute: String = out[i..=i + close].iter().collect();
        if !is_test_only_cfg(&attribute) {
            i += 1;
            continue;
        }
        let start = i;
        let mut k = i + close + 1;
        while k < out.len() && out[k] != '{' && out[k] != ';' {
            k += 1;
        }
        if k < out.len() && out[k] == '{' {
            let mut depth = 0;
            while k < out.len() {
                if out[k] == '{' {
                    depth += 1;
                } else if out[k] == '}' {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                k += 1;
            }
        }
        let end = (k + 1).min(out.len());
        for c in &mut out[start..end] {
            if *c != '\n' {
                *c = ' ';
            }
        }
        i = end;
    }
    out.into_iter().collect()
}

/// Every path in `code` that starts with `crate`, `super`, `self` or a child module's name,
/// with `use` groups (`a::{b, c::d}`) expanded.
fn paths(code: &str, children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let tokens = tokenize(code);
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        let starts = (t == "crate" || t == "super" || t == "self" || children.contains(t))
            && tokens.get(i + 1).is_some_and(|n| n == "::")
            && (i == 0 || (tokens[i - 1] != "::" && tokens[i - 1] != "$"));
        if starts {
            let mut found = Vec::new();
            i = parse_tree(&tokens, i, Vec::new(), &mut found);
            out.extend(found);
        } else {
            i += 1;
        }
    }
    out
}

fn tokenize(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            tokens.push("::".to_string());
            i += 2;
        } else if c.is_whitespace() {
            i += 1;
        } else {
            tokens.push(c.to_string());
            i += 1;
        }
    }
    tokens
}

/// Parses a path or use tree at `i` after `prefix`; pushes the complete paths; returns the next index.
fn parse_tree(
    tokens: &[String],
    mut i: usize,
    mut prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    loop {
        let Some(t) = tokens.get(i) else {
            out.push(prefix);
            return i;
        };
        if t == "{" {
            i += 1;
            loop {
                match tokens.get(i).map(String::as_str) {
                    None => return i,
                    Some("}") => return i + 1,
                    Some(",") => i += 1,
                    Some(_) => i = parse_tree(tokens, i, prefix.clone(), out),
                }
            }
        }
        let is_ident = t.chars().all(|c| c.is_alphanumeric() || c == '_') || t == "*";
        if !is_ident {
            out.push(prefix);
            return i;
        }
        if t != "*" {
            prefix.push(t.clone());
        }
        i += 1;
        if tokens.get(i).is_some_and(|n| n == "::") {
            i += 1;
        } else {
            out.push(prefix);
            return i;
        }
    }
}

/// The module a path names, from the module `from`: the longest prefix that is a module file.
fn resolve(
    from: &[String],
    path: &[String],
    modules: &BTreeMap<Vec<String>, String>,
) -> Option<Vec<String>> {
    let mut base: Vec<String> = from.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("super") | Some("self") => {
            while let Some(first) = rest.first() {
                match first.as_str() {
                    "super" => {
                        base.pop()?;
                    }
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
        }
        _ => {}
    }
    for segment in rest {
        if segment == "self" {
            continue;
        }
        let mut next = base.clone();
        next.push(segment.clone());
        if modules.contains_key(&next) {
            base = next;
        } else {
            break;
        }
    }
    modules.contains_key(&base).then_some(base)
}

/// A cycle of the graph, as the files in order with the first repeated at the end, if there is one.
pub fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    // Depth-first search with colours: 0 unvisited, 1 on the stack, 2 done.
    let mut colour: BTreeMap<&str, u8> = BTreeMap::new();
    let mut stack: Vec<&str> = Vec::new();
    fn visit<'a>(
        node: &'a str,
        graph: &'a Graph,
        colour: &mut BTreeMap<&'a str, u8>,
        stack: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        colour.insert(node, 1);
        stack.push(node);
        for next in graph.get(node).into_iter().flatten() {
            match colour.get(next.as_str()).copied().unwrap_or(0) {
                1 => {
                    let start = stack.iter().position(|n| *n == next).unwrap();
                    let mut cycle: Vec<String> =
                        stack[start..].iter().map(|s| s.to_string()).collect();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(cycle) = visit(next, graph, colour, stack) {
                        return Some(cycle);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        colour.insert(node, 2);
        None
    }
    for node in graph.keys() {
        if colour.get(node.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(cycle) = visit(node, graph, &mut colour, &mut stack) {
                return Some(cycle);
            }
        }
    }
    None
}

/// The message naming an import cycle among the files of the crate at `crate_dir`, if it has one.
pub fn cycle_message(crate_dir: &Path) -> Option<String> {
    let cycle = find_cycle(&crate_graph(crate_dir))?;
    Some(format!(
        "import cycle among the files of {}: {}\n(a file imports another when it names a path into it; \
         move what both need into a module below them)",
        crate_dir.display(),
        cycle.join(" -> ")
    ))
}

/// Asserts that the crate at `crate_dir` has no import cycle among its files, naming one if it has.
pub fn assert_acyclic(crate_dir: &Path) {
    if let Some(message) = cycle_message(crate_dir) {
        panic!("{message}");
    }
}

/// Unit tests of the cycle finder and the path reader, on planted graphs and sources.
pub fn self_test() {
    let graph = |edges: &[(&str, &str)]| {
        let mut g = Graph::new();
        for (a, b) in edges {
            g.entry(a.to_string()).or_default().insert(b.to_string());
            g.entry(b.to_string()).or_default();
        }
        g
    };
    let acyclic = graph(&[("lib.rs", "a.rs"), ("a.rs", "b.rs"), ("lib.rs", "b.rs")]);
    assert_eq!(find_cycle(&acyclic), None);
    let cyclic = graph(&[
        ("lib.rs", "a/mod.rs"),
        ("a/mod.rs", "a/x.rs"),
        ("a/x.rs", "a/y.rs"),
        ("a/y.rs", "a/mod.rs"),
    ]);
    assert_eq!(
        find_cycle(&cyclic).unwrap(),
        ["a/mod.rs", "a/x.rs", "a/y.rs", "a/mod.rs"]
    );

    // Test-only items are blanked whatever the form of their cfg; other cfg items are kept.
    for test_only in [
        "#[cfg(test)]",
        "#[cfg(all(test, unix))]",
        "#[cfg( all( unix , test ) )]",
    ] {
        let code = format!("{test_only}\nmod t {{ use crate::x; }}\n");
        assert!(!strip_test_items(&code).contains("crate::x"), "{test_only}");
    }
    for kept in [
        "#[cfg(unix)]",
        "#[cfg(not(test))]",
        "#[cfg(any(test, unix))]",
    ] {
        let code = format!("{kept}\nmod t {{ use crate::x; }}\n");
        assert!(strip_test_items(&code).contains("crate::x"), "{kept}");
    }

    // A planted crate: `a/mod.rs` calls its child `x`, which uses `super::helper` (a cycle);
    // test code and comments do not count.
    let dir = std::env::temp_dir().join(format!("module-graph-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("a")).unwrap();
    std::fs::write(src.join("lib.rs"), "mod a;\nmod b;\npub use a::run;\n").unwrap();
    std::fs::write(
        src.join("a/mod.rs"),
        "mod x;\npub fn run() { x::go() }\npub(super) fn helper() {}\n// crate::b::f\nconst S: &str = \"crate::b::f\";\n",
    )
    .unwrap();
    std::fs::write(
        src.join("a/x.rs"),
        "use super::{helper, super::b};\npub fn go() { helper() }\n",
    )
    .unwrap();
    std::fs::write(
        src.join("b.rs"),
        "pub fn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::a::run;\n}\n",
    )
    .unwrap();
    let planted = crate_graph(&dir);
    assert_eq!(planted["lib.rs"], BTreeSet::from(["a/mod.rs".to_string()]));
    assert_eq!(planted["a/mod.rs"], BTreeSet::from(["a/x.rs".to_string()]));
    assert_eq!(
        planted["a/x.rs"],
        BTreeSet::from(["a/mod.rs".to_string(), "b.rs".to_string()])
    );
    assert!(planted["b.rs"].is_empty());
    assert_eq!(
        find_cycle(&planted).unwrap(),
        ["a/mod.rs", "a/x.rs", "a/mod.rs"]
    );
    let message = cycle_message(&dir).unwrap();
    assert!(
        message.contains("a/mod.rs -> a/x.rs -> a/mod.rs"),
        "{message}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
