#!/usr/bin/env bash
# The browser viewer's gateway under load (bench/README.md, "The browser gateway").
#
#   bench/web/run.sh [BUILD_DIR] [BROWSERS...]        (defaults: build, 10 100 500)
#
# One spear-server (8 bots racing from the start, loopback, a free port, at most ONE spectator
# per address: the gateway is one spectator however many browsers watch it) runs throughout.
# For each count a fresh spear-web (--max-browsers 600, all of them allowed from the one loopback
# address the stand-ins come from, a free port) joins it, bench_web_load
# watches it idle, opens that many WebSockets, holds them (HOLD seconds, default 10) and prints
# its figures; the server's spear_spectators gauge is read during the hold. With CHURN=K, one
# more gateway then serves the last count K times in a row (its idle memory before each shows
# what it keeps after browsers leave). Then, unless PAGE=0, the page's frame time in headless
# Chromium (page_frame_time.cjs, 1280x720). Figures and logs go to OUT (default a new directory
# under /tmp), one JSON file per run.
set -euo pipefail

build=${1:-build}
[[ $# -gt 0 ]] && shift
counts=("$@")
[[ ${#counts[@]} -eq 0 ]] && counts=(10 100 500)
hold=${HOLD:-10}
out=${OUT:-$(mktemp -d /tmp/spear-bench-web.XXXXXX)}
here=$(cd "$(dirname "$0")" && pwd)
bin=$build/bin
mkdir -p "$out"

pids=()
# shellcheck disable=SC2317  # run by the trap
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT

# Waits for a line matching $2 in the log $1 and prints the port at its end.
port_from_log() {
  local log=$1 pattern=$2 port=""
  for _ in $(seq 100); do
    port=$(grep -oE "$pattern" "$log" | grep -oE '[0-9]+$' | head -1 || true)
    [[ -n $port ]] && { echo "$port"; return 0; }
    sleep 0.1
  done
  echo "no port in $log" >&2
  return 1
}

"$bin/spear-server" --bots 8 --warmup-seconds 0 --port 0 --bind 127.0.0.1 --metrics-port 0 \
  --max-spectators-per-address 1 >"$out/server.log" 2>&1 &
server_pid=$!
pids+=("$server_pid")
udp=$(port_from_log "$out/server.log" 'udp 127\.0\.0\.1:[0-9]+')
metrics=$(port_from_log "$out/server.log" 'metrics on http://127\.0\.0\.1:[0-9]+')
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "spear-server on udp $udp (pid $server_pid); figures in $out"

start_gateway() {  # $1: log name; sets gateway_pid and http
  "$bin/spear-web" --connect "127.0.0.1:$udp" --http-port 0 --bind 127.0.0.1 \
    --max-browsers 600 --max-browsers-per-address 600 --max-connections-per-address 1264 \
    >"$out/$1" 2>&1 &
  gateway_pid=$!
  pids+=("$gateway_pid")
  http=$(port_from_log "$out/$1" 'http://127\.0\.0\.1:[0-9]+')
  for _ in $(seq 100); do
    curl -fsS "http://127.0.0.1:$http/stats.json" | grep -q '"connected":true' && return 0
    sleep 0.1
  done
  echo "spear-web did not reach the game server" >&2
  return 1
}

status=0
for n in "${counts[@]}"; do
  start_gateway "web-$n.log"
  # The game server's spectators, once a second while the browsers watch.
  (
    while kill -0 "$gateway_pid" 2>/dev/null; do
      curl -fsS "http://127.0.0.1:$metrics/metrics" 2>/dev/null | grep -E '^spear_spectators ' || true
      sleep 1
    done
  ) >"$out/spectators-$n.txt" &
  watcher=$!
  echo "== $n browsers"
  "$bin/bench_web_load" --gateway "127.0.0.1:$http" --browsers "$n" --hold "$hold" \
    --pid "$gateway_pid" --server-pid "$server_pid" --json "$out/load-$n.json" || status=1
  echo "game server spectators during the run: most $(sort -k2 -n "$out/spectators-$n.txt" | tail -1 | cut -d' ' -f2)"
  kill "$gateway_pid"
  wait "$gateway_pid" 2>/dev/null || true
  wait "$watcher" 2>/dev/null || true
done

churn=${CHURN:-0}
if ((churn > 0)); then
  start_gateway web-churn.log
  n=${counts[-1]}
  echo "== $n browsers, $churn times on one gateway"
  for i in $(seq "$churn"); do
    "$bin/bench_web_load" --gateway "127.0.0.1:$http" --browsers "$n" --hold "$hold" \
      --pid "$gateway_pid" --json "$out/churn-$i.json" | grep -E '^gateway (RSS|CPU)' || status=1
  done
  kill "$gateway_pid"
  wait "$gateway_pid" 2>/dev/null || true
fi

if [[ ${PAGE:-1} != 0 ]]; then
  start_gateway web-page.log
  echo "== the page in headless Chromium"
  node "$here/page_frame_time.cjs" --url "http://127.0.0.1:$http/" \
    --modules "$build/web/page/node_modules" --json "$out/page.json" || status=1
fi
exit $status
