; [lower.unlowered] Error: corpus/c_interface.mlir:3:11: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/c_interface.mlir:5:3: no rule lowers `memref.load`
; [lower.unlowered] Error: corpus/c_interface.mlir:7:3: no rule lowers `memref.store`
; [lower.unlowered] Error: corpus/c_interface.mlir:19:19: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/c_interface.mlir:21:11: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/c_interface.mlir:22:3: no rule lowers `func.arg` (needed to lower `func.call`)
; [lower.unlowered] Error: corpus/c_interface.mlir:23:3: no rule lowers `func.arg` (needed to lower `func.return`)
