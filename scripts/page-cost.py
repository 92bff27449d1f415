#!/usr/bin/env python3
"""What a first-touched page of memory costs on this machine (measured: docs/history/benchmarks.md,
"one large function at 10^6 blocks"):
each run is a fresh process that maps MIB MiB and writes all of it (one `memset`), timed
inside the process. Runs follow one another at once, then after a pause of PAUSE seconds.

Why it matters: every page kiln's allocator takes from the kernel is written for the first
time once, and on a virtual machine that first write can cost far more than on bare metal
(the host may have to back the page too). This machine (a Firecracker guest with free page
reporting: `dmesg | grep -i report`) measured 2.2-3 us a page with this script; one
large function of 10^5 blocks takes about 217,000 pages. Comparing back-to-back runs with
runs after a pause shows whether memory freed a few seconds before costs less to take again.

usage: scripts/page-cost.py [MIB] [RUNS] [PAUSE]   (default 750 MiB, 3 runs, 5 s)
"""
import subprocess, sys, time

CHILD = r"""
import ctypes, mmap, sys, time
n = int(sys.argv[1]) << 20
m = mmap.mmap(-1, n, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
address = ctypes.addressof(ctypes.c_char.from_buffer(m))
start = time.perf_counter()
ctypes.memset(address, 1, n)
print(f"{(time.perf_counter() - start) * 1e3:.1f}")
"""


def touch(mib):
    out = subprocess.run([sys.executable, "-c", CHILD, str(mib)], capture_output=True,
                         text=True, check=True).stdout
    return float(out)


def main():
    mib = int(sys.argv[1]) if len(sys.argv) > 1 else 750
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    pause = float(sys.argv[3]) if len(sys.argv) > 3 else 5.0
    pages = mib * 256
    rows = []
    for i in range(runs):
        rows.append(("back to back" if i else "first", touch(mib)))
    for _ in range(runs):
        time.sleep(pause)
        rows.append((f"after {pause:g} s idle", touch(mib)))
    print(f"{mib} MiB ({pages} pages of 4 KiB), each written in full by a fresh process:")
    for label, ms in rows:
        print(f"  {label:>16}: {ms:8.1f} ms  {ms * 1e3 / pages:6.2f} us a page")


if __name__ == "__main__":
    main()
