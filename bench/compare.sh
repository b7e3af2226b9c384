#!/usr/bin/env bash
# Speed, side by side: spacemono flat out against Debian's bwbasic on BM1–BM8 ×1000.
# Usage: bench/compare.sh [runs]   (needs `apt-get install bwbasic`)
# Prints a Markdown table of the best wall-clock time of each over the runs.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
command -v bwbasic >/dev/null || { echo "bench/compare.sh: bwbasic is not installed (apt-get install bwbasic)" >&2; exit 1; }
cargo build --release --quiet
bin=target/release/spacemono
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck source=bench/best.sh
. bench/best.sh

echo "| benchmark | bwbasic (s) | spacemono (s) | speed-up |"
echo "|---|---|---|---|"
for n in 1 2 3 4 5 6 7 8; do
  f=bench/bm${n}x1000.bas
  # bwbasic runs a program named on its command line, then waits at its prompt: feed it
  # an empty stdin so it exits.
  bw=$(best bwbasic "$f")
  sm=$(best "$bin" run "$f" --headless)
  ratio=$(echo "$bw / $sm" | bc -l)
  printf '| BM%d ×1000 | %s | %s | %.0f× |\n' "$n" "$bw" "$sm" "$ratio"
done
