// error: 2:11: external function `@ext` must be declared `private` (a public symbol needs a body)
func.func @ext(i32) -> i32
