//! Elaboration: from the extracted e-graph back to an ordered function.
//!
//! Blocks are visited in dominator-tree preorder. In each block the skeleton roots are
//! emitted in order; a root's operands are elaborated first, depth-first, so a pure node is
//! placed right before its first use. Each placed node is memoized in the scope of its
//! block, and a block sees the scopes of its dominators only, so a value is shared exactly
//! where its definition dominates the use (GVN over the e-graph) and never hoisted past a
//! branch. `State` operands are elaborated (which emits the effects they name, in order)
//! and then dropped: they order effects but are not LLVM operands.

use crate::egraph::analysis::OpTable;
use crate::egraph::encode::Roots;
use crate::egraph::extract::{Extraction, Graph};
use crate::egraph::node::{text, Node};
use crate::lowered::{Inst, Lowered, LoweredBlock, Operand, TargetOp, ValueRef};
use crate::rule::ruleset::Sort;
use egg::Id;
use kiln_frontend::dominance::Dominators;
use kiln_frontend::ir::{BlockId, Function};
use std::borrow::Cow;

/// The operands placed in the blocks that dominate the current one, as one table by class
/// id with an undo list per dominator-tree level (a scoped map, as Cranelift's elaborator
/// keeps): a lookup is one read however deep the block sits, so a chain of 100,000 blocks,
/// each dominating the next, does not look through 100,000 scopes per operand. A class is
/// placed only where no dominating block has it, so nothing is ever shadowed. A table, not
/// a hash map: a function's classes are numbered densely, and elaboration reads them
/// nearly in order (a hash map placed each class at random, a miss per lookup once a large
/// function's map outgrew the caches).
struct Scopes {
    /// Per class id, where its operand is in `operands` (`NOT_PLACED` for none): four bytes
    /// per class, set and dropped at the cost of a `memset`, so that a small function pays
    /// no more for the table than a hash map cost it.
    placed: Vec<u32>,
    /// Every operand placed, in order; one forgotten by [`Scopes::truncate`] stays until
    /// the function is elaborated.
    operands: Vec<Operand>,
    levels: Vec<Vec<Id>>,
}

const NOT_PLACED: u32 = u32::MAX;

impl Scopes {
    /// Scopes for the classes of ids below `bound`.
    fn new(bound: usize) -> Scopes {
        Scopes {
            placed: vec![NOT_PLACED; bound],
            operands: Vec::new(),
            levels: Vec::new(),
        }
    }

    /// Leaves every level below `depth`, forgetting what they placed.
    fn truncate(&mut self, depth: usize) {
        while self.levels.len() > depth {
            for id in self.levels.pop().unwrap_or_default() {
                self.placed[usize::from(id)] = NOT_PLACED;
            }
        }
    }

    fn push(&mut self) {
        self.levels.push(Vec::new());
    }

    fn get(&self, id: Id) -> Option<&Operand> {
        match self.placed.get(usize::from(id)) {
            Some(&at) if at != NOT_PLACED => self.operands.get(at as usize),
            _ => None,
        }
    }

    fn insert(&mut self, id: Id, operand: Operand) {
        if let Some(level) = self.levels.last_mut() {
            let i = usize::from(id);
            if i >= self.placed.len() {
                self.placed.resize(i + 1, NOT_PLACED);
            }
            level.push(id);
            self.placed[i] = self.operands.len() as u32;
            self.operands.push(operand);
        }
    }
}

struct Elaborator<'a, 'g> {
    egraph: &'g Graph,
    extractor: &'a Extraction<'g>,
    ops: &'a OpTable,
    scopes: Scopes,
    /// Classes being elaborated (on the work stack), to report a cycle: a flag per class
    /// id. A chain of a million operations has a million classes on the stack at once,
    /// and removing them one by one from a hash set would cost 2% of its lowering, 97 times
    /// what it costs a tenth of the chain.
    active: Vec<bool>,
    insts: Vec<Inst>,
    next: ValueRef,
}

/// One class being elaborated: its chosen node's children are elaborated one by one (the
/// explicit work stack that replaces recursion, as Cranelift's e-graph elaborator does, so a deep
/// term needs heap, not a thread with a large stack).
struct Frame<'a, 'g> {
    id: Id,
    kind: FrameKind<'a>,
    children: Cow<'g, [Id]>,
    done: Vec<Operand>,
}

enum FrameKind<'a> {
    /// A list: the heads of its `cons` cells, walked at once down to `nil` (a cell at a
    /// time, each cell's list copied from its tail's, made a list of N items cost N^2 / 2).
    List,
    /// A declared target operation with its children's sorts.
    Op(TargetOp, Sort, &'a [Sort]),
}

/// What entering a class gives: its operand at once (a leaf, or already placed in a
/// dominating scope), or a frame whose children must be elaborated first.
enum Entered<'a, 'g> {
    Done(Operand),
    Frame(Frame<'a, 'g>),
}

/// Operand nesting elaboration follows before giving up: a bound on the work stack's
/// memory for a runaway term, not on any thread's stack.
pub const MAX_DEPTH: usize = 10_000_000;

/// A problem elaboration cannot get past (the rules produced something inconsistent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElaborationError(pub String);

/// Builds the lowered function from extracted roots.
pub fn elaborate(
    egraph: &Graph,
    extractor: &Extraction<'_>,
    ops: &OpTable,
    f: &Function,
    roots: &Roots,
) -> Result<Lowered, ElaborationError> {
    let bound = crate::egraph::large::id_bound(egraph);
    let mut el = Elaborator {
        egraph,
        extractor,
        ops,
        scopes: Scopes::new(bound),
        active: vec![false; bound],
        insts: Vec::new(),
        next: 0,
    };
    let signature = el.operand(roots.signature)?;
    let mut blocks: Vec<LoweredBlock> = Vec::new();
    let mut order = Vec::new();
    if let Some(body) = &f.body {
        blocks = body
            .blocks
            .iter()
            .map(|b| LoweredBlock {
                label: b.label.clone(),
                params: None,
                reachable: false,
                insts: Vec::new(),
            })
            .collect();
        let doms = Dominators::compute(body);
        for &(b, depth) in doms.preorder() {
            order.push(b.index());
            el.scopes.truncate(depth);
            el.scopes.push();
            let r = &roots.blocks[b.index()];
            let params = match r.params {
                Some(p) => Some(el.operand(p)?),
                None => None,
            };
            for root in &r.skeleton {
                el.operand(*root)?;
            }
            let out = &mut blocks[b.index()];
            out.params = params;
            out.reachable = true;
            out.insts = std::mem::take(&mut el.insts);
        }
        // Unreachable blocks keep their lowered parameters so branch arity stays checkable.
        for (i, r) in roots.blocks.iter().enumerate() {
            if !doms.is_reachable(BlockId(i as u32)) {
                el.scopes.truncate(0);
                el.scopes.push();
                if let Some(p) = r.params {
                    blocks[i].params = Some(el.operand(p)?);
                }
                el.insts.clear();
            }
        }
    }
    Ok(Lowered {
        name: f.name.clone(),
        signature,
        blocks,
        order,
        linkage: kiln_lowered::Linkage::External,
    })
}

impl<'a, 'g> Elaborator<'a, 'g> {
    fn lookup(&self, id: Id) -> Option<&Operand> {
        self.scopes.get(id)
    }

    /// The operand of class `root`, emitting the instructions it needs in post-order (each
    /// operand's instructions before its user's), with an explicit stack of frames.
    fn operand(&mut self, root: Id) -> Result<Operand, ElaborationError> {
        let mut frames = match self.enter(root)? {
            Entered::Done(o) => return Ok(o),
            Entered::Frame(f) => vec![f],
        };
        while let Some(top) = frames.last_mut() {
            if let Some(&child) = top.children.get(top.done.len()) {
                match self.enter(child)? {
                    Entered::Done(o) => top.done.push(o),
                    Entered::Frame(f) => {
                        if frames.len() >= MAX_DEPTH {
                            return Err(ElaborationError(format!(
                                "the extracted term is too deep to elaborate (over {MAX_DEPTH} nested operations)"
                            )));
                        }
                        frames.push(f);
                    }
                }
                continue;
            }
            let Some(frame) = frames.pop() else { break };
            let id = frame.id;
            let o = self.finish(frame)?;
            if let Some(a) = self.active.get_mut(usize::from(id)) {
                *a = false;
            }
            self.scopes.insert(id, o.clone());
            match frames.last_mut() {
                Some(parent) => parent.done.push(o),
                None => return Ok(o),
            }
        }
        Err(ElaborationError(
            "elaboration's work stack emptied early".to_string(),
        ))
    }

    fn enter(&mut self, id: Id) -> Result<Entered<'a, 'g>, ElaborationError> {
        let id = self.egraph.find(id);
        if let Some(o) = self.lookup(id) {
            return Ok(Entered::Done(o.clone()));
        }
        let extractor: &'a Extraction<'g> = self.extractor;
        let (op, children) = match extractor.find_best_node(id) {
            Node::Int(i) => return Ok(Entered::Done(Operand::Int(*i))),
            Node::Float(b) => return Ok(Entered::Done(Operand::Float(*b))),
            Node::Str(s) => return Ok(Entered::Done(Operand::Str(text(*s).to_string()))),
            Node::Func(s) => return Ok(Entered::Done(Operand::Func(text(*s).to_string()))),
            Node::Op(op, children) => (*op, children.as_slice()),
        };
        let (nil, cons) = crate::egraph::node::list_symbols();
        let (kind, children) = match op {
            _ if op == nil => return Ok(Entered::Done(Operand::List(Vec::new()))),
            _ if op == cons => (FrameKind::List, Cow::Owned(self.list_heads(id, children)?)),
            _ => {
                // The table outlives `self`'s borrow, so its declaration needs no copy.
                let ops: &'a OpTable = self.ops;
                let info = ops.get(op).ok_or_else(|| {
                    ElaborationError(format!("`{op}` was extracted but is not declared"))
                })?;
                let target = ops.target(op).ok_or_else(|| {
                    ElaborationError(format!(
                        "`{op}` was extracted, but it is not a target operation the backend binds (kiln_lowered::TargetOp)"
                    ))
                })?;
                (
                    FrameKind::Op(target, info.result, &info.children),
                    Cow::Borrowed(children),
                )
            }
        };
        let Some(active) = self.active.get_mut(usize::from(id)) else {
            return Err(ElaborationError(format!(
                "class {id} is not in the e-graph being elaborated"
            )));
        };
        if std::mem::replace(active, true) {
            return Err(ElaborationError(
                "the extracted term refers to itself (a cycle in the e-graph's choice)".to_string(),
            ));
        }
        Ok(Entered::Frame(Frame {
            id,
            kind,
            done: Vec::with_capacity(children.len()),
            children,
        }))
    }

    /// The heads of the list whose first `cons` cell is class `id` (with `children`), in
    /// order, following the extracted tails down to `nil`.
    fn list_heads(&self, id: Id, children: &[Id]) -> Result<Vec<Id>, ElaborationError> {
        let (nil, cons) = crate::egraph::node::list_symbols();
        let mut heads = Vec::new();
        let mut cell = children;
        // A list longer than the e-graph has classes loops through its own cells.
        for _ in 0..=self.egraph.number_of_classes() {
            let [head, tail] = cell else {
                return Err(ElaborationError(
                    "a `cons` cell without two children".into(),
                ));
            };
            heads.push(*head);
            match self.extractor.find_best_node(self.egraph.find(*tail)) {
                Node::Op(op, kids) if *op == cons => cell = kids.as_slice(),
                Node::Op(op, kids) if *op == nil && kids.is_empty() => return Ok(heads),
                other => {
                    return Err(ElaborationError(format!(
                        "a list ends in `{other}` instead of `nil`"
                    )))
                }
            }
        }
        Err(ElaborationError(format!(
            "the extracted list at class {id} refers to itself (a cycle in the e-graph's choice)"
        )))
    }

    /// Builds a class's operand once all its children are elaborated.
    fn finish(&mut self, frame: Frame<'a, 'g>) -> Result<Operand, ElaborationError> {
        let (op, result, sorts) = match frame.kind {
            FrameKind::List => return Ok(Operand::List(frame.done)),
            FrameKind::Op(op, result, sorts) => (op, result, sorts),
        };
        let operands: Vec<Operand> = frame
            .done
            .into_iter()
            .zip(sorts)
            .filter(|(_, s)| **s != Sort::State)
            .map(|(o, _)| o)
            .collect();
        match result {
            Sort::Value | Sort::Effect => {
                let r = (result == Sort::Value).then(|| {
                    self.next += 1;
                    self.next - 1
                });
                self.insts.push(Inst {
                    result: r,
                    op,
                    operands,
                });
                Ok(match r {
                    Some(v) => Operand::Value(v),
                    // An effect has no value; its operand form only marks "already emitted".
                    None => Operand::Effect,
                })
            }
            _ => Ok(Operand::Node(op, operands)),
        }
    }
}
