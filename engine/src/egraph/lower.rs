//! Lowering one function: encode it into a fresh e-graph, run the rule phases in order,
//! extract the cheapest target-level form of every root and elaborate it. One e-graph per
//! function, so functions lower independently (and can lower in parallel).

use crate::egraph::analysis::{Analysis, OpTable};
use crate::egraph::conventions::Conventions;
use crate::egraph::elaborate::{elaborate, elaborate_terms};
use crate::egraph::encode::{encode_variant, Encoded, Variant, C_WRAPPER_PREFIX};
use crate::egraph::extract::{build_extractor, find_unlowered, Graph};
use crate::egraph::function::{self, Functions};
use crate::egraph::node::Node;
use crate::egraph::saturate::{saturate, Bookkeeping, Limits, Pass, PhaseRules, Saturation};
use crate::lowered::Lowered;
use crate::rule::ruleset::RuleSet;
use egg::{Id, RecExpr};
use kiln_frontend::ir::Function;
use kiln_frontend::Diagnostic;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A rule set compiled to egg rewrites, one list per phase. Build it once and lower many
/// functions with it.
pub struct CompiledRules {
    /// The checked rule set compiled.
    pub rules: Arc<RuleSet>,
    /// Its declarations as the analysis and the extractor read them.
    pub ops: Arc<OpTable>,
    /// The rules of each phase, by its index in [`RuleSet::phases`].
    pub phases: Vec<PhaseRules>,
    /// The functions the rules apply.
    pub functions: Arc<Functions>,
}

impl CompiledRules {
    /// Compiles a checked rule set (the checker has refused every rule egg could not take).
    pub fn new(rules: Arc<RuleSet>) -> CompiledRules {
        let ops = Arc::new(OpTable::new(&rules));
        let functions = Arc::new(Functions::new(&rules));
        let is_function = |op: &str| rules.is_function(op);
        let phases = (0..rules.phases.len())
            .map(|i| PhaseRules::new(rules.rules_in(i), &is_function, functions.clone()))
            .collect();
        CompiledRules {
            rules,
            ops,
            phases,
            functions,
        }
    }
}

impl CompiledRules {
    /// Applies one rule (or a function's clause) at the root of a ground term, as the rule
    /// check does (`function.rs`): every right side it gives, with its
    /// functions applied but those `keep` names.
    pub fn rewrite_root(
        &self,
        rule: &crate::rule::Rule,
        lhs: &crate::egraph::term::Term,
        keep: &dyn Fn(&str) -> bool,
    ) -> Vec<crate::egraph::term::Term> {
        function::rewrite_root(
            &self.rules,
            self.ops.clone(),
            &self.functions,
            rule,
            lhs,
            keep,
        )
    }
}

/// How a phase ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// A pass found nothing new to add: the rules are at a fixpoint.
    Saturated,
    /// The phase made its limit of passes (the number made).
    IterationLimit(usize),
    /// The e-graph grew past the phase's node budget (its size in nodes when it stopped).
    NodeLimit(usize),
    /// The phase ran out of time (its time limit; it stops a little early, so that the
    /// rebuild an interrupted pass needs still fits).
    TimeLimit(Duration),
    /// Another reason, described by the text.
    Other(String),
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Saturated => write!(f, "saturated"),
            Stop::IterationLimit(n) => write!(f, "iteration limit ({n})"),
            Stop::NodeLimit(n) => write!(f, "node limit ({n})"),
            Stop::TimeLimit(d) => write!(f, "time limit ({} ms)", d.as_millis()),
            Stop::Other(s) => write!(f, "{s}"),
        }
    }
}

/// What one phase did to one function's e-graph (`kiln lower --stats`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PhaseStats {
    /// The phase's name.
    pub phase: String,
    /// How many passes it made.
    pub iterations: usize,
    /// The e-graph's nodes when it ended.
    pub nodes: usize,
    /// The e-graph's classes when it ended.
    pub classes: usize,
    /// How long it ran (wall clock).
    pub time: Duration,
    /// Why it ended.
    pub stop: Stop,
    /// How often each rule applied, by name (sorted; the names are the rule set's interned
    /// ones, so that tallying them allocates nothing per function).
    pub applied: Vec<(&'static str, usize)>,
    /// Each pass, in order: what it searched and applied, and the e-graph it left.
    pub passes: Vec<Pass>,
}

/// What lowering one function took, phase by phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FunctionStats {
    /// The name of the function lowered (with its C wrapper's prefix, for a wrapper).
    pub function: String,
    /// Each phase that ran, in order (none after one that failed the function).
    pub phases: Vec<PhaseStats>,
    /// How long extraction and elaboration took (wall clock).
    pub extract_time: Duration,
}

/// What to produce besides the lowered function.
#[derive(Clone, Debug, Default)]
pub struct LowerOptions {
    /// Record egg explanations and render how each root became its lowered form.
    pub explain: bool,
    /// Refuse to explain when the e-graph is larger than this many nodes.
    pub explain_node_limit: usize,
    /// Render the final e-graph as Graphviz.
    pub dot: bool,
    /// Give every function a C-compatible wrapper, not only those with
    /// `llvm.emit_c_interface` (MLIR's `emit-c-wrappers`).
    pub c_interface: bool,
    /// Which functions use which calling convention (`conventions.rs`).
    pub conventions: Conventions,
}

impl LowerOptions {
    /// Explain how each root was lowered, unless the e-graph has more than `node_limit`
    /// nodes.
    pub fn with_explanations(mut self, node_limit: usize) -> Self {
        self.explain = true;
        self.explain_node_limit = node_limit;
        self
    }

    /// Render the final e-graph as Graphviz.
    pub fn with_dot(mut self) -> Self {
        self.dot = true;
        self
    }

    /// Give every function a C wrapper (`all`), or only those marked
    /// `llvm.emit_c_interface`.
    pub fn with_c_interface(mut self, all: bool) -> Self {
        self.c_interface = all;
        self
    }

    /// Use the bare-pointer convention for every function (`rules/bare_ptr.rules`).
    pub fn with_bare_ptr(mut self, all: bool) -> Self {
        self.conventions.bare_ptr = all;
        self
    }

    /// Which functions use which calling convention, as found for the module.
    pub fn with_conventions(mut self, conventions: Conventions) -> Self {
        self.conventions = conventions;
        self
    }
}

/// What lowering one function produced.
#[derive(Clone, Debug)]
pub struct LowerOutcome {
    /// The lowered function; `None` when any diagnostic is an error.
    pub lowered: Option<Lowered>,
    /// Relative to the function's text.
    pub diagnostics: Vec<Diagnostic>,
    /// Time and sizes, per phase.
    pub stats: FunctionStats,
    /// The final e-graph as Graphviz, when [`LowerOptions::dot`] asked for it.
    pub dot: Option<String>,
    /// How each root became its lowered form, when [`LowerOptions::explain`] asked for it
    /// and the function got through its phases.
    pub explanation: Option<String>,
}

/// Lowers one verified function with compiled rules (on any thread: no stage recurses once
/// per operand, so a long dependency chain needs no special stack).
pub fn lower_function(rules: &CompiledRules, f: &Function, opts: &LowerOptions) -> LowerOutcome {
    lower_variant(rules, f, Variant::Function, opts)
}

/// The functions lowering produces for `f`: the function (or, for an external function
/// with `llvm.emit_c_interface`, a body forwarding to its C wrapper), then its C wrapper
/// when it has the attribute or `c_interface` asks for all. A function of another
/// convention than the default gets neither, as in MLIR 19 (a bare-pointer function has no
/// `_mlir_ciface_` wrapper even with `llvm.emit_c_interface`).
pub fn variants(f: &Function, c_interface: bool, conventions: &Conventions) -> Vec<Variant> {
    // An `llvm.func` is already in LLVM's terms: MLIR makes C wrappers of `func.func`s only.
    let wants = (c_interface || f.attrs.contains("llvm.emit_c_interface"))
        && conventions.of_function(f).is_none()
        && !f.llvm;
    match (wants, f.is_declaration()) {
        (false, _) => vec![Variant::Function],
        (true, true) => vec![Variant::CForwarder],
        (true, false) => vec![Variant::Function, Variant::CWrapper],
    }
}

/// Lowers one variant of a verified function (see [`variants`]).
pub fn lower_variant(
    rules: &CompiledRules,
    source: &Function,
    variant: Variant,
    opts: &LowerOptions,
) -> LowerOutcome {
    // The wrappers are one block the rules fill in; elaboration needs that block to exist.
    let synthetic;
    let f = match variant {
        Variant::Function => source,
        Variant::CWrapper | Variant::CForwarder => {
            let mut g = source.clone();
            if variant == Variant::CWrapper {
                g.name = format!("{C_WRAPPER_PREFIX}{}", source.name);
                g.visibility = kiln_frontend::ir::Visibility::Public;
            }
            g.body = Some(kiln_frontend::ir::Body {
                blocks: vec![kiln_frontend::ir::Block {
                    label: String::new(),
                    args: Vec::new(),
                    ops: Vec::new(),
                    span: source.name_span,
                }],
                values: Vec::new(),
            });
            synthetic = g;
            &synthetic
        }
    };
    // kiln searches with its own matcher (`matcher.rs`), never with egg's patterns, so
    // egg's index of classes by operation is not kept.
    let mut egraph = Graph::new(Analysis::new(rules.ops.clone())).without_op_index();
    egraph.reserve(reserved_nodes(source));
    if opts.explain {
        egraph = egraph.with_explanations_enabled();
    }
    let encoded = encode_variant(&mut egraph, &rules.ops, source, variant, &opts.conventions);
    if !opts.explain {
        // Encoding only adds nodes to a fresh e-graph: no union is pending and each class
        // holds its one node, so a rebuild (which re-sorts every class and indexes the
        // classes by operation for egg's own searches, 2.4% of a memref-heavy lowering)
        // would change nothing the saturation loop reads. The rebuild after the first pass
        // that unites classes does the rest of egg's bookkeeping.
        egraph.clean = true;
    }
    let mut diagnostics = encoded.diagnostics.clone();
    let mut stats = FunctionStats {
        function: f.name.clone(),
        ..FunctionStats::default()
    };
    let originals: Vec<(Id, RecExpr<Node>)> =
        if opts.explain && egraph.total_number_of_nodes() <= opts.explain_node_limit {
            egraph.rebuild();
            let ex = egg::Extractor::new(&egraph, egg::AstSize);
            all_roots(&encoded)
                .into_iter()
                .map(|r| (r, ex.find_best(r).1))
                .collect()
        } else {
            Vec::new()
        };
    if diagnostics.iter().any(Diagnostic::is_error) {
        return LowerOutcome {
            lowered: None,
            diagnostics,
            stats,
            dot: None,
            explanation: None,
        };
    }
    // The e-graph's nodes as the last phase left them (counting them walks every class).
    let mut nodes = None;
    for (i, phase) in rules.rules.phases.iter().enumerate() {
        let start = Instant::now();
        let run = run_phase_keeping(rules, i, egraph, Bookkeeping::BySize, nodes);
        let phase_nodes = run.nodes();
        nodes = Some(phase_nodes);
        let stop = run.stop.clone();
        let mut applied: Vec<(&'static str, usize)> = rules.phases[i]
            .rules
            .iter()
            .zip(&run.applied)
            .filter(|(_, n)| **n > 0)
            .map(|(rule, n)| (rule.name.as_str(), *n))
            .collect();
        egraph = run.egraph;
        let passes = run.passes;
        // The clauses of functions that the phase's right sides applied count as its rules.
        applied.extend(rules.functions.take_uses(&mut egraph));
        // By name; should two rules of a phase share a name, their counts are added.
        applied.sort_unstable();
        applied.dedup_by(|later, first| {
            let same = later.0 == first.0;
            if same {
                first.1 += later.1;
            }
            same
        });
        let ps = PhaseStats {
            phase: phase.name.clone(),
            iterations: run.iterations,
            nodes: phase_nodes,
            classes: egraph.number_of_classes(),
            time: start.elapsed(),
            stop: stop.clone(),
            applied,
            passes,
        };
        if stop != Stop::Saturated {
            let mut grew: Vec<&(&str, usize)> = ps.applied.iter().collect();
            grew.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
            let top: Vec<String> = grew
                .iter()
                .take(5)
                .map(|(r, n)| format!("`{r}` ({n}×)"))
                .collect();
            let message = format!(
                "phase `{}` did not saturate on `@{}`: it stopped at its {stop}",
                phase.name, f.name
            );
            let mut d = if phase.allow_partial {
                Diagnostic::warning("lower.limit", f.name_span, message)
            } else {
                Diagnostic::error("lower.limit", f.name_span, message)
            };
            d = d.with_note(format!(
                "the rules that grew the e-graph most: {}",
                if top.is_empty() {
                    "none applied".to_string()
                } else {
                    top.join(", ")
                }
            ));
            d = d.with_note(format!(
                "the phase is declared at {}; raise its limits, mark it `partial`, or remove the rules that grow without bound (such as commutativity with associativity)",
                rules.rules.describe(phase.loc)
            ));
            diagnostics.push(d);
        }
        if let Some(runaway) = egraph.analysis.runaway {
            let clauses: Vec<String> = rules
                .rules
                .clauses()
                .filter(|r| r.lhs.root_op() == Some(runaway.as_str()))
                .map(|r| format!("`{}` ({})", r.name, rules.rules.describe(r.loc)))
                .collect();
            diagnostics.push(
                Diagnostic::error(
                    "lower.function-runaway",
                    f.name_span,
                    format!(
                        "function `{runaway}` of the rules did not terminate on `@{}`: its applications nested past the limit",
                        f.name
                    ),
                )
                .with_note(format!(
                    "each application of a clause must come closer to one that applies no function: its clauses are {}",
                    clauses.join(", ")
                )),
            );
        }
        stats.phases.push(ps);
        // A phase that stopped at a limit (or a function that did not terminate) has failed
        // the function: later phases would only work on the grown e-graph (overshooting the limit's time and memory many times).
        if diagnostics.iter().any(Diagnostic::is_error) {
            return LowerOutcome {
                lowered: None,
                diagnostics,
                stats,
                dot: opts.dot.then(|| egraph.dot().to_string()),
                explanation: None,
            };
        }
    }
    let start = Instant::now();
    if !opts.explain {
        // Extraction and elaboration only read the classes: what adding, uniting and
        // matching kept goes before they allocate (a third of a large function's peak).
        egraph.seal();
        egraph.analysis.seal();
    }
    let extractor = build_extractor(&egraph, rules.ops.clone());
    let mut unlowered = Vec::new();
    for root in all_roots(&encoded) {
        if !extractor.find_best_cost(root).is_finite() {
            if let Some(d) = unlowered_diagnostic(&egraph, &extractor, rules, &encoded, root) {
                if !unlowered.contains(&d) {
                    unlowered.push(d);
                }
            }
        }
    }
    unlowered.sort_by_key(|d| (d.span.start, d.span.end));
    unlowered.truncate(20);
    diagnostics.extend(unlowered);
    let mut lowered = None;
    if !diagnostics.iter().any(Diagnostic::is_error) {
        match elaborate(
            &egraph,
            &extractor,
            &rules.ops,
            f,
            &encoded.roots,
            &encoded.origins,
        ) {
            Ok(mut l) => {
                l.linkage = match variant {
                    Variant::CForwarder => kiln_lowered::Linkage::Private,
                    Variant::CWrapper => kiln_lowered::Linkage::External,
                    Variant::Function => source
                        .attrs
                        .get("llvm.linkage")
                        .and_then(kiln_lowered::Linkage::from_attr)
                        .unwrap_or_default(),
                };
                // A C wrapper or forwarder is kiln's own function, not the source's.
                if variant == Variant::Function {
                    l.fn_attrs = kiln_frontend::llvm_attrs::function_attributes(&source.attrs);
                    l.callee_attrs = opts.conventions.declared_attrs_called_by(source);
                }
                // A function's own variant reports attributes it drops only when no C
                // wrapper places them.
                let warn_dropped = variant == Variant::Function
                    && !variants(source, opts.c_interface, &opts.conventions)
                        .contains(&Variant::CWrapper);
                for sig in &encoded.attr_signatures {
                    let mut ids = vec![sig.whole];
                    ids.extend(&sig.params);
                    match elaborate_terms(&egraph, &extractor, &rules.ops, &ids) {
                        Ok(terms) => {
                            let placed = crate::egraph::attrs::place(
                                source,
                                &terms[0],
                                &terms[1..],
                                warn_dropped && sig.callee.is_none(),
                                f.name_span,
                            );
                            diagnostics.extend(placed.diagnostics);
                            match &sig.callee {
                                None => l.attrs = placed.attrs,
                                Some(name) => l.callee_attrs.push((name.clone(), placed.attrs)),
                            }
                        }
                        Err(e) => diagnostics.push(Diagnostic::error(
                            "lower.elaborate",
                            f.name_span,
                            format!("cannot elaborate the signature of `@{}`: {}", f.name, e.0),
                        )),
                    }
                }
                if !diagnostics.iter().any(Diagnostic::is_error) {
                    lowered = Some(l)
                }
            }
            Err(e) => diagnostics.push(Diagnostic::error(
                "lower.elaborate",
                f.name_span,
                format!("cannot elaborate `@{}`: {}", f.name, e.0),
            )),
        }
    }
    stats.extract_time = start.elapsed();
    // Each root's original term with its extracted term, taken from the extraction above
    // before it releases the e-graph (explaining needs it mutably).
    let pairs: Vec<(RecExpr<Node>, Option<RecExpr<Node>>)> = originals
        .iter()
        .map(|(id, src)| (src.clone(), extractor.find_best(*id).map(|(_, best)| best)))
        .collect();
    drop(extractor);
    let explanation = opts.explain.then(|| explain(&mut egraph, &pairs, opts));
    let dot = opts.dot.then(|| egraph.dot().to_string());
    LowerOutcome {
        lowered,
        diagnostics,
        stats,
        dot,
        explanation,
    }
}

/// Runs phase `i` on `egraph` with the phase's limits: iterations, time, and a node budget
/// of `nodes + growth × (nodes at the start)`.
pub(crate) fn run_phase(rules: &CompiledRules, i: usize, egraph: Graph) -> Saturation {
    run_phase_keeping(rules, i, egraph, Bookkeeping::BySize, None)
}

/// [`run_phase`] with the loop's bookkeeping chosen (the tests compare the kinds), and the
/// e-graph's `nodes` when the last phase counted them.
pub(crate) fn run_phase_keeping(
    rules: &CompiledRules,
    i: usize,
    mut egraph: Graph,
    bookkeeping: Bookkeeping,
    nodes: Option<usize>,
) -> Saturation {
    let phase = &rules.rules.phases[i];
    // The previous phase leaves it rebuilt: rebuilding a clean e-graph still walks every
    // class.
    if !egraph.clean {
        egraph.rebuild();
    }
    let start = nodes.unwrap_or_else(|| egraph.total_number_of_nodes());
    let limits = Limits {
        iterations: phase.iterations,
        nodes: phase
            .nodes
            .saturating_add(phase.growth.saturating_mul(start)),
        time: Duration::from_millis(phase.time_ms),
        bookkeeping,
    };
    saturate(&rules.phases[i], egraph, limits)
}

/// Room for at most this many nodes is reserved at eight per operation before a function
/// is encoded.
const NODES_RESERVED: usize = 1 << 16;

/// The nodes a large function's lowering makes per operation, block and argument, at the
/// least: a chain of arithmetic ends with two, a function of many small blocks with 2.75.
const NODES_PER_ITEM_LARGE: usize = 3;

/// Room for the nodes a function's lowering makes, reserved before it is encoded: a
/// memref-heavy function ends with about seven nodes per operation, made one by one, and
/// egg's tables (the memo, the classes, the union-find) would grow to that by doubling, each
/// step rehashing or copying what they hold: 2% of a memref-heavy lowering's instructions.
///
/// Eight per item would reserve room a large function may not use, so past
/// [`NODES_RESERVED`] the room is three per item, the fewest a large function made in
/// kiln's benchmarks. Grown by doubling from 2^16, the tables of one function of 10^5
/// blocks would be copied five times over, each copy of tens of megabytes reading and
/// writing memory no cache holds (those copies and rehashes make a fifth of the simulated
/// cache misses of its lowering; a function of 10^4 blocks hardly has them). The room
/// costs no more than growth would: a vector's untouched capacity is never paged in, and
/// the memo that growth reaches for 2.75 or 2 nodes per item has as many buckets as one
/// reserved for 3.
fn reserved_nodes(f: &Function) -> usize {
    let ops: usize = f.body.as_ref().map_or(0, |body| {
        body.blocks
            .iter()
            .map(|b| 1 + b.args.len() + b.ops.len())
            .sum()
    });
    let items = ops + f.ty.inputs.len() + f.ty.results.len();
    (items * 8).min(NODES_RESERVED.max(items * NODES_PER_ITEM_LARGE))
}

fn all_roots(e: &Encoded) -> Vec<Id> {
    let mut out = vec![e.roots.signature];
    for b in &e.roots.blocks {
        out.extend(b.params);
        out.extend(b.skeleton.iter().copied());
    }
    out
}

fn explain(
    egraph: &mut Graph,
    pairs: &[(RecExpr<Node>, Option<RecExpr<Node>>)],
    opts: &LowerOptions,
) -> String {
    let nodes = egraph.total_number_of_nodes();
    if nodes > opts.explain_node_limit {
        return format!(
            "not explained: the e-graph has {nodes} nodes, over the limit of {} (raise it with --explain-limit)\n",
            opts.explain_node_limit
        );
    }
    let mut out = String::new();
    for (src, dst) in pairs {
        let Some(dst) = dst else {
            out.push_str(&format!("{src}\n  has no lowered form\n\n"));
            continue;
        };
        if src == dst {
            out.push_str(&format!("{src}\n  is already target level\n\n"));
            continue;
        }
        let mut ex = egraph.explain_equivalence(src, dst);
        out.push_str(&crate::egraph::explain::compact_steps(
            ex.make_flat_explanation(),
        ));
        out.push('\n');
    }
    out
}

fn unlowered_diagnostic(
    egraph: &Graph,
    extractor: &crate::egraph::extract::Extraction<'_>,
    rules: &CompiledRules,
    encoded: &Encoded,
    root: Id,
) -> Option<Diagnostic> {
    let (class, op) = find_unlowered(egraph, extractor, &rules.ops, root)?;
    let root = egraph.find(root);
    let origin = encoded
        .origins
        .iter()
        .find(|o| egraph.find(o.class) == class)
        .or_else(|| {
            encoded
                .origins
                .iter()
                .find(|o| egraph.find(o.class) == root)
        })?;
    let message = if origin.op == op {
        format!("no rule lowers `{op}`")
    } else {
        format!("no rule lowers `{op}` (needed to lower `{}`)", origin.op)
    };
    let matching: Vec<String> = rules
        .rules
        .rules
        .iter()
        .filter(|r| {
            r.lhs.root_op() == Some(op.as_str())
                || (r.two_way && r.rhs.root_op() == Some(op.as_str()))
        })
        .map(|r| format!("`{}` ({})", r.name, rules.rules.describe(r.loc)))
        .collect();
    let note = if matching.is_empty() {
        format!("no rule has `{op}` at the root of its left side")
    } else {
        format!(
            "rules with `{op}` on the left did not produce a target-level form here: {}",
            matching.join(", ")
        )
    };
    let mut diagnostic = Diagnostic::error("lower.unlowered", origin.span, message).with_note(note);
    // A rule whose right side applies a function with no clause for its arguments does not
    // apply: say which function, among those the rules above apply (through other
    // functions' clauses too), as a `source` helper left unlowered would be named.
    let relevant = applied_functions(&rules.rules, op.as_str());
    for stuck in rules
        .functions
        .stuck(egraph, &rules.rules, &|f| relevant.contains(f))
    {
        diagnostic = diagnostic.with_note(stuck);
    }
    Some(diagnostic)
}

/// The functions the right sides of the rules rooted at `op` apply, and those their
/// clauses apply in turn.
fn applied_functions(rules: &RuleSet, op: &str) -> std::collections::BTreeSet<String> {
    let mut todo: Vec<&str> = rules
        .rules
        .iter()
        .filter(|r| r.lhs.root_op() == Some(op))
        .flat_map(|r| r.rhs.ops())
        .collect();
    let mut seen = std::collections::BTreeSet::new();
    while let Some(f) = todo.pop() {
        if !rules.is_function(f) || !seen.insert(f.to_string()) {
            continue;
        }
        todo.extend(
            rules
                .clauses()
                .filter(|r| r.lhs.root_op() == Some(f))
                .flat_map(|r| r.rhs.ops()),
        );
    }
    seen
}

#[cfg(test)]
mod linkage_tests {
    /// The frontend checks `#llvm.linkage<...>` against the linkages the backend implements.
    #[test]
    fn the_frontend_accepts_exactly_the_linkages_the_backend_has() {
        let backend: Vec<&str> = kiln_lowered::Linkage::ALL
            .iter()
            .map(|l| l.name())
            .collect();
        assert_eq!(kiln_frontend::llvm_attrs::LINKAGES, backend.as_slice());
        for l in kiln_lowered::Linkage::ALL {
            let attr = format!("#llvm.linkage<{}>", l.name());
            assert_eq!(kiln_lowered::Linkage::from_attr(&attr), Some(l));
        }
    }
}
