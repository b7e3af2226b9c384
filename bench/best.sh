# Sourced by the bench scripts: `best CMD ARGS...` prints the best wall-clock time, in
# seconds, of the command over $runs runs (its input empty, its output thrown away).
best() {
  local b=""
  for _ in $(seq "$runs"); do
    local s e t
    s=$(date +%s.%N)
    "$@" </dev/null >/dev/null 2>&1 || true
    e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc -l)
    if [ -z "$b" ] || [ "$(echo "$t < $b" | bc -l)" = 1 ]; then b=$t; fi
  done
  printf '%.3f' "$b"
}
