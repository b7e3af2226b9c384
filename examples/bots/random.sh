#!/bin/sh
# A player for Space Monopoly or Starlanes played by file (roms/PLAY-BY-FILE.md): it picks a
# random legal move and random purchases. POSIX shell and awk only.
#
#   sh examples/bots/random.sh DIR PLAYER [SEED]
#
# DIR is the game folder of `spacemono play DIR ...`, PLAYER this bot's seat (1-4). It reads
# Turn_1.txt, Turn_2.txt, ... in order, answers those that ask PLAYER, and stops at the
# standings (ASK:NONE). If an order is refused (Player_P_Turn_N.error) it answers again.
set -u
dir=${1:?usage: random.sh DIR PLAYER [SEED]}
me=${2:?usage: random.sh DIR PLAYER [SEED]}
seed=${3:-$$}

nap() { sleep 0.02 2>/dev/null || sleep 1; }

# orders TURNFILE SALT: the orders for one turn file, on standard output.
orders() {
  awk -v salt="$2" '
    BEGIN { srand(salt) }
    /^PLAYER:/ { if (player == "") player = substr($0, 8) }
    /^ASK:/ { ask = substr($0, 5) }
    /^CHOICE:MOVE / { moves[++nm] = substr($0, 8) }
    /^COMPANY:/ {
      split($0, f, " "); letter = substr(f[1], 9); price[letter] = substr(f[2], 7)
      letters[++nl] = letter
    }
    /^HOLDER:/ {
      split($0, f, " "); if (substr(f[1], 8) == player) cash = substr(f[2], 6)
    }
    END {
      if (ask == "MOVE") print moves[int(rand() * nm) + 1]
      if (ask == "BUY" || ask == "TRADE") {
        for (i = 1; i <= nl; i++) {
          l = letters[i]; most = int(cash / price[l])
          n = int(rand() * (most + 1))
          if (n > 0) { print "BUY " l " " n; cash -= n * price[l] }
        }
      }
      print "END"
    }' "$1"
}

# answer N: write this player's order file for turn N (through a temporary file, so the
# host never reads half of it).
answer() {
  salt=$((seed * 131 + $1 * 7 + tries))
  orders "$dir/Turn_$1.txt" "$salt" > "$dir/.random-$me.tmp" &&
    mv "$dir/.random-$me.tmp" "$dir/Player_${me}_Turn_$1.txt"
}

n=1
while :; do
  turn="$dir/Turn_$n.txt"
  if [ ! -f "$turn" ]; then nap; continue; fi
  grep -q '^ASK:NONE' "$turn" && exit 0
  if grep -q "^PLAYER:$me\$" "$turn" && grep -q '^SEAT:FILE' "$turn"; then
    tries=0
    answer "$n"
    # Wait for the next turn; answer again if this one was refused.
    while [ ! -f "$dir/Turn_$((n + 1)).txt" ]; do
      if [ -f "$dir/Player_${me}_Turn_$n.error" ] && [ "$dir/Player_${me}_Turn_$n.error" -nt "$dir/Player_${me}_Turn_$n.txt" ]; then
        tries=$((tries + 1))
        answer "$n"
      fi
      nap
    done
  fi
  n=$((n + 1))
done
