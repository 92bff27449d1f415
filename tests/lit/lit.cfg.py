# lit configuration of kiln's MLIR-style integration tests: RUN lines drive `kiln opt` and
# `kiln cpu-runner` (and, beside them, MLIR 19's own tools on the same file), CHECK lines
# are LLVM 19's FileCheck. Run by the README's test command: `lit tests/lit`.
import os
import re

import lit.formats

config.name = "kiln"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.test_source_root, "Output")

root = os.path.abspath(os.path.join(config.test_source_root, "..", ".."))
llvm_bin = "/usr/lib/llvm-19/bin"
kiln = os.environ.get("KILN", os.path.join(root, "target", "debug", "kiln"))

config.substitutions.append(("%kiln", kiln))
config.substitutions.append(("%mlir-opt", os.path.join(llvm_bin, "mlir-opt")))
config.substitutions.append(("%mlir-translate", os.path.join(llvm_bin, "mlir-translate")))
# MLIR 19's C runtime (Debian's `libmlir-19`), where `memrefCopy` lives.
config.substitutions.append(
    ("%mlir-runtime", os.path.join(os.path.dirname(llvm_bin), "lib", "libmlir_c_runner_utils.so.19.1"))
)
config.substitutions.append(("%mlir-cpu-runner", os.path.join(llvm_bin, "mlir-cpu-runner")))
# MLIR 19's own lowering of these programs: the pipeline `kiln run --via-mlir` runs, read
# from its one definition (`PIPELINE` in verify/src/reference.rs) so that the two cannot drift.
with open(os.path.join(root, "verify", "src", "reference.rs")) as f:
    reference = f.read()
pipeline = re.search(r"pub const PIPELINE: &\[&str\] = &\[(.*?)\];", reference, re.S)
if pipeline is None:
    raise RuntimeError("verify/src/reference.rs defines no PIPELINE")
config.substitutions.append(("%mlir-lower", " ".join(re.findall(r'"([^"]+)"', pipeline.group(1)))))
config.environment["PATH"] = os.pathsep.join([llvm_bin, os.environ.get("PATH", "")])
