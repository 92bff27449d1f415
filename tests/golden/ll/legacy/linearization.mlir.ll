; [lower.unlowered] Error: corpus/legacy/linearization.mlir:3:6: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/legacy/linearization.mlir:4:3: no rule lowers `memref.load`
; [lower.unlowered] Error: corpus/legacy/linearization.mlir:8:6: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/legacy/linearization.mlir:9:3: no rule lowers `memref.store`
