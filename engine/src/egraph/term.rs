//! Ground terms: small owned trees for what the analysis knows about types, literals and
//! lists, and for what guards compute. Also the bridge from type terms back to the
//! frontend's memref types (for static sizes, strides and offsets).

use kiln_frontend::types::{Extent, Layout, MemRefType, Scalar};
use std::fmt;
use std::sync::Arc;

/// Children are shared, not owned: the analysis builds each list cell's ground term from
/// its tail's, and a copy of the tail per cell made a list of P types cost P^2 / 2 copies.
/// An operation's name is interned (`name`), so that copying a term to build its parent's
/// copies no string: the analysis builds a ground term for every type and list class.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Term {
    /// An operation (its interned name) applied to its children; a type such as `i32` or
    /// `nil` has none.
    Op(&'static str, Arc<[Term]>),
    /// An integer literal.
    Int(i64),
    /// A float literal: an `f64`'s bits.
    Float(u64),
    /// A string, such as a predicate name.
    Str(String),
    /// A function name, without the `@`.
    Func(String),
}

/// The integer widths the rules' vocabulary names (`i1`, `i8`, `i16`, `i32`, `i64`):
/// LLVM's usual integers, which rules write as atoms. Any other width is the type
/// [`INT_TYPE`] applied to it.
pub const NAMED_INT_WIDTHS: [u8; 5] = [1, 8, 16, 32, 64];

/// `(llvm.int N)`: the integer type of `N` bits, for widths without a name (`i12`).
pub const INT_TYPE: &str = "llvm.int";

/// The width of an integer type the rules name by [`INT_TYPE`]; `None` for any other
/// scalar (an atom of its name).
pub fn unnamed_int_width(s: Scalar) -> Option<i64> {
    match s {
        Scalar::Int(b) if !NAMED_INT_WIDTHS.contains(&b) => Some(i64::from(b)),
        _ => None,
    }
}

/// `s` interned for the life of the process, as an operation's name in a [`Term`]: egg's
/// global symbol table keeps every name once (the names are those of the rules'
/// vocabulary: operations, types, `nil`, `cons`, `dyn`), reached through the encoder's
/// per-thread cache (`crate::egraph::node::interned`).
pub fn name(s: &str) -> &'static str {
    crate::egraph::node::interned(s).0
}

impl Term {
    /// The nullary operation `name` (`i32`, `nil`).
    pub fn atom(name: &str) -> Term {
        Term::Op(self::name(name), Arc::from([]))
    }

    /// The operation `name` applied to `kids`.
    pub fn op(name: &str, kids: Vec<Term>) -> Term {
        Term::Op(self::name(name), kids.into())
    }

    /// The `cons`/`nil` list of `items`, in order ([`Term::list`] reads it back).
    pub fn list_of(items: Vec<Term>) -> Term {
        items
            .into_iter()
            .rev()
            .fold(Term::atom("nil"), |tail, x| Term::op("cons", vec![x, tail]))
    }

    /// One step along a `cons`/`nil` list: `Some(None)` at its end (`nil`), the head and
    /// the tail of a cell, `None` when this is no list.
    fn uncons(&self) -> Option<Option<(&Term, &Term)>> {
        match self {
            Term::Op(op, cs) if *op == "nil" && cs.is_empty() => Some(None),
            Term::Op(op, cs) if *op == "cons" && cs.len() == 2 => Some(Some((&cs[0], &cs[1]))),
            _ => None,
        }
    }

    /// The elements of a `cons`/`nil` list.
    pub fn list(&self) -> Option<Vec<&Term>> {
        let mut out = Vec::new();
        let mut t = self;
        while let Some((head, tail)) = t.uncons()? {
            out.push(head);
            t = tail;
        }
        Some(out)
    }

    /// The length of a `cons`/`nil` list, without collecting its elements.
    pub fn list_len(&self) -> Option<usize> {
        let mut n = 0;
        let mut t = self;
        while let Some((_, tail)) = t.uncons()? {
            n += 1;
            t = tail;
        }
        Some(n)
    }

    /// Element `i` of a `cons`/`nil` list (`None` past its end or if it is no list).
    pub fn list_nth(&self, i: usize) -> Option<&Term> {
        let mut t = self;
        let mut left = i;
        loop {
            let (head, tail) = t.uncons()??;
            if left == 0 {
                // The rest must still be a list.
                tail.list_len()?;
                return Some(head);
            }
            left -= 1;
            t = tail;
        }
    }

    /// The scalar type this term names (`i32`, `index`, `f64`, `(llvm.int 12)`), if it is
    /// one.
    pub fn scalar(&self) -> Option<Scalar> {
        match self {
            Term::Op(op, cs) if cs.is_empty() => Scalar::from_name(op),
            Term::Op(op, cs) if *op == INT_TYPE => match **cs {
                [Term::Int(b)] => Scalar::int(u64::try_from(b).ok()?),
                _ => None,
            },
            _ => None,
        }
    }

    /// The term of a scalar type, as the encoder makes it and [`Term::scalar`] reads it:
    /// its name (`i32`, `index`), or `(llvm.int N)` for an integer of a width the rules'
    /// vocabulary has no name for.
    pub fn of_scalar(s: Scalar) -> Term {
        match unnamed_int_width(s) {
            Some(b) => Term::op(INT_TYPE, vec![Term::Int(b)]),
            None => Term::atom(s.name()),
        }
    }

    /// Bit width of an integer or float type term whose name states it (`i1` … `i64`, `f16`
    /// … `f64`); none for `index`, whose width is the target's: the rules declare it
    /// (`OpTable::width`).
    pub fn stated_width(&self) -> Option<u32> {
        self.scalar()?.stated_bits()
    }

    /// Reads `(memref SHAPE ELEM LAYOUT)`, where SHAPE lists sizes (`dyn` for `?`) and
    /// LAYOUT is `identity` or `(strided STRIDES OFFSET)`.
    pub fn memref(&self) -> Option<MemRefType> {
        let Term::Op(op, cs) = self else { return None };
        if *op != "memref" || cs.len() != 3 {
            return None;
        }
        let extents =
            |t: &Term| -> Option<Vec<Extent>> { t.list()?.into_iter().map(extent).collect() };
        let shape = extents(&cs[0])?;
        let elem = cs[1].scalar()?;
        let layout = match &cs[2] {
            Term::Op(l, ls) if *l == "identity" && ls.is_empty() => Layout::Identity,
            Term::Op(l, ls) if *l == "strided" && ls.len() == 2 => Layout::Strided {
                strides: extents(&ls[0])?,
                offset: extent(&ls[1])?,
            },
            _ => return None,
        };
        Some(MemRefType {
            shape,
            elem,
            layout,
        })
    }
}

fn extent(t: &Term) -> Option<Extent> {
    match t {
        Term::Int(i) => Some(Some(*i)),
        Term::Op(op, cs) if *op == "dyn" && cs.is_empty() => Some(None),
        _ => None,
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(items) = self.list() {
            write!(f, "[")?;
            for (i, t) in items.iter().enumerate() {
                if i > 0 {
                    write!(f, " ")?;
                }
                write!(f, "{t}")?;
            }
            return write!(f, "]");
        }
        match self {
            Term::Op(op, cs) if cs.is_empty() => write!(f, "{op}"),
            Term::Op(op, cs) => {
                write!(f, "({op}")?;
                for c in cs.iter() {
                    write!(f, " {c}")?;
                }
                write!(f, ")")
            }
            Term::Int(i) => write!(f, "{i}"),
            Term::Float(b) => write!(f, "{:?}", f64::from_bits(*b)),
            Term::Str(s) => write!(f, "\"{s}\""),
            Term::Func(s) => write!(f, "@{s}"),
        }
    }
}
