//! Checking declarations and phases: attributes, sorts and limits, each problem located.

use super::{Checker, DEFAULT_GROWTH, DEFAULT_ITERATIONS, DEFAULT_NODES, DEFAULT_TIME_MS};
use crate::rule::ast;
use crate::rule::ruleset::{Level, OpDecl, Phase, RuleLoc, Sort};

impl Checker {
    pub(super) fn decl(&mut self, d: &ast::Decl) {
        if let Some(first) = self.set.decl(&d.name.text) {
            let msg = if first.loc == RuleLoc::default() {
                format!("`{}` is built in (it backs the list syntax)", d.name.text)
            } else {
                format!("first declared at {}", self.set.describe(first.loc))
            };
            self.error(
                "rules.duplicate-decl",
                d.name.span,
                format!("`{}` is declared twice", d.name.text),
            )
            .notes
            .push(msg);
            return;
        }
        let mut level = None;
        let (mut effect, mut constant, mut cost, mut uniform) = (false, false, None, false);
        let mut flags = false;
        let mut width = None;
        for (attr, value) in &d.attrs {
            let takes_value = matches!(attr.text.as_str(), "cost" | "width");
            match (takes_value, value) {
                (false, Some((_, s))) => {
                    self.error(
                        "rules.bad-attribute",
                        *s,
                        format!("`{}` takes no value", attr.text),
                    );
                }
                (true, None) => {
                    self.error(
                        "rules.bad-attribute",
                        attr.span,
                        format!("`{0}` needs a value, as in `{0} 3`", attr.text),
                    );
                }
                _ => {}
            }
            match attr.text.as_str() {
                "source" | "target" | "function" => {
                    let l = match attr.text.as_str() {
                        "source" => Level::Source,
                        "target" => Level::Target,
                        _ => Level::Function,
                    };
                    if level.is_some() {
                        self.error(
                            "rules.bad-attribute",
                            attr.span,
                            "an operation is one of `source`, `target` or `function`",
                        );
                    }
                    level = Some(l);
                }
                "effect" => effect = true,
                "uniform" => uniform = true,
                "const" => constant = true,
                "flags" => flags = true,
                "cost" => {
                    if let Some((v, s)) = value {
                        match v.parse::<u32>() {
                            Ok(c) => cost = Some(c),
                            Err(_) => {
                                self.error(
                                    "rules.bad-attribute",
                                    *s,
                                    format!("cost `{v}` is not a non-negative integer"),
                                );
                            }
                        }
                    }
                }
                "width" => {
                    if let Some((v, s)) = value {
                        match v.parse::<u32>() {
                            Ok(w) if (1..=128).contains(&w) => width = Some((w, attr.span)),
                            _ => {
                                self.error(
                                    "rules.bad-attribute",
                                    *s,
                                    format!("width `{v}` is not a number of bits from 1 to 128"),
                                );
                            }
                        }
                    }
                }
                other => {
                    self.error(
                        "rules.bad-attribute",
                        attr.span,
                        format!("unknown attribute `{other}`"),
                    )
                    .notes
                    .push(
                        "attributes: source, target, function, effect, const, uniform, flags, cost N, width N"
                            .to_string(),
                    );
                }
            }
        }
        let children: Vec<Option<Sort>> = d.children.iter().map(|n| self.sort(n)).collect();
        let result = self.sort(&d.result);
        let Some(level) = level else {
            self.error(
                "rules.bad-attribute",
                d.name.span,
                format!(
                    "`{}` must be declared `source`, `target` or `function`",
                    d.name.text
                ),
            );
            return;
        };
        let (Some(children), Some(result)) =
            (children.into_iter().collect::<Option<Vec<_>>>(), result)
        else {
            return;
        };
        if result == Sort::Any {
            self.error(
                "rules.bad-decl",
                d.result.span,
                format!("`{result}` is an operand sort, not a result sort"),
            );
            return;
        }
        if effect && children.first() != Some(&Sort::State) {
            self.error(
                "rules.bad-decl",
                d.span,
                format!(
                    "`{}` is an `effect`, so its first operand must be its `State`",
                    d.name.text
                ),
            );
        }
        if constant
            && !(result == Sort::Value
                && children.contains(&Sort::Type)
                && children.contains(&Sort::Lit))
        {
            self.error(
                "rules.bad-decl",
                d.span,
                "a `const` operation needs a `Type` and a `Lit` operand and a `Value` result",
            );
        }
        if let Some((_, at)) = width {
            if !(result == Sort::Type && children.is_empty()) {
                self.error(
                    "rules.bad-decl",
                    at,
                    "a `width` belongs to a type: an operation with no operands and a `Type` result",
                );
            }
        }
        if uniform && !(result == Sort::Value && children.contains(&Sort::Type)) {
            self.error(
                "rules.bad-decl",
                d.span,
                "a `uniform` operation needs a `Type` operand and a `Value` result",
            );
        } else if uniform {
            self.uniform.insert(d.name.text.clone());
        }
        if flags && (result != Sort::Value || effect) {
            self.error(
                "rules.bad-decl",
                d.span,
                "`flags` belong to a value operation without effects (its instruction's LLVM flags)",
            );
        }
        // A target operation the backend binds is read by its generated signature, so its
        // declaration states that signature (flags may be left out, not added).
        let bound = kiln_lowered::TargetOp::from_name(&d.name.text).map(|op| op.signature());
        if let (Level::Target, Some(sig)) = (level, bound) {
            if sig.operands != children.as_slice()
                || sig.result != result
                || sig.effect != effect
                || (flags && !sig.flags)
            {
                let attrs = match (sig.effect, sig.flags) {
                    (true, _) => "effect ",
                    (false, true) => "flags ",
                    (false, false) => "",
                };
                self.error(
                    "rules.target-signature",
                    d.span,
                    format!(
                        "the backend binds `{}` as `{attrs}{sig}`, not as declared here",
                        d.name.text
                    ),
                )
                .notes
                .push(
                    "code generation reads its operands by that signature (`rules/llvm.rules`)"
                        .to_string(),
                );
            }
        }
        let structural = matches!(result, Sort::Type | Sort::List | Sort::Node)
            || children.is_empty() && result != Sort::Value;
        let loc = self.loc(d.name.span);
        self.set.push_decl(OpDecl {
            name: d.name.text.clone(),
            level,
            effect,
            constant,
            cost: cost.unwrap_or(if structural { 0 } else { 1 }),
            width: width.map(|(w, _)| w),
            children,
            flags,
            result,
            loc,
        });
    }

    pub(super) fn phase(&mut self, p: &ast::Phase) {
        if let Some(first) = self.set.phases.iter().find(|q| q.name == p.name.text) {
            let at = self.set.describe(first.loc);
            self.error(
                "rules.duplicate-phase",
                p.name.span,
                format!("phase `{}` is declared twice", p.name.text),
            )
            .notes
            .push(format!("first declared at {at}"));
            return;
        }
        let mut phase = Phase {
            name: p.name.text.clone(),
            iterations: DEFAULT_ITERATIONS,
            nodes: DEFAULT_NODES,
            growth: DEFAULT_GROWTH,
            time_ms: DEFAULT_TIME_MS,
            allow_partial: false,
            loc: self.loc(p.name.span),
        };
        for (key, value) in &p.settings {
            let number = match value {
                Some((v, s)) => match v.parse::<u64>() {
                    Ok(n) if n > 0 => Some(n),
                    _ => {
                        self.error(
                            "rules.bad-limit",
                            *s,
                            format!("`{v}` is not a positive integer"),
                        );
                        continue;
                    }
                },
                None => None,
            };
            match (key.text.as_str(), number) {
                ("iterations", Some(n)) => phase.iterations = n as usize,
                ("nodes", Some(n)) => phase.nodes = n as usize,
                ("growth", Some(n)) => phase.growth = n as usize,
                ("time", Some(n)) => phase.time_ms = n,
                ("partial", None) => phase.allow_partial = true,
                ("iterations" | "nodes" | "growth" | "time", None) => {
                    self.error(
                        "rules.bad-limit",
                        key.span,
                        format!("`{}` needs a value", key.text),
                    );
                }
                ("partial", Some(_)) => {
                    self.error("rules.bad-limit", key.span, "`partial` takes no value");
                }
                (other, _) => {
                    self.error(
                        "rules.bad-limit",
                        key.span,
                        format!("unknown phase setting `{other}`"),
                    )
                    .notes
                    .push(
                        "settings: iterations N, nodes N, growth N, time MILLISECONDS, partial"
                            .to_string(),
                    );
                }
            }
        }
        self.set.phases.push(phase);
    }
}
