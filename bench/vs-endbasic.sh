#!/usr/bin/env bash
# Speed, side by side: spacemono flat out against EndBASIC (Rust, 64-bit floats) on BM1–BM8 ×1000.
# Usage: bench/vs-endbasic.sh [runs]
# Installs EndBASIC with `cargo install endbasic` if it is not on the PATH (or in ~/.cargo/bin).
# Prints a Markdown table of the best wall-clock time of each over the runs (default 3; the two
# take turns, one run each) and the ratio spacemono/EndBASIC (below 1: spacemono is faster).
#
# The programs are bench/bmNx1000.bas, converted for EndBASIC: `THEN n` becomes `THEN GOTO n`,
# `NEXT K` a bare `NEXT`, `DIM M(5)` gets one more element (EndBASIC counts from 0 to n-1) and
# `K=0` becomes `K=0.0` so that K is a float, as every Dragon variable is.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
export PATH="$PATH:$HOME/.cargo/bin"
if ! command -v endbasic >/dev/null; then
  echo "bench/vs-endbasic.sh: installing EndBASIC (cargo install endbasic)" >&2
  cargo install endbasic >&2
fi
cargo build --release --quiet
bin=target/release/spacemono
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck source=bench/best.sh
. bench/best.sh
lower() { # the lower of two times; an empty first one is no time yet
  if [ -z "$1" ] || [ "$(echo "$2 < $1" | bc -l)" = 1 ]; then echo "$2"; else echo "$1"; fi
}

to_endbasic() { # Dragon BASIC on stdin, EndBASIC on stdout
  sed -E \
    -e 's/THEN ([0-9]+)/THEN GOTO \1/' \
    -e 's/NEXT [A-Z]+$/NEXT/' \
    -e 's/DIM M\(5\)/DIM M(6)/' \
    -e 's/K=0$/K=0.0/'
}

echo "| benchmark | EndBASIC (s) | spacemono (s) | spacemono / EndBASIC |"
echo "|---|---|---|---|"
for n in 1 2 3 4 5 6 7 8; do
  f=bench/bm${n}x1000.bas
  eb=$work/bm${n}x1000.bas
  to_endbasic <"$f" >"$eb"
  # Both must print S and E: a program EndBASIC refuses would time its error message.
  out=$(endbasic "$eb" </dev/null 2>&1 | tr -d '\r' | tr '\n' ' ')
  case "$out" in
    "S E "*) ;;
    *) echo "bench/vs-endbasic.sh: EndBASIC did not run $eb: $out" >&2; exit 1 ;;
  esac
  # One run of each in turn, so that both see the same moments of a shared machine; the
  # best of each.
  ebt=""
  sm=""
  for _ in $(seq "$runs"); do
    ebt=$(lower "$ebt" "$(runs=1 best endbasic "$eb")")
    sm=$(lower "$sm" "$(runs=1 best "$bin" run "$f" --headless)")
  done
  ratio=$(echo "$sm / $ebt" | bc -l)
  printf '| BM%d ×1000 | %s | %s | %.2f |\n' "$n" "$ebt" "$sm" "$ratio"
done
