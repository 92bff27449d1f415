use super::*;
use crate::egraph::encode::encode_variant;
use crate::egraph::lower::{run_phase_keeping, variants, CompiledRules, LowerOptions};
use crate::rule::{load_rules, RuleSource};
use std::sync::Arc;

/// A rule's right side as egg's runner applies it: guards, template, union.
struct RunnerApplier(RuleApplier, Arc<Functions>);

impl egg::Applier<Node, Analysis> for RunnerApplier {
    fn apply_one(
        &self,
        egraph: &mut Graph,
        eclass: Id,
        subst: &Subst,
        _ast: Option<&PatternAst<Node>>,
        _rule: Symbol,
    ) -> Vec<Id> {
        match self.0.apply_direct(egraph, subst, &*self.1) {
            Ok(id) if egraph.union(eclass, id) => vec![eclass],
            _ => Vec::new(),
        }
    }
}

/// The reference: the same rules saturated by egg's own `Runner`, which searches every
/// rule at every class and applies every match in every iteration.
fn saturate_with_runner(rules: &PhaseRules, egraph: Graph) -> Graph {
    let rewrites: Vec<egg::Rewrite<Node, Analysis>> = rules
        .rules
        .iter()
        .map(|r| {
            egg::Rewrite::new(
                r.name,
                r.pattern.clone(),
                RunnerApplier(r.applier.clone(), rules.functions.clone()),
            )
            .expect("a rule egg accepts")
        })
        .collect();
    let runner = egg::Runner::default()
        .with_egraph(egraph)
        .with_iter_limit(200)
        .with_node_limit(1_000_000)
        .with_time_limit(Duration::from_secs(120))
        .with_scheduler(egg::SimpleScheduler)
        .run(&rewrites);
    assert!(
        matches!(runner.stop_reason, Some(egg::StopReason::Saturated)),
        "egg's runner stopped: {:?}",
        runner.stop_reason
    );
    runner.egraph
}

/// A canonical form of an e-graph that does not depend on its class ids: each class's
/// label is refined from its nodes' operations and leaves and its children's labels until
/// the partition into labels stops changing (colour refinement, as graph isomorphism tests
/// do), and the form is the sorted list of every class's final label with its nodes' labels.
/// Two e-graphs with the same classes and nodes up to renaming have the same form; one that
/// differs in a node (an operation, a leaf, or where a child points) almost surely does not.
fn canonical_form(egraph: &Graph) -> Vec<(u64, Vec<u64>)> {
    use std::hash::{Hash, Hasher};
    let hash = |x: &dyn Fn(&mut rustc_hash::FxHasher)| {
        let mut h = rustc_hash::FxHasher::default();
        x(&mut h);
        h.finish()
    };
    let own = |n: &Node| match n {
        Node::Op(op, kids) => hash(&|h| (0u8, op.as_str(), kids.len()).hash(h)),
        leaf => hash(&|h| (1u8, format!("{leaf:?}")).hash(h)),
    };
    let classes: Vec<Id> = egraph.classes().map(|c| c.id).collect();
    let mut label: HashMap<Id, u64> = classes.iter().map(|c| (*c, 0)).collect();
    let mut distinct = 1;
    let node_labels = |label: &HashMap<Id, u64>, class: Id| -> Vec<u64> {
        let mut nodes: Vec<u64> = egraph[class]
            .nodes
            .iter()
            .map(|n| {
                let kids: Vec<u64> = egg::Language::children(n)
                    .iter()
                    .map(|k| label[&egraph.find(*k)])
                    .collect();
                hash(&|h| (own(n), &kids).hash(h))
            })
            .collect();
        nodes.sort_unstable();
        nodes
    };
    loop {
        let next: HashMap<Id, u64> = classes
            .iter()
            .map(|c| (*c, hash(&|h| node_labels(&label, *c).hash(h))))
            .collect();
        let count = next.values().collect::<HashSet<_>>().len();
        label = next;
        if count == distinct {
            break;
        }
        distinct = count;
    }
    let mut form: Vec<(u64, Vec<u64>)> = classes
        .iter()
        .map(|c| (label[c], node_labels(&label, *c)))
        .collect();
    form.sort_unstable();
    form
}

/// The claim of this file's doc comment, checked on every function of the corpus: the
/// semi-naive loop (searching around changes, keys with versions, matches kept across
/// unions, following, confirming only where a guard read outside its match) ends each
/// phase with the same e-graph, class for class and node for node, as egg's runner: the
/// same counts and the same canonical form ([`canonical_form`]).
#[test]
fn every_phase_reaches_egg_runners_fixpoint_on_the_corpus() {
    reaches_egg_runners_fixpoint_on_the_corpus(false);
}

/// The same, with every e-graph handled as a large one (2^14 classes or more, see
/// `large.rs`): constants read from the analysis's mirror, and failures that read
/// nothing outside their match not remembered; and each phase takes as many passes, and
/// applies each rule as often, as a small e-graph whose passes search around every
/// touched class, as a large one's do.
#[test]
fn every_phase_reaches_egg_runners_fixpoint_on_the_corpus_as_a_large_e_graph() {
    reaches_egg_runners_fixpoint_on_the_corpus(true);
}

fn reaches_egg_runners_fixpoint_on_the_corpus(large: bool) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    // The files of a directory of the repository with an extension, sorted.
    let files = |dir: &str, ext: &str| {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .expect("a directory of the repository")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == ext))
            .collect();
        paths.sort();
        paths
    };
    let sources = files("rules", "rules")
        .into_iter()
        .map(|p| RuleSource {
            path: p.display().to_string(),
            text: std::fs::read_to_string(&p).expect("a rule file"),
        })
        .collect();
    let loaded = load_rules(sources);
    assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
    let rules = CompiledRules::new(Arc::new(loaded.rules));
    let opts = LowerOptions::default();
    let keeping = if large {
        Bookkeeping::Large
    } else {
        Bookkeeping::BySize
    };
    let mut compared = 0;
    for path in files("corpus", "mlir") {
        let text = std::fs::read_to_string(&path).expect("a corpus program");
        let checked = kiln_frontend::check_module(&text);
        if kiln_frontend::has_errors(&checked.diagnostics) {
            continue;
        }
        for f in &checked.module.functions {
            for variant in variants(f, true, &opts.conventions) {
                let mut ours = Graph::new(Analysis::new(rules.ops.clone()));
                let encoded = encode_variant(&mut ours, &rules.ops, f, variant, &opts.conventions);
                if kiln_frontend::has_errors(&encoded.diagnostics) {
                    continue;
                }
                let mut theirs = ours.clone();
                for (i, phase) in rules.rules.phases.iter().enumerate() {
                    let small = large.then(|| {
                        // Searching around every touched class, as a large e-graph does.
                        let run =
                            run_phase_keeping(&rules, i, ours.clone(), Bookkeeping::Around, None);
                        (run.iterations, run.applied)
                    });
                    let run = run_phase_keeping(&rules, i, ours, keeping, None);
                    assert_eq!(run.stop, Stop::Saturated, "{}", path.display());
                    assert_report(&run, &format!("{} @{}", path.display(), f.name));
                    if let Some(small) = small {
                        assert_eq!(
                            (run.iterations, run.applied.clone()),
                            small,
                            "{} @{}, phase `{}`: passes and applications as a large e-graph",
                            path.display(),
                            f.name,
                            phase.name
                        );
                    }
                    ours = run.egraph;
                    theirs = saturate_with_runner(&rules.phases[i], theirs);
                    assert_eq!(
                        (ours.number_of_classes(), ours.total_number_of_nodes()),
                        (theirs.number_of_classes(), theirs.total_number_of_nodes()),
                        "{} @{} ({variant:?}), phase `{}`: classes and nodes",
                        path.display(),
                        f.name,
                        phase.name
                    );
                    assert!(
                        canonical_form(&ours) == canonical_form(&theirs),
                        "{} @{} ({variant:?}), phase `{}`: the e-graphs differ",
                        path.display(),
                        f.name,
                        phase.name
                    );
                }
                compared += 1;
            }
        }
    }
    assert!(compared > 100, "only {compared} functions compared");
}

/// The iteration report agrees with the phase's outcome: one pass per iteration (and the
/// confirming searches within them), the first of every class, the applications counted
/// once, and the last pass's e-graph the phase's.
fn assert_report(run: &Saturation, at: &str) {
    let passes = &run.passes;
    assert_eq!(
        passes.first().map(|p| p.scope),
        Some(PassScope::All),
        "{at}"
    );
    let iterations = passes
        .iter()
        .filter(|p| p.scope != PassScope::Confirm)
        .count();
    assert_eq!(iterations, run.iterations, "{at}: passes");
    let applied: usize = passes.iter().map(|p| p.applied).sum();
    assert_eq!(
        applied,
        run.applied.iter().sum::<usize>(),
        "{at}: applications"
    );
    assert!(passes.iter().all(|p| p.applied <= p.matches), "{at}");
    let last = passes.last().expect("a pass");
    assert_eq!(
        (last.nodes, last.classes),
        (
            run.egraph.total_number_of_nodes(),
            run.egraph.number_of_classes()
        ),
        "{at}: the e-graph after the last pass"
    );
}

#[test]
fn seen_ids_holds_each_id_once() {
    let mut seen = SeenIds::default();
    for i in [5usize, 64, 0, 1000, 63] {
        assert!(seen.insert(Id::from(i)), "{i} is new");
    }
    for i in [5usize, 64, 0, 1000, 63] {
        assert!(!seen.insert(Id::from(i)), "{i} was seen");
    }
    for i in [1usize, 65, 999, 1001, 4096] {
        assert!(seen.insert(Id::from(i)), "{i} is new");
    }
}

#[test]
fn the_canonical_form_ignores_ids_and_sees_edges() {
    let graph = |order: &[&str], edge_to_first: bool| {
        let mut g = Graph::new(Analysis::new(Arc::default()));
        let ids: Vec<Id> = order
            .iter()
            .map(|name| g.add(Node::op(name, Vec::new())))
            .collect();
        let by = |name: &str| ids[order.iter().position(|n| *n == name).unwrap_or(0)];
        let target = if edge_to_first { by("a") } else { by("b") };
        g.add(Node::op("f", vec![target]));
        g.rebuild();
        canonical_form(&g)
    };
    assert_eq!(graph(&["a", "b"], true), graph(&["b", "a"], true));
    assert_ne!(graph(&["a", "b"], true), graph(&["a", "b"], false));
}
