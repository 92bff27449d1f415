#!/bin/sh
# The shared cache of compiled code, in one run: a memref module of N functions
# (scripts/gen_memref_module.py) compiled to an object at -O0 with the release `kiln`:
#   cold     no cache
#   fill     an empty cache (the first machine: compiles and stores)
#   warm     a new process with the warm cache and no other state (a second machine)
#   edited   a new process, the module with one function edited: the whole output misses,
#            the units the edit left alone come from the cache
# The cache is nginx's WebDAV on loopback (as the tests start it) when nginx is installed,
# else a directory. Prints the median wall time of 3 runs of each and the ratios to cold.
# usage: scripts/bench-shared-cache.sh [N]
set -eu
cd "$(dirname "$0")/.."
N=${1:-10000}
export LLVM_SYS_191_PREFIX="${LLVM_SYS_191_PREFIX:-/usr/lib/llvm-19}"
cargo build --release -q --bin kiln
KILN=target/release/kiln
dir=$(mktemp -d)
nginx_pid=""
cleanup() {
    [ -z "$nginx_pid" ] || kill "$nginx_pid" 2>/dev/null || true
    rm -rf "$dir"
}
trap cleanup EXIT
python3 scripts/gen_memref_module.py "$N" > "$dir/m.mlir"
# One function edited: a store of another constant.
python3 - "$dir/m.mlir" "$dir/edited.mlir" <<'PY'
import sys
text = open(sys.argv[1]).read()
open(sys.argv[2], "w").write(text.replace("arith.remui", "arith.divui", 1))
PY
if [ -x /usr/sbin/nginx ]; then
    mkdir -p "$dir/www/kiln" "$dir/tmp"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    cat > "$dir/nginx.conf" <<CONF
daemon off; master_process off; worker_processes 1; pid $dir/nginx.pid; error_log $dir/error.log;
events { worker_connections 256; }
http { access_log off; client_body_temp_path $dir/tmp; proxy_temp_path $dir/tmp; fastcgi_temp_path $dir/tmp;
  server { listen 127.0.0.1:$port; root $dir/www; client_max_body_size 0;
    location /kiln/ { dav_methods PUT DELETE MKCOL; create_full_put_path on; dav_access user:rw; } } }
CONF
    /usr/sbin/nginx -e "$dir/error.log" -p "$dir" -c "$dir/nginx.conf" &
    nginx_pid=$!
    sleep 1
    url="http://127.0.0.1:$port/kiln/"
    clear_cache() { rm -rf "$dir/www/kiln"; mkdir -p "$dir/www/kiln"; }
else
    url="$dir/cache"
    clear_cache() { rm -rf "$dir/cache"; }
fi
echo "cache: $url" >&2
: > "$dir/runs"
timed() {  # appends "LABEL wall"
    label=$1
    shift
    /usr/bin/time -f '%e' -o "$dir/t" "$@" >/dev/null 2>"$dir/err" || { cat "$dir/err" >&2; exit 1; }
    echo "$label $(tail -n 1 "$dir/t")" >> "$dir/runs"
}
for _ in 1 2 3; do
    timed cold "$KILN" compile "$dir/m.mlir" -o "$dir/cold.o"
    clear_cache
    timed fill "$KILN" compile "$dir/m.mlir" -o "$dir/fill.o" --cache "$url"
    timed warm "$KILN" compile "$dir/m.mlir" -o "$dir/warm.o" --cache "$url"
    timed edited "$KILN" compile "$dir/edited.mlir" -o "$dir/edited.o" --cache "$url"
    cmp "$dir/cold.o" "$dir/warm.o"
done
"$KILN" compile "$dir/edited.mlir" -o "$dir/edited-plain.o"
cmp "$dir/edited.o" "$dir/edited-plain.o"
python3 - "$dir/runs" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    label, wall = line.split()
    runs.setdefault(label, []).append(float(wall))
cold = statistics.median(runs["cold"])
for label in ["cold", "fill", "warm", "edited"]:
    t = statistics.median(runs[label])
    print(f"{label:7} {t:7.2f} s   {t / cold:5.3f} of cold")
PY
echo "outputs: warm and edited byte-identical to compiles without a cache"
