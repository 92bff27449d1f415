// Operations of no dialect kiln knows, detached regions, successors, attributes of every
// kind, multi-result values and forward references to blocks.
"x.top"() ({
^bb0(%a: i32, %b: f32):
  %0:3 = "x.multi"(%a) {big = 1 : i128, f = 2.5 : f32, s = "q\"uote", arr = [1, 2.0, "x"], d = dense<[1, 2]> : tensor<2xi32>, m = affine_map<(d0) -> (d0 + 1)>} : (i32) -> (i32, i32, f32)
  %later = "x.def"() <{prop = unit}> : () -> i64
  "x.use"(%0#2, %later) : (f32, i64) -> ()
  "x.br"(%0#1)[^bb1, ^bb2] : (i32) -> ()
^bb1(%x: i32):
  "x.region"() ({
    "x.inner"(%x, %b) : (i32, f32) -> ()
  }) : () -> ()
  "x.br"()[^bb2] : () -> ()
^bb2:
  "x.end"() : () -> ()
}) : () -> ()
