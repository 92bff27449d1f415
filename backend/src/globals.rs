//! Globals (`memref.global`) as LLVM global variables: defined once per program, apart
//! from the functions, which declare the globals they take the address of
//! (`llvm.addressof`) in their own modules.

use crate::error::CodegenError;
use inkwell::context::Context;
use inkwell::module::{Linkage, Module};
use inkwell::types::{BasicType, BasicTypeEnum};
use inkwell::values::{ArrayValue, BasicValueEnum};
use kiln_lowered::{Global, GlobalElement, GlobalInit, TargetOp};

/// The integer type of `bits` bits.
fn int_type(ctx: &Context, bits: u32) -> inkwell::types::IntType<'_> {
    std::num::NonZeroU32::new(bits)
        .and_then(|b| ctx.custom_width_int_type(b).ok())
        .unwrap_or_else(|| ctx.i64_type())
}

/// The LLVM type of one element.
fn element_type<'ctx>(ctx: &'ctx Context, e: GlobalElement) -> BasicTypeEnum<'ctx> {
    match e {
        GlobalElement::Int(bits) => int_type(ctx, bits).into(),
        GlobalElement::Float(TargetOp::F16) => ctx.f16_type().into(),
        GlobalElement::Float(TargetOp::Bf16) => ctx.bf16_type().into(),
        GlobalElement::Float(TargetOp::F64) => ctx.f64_type().into(),
        GlobalElement::Float(_) => ctx.f32_type().into(),
    }
}

/// The LLVM type of a global's value: one array per dimension around the element type.
pub fn value_type<'ctx>(
    ctx: &'ctx Context,
    g: &Global,
) -> Result<BasicTypeEnum<'ctx>, CodegenError> {
    let mut t = element_type(ctx, g.element);
    for d in g.dims.iter().rev() {
        let n = u32::try_from(*d).map_err(|_| {
            unsupported(
                g,
                format!("a dimension of {d} elements is more than LLVM's arrays hold"),
            )
        })?;
        t = t.array_type(n).into();
    }
    Ok(t)
}

fn unsupported(g: &Global, message: String) -> CodegenError {
    CodegenError::Unsupported {
        function: g.name.clone(),
        message,
    }
}

/// One element's constant, from its bits (a float's bits are its IEEE encoding).
fn element<'ctx>(ctx: &'ctx Context, e: GlobalElement, bits: u128) -> BasicValueEnum<'ctx> {
    match e {
        GlobalElement::Int(w) if w > 64 => int_type(ctx, w)
            .const_int_arbitrary_precision(&[bits as u64, (bits >> 64) as u64])
            .into(),
        GlobalElement::Int(w) => int_type(ctx, w).const_int(bits as u64, false).into(),
        // Every finite value and infinity of the three formats is a double exactly (a NaN
        // keeps its sign and quietness, not every payload bit).
        GlobalElement::Float(TargetOp::F16) => ctx
            .f16_type()
            .const_float(half::f16::from_bits(bits as u16).to_f64())
            .into(),
        GlobalElement::Float(TargetOp::Bf16) => ctx
            .bf16_type()
            .const_float(half::bf16::from_bits(bits as u16).to_f64())
            .into(),
        GlobalElement::Float(TargetOp::F64) => ctx
            .f64_type()
            .const_float(f64::from_bits(bits as u64))
            .into(),
        GlobalElement::Float(_) => ctx
            .f32_type()
            .const_float(f64::from(f32::from_bits(bits as u32)))
            .into(),
    }
}

/// The constant of a global's contents: nested arrays, row-major.
fn contents<'ctx>(
    ctx: &'ctx Context,
    g: &Global,
    ty: BasicTypeEnum<'ctx>,
    dims: &[u64],
    first: usize,
) -> BasicValueEnum<'ctx> {
    let Some((n, rest)) = dims.split_first() else {
        return element(ctx, g.element, g.element_bits(first).unwrap_or(0));
    };
    let inner: u64 = rest.iter().product();
    let elem_ty = ty.into_array_type().get_element_type();
    let items: Vec<BasicValueEnum> = (0..*n)
        .map(|i| contents(ctx, g, elem_ty, rest, first + (i * inner) as usize))
        .collect();
    const_array(elem_ty, &items).into()
}

fn const_array<'ctx>(
    elem: BasicTypeEnum<'ctx>,
    items: &[BasicValueEnum<'ctx>],
) -> ArrayValue<'ctx> {
    match elem {
        BasicTypeEnum::IntType(t) => {
            t.const_array(&items.iter().map(|v| v.into_int_value()).collect::<Vec<_>>())
        }
        BasicTypeEnum::FloatType(t) => t.const_array(
            &items
                .iter()
                .map(|v| v.into_float_value())
                .collect::<Vec<_>>(),
        ),
        BasicTypeEnum::ArrayType(t) => t.const_array(
            &items
                .iter()
                .map(|v| v.into_array_value())
                .collect::<Vec<_>>(),
        ),
        // A global's elements are integers and floats, in arrays.
        _ => elem.array_type(0).const_zero(),
    }
}

/// Adds the globals to a module: definitions with their contents, declarations of those
/// defined elsewhere.
pub fn define_globals<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    globals: &[Global],
) -> Result<(), CodegenError> {
    for g in globals {
        let ty = value_type(ctx, g)?;
        let var = module.add_global(ty, None, &g.name);
        match &g.init {
            GlobalInit::External => var.set_linkage(Linkage::External),
            init => {
                var.set_linkage(llvm_linkage(g.linkage));
                let value = match (init, ty) {
                    (GlobalInit::Undef, BasicTypeEnum::ArrayType(t)) => t.get_undef().into(),
                    (GlobalInit::Undef, BasicTypeEnum::IntType(t)) => t.get_undef().into(),
                    (GlobalInit::Undef, BasicTypeEnum::FloatType(t)) => t.get_undef().into(),
                    _ => contents(ctx, g, ty, &g.dims, 0),
                };
                var.set_initializer(&value);
            }
        }
        var.set_constant(g.constant);
        if let Some(a) = g.alignment {
            var.set_alignment(a as u32);
        }
    }
    Ok(())
}

/// LLVM's linkage for a lowered one.
pub(crate) fn llvm_linkage(l: kiln_lowered::Linkage) -> Linkage {
    use kiln_lowered::Linkage as L;
    match l {
        L::External => Linkage::External,
        L::Private => Linkage::Private,
        L::Internal => Linkage::Internal,
        L::Linkonce => Linkage::LinkOnceAny,
        L::LinkonceOdr => Linkage::LinkOnceODR,
        L::Weak => Linkage::WeakAny,
        L::WeakOdr => Linkage::WeakODR,
        L::AvailableExternally => Linkage::AvailableExternally,
    }
}
