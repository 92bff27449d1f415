//! Saturating one phase: kiln's own loop over egg's `EGraph`, in place of egg's `Runner`.
//!
//! egg's runner searches every rule over every class in every iteration and applies every
//! match again, although almost all of them were applied before (on a memref-heavy
//! function, 166 of 3,483 applications per function added an equality). This loop is
//! semi-naive:
//!
//! - **Search only the frontier.** A pass records what following did not cover, its
//!   frontier (see `closure.rs`): the rules a union may have made match at the ancestors it
//!   reaches, the matches tried with facts that changed since, and the classes of
//!   applications that were not followed; the next pass searches just those
//!   ([`Scope::Frontier`]), and none follows a pass that left nothing. Where that record
//!   cannot be kept (a large e-graph, a failure that read outside its match, explanations),
//!   the next pass searches the delta ([`Scope::Delta`]): the classes that changed (new
//!   classes, unions, and classes whose analysis facts changed: egg reports each to
//!   [`Analysis::modify`](crate::egraph::analysis::Analysis)). A new match of a left side of
//!   height `h` is rooted within `h` parent steps of a changed class, so only those classes
//!   are searched, with the rules indexed by an operation they hold.
//! - **Apply a match once.** A match whose right side was added is remembered by its
//!   rule, its classes and the version of each class's facts; it is applied again only when
//!   one of them changed. A class's version changes as soon as an application changes its
//!   facts (and after each rebuild), not once per pass: a type class such as
//!   `(lower-type index)` becomes `i64` early in the first pass, and counting that change
//!   at the pass's end made every match through it, applied or failed, run again.
//!   A match whose guard failed is remembered too, and tried again when a class's version
//!   changes. In a large e-graph (2^14 classes or more, see `large.rs`) a failure is
//!   remembered only if its guard read outside its match (below): any other fails again
//!   whenever it is tried with the same versions, and a function of a million operations
//!   tried millions of such matches, whose keys cost more to keep and look up, out of
//!   cache, than their guards cost to evaluate again.
//! - **Follow each application at once.** The classes an application creates are searched
//!   right away with the rules rooted at their operations, and those matches applied next
//!   (see `Loop::follow_new`), so a chain of rewrites finishes in one pass. (The rule
//!   language's helpers are functions, evaluated where a right side applies them, so no
//!   chain walks a list here.)
//! - **Confirm saturation only where a guard read outside its match.** A guard that walks a
//!   list that is not ground (`len` and `nth` through the e-graph) reads classes outside
//!   its match, whose changes no version of the match's classes records. When the region
//!   around the changes yields nothing new and such a failure exists, the rules whose
//!   guards walk lists are searched over every class with those failures tried again,
//!   before the phase reports `Saturated`. Every other failure reads only the facts of its
//!   match's classes, which the versions above cover, and every new match lies around a
//!   change; so the fixpoint is exactly the one egg's runner reaches: the rule files keep
//!   their meaning. (On a memref-heavy module the indices that the descriptor rules walk
//!   are ground, so no phase needs the confirming search.)
//!
//! The loop's state is a few pieces, as egg's runner's is: the phase's [`Budget`] (limits,
//! work and time spent, the stop reason; `budget.rs`), the memo of tried matches
//! (`tried.rs`), the current pass's matches waiting to be applied, and the [`Frontier`] it
//! leaves to the next (`frontier.rs`, filled by `closure.rs`). The search for matches is
//! `search.rs`, the iteration report (a [`Pass`] per pass) `report.rs`. Limits (iterations,
//! nodes, time) are checked between passes and every few searches and applications, so a
//! phase that explodes stops close to its limit.

use crate::egraph::analysis::Analysis;
use crate::egraph::apply::{build_pattern, Bound, NotApplied, RuleApplier};
use crate::egraph::closure::{merged_pairs, stale_pairs, union_pairs, Reach};
use crate::egraph::function::Functions;
use crate::egraph::large::{id_bound, is_large};
use crate::egraph::lower::Stop;
use crate::egraph::matcher::{Matcher, SORTED_FROM};
use crate::egraph::node::Node;
use crate::egraph::tried::{Place, Rewritten, Tried, TriedMatches};
use crate::rule::ruleset::Rule;
use egg::{EGraph, Id, Pattern, PatternAst, Subst, Symbol, Var};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use smallvec::SmallVec;
use std::sync::Arc;
use std::time::{Duration, Instant};

mod budget;
mod frontier;
mod report;
mod search;

use budget::Budget;
use frontier::Frontier;
pub use report::{Pass, PassScope};
use report::{Report, Tally};

type Graph = EGraph<Node, Analysis>;

/// At most this many tried matches are reserved room for before a phase starts.
const TRIED_RESERVED: usize = 1 << 16;

/// How long a chain of applications one pass follows at once (see [`Loop::follow_new`]); what
/// lies deeper is left to the next pass, so a rule set that grows without bound still
/// reaches its iteration limit.
const EAGER_DEPTH: u32 = 64;

/// A side of a union made while following has its parents searched for matches through
/// the other side's nodes when it has at most this many (see [`Loop::watch_meet`]).
const MEET_PARENTS: usize = 64;

/// ... and the other side has at most this many nodes.
const MEET_NODES: usize = 8;

/// One direction of a rule, compiled for the loop.
pub struct PhaseRule {
    /// The rule's name; the reversed direction of a `<=>` rule is `NAME (reversed)`.
    pub name: Symbol,
    pattern: Pattern<Node>,
    /// The left side compiled for [`Loop::search_into`].
    matcher: Matcher,
    applier: RuleApplier,
    /// The variables of the left side, in the order keys of applied matches list them (and
    /// [`Bound`] reads a match's classes by).
    vars: Vec<Var>,
    /// Per variable of `vars`, whether its class's facts are read (see
    /// [`RuleApplier::read_vars`]): only those classes' versions go into the key, so that a
    /// change of another class's facts (a type class whose ground term becomes `i64`) does
    /// not make the match new.
    reads: Vec<bool>,
    /// How many parent steps separate the root from the deepest part of the left side.
    height: usize,
    /// Whether its guards read classes outside its match (see
    /// [`RuleApplier::walks_lists`]): only such rules need the confirming search.
    deep: bool,
    /// The operations its left side requires right below the root, by child position: a
    /// node whose child class holds no such operation cannot match, so it is not searched
    /// (of the rules rooted at `result`, only those of the operation a projection reads are
    /// tried).
    child_ops: Box<[(usize, Symbol)]>,
    /// How many children its left side's root has: a node with another number cannot
    /// match (an operation with flags has one more than without).
    arity: usize,
}

/// The rules of one phase, indexed by the operation at the root of their left side.
pub struct PhaseRules {
    /// The compiled directions, in the phase's rule order (a `<=>` rule's reversal right
    /// after it).
    pub rules: Vec<PhaseRule>,
    by_root: HashMap<Symbol, Vec<usize>>,
    /// Rules whose left side is not rooted at an operation: tried at every candidate class.
    unrooted: Vec<usize>,
    /// By (root operation, operation of a child of the root): the rules whose left side has
    /// that shape, for [`Loop::watch_meet`].
    by_child: HashMap<(Symbol, Symbol), Vec<usize>>,
    /// The child operations `by_child` lists: a union whose side has none of them below
    /// the other needs no look at that side's parents.
    meet_children: HashSet<Symbol>,
    /// Where the left sides reach below their roots, for what a union leaves to the next
    /// pass (see `closure.rs`).
    reach: Reach,
    height: usize,
    /// The rule set's functions, which right sides apply.
    pub functions: Arc<Functions>,
}

fn pattern_height(ast: &PatternAst<Node>) -> usize {
    // Children come before parents in a RecExpr, so heights fill in one pass.
    let nodes = ast.as_ref();
    let mut h = vec![0usize; nodes.len()];
    for (i, n) in nodes.iter().enumerate() {
        if let egg::ENodeOrVar::ENode(node) = n {
            h[i] = egg::Language::children(node)
                .iter()
                .map(|c| h[usize::from(*c)] + 1)
                .max()
                .unwrap_or(0);
        }
    }
    h.last().copied().unwrap_or(0)
}

impl PhaseRules {
    /// Compiles the rules of a phase (a `<=>` rule in both directions), whose right sides
    /// apply the functions `is_function` names, evaluated by `functions`.
    pub fn new<'a>(
        rules: impl Iterator<Item = &'a Rule>,
        is_function: &dyn Fn(&str) -> bool,
        functions: Arc<Functions>,
    ) -> PhaseRules {
        let mut out = PhaseRules {
            functions,
            rules: Vec::new(),
            by_root: HashMap::default(),
            unrooted: Vec::new(),
            by_child: HashMap::default(),
            meet_children: HashSet::default(),
            reach: Reach::default(),
            height: 0,
        };
        for r in rules {
            out.push(
                Symbol::from(r.name.as_str()),
                build_pattern(&r.lhs),
                RuleApplier::new(&r.guards, &r.rhs, is_function),
            );
            if r.two_way {
                out.push(
                    Symbol::from(format!("{} (reversed)", r.name)),
                    build_pattern(&r.rhs),
                    RuleApplier::new(&[], &r.lhs, is_function),
                );
            }
        }
        out
    }

    fn push(&mut self, name: Symbol, ast: PatternAst<Node>, applier: RuleApplier) {
        let height = pattern_height(&ast);
        self.reach.add(self.rules.len(), &ast);
        let pattern = Pattern::new(ast);
        let read = applier.read_vars();
        let vars = pattern.vars();
        let matcher = Matcher::new(&pattern.ast, &vars);
        let reads = vars.iter().map(|v| read.contains(v)).collect();
        // A match's classes are read in the order of `vars` (see `Found`).
        assert_eq!(
            matcher.vars(),
            vars.len(),
            "every variable of a left side binds"
        );
        // The root node and the nodes right below it: what the indexes by root and by
        // child operation read.
        let shape = match pattern.ast.as_ref().last() {
            Some(egg::ENodeOrVar::ENode(node)) => {
                let needs: Vec<(usize, Node)> = egg::Language::children(node)
                    .iter()
                    .enumerate()
                    .filter_map(|(k, c)| match &pattern.ast[*c] {
                        egg::ENodeOrVar::ENode(n) => Some((k, n.clone())),
                        egg::ENodeOrVar::Var(_) => None,
                    })
                    .collect();
                Some((node.clone(), needs))
            }
            _ => None,
        };
        let i = self.rules.len();
        match &shape {
            Some((Node::Op(op, _), needs)) => {
                self.by_root.entry(*op).or_default().push(i);
                for (_, child) in needs {
                    if let Node::Op(child, _) = child {
                        self.meet_children.insert(*child);
                        let rules = self.by_child.entry((*op, *child)).or_default();
                        if !rules.contains(&i) {
                            rules.push(i);
                        }
                    }
                }
            }
            _ => self.unrooted.push(i),
        }
        self.height = self.height.max(height);
        let deep = applier.walks_lists();
        let child_ops = match &shape {
            Some((_, needs)) => needs
                .iter()
                .filter_map(|(k, n)| match n {
                    Node::Op(op, _) => Some((*k, *op)),
                    _ => None,
                })
                .collect(),
            None => Box::default(),
        };
        let arity = match &shape {
            Some((node, _)) => egg::Language::children(node).len(),
            None => 0,
        };
        self.rules.push(PhaseRule {
            name,
            pattern,
            matcher,
            applier,
            vars,
            reads,
            height,
            deep,
            child_ops,
            arity,
        });
    }
}

/// What the loop keeps between passes (see `closure.rs` and `large.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bookkeeping {
    /// As the e-graph's size decides: a record of what each pass left below
    /// `LARGE_FROM` (`large.rs`) classes, a search around every
    /// touched class and fewer failures remembered from there on.
    #[default]
    BySize,
    /// As a large e-graph at any size (the tests compare it with the others).
    Large,
    /// No record of what a pass left, at any size: each pass searches around every class
    /// the last one touched (the tests compare it with the others).
    Around,
}

/// A phase's limits.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most passes (searches and applications) the phase makes.
    pub iterations: usize,
    /// The most nodes the e-graph may hold (the phase's `nodes` plus its `growth` times
    /// the e-graph's size when the phase started).
    pub nodes: usize,
    /// The longest the phase may run.
    pub time: Duration,
    /// What the loop keeps between passes.
    pub bookkeeping: Bookkeeping,
}

impl Limits {
    /// Whether the loop works on `egraph` as on a large one.
    fn large(&self, egraph: &Graph) -> bool {
        match self.bookkeeping {
            Bookkeeping::BySize => is_large(egraph),
            Bookkeeping::Large => true,
            Bookkeeping::Around => false,
        }
    }
}

/// What saturating a phase did.
pub struct Saturation {
    /// The e-graph after the phase, rebuilt.
    pub egraph: Graph,
    /// How many passes the phase made.
    pub iterations: usize,
    /// Why it stopped: saturation or a limit.
    pub stop: Stop,
    /// Per rule of [`PhaseRules::rules`], how many applications added an equality.
    pub applied: Vec<usize>,
    /// Each pass, in order; the last one's e-graph is the phase's.
    pub passes: Vec<Pass>,
}

impl Saturation {
    /// The e-graph's nodes after the phase (counting them walks every class, so the last
    /// pass's count is reused).
    pub fn nodes(&self) -> usize {
        self.passes
            .last()
            .map_or_else(|| self.egraph.total_number_of_nodes(), |p| p.nodes)
    }
}

/// Which (rule, class) pairs a pass searches.
#[derive(Clone, Copy)]
enum Scope<'a> {
    /// Every rule at every class.
    All,
    /// The delta of semi-naive evaluation: the classes within each rule's height of these
    /// changed classes.
    Delta(&'a [Id]),
    /// The rules whose guards walk lists, at every class, failures that read outside their
    /// match tried again.
    Confirm,
    /// The frontier the last pass recorded (see `closure.rs`): the classes within each
    /// rule's height of `classes`, and the (rule, class) `pairs`.
    Frontier {
        classes: &'a [Id],
        pairs: &'a [(usize, Id)],
    },
}

/// What the next pass searches.
enum Next {
    All,
    /// Around the classes the last pass touched ([`Scope::Delta`]).
    Delta(Vec<Id>),
    /// The frontier the last pass recorded ([`Scope::Frontier`]).
    Frontier(Vec<Id>, Vec<(usize, Id)>),
}

/// A match found and waiting to be applied: its rule, its root class, where its variables'
/// classes start in [`Loop::found`] (in the order of [`PhaseRule::vars`]), and its depth in a
/// chain of applications followed at once. The classes are kept in one buffer per pass,
/// not in an egg `Subst` per match: half the matches a pass finds were tried before, and
/// one applied reads them there through [`Bound`] (a `Subst` is made only for egg's
/// explanations). Sixteen bytes: a pass of a large function holds millions.
#[derive(Clone, Copy)]
struct Found {
    rule: u32,
    class: Id,
    at: u32,
    depth: u32,
}

/// The loop's state across the passes of one phase: the rules, the budget, the memo of
/// tried matches, the working state of the pass under way, what it leaves to the next, and
/// the report.
struct Loop<'r> {
    rules: &'r PhaseRules,
    budget: Budget,
    /// Matches tried (one map, so that a new match costs one lookup): applied ones, which
    /// applied again would add nothing, and failed ones (see [`Tried::Failed`]). A match's
    /// key is its rule, root and classes, each class whose facts the rule reads with the
    /// version of its facts when it was tried (0 for the others), flat, the rule first
    /// (with version 0).
    tried: TriedMatches,
    /// How many failures read outside their match ([`NotApplied::read_outside`]): without
    /// any, the confirming search has nothing to try again.
    read_outside: usize,
    /// The pass under way.
    work: PassWork,
    /// What the current pass leaves to the next.
    frontier: Frontier,
    /// The applications per rule, the current pass's counts, and the passes made.
    report: Report,
}

/// The working state of the pass under way: its number, what its searches found and wait
/// to apply, and the buffers reused from match to match.
#[derive(Default)]
struct PassWork {
    /// The number of the current pass.
    pass: u32,
    /// The buffer a match's key is built in.
    key: Vec<(u32, u32)>,
    /// The highest class id known before the current application: egg numbers classes in
    /// order, so a touched id above it is a class the application created.
    newest: usize,
    /// The (rule, parent) pairs to search after the union just made (see
    /// [`Loop::watch_meet`]).
    met: Vec<(usize, Id)>,
    /// The variables' classes of the matches found in this pass (see [`Found`]).
    found: Vec<Id>,
    /// Each search's matches on the stack, as the stack's length and `found`'s before it:
    /// once the stack is back to that length, every one of them was applied and its
    /// variables are dropped from `found`, so that `found` holds only the waiting matches.
    /// (Without that, matches followed at once pile up behind the pass's first search: on a
    /// chain of 10^6 operations `found` would grow six-fold, by doubling, into fresh pages.)
    searches: Vec<(usize, usize)>,
    /// Whether the e-graph was large as the pass began ([`is_large`]).
    large: bool,
    /// The matches waiting to be applied in the current pass (see [`Loop::step`]), kept for
    /// its room.
    stack: Vec<Found>,
}

/// Runs the rules of a phase on `egraph` until nothing changes or a limit is hit.
pub fn saturate(rules: &PhaseRules, mut egraph: Graph, limits: Limits) -> Saturation {
    let mut run = Loop {
        rules,
        budget: Budget::new(limits),
        // About four matches are tried per class of a lowered function: sized up front, the
        // map is not rehashed over and over as it grows. (A function of a million classes
        // grows it as it goes instead of reserving space it may not use.)
        tried: TriedMatches::new(
            (egraph.number_of_classes() * 4).min(TRIED_RESERVED),
            limits.large(&egraph),
        ),
        read_outside: 0,
        work: PassWork::default(),
        frontier: Frontier::default(),
        report: Report {
            applied: vec![0; rules.rules.len()],
            ..Report::default()
        },
    };
    if !egraph.clean {
        egraph.rebuild();
    }
    run.work.newest = id_bound(&egraph).saturating_sub(1);
    egraph.analysis.touched.clear();
    let mut next = Next::All;
    let mut iterations = 0;
    let stop = loop {
        if let Err(stop) = run.budget.check(&egraph) {
            break stop;
        }
        if iterations >= limits.iterations {
            break Stop::IterationLimit(iterations);
        }
        iterations += 1;
        let scope = match &next {
            Next::All => Scope::All,
            Next::Delta(changed) => Scope::Delta(changed),
            Next::Frontier(classes, pairs) => Scope::Frontier { classes, pairs },
        };
        if let Err(stop) = run.pass(&mut egraph, scope) {
            break stop;
        }
        let mut touched = std::mem::take(&mut egraph.analysis.touched);
        if touched.is_empty() {
            if matches!(next, Next::All) {
                break Stop::Saturated;
            }
            // Nothing new around the changes: confirm with a search of every class, in the
            // same iteration (egg's runner, too, stops after an iteration that changed
            // nothing). Only a failure that read outside its match can turn into a success
            // now: every other match was found around the changes that made it.
            if run.read_outside == 0 {
                break Stop::Saturated;
            }
            if let Err(stop) = run.pass(&mut egraph, Scope::Confirm) {
                break stop;
            }
            touched = std::mem::take(&mut egraph.analysis.touched);
            if touched.is_empty() {
                break Stop::Saturated;
            }
        }
        if run.frontier.kept {
            // Every change the pass did not follow is recorded: when none is, the next
            // pass would find nothing.
            if run.frontier.classes.is_empty() && run.frontier.pairs.is_empty() {
                break Stop::Saturated;
            }
            next = Next::Frontier(
                std::mem::take(&mut run.frontier.classes),
                std::mem::take(&mut run.frontier.pairs),
            );
            continue;
        }
        // When most classes changed, the region around them is nearly all of the e-graph:
        // search all of it, so that a pass that then finds nothing confirms saturation
        // without another full search.
        next = if touched.len() * 2 < egraph.number_of_classes() {
            Next::Delta(touched)
        } else {
            Next::All
        };
    };
    // A pass stopped at a limit leaves the e-graph unrebuilt; what follows (extraction of a
    // `partial` phase, the next phase) needs it rebuilt.
    if !egraph.clean {
        egraph.rebuild();
        if let Some(last) = run.report.passes.last_mut() {
            last.nodes = egraph.total_number_of_nodes();
            last.classes = egraph.number_of_classes();
        }
    }
    egraph.analysis.touched.clear();
    Saturation {
        egraph,
        iterations,
        stop,
        applied: run.report.applied,
        passes: run.report.passes,
    }
}

impl Loop<'_> {
    /// One pass ([`Loop::step`]), recorded in the iteration report, a pass a limit
    /// interrupted too.
    fn pass(&mut self, egraph: &mut Graph, scope: Scope) -> Result<(), Stop> {
        let start = Instant::now();
        let kind = match scope {
            Scope::All => PassScope::All,
            Scope::Delta(_) => PassScope::Delta,
            Scope::Confirm => PassScope::Confirm,
            Scope::Frontier { .. } => PassScope::Frontier,
        };
        self.report.tally = Tally::default();
        let result = self.step(egraph, scope);
        self.report
            .passes
            .push(self.report.tally.pass(kind, egraph, start));
        result
    }

    /// One search of the candidate classes (see [`Scope`]), then every match applied in
    /// order, each followed at once (see [`Loop::follow_new`]), then a rebuild.
    fn step(&mut self, egraph: &mut Graph, scope: Scope) -> Result<(), Stop> {
        self.work.pass += 1;
        self.work.found.clear();
        self.work.searches.clear();
        self.work.large = self.budget.limits().large(egraph);
        self.frontier.begin(
            !self.work.large
                && !egraph.are_explanations_enabled()
                && self.budget.limits().bookkeeping != Bookkeeping::Around,
        );
        if self.work.large {
            Analysis::mirror(egraph);
        }
        let pairs = self.candidates(egraph, scope);
        self.report.tally.searched = pairs.len();
        // Search everything first, then apply, as egg does: the matches of one iteration
        // all see the same e-graph. The stack holds matches with their depth in a chain of
        // applications followed at once; they pop in search order.
        // The stack and the found classes keep their room from pass to pass, and are given
        // room for about one match per pair at once: grown by doubling, a large function's
        // buffers were copied into fresh pages at each step, and the kernel's zeroing of
        // those pages became a tenth of its lowering.
        let mut stack: Vec<Found> = std::mem::take(&mut self.work.stack);
        stack.clear();
        stack.reserve(pairs.len());
        self.work.found.reserve(pairs.len() * 4);
        self.search_into(egraph, pairs, 0, &mut stack)?;
        let skip_failed = matches!(scope, Scope::Delta(_) | Scope::Frontier { .. });
        // The matcher binary-searches the nodes of a class of 50 or more, which only a
        // rebuild sorts: once a class that large has grown in this pass, following stops
        // until the next one.
        let mut sorted = true;
        while let Some(found) = stack.pop() {
            let depth = found.depth;
            let mark = egraph.analysis.touched.len();
            let follow = sorted && depth < EAGER_DEPTH;
            let changed = self.apply(egraph, found, skip_failed, follow, &mut stack)?;
            while let Some(&(height, len)) = self.work.searches.last() {
                if stack.len() > height {
                    break;
                }
                self.work.found.truncate(len);
                self.work.searches.pop();
            }
            if !changed {
                continue;
            }
            // A class the application created holds one node (its union with the match's
            // class is touched under the older id, which egg keeps as the root: the new
            // class has no parents, and is given second on a tie).
            let newest = self.work.newest;
            sorted &= egraph.analysis.touched[mark..]
                .iter()
                .all(|id| usize::from(*id) > newest || egraph[*id].nodes.len() < SORTED_FROM);
            let met = std::mem::take(&mut self.work.met);
            if !(sorted && follow) {
                // Neither the classes the application made nor its union's parents were
                // searched: the next pass searches around them.
                self.frontier.add_classes(&egraph.analysis.touched[mark..]);
                self.note_new(egraph, mark);
                continue;
            }
            // A union changes no child class of the merged class's nodes (unless a node is
            // its own descendant, which the next pass's search around every touched class
            // finds), so the matches rooted at it are those its two sides had: searching it
            // again after every union of two existing classes found nothing new and cost
            // 7.8% of a memref-heavy lowering. What a union changes in its parents' facts
            // is left to the next pass (`closure::stale_pairs`).
            let pairs: Vec<(usize, Id)> =
                met.into_iter().map(|(r, p)| (r, egraph.find(p))).collect();
            if !pairs.is_empty() {
                self.search_into(egraph, pairs, depth + 1, &mut stack)?;
            }
            self.note_new(egraph, mark);
        }
        // Every match applied, every search's variables dropped.
        debug_assert!(self.work.found.is_empty() && self.work.searches.is_empty());
        if egraph.analysis.touched.is_empty() {
            // Nothing changed (a union of a class with itself only marks the e-graph
            // unclean): egg's rebuild would still walk, sort and index every class, which
            // cost 4% of a memref-heavy lowering in the pass that confirms saturation.
            egraph.clean = true;
            self.work.stack = stack;
            return Ok(());
        }
        self.work.stack = stack;
        let start = Instant::now();
        let mark = egraph.analysis.touched.len();
        egraph.rebuild();
        self.budget.rebuilt(start.elapsed(), egraph.total_size());
        // A failure that read outside its match may hold after any change, and a large
        // e-graph does not remember its other failures: the next pass then searches around
        // every touched class.
        // Nor is the record worth keeping once the pass changed most of the e-graph (a rule
        // set that explodes): the next pass searches all of it.
        self.frontier.kept &= self.read_outside == 0
            && (egraph.analysis.touched.len() - mark) * 2 < egraph.number_of_classes();
        if self.frontier.kept {
            // The rebuild's unions (congruences), which nothing followed.
            let mut merged: Vec<Id> = egraph.analysis.touched[mark..]
                .iter()
                .map(|c| egraph.find(*c))
                .collect();
            merged.sort_unstable();
            merged.dedup();
            for class in merged {
                if !merged_pairs(&self.rules.reach, egraph, class, &mut self.frontier.pairs) {
                    self.frontier.classes.push(class);
                }
            }
            let rules = self.rules;
            stale_pairs(
                &self.tried,
                egraph,
                |r| &rules.rules[r].reads,
                &mut self.frontier.pairs,
            );
            // The next pass, if any, searches only what this one left: a match it meets
            // again under a key that a union renamed is applied again, which adds nothing
            // (its facts are the same, or it is stale and listed anyway), and costs less
            // than rewriting every key for the few it meets.
            return Ok(());
        }
        self.canonicalize(egraph);
        Ok(())
    }

    /// After a rebuild: rewrites the matches remembered to their classes' canonical ids, so
    /// that the next pass finds them again. A union renames a class without changing what
    /// a match through it builds (the e-graph is congruence-closed), so a match keeps its
    /// place unless a class whose facts its rule reads was absorbed into another: its
    /// facts are the merged ones now, and the match is forgotten, to be tried again.
    /// Without this, every match through a class that a union renamed (most classes of a
    /// lowered function: each source value meets its lowered form) ran again in the next
    /// pass and added nothing. Done only before a pass that searches around every touched
    /// class: one that searches what the last pass left meets few matches again.
    fn canonicalize(&mut self, egraph: &Graph) {
        let rules = self.rules;
        self.tried.rewrite(|key| {
            let rule = &rules.rules[key[0].0 as usize];
            let mut renamed = false;
            for (j, pair) in key.iter_mut().enumerate().skip(1) {
                let id = pair.0;
                let c = usize::from(egraph.find(Id::from(id as usize))) as u32;
                if c == id {
                    continue;
                }
                // Position 1 is the root; the variables follow in order.
                if j >= 2 && rule.reads.get(j - 2).is_some_and(|read| *read) {
                    return Rewritten::Forget;
                }
                pair.0 = c;
                renamed = true;
            }
            if renamed {
                Rewritten::Renamed
            } else {
                Rewritten::Keep
            }
        });
    }

    /// Applies one match unless it was applied before (or, around the changes, failed
    /// before). Returns whether the e-graph changed (an equality added or a class
    /// created).
    ///
    /// With `follow`, the classes the application created are searched before its union
    /// (see [`Loop::follow_new`]) and their matches pushed onto `stack`.
    fn apply(
        &mut self,
        egraph: &mut Graph,
        found: Found,
        skip_failed: bool,
        follow: bool,
        stack: &mut Vec<Found>,
    ) -> Result<bool, Stop> {
        let Found {
            rule: r,
            class,
            at,
            depth,
        } = found;
        let r = r as usize;
        let mark = egraph.analysis.touched.len();
        let rules = self.rules;
        let rule = &rules.rules[r];
        let at = at as usize;
        let vars: SmallVec<[Id; 8]> =
            SmallVec::from_slice(&self.work.found[at..at + rule.vars.len()]);
        let mut key = std::mem::take(&mut self.work.key);
        key.clear();
        key.push((r as u32, 0));
        // The root's facts are read only through a variable bound to it (a left side that
        // is a bare variable), which the variables list.
        key.push((usize::from(egraph.find(class)) as u32, 0));
        for (read, id) in rule.reads.iter().zip(&vars) {
            let id = egraph.find(*id);
            let version = if *read {
                Analysis::generation_of(egraph, id)
            } else {
                0
            };
            key.push((usize::from(id) as u32, version));
        }
        let (place, tried) = self.tried.get(&key);
        let seen = match tried {
            None => false,
            Some(Tried::Applied) => true,
            Some(Tried::Failed { pass, read_outside }) => {
                skip_failed || !read_outside || pass == self.work.pass
            }
        };
        // The key stays in `self.work.key` until the match is filed: nothing the application
        // does (following it included) applies another match.
        self.work.key = key;
        if seen {
            return Ok(false);
        }
        let classes = egraph.number_of_classes();
        let changed = if egraph.are_explanations_enabled() {
            let mut subst = Subst::with_capacity(vars.len());
            for (v, id) in rule.vars.iter().zip(&vars) {
                subst.insert(*v, *id);
            }
            let ast = match rule
                .applier
                .instantiate(egraph, &mut subst, &*rules.functions)
            {
                Ok(ast) => ast,
                Err(not) => {
                    self.fail(place, not);
                    return Ok(false);
                }
            };
            let (_, changed) =
                egraph.union_instantiations(&rule.pattern.ast, &ast, &subst, rule.name);
            if follow {
                self.follow_new(egraph, mark, depth + 1, stack)?;
            }
            changed
        } else {
            let bound = Bound {
                vars: &rule.vars,
                classes: &vars,
            };
            let id = match rule.applier.apply_direct(egraph, &bound, &*rules.functions) {
                Ok(id) => id,
                Err(not) => {
                    self.fail(place, not);
                    return Ok(false);
                }
            };
            if follow {
                self.follow_new(egraph, mark, depth + 1, stack)?;
            }
            // egg roots a union at the class with more parents, and at its first argument on
            // a tie. When the right side is a class that existed before (a shared term such
            // as one block's `(llvm.params ...)` that every block's parameters rewrite to),
            // it goes first: otherwise each of those classes, often with no parents either,
            // would become the root in turn, and the union-find chain, which every `add` that
            // meets an early id walks, would grow as long as the function.
            let met = if follow {
                let (met, looked) = self.watch_meet(egraph, id, class);
                if self.frontier.kept
                    && !union_pairs(
                        &rules.reach,
                        egraph,
                        [id, class],
                        looked,
                        &mut self.frontier.pairs,
                    )
                {
                    self.frontier.classes.push(class);
                }
                met
            } else {
                Vec::new()
            };
            let changed = if usize::from(id) <= self.work.newest {
                egraph.union(id, class)
            } else {
                egraph.union(class, id)
            };
            if changed {
                self.work.met.extend(met);
            }
            changed
        };
        self.tried.file(place, &self.work.key, Tried::Applied);
        if changed {
            self.report.applied[r] += 1;
            self.report.tally.applied += 1;
        }
        self.budget.spend(1, egraph)?;
        Ok(changed || egraph.number_of_classes() != classes)
    }

    /// Remembers a failed match, and whether it read outside its classes; in a large
    /// e-graph, only one that did (see the module documentation).
    fn fail(&mut self, place: Place, not: NotApplied) {
        let read_outside = not.read_outside;
        self.read_outside += usize::from(read_outside);
        if self.work.large && !read_outside {
            return;
        }
        self.tried.file(
            place,
            &self.work.key,
            Tried::Failed {
                pass: self.work.pass,
                read_outside,
            },
        );
    }

    /// Before a union made while following: the (rule, parent) pairs whose left side may
    /// match through the union, a parent of one side meeting a node of the other below it
    /// (an `extractvalue` of an argument's descriptor meets the `insertvalue` chain the
    /// argument becomes): searched at once after the union (see [`Loop::step`]) instead of
    /// one pass later, so that such a chain finishes in the pass that built it. Only
    /// sides with at most [`MEET_PARENTS`] parents are watched, against at most
    /// [`MEET_NODES`] nodes of the other side; what is left waits for the next pass.
    /// Also returns, per side (`a` first), whether it was small enough to be looked at,
    /// which `closure::union_pairs` counts on.
    fn watch_meet(&self, egraph: &Graph, a: Id, b: Id) -> (Vec<(usize, Id)>, [bool; 2]) {
        let (a, b) = (egraph.find(a), egraph.find(b));
        let mut out = Vec::new();
        let mut looked = [false; 2];
        if a == b || self.rules.by_child.is_empty() {
            return (out, looked);
        }
        for (i, (side, other)) in [(a, b), (b, a)].into_iter().enumerate() {
            let below = &egraph[other].nodes;
            let parents = egraph[side].parents();
            looked[i] = below.len() <= MEET_NODES && parents.len() <= MEET_PARENTS;
            let meets =
                |n: &Node| matches!(n, Node::Op(c, _) if self.rules.meet_children.contains(c));
            if !looked[i] || !below.iter().any(meets) {
                continue;
            }
            for p in parents {
                for node in &egraph[p].nodes {
                    let Node::Op(op, _) = node else { continue };
                    for child in below {
                        let Node::Op(child, _) = child else { continue };
                        if let Some(rules) = self.rules.by_child.get(&(*op, *child)) {
                            out.extend(rules.iter().map(|r| (*r, p)));
                        }
                    }
                }
            }
        }
        (out, looked)
    }

    /// Raises [`Loop::newest`] past the classes an application created. (A class whose
    /// facts it changed has a new version already: `modify` counted the change, see
    /// [`Analysis::generation`].)
    fn note_new(&mut self, egraph: &Graph, mark: usize) {
        let touched = &egraph.analysis.touched[mark..];
        if let Some(max) = touched.iter().max() {
            self.work.newest = self.work.newest.max(usize::from(*max));
        }
    }

    /// Follows an application at once, as an e-graph that applies rules when a node is
    /// created does (Cranelift's aegraph): each class the application created (those
    /// touched since `mark` above [`Loop::newest`]) holds just the node that created it
    /// until the application's union, so searching it then with the rules rooted at that
    /// node's operation finds exactly the matches through the new node. They are pushed to
    /// be applied next. Lowering chains (a descriptor built field by field, an
    /// `extractvalue` peeling one `insertvalue` after another, a list walked one cell at a
    /// time) then finish in one pass instead of one pass per step. Matches rooted further
    /// up are left to the next pass, which searches around every touched class.
    fn follow_new(
        &mut self,
        egraph: &mut Graph,
        mark: usize,
        depth: u32,
        stack: &mut Vec<Found>,
    ) -> Result<(), Stop> {
        let mut pairs = Vec::new();
        for id in &egraph.analysis.touched[mark..] {
            if usize::from(*id) > self.work.newest {
                let class = egraph.find(*id);
                let node = egraph.id_to_node(*id);
                pairs.extend(self.rooted_at(egraph, node).map(|r| (r, class)));
            }
        }
        self.search_into(egraph, pairs, depth, stack)
    }
}

/// A set of class ids, one bit each: the classes [`Loop::candidates`] has listed.
///
/// A hash set grown by doubling was there before: around the changes of a pass that touched
/// most of a large function (the `lower` phase's second pass over 10^5 blocks lists 1.2
/// million classes) each growth rehashed all it held, and its inserts with their rehashes
/// were 2% of that function's instructions, against 1% for 10^4 blocks. A bit per id up to
/// the highest one listed is at most an eighth of a byte per class of the e-graph.
#[derive(Default)]
struct SeenIds(Vec<u64>);

impl SeenIds {
    /// Adds `id`; whether it was new.
    fn insert(&mut self, id: Id) -> bool {
        let i = usize::from(id);
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        if word >= self.0.len() {
            self.0.resize(word + 1, 0);
        }
        let new = self.0[word] & bit == 0;
        self.0[word] |= bit;
        new
    }
}

#[cfg(test)]
mod tests;
