//! Warnings about rule files that load but break what rules/README.md asks of every rule:
//! a `;;` comment stating the rule's identity (not restating a renaming, which states
//! itself), inline tests in every file that has rules, no helper operation left without a
//! rule that rewrites it away, and no function without clauses.
//!
//! These are run by `kiln rules check` (an author's tool, where `--deny-warnings` turns
//! them into a failure) rather than by every load, so that a scratch rules directory given
//! to `kiln lower --rules` is not noisy. Rules of one phase with the same left side and
//! guards (one shadows the other, [`overlaps`]) are warned about by every load.

use crate::rule::checker::RuleDiagnostic;
use crate::rule::ruleset::{Level, Pat, Rule, RuleSet, Sort};
use kiln_frontend::{Diagnostic, Span};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The warnings of a checked rule set, sorted by file and position.
pub fn lint(set: &RuleSet) -> Vec<RuleDiagnostic> {
    let mut out = Vec::new();
    identity_comments(set, &mut out);
    files_without_tests(set, &mut out);
    helpers_never_eliminated(set, &mut out);
    out.sort_by_key(|d| (d.file, d.diagnostic.span.start, d.diagnostic.span.end));
    out
}

fn warn(file: usize, code: &'static str, span: Span, msg: String, note: &str) -> RuleDiagnostic {
    RuleDiagnostic {
        file,
        diagnostic: Diagnostic::warning(code, span, msg).with_note(note),
    }
}

/// Each rule needs a `;;` line directly above its `rule` line that says what it states,
/// unless it is a renaming (one operation for another on the same operands), which states
/// itself; a comment that only names the two operations of a renaming restates it.
fn identity_comments(set: &RuleSet, out: &mut Vec<RuleDiagnostic>) {
    for r in &set.rules {
        let Some(file) = set.files.get(r.loc.file) else {
            continue;
        };
        let text = &file.text;
        let start = (r.loc.span.start as usize).min(text.len());
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let above = text[..line_start.saturating_sub(1)]
            .lines()
            .next_back()
            .unwrap_or("")
            .trim_start();
        let renaming = renamed(r);
        match above.strip_prefix(";;") {
            Some(comment) => {
                if let Some((from, to)) = renaming {
                    if comment.trim() == format!("{from} is {to}") {
                        out.push(warn(
                            r.loc.file,
                            "rules.comment-restates",
                            r.loc.span,
                            format!("the comment above rule `{}` restates it", r.name),
                            "a renaming states itself: drop the comment, or say what the rule means that its text does not",
                        ));
                    }
                }
            }
            None if renaming.is_none() => out.push(warn(
                r.loc.file,
                "rules.no-comment",
                r.loc.span,
                format!("rule `{}` has no `;;` comment stating its identity", r.name),
                "write what the rule states on the line above it, as in `;; x + 0 is x`",
            )),
            None => {}
        }
    }
}

/// The two operations of a renaming: a rule whose right side is one operation of the left
/// side's variables, in order (its type operand may be lowered: `(lower-type ?t)`), and
/// whose left side is one operation of distinct variables, with no guard.
fn renamed(r: &Rule) -> Option<(&str, &str)> {
    let (Pat::Op(from, lhs), Pat::Op(to, rhs)) = (&r.lhs, &r.rhs) else {
        return None;
    };
    if !r.guards.is_empty() || r.two_way || lhs.len() != rhs.len() || lhs.is_empty() {
        return None;
    }
    let mut seen = BTreeSet::new();
    for (l, r) in lhs.iter().zip(rhs) {
        let Pat::Var(v) = l else { return None };
        if !seen.insert(v) {
            return None;
        }
        let same = match r {
            Pat::Var(w) => w == v,
            Pat::Op(op, kids) => op == "lower-type" && kids.as_slice() == [Pat::Var(v.clone())],
            _ => false,
        };
        if !same {
            return None;
        }
    }
    Some((from, to))
}

/// A file with rules needs at least one inline test.
fn files_without_tests(set: &RuleSet, out: &mut Vec<RuleDiagnostic>) {
    let tested: BTreeSet<usize> = set.tests.iter().map(|t| t.loc.file).collect();
    let mut first_rule: BTreeMap<usize, Span> = BTreeMap::new();
    for r in &set.rules {
        first_rule.entry(r.loc.file).or_insert(r.loc.span);
    }
    for (file, span) in first_rule {
        if !tested.contains(&file) {
            out.push(warn(
                file,
                "rules.no-tests",
                span,
                "this file has rules but no `test`".to_string(),
                "add `test NAME { INPUT => EXPECTED }` blocks; `kiln rules test` runs them",
            ));
        }
    }
}

/// A `source` operation a template introduces (a helper) must be the root of some rule's
/// left side, or extraction can never get rid of it. An operation of several results is
/// read through `(result T OP I)` projections: rules that rewrite its projections away
/// (`(result ?r (OP ...) ?i)` on the left) eliminate it, as nothing else refers to it.
fn helpers_never_eliminated(set: &RuleSet, out: &mut Vec<RuleDiagnostic>) {
    let mut rewritten = BTreeSet::new();
    for r in &set.rules {
        rewritten.extend(r.lhs.root_op().map(str::to_string));
        if r.two_way {
            rewritten.extend(r.rhs.root_op().map(str::to_string));
        }
        if let Pat::Op(root, kids) = &r.lhs {
            if let (true, Some(Pat::Op(projected, _))) = (root == "result", kids.get(1)) {
                rewritten.insert(projected.clone());
            }
        }
    }
    let mut introduced: BTreeMap<String, &str> = BTreeMap::new();
    for r in &set.rules {
        for op in r.rhs.ops() {
            introduced.entry(op.to_string()).or_insert(&r.name);
        }
    }
    for d in &set.decls {
        // Source types and layout structure are operands of helpers (`lower-type`), not
        // something extraction must see through.
        let structural = matches!(d.result, Sort::Type | Sort::Node | Sort::Lit);
        if d.level == Level::Function && !rewritten.contains(&d.name) {
            if let Some(rule) = introduced.get(&d.name) {
                out.push(warn(
                    d.loc.file,
                    "rules.function-without-clauses",
                    d.loc.span,
                    format!(
                        "no rule defines function `{}`, but rule `{rule}` applies it",
                        d.name
                    ),
                    "a function is defined by the rules rooted at it: add one, or the rule never applies",
                ));
            }
            continue;
        }
        if d.level != Level::Source || structural || rewritten.contains(&d.name) {
            continue;
        }
        if let Some(rule) = introduced.get(&d.name) {
            out.push(warn(
                d.loc.file,
                "rules.helper-not-eliminated",
                d.loc.span,
                format!(
                    "no rule rewrites `{}` away, but rule `{rule}` introduces it",
                    d.name
                ),
                "a source operation costs infinity in extraction: add a rule with it at the root of its left side",
            ));
        }
    }
}

/// Rules of one phase with the same left side and the same guards (variables renamed): the
/// second one shadows the first — it can only add what the first already adds, or
/// contradict it. Reported by every load (the checker calls this).
pub fn overlaps(set: &RuleSet) -> Vec<RuleDiagnostic> {
    let mut out = Vec::new();
    let mut seen: HashMap<(usize, String), usize> = HashMap::new();
    for (i, r) in set.rules.iter().enumerate() {
        let key = (r.phase, canonical(r));
        if let Some(&j) = seen.get(&key) {
            let first = &set.rules[j];
            let phase = &set.phases[r.phase].name;
            out.push(RuleDiagnostic {
                file: r.loc.file,
                diagnostic: Diagnostic::warning(
                    "rules.overlap",
                    r.loc.span,
                    format!(
                        "rules `{}` and `{}` have the same left side in phase `{phase}`",
                        first.name, r.name
                    ),
                )
                .with_note(format!(
                    "`{}` is at {}",
                    first.name,
                    set.describe(first.loc)
                )),
            });
        } else {
            seen.insert(key, i);
        }
    }
    out
}
/// The left side and guards of a rule with variables renamed by first occurrence.
fn canonical(r: &Rule) -> String {
    let vars = r.lhs.vars();
    let mut s = format!("{} if", r.lhs);
    for g in &r.guards {
        s.push_str(&format!(" {g}"));
    }
    for (i, v) in vars.iter().enumerate() {
        s = replace_var(&s, v, &format!("#{i}"));
    }
    s
}

fn replace_var(s: &str, var: &str, with: &str) -> String {
    let needle = format!("?{var}");
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find(&needle) {
        let end = i + needle.len();
        let boundary = rest[end..]
            .chars()
            .next()
            .is_none_or(|c| c == ' ' || c == ')' || c == '}');
        out.push_str(&rest[..i]);
        out.push_str(if boundary { with } else { &needle });
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::{load_rules, RuleSource};

    fn warnings(text: &str) -> Vec<String> {
        let loaded = load_rules(vec![RuleSource {
            path: "t.rules".into(),
            text: text.into(),
        }]);
        assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
        lint(&loaded.rules)
            .iter()
            .map(|d| d.diagnostic.located(&loaded.rules.files[0].text))
            .collect()
    }

    #[test]
    fn each_warning_class_is_found() {
        let text = "decl f: source (Value) -> Value\ndecl h: source (Value) -> Value\n\
                    decl g: target (Value) -> Value\nphase p {}\nin p {\n\
                    ;; f is h\n rule f-h: (f ?x) => (h ?x)\n\n rule g-g: (g ?x) => (g (g ?x))\n}\n";
        assert_eq!(
            warnings(text),
            vec![
                "2:6: no rule rewrites `h` away, but rule `f-h` introduces it",
                "7:7: the comment above rule `f-h` restates it",
                "7:7: this file has rules but no `test`",
                "9:7: rule `g-g` has no `;;` comment stating its identity",
            ]
        );
    }

    #[test]
    fn a_clean_file_has_none() {
        let text = "decl f: source (Value) -> Value\ndecl g: target (Value) -> Value\n\
                    decl a: target () -> Value\nphase p {}\nin p {\n  ;; f is g on every input\n  rule f-g: (f ?x) => (g ?x)\n}\n\
                    test f-is-g { (f a) => (g a) }\n";
        assert_eq!(warnings(text), Vec::<String>::new());
    }
}
