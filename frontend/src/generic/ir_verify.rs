//! Structural verification of the generic IR, in MLIR's words: the shape of the operations
//! kiln knows, terminators, function signatures against entry blocks and returns. Typing
//! within kiln's language is the typed frontend's (`check_module`); this covers what any
//! operation, registered or not, must satisfy.

use super::formats;
use super::graph::{Graph, OpId};
use super::{Attribute, Ty};

/// The errors of `op` and everything inside it: the operation each is about and MLIR's
/// message, in walk order.
pub fn verify(g: &Graph, op: OpId) -> Vec<(OpId, String)> {
    let mut out = Vec::new();
    for o in g.walk(op, true) {
        verify_one(g, o, &mut out);
    }
    out
}

fn verify_one(g: &Graph, o: OpId, out: &mut Vec<(OpId, String)>) {
    let d = g.op(o);
    let mut err = |m: String| out.push((o, format!("'{}' op {m}", d.name)));
    match d.name.as_str() {
        "builtin.module" => {
            if d.regions.len() != 1 {
                err(format!("requires one region (has {})", d.regions.len()));
            } else if g.region(d.regions[0]).blocks.len() > 1 {
                err("expects region #0 to have 0 or 1 blocks".into());
            } else if !d.operands.is_empty() || !d.results.is_empty() {
                err("requires zero operands and zero results".into());
            }
        }
        "func.func" => verify_function(g, o, &mut err),
        "func.return" => verify_return(g, o, &mut err),
        name => {
            if let Some(f) = formats::format_of(name) {
                if let Some(m) = formats::shape_error(g, o, f) {
                    err(m);
                }
            }
        }
    }
    // Successors must be blocks of the region holding the operation.
    for s in &d.successors {
        let same = d.parent.and_then(|b| g.block(b).parent) == g.block(*s).parent;
        if !same || g.block(*s).parent.is_none() {
            out.push((
                o,
                format!(
                    "'{}' op reference to block defined in another region",
                    d.name
                ),
            ));
        }
    }
}

fn verify_function(g: &Graph, o: OpId, err: &mut impl FnMut(String)) {
    let d = g.op(o);
    let Some(Attribute::Type(Ty::Function { inputs, .. })) = g.attribute(o, "function_type") else {
        err("requires attribute 'function_type' (a function type)".into());
        return;
    };
    if !matches!(g.attribute(o, "sym_name"), Some(Attribute::String { .. })) {
        err("requires attribute 'sym_name' (a string)".into());
        return;
    }
    if d.regions.len() != 1 {
        err(format!("requires one region (has {})", d.regions.len()));
        return;
    }
    let region = g.region(d.regions[0]);
    // A declaration's visibility is the typed frontend's to judge: kiln reads MLIR's older
    // public declarations.
    let Some(entry) = region.blocks.first() else {
        return;
    };
    let args = &g.block(*entry).arguments;
    if args.len() != inputs.len() {
        err(format!(
            "entry block must have {} arguments to match function signature",
            inputs.len()
        ));
        return;
    }
    for (i, ((t, _), want)) in args.iter().zip(inputs).enumerate() {
        if t != want {
            err(format!(
                "type of entry block argument #{i}('{t}') must match the type of the corresponding argument in function signature('{want}')"
            ));
        }
    }
    for b in &region.blocks {
        match g.block(*b).operations.last() {
            None => err("empty block: expect at least a terminator".into()),
            Some(last)
                if !formats::is_terminator(&g.op(*last).name)
                    && formats::is_registered(&g.op(*last).name) =>
            {
                err("block with no terminator".into())
            }
            Some(_) => {}
        }
    }
}

fn verify_return(g: &Graph, o: OpId, err: &mut impl FnMut(String)) {
    let Some(f) = g.parent_op(o) else {
        return;
    };
    if g.op(f).name != "func.func" {
        err(format!(
            "expects parent op 'func.func', found '{}'",
            g.op(f).name
        ));
        return;
    }
    let Some(Attribute::Type(Ty::Function { results, .. })) = g.attribute(f, "function_type")
    else {
        return;
    };
    let name = match g.attribute(f, "sym_name") {
        Some(Attribute::String { value, .. }) => value.clone(),
        _ => String::new(),
    };
    let ops = &g.op(o).operands;
    if ops.len() != results.len() {
        err(format!(
            "has {} operands, but enclosing function (@{name}) returns {}",
            ops.len(),
            results.len()
        ));
        return;
    }
    for (i, (v, want)) in ops.iter().zip(results).enumerate() {
        let t = g.value_type(*v);
        if t != want {
            err(format!(
                "type of return operand {i} ('{t}') doesn't match function result type ('{want}') in function @{name}"
            ));
        }
    }
}

/// Whether a function's body is one kiln's typed frontend reads: every block ends with a
/// terminator kiln knows (an unknown operation last may be a terminator of its own), no
/// unknown operation has regions, and every value's type is one kiln lowers.
fn function_in_language(g: &Graph, f: OpId) -> bool {
    let lowerable = |t: &Ty| {
        !matches!(
            t,
            Ty::Tensor { .. }
                | Ty::UnrankedTensor { .. }
                | Ty::Vector { .. }
                | Ty::Complex(_)
                | Ty::Tuple(_)
                | Ty::None
        ) && !matches!(t, Ty::Opaque { dialect, .. } if dialect != "llvm")
    };
    if let Some(Attribute::Type(Ty::Function { inputs, results })) = g.attribute(f, "function_type")
    {
        if !inputs.iter().chain(results).all(lowerable) {
            return false;
        }
    }
    for r in &g.op(f).regions {
        for b in &g.region(*r).blocks {
            if !g.block(*b).arguments.iter().all(|(t, _)| lowerable(t)) {
                return false;
            }
            match g.block(*b).operations.last() {
                Some(last) if formats::is_terminator(&g.op(*last).name) => {}
                _ => return false,
            }
        }
    }
    for inner in g.walk(f, true).into_iter().skip(1) {
        let d = g.op(inner);
        let known = formats::is_registered(&d.name)
            || ["llvm.", "math.", "index.", "ub."]
                .iter()
                .any(|p| d.name.starts_with(p));
        if !known && !d.regions.is_empty() {
            return false;
        }
        if !d.results.iter().all(lowerable) {
            return false;
        }
    }
    true
}

/// Whether kiln's lowering language can hold `module`: its body holds functions and
/// global declarations, and no operation inside a function has regions unless kiln knows
/// it (so the typed frontend can check and compile it).
pub fn in_language(g: &Graph, module: OpId) -> bool {
    if g.op(module).name != "builtin.module" {
        return false;
    }
    let Some(region) = g.op(module).regions.first() else {
        return false;
    };
    for b in &g.region(*region).blocks {
        for top in &g.block(*b).operations {
            let name = g.op(*top).name.as_str();
            let declaration = name.starts_with("llvm.") || name == "memref.global";
            let empty_module = name == "builtin.module" && g.walk(*top, true).len() == 1;
            if name == "func.func" {
                if !function_in_language(g, *top) {
                    return false;
                }
            } else if !declaration && !empty_module {
                return false;
            }
        }
    }
    true
}
