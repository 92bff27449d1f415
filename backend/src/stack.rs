//! Stack scopes: the one backend mechanism behind the stack discipline (a loop never grows
//! the stack), and free of any calling convention.
//!
//! An `llvm.stacksave` whose result nothing uses (the rules order it before allocations, as
//! their `State`, and write no `llvm.stackrestore` for it) *opens a scope*, which this pass
//! closes: it inserts `llvm.stackrestore` of the saved pointer just before the terminator of
//! the save's block, so every allocation made after the save in that block is released each
//! time the block runs (once per iteration of a loop through it).
//!
//! The scope is closed only when nothing allocated in it can be used after the restore: no
//! value computed from such an allocation (through any instruction that takes it as an
//! operand, except a load: what it reads was stored, and storing such a value is itself an
//! escape) is used in another block, by the terminator (a branch argument or the returned
//! value), or as the value an `llvm.store` writes to memory. Otherwise the scope stays open
//! and the allocations live until the function returns. Only SSA values are followed: a
//! call that receives such a pointer is assumed not to keep it past the block. Of several open scopes in one
//! block, the first that can be closed is (it releases the others' allocations too).

use kiln_lowered::{Inst, Lowered, Operand, TargetOp as Op};
use std::collections::HashSet;

type ValueRef = u32;

const TERMINATORS: &[Op] = &[
    Op::Br,
    Op::CondBr,
    Op::Switch,
    Op::Return,
    Op::ReturnVoid,
    Op::Unreachable,
];

/// `f` with its open stack scopes closed where that is sound (see the module docs).
pub fn close_scopes(f: &Lowered) -> Lowered {
    let mut out = f.clone();
    let used = used_values(f);
    for (b, block) in f.blocks.iter().enumerate() {
        let Some(last) = block.insts.last() else {
            continue;
        };
        if !TERMINATORS.contains(&last.op) {
            continue;
        }
        let term = block.insts.len() - 1;
        let save = block.insts[..term]
            .iter()
            .enumerate()
            .find_map(|(i, inst)| {
                let r = inst.result?;
                (inst.op == Op::Stacksave && !used.contains(&r) && !escapes(f, b, i)).then_some(r)
            });
        if let Some(r) = save {
            out.blocks[b].insts.insert(
                term,
                Inst {
                    source: last.source,
                    ..Inst::new(None, Op::Stackrestore, vec![Operand::Value(r)])
                },
            );
        }
    }
    out
}

fn mentions(o: &Operand, set: &HashSet<ValueRef>) -> bool {
    match o {
        Operand::Value(v) => set.contains(v),
        Operand::List(items) | Operand::Node(_, items) => items.iter().any(|x| mentions(x, set)),
        _ => false,
    }
}

fn collect(o: &Operand, into: &mut HashSet<ValueRef>) {
    match o {
        Operand::Value(v) => {
            into.insert(*v);
        }
        Operand::List(items) | Operand::Node(_, items) => {
            items.iter().for_each(|x| collect(x, into))
        }
        _ => {}
    }
}

/// Every value some instruction (or a block's parameters) uses.
fn used_values(f: &Lowered) -> HashSet<ValueRef> {
    let mut used = HashSet::new();
    for block in &f.blocks {
        if let Some(p) = &block.params {
            collect(p, &mut used);
        }
        for inst in &block.insts {
            inst.operands.iter().for_each(|o| collect(o, &mut used));
        }
    }
    used
}

/// Whether a value derived from an allocation after instruction `save` of block `b` may be
/// used after the block's terminator would restore the stack.
fn escapes(f: &Lowered, b: usize, save: usize) -> bool {
    let insts = &f.blocks[b].insts;
    let mut derived: HashSet<ValueRef> = insts[save + 1..]
        .iter()
        .filter(|i| i.op == Op::Alloca)
        .filter_map(|i| i.result)
        .collect();
    if derived.is_empty() {
        return false;
    }
    // Values are defined before their uses in `order`, so one pass in that order finds every
    // value derived from the allocations; repeat until nothing changes for safety.
    loop {
        let before = derived.len();
        for &ob in &f.order {
            let Some(block) = f.blocks.get(ob) else {
                continue;
            };
            for inst in &block.insts {
                if !inst.operands.iter().any(|o| mentions(o, &derived)) {
                    continue;
                }
                let stored = inst.op == Op::Store
                    && inst.operands.first().is_some_and(|o| mentions(o, &derived));
                if ob != b || TERMINATORS.contains(&inst.op) || stored {
                    return true;
                }
                // A load reads what was stored, and storing a derived value escapes.
                if let Some(r) = inst
                    .result
                    .filter(|_| !matches!(inst.op, Op::Load | Op::LoadInvariant))
                {
                    derived.insert(r);
                }
            }
        }
        if derived.len() == before {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiln_lowered::LoweredBlock;

    fn inst(result: Option<u32>, op: Op, operands: Vec<Operand>) -> Inst {
        Inst::new(result, op, operands)
    }

    fn function(body: Vec<Inst>) -> Lowered {
        Lowered {
            name: "f".to_string(),
            signature: Operand::Node(Op::Sig, vec![]),
            blocks: vec![LoweredBlock {
                label: String::new(),
                params: None,
                reachable: true,
                insts: body,
            }],
            order: vec![0],
            linkage: kiln_lowered::Linkage::External,
            attrs: Default::default(),
            callee_attrs: Vec::new(),
            fn_attrs: Vec::new(),
        }
    }

    fn body(last: Inst) -> Vec<Inst> {
        vec![
            inst(Some(0), Op::Stacksave, vec![Operand::Node(Op::Ptr, vec![])]),
            inst(
                Some(1),
                Op::Alloca,
                vec![
                    Operand::Node(Op::Ptr, vec![]),
                    Operand::Node(Op::I8, vec![]),
                    Operand::Int(40),
                ],
            ),
            inst(
                None,
                Op::CallVoid,
                vec![
                    Operand::Func("use".into()),
                    Operand::List(vec![Operand::Value(1)]),
                ],
            ),
            last,
        ]
    }

    #[test]
    fn a_scope_whose_allocation_dies_in_its_block_is_closed() {
        let f = close_scopes(&function(body(inst(None, Op::ReturnVoid, vec![]))));
        let ops: Vec<Op> = f.blocks[0].insts.iter().map(|i| i.op).collect();
        assert_eq!(
            ops,
            [
                Op::Stacksave,
                Op::Alloca,
                Op::CallVoid,
                Op::Stackrestore,
                Op::ReturnVoid
            ]
        );
        assert_eq!(f.blocks[0].insts[3].operands, [Operand::Value(0)]);
    }

    #[test]
    fn a_scope_whose_allocation_is_returned_stays_open() {
        let f = function(body(inst(None, Op::Return, vec![Operand::Value(1)])));
        assert_eq!(close_scopes(&f), f);
    }

    #[test]
    fn a_scope_whose_allocation_is_stored_stays_open() {
        let mut b = body(inst(None, Op::ReturnVoid, vec![]));
        b.insert(
            3,
            inst(None, Op::Store, vec![Operand::Value(1), Operand::Value(9)]),
        );
        let f = function(b);
        assert_eq!(close_scopes(&f), f);
    }

    #[test]
    fn a_restored_save_is_left_alone() {
        let mut b = body(inst(None, Op::ReturnVoid, vec![]));
        b.insert(3, inst(None, Op::Stackrestore, vec![Operand::Value(0)]));
        let f = function(b);
        assert_eq!(close_scopes(&f), f);
    }
}
