//! One operation in MLIR's custom form (the LLVM dialect's for its spellings).

use super::*;

pub(super) fn print_op(out: &mut String, body: &Body, op: &Op) {
    use OpKind as K;
    out.push_str(&result_defs(body, &op.results));
    let name = op.kind.name();
    let v = |i: usize| body.value(op.operands[i]).name.to_string();
    let t = |i: usize| body.ty(op.operands[i]).to_string();
    let rt = || {
        op.results
            .first()
            .map(|r| body.ty(*r).to_string())
            .unwrap_or_default()
    };
    // An LLVM-dialect spelling prints as the operation it means, under its own name, but
    // for the forms the LLVM dialect writes differently.
    let llvm = matches!(op.kind, K::Llvm(_));
    let _ = match op.kind.meaning() {
        // The intrinsics the LLVM dialect writes in generic form only, with their property.
        K::Pure(_) if crate::ops::generic_intrinsic_property(name).is_some() => {
            let property = crate::ops::generic_intrinsic_property(name).unwrap_or_default();
            let properties = format!(" <{{{property} = false}}>");
            out.push_str(&generic_form(body, op, name, &properties));
            Ok(())
        }
        K::Binary(_) | K::Pure(_) if name.starts_with("llvm.intr.") => {
            let inputs: Vec<String> = (0..op.operands.len()).map(t).collect();
            write!(
                out,
                "{name}({}){} : ({}) -> {}",
                values(body, &op.operands),
                dict(&op.attrs),
                inputs.join(", "),
                rt()
            )
        }
        K::Select if llvm => write!(
            out,
            "{name} {}, {}, {}{} : {}, {}",
            v(0),
            v(1),
            v(2),
            dict(&op.attrs),
            t(0),
            rt()
        ),
        K::Switch { cases } if llvm => {
            let items: Vec<String> = cases
                .iter()
                .zip(&op.successors[1..])
                .map(|(c, s)| format!("{c}: {}", successor(body, s)))
                .collect();
            write!(
                out,
                "{name} {} : {}, {} [{}]",
                v(0),
                t(0),
                successor(body, &op.successors[0]),
                items.join(", ")
            )
        }
        // `meaning` never is one.
        K::Llvm(_) => Ok(()),
        // Printed by the block's loop, which nests the region.
        K::AllocaScope | K::AllocaScopeReturn | K::GenericAtomicRmw | K::AtomicYield => Ok(()),
        K::Constant(lit) => {
            let ty = op.results.first().map(|r| body.ty(*r).clone());
            let text = match (lit, ty.as_ref().and_then(Type::scalar)) {
                (lit, Some(s)) => literal_text(*lit, s),
                (Literal::Int(b), None) => b.get().to_string(),
                (Literal::Float(b), None) => b.to_string(),
            };
            if ty == Some(Type::I1) {
                write!(out, "{name}{} {text}", dict(&op.attrs))
            } else {
                write!(out, "{name}{} {text} : {}", dict(&op.attrs), rt())
            }
        }
        K::Binary(_) => write!(
            out,
            "{name} {}, {}{} : {}",
            v(0),
            v(1),
            flags_and_dict(&op.attrs),
            rt()
        ),
        K::Pure(p) => {
            let operands: Vec<String> = (0..op.operands.len()).map(v).collect();
            let types = match p.shape() {
                Shape::Index(_) => String::new(),
                Shape::PowI => format!(" : {}, {}", rt(), t(1)),
                Shape::AddExtended => format!(" : {}, i1", rt()),
                Shape::Same(_) | Shape::MulExtended => format!(" : {}", rt()),
            };
            write!(
                out,
                "{name} {}{}{types}",
                operands.join(", "),
                flags_and_dict(&op.attrs)
            )
        }
        K::Unary(_) => write!(
            out,
            "{name} {}{} : {}",
            v(0),
            flags_and_dict(&op.attrs),
            rt()
        ),
        K::Cast(_) => write!(
            out,
            "{name} {}{} : {} to {}",
            v(0),
            dict(&op.attrs),
            t(0),
            rt()
        ),
        kind @ (K::CmpI(_) | K::CmpF(_)) => {
            let word = match kind {
                K::CmpF(p) if llvm => crate::ops::llvm_fcmp_keyword(*p),
                K::CmpF(p) => p.name(),
                K::CmpI(p) => p.name(),
                _ => "",
            };
            // The LLVM dialect quotes the predicate and writes no comma after it.
            let predicate = if llvm {
                format!("\"{word}\"")
            } else {
                format!("{word},")
            };
            write!(
                out,
                "{name} {predicate} {}, {}{} : {}",
                v(0),
                v(1),
                flags_and_dict(&op.attrs),
                t(0)
            )
        }
        K::Select => write!(
            out,
            "{name} {}, {}, {}{} : {}",
            v(0),
            v(1),
            v(2),
            dict(&op.attrs),
            rt()
        ),
        K::FuncConstant { callee } => write!(
            out,
            "{name} @{}{} : {}",
            symbol(callee),
            dict(&op.attrs),
            rt()
        ),
        K::CallIndirect => {
            let results: Vec<Type> = op.results.iter().map(|r| body.ty(*r).clone()).collect();
            let fty = crate::types::FunctionType {
                inputs: op.operands[1..]
                    .iter()
                    .map(|o| body.ty(*o).clone())
                    .collect(),
                results,
            };
            write!(
                out,
                "{name} {}({}){} : {fty}",
                values(body, &op.operands[..1]),
                values(body, &op.operands[1..]),
                dict(&op.attrs)
            )
        }
        K::Call { callee } => {
            let results: Vec<Type> = op.results.iter().map(|r| body.ty(*r).clone()).collect();
            let fty = crate::types::FunctionType {
                inputs: op.operands.iter().map(|o| body.ty(*o).clone()).collect(),
                results,
            };
            write!(
                out,
                "{name} @{}({}){} : {fty}",
                symbol(callee),
                values(body, &op.operands),
                dict(&op.attrs)
            )
        }
        K::Unreachable => write!(out, "{name}"),
        K::Return => {
            if op.operands.is_empty() {
                write!(out, "{name}")
            } else {
                write!(
                    out,
                    "{name} {} : {}",
                    values(body, &op.operands),
                    types(body, &op.operands)
                )
            }
        }
        K::Br => write!(out, "{name} {}", successor(body, &op.successors[0])),
        K::CondBr => write!(
            out,
            "{name} {}, {}, {}",
            v(0),
            successor(body, &op.successors[0]),
            successor(body, &op.successors[1])
        ),
        K::Switch { cases } => {
            let mut items = vec![format!("default: {}", successor(body, &op.successors[0]))];
            for (c, s) in cases.iter().zip(&op.successors[1..]) {
                items.push(format!("{c}: {}", successor(body, s)));
            }
            write!(out, "{name} {} : {}, [{}]", v(0), t(0), items.join(", "))
        }
        K::Alloc | K::Alloca => write!(
            out,
            "{name}({}){} : {}",
            values(body, &op.operands),
            dict(&op.attrs),
            rt()
        ),
        K::Dealloc => write!(out, "{name} {}{} : {}", v(0), dict(&op.attrs), t(0)),
        K::Poison => write!(out, "{name}{} : {}", dict(&op.attrs), rt()),
        K::AddressOf { global } => write!(
            out,
            "{name} @{}{} : {}",
            symbol(global),
            dict(&op.attrs),
            rt()
        ),
        K::Zero | K::Undef | K::StackSave => write!(out, "{name}{} : {}", dict(&op.attrs), rt()),
        K::StackRestore => write!(out, "{name} {}{} : {}", v(0), dict(&op.attrs), t(0)),
        K::InsertValue { position } => write!(
            out,
            "{name} {}, {}[{}]{} : {}",
            v(1),
            v(0),
            crate::types::comma_list(position),
            dict(&op.attrs),
            t(0)
        ),
        K::ExtractValue { position } => write!(
            out,
            "{name} {}[{}]{} : {}",
            v(0),
            crate::types::comma_list(position),
            dict(&op.attrs),
            t(0)
        ),
        K::LlvmAlloca { elem } => write!(
            out,
            "{name} {} x {elem}{} : ({}) -> {}",
            v(0),
            dict(&op.attrs),
            t(0),
            rt()
        ),
        // The intrinsics the LLVM dialect writes in generic form only.
        K::Memcpy { volatile } => {
            let properties = format!(" <{{isVolatile = {volatile}}}>");
            out.push_str(&generic_form(body, op, name, &properties));
            Ok(())
        }
        K::UAddWithOverflow | K::LlvmAssume => {
            out.push_str(&generic_form(body, op, name, ""));
            Ok(())
        }
        K::LlvmCmpxchg => write!(
            out,
            "{name} {}, {}, {} acq_rel monotonic{} : {}, {}",
            v(0),
            v(1),
            v(2),
            dict(&op.attrs),
            t(0),
            t(1)
        ),
        K::LlvmAtomicRmw { op: which } => {
            let word = crate::ops::LLVM_ATOMIC_OPS
                .iter()
                .find(|(_, l)| l == which)
                .map_or(which.as_str(), |(w, _)| w);
            write!(
                out,
                "{name} {word} {}, {} acq_rel{} : {}, {}",
                v(0),
                v(1),
                dict(&op.attrs),
                t(0),
                t(1)
            )
        }
        K::LlvmConstant(lit) => {
            let s = op.results.first().and_then(|r| body.ty(*r).scalar());
            let text = match (lit, s) {
                (lit, Some(s)) => literal_text(*lit, s),
                (Literal::Int(b), None) => b.get().to_string(),
                (Literal::Float(b), None) => b.to_string(),
            };
            // A boolean is written bare (`true`): MLIR reads no type after it.
            let typed = if s == Some(Scalar::I1) {
                text
            } else {
                format!("{text} : {}", rt())
            };
            write!(out, "{name}({typed}){} : {}", dict(&op.attrs), rt())
        }
        K::Gep {
            inbounds,
            indices,
            elem,
        } => {
            let mut dynamic = 1;
            let idx: Vec<String> = indices
                .iter()
                .map(|i| match i {
                    Some(c) => c.to_string(),
                    None => {
                        dynamic += 1;
                        v(dynamic - 1)
                    }
                })
                .collect();
            let inputs: Vec<String> = (0..op.operands.len()).map(t).collect();
            write!(
                out,
                "{name} {}{}[{}]{} : ({}) -> {}, {elem}",
                if *inbounds { "inbounds " } else { "" },
                v(0),
                idx.join(", "),
                dict(&op.attrs),
                inputs.join(", "),
                rt()
            )
        }
        K::LlvmCall { callee, vararg } => {
            let inputs: Vec<String> = (0..op.operands.len()).map(t).collect();
            let result = match op.results.first() {
                Some(r) => body.ty(*r).to_string(),
                None => "()".to_string(),
            };
            write!(
                out,
                "{name} @{}({}){}{} : ({}) -> {result}",
                symbol(callee),
                values(body, &op.operands),
                vararg
                    .as_ref()
                    .map(|f| format!(" vararg({f})"))
                    .unwrap_or_default(),
                dict(&op.attrs),
                inputs.join(", ")
            )
        }
        K::LlvmCallIndirect => {
            let inputs: Vec<String> = (1..op.operands.len()).map(t).collect();
            let result = match op.results.first() {
                Some(r) => body.ty(*r).to_string(),
                None => "()".to_string(),
            };
            write!(
                out,
                "{name} {}({}){} : {}, ({}) -> {result}",
                v(0),
                values(body, &op.operands[1..]),
                dict(&op.attrs),
                t(0),
                inputs.join(", ")
            )
        }
        K::LlvmLoad => write!(
            out,
            "{name} {}{} : {} -> {}",
            v(0),
            dict(&op.attrs),
            t(0),
            rt()
        ),
        K::LlvmStore => write!(
            out,
            "{name} {}, {}{} : {}, {}",
            v(0),
            v(1),
            dict(&op.attrs),
            t(0),
            t(1)
        ),
        K::GetGlobal { global } => write!(
            out,
            "{name} @{}{} : {}",
            symbol(global),
            dict(&op.attrs),
            rt()
        ),
        K::AssumeAlignment { alignment } => write!(
            out,
            "{name} {}, {alignment}{} : {}",
            v(0),
            dict(&op.attrs),
            t(0)
        ),
        K::Transpose { permutation } => {
            let dims: Vec<String> = (0..permutation.len()).map(|d| format!("d{d}")).collect();
            let order: Vec<String> = permutation.iter().map(|d| format!("d{d}")).collect();
            write!(
                out,
                "{name} {} ({}) -> ({}){} : {} to {}",
                v(0),
                dims.join(", "),
                order.join(", "),
                dict(&op.attrs),
                t(0),
                rt()
            )
        }
        K::ExtractAlignedPointer => write!(
            out,
            "{name} {}{} : {} -> {}",
            v(0),
            dict(&op.attrs),
            t(0),
            rt()
        ),
        K::Assert { message } => write!(out, "{name} {}, \"{message}\"{}", v(0), dict(&op.attrs)),
        K::Load => write!(
            out,
            "{name} {}[{}]{} : {}",
            v(0),
            values(body, &op.operands[1..]),
            dict(&op.attrs),
            t(0)
        ),
        K::Store => write!(
            out,
            "{name} {}, {}[{}]{} : {}",
            v(0),
            v(1),
            values(body, &op.operands[2..]),
            dict(&op.attrs),
            t(1)
        ),
        K::Dim => write!(
            out,
            "{name} {}, {}{} : {}",
            v(0),
            v(1),
            dict(&op.attrs),
            t(0)
        ),
        K::Rank => write!(out, "{name} {}{} : {}", v(0), dict(&op.attrs), t(0)),
        K::ExpandShape { groups, sizes } => {
            let mut next = 0;
            let shape: Vec<String> = sizes
                .iter()
                .map(|e| match e {
                    Some(n) => n.to_string(),
                    None => {
                        next += 1;
                        op.operands
                            .get(next)
                            .map(|o| body.value(*o).name.to_string())
                            .unwrap_or_default()
                    }
                })
                .collect();
            write!(
                out,
                "{name} {} {} output_shape [{}]{} : {} into {}",
                v(0),
                reassociation(groups),
                shape.join(", "),
                dict(&op.attrs),
                t(0),
                rt()
            )
        }
        K::AtomicRmw { kind } => {
            let ix = values(body, op.operands.get(2..).unwrap_or_default());
            write!(
                out,
                "{name} {} {}, {}[{ix}]{} : ({}, {}) -> {}",
                kind.name(),
                v(0),
                v(1),
                dict(&op.attrs),
                t(0),
                t(1),
                rt()
            )
        }
        K::Realloc => {
            let size = match op.operands.get(1) {
                Some(n) => format!("({})", body.value(*n).name),
                None => String::new(),
            };
            write!(
                out,
                "{name} {}{size}{} : {} to {}",
                v(0),
                dict(&op.attrs),
                t(0),
                rt()
            )
        }
        K::View => write!(
            out,
            "{name} {}[{}][{}]{} : {} to {}",
            v(0),
            v(1),
            values(body, op.operands.get(2..).unwrap_or_default()),
            dict(&op.attrs),
            t(0),
            rt()
        ),
        K::Reshape => write!(
            out,
            "{name} {}({}){} : ({}, {}) -> {}",
            v(0),
            v(1),
            dict(&op.attrs),
            t(0),
            t(1),
            rt()
        ),
        K::CollapseShape { groups } => write!(
            out,
            "{name} {} {}{} : {} into {}",
            v(0),
            reassociation(groups),
            dict(&op.attrs),
            t(0),
            rt()
        ),
        K::Subview {
            offsets,
            sizes,
            strides,
        } => {
            let mut next = 0;
            let mut list = |entries: &[Option<i64>]| {
                entries
                    .iter()
                    .map(|e| match e {
                        Some(n) => n.to_string(),
                        None => {
                            next += 1;
                            op.operands
                                .get(next)
                                .map(|o| body.value(*o).name.to_string())
                                .unwrap_or_default()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let (offs, lens, steps) = (list(offsets), list(sizes), list(strides));
            write!(
                out,
                "{name} {}[{offs}] [{lens}] [{steps}]{} : {} to {}",
                v(0),
                dict(&op.attrs),
                t(0),
                rt()
            )
        }
        K::Copy => write!(
            out,
            "{name} {}, {}{} : {} to {}",
            v(0),
            v(1),
            dict(&op.attrs),
            t(0),
            t(1)
        ),
        K::ExtractStridedMetadata => {
            let results: Vec<Type> = op.results.iter().map(|r| body.ty(*r).clone()).collect();
            write!(
                out,
                "{name} {}{} : {} -> {}",
                v(0),
                dict(&op.attrs),
                t(0),
                crate::types::comma_list(&results)
            )
        }
        K::ReinterpretCast => {
            // The offset, sizes and strides as the result type has them: its numbers, and
            // the operands in order where it has `?`.
            let mut next = 1;
            let mut entry = |e: Option<i64>| match e {
                Some(n) => n.to_string(),
                None => {
                    next += 1;
                    op.operands
                        .get(next - 1)
                        .map(|o| body.value(*o).name.to_string())
                        .unwrap_or_default()
                }
            };
            let (offset, sizes, strides) = match op.results.first().map(|r| body.ty(*r)) {
                Some(Type::MemRef(m)) => {
                    let (strides, offset) = m.strides_and_offset();
                    let offset = entry(offset);
                    let sizes: Vec<String> = m.shape.iter().map(|s| entry(*s)).collect();
                    let strides: Vec<String> = strides.into_iter().map(&mut entry).collect();
                    (offset, sizes.join(", "), strides.join(", "))
                }
                _ => Default::default(),
            };
            write!(
                out,
                "{name} {} to offset: [{offset}], sizes: [{sizes}], strides: [{strides}]{} : {} to {}",
                v(0),
                dict(&op.attrs),
                t(0),
                rt()
            )
        }
        K::Generic { name } => {
            out.push_str(&generic_form(body, op, name, ""));
            Ok(())
        }
    };
}

/// An operation in MLIR's generic form: `"NAME"(OPERANDS)[SUCCESSORS] <{PROPERTIES}>
/// {ATTRIBUTES} : TYPE`, `properties` written with its leading space (or empty), the type as
/// any function type prints (a function result parenthesized, as MLIR requires).
fn generic_form(body: &Body, op: &Op, name: &str, properties: &str) -> String {
    let ty = FunctionType {
        inputs: op.operands.iter().map(|v| body.ty(*v).clone()).collect(),
        results: op.results.iter().map(|r| body.ty(*r).clone()).collect(),
    };
    let succ = if op.successors.is_empty() {
        String::new()
    } else {
        let labels: Vec<String> = op
            .successors
            .iter()
            .map(|s| format!("^{}", body.block(s.block).label))
            .collect();
        format!("[{}]", labels.join(", "))
    };
    format!(
        "\"{name}\"({}){succ}{properties}{} : {ty}",
        values(body, &op.operands),
        dict(&op.attrs),
    )
}
