//! Encoding a verified function into the e-graph.
//!
//! Pure values become shared e-nodes. Side-effecting operations (calls, memory, unknown
//! ops, terminators) form the *skeleton*: each is an e-node whose first child is the state
//! after the previous skeleton op of its block (`(block.start B)` for the first), so two
//! identical loads at different points stay distinct classes and every rule that rewrites a
//! skeleton op keeps its place in the order. A single-result op's class is its value;
//! results of multi-result ops are `(result T OP I)` projections. Types are terms.
//!
//! The vocabulary emitted here is declared in `rules/source.rules`; a missing or
//! mismatched declaration is reported at the operation that needs it.

use crate::egraph::analysis::{Analysis, OpTable};
use crate::egraph::conventions::Conventions;
use crate::egraph::node::{Children, Node};
use crate::egraph::term::{unnamed_int_width, INT_TYPE};
use egg::{EGraph, Id, Symbol};
use kiln_frontend::builder::float_value;
use kiln_frontend::ir::{Function, Literal, OpKind, Successor, ValueId};
use kiln_frontend::types::{Extent, Layout, Scalar, Type};
use kiln_frontend::{Diagnostic, Span};
use smallvec::smallvec;

mod operation;

/// The e-classes extraction starts from, in program order.
#[derive(Clone, Debug)]
pub struct Roots {
    /// `(func.sig PARAMS RESULTS)`.
    pub signature: Id,
    /// Each block's roots, in the function's block order.
    pub blocks: Vec<BlockRoots>,
}

/// The roots of one block.
#[derive(Clone, Debug)]
pub struct BlockRoots {
    /// `(block.params B TYPES)`; `None` for the entry block (its arguments are the
    /// function's parameters).
    pub params: Option<Id>,
    /// The skeleton, terminator last.
    pub skeleton: Vec<Id>,
}

/// A source operation's class and where it was written (for "no rule lowers" errors).
#[derive(Clone, Debug)]
pub struct Origin {
    /// The class the operation was encoded as.
    pub class: Id,
    /// The operation's name as encoded (`arith.addi`), interned: a function of 10^5
    /// operations would otherwise hold as many copies of a few names.
    pub op: &'static str,
    /// Where the operation is, relative to the function's text.
    pub span: Span,
    /// Its place among the function's operations ([`kiln_lowered::Inst::source`]), or
    /// `Inst::NO_SOURCE` for what no operation encodes (signatures, block parameters).
    pub source: u32,
}

/// A function as encoded: what extraction starts from and what errors point back to.
pub struct Encoded {
    /// The classes extraction starts from.
    pub roots: Roots,
    /// Each encoded operation's class and span, in encoding order.
    pub origins: Vec<Origin>,
    /// What the encoder could not encode: operations the rules do not declare, or declare
    /// with other operands (`lower.undeclared`).
    pub diagnostics: Vec<Diagnostic>,
    /// For a function with parameter or result attributes, the signatures whose lowering
    /// says where they land (`attrs.rs`); empty otherwise.
    pub attr_signatures: Vec<AttrSignature>,
}

/// The terms that say where a signature's attributes land once lowered: the whole
/// signature and each parameter's alone (`(func.sig [T] nil)`), under the same
/// convention. A parameter that lowers to one LLVM parameter keeps its attributes, as in
/// MLIR; the lowering rules stay the only place that knows how a type is passed.
#[derive(Clone, Debug)]
pub struct AttrSignature {
    /// `None` for the function lowered itself; else the function it declares and calls
    /// (a forwarding body's C wrapper).
    pub callee: Option<String>,
    /// The whole signature.
    pub whole: Id,
    /// Each parameter's signature alone, in order.
    pub params: Vec<Id>,
}

/// Where the encoder puts the nodes it makes: the e-graph, or a [`OpNames`] that only
/// notes which operations occur (what slicing needs, at a fraction of the e-graph's cost).
pub trait Store {
    /// Adds a node and returns its class (a fresh id, for a store that does not share).
    fn add(&mut self, node: Node) -> Id;
}

impl Store for EGraph<Node, Analysis> {
    fn add(&mut self, node: Node) -> Id {
        EGraph::add(self, node)
    }
}

/// The names of the operations an encoding adds, without the e-graph: each node gets a
/// fresh id (no hash-consing and no analysis), which changes nothing the encoder decides,
/// since it only ever adds nodes and passes their ids on.
#[derive(Debug, Default)]
pub struct OpNames {
    /// The name of every operation node added.
    pub ops: rustc_hash::FxHashSet<Symbol>,
    nodes: usize,
}

impl Store for OpNames {
    fn add(&mut self, node: Node) -> Id {
        if let Node::Op(op, _) = node {
            self.ops.insert(op);
        }
        self.nodes += 1;
        Id::from(self.nodes - 1)
    }
}

struct Encoder<'a, S: Store> {
    egraph: &'a mut S,
    ops: &'a OpTable,
    conventions: &'a Conventions,
    values: Vec<Option<Id>>,
    origins: Vec<Origin>,
    diagnostics: Vec<Diagnostic>,
    span: Span,
    /// The place of the operation being encoded among the function's operations.
    source: u32,
    /// The classes of the types encoded so far (a function uses a few types over and over;
    /// each encoding adds the same nodes again, which the e-graph finds, at 1.1 K
    /// instructions for a memref type). At most [`TYPES_KEPT`] are kept.
    types_seen: Vec<(Type, Id)>,
}

/// How many types an [`Encoder`] keeps the classes of (a linear search: a function uses few).
const TYPES_KEPT: usize = 16;

/// Which function lowering builds from a source function: the function itself, or one of
/// the C interface wrappers MLIR makes for `llvm.emit_c_interface`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The function itself.
    #[default]
    Function,
    /// Its C-compatible wrapper: one block whose only root is
    /// `(ciface.call START @f PARAMS RESULTS)`, signature `(ciface.sig PARAMS RESULTS)`.
    CWrapper,
    /// A body for an external function that forwards to its C-compatible wrapper: one
    /// block whose only root is `(ciface.forward START @f PARAMS RESULTS)`.
    CForwarder,
}

/// The name of a function's C-compatible wrapper (MLIR's spelling; `c_interface.rules`
/// calls an external function's wrapper by the same name).
pub const C_WRAPPER_PREFIX: &str = "_mlir_ciface_";

/// Whether any parameter or result of `f` has attributes.
fn has_attrs(f: &Function) -> bool {
    f.arg_attrs
        .iter()
        .chain(&f.result_attrs)
        .any(|a| !a.is_empty())
}

/// Adds the given variant of `f` to the e-graph and returns its roots. The wrapper variants
/// have one block with one root: the rules build their bodies.
pub fn encode_variant<S: Store>(
    egraph: &mut S,
    ops: &OpTable,
    f: &Function,
    variant: Variant,
    conventions: &Conventions,
) -> Encoded {
    let mut enc = Encoder {
        egraph,
        ops,
        conventions,
        values: Vec::new(),
        origins: Vec::new(),
        diagnostics: Vec::new(),
        span: f.name_span,
        source: kiln_lowered::Inst::NO_SOURCE,
        types_seen: Vec::new(),
    };
    let params = enc.types(&f.ty.inputs);
    let results = enc.types(&f.ty.results);
    if variant != Variant::Function {
        let (sig, root) = match variant {
            Variant::CWrapper => ("ciface.sig", "ciface.call"),
            _ => ("func.sig", "ciface.forward"),
        };
        let signature = enc.op(sig, smallvec![params, results]);
        enc.origin(signature, sig);
        let b0 = enc.int(0);
        let start = enc.op("block.start", smallvec![b0]);
        let callee = enc.egraph.add(Node::Func(Symbol::from(f.name.as_str())));
        let id = enc.op(root, smallvec![start, callee, params, results]);
        enc.origin(id, root);
        let mut attr_signatures = Vec::new();
        if has_attrs(f) {
            attr_signatures.push(enc.attr_signature(None, sig, signature, &f.ty.inputs));
            if variant == Variant::CForwarder {
                let whole = enc.op("ciface.sig", smallvec![params, results]);
                let name = format!("{C_WRAPPER_PREFIX}{}", f.name);
                attr_signatures.push(enc.attr_signature(
                    Some(name),
                    "ciface.sig",
                    whole,
                    &f.ty.inputs,
                ));
            }
        }
        return Encoded {
            attr_signatures,
            roots: Roots {
                signature,
                blocks: vec![BlockRoots {
                    params: None,
                    skeleton: vec![id],
                }],
            },
            origins: enc.origins,
            diagnostics: enc.diagnostics,
        };
    }
    // A function of another convention is encoded with that convention's boundary
    // operations (conventions.rs); its rule file lowers them.
    let convention = conventions.of_function(f);
    let marked = |base: &str| match convention {
        Some(c) => format!("{base}.{c}"),
        None => base.to_string(),
    };
    enc.diagnostics.extend(conventions.check(f));
    let sig = marked("func.sig");
    let signature = enc.op(&sig, smallvec![params, results]);
    enc.origin(signature, &sig);
    let attr_signatures = if has_attrs(f) {
        vec![enc.attr_signature(None, &sig, signature, &f.ty.inputs)]
    } else {
        Vec::new()
    };
    let mut blocks = Vec::new();
    if let Some(body) = &f.body {
        enc.values = vec![None; body.values.len()];
        // Block arguments first: a branch may name a block that comes later.
        let mut block_params = Vec::new();
        for (b, block) in body.blocks.iter().enumerate() {
            enc.span = block.span;
            enc.source = kiln_lowered::Inst::NO_SOURCE;
            for (i, v) in block.args.iter().enumerate() {
                let ty = enc.ty(body.ty(*v));
                let id = if b == 0 {
                    // The parameter list travels with each argument so rules can compute
                    // where it lands once memrefs expand into several LLVM parameters.
                    let i = enc.int(i as i64);
                    enc.op(&marked("func.arg"), smallvec![ty, i, params])
                } else {
                    let (bb, ii) = (enc.int(b as i64), enc.int(i as i64));
                    enc.op("block.arg", smallvec![ty, bb, ii])
                };
                enc.values[v.index()] = Some(id);
            }
            block_params.push(if b == 0 {
                None
            } else {
                let tys: Vec<Type> = block.args.iter().map(|v| body.ty(*v).clone()).collect();
                let tys = enc.types(&tys);
                let bb = enc.int(b as i64);
                let id = enc.op("block.params", smallvec![bb, tys]);
                enc.origin(id, "block.params");
                Some(id)
            });
        }
        let mut source = 0u32;
        for (b, block) in body.blocks.iter().enumerate() {
            let bb = enc.int(b as i64);
            let mut state = enc.op("block.start", smallvec![bb]);
            let mut skeleton = Vec::new();
            for op in &block.ops {
                enc.span = op.span;
                enc.source = source;
                source += 1;
                if let Some(id) = enc.operation(op, body, state, convention) {
                    skeleton.push(id);
                    state = id;
                }
            }
            blocks.push(BlockRoots {
                params: block_params[b],
                skeleton,
            });
        }
    }
    Encoded {
        roots: Roots { signature, blocks },
        origins: enc.origins,
        diagnostics: enc.diagnostics,
        attr_signatures,
    }
}

impl<S: Store> Encoder<'_, S> {
    /// Adds a declared operation, reporting (once per op name) a missing or mismatched
    /// declaration at the operation being encoded.
    fn op(&mut self, name: &str, children: impl Into<Children>) -> Id {
        let children = children.into();
        let sym = crate::egraph::node::intern(name);
        match self.ops.get(sym) {
            None => self.missing(
                name,
                format!(
                    "the rules do not declare `{name}`, which kiln uses to encode this operation"
                ),
            ),
            Some(info)
                if info.children.len() != children.len()
                    && !(info.flags && info.children.len() + 1 == children.len()) =>
            {
                self.missing(
                    name,
                    format!(
                        "the rules declare `{name}` with {} operands, but kiln encodes it with {}",
                        info.children.len(),
                        children.len()
                    ),
                )
            }
            Some(_) => {}
        }
        self.egraph.add(Node::Op(sym, children))
    }

    fn missing(&mut self, name: &str, message: String) {
        if self
            .diagnostics
            .iter()
            .any(|d| d.code == "lower.undeclared" && d.message.contains(&format!("`{name}`")))
        {
            return;
        }
        self.diagnostics.push(
            Diagnostic::error("lower.undeclared", self.span, message)
                .with_note("the source vocabulary is listed in rules/README.md"),
        );
    }

    fn origin(&mut self, class: Id, op: &str) {
        self.origins.push(Origin {
            class,
            op: crate::egraph::node::text(crate::egraph::node::intern(op)),
            span: self.span,
            source: self.source,
        });
    }

    fn int(&mut self, i: i64) -> Id {
        self.egraph.add(Node::Int(i))
    }

    /// An integer literal of up to 128 bits: a number, or beyond 64 bits
    /// `(llvm.wide HIGH LOW)`, its halves (what `Operand::as_wide_int` reads back).
    fn wide_int(&mut self, v: i128) -> Id {
        match i64::try_from(v) {
            Ok(v) => self.int(v),
            Err(_) => {
                let high = self.int((v >> 64) as i64);
                let low = self.int(v as i64);
                self.op("llvm.wide", smallvec![high, low])
            }
        }
    }

    fn atom(&mut self, name: &str) -> Id {
        self.op(name, Children::new())
    }

    fn list(&mut self, items: Vec<Id>) -> Id {
        let mut acc = self.atom("nil");
        for i in items.into_iter().rev() {
            acc = self.op("cons", smallvec![i, acc]);
        }
        acc
    }

    fn extent(&mut self, e: Extent) -> Id {
        match e {
            Some(n) => self.int(n),
            None => self.atom("dyn"),
        }
    }

    fn extents(&mut self, es: &[Extent]) -> Id {
        let ids = es.iter().map(|e| self.extent(*e)).collect();
        self.list(ids)
    }

    fn ty(&mut self, t: &Type) -> Id {
        if let Some((_, id)) = self.types_seen.iter().find(|(seen, _)| seen == t) {
            return *id;
        }
        let id = self.ty_uncached(t);
        if self.types_seen.len() < TYPES_KEPT {
            self.types_seen.push((t.clone(), id));
        }
        id
    }

    /// `(llvm.sig R [PARAMS])` of an LLVM function type (`R` is `void` for none).
    fn llvm_signature(&mut self, sig: &kiln_frontend::llvm_types::LlvmFuncType) -> Id {
        let r = match &sig.result {
            Some(t) => self.llvm_type(t),
            None => self.atom("void"),
        };
        let params: Vec<Id> = sig.params.iter().map(|p| self.llvm_type(p)).collect();
        let params = self.list(params);
        self.op("llvm.sig", smallvec![r, params])
    }

    /// An LLVM type's term: a scalar's, `ptr`, `(llvm.array N T)`, `(llvm.struct [T...])`.
    fn llvm_type(&mut self, t: &kiln_frontend::llvm_types::LlvmType) -> Id {
        use kiln_frontend::llvm_types::LlvmType as L;
        match t {
            L::Scalar(s) => self.scalar(*s),
            L::Ptr => self.atom("ptr"),
            L::Array(n, e) => {
                let n = self.int(*n as i64);
                let e = self.llvm_type(e);
                self.op("llvm.array", smallvec![n, e])
            }
            L::Struct(fields) => {
                let fs: Vec<Id> = fields.iter().map(|f| self.llvm_type(f)).collect();
                let fs = self.list(fs);
                self.op("llvm.struct", smallvec![fs])
            }
        }
    }

    fn ty_uncached(&mut self, t: &Type) -> Id {
        match t {
            Type::Scalar(s) => self.scalar(*s),
            Type::Ptr => self.atom("ptr"),
            // An aggregate is the LLVM type it names, a target type already.
            Type::Aggregate(a) => self.llvm_type(a),
            // (fn INPUTS RESULTS)
            Type::Function(ft) => {
                let inputs = self.types(&ft.inputs);
                let results = self.types(&ft.results);
                self.op("fn", smallvec![inputs, results])
            }
            Type::UnrankedMemRef(e) => {
                let e = self.scalar(*e);
                self.op("memref.unranked", smallvec![e])
            }
            Type::MemRef(m) => {
                let shape = self.extents(&m.shape);
                let elem = self.scalar(m.elem);
                let layout = match &m.layout {
                    Layout::Identity => self.atom("identity"),
                    Layout::Strided { strides, offset } => {
                        let s = self.extents(strides);
                        let o = self.extent(*offset);
                        self.op("strided", smallvec![s, o])
                    }
                };
                self.op("memref", smallvec![shape, elem, layout])
            }
        }
    }

    /// A scalar type's term, as [`Term::of_scalar`] makes it.
    fn scalar(&mut self, s: Scalar) -> Id {
        match unnamed_int_width(s) {
            Some(b) => {
                let width = self.int(b);
                self.op(INT_TYPE, smallvec![width])
            }
            None => self.atom(s.name()),
        }
    }

    fn types(&mut self, ts: &[Type]) -> Id {
        let ids = ts.iter().map(|t| self.ty(t)).collect();
        self.list(ids)
    }

    /// The signature `whole` (made with `sig`) and one `(sig [T] nil)` per parameter.
    fn attr_signature(
        &mut self,
        callee: Option<String>,
        sig: &str,
        whole: Id,
        inputs: &[Type],
    ) -> AttrSignature {
        let none = self.types(&[]);
        let params = inputs
            .iter()
            .map(|t| {
                let one = self.types(std::slice::from_ref(t));
                self.op(sig, smallvec![one, none])
            })
            .collect();
        AttrSignature {
            callee,
            whole,
            params,
        }
    }

    fn value(&mut self, v: ValueId) -> Id {
        match self.values.get(v.index()).copied().flatten() {
            Some(id) => id,
            None => {
                // The verifier guarantees definitions dominate uses; this is defensive.
                self.diagnostics.push(Diagnostic::error(
                    "lower.internal",
                    self.span,
                    "operand used before its definition",
                ));
                self.atom("nil")
            }
        }
    }

    fn values(&mut self, vs: &[ValueId]) -> Id {
        let ids = vs.iter().map(|v| self.value(*v)).collect();
        self.list(ids)
    }

    fn successor(&mut self, s: &Successor) -> Id {
        let b = self.int(s.block.index() as i64);
        let args = self.values(&s.args);
        self.op("succ", smallvec![b, args])
    }

    fn set_results(
        &mut self,
        name: &str,
        op_class: Id,
        results: &[ValueId],
        body: &kiln_frontend::ir::Body,
    ) {
        let typed = self
            .ops
            .get(crate::egraph::node::intern(name))
            .is_some_and(|d| d.type_child().is_some());
        match results {
            [] => {}
            [r] if typed => self.values[r.index()] = Some(op_class),
            // Results of an op that does not carry its result type (a call) are typed
            // projections, so guards can ask `(type ?v)` of every value.
            many => {
                for (i, r) in many.iter().enumerate() {
                    let t = self.ty(body.ty(*r));
                    let ii = self.int(i as i64);
                    let id = self.op("result", smallvec![t, op_class, ii]);
                    self.values[r.index()] = Some(id);
                }
            }
        }
    }

    /// `(arith.constant index N)`.
    fn index_constant(&mut self, n: i64) -> Id {
        let ty = self.ty(&Type::INDEX);
        let n = self.int(n);
        self.op("arith.constant", smallvec![ty, n])
    }

    /// A view operation's entries as `index` values: a constant where the operation states
    /// the number, else the next of its dynamic operands (`nil` if there is none left).
    fn index_entries(
        &mut self,
        entries: &[Extent],
        dynamic: &mut impl Iterator<Item = Id>,
    ) -> Vec<Id> {
        entries
            .iter()
            .map(|e| match e {
                Some(n) => self.index_constant(*n),
                None => dynamic.next().unwrap_or_else(|| self.atom("nil")),
            })
            .collect()
    }

    /// `memref.reshape` as (memref.reshape T SOURCE SHAPE SIZES STRIDES), the sizes and
    /// natural strides of the result as `index` values; where a size is dynamic it is read
    /// from the shape operand, in order after the effects before the operation
    /// ((memref.load STATE T SHAPE [k]), cast to `index`), and the operation is the effect
    /// (memref.reshape.loaded STATE T SOURCE SHAPE SIZES STRIDES) after those reads.
    fn reshape(
        &mut self,
        op: &kiln_frontend::ir::Op,
        body: &kiln_frontend::ir::Body,
        state: Id,
        name: &str,
        t: Id,
        operands: &[Id],
    ) -> (Id, bool) {
        let result = op.results.first().map(|r| body.ty(*r).clone());
        let (src, shape) = (operands[0], operands[1]);
        let Some(Type::MemRef(m)) = result else {
            let nil = self.atom("nil");
            return (self.op(name, smallvec![t, src, shape, nil, nil]), false);
        };
        let shape_elem = body.ty(op.operands[1]).element().unwrap_or(Scalar::Index);
        let mut st = state;
        let mut sizes = Vec::new();
        for (k, d) in m.shape.iter().enumerate() {
            sizes.push(match d {
                Some(n) => self.index_constant(*n),
                None => {
                    let k = self.index_constant(k as i64);
                    let at = self.list(vec![k]);
                    let et = self.ty(&Type::Scalar(shape_elem));
                    st = self.op("memref.load", smallvec![st, et, shape, at]);
                    if shape_elem == Scalar::Index {
                        st
                    } else {
                        let index = self.ty(&Type::INDEX);
                        self.op("arith.index_cast", smallvec![index, st])
                    }
                }
            });
        }
        let index = self.ty(&Type::INDEX);
        let mut acc = self.index_constant(1);
        let mut strides = vec![acc; sizes.len()];
        for k in (0..sizes.len()).rev() {
            strides[k] = acc;
            acc = self.op("arith.muli", smallvec![index, acc, sizes[k]]);
        }
        let (sizes, strides) = (self.list(sizes), self.list(strides));
        if st == state {
            (
                self.op(name, smallvec![t, src, shape, sizes, strides]),
                false,
            )
        } else {
            let loaded = smallvec![st, t, src, shape, sizes, strides];
            (self.op("memref.reshape.loaded", loaded), true)
        }
    }
}
