//! Import circles: the modules of a crate import one way, never in a circle, so each can be
//! read knowing only the modules below it.
//!
//! A crate's modules are found from its roots (`src/lib.rs`, `src/main.rs`, `src/bin/*.rs`)
//! by their `mod name;` declarations. A module imports another when its code (test code left
//! out) names a path into it: `crate::a::b`, `super::b`, `self::b`, or a path through a child
//! module it declares (`b::f`), in a `use` or in an expression. The target is the longest
//! prefix of the path that is a module.

use std::collections::{BTreeMap, BTreeSet};

use ra_ap_rustc_lexer::TokenKind;

use crate::source::{code_tokens, Token};

/// Edges from each module's file (relative to the crate, `src/a/b.rs`) to the files of the
/// modules it imports.
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// A module of a crate: its path from its root and its file.
#[derive(Debug, Clone)]
struct Module {
    path: Vec<String>,
    file: String,
    /// The names of the modules it declares with `mod name;`.
    children: BTreeSet<String>,
}

/// The import graph of a crate whose sources are `files` (paths relative to the crate, as
/// `src/lib.rs`, to their text). Files that no root reaches are not in it.
pub fn crate_graph(files: &BTreeMap<String, String>) -> Graph {
    let mut graph = Graph::new();
    for root in roots(files) {
        let mut modules = BTreeMap::new();
        collect_modules(files, &root, Vec::new(), true, &mut modules);
        for module in modules.values() {
            let edges = graph.entry(module.file.clone()).or_default();
            let tokens = path_tokens(&files[&module.file]);
            for path in paths(&tokens, &module.children) {
                let Some(target) = resolve(&module.path, &path, &modules) else {
                    continue;
                };
                if target.file != module.file {
                    edges.insert(target.file.clone());
                }
            }
        }
    }
    graph
}

/// The crate roots among `files`: the library, the binary and each `src/bin/` binary.
fn roots(files: &BTreeMap<String, String>) -> Vec<String> {
    files
        .keys()
        .filter(|file| {
            let file = file.as_str();
            file == "src/lib.rs"
                || file == "src/main.rs"
                || file.strip_prefix("src/bin/").is_some_and(|rest| {
                    (rest.ends_with(".rs") && !rest.contains('/'))
                        || rest.split('/').nth(1) == Some("main.rs")
                })
        })
        .cloned()
        .collect()
}

/// Reads the module in `file` at `path` and, through its `mod name;` declarations, every
/// module below it.
fn collect_modules(
    files: &BTreeMap<String, String>,
    file: &str,
    path: Vec<String>,
    root: bool,
    modules: &mut BTreeMap<Vec<String>, Module>,
) {
    if modules.contains_key(&path) {
        return;
    }
    // The folder of a module's children: its own for a root or `mod.rs`, else `a/` for `a.rs`.
    let stem = file.strip_suffix(".rs").unwrap_or(file);
    let folder = if root || stem.ends_with("/mod") {
        stem.rsplit_once('/').map_or("", |(dir, _)| dir).to_string()
    } else {
        stem.to_string()
    };
    let declared = declared_modules(&files[file]);
    let mut children = BTreeSet::new();
    let mut found = Vec::new();
    for name in declared {
        let flat = format!("{folder}/{name}.rs");
        let nested = format!("{folder}/{name}/mod.rs");
        let child = [flat, nested].into_iter().find(|f| files.contains_key(f));
        if let Some(child) = child {
            children.insert(name.clone());
            found.push((name, child));
        }
    }
    modules.insert(
        path.clone(),
        Module {
            path: path.clone(),
            file: file.to_string(),
            children,
        },
    );
    for (name, child) in found {
        let mut child_path = path.clone();
        child_path.push(name);
        collect_modules(files, &child, child_path, false, modules);
    }
}

/// The names of the out-of-line modules a source declares (`mod name;`), test code aside.
fn declared_modules(source: &str) -> Vec<String> {
    let tokens = code_tokens(source);
    tokens
        .windows(3)
        .filter(|w| {
            w[0].text == "mod" && w[1].kind == TokenKind::Ident && w[2].kind == TokenKind::Semi
        })
        .map(|w| w[1].text.to_string())
        .collect()
}

/// The code of a source as the path reader sees it: identifiers, `::` as one token, and the
/// other tokens' texts (a literal is one token, so a path written in a string is no path).
fn path_tokens(source: &str) -> Vec<String> {
    let tokens: Vec<Token<'_>> = code_tokens(source);
    let mut out: Vec<String> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        let colon_pair = tokens[i].kind == TokenKind::Colon
            && tokens
                .get(i + 1)
                .is_some_and(|t| t.kind == TokenKind::Colon);
        if colon_pair {
            out.push("::".to_string());
            i += 2;
        } else {
            out.push(tokens[i].text.to_string());
            i += 1;
        }
    }
    out
}

fn is_ident(token: &str) -> bool {
    token.chars().all(|c| c.is_alphanumeric() || c == '_') && !token.is_empty()
}

/// Every path in `tokens` that starts with `crate`, `super`, `self` or a child module's name,
/// with `use` groups (`a::{b, c::d}`) expanded.
fn paths(tokens: &[String], children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i].as_str();
        let starts = (matches!(t, "crate" | "super" | "self") || children.contains(t))
            && tokens.get(i + 1).is_some_and(|n| n == "::")
            && (i == 0 || (tokens[i - 1] != "::" && tokens[i - 1] != "$"));
        if starts {
            i = parse_tree(tokens, i, Vec::new(), &mut out);
        } else {
            i += 1;
        }
    }
    out
}

/// Parses a path or use tree at `i` after `prefix`; pushes the complete paths; returns the
/// next index.
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
                    Some(_) => {
                        let next = parse_tree(tokens, i, prefix.clone(), out);
                        // A token no tree starts with: step over it.
                        i = next.max(i + 1);
                    }
                }
            }
        }
        if !is_ident(t) && t != "*" {
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
            // `c as d`: the alias names nothing to import.
            if tokens.get(i).is_some_and(|n| n == "as") {
                i += 2;
            }
            return i;
        }
    }
}

/// The module a path names, from the module at `from`: the longest prefix that is a module.
fn resolve<'m>(
    from: &[String],
    path: &[String],
    modules: &'m BTreeMap<Vec<String>, Module>,
) -> Option<&'m Module> {
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
    modules.get(&base)
}

/// Modules that import each other in a circle: every module of one strongly connected part
/// of the graph, and one circle through them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Circle {
    /// The modules' files, sorted.
    pub modules: Vec<String>,
    /// One circle, the first module repeated at the end (`a -> b -> a`).
    pub path: Vec<String>,
}

/// The circles of `graph`: one per strongly connected part of more than one module, in the
/// order of their first module.
pub fn circles(graph: &Graph) -> Vec<Circle> {
    let mut found: Vec<Circle> = strongly_connected(graph)
        .into_iter()
        .filter(|part| part.len() > 1)
        .map(|mut modules| {
            modules.sort();
            let path = circle_through(graph, &modules);
            Circle { modules, path }
        })
        .collect();
    found.sort_by(|a, b| a.modules.cmp(&b.modules));
    found
}

/// The strongly connected parts of `graph` (Tarjan's algorithm, iterative).
fn strongly_connected(graph: &Graph) -> Vec<Vec<String>> {
    let nodes: Vec<&String> = graph
        .keys()
        .chain(graph.values().flatten())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let index_of: BTreeMap<&String, usize> =
        nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let edges: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| {
            graph
                .get(*n)
                .into_iter()
                .flatten()
                .map(|m| index_of[m])
                .collect()
        })
        .collect();
    let mut tarjan = Tarjan::new(nodes.len());
    for start in 0..nodes.len() {
        if tarjan.index[start].is_none() {
            tarjan.visit(start, &edges);
        }
    }
    tarjan
        .parts
        .into_iter()
        .map(|part| part.into_iter().map(|i| nodes[i].clone()).collect())
        .collect()
}

/// The state of Tarjan's strongly-connected-components search.
struct Tarjan {
    index: Vec<Option<usize>>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    next: usize,
    parts: Vec<Vec<usize>>,
}

impl Tarjan {
    fn new(n: usize) -> Self {
        Tarjan {
            index: vec![None; n],
            low: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            next: 0,
            parts: Vec::new(),
        }
    }

    fn enter(&mut self, node: usize) {
        self.index[node] = Some(self.next);
        self.low[node] = self.next;
        self.next += 1;
        self.stack.push(node);
        self.on_stack[node] = true;
    }

    /// Visits `start` and everything reachable from it, with an explicit stack of
    /// (node, next edge to follow).
    fn visit(&mut self, start: usize, edges: &[Vec<usize>]) {
        self.enter(start);
        let mut work = vec![(start, 0usize)];
        while let Some(&mut (node, ref mut edge)) = work.last_mut() {
            if let Some(&next) = edges[node].get(*edge) {
                *edge += 1;
                match self.index[next] {
                    None => {
                        self.enter(next);
                        work.push((next, 0));
                    }
                    Some(index) if self.on_stack[next] => {
                        self.low[node] = self.low[node].min(index);
                    }
                    Some(_) => {}
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                self.low[parent] = self.low[parent].min(self.low[node]);
            }
            if Some(self.low[node]) == self.index[node] {
                let mut part = Vec::new();
                while let Some(member) = self.stack.pop() {
                    self.on_stack[member] = false;
                    part.push(member);
                    if member == node {
                        break;
                    }
                }
                self.parts.push(part);
            }
        }
    }
}

/// A shortest circle from the first of `modules` back to it, through `modules` only.
fn circle_through(graph: &Graph, modules: &[String]) -> Vec<String> {
    let members: BTreeSet<&String> = modules.iter().collect();
    let start = &modules[0];
    let mut came_from: BTreeMap<&String, &String> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for next in graph.get(node).into_iter().flatten() {
            if next == start {
                // Back from `node` to the start, then the circle closes.
                let mut path = vec![node.clone()];
                let mut at = node;
                while let Some(&previous) = came_from.get(at) {
                    path.push(previous.clone());
                    at = previous;
                }
                if at != start {
                    path.push(start.clone());
                }
                path.reverse();
                path.push(start.clone());
                return path;
            }
            if members.contains(next) && !came_from.contains_key(next) {
                came_from.insert(next, node);
                queue.push_back(next);
            }
        }
    }
    vec![start.clone()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(list: &[(&str, &str)]) -> BTreeMap<String, String> {
        list.iter()
            .map(|(path, text)| (path.to_string(), text.to_string()))
            .collect()
    }

    fn graph(edges: &[(&str, &str)]) -> Graph {
        let mut g = Graph::new();
        for (a, b) in edges {
            g.entry(a.to_string()).or_default().insert(b.to_string());
            g.entry(b.to_string()).or_default();
        }
        g
    }

    fn set(items: &[&str]) -> BTreeSet<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    /// A planted crate: `a/mod.rs` calls its child `x`, which uses `super::helper` (a
    /// circle); paths in comments, strings and test code do not count.
    #[test]
    fn a_planted_circle_is_named() {
        let crate_files = files(&[
            ("src/lib.rs", "mod a;\nmod b;\npub use a::run;\n"),
            (
                "src/a/mod.rs",
                "mod x;\npub fn run() { x::go() }\npub(super) fn helper() {}\n// crate::b::f\nconst S: &str = \"crate::b::f\";\n",
            ),
            ("src/a/x.rs", "use super::{helper, super::b};\npub fn go() { helper() }\n"),
            (
                "src/b.rs",
                "pub fn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::a::run;\n}\n",
            ),
        ]);
        let planted = crate_graph(&crate_files);
        assert_eq!(planted["src/lib.rs"], set(&["src/a/mod.rs"]));
        assert_eq!(planted["src/a/mod.rs"], set(&["src/a/x.rs"]));
        assert_eq!(planted["src/a/x.rs"], set(&["src/a/mod.rs", "src/b.rs"]));
        assert!(planted["src/b.rs"].is_empty());
        let found = circles(&planted);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].modules, ["src/a/mod.rs", "src/a/x.rs"]);
        assert_eq!(
            found[0].path,
            ["src/a/mod.rs", "src/a/x.rs", "src/a/mod.rs"]
        );
    }

    /// Two crates of one package (a library and a binary) are read from their own roots; a
    /// path in an expression (`crate::b::f()`) imports as a `use` does.
    #[test]
    fn each_root_reads_its_own_modules() {
        let crate_files = files(&[
            ("src/lib.rs", "pub mod shared;\n"),
            ("src/shared.rs", "pub fn s() {}\n"),
            ("src/main.rs", "mod a;\nmod b;\nfn main() { a::f() }\n"),
            ("src/a.rs", "pub fn f() { crate::b::g() }\n"),
            (
                "src/b.rs",
                "pub fn g() { treaty::shared::s() }\npub fn h() { crate::a::f() }\n",
            ),
            ("src/unreached.rs", "use crate::a::f;\n"),
        ]);
        let planted = crate_graph(&crate_files);
        assert_eq!(planted["src/main.rs"], set(&["src/a.rs"]));
        assert_eq!(planted["src/a.rs"], set(&["src/b.rs"]));
        assert_eq!(planted["src/b.rs"], set(&["src/a.rs"]));
        assert!(planted["src/lib.rs"].is_empty());
        assert!(!planted.contains_key("src/unreached.rs"));
        let found = circles(&planted);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].path, ["src/a.rs", "src/b.rs", "src/a.rs"]);
    }

    #[test]
    fn an_acyclic_graph_has_no_circle_and_each_circle_is_found() {
        let acyclic = graph(&[("lib.rs", "a.rs"), ("a.rs", "b.rs"), ("lib.rs", "b.rs")]);
        assert!(circles(&acyclic).is_empty());
        let two = graph(&[
            ("lib.rs", "a/mod.rs"),
            ("a/mod.rs", "a/x.rs"),
            ("a/x.rs", "a/y.rs"),
            ("a/y.rs", "a/mod.rs"),
            ("lib.rs", "c.rs"),
            ("c.rs", "d.rs"),
            ("d.rs", "c.rs"),
        ]);
        let found = circles(&two);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0].path, ["a/mod.rs", "a/x.rs", "a/y.rs", "a/mod.rs"]);
        assert_eq!(found[1].modules, ["c.rs", "d.rs"]);
    }

    #[test]
    fn use_groups_and_renames_are_read() {
        let tokens =
            path_tokens("use super::{a::{b, c as d}, self, *};\nfn f() { $crate::x::y(); }");
        let found = paths(&tokens, &BTreeSet::new());
        assert_eq!(
            found,
            [
                vec!["super", "a", "b"],
                vec!["super", "a", "c"],
                vec!["super", "self"],
                vec!["super"],
            ]
        );
    }
}
