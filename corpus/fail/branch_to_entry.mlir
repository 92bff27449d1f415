// error: 4:9: `cf.br` branches to the entry block `^entry`, which may not have predecessors
func.func @f() {
^entry:
  cf.br ^entry
}
