//! The types of `memref.expand_shape` and `memref.collapse_shape`, as MLIR 19 infers them
//! (`computeExpandedType`, `computeCollapsedType`): a reshape is a view of the same
//! memory, so the result's strides follow from the source's.
//!
//! - Expanding source dimension `d` into the result dimensions of its group, the innermost
//!   takes `d`'s stride and each outer one the stride inside it times that one's size.
//! - Collapsing a group of source dimensions gives the product of their sizes and the
//!   stride of the innermost not of size 1 ([`collapsed_stride_dims`]); the group must be
//!   contiguous (each stride the one inside it
//!   times that one's size, where the type states them).
//!
//! The offset is the source's. An entry is static where everything it is made of is.

use crate::types::{Extent, Layout, MemRefType};

/// The type with the identity layout where its strides and offset are the identity's, as
/// MLIR prints an inferred type.
fn canonical(m: MemRefType) -> MemRefType {
    let identity = MemRefType {
        layout: Layout::Identity,
        ..m.clone()
    };
    if identity.strides_and_offset() == m.strides_and_offset() {
        identity
    } else {
        m
    }
}

fn mul(a: Extent, b: Extent) -> Extent {
    a.zip(b).and_then(|(a, b)| a.checked_mul(b))
}

/// Checks that `groups`, concatenated, are the dimensions `0..rank` in order, each group
/// non-empty.
fn check_groups(groups: &[impl AsRef<[u32]>], rank: usize, which: &str) -> Result<(), String> {
    let flat: Vec<u32> = groups
        .iter()
        .flat_map(|g| g.as_ref().iter().copied())
        .collect();
    let ordered = flat.iter().enumerate().all(|(i, d)| *d as usize == i);
    if !ordered || flat.len() != rank || groups.iter().any(|g| g.as_ref().is_empty()) {
        return Err(format!(
            "the reassociation must list the {rank} dimensions of the {which} in order, in non-empty groups"
        ));
    }
    Ok(())
}

/// The result type of expanding `src` with `groups` (for each source dimension, the result
/// dimensions it becomes) to the sizes `sizes`.
pub fn expanded_type(
    src: &MemRefType,
    groups: &[impl AsRef<[u32]>],
    sizes: &[Extent],
) -> Result<MemRefType, String> {
    let rank = sizes.len();
    if groups.len() != src.rank() {
        return Err(format!(
            "the reassociation has {} groups; the source has rank {}",
            groups.len(),
            src.rank()
        ));
    }
    let (src_strides, offset) = src.strides_and_offset();
    let mut strides: Vec<Extent> = vec![Some(1); rank];
    if src.rank() == 0 {
        // A rank-0 source becomes dimensions of size 1.
        if sizes.iter().any(|s| *s != Some(1)) {
            return Err("expanding a rank-0 memref gives dimensions of size 1".to_string());
        }
    } else {
        check_groups(groups, rank, "result")?;
    }
    for (d, group) in groups.iter().enumerate() {
        let group = group.as_ref();
        let product = group.iter().try_fold(1i64, |acc, k| {
            sizes[*k as usize].and_then(|s| acc.checked_mul(s))
        });
        if let (Some(p), Some(s)) = (product, src.shape[d]) {
            if p != s {
                return Err(format!(
                    "the sizes of group {d} multiply to {p}, but the source's dimension {d} has {s}"
                ));
            }
        }
        let mut stride = src_strides[d];
        for k in group.iter().rev() {
            strides[*k as usize] = stride;
            stride = mul(stride, sizes[*k as usize]);
        }
    }
    Ok(canonical(MemRefType {
        shape: sizes.to_vec(),
        elem: src.elem,
        layout: Layout::Strided { strides, offset },
    }))
}

/// The source dimensions whose strides give a collapsed group's stride: the innermost
/// dimension not of size 1 (the outermost when every inner one is), where the type tells
/// which that is (the innermost, for the identity layout); every dimension of the group
/// where an inner one's size is dynamic, and then the stride is the least of theirs (as MLIR 19's `computeCollapsedType` and
/// `expand-strided-metadata` have it).
pub fn collapsed_stride_dims(src: &MemRefType, group: &[u32]) -> Vec<u32> {
    // The identity layout is contiguous: the innermost dimension's stride is the group's,
    // and the result has the identity layout too.
    if src.layout == Layout::Identity {
        return group.last().map(|d| vec![*d]).unwrap_or_default();
    }
    for (i, d) in group.iter().enumerate().rev() {
        if i == 0 {
            return vec![*d];
        }
        match src.shape.get(*d as usize).copied().flatten() {
            Some(1) => continue,
            Some(_) => return vec![*d],
            None => return group.to_vec(),
        }
    }
    Vec::new()
}

/// The result type of collapsing `src` with `groups` (for each result dimension, the
/// source dimensions it joins).
pub fn collapsed_type(
    src: &MemRefType,
    groups: &[impl AsRef<[u32]>],
) -> Result<MemRefType, String> {
    let (src_strides, offset) = src.strides_and_offset();
    if groups.is_empty() {
        // Every dimension of size 1 collapses to rank 0.
        if src.shape.iter().any(|s| *s != Some(1)) {
            return Err("collapsing to rank 0 needs every dimension of size 1".to_string());
        }
    } else {
        check_groups(groups, src.rank(), "source")?;
    }
    let mut shape = Vec::new();
    let mut strides = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        let group = group.as_ref();
        let size = group.iter().try_fold(1i64, |acc, d| {
            src.shape[*d as usize].and_then(|s| acc.checked_mul(s))
        });
        for pair in group.windows(2) {
            let (outer, inner) = (pair[0] as usize, pair[1] as usize);
            let want = mul(src_strides[inner], src.shape[inner]);
            let unit = src.shape[outer] == Some(1) || src.shape[inner] == Some(1);
            if let (Some(have), Some(want), false) = (src_strides[outer], want, unit) {
                if have != want {
                    return Err(format!(
                        "group {g} is not contiguous: dimension {outer} has stride {have}, not {want}"
                    ));
                }
            }
        }
        shape.push(size);
        strides.push(match collapsed_stride_dims(src, group).as_slice() {
            [d] => src_strides[*d as usize],
            _ => None,
        });
    }
    Ok(canonical(MemRefType {
        shape,
        elem: src.elem,
        layout: Layout::Strided { strides, offset },
    }))
}
