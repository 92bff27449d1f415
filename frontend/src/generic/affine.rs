//! Affine expressions and maps built as MLIR builds them: the constructors simplify as
//! `AffineExpr::operator+` and friends do (constants folded and kept on the right, neutral
//! elements dropped), so a built expression prints as MLIR's would.

use super::model::{AffineExpr, AffineMap};

fn floor_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(a: i64, b: i64) -> i64 {
    -floor_div(-a, b)
}

/// The operation of a binary affine expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AffineOp {
    /// `+`.
    Add,
    /// `*`.
    Mul,
    /// `mod`.
    Mod,
    /// `floordiv`.
    FloorDiv,
    /// `ceildiv`.
    CeilDiv,
}

impl AffineOp {
    /// Its name: `add`, `mul`, `mod`, `floordiv` or `ceildiv`.
    pub fn name(self) -> &'static str {
        match self {
            AffineOp::Add => "add",
            AffineOp::Mul => "mul",
            AffineOp::Mod => "mod",
            AffineOp::FloorDiv => "floordiv",
            AffineOp::CeilDiv => "ceildiv",
        }
    }

    /// The operation a name names.
    pub fn from_name(name: &str) -> Option<AffineOp> {
        [
            AffineOp::Add,
            AffineOp::Mul,
            AffineOp::Mod,
            AffineOp::FloorDiv,
            AffineOp::CeilDiv,
        ]
        .into_iter()
        .find(|op| op.name() == name)
    }
}

impl AffineExpr {
    /// The value of a constant expression.
    pub fn constant_value(&self) -> Option<i64> {
        match self {
            AffineExpr::Constant(c) => Some(*c),
            _ => None,
        }
    }

    /// `a mod b`; constants fold for a positive divisor.
    pub fn modulo(a: AffineExpr, b: AffineExpr) -> AffineExpr {
        match (a.constant_value(), b.constant_value()) {
            (Some(x), Some(y)) if y > 0 => AffineExpr::Constant(x - floor_div(x, y) * y),
            (_, Some(1)) => AffineExpr::Constant(0),
            (_, Some(k)) if k > 0 => {
                // A multiple of `k` is 0 mod `k`, and drops out of a sum.
                if a.scaled().1 % k == 0 {
                    return AffineExpr::Constant(0);
                }
                if let AffineExpr::Add(p, q) = &a {
                    if q.scaled().1 % k == 0 {
                        return AffineExpr::modulo((**p).clone(), b);
                    }
                }
                AffineExpr::Mod(Box::new(a), Box::new(b))
            }
            _ => AffineExpr::Mod(Box::new(a), Box::new(b)),
        }
    }

    /// `a floordiv b`; constants fold for a positive divisor.
    pub fn floor_div(a: AffineExpr, b: AffineExpr) -> AffineExpr {
        match (a.constant_value(), b.constant_value()) {
            (Some(x), Some(y)) if y > 0 => AffineExpr::Constant(floor_div(x, y)),
            (_, Some(1)) => a,
            (_, Some(k)) if k > 0 => {
                // `(x * c) floordiv k` is `x * (c / k)` when `k` divides `c`; a multiple of
                // `k` in a sum comes out of the division.
                let (x, c) = a.scaled();
                if c % k == 0 {
                    return x.clone() * AffineExpr::Constant(c / k);
                }
                if let AffineExpr::Add(p, q) = &a {
                    let (y, c) = q.scaled();
                    if c % k == 0 {
                        let y = y.clone();
                        return AffineExpr::floor_div((**p).clone(), b)
                            + y * AffineExpr::Constant(c / k);
                    }
                }
                AffineExpr::FloorDiv(Box::new(a), Box::new(b))
            }
            _ => AffineExpr::FloorDiv(Box::new(a), Box::new(b)),
        }
    }

    /// `a ceildiv b`; constants fold for a positive divisor.
    pub fn ceil_div(a: AffineExpr, b: AffineExpr) -> AffineExpr {
        match (a.constant_value(), b.constant_value()) {
            (Some(x), Some(y)) if y > 0 => AffineExpr::Constant(ceil_div(x, y)),
            (_, Some(1)) => a,
            (_, Some(k)) if k > 0 && a.scaled().1 % k == 0 => {
                let (x, c) = a.scaled();
                x.clone() * AffineExpr::Constant(c / k)
            }
            _ => AffineExpr::CeilDiv(Box::new(a), Box::new(b)),
        }
    }

    /// The expression with each dimension `d_i` replaced by `dims[i]` and each symbol
    /// `s_j` by `symbols[j]` (kept where no replacement is given), simplified again.
    pub fn replace(&self, dims: &[AffineExpr], symbols: &[AffineExpr]) -> AffineExpr {
        self.rebuild(&|e| match e {
            AffineExpr::Dim(i) => dims.get(*i as usize).cloned(),
            AffineExpr::Symbol(j) => symbols.get(*j as usize).cloned(),
            _ => None,
        })
    }

    /// The expression with every sub-expression equal to `from` replaced by `to`.
    pub fn replace_expr(&self, from: &AffineExpr, to: &AffineExpr) -> AffineExpr {
        self.rebuild(&|e| (e == from).then(|| to.clone()))
    }

    /// The expression rebuilt bottom-up with the simplifying constructors, a
    /// sub-expression replaced where `f` gives a replacement for it.
    fn rebuild(&self, f: &dyn Fn(&AffineExpr) -> Option<AffineExpr>) -> AffineExpr {
        if let Some(new) = f(self) {
            return new;
        }
        match self.as_binary() {
            Some((op, a, b)) => AffineExpr::binary(op, a.rebuild(f), b.rebuild(f)),
            None => self.clone(),
        }
    }

    /// `a op b`, simplified as MLIR simplifies it.
    pub fn binary(op: AffineOp, a: AffineExpr, b: AffineExpr) -> AffineExpr {
        match op {
            AffineOp::Add => a + b,
            AffineOp::Mul => a * b,
            AffineOp::Mod => AffineExpr::modulo(a, b),
            AffineOp::FloorDiv => AffineExpr::floor_div(a, b),
            AffineOp::CeilDiv => AffineExpr::ceil_div(a, b),
        }
    }

    /// A binary expression's operation and operands.
    pub fn as_binary(&self) -> Option<(AffineOp, &AffineExpr, &AffineExpr)> {
        let (op, a, b) = match self {
            AffineExpr::Add(a, b) => (AffineOp::Add, a, b),
            AffineExpr::Mul(a, b) => (AffineOp::Mul, a, b),
            AffineExpr::Mod(a, b) => (AffineOp::Mod, a, b),
            AffineExpr::FloorDiv(a, b) => (AffineOp::FloorDiv, a, b),
            AffineExpr::CeilDiv(a, b) => (AffineOp::CeilDiv, a, b),
            _ => return None,
        };
        Some((op, a, b))
    }

    /// The expression as `x * c`: its operands when it multiplies by a constant, else
    /// itself and 1.
    fn scaled(&self) -> (&AffineExpr, i64) {
        match self {
            AffineExpr::Mul(x, c) => match **c {
                AffineExpr::Constant(c) => (x, c),
                _ => (self, 1),
            },
            _ => (self, 1),
        }
    }

    /// Whether the expression uses no dimension.
    pub fn is_symbolic_or_constant(&self) -> bool {
        self.extent().0 == 0
    }

    /// Whether the expression uses symbol `j`.
    pub fn uses_symbol(&self, j: u32) -> bool {
        match (self, self.as_binary()) {
            (AffineExpr::Symbol(s), _) => *s == j,
            (_, Some((_, a, b))) => a.uses_symbol(j) || b.uses_symbol(j),
            _ => false,
        }
    }

    /// The largest dimension and symbol positions used, plus one.
    pub fn extent(&self) -> (u32, u32) {
        match (self, self.as_binary()) {
            (AffineExpr::Dim(i), _) => (i + 1, 0),
            (AffineExpr::Symbol(j), _) => (0, j + 1),
            (_, Some((_, a, b))) => {
                let (x, y) = (a.extent(), b.extent());
                (x.0.max(y.0), x.1.max(y.1))
            }
            _ => (0, 0),
        }
    }
}

/// `a + b`, simplified as MLIR simplifies it: constants folded and kept on the right.
impl std::ops::Add for AffineExpr {
    type Output = AffineExpr;

    fn add(self, b: AffineExpr) -> AffineExpr {
        let a = self;
        match (a.constant_value(), b.constant_value()) {
            (Some(x), Some(y)) => return AffineExpr::Constant(x.wrapping_add(y)),
            // Constants go to the right.
            (Some(_), None) => return b + a,
            (None, Some(0)) => return a,
            _ => {}
        }
        // A term of symbols and constants only goes to the right.
        if a.is_symbolic_or_constant() && !b.is_symbolic_or_constant() {
            return b + a;
        }
        // Like terms combine: `x * c1 + x * c2` is `x * (c1 + c2)`.
        let (x, c1) = a.scaled();
        let (y, c2) = b.scaled();
        if x == y {
            return x.clone() * AffineExpr::Constant(c1.wrapping_add(c2));
        }
        if let AffineExpr::Add(l, r) = &a {
            if let Some(c) = r.constant_value() {
                // (x + c1) + c2 = x + (c1 + c2); (x + c) + y = (x + y) + c.
                return match b.constant_value() {
                    Some(d) => (**l).clone() + AffineExpr::Constant(c.wrapping_add(d)),
                    None => ((**l).clone() + b) + AffineExpr::Constant(c),
                };
            }
        }
        AffineExpr::Add(Box::new(a), Box::new(b))
    }
}

/// `a * b`, simplified as MLIR simplifies it.
impl std::ops::Mul for AffineExpr {
    type Output = AffineExpr;

    fn mul(self, b: AffineExpr) -> AffineExpr {
        let a = self;
        match (a.constant_value(), b.constant_value()) {
            (Some(x), Some(y)) => return AffineExpr::Constant(x.wrapping_mul(y)),
            (Some(_), None) => return b * a,
            (None, Some(1)) => return a,
            (None, Some(0)) => return AffineExpr::Constant(0),
            _ => {}
        }
        if a.is_symbolic_or_constant() && !b.is_symbolic_or_constant() {
            return b * a;
        }
        if let (AffineExpr::Mul(l, r), Some(d)) = (&a, b.constant_value()) {
            if let Some(c) = r.constant_value() {
                return (**l).clone() * AffineExpr::Constant(c.wrapping_mul(d));
            }
        }
        AffineExpr::Mul(Box::new(a), Box::new(b))
    }
}

/// `-a`, as `a * -1`.
impl std::ops::Neg for AffineExpr {
    type Output = AffineExpr;

    fn neg(self) -> AffineExpr {
        self * AffineExpr::Constant(-1)
    }
}

/// `a - b`, as `a + b * -1`.
impl std::ops::Sub for AffineExpr {
    type Output = AffineExpr;

    fn sub(self, b: AffineExpr) -> AffineExpr {
        self + -b
    }
}

impl AffineMap {
    /// `(d0, ..., d{n-1}) -> (d0, ..., d{n-1})`.
    pub fn identity(n: u32) -> AffineMap {
        AffineMap {
            dims: n,
            symbols: 0,
            results: (0..n).map(AffineExpr::Dim).collect(),
        }
    }

    /// The identity on the last `results` of `dims` dimensions.
    pub fn minor_identity(dims: u32, results: u32) -> Option<AffineMap> {
        (results <= dims).then(|| AffineMap {
            dims,
            symbols: 0,
            results: (dims - results..dims).map(AffineExpr::Dim).collect(),
        })
    }

    /// `(d0, ...) -> (d_{p0}, d_{p1}, ...)` for a permutation `p` of `0..n`.
    pub fn permutation(p: &[u32]) -> Option<AffineMap> {
        let mut seen = vec![false; p.len()];
        for &i in p {
            let slot = seen.get_mut(i as usize)?;
            if *slot {
                return None;
            }
            *slot = true;
        }
        Some(AffineMap {
            dims: p.len() as u32,
            symbols: 0,
            results: p.iter().map(|&i| AffineExpr::Dim(i)).collect(),
        })
    }

    /// The results at `positions`.
    pub fn submap(&self, positions: &[usize]) -> Option<AffineMap> {
        let results = positions
            .iter()
            .map(|&p| self.results.get(p).cloned())
            .collect::<Option<Vec<_>>>()?;
        Some(AffineMap {
            dims: self.dims,
            symbols: self.symbols,
            results,
        })
    }

    /// The first `n` results.
    pub fn major_submap(&self, n: usize) -> Option<AffineMap> {
        (n <= self.results.len()).then(|| self.submap(&(0..n).collect::<Vec<_>>()))?
    }

    /// The last `n` results.
    pub fn minor_submap(&self, n: usize) -> Option<AffineMap> {
        let len = self.results.len();
        (n <= len).then(|| self.submap(&(len - n..len).collect::<Vec<_>>()))?
    }

    /// Whether every result is a distinct dimension (and there are no symbols).
    pub fn is_projected_permutation(&self) -> bool {
        if self.symbols > 0 {
            return false;
        }
        let mut seen = vec![false; self.dims as usize];
        self.results.iter().all(|r| match r {
            AffineExpr::Dim(i) => !std::mem::replace(&mut seen[*i as usize], true),
            _ => false,
        })
    }

    /// A projected permutation of all its dimensions.
    pub fn is_permutation(&self) -> bool {
        self.results.len() == self.dims as usize && self.is_projected_permutation()
    }

    /// Every result with `from` replaced by `to`, in a map of `dims` dimensions and
    /// `symbols` symbols.
    pub fn replace(
        &self,
        from: &AffineExpr,
        to: &AffineExpr,
        dims: u32,
        symbols: u32,
    ) -> AffineMap {
        AffineMap {
            dims,
            symbols,
            results: self
                .results
                .iter()
                .map(|r| r.replace_expr(from, to))
                .collect(),
        }
    }

    /// The maps with the symbols none of them uses removed and the rest renumbered.
    pub fn compress_unused_symbols(maps: &[AffineMap]) -> Vec<AffineMap> {
        let n = maps.iter().map(|m| m.symbols).max().unwrap_or(0);
        let used: Vec<u32> = (0..n)
            .filter(|&j| {
                maps.iter()
                    .any(|m| m.results.iter().any(|r| r.uses_symbol(j)))
            })
            .collect();
        let renumbered: Vec<AffineExpr> = (0..n)
            .map(|j| match used.iter().position(|&u| u == j) {
                Some(k) => AffineExpr::Symbol(k as u32),
                None => AffineExpr::Symbol(j),
            })
            .collect();
        maps.iter()
            .map(|m| AffineMap {
                dims: m.dims,
                symbols: used.len() as u32,
                results: m
                    .results
                    .iter()
                    .map(|r| r.replace(&[], &renumbered))
                    .collect(),
            })
            .collect()
    }
}

/// `(d0, ...)[s0, ...] : (e0 == 0, e1 >= 0, ...)`: the points where every constraint holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntegerSet {
    /// The number of dimensions.
    pub dims: u32,
    /// The number of symbols.
    pub symbols: u32,
    /// Each constraint's expression, and whether it is an equality (`== 0`) rather than an
    /// inequality (`>= 0`).
    pub constraints: Vec<(AffineExpr, bool)>,
}

impl IntegerSet {
    /// The canonical empty set, `1 == 0`.
    pub fn empty(dims: u32, symbols: u32) -> IntegerSet {
        IntegerSet {
            dims,
            symbols,
            constraints: vec![(AffineExpr::Constant(1), true)],
        }
    }

    /// The set with its dimensions and symbols replaced by expressions, in a space of
    /// `dims` dimensions and `symbols` symbols.
    pub fn replaced(
        &self,
        dim_exprs: &[AffineExpr],
        symbol_exprs: &[AffineExpr],
        dims: u32,
        symbols: u32,
    ) -> IntegerSet {
        IntegerSet {
            dims,
            symbols,
            constraints: self
                .constraints
                .iter()
                .map(|(e, eq)| (e.replace(dim_exprs, symbol_exprs), *eq))
                .collect(),
        }
    }
}

impl std::fmt::Display for IntegerSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let head = AffineMap {
            dims: self.dims,
            symbols: self.symbols,
            results: Vec::new(),
        }
        .to_string();
        // The map's `(dims)[symbols]`, without its ` -> ()`.
        f.write_str(head.trim_end_matches(" -> ()"))?;
        f.write_str(" : (")?;
        for (i, (e, eq)) in self.constraints.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{e} {} 0", if *eq { "==" } else { ">=" })?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_expressions_print_as_mlir_builds_them() {
        let d = AffineExpr::Dim;
        let s = AffineExpr::Symbol;
        let c = AffineExpr::Constant;
        assert_eq!((c(2) + d(1)).to_string(), "d1 + 2");
        assert_eq!((c(42) - d(1)).to_string(), "-d1 + 42");
        assert_eq!((d(1) - d(2)).to_string(), "d1 - d2");
        assert_eq!((c(2) * d(1)).to_string(), "d1 * 2");
        assert_eq!(AffineExpr::modulo(c(7), c(-3)).to_string(), "7 mod -3");
        assert_eq!(AffineExpr::floor_div(c(-7), c(2)).to_string(), "-4");
        let e = (d(0) + s(1)) + s(2);
        let m = AffineMap {
            dims: 3,
            symbols: 3,
            results: vec![e],
        };
        let r = m.replace(&s(1), &c(42), 3, 3);
        assert_eq!(r.to_string(), "(d0, d1, d2)[s0, s1, s2] -> (d0 + s2 + 42)");
        assert!(AffineMap::permutation(&[1, 0, 1]).is_none());
        assert_eq!((s(0) - d(0)).to_string(), "-d0 + s0");
        let set = IntegerSet {
            dims: 2,
            symbols: 1,
            constraints: vec![(d(0) - d(1), true), (s(0) - c(42), false)],
        };
        assert_eq!(
            set.to_string(),
            "(d0, d1)[s0] : (d0 - d1 == 0, s0 - 42 >= 0)"
        );
        assert_eq!(IntegerSet::empty(1, 1).to_string(), "(d0)[s0] : (1 == 0)");
    }

    /// A random affine expression of `d0`, `d1`, `s0` and small constants: products by a
    /// constant, divisions by a positive constant, as the grammar allows.
    #[derive(Clone, Debug)]
    struct Random(AffineExpr);

    impl quickcheck::Arbitrary for Random {
        fn arbitrary(g: &mut quickcheck::Gen) -> Random {
            fn build(g: &mut quickcheck::Gen, depth: u32) -> AffineExpr {
                let pick = u8::arbitrary(g) % 8;
                if depth == 0 || pick < 2 {
                    return match u8::arbitrary(g) % 4 {
                        0 => AffineExpr::Dim(0),
                        1 => AffineExpr::Dim(1),
                        2 => AffineExpr::Symbol(0),
                        _ => AffineExpr::Constant(i64::from(i8::arbitrary(g) % 6)),
                    };
                }
                let a = Box::new(build(g, depth - 1));
                let k = Box::new(AffineExpr::Constant(i64::from(u8::arbitrary(g) % 5) + 1));
                match pick {
                    2 => AffineExpr::Add(a, Box::new(build(g, depth - 1))),
                    3 => AffineExpr::Mul(
                        a,
                        Box::new(AffineExpr::Constant(i64::from(i8::arbitrary(g) % 5))),
                    ),
                    4 => AffineExpr::Mod(a, k),
                    5 => AffineExpr::FloorDiv(a, k),
                    6 => AffineExpr::CeilDiv(a, k),
                    _ => AffineExpr::Mul(a, Box::new(AffineExpr::Constant(-1))),
                }
            }
            Random(build(g, 4))
        }
    }

    /// The value of an expression at `d0`, `d1`, `s0`.
    fn value(e: &AffineExpr, at: [i64; 3]) -> i64 {
        let two = |a: &AffineExpr, b: &AffineExpr| (value(a, at), value(b, at));
        match e {
            AffineExpr::Dim(i) => at[*i as usize],
            AffineExpr::Symbol(_) => at[2],
            AffineExpr::Constant(c) => *c,
            AffineExpr::Add(a, b) => {
                let (x, y) = two(a, b);
                x + y
            }
            AffineExpr::Mul(a, b) => {
                let (x, y) = two(a, b);
                x * y
            }
            AffineExpr::Mod(a, b) => {
                let (x, y) = two(a, b);
                x.rem_euclid(y)
            }
            AffineExpr::FloorDiv(a, b) => {
                let (x, y) = two(a, b);
                floor_div(x, y)
            }
            AffineExpr::CeilDiv(a, b) => {
                let (x, y) = two(a, b);
                ceil_div(x, y)
            }
        }
    }

    /// The expression rebuilt with the simplifying constructors.
    fn simplified(e: &AffineExpr) -> AffineExpr {
        e.replace(
            &[AffineExpr::Dim(0), AffineExpr::Dim(1)],
            &[AffineExpr::Symbol(0)],
        )
    }

    quickcheck::quickcheck! {
        /// Simplifying never changes an expression's value, and its printed form reads back
        /// as an expression of the same value.
        fn simplification_keeps_the_value_and_the_text_reads_back(e: Random, points: Vec<(i8, i8, i8)>) -> bool {
            let s = simplified(&e.0);
            let same = points.iter().all(|&(a, b, c)| {
                let at = [i64::from(a), i64::from(b), i64::from(c)];
                value(&e.0, at) == value(&s, at)
            });
            // The text reads back to an expression of the same value, whose own text reads
            // back unchanged. (A sum prints without its grouping, as MLIR's does, and reads
            // back grouped to the left, which may simplify further once.)
            let read = |text: &str| match crate::generic::parse_attribute(text) {
                Ok(crate::generic::Attribute::AffineMap(m)) => Some(m),
                _ => None,
            };
            let map = AffineMap { dims: 2, symbols: 1, results: vec![s.clone()] };
            let back = match read(&format!("affine_map<{map}>")) {
                Some(m) => {
                    let text = format!("affine_map<{m}>");
                    read(&text).is_some_and(|again| format!("affine_map<{again}>") == text)
                        && points.iter().all(|&(a, b, c)| {
                            let at = [i64::from(a), i64::from(b), i64::from(c)];
                            value(&m.results[0], at) == value(&s, at)
                        })
                }
                None => false,
            };
            same && back
        }
    }
}
