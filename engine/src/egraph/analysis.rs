//! The e-class analysis: for every class, what kiln knows statically — the ground term it
//! stands for (types, literals, lists of those), the type of a value, and a value's known
//! constant. Guards read these facts; constant folding rules produce new constants from them.

use crate::egraph::node::{text, Node};
use crate::egraph::term::Term;
use crate::rule::ruleset::{Level, OpDecl, RuleSet, Sort};
use egg::{DidMerge, EGraph, Id, Symbol};
use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

/// Ground terms larger than this are not tracked (types and signatures are far smaller).
const MAX_GROUND: usize = 512;

/// Declared operations by name, shared by the analysis, extraction and elaboration.
#[derive(Clone, Debug, Default)]
pub struct OpTable {
    ops: HashMap<Symbol, OpDecl>,
    /// The backend's operation for each declared name it binds, resolved once per rule set
    /// rather than by name for every node elaborated.
    targets: HashMap<Symbol, kiln_lowered::TargetOp>,
    /// The types declared with a width (a few at most: compared by name, which costs less
    /// than interning the name to look it up).
    widths: Vec<(String, u32)>,
}

impl OpTable {
    /// The table of a rule set's declarations.
    pub fn new(rules: &RuleSet) -> OpTable {
        OpTable::from_decls(&rules.decls)
    }

    /// The table of `decls` (names unique, as in a checked rule set).
    pub fn from_decls(decls: &[OpDecl]) -> OpTable {
        let ops = decls
            .iter()
            .map(|d| (Symbol::from(d.name.as_str()), d.clone()))
            .collect();
        let targets = decls
            .iter()
            .filter_map(|d| {
                let t = kiln_lowered::TargetOp::from_name(&d.name)?;
                Some((Symbol::from(d.name.as_str()), t))
            })
            .collect();
        let widths = decls
            .iter()
            .filter_map(|d| Some((d.name.clone(), d.width?)))
            .collect();
        OpTable {
            ops,
            targets,
            widths,
        }
    }

    /// The backend's operation declared under `op`, if it binds one.
    pub fn target(&self, op: Symbol) -> Option<kiln_lowered::TargetOp> {
        self.targets.get(&op).copied()
    }

    /// The declaration of an operation by its interned name.
    pub fn get(&self, op: Symbol) -> Option<&OpDecl> {
        self.ops.get(&op)
    }

    /// The declaration of an operation by name.
    pub fn named(&self, op: &str) -> Option<&OpDecl> {
        self.ops.get(&Symbol::from(op))
    }

    /// The bit width of a type term: the width its name states (`i32`, `f64`), else the
    /// one its declaration gives (`decl index: source width 64`), else none.
    pub fn width(&self, t: &Term) -> Option<u32> {
        t.stated_width().or_else(|| match t {
            Term::Op(op, cs) if cs.is_empty() => {
                self.widths.iter().find(|(n, _)| n == op).map(|(_, w)| *w)
            }
            _ => None,
        })
    }
}

/// A value's known constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Konst {
    /// An integer constant, as its literal is written.
    Int(i64),
    /// An `f64`'s bits.
    Float(u64),
}

/// What the analysis knows of one e-class.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Facts {
    /// The ground term of a type, literal or list-of-ground class.
    pub ground: Option<Arc<Term>>,
    /// `ground`'s size in nodes (0 without one), kept so that a parent is sized without
    /// walking its children.
    pub ground_size: u32,
    /// Which of two ground terms guards read (see `Analysis::ground_rank`), kept so that a
    /// merge does not look the term's operation up by name.
    pub ground_rank: u8,
    /// The type of a value class.
    pub ty: Option<Arc<Term>>,
    /// Whether `ty` came from a source operation (preferred: guards reason about the
    /// source program's types).
    pub ty_from_source: bool,
    /// The value's constant: the literal of a `const` operation in the class (constant
    /// folding adds such operations).
    pub konst: Option<Konst>,
}

/// kiln's egg analysis: the [`Facts`] of each class, and what the saturation loop reads
/// of them by class id.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// The declarations, for sorts, types and widths.
    pub ops: Arc<OpTable>,
    /// Classes that changed since the saturation loop last took this list: new classes,
    /// unions, and classes whose facts changed while rebuilding (egg calls `modify` for each
    /// of these). Semi-naive matching searches only around them.
    pub touched: Vec<Id>,
    /// The class of each ground part of a right side added to this e-graph, by the part's
    /// slot (see `apply::Template::Ground`): ids stay valid as the e-graph grows (a class
    /// is only ever merged, and `find` gives its root), so the part is added once.
    pub ground: Vec<Option<Id>>,
    /// For a large e-graph, each class's known constant by id, as its facts hold it (empty
    /// until [`Analysis::mirror`] fills it): egg calls `modify` after every change of a
    /// class's facts (a new class, a union, a merge while rebuilding), which writes it
    /// here, so it stays current for a class's root. Guards read constants here
    /// ([`Analysis::konst_of`]) instead of through egg's class table, a hash map whose reads
    /// miss the caches once the e-graph outgrows them. (Kept for every e-graph, the writes
    /// cost the memref-heavy module 1.3% more instructions than the reads saved.)
    pub konst: Vec<Option<Konst>>,
    /// Per class id, how many times the class's facts changed while it was a root: the
    /// version of its facts in the saturation loop's keys ([`Analysis::generation_of`]).
    /// Counted in `modify`, which egg calls after making a class and after each merge
    /// that changed the root's facts, so the loop neither keeps a copy of each class's
    /// facts to compare nor reads egg's class table to learn of a change (a tenth of a
    /// chain of a million operations went to such reads, out of cache).
    pub generation: Vec<u32>,
    /// How many times each clause of the rule set's functions gave a result in this
    /// e-graph, by the clause's index (see `function.rs`): the statistics count clauses
    /// beside the rules of each phase.
    pub clause_uses: Vec<u32>,
    /// The result of each function applied in this e-graph, by the function and its
    /// arguments' classes (as they were when it was applied): a function of the same
    /// arguments gives the same class, so it is evaluated once (see `function.rs`).
    pub calls: HashMap<(Symbol, crate::egraph::node::Children), Id>,
    /// The first application of each function that no clause held for (a few at most), for
    /// the diagnostic of what then stays unlowered.
    pub stuck_calls: Vec<(Symbol, crate::egraph::node::Children)>,
    /// The first function whose applications nested past the limit (see `function.rs`): it
    /// does not terminate, which fails the lowering.
    pub runaway: Option<Symbol>,
    /// Whether the last [`egg::Analysis::merge`] changed the facts it merged into, for
    /// the `modify` that follows it (`true` for a class just made).
    facts_changed: bool,
}

impl Analysis {
    /// Frees what only the saturation loop reads (the changed classes, ground parts,
    /// constants and generations by class), once the e-graph is sealed for extraction.
    pub fn seal(&mut self) {
        self.touched = Vec::new();
        self.ground = Vec::new();
        self.konst = Vec::new();
        self.generation = Vec::new();
    }

    /// An analysis of an empty e-graph over the declarations `ops`.
    pub fn new(ops: Arc<OpTable>) -> Analysis {
        Analysis {
            ops,
            touched: Vec::new(),
            ground: Vec::new(),
            konst: Vec::new(),
            generation: Vec::new(),
            clause_uses: Vec::new(),
            calls: HashMap::default(),
            stuck_calls: Vec::new(),
            runaway: None,
            facts_changed: true,
        }
    }

    /// The known constant of the class of `id` (see [`Analysis::konst`]).
    pub fn konst_of(egraph: &EGraph<Node, Analysis>, id: Id) -> Option<Konst> {
        if egraph.analysis.konst.is_empty() {
            return egraph[id].data.konst;
        }
        let c = usize::from(egraph.find(id));
        egraph.analysis.konst.get(c).copied().flatten()
    }

    /// The version of the facts of the class of `id`: it changes exactly when they do
    /// (see [`Analysis::generation`]).
    pub fn generation_of(egraph: &EGraph<Node, Analysis>, id: Id) -> u32 {
        let c = usize::from(egraph.find(id));
        egraph.analysis.generation.get(c).copied().unwrap_or(0)
    }

    /// Fills [`Analysis::konst`] from every class (in egg's
    /// table order, which reads the classes in order of their place in memory); `modify`
    /// keeps them current from then on.
    pub fn mirror(egraph: &mut EGraph<Node, Analysis>) {
        if !egraph.analysis.konst.is_empty() {
            return;
        }
        let bound = crate::egraph::large::id_bound(egraph);
        let mut konst = vec![None; bound];
        for class in egraph.classes() {
            konst[usize::from(class.id)] = class.data.konst;
        }
        egraph.analysis.konst = konst;
    }

    /// Which ground term of a class guards read: a literal first (0), then a term headed by
    /// a target operation (1: `i64`, a list), then one headed by a source helper (2).
    fn ground_rank(decl: &OpDecl) -> u8 {
        if decl.level == Level::Target {
            1
        } else {
            2
        }
    }
}

pub(crate) fn leaf_term(n: &Node) -> Option<Term> {
    match n {
        Node::Int(i) => Some(Term::Int(*i)),
        Node::Float(b) => Some(Term::Float(*b)),
        Node::Str(s) => Some(Term::Str(text(*s).to_string())),
        Node::Func(s) => Some(Term::Func(text(*s).to_string())),
        Node::Op(..) => None,
    }
}

impl egg::Analysis<Node> for Analysis {
    type Data = Facts;

    fn make(egraph: &mut EGraph<Node, Self>, enode: &Node, _id: Id) -> Facts {
        // A new class: the `modify` that follows counts its facts as changed.
        egraph.analysis.facts_changed = true;
        let Node::Op(op, children) = enode else {
            let ground = leaf_term(enode).map(Arc::new);
            return Facts {
                ground_size: u32::from(ground.is_some()),
                ground,
                ..Facts::default()
            };
        };
        let Some(info) = egraph.analysis.ops.get(*op) else {
            return Facts::default();
        };
        let rank = Analysis::ground_rank(info);
        let mut facts = Facts::default();
        if matches!(
            info.result,
            Sort::Type | Sort::List | Sort::Node | Sort::Lit | Sort::Sym | Sort::Func
        ) {
            // Sized from the children's recorded sizes before anything is built; the
            // children themselves are shared (a term's children are reference-counted),
            // so a list cell costs the same whatever the length of its tail.
            let size = children.iter().try_fold(1u32, |n, c| {
                let d = &egraph[*c].data;
                d.ground.as_ref()?;
                Some(n + d.ground_size).filter(|n| *n as usize <= MAX_GROUND)
            });
            if let Some(size) = size {
                // Every child has a ground term (the sizes above say so), so the terms are
                // collected straight into the shared slice: one allocation, where going
                // through an `Option<Vec<_>>` took two and a copy.
                let kids: Arc<[Term]> = children
                    .iter()
                    .map(|c| {
                        egraph[*c]
                            .data
                            .ground
                            .as_deref()
                            .cloned()
                            .unwrap_or(Term::Int(0))
                    })
                    .collect();
                facts.ground = Some(Arc::new(Term::Op(text(*op), kids)));
                facts.ground_size = size;
                facts.ground_rank = rank;
            }
        }
        if let Some(i) = info.type_child() {
            if let Some(c) = children.get(i) {
                facts.ty = egraph[*c].data.ground.clone();
                facts.ty_from_source = info.level == Level::Source;
            }
        }
        if info.constant {
            let lit = info
                .children
                .iter()
                .position(|s| *s == Sort::Lit)
                .and_then(|i| children.get(i));
            facts.konst = lit.and_then(|c| match egraph[*c].data.ground.as_deref() {
                Some(Term::Int(i)) => Some(Konst::Int(*i)),
                Some(Term::Float(b)) => Some(Konst::Float(*b)),
                _ => None,
            });
        }
        facts
    }

    fn modify(egraph: &mut EGraph<Node, Self>, id: Id) {
        let analysis = &mut egraph.analysis;
        analysis.touched.push(id);
        let i = usize::from(id);
        if std::mem::replace(&mut analysis.facts_changed, true) {
            if analysis.generation.len() <= i {
                analysis.generation.resize(i + 1, 0);
            }
            analysis.generation[i] = analysis.generation[i].wrapping_add(1);
        }
        if analysis.konst.is_empty() {
            return;
        }
        let konst = egraph[id].data.konst;
        let analysis = &mut egraph.analysis;
        if analysis.konst.len() <= i {
            analysis.konst.resize(i + 1, None);
        }
        analysis.konst[i] = konst;
    }

    fn merge(&mut self, a: &mut Facts, b: Facts) -> DidMerge {
        let old = a.clone();
        // A class can hold several ground terms (`(arg-slot ...)` and the number it
        // computes to, `(lower-type index)` and `i64`); guards must see the final one.
        let better = match (&a.ground, &b.ground) {
            (None, Some(_)) => true,
            (Some(_), Some(_)) => b.ground_rank < a.ground_rank,
            _ => false,
        };
        if better {
            a.ground = b.ground.clone();
            a.ground_size = b.ground_size;
            a.ground_rank = b.ground_rank;
        }
        let take_b_ty = match (&a.ty, &b.ty) {
            (None, Some(_)) => true,
            (Some(_), Some(_)) => b.ty_from_source && !a.ty_from_source,
            _ => false,
        };
        if take_b_ty {
            a.ty = b.ty.clone();
            a.ty_from_source = b.ty_from_source;
        }
        if a.konst.is_none() {
            a.konst = b.konst;
        }
        let merged = DidMerge(*a != old, *a != b);
        self.facts_changed = merged.0;
        merged
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Graph = EGraph<Node, Analysis>;

    /// Unions the classes of `a` and `b` and checks that the root's version changed exactly
    /// when its facts did.
    fn union_checked(g: &mut Graph, a: Id, b: Id) {
        let seen = |g: &Graph, id: Id| {
            let root = g.find(id);
            (root, Analysis::generation_of(g, id), g[id].data.clone())
        };
        let sides = [seen(g, a), seen(g, b)];
        g.union(a, b);
        g.rebuild();
        let (root, version, facts) = seen(g, a);
        let (_, was_version, was_facts) = sides
            .into_iter()
            .find(|side| side.0 == root)
            .expect("the root is one of the two classes");
        assert_eq!(facts != was_facts, version != was_version, "{facts:?}");
    }

    #[test]
    fn a_classs_generation_changes_exactly_when_its_facts_do() {
        let mut g = Graph::new(Analysis::new(Arc::default()));
        Analysis::mirror(&mut g);
        let one = g.add(Node::Int(1));
        let [x, y, z, w] = ["x", "y", "z", "w"].map(|op| g.add(Node::op(op, Vec::new())));
        // Two classes without facts; a class without facts meets a literal, from either
        // side; two classes with the literal.
        union_checked(&mut g, x, y);
        union_checked(&mut g, z, one);
        union_checked(&mut g, one, w);
        union_checked(&mut g, x, w);
        union_checked(&mut g, y, z);
        // The mirror holds each root's constant as its facts do.
        for class in g.classes() {
            assert_eq!(Analysis::konst_of(&g, class.id), class.data.konst);
        }
    }
}
