; error[codegen]: `@pick`: a conditional branch names block 1 twice with different arguments (successor de-duplication is a convention of issue #5)
