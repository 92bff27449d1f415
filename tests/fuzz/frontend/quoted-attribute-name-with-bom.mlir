func.func @f(%a: i32) attributes {"fu﻿nc.varargs" = true} {
  func.return
}
