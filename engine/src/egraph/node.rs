//! The e-graph language: any operation a rule file declares, applied to children, plus
//! literal leaves. Ordering compares names by text (not by interning order), so extraction's
//! tie-breaks — and therefore kiln's output — do not depend on which thread interned a
//! symbol first.

use egg::{FromOp, Id, Language, Symbol};
use smallvec::SmallVec;
use std::cmp::Ordering;
use std::fmt;

/// A node's children, inline up to four. egg keeps three copies of every node (its list of
/// nodes by id, its hash-consing memo, the node's class), so children on the heap were three
/// allocations per node, and a read of a child one more pointer to chase: most nodes have
/// at most four children (an operation's type and operands, a list cell's head and tail).
pub type Children = SmallVec<[Id; 4]>;

/// An e-node of kiln's e-graph.
#[derive(Debug, PartialEq, Eq, Hash)]
pub enum Node {
    /// A declared operation (`arith.addi`, `i32`, `cons`, `nil`) with its children.
    Op(Symbol, Children),
    /// An integer literal: the value read as signed (sign-extended from its type's width).
    Int(i64),
    /// A float literal: an `f64`'s bits.
    Float(u64),
    /// A string such as a predicate name (`"slt"`).
    Str(Symbol),
    /// A function name (`@f`, stored without the `@`).
    Func(Symbol),
}

/// A multiplier with well-mixed top bits (rustc-hash's), for [`memo_hash`]'s mix.
const MIX_K: u64 = 0xf1357aea2e62a9c5;

/// The bits of a memo hash that place a node: hashbrown takes a bucket from a hash's low
/// bits, so in any table of up to 2^26 buckets the bucket is the place.
const PLACE_BITS: u32 = 26;

/// The hash under which egg's memo files a node ([`Language::memo_hash`]), placed: nodes
/// whose children have nearby ids get nearby buckets. The memo of a large e-graph outgrows
/// the caches; egg adds a node and re-files a parent after a union in an order that follows
/// ids (an operation's operands were made just before it, a pass searches classes in id
/// order), so with a scattered hash each of those meets a cold cache line: the memo's
/// inserts would take 125 times the samples for ten times the blocks.
///
/// The place (the low bits) is the sum of the children's ids, four buckets each, one
/// chosen by the node's mixed bits; a node with no children is scattered. The high bits,
/// including the 7 hashbrown keeps to tell keys apart, are the node mixed. Equal nodes
/// hash alike, so the memo is as sound as with any hash, and nothing iterates it in a way
/// that reaches kiln's output (which is `cmp`-equal).
pub(crate) fn memo_hash(node: &Node) -> u64 {
    // A rotate, xor and multiply per word: a product's top bits depend on every bit below.
    let mix = |h: u64, x: u64| (h.rotate_left(5) ^ x).wrapping_mul(MIX_K);
    let (op, children) = match node {
        Node::Op(op, children) if !children.is_empty() => (*op, children),
        Node::Op(op, _) => return mix(0, symbol_bits(*op)),
        Node::Int(i) => return mix(1, *i as u64),
        Node::Float(b) => return mix(2, *b),
        Node::Str(s) => return mix(3, symbol_bits(*s)),
        Node::Func(s) => return mix(4, symbol_bits(*s)),
    };
    let mut h = mix(0, symbol_bits(op));
    let mut sum: u64 = 0;
    for c in children {
        let c = usize::from(*c) as u64;
        h = mix(h, c);
        sum = sum.wrapping_add(c);
    }
    let mask = (1 << PLACE_BITS) - 1;
    let place = ((sum << 2) | ((h >> 32) & 3)) & mask;
    (h & !mask) | place
}

fn symbol_bits(s: Symbol) -> u64 {
    u64::from(std::num::NonZeroU32::from(s).get())
}

/// Copies the children with one copy of memory: `SmallVec`'s own `Clone` collects them one
/// by one, and egg clones every node it adds (into its list of nodes by id and its memo).
impl Clone for Node {
    fn clone(&self) -> Node {
        match self {
            Node::Op(op, children) => Node::Op(*op, Children::from_slice(children)),
            Node::Int(i) => Node::Int(*i),
            Node::Float(b) => Node::Float(*b),
            Node::Str(s) => Node::Str(*s),
            Node::Func(s) => Node::Func(*s),
        }
    }
}

/// `nil` and `cons`, interned once: comparing two symbols is an integer compare, while
/// reading a symbol's name takes a lock of egg's global symbol table.
pub fn list_symbols() -> (Symbol, Symbol) {
    static NAMES: std::sync::LazyLock<(Symbol, Symbol)> =
        std::sync::LazyLock::new(|| (Symbol::from("nil"), Symbol::from("cons")));
    *NAMES
}

/// At most this many names are kept per thread by [`interned`].
const INTERNED_PER_THREAD: usize = 4096;

thread_local! {
    /// Names interned on this thread, keyed by egg's own copy of each.
    static INTERNED: std::cell::RefCell<rustc_hash::FxHashMap<&'static str, Symbol>> =
        std::cell::RefCell::new(rustc_hash::FxHashMap::default());
}

/// `name` in egg's global symbol table, as the table's own `'static` copy of the text and
/// as a symbol, through a cache of this thread's: the table takes a lock for every lookup,
/// and encoding a function interns every operation and type name it meets (0.8% of a
/// memref-heavy lowering's instructions, on every thread at once), as does building a
/// ground term (`term::name`).
pub(crate) fn interned(name: &str) -> (&'static str, Symbol) {
    INTERNED.with(|cache| {
        if let Some((text, sym)) = cache.borrow().get_key_value(name) {
            return (*text, *sym);
        }
        let sym = Symbol::from(name);
        let text = sym.as_str();
        let mut cache = cache.borrow_mut();
        if cache.len() < INTERNED_PER_THREAD {
            cache.insert(text, sym);
        }
        (text, sym)
    })
}

thread_local! {
    /// The text of symbols read on this thread (see [`text`]).
    static TEXTS: std::cell::RefCell<rustc_hash::FxHashMap<Symbol, &'static str>> =
        std::cell::RefCell::new(rustc_hash::FxHashMap::default());
}

/// A symbol's text, through a cache of this thread's: egg's `Symbol::as_str` locks a shard
/// of the global symbol table for every read, and ordering the nodes of a class by
/// operation name (egg's rebuild sorts every class it visits) reads two names per
/// comparison — 2.2% of the samples of a one-thread lowering of the memref module, on every
/// thread at once and on the same few shards.
pub fn text(sym: Symbol) -> &'static str {
    TEXTS.with(|cache| {
        if let Some(text) = cache.borrow().get(&sym) {
            return *text;
        }
        let text = sym.as_str();
        let mut cache = cache.borrow_mut();
        if cache.len() < INTERNED_PER_THREAD {
            cache.insert(sym, text);
        }
        text
    })
}

/// `Symbol::from(name)` through this thread's cache (see `interned`).
pub fn intern(name: &str) -> Symbol {
    interned(name).1
}

impl Node {
    /// The operation `name` applied to `children`.
    pub fn op(name: &str, children: impl Into<Children>) -> Node {
        Node::Op(Symbol::from(name), children.into())
    }

    /// The operation's name, for an operation node.
    pub fn op_name(&self) -> Option<&'static str> {
        match self {
            Node::Op(s, _) => Some(text(*s)),
            _ => None,
        }
    }

    fn rank(&self) -> u8 {
        match self {
            Node::Op(..) => 0,
            Node::Int(_) => 1,
            Node::Float(_) => 2,
            Node::Str(_) => 3,
            Node::Func(_) => 4,
        }
    }
}

impl PartialOrd for Node {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Node {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            // Equal symbols first: the nodes of one class often share their operation, and
            // reading a name costs a lookup (see `text`).
            (Node::Op(a, ac), Node::Op(b, bc)) if a == b => ac.cmp(bc),
            (Node::Op(a, _), Node::Op(b, _)) => text(*a).cmp(text(*b)),
            (Node::Int(a), Node::Int(b)) => a.cmp(b),
            (Node::Float(a), Node::Float(b)) => a.cmp(b),
            (Node::Str(a), Node::Str(b)) | (Node::Func(a), Node::Func(b)) if a == b => {
                Ordering::Equal
            }
            (Node::Str(a), Node::Str(b)) | (Node::Func(a), Node::Func(b)) => text(*a).cmp(text(*b)),
            _ => self.rank().cmp(&other.rank()),
        }
    }
}

impl Language for Node {
    /// One for every node. egg files each class under the discriminants of its nodes after
    /// every rebuild (`classes_by_op`), for its own pattern search, which kiln does not use
    /// outside tests and explanations (`matcher.rs` searches the classes the saturation
    /// loop picks): with one discriminant per operation and per literal, that index was
    /// dozens of small hash sets built anew for every function, 1.5% of a memref-heavy
    /// lowering. With one, egg's search tries every class and tells nodes apart with
    /// [`Language::matches`], which is what decides a match in either case.
    type Discriminant = ();

    fn discriminant(&self) {}

    fn matches(&self, other: &Self) -> bool {
        match (self, other) {
            (Node::Op(a, ac), Node::Op(b, bc)) => a == b && ac.len() == bc.len(),
            (a, b) => a == b,
        }
    }

    fn memo_hash(&self) -> u64 {
        memo_hash(self)
    }

    fn children(&self) -> &[Id] {
        match self {
            Node::Op(_, c) => c,
            _ => &[],
        }
    }

    fn children_mut(&mut self) -> &mut [Id] {
        match self {
            Node::Op(_, c) => c,
            _ => &mut [],
        }
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Node::Op(s, _) => write!(f, "{s}"),
            Node::Int(i) => write!(f, "{i}"),
            Node::Float(b) => write!(f, "{:?}", f64::from_bits(*b)),
            Node::Str(s) => write!(f, "\"{s}\""),
            Node::Func(s) => write!(f, "@{s}"),
        }
    }
}

/// Parses what [`Display`](fmt::Display) prints (egg uses it for explanations).
impl FromOp for Node {
    type Error = String;

    fn from_op(op: &str, children: Vec<Id>) -> Result<Self, Self::Error> {
        if !children.is_empty() {
            return Ok(Node::op(op, children));
        }
        if let Some(s) = op.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
            return Ok(Node::Str(Symbol::from(s)));
        }
        if let Some(s) = op.strip_prefix('@') {
            return Ok(Node::Func(Symbol::from(s)));
        }
        if let Ok(i) = op.parse::<i64>() {
            return Ok(Node::Int(i));
        }
        if op.contains('.') || op.contains("inf") || op.contains("NaN") {
            if let Ok(x) = op.parse::<f64>() {
                return Ok(Node::Float(x.to_bits()));
            }
        }
        Ok(Node::op(op, Vec::new()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashSet;

    /// The bucket a table of `2^bits` buckets gives a node in egg's memo.
    fn bucket(node: &Node, bits: u32) -> u64 {
        node.memo_hash() & ((1 << bits) - 1)
    }

    #[test]
    fn a_nodes_memo_hash_places_it_by_its_children() {
        let op = Symbol::from("arith.addi");
        let node =
            |a: usize, b: usize| Node::Op(op, Children::from_slice(&[Id::from(a), Id::from(b)]));
        for (a, b) in [(0, 1), (1000, 2001), (123_456, 654_321)] {
            // Four buckets per sum of children's ids, in a table of 2^20 buckets.
            assert_eq!(
                bucket(&node(a, b), 20) >> 2,
                ((a + b) & ((1 << 18) - 1)) as u64
            );
        }
        // Nodes made one after the other land in nearby buckets.
        let near = bucket(&node(5000, 5001), 20).abs_diff(bucket(&node(5001, 5002), 20));
        assert!(near < 16, "{near}");
        // Equal nodes hash alike; the bits a table compares first tell these apart.
        assert_eq!(node(3, 4).memo_hash(), node(3, 4).memo_hash());
        let tags: FxHashSet<u64> = (0..64)
            .map(|i| node(i, 100 - i).memo_hash() >> 57)
            .collect();
        assert!(tags.len() > 16, "{}", tags.len());
        // Leaves are scattered over the whole table.
        let leaves: FxHashSet<u64> = (0..1000).map(|i| bucket(&Node::Int(i), 20) >> 10).collect();
        assert!(leaves.len() > 500, "{}", leaves.len());
    }

    /// A hundred literals `0..100` and `(f i)` above each, rebuilt: (literals, applications).
    fn literals_under_f(g: &mut egg::EGraph<Node, ()>) -> (Vec<Id>, Vec<Id>) {
        let leaves: Vec<Id> = (0..100).map(|i| g.add(Node::Int(i))).collect();
        let f = Symbol::from("f");
        let apps: Vec<Id> = leaves
            .iter()
            .map(|x| g.add(Node::Op(f, [*x].into_iter().collect())))
            .collect();
        g.rebuild();
        (leaves, apps)
    }

    /// A rebuild after a few unions visits only the classes they changed (the sixth edit in
    /// vendor/egg/PATCH.md); in this (debug) build egg then checks every class and its
    /// index by operation against a rebuild of all. The e-graph it leaves is congruent, and
    /// egg's own pattern search finds each merged class once, under its root.
    #[test]
    fn egg_rebuilds_the_changed_classes_alone() {
        use egg::{EGraph, Pattern, Searcher};
        let mut g: EGraph<Node, ()> = EGraph::default();
        let (leaves, apps) = literals_under_f(&mut g);
        let pattern: Pattern<Node> = "(f ?x)".parse().expect("a pattern");
        assert_eq!(pattern.search(&g).len(), 100);
        // Two unions: four ids of 200 classes, the rebuild's partial path.
        g.union(leaves[1], leaves[2]);
        g.union(leaves[3], leaves[1]);
        g.rebuild();
        assert_eq!(g.find(apps[1]), g.find(apps[2]));
        assert_eq!(g.find(apps[1]), g.find(apps[3]));
        assert_ne!(g.find(apps[1]), g.find(apps[4]));
        assert_eq!(g.number_of_classes(), 196);
        let found = pattern.search(&g);
        assert_eq!(found.len(), 98);
        let merged = found
            .iter()
            .find(|m| m.eclass == g.find(apps[1]))
            .expect("the merged class is found under its root");
        assert_eq!(merged.substs.len(), 1);
        assert_eq!(g[apps[1]].nodes.len(), 1, "congruent nodes deduplicated");
    }

    /// An e-graph made `without_op_index` (the seventh edit in vendor/egg/PATCH.md), as
    /// `lower_variant` makes each function's, rebuilds as any other: its classes congruent,
    /// their nodes canonical, sorted and unique (egg's debug check of every rebuild says
    /// so too), whether the rebuild visits every class or a few.
    #[test]
    fn egg_rebuilds_without_the_index_by_operation() {
        use egg::EGraph;
        let mut g: EGraph<Node, ()> = EGraph::default().without_op_index();
        let (leaves, apps) = literals_under_f(&mut g);
        // One union of many (the rebuild of every class), then two (of the few).
        for pair in leaves[10..60].chunks(2) {
            g.union(pair[0], pair[1]);
        }
        g.rebuild();
        g.union(leaves[1], leaves[2]);
        g.union(leaves[3], leaves[1]);
        g.rebuild();
        assert_eq!(g.find(apps[10]), g.find(apps[11]));
        assert_eq!(g.find(apps[1]), g.find(apps[3]));
        assert_ne!(g.find(apps[1]), g.find(apps[4]));
        assert_eq!(g.number_of_classes(), 200 - 25 * 2 - 2 * 2);
        for class in g.classes() {
            assert!(class.nodes.windows(2).all(|w| w[0] < w[1]));
            for n in &class.nodes {
                assert!(n.children().iter().all(|c| g.find(*c) == *c));
            }
        }
    }

    /// Asking such an e-graph for its classes by operation is a mistake, not "none".
    #[test]
    #[should_panic(expected = "without_op_index")]
    fn egg_refuses_classes_by_operation_without_the_index() {
        let mut g: egg::EGraph<Node, ()> = egg::EGraph::default().without_op_index();
        g.add(Node::Int(1));
        g.rebuild();
        let _ = g.classes_for_op(&Node::Int(1).discriminant());
    }

    /// A sealed e-graph (see `vendor/egg/PATCH.md`, "the eighth edit") still answers what
    /// extraction reads: its classes, their nodes and parents, and `find`.
    #[test]
    fn a_sealed_egraph_keeps_its_classes() {
        let mut g: egg::EGraph<Node, ()> = egg::EGraph::default().without_op_index();
        let one = g.add(Node::Int(1));
        let two = g.add(Node::Int(2));
        let f = g.add(Node::op("f", vec![one]));
        g.union(one, two);
        g.rebuild();
        g.seal();
        assert_eq!(g.find(two), g.find(one));
        assert_eq!(g[one].nodes, [Node::Int(1), Node::Int(2)]);
        assert_eq!(g[one].parents().collect::<Vec<_>>(), [f]);
        assert_eq!(g.number_of_classes(), 2);
    }

    /// Adding to a sealed e-graph is a mistake its memo, freed, could not catch.
    #[test]
    #[should_panic(expected = "sealed")]
    fn a_sealed_egraph_refuses_new_nodes() {
        let mut g: egg::EGraph<Node, ()> = egg::EGraph::default();
        g.add(Node::Int(1));
        g.rebuild();
        g.seal();
        g.add(Node::Int(2));
    }
}
