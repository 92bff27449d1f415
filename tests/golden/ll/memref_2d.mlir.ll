; [lower.unlowered] Error: corpus/memref_2d.mlir:3:11: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/memref_2d.mlir:7:3: no rule lowers `memref.dim`
; [lower.unlowered] Error: corpus/memref_2d.mlir:13:3: no rule lowers `memref.load`
; [lower.unlowered] Error: corpus/memref_2d.mlir:22:11: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/memref_2d.mlir:23:3: no rule lowers `memref.store`
