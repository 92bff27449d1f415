; [lower.unlowered] Error: corpus/legacy/c_wrappers.mlir:2:6: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/legacy/c_wrappers.mlir:4:6: no rule lowers `lower-type` (needed to lower `func.sig`)
