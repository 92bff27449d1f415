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

/// `Symbol::from(name)` through this thread's cache (see `interned`).
pub fn intern(name: &str) -> Symbol {
    interned(name).1
}

impl Node {
    pub fn op(name: &str, children: impl Into<Children>) -> Node {
        Node::Op(Symbol::from(name), children.into())
    }

    pub fn op_name(&self) -> Option<&'static str> {
        match self {
            Node::Op(s, _) => Some(s.as_str()),
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
            // Equal symbols first: a name is read under egg's symbol-table lock, and the
            // nodes of one class often share their operation.
            (Node::Op(a, ac), Node::Op(b, bc)) if a == b => ac.cmp(bc),
            (Node::Op(a, _), Node::Op(b, _)) => a.as_str().cmp(b.as_str()),
            (Node::Int(a), Node::Int(b)) => a.cmp(b),
            (Node::Float(a), Node::Float(b)) => a.cmp(b),
            (Node::Str(a), Node::Str(b)) | (Node::Func(a), Node::Func(b)) if a == b => {
                Ordering::Equal
            }
            (Node::Str(a), Node::Str(b)) | (Node::Func(a), Node::Func(b)) => {
                a.as_str().cmp(b.as_str())
            }
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
