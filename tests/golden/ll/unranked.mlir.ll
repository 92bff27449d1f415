; [lower.unlowered] Error: corpus/unranked.mlir:3:19: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/unranked.mlir:5:11: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/unranked.mlir:6:3: no rule lowers `memref.rank`
; [lower.unlowered] Error: corpus/unranked.mlir:10:11: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/unranked.mlir:11:3: no rule lowers `memref.cast`
; [lower.unlowered] Error: corpus/unranked.mlir:15:3: no rule lowers `memref.load`
; [lower.unlowered] Error: corpus/unranked.mlir:20:11: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/unranked.mlir:21:3: no rule lowers `memref.cast`
; [lower.unlowered] Error: corpus/unranked.mlir:25:11: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/unranked.mlir:26:3: no rule lowers `lower-type` (needed to lower `func.call`)
; [lower.unlowered] Error: corpus/unranked.mlir:29:3: no rule lowers `lower-type` (needed to lower `func.return`)
