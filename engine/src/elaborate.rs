//! Elaboration: from the extracted e-graph back to an ordered function.
//!
//! Blocks are visited in dominator-tree preorder. In each block the skeleton roots are
//! emitted in order; a root's operands are elaborated first, depth-first, so a pure node is
//! placed right before its first use. Each placed node is memoized in the scope of its
//! block, and a block sees the scopes of its dominators only, so a value is shared exactly
//! where its definition dominates the use (GVN over the e-graph) and never hoisted past a
//! branch. `State` operands are elaborated (which emits the effects they name, in order)
//! and then dropped: they order effects but are not LLVM operands.

use crate::analysis::OpTable;
use crate::encode::Roots;
use crate::extract::{Extraction, Graph};
use crate::lowered::{Inst, Lowered, LoweredBlock, Operand, ValueRef};
use crate::node::Node;
use crate::rule::ruleset::Sort;
use egg::Id;
use kiln_frontend::dominance::Dominators;
use kiln_frontend::ir::{BlockId, Function};
use std::collections::HashMap;

struct Elaborator<'a, 'g> {
    egraph: &'g Graph,
    extractor: &'a Extraction<'g>,
    ops: &'a OpTable,
    scopes: Vec<HashMap<Id, Operand>>,
    /// Classes being elaborated (on the recursion stack), to report a cycle.
    active: std::collections::HashSet<Id>,
    insts: Vec<Inst>,
    next: ValueRef,
    depth: usize,
}

/// Operand nesting elaboration follows before giving up (each level is one stack frame;
/// callers run lowering on threads with a large stack, see `kiln::LOWERING_STACK`).
pub const MAX_DEPTH: usize = 1_000_000;

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
    let mut el = Elaborator {
        egraph,
        extractor,
        ops,
        scopes: Vec::new(),
        active: std::collections::HashSet::new(),
        insts: Vec::new(),
        next: 0,
        depth: 0,
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
        for (b, depth) in doms.preorder(body.blocks.len()) {
            order.push(b.index());
            el.scopes.truncate(depth);
            el.scopes.push(HashMap::new());
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
                el.scopes.clear();
                el.scopes.push(HashMap::new());
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
    })
}

impl<'a, 'g> Elaborator<'a, 'g> {
    fn lookup(&self, id: Id) -> Option<&Operand> {
        self.scopes.iter().rev().find_map(|s| s.get(&id))
    }

    fn operand(&mut self, id: Id) -> Result<Operand, ElaborationError> {
        let id = self.egraph.find(id);
        if let Some(o) = self.lookup(id) {
            return Ok(o.clone());
        }
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ElaborationError(format!(
                "the extracted term is too deep to elaborate (over {MAX_DEPTH} nested operations)"
            )));
        }
        if !self.active.insert(id) {
            self.depth -= 1;
            return Err(ElaborationError(
                "the extracted term refers to itself (a cycle in the e-graph's choice)".to_string(),
            ));
        }
        let extractor: &'a Extraction<'g> = self.extractor;
        let result = self.node(extractor.find_best_node(id));
        self.active.remove(&id);
        self.depth -= 1;
        let o = result?;
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(id, o.clone());
        }
        Ok(o)
    }

    fn node(&mut self, node: &'g Node) -> Result<Operand, ElaborationError> {
        let (op, children) = match node {
            Node::Int(i) => return Ok(Operand::Int(*i)),
            Node::Float(b) => return Ok(Operand::Float(*b)),
            Node::Str(s) => return Ok(Operand::Str(s.as_str().to_string())),
            Node::Func(s) => return Ok(Operand::Func(s.as_str().to_string())),
            Node::Op(op, children) => (*op, children),
        };
        if op.as_str() == "nil" {
            return Ok(Operand::List(Vec::new()));
        }
        if op.as_str() == "cons" {
            let head = self.operand(children[0])?;
            let tail = self.operand(children[1])?;
            let mut items = vec![head];
            match tail {
                Operand::List(rest) => items.extend(rest),
                other => {
                    return Err(ElaborationError(format!(
                        "a list ends in `{other}` instead of `nil`"
                    )))
                }
            }
            return Ok(Operand::List(items));
        }
        // The table outlives `self`'s borrow, so its declaration needs no copy.
        let ops: &'a OpTable = self.ops;
        let info = ops
            .get(op)
            .ok_or_else(|| ElaborationError(format!("`{op}` was extracted but is not declared")))?;
        let result = info.result;
        let mut operands = Vec::with_capacity(children.len());
        for (c, s) in children.iter().zip(&info.children) {
            let o = self.operand(*c)?;
            if *s != Sort::State {
                operands.push(o);
            }
        }
        match result {
            Sort::Value | Sort::Effect => {
                let r = (result == Sort::Value).then(|| {
                    self.next += 1;
                    self.next - 1
                });
                self.insts.push(Inst {
                    result: r,
                    op: op.as_str().to_string(),
                    operands,
                });
                Ok(match r {
                    Some(v) => Operand::Value(v),
                    // An effect has no value; its operand form only marks "already emitted".
                    None => Operand::Node("effect".to_string(), Vec::new()),
                })
            }
            _ => Ok(Operand::Node(op.as_str().to_string(), operands)),
        }
    }
}
