//! Operations as Python sees them: their attributes by MLIR's names, and their kinds
//! built from a name, attributes and types.

use super::*;

/// The attributes of an op as MLIR names them, including those kiln keeps in the op's kind.
pub(super) fn op_attributes(body: &Body, op: &Op) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    match op.kind.meaning() {
        OpKind::Constant(lit) => {
            let ty = op
                .results
                .first()
                .map(|r| body.ty(*r).clone())
                .unwrap_or(Type::INDEX);
            let s = ty.scalar().unwrap_or(Scalar::Index);
            let text = match lit {
                Literal::Int(bits) if s == Scalar::I1 => {
                    if bits.get() & 1 == 1 { "true" } else { "false" }.to_string()
                }
                Literal::Int(bits) => {
                    kiln_frontend::ir::signed_value(*bits, s).to_string() + " : " + s.name()
                }
                Literal::Float(bits) => {
                    format!(
                        "{:?} : {}",
                        kiln_frontend::builder::float_value(*bits, s),
                        s.name()
                    )
                }
            };
            out.push(("value".to_string(), Some(text)));
        }
        OpKind::CmpI(p) => out.push(("predicate".to_string(), Some(p.name().to_string()))),
        OpKind::CmpF(p) => out.push(("predicate".to_string(), Some(p.name().to_string()))),
        OpKind::Call { callee } => out.push(("callee".to_string(), Some(format!("@{callee}")))),
        OpKind::Switch { cases } => {
            let c: Vec<String> = cases.iter().map(|c| c.to_string()).collect();
            out.push((
                "case_values".to_string(),
                Some(format!("[{}]", c.join(", "))),
            ));
        }
        _ => {}
    }
    out.extend(attr_list(&op.attrs));
    out
}

/// Values of `vs` as ids, checked to belong to function `fi`.
pub(super) fn value_ids(state: &State, fi: usize, vs: &[u32]) -> NResult<Vec<ValueId>> {
    vs.iter()
        .map(|v| state.value_check(fi, *v).map(|_| ValueId(*v)))
        .collect()
}

pub(super) fn attr_value<'a>(attrs: &'a [(String, Option<String>)], key: &str) -> Option<&'a str> {
    attrs
        .iter()
        .find(|(k, _)| k == key)
        .and_then(|(_, v)| v.as_deref())
}

/// Parses a constant's value for a result of type `ty` (`42`, `-1.5`, `true`, `0x7F`).
pub(super) fn literal(text: &str, ty: &Type) -> NResult<Literal> {
    let s = ty
        .scalar()
        .ok_or_else(|| Failure::new(Kind::Value, format!("a constant cannot have type `{ty}`")))?;
    let text = text.trim();
    // `value = "42 : i32"` as the attribute reads back is accepted too.
    let text = text.split(" : ").next().unwrap_or(text).trim();
    let bad = || {
        Failure::new(
            Kind::Value,
            format!("`{text}` is not a constant of type `{s}`"),
        )
    };
    match (text, s.is_float()) {
        ("true", false) if s == Scalar::I1 => Ok(Literal::Int(IntBits::new(1))),
        ("false", false) if s == Scalar::I1 => Ok(Literal::Int(IntBits::new(0))),
        (_, false) => {
            let (negative, magnitude) =
                kiln_frontend::builder::parse_wide_int(text).ok_or_else(bad)?;
            match kiln_frontend::builder::int_bits(negative, magnitude, s.bits()) {
                Some(bits) => Ok(Literal::Int(bits)),
                None => Err(Failure::new(
                    Kind::Value,
                    format!("constant {text} does not fit in `{s}`"),
                )),
            }
        }
        (_, true) => {
            let v: f64 = match text {
                "inf" => f64::INFINITY,
                "-inf" => f64::NEG_INFINITY,
                "nan" => f64::NAN,
                t => t.parse().map_err(|_| bad())?,
            };
            Ok(Literal::Float(kiln_frontend::builder::float_bits(v, s)))
        }
    }
}

/// The kind of an op from its name and attributes (what the parser's builder derives from
/// the op's syntax), with the attributes that stay on the op.
pub(super) fn op_kind(
    name: &str,
    attrs: &[(String, Option<String>)],
    result_types: &[Type],
) -> NResult<(OpKind, Attrs)> {
    let keep = |skip: &[&str]| {
        Attrs(
            attrs
                .iter()
                .filter(|(k, _)| !skip.contains(&k.as_str()))
                .cloned()
                .collect(),
        )
    };
    // An operation's flags as the custom form keeps them (`overflow<nsw>` from
    // `#arith.overflow<nsw>`), checked as the parser checks them.
    let flagged = |kind: OpKind, skip: &[&str]| -> NResult<(OpKind, Attrs)> {
        let mut out = Attrs::default();
        for (k, v) in attrs.iter().filter(|(k, _)| !skip.contains(&k.as_str())) {
            match v.as_deref().and_then(|t| kind.flag_attribute(k, t)) {
                Some(Ok((k, v))) => out.0.push((k, Some(v))),
                Some(Err(m)) => return Err(Failure::new(Kind::Value, m)),
                None => out.0.push((k.clone(), v.clone())),
            }
        }
        Ok((kind, out))
    };
    let need = |key: &str| {
        attr_value(attrs, key)
            .ok_or_else(|| Failure::new(Kind::Value, format!("`{name}` needs a `{key}` attribute")))
    };
    if name.contains('.') {
        if let Some(b) = BinaryOp::from_name(name) {
            return flagged(OpKind::Binary(b), &[]);
        }
        if let Some(u) = UnaryOp::from_name(name) {
            return flagged(OpKind::Unary(u), &[]);
        }
        if let Some(c) = CastOp::from_name(name) {
            return Ok((OpKind::Cast(c), keep(&[])));
        }
        if let Some(p) = PureOp::from_name(name) {
            return flagged(OpKind::Pure(p), &[]);
        }
    }
    let kind = match name {
        "arith.constant" => {
            let ty = result_types
                .first()
                .ok_or_else(|| Failure::new(Kind::Value, "`arith.constant` needs a result type"))?;
            return Ok((
                OpKind::Constant(literal(need("value")?, ty)?),
                keep(&["value"]),
            ));
        }
        "arith.cmpi" => {
            let p = need("predicate")?;
            let k = CmpIPredicate::from_name(p.trim_matches('"'))
                .or_else(|| p.parse().ok().and_then(CmpIPredicate::from_number))
                .ok_or_else(|| {
                    Failure::new(
                        Kind::Value,
                        format!("`{p}` is not an `arith.cmpi` predicate"),
                    )
                })?;
            return Ok((OpKind::CmpI(k), keep(&["predicate"])));
        }
        "arith.cmpf" => {
            let p = need("predicate")?;
            let k = CmpFPredicate::from_name(p.trim_matches('"'))
                .or_else(|| p.parse().ok().and_then(CmpFPredicate::from_number))
                .ok_or_else(|| {
                    Failure::new(
                        Kind::Value,
                        format!("`{p}` is not an `arith.cmpf` predicate"),
                    )
                })?;
            return flagged(OpKind::CmpF(k), &["predicate"]);
        }
        "func.call" => {
            let c = need("callee")?;
            let callee = c.trim_start_matches('@').trim_matches('"').to_string();
            return Ok((OpKind::Call { callee }, keep(&["callee"])));
        }
        "cf.switch" => {
            let c = need("case_values")?;
            let cases = c
                .trim()
                .trim_start_matches('[')
                .trim_end_matches(']')
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(|s| {
                    s.parse::<i128>().map_err(|_| {
                        Failure::new(Kind::Value, format!("case value `{s}` is not an integer"))
                    })
                })
                .collect::<NResult<Vec<i128>>>()?;
            return Ok((OpKind::Switch { cases }, keep(&["case_values"])));
        }
        "arith.select" => OpKind::Select,
        "func.return" => OpKind::Return,
        "llvm.unreachable" => OpKind::Unreachable,
        "cf.br" => OpKind::Br,
        "cf.cond_br" => OpKind::CondBr,
        "memref.alloc" => OpKind::Alloc,
        "memref.alloca" => OpKind::Alloca,
        "memref.dealloc" => OpKind::Dealloc,
        "memref.load" => OpKind::Load,
        "memref.store" => OpKind::Store,
        "memref.dim" => OpKind::Dim,
        "memref.rank" => OpKind::Rank,
        "func.func" | "builtin.module" => {
            return Err(Failure::new(
                Kind::Value,
                format!("`{name}` cannot be created as an operation inside a block"),
            ))
        }
        _ => OpKind::Generic {
            name: name.to_string(),
        },
    };
    Ok((kind, keep(&[])))
}
