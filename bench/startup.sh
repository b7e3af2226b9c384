#!/usr/bin/env bash
# Start-up and memory: how long from launch until the first frame is in the window, and the
# peak memory of a headless Space Monopoly run (issue 17 asks for under 100 ms and 30 MB).
# Usage: bench/startup.sh [runs]   (default 11; needs an X display, or Xvfb to start one)
#
# The first frame: `spacemono --mute --exit-after-fields 1` opens the window, runs one field,
# presents it (minifb's update_with_buffer) and exits, so its wall-clock time is an upper
# bound on launch-to-first-frame (it includes the exit). Prints the best and the median.
# The memory: the maximum resident set size (GNU time's %M) of one minute of emulated play.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-11}
cargo build --release --quiet
bin=$PWD/target/release/spacemono

xvfb_pid=""
cleanup() { if [ -n "$xvfb_pid" ]; then kill "$xvfb_pid" 2>/dev/null || true; fi; }
trap cleanup EXIT
if [ -z "${DISPLAY:-}" ]; then
  command -v Xvfb >/dev/null || {
    echo "bench/startup.sh: no DISPLAY and no Xvfb (apt-get install xvfb)" >&2
    exit 1
  }
  export DISPLAY=:$((90 + RANDOM % 100))
  Xvfb "$DISPLAY" -screen 0 1280x1024x24 >/dev/null 2>&1 &
  xvfb_pid=$!
  # Wait until the server answers (xdpyinfo, from x11-utils, asks it; without it, a second).
  if command -v xdpyinfo >/dev/null; then
    for _ in $(seq 50); do
      xdpyinfo >/dev/null 2>&1 && break
      sleep 0.1
    done
  else
    sleep 1
  fi
fi

times=()
for _ in $(seq "$runs"); do
  s=$(date +%s%N)
  "$bin" --mute --exit-after-fields 1 </dev/null >/dev/null 2>&1
  e=$(date +%s%N)
  times+=($(((e - s) / 1000000)))
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
best=$(echo "$sorted" | head -1)
median=$(echo "$sorted" | sed -n "$(((runs + 1) / 2))p")
echo "launch to first frame (and exit), $runs runs: best $best ms, median $median ms"

mem=$(mktemp)
/usr/bin/time -o "$mem" -f '%M' "$bin" run roms/spacemono.bas --headless --keys "2" \
  --max-seconds 60 </dev/null >/dev/null 2>&1
kb=$(tail -1 "$mem")
rm -f "$mem"
echo "peak memory of a headless Space Monopoly minute: $kb KB ($(echo "scale=1; $kb / 1024" | bc) MB)"
