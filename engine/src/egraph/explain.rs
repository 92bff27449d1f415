//! Compact explanations: how a root became its lowered form, one line per rewrite.
//!
//! egg's flat explanation reprints the whole term at every step, with lists as nested
//! `cons`; for a function of two memref operations that is over 100 KB. Each step of a
//! flat explanation differs from the one before at exactly one place (the subterm a rule
//! rewrote, marked with the rule), so this prints only that subterm before and after, with
//! lists as `[a b | rest]`, and the term once at the start and once at the end.

use crate::egraph::node::Node;
use egg::FlatTerm;

/// Longest rendering of one subterm before it is cut with `…`.
const MAX_TERM: usize = 200;
/// How deep a step's subterms are printed; deeper operations print as `(op …)` (the start
/// and the result print in full).
const STEP_DEPTH: usize = 3;

/// Renders a flat explanation compactly: the start, one line per step, the result.
pub fn compact_steps(flat: &[FlatTerm<Node>]) -> String {
    let Some(first) = flat.first() else {
        return String::new();
    };
    let mut out = format!("{}\n", render(first, usize::MAX, usize::MAX));
    for pair in flat.windows(2) {
        let (before, after) = (&pair[0], &pair[1]);
        let Some((path, rule, forward)) = rewritten(after) else {
            continue;
        };
        let (Some(old), Some(new)) = (at(before, &path), at(after, &path)) else {
            continue;
        };
        let place = if path.is_empty() {
            String::new()
        } else {
            let p: Vec<String> = path.iter().map(|i| (i + 1).to_string()).collect();
            format!(" at {}", p.join("."))
        };
        out.push_str(&format!(
            "  {}{rule}{place}: {} => {}\n",
            if forward { "" } else { "(backwards) " },
            render(old, MAX_TERM, STEP_DEPTH),
            render(new, MAX_TERM, STEP_DEPTH)
        ));
    }
    if let Some(last) = flat.last().filter(|_| flat.len() > 1) {
        out.push_str(&format!("= {}\n", render(last, usize::MAX, usize::MAX)));
    }
    out
}

/// The path (child indices) of the subterm a rule rewrote in this step, the rule, and
/// whether it ran forwards.
fn rewritten(t: &FlatTerm<Node>) -> Option<(Vec<usize>, String, bool)> {
    if let Some(r) = t.forward_rule {
        return Some((Vec::new(), r.to_string(), true));
    }
    if let Some(r) = t.backward_rule {
        return Some((Vec::new(), r.to_string(), false));
    }
    t.children.iter().enumerate().find_map(|(i, c)| {
        let (mut path, rule, forward) = rewritten(c)?;
        path.insert(0, i);
        Some((path, rule, forward))
    })
}

fn at<'a>(t: &'a FlatTerm<Node>, path: &[usize]) -> Option<&'a FlatTerm<Node>> {
    match path.split_first() {
        None => Some(t),
        Some((i, rest)) => at(t.children.get(*i)?, rest),
    }
}

/// A flat term as text, lists as `[...]`, operations deeper than `depth` as `(op …)`, cut
/// after about `max` characters.
pub fn render(t: &FlatTerm<Node>, max: usize, depth: usize) -> String {
    let mut s = String::new();
    write_term(t, &mut s, max, depth);
    if s.len() > max {
        let cut = (0..=max)
            .rev()
            .find(|i| s.is_char_boundary(*i))
            .unwrap_or(0);
        s.truncate(cut);
        s.push('…');
    }
    s
}

fn write_term(t: &FlatTerm<Node>, s: &mut String, max: usize, depth: usize) {
    if s.len() > max {
        return;
    }
    if depth == 0 && !t.children.is_empty() {
        match t.node.op_name() {
            Some("cons") => s.push_str("[…]"),
            _ => s.push_str(&format!("({} …)", t.node)),
        }
        return;
    }
    let depth = depth.saturating_sub(1);
    match t.node.op_name() {
        Some("cons") if t.children.len() == 2 => {
            s.push('[');
            let mut cur = t;
            let mut first = true;
            loop {
                if !first {
                    s.push(' ');
                }
                first = false;
                write_term(&cur.children[0], s, max, depth);
                let tail = &cur.children[1];
                match tail.node.op_name() {
                    Some("cons") if tail.children.len() == 2 => cur = tail,
                    Some("nil") if tail.children.is_empty() => break,
                    _ => {
                        s.push_str(" | ");
                        write_term(tail, s, max, depth);
                        break;
                    }
                }
                if s.len() > max {
                    break;
                }
            }
            s.push(']');
        }
        Some("nil") if t.children.is_empty() => s.push_str("[]"),
        _ if t.children.is_empty() => s.push_str(&t.node.to_string()),
        _ => {
            s.push('(');
            s.push_str(&t.node.to_string());
            for c in &t.children {
                s.push(' ');
                write_term(c, s, max, depth);
            }
            s.push(')');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egg::Symbol;

    fn leaf(op: &str) -> FlatTerm<Node> {
        FlatTerm::new(Node::op(op, Vec::new()), Vec::new())
    }

    fn op(op: &str, children: Vec<FlatTerm<Node>>) -> FlatTerm<Node> {
        FlatTerm::new(
            Node::op(op, vec![egg::Id::from(0usize); children.len()]),
            children,
        )
    }

    #[test]
    fn lists_print_as_brackets() {
        let list = op(
            "cons",
            vec![leaf("i32"), op("cons", vec![leaf("i64"), leaf("nil")])],
        );
        assert_eq!(render(&list, 100, 9), "[i32 i64]");
        let open = op("cons", vec![leaf("i32"), op("rest", vec![leaf("x")])]);
        assert_eq!(render(&open, 100, 9), "[i32 | (rest x)]");
        assert_eq!(render(&open, 100, 1), "[i32 | (rest …)]");
    }

    #[test]
    fn a_step_prints_only_the_rewritten_subterm() {
        let before = op("f", vec![leaf("a"), op("lower-type", vec![leaf("i32")])]);
        let mut rewritten = leaf("i32");
        rewritten.forward_rule = Some(Symbol::from("type-i32"));
        let after = op("f", vec![leaf("a"), rewritten]);
        let text = compact_steps(&[before, after]);
        assert_eq!(
            text,
            "(f a (lower-type i32))\n  type-i32 at 2: (lower-type i32) => i32\n= (f a i32)\n"
        );
    }
}
