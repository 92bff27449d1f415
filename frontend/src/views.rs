//! The type of a `memref.subview`, as MLIR 19 infers it, and rank reduction: which unit
//! dimensions a subview whose result has fewer dimensions drops.

use crate::types::{Extent, Layout, MemRefType};

/// The result type of a subview of `src` (no rank reduction): the sizes given, the
/// source's strides times the strides given, the source's offset plus each offset times its
/// stride, each static where everything it is made of is.
pub fn subview_type(
    src: &MemRefType,
    offsets: &[Extent],
    sizes: &[Extent],
    steps: &[Extent],
) -> MemRefType {
    let (src_strides, src_offset) = src.strides_and_offset();
    // Zero times anything is zero, as MLIR's inference has it (an offset 0 along a dynamic
    // stride leaves the offset static).
    let mul = |a: Option<i64>, b: Option<i64>| match (a, b) {
        (Some(0), _) | (_, Some(0)) => Some(0),
        _ => a.zip(b).and_then(|(a, b)| a.checked_mul(b)),
    };
    let strides: Vec<Extent> = src_strides
        .iter()
        .zip(steps)
        .map(|(s, t)| mul(*s, *t))
        .collect();
    let offset = offsets
        .iter()
        .zip(&src_strides)
        .try_fold(src_offset.unwrap_or(0), |acc, (o, s)| {
            mul(*o, *s).and_then(|x| acc.checked_add(x))
        })
        .filter(|_| src_offset.is_some());
    MemRefType {
        shape: sizes.to_vec(),
        elem: src.elem,
        layout: Layout::Strided { strides, offset },
    }
}

/// Whether two memref types describe the same view: element type, sizes, strides and offset
/// (an identity layout equals the strided layout with its natural strides).
pub fn same_view(a: &MemRefType, b: &MemRefType) -> bool {
    a.elem == b.elem && a.shape == b.shape && a.strides_and_offset() == b.strides_and_offset()
}

/// The dimensions of `full` (a subview's type before rank reduction) that `reduced` keeps,
/// in order, when `reduced` is `full` with some dimensions of static size 1 dropped: each
/// kept dimension has the size and the stride `reduced` states for it, and the offset is
/// the same. `None` when no such choice exists. Where a unit dimension could be kept or
/// dropped, the earliest that fits is kept.
pub fn kept_dims(full: &MemRefType, reduced: &MemRefType) -> Option<Vec<u32>> {
    let (n, m) = (full.rank(), reduced.rank());
    if full.elem != reduced.elem || m > n {
        return None;
    }
    let (fs, fo) = full.strides_and_offset();
    let (rs, ro) = reduced.strides_and_offset();
    if fo != ro {
        return None;
    }
    let fits = |i: usize, j: usize| full.shape[i] == reduced.shape[j] && fs[i] == rs[j];
    let unit = |i: usize| full.shape[i] == Some(1);
    // can[i][j]: dimensions i.. of `full` match dimensions j.. of `reduced`.
    let mut can = vec![vec![false; m + 1]; n + 1];
    can[n][m] = true;
    for i in (0..n).rev() {
        for j in (0..=m).rev() {
            can[i][j] = (j < m && fits(i, j) && can[i + 1][j + 1]) || (unit(i) && can[i + 1][j]);
        }
    }
    if !can[0][0] {
        return None;
    }
    let mut kept = Vec::new();
    let mut j = 0;
    for i in 0..n {
        if j < m && fits(i, j) && can[i + 1][j + 1] {
            kept.push(i as u32);
            j += 1;
        }
    }
    Some(kept)
}

/// `memref.view`: the source is a 1-D `i8` buffer of the identity layout, the result has the
/// identity layout and one size operand per dynamic size. `dynamic` is how many size
/// operands there are.
pub fn check_view(
    src: &crate::types::Type,
    result: &crate::types::Type,
    dynamic: usize,
) -> Result<(), String> {
    use crate::types::{Scalar, Type};
    let bytes = matches!(src, Type::MemRef(m)
        if m.rank() == 1 && m.elem == Scalar::I8 && m.layout == Layout::Identity);
    if !bytes {
        return Err(format!(
            "`memref.view` views a 1-D `i8` buffer of the identity layout, not `{src}`"
        ));
    }
    let Type::MemRef(r) = result else {
        return Err(format!(
            "`memref.view` gives a ranked memref, not `{result}`"
        ));
    };
    if r.layout != Layout::Identity {
        return Err(format!(
            "`memref.view` gives a memref of the identity layout, not `{result}`"
        ));
    }
    let want = r.shape.iter().filter(|s| s.is_none()).count();
    if want != dynamic {
        let sizes = |n: usize| match n {
            1 => "1 size".to_string(),
            n => format!("{n} sizes"),
        };
        return Err(format!(
            "`memref.view` to `{result}` takes {} for its dynamic dimensions, not {}",
            sizes(want),
            dynamic
        ));
    }
    Ok(())
}

/// `memref.reshape`: both memrefs of the identity layout and one element type, the shape a
/// 1-D memref of integers or `index` with one element per result dimension, and the
/// result's element count the source's where both are static.
pub fn check_shape_reshape(
    src: &crate::types::Type,
    shape: &crate::types::Type,
    result: &crate::types::Type,
) -> Result<(), String> {
    use crate::types::Type;
    let (Type::MemRef(s), Type::MemRef(r)) = (src, result) else {
        return Err(format!(
            "`memref.reshape` takes and gives ranked memrefs, not `{src}` and `{result}`"
        ));
    };
    if s.layout != Layout::Identity || r.layout != Layout::Identity || s.elem != r.elem {
        return Err(format!(
            "`memref.reshape` takes and gives memrefs of the identity layout and one element type, not `{src}` and `{result}`"
        ));
    }
    let fits = matches!(shape, Type::MemRef(m)
        if m.rank() == 1 && m.elem.is_integer() && m.shape[0] == Some(r.rank() as i64));
    if !fits {
        return Err(format!(
            "the shape of `memref.reshape` to `{result}` is a `memref<{}xindex>` (or of integers), not `{shape}`",
            r.rank()
        ));
    }
    let count = |m: &MemRefType| {
        m.shape
            .iter()
            .try_fold(1i64, |n, d| d.and_then(|d| n.checked_mul(d)))
    };
    if let (Some(a), Some(b)) = (count(s), count(r)) {
        if a != b {
            return Err(format!(
                "`memref.reshape` of {a} elements to `{result}`, which holds {b}"
            ));
        }
    }
    Ok(())
}

/// `memref.realloc`: 1-D memrefs of the identity layout and one element type, a size operand
/// exactly where the result's size is dynamic, and (kiln's limit) static sizes, so that
/// whether the memory grows is known when compiling.
pub fn check_realloc(
    src: &crate::types::Type,
    result: &crate::types::Type,
    sized: bool,
) -> Result<(), String> {
    use crate::types::Type;
    let one_d =
        |t: &Type| matches!(t, Type::MemRef(m) if m.rank() == 1 && m.layout == Layout::Identity);
    let (Type::MemRef(s), Type::MemRef(r)) = (src, result) else {
        return Err(format!(
            "`memref.realloc` takes and gives 1-D memrefs, not `{src}` and `{result}`"
        ));
    };
    if !one_d(src) || !one_d(result) || s.elem != r.elem {
        return Err(format!(
            "`memref.realloc` takes and gives 1-D memrefs of the identity layout and one element type, not `{src}` and `{result}`"
        ));
    }
    if sized != r.shape[0].is_none() {
        return Err(format!(
            "`memref.realloc` to `{result}` takes a size operand exactly where the size is dynamic"
        ));
    }
    Ok(())
}
