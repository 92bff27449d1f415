"""A `kiln serve` client for the benchmark scripts: starts the server, sends one request
per call and exits with the reply when it is an error response, a compile with errors, or
`set_rules` with rule errors."""
import json, subprocess, sys, time


class Serve:
    def __init__(self, kiln):
        self.proc = subprocess.Popen([kiln, "serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.ident = 0

    def ask(self, method, **params):
        """The result, and the request's wall time in ms (the server's own when it says)."""
        self.ident += 1
        request = {"id": self.ident, "method": method, "params": params}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        t0 = time.perf_counter()
        reply = json.loads(self.proc.stdout.readline())
        result = reply.get("result", {})
        wall = result.get("milliseconds", (time.perf_counter() - t0) * 1000)
        rule_errors = [d for d in result.get("diagnostics", []) if d.get("severity") == "error"]
        if "error" in reply or result.get("errors") or rule_errors:
            sys.exit(f"{method}: {reply}")
        return result, wall

    def shutdown(self):
        self.ask("shutdown")
        self.proc.wait()


def added_function(text):
    """Where `ADD=1` of scripts/profile-edit.py and scripts/count-edit.sh adds a function to
    a generated module (scripts/gen_module.py), in its middle, and the function's text: the
    byte offset and the text inserted there."""
    added = ("func.func @added_function(%x: i32) -> i32 {\n"
             "  %y = arith.addi %x, %x : i32\n  func.return %y : i32\n}\n")
    pieces = text.split("func.func ")
    middle = len(pieces) // 2
    at = len("func.func ".join(pieces[:middle]).encode())
    return at, added


def removed_function(text):
    """Where `REMOVE=1` of scripts/count-edit.sh removes a function from a generated module
    (scripts/gen_module.py), in its middle: the byte range of the function's text. Each
    function of the module calls the one before it, so its caller is left calling a name
    no function has (an error) until it is put back."""
    pieces = text.split("func.func ")
    middle = len(pieces) // 2
    start = len("func.func ".join(pieces[:middle]).encode())
    return start, start + len(("func.func " + pieces[middle]).encode())


def with_added_function(text):
    """The module with the function of `added_function` added."""
    at, added = added_function(text)
    b = text.encode()
    return (b[:at] + added.encode() + b[at:]).decode()
