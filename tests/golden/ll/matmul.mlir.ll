; [lower.unlowered] Error: corpus/matmul.mlir:2:11: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/matmul.mlir:5:3: no rule lowers `memref.dim`
; [lower.unlowered] Error: corpus/matmul.mlir:6:3: no rule lowers `memref.dim`
; [lower.unlowered] Error: corpus/matmul.mlir:7:3: no rule lowers `memref.dim`
; [lower.unlowered] Error: corpus/matmul.mlir:18:3: no rule lowers `memref.load`
; [lower.unlowered] Error: corpus/matmul.mlir:24:3: no rule lowers `memref.load`
; [lower.unlowered] Error: corpus/matmul.mlir:25:3: no rule lowers `memref.load`
; [lower.unlowered] Error: corpus/matmul.mlir:31:3: no rule lowers `memref.store`
