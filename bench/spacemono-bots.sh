#!/bin/sh
# A game's computer player against the example bots, played by file (issue 15).
#
#   sh bench/spacemono-bots.sh random|greedy|computers GAMES [JOBS]
#   GAME=starlanes sh bench/spacemono-bots.sh ...     (default GAME=space-monopoly)
#
# random, greedy: GAMES 2-player games of the game's computer player against
# examples/bots/random.sh or examples/bots/greedy.py, the seeds 40001..40000+GAMES, the computer
# in seat 1 in odd games and seat 2 in even ones; it counts the computer's wins.
# computers: GAMES 4-player games of four computer seats; it counts each seat's wins.
# Why seeds from 40001: the games seed RND with X=RND(-TIMER), and RND(-x) takes only x's
# mantissa (docs/float.md §16), so TIMER values a power of 2 apart give the same galaxy (seeds 1-500
# hold only about 270 different games). From 32768 to 65535 every TIMER value has its own
# mantissa, so each seed here is a galaxy of its own.
# JOBS games run at once (default 2). The binary is $SPACEMONO, or target/release/spacemono
# (build it first: cargo build --release). One line per game goes to standard error:
# SEED COMPUTER-SEAT WINNER (0: a shared first place).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${SPACEMONO:-$root/target/release/spacemono}
game=${GAME:-space-monopoly}

if [ "${1:-}" = one ]; then
  # one OPPONENT SEED: play one game; print SEED SEAT WINNER.
  opp=$2 seed=$3
  dir=$(mktemp -d "${TMPDIR:-/tmp}/spacemono-bots.XXXXXX")
  if [ "$opp" = computers ]; then
    set +e
    "$bin" play "$dir/g" --game "$game" --seat 1=computer --seat 2=computer --seat 3=computer \
      --seat 4=computer --seed "$seed" --headless --poll-ms 2 >/dev/null 2>&1
    winner=$?
    set -e
    echo "$seed 0 $winner"
  else
    cpu=$((2 - seed % 2)) bot=$((1 + seed % 2))
    mkdir -p "$dir/g"
    if [ "$opp" = random ]; then
      sh "$root/examples/bots/random.sh" "$dir/g" "$bot" "$seed" >/dev/null 2>&1 &
    else
      python3 "$root/examples/bots/greedy.py" "$dir/g" "$bot" >/dev/null 2>&1 &
    fi
    botpid=$!
    set +e
    "$bin" play "$dir/g" --game "$game" --seat "$cpu=computer" --seat "$bot=file" --seed "$seed" \
      --headless --poll-ms 2 >/dev/null 2>&1
    winner=$?
    set -e
    wait "$botpid" 2>/dev/null || true
    echo "$seed $cpu $winner"
  fi
  rm -rf "$dir"
  exit 0
fi

opp=${1:?usage: spacemono-bots.sh random|greedy|computers GAMES [JOBS]}
games=${2:?usage: spacemono-bots.sh random|greedy|computers GAMES [JOBS]}
jobs=${3:-2}
case $opp in random | greedy | computers) ;; *) echo "unknown opponent $opp" >&2; exit 2 ;; esac
[ -x "$bin" ] || { echo "no $bin: cargo build --release" >&2; exit 2; }

seq 40001 "$((40000 + games))" | xargs -P "$jobs" -I{} sh "$0" one "$opp" {} | tee /dev/stderr | awk -v opp="$opp" '
  { n++; w[$3]++; if ($2 > 0 && $3 == $2) cpu++; if ($3 == 255) bad++ }
  END {
    if (opp == "computers") {
      for (s = 1; s <= 4; s++) printf "seat %d won %d of %d (%.1f%%)\n", s, w[s], n, 100 * w[s] / n
      printf "shared %d\n", w[0]
    } else {
      printf "computer won %d of %d against %s (%.1f%%), shared %d\n", cpu, n, opp, 100 * cpu / n, w[0]
    }
    if (bad) printf "%d games ended in an error\n", bad
  }'
