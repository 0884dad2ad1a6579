#!/usr/bin/env bash
# Camera speed irregularity (issue 15): p99 of |v / running median − 1| of the per-frame camera
# speed over running frames, from spear-client's --frame-trace, at 60, 75 and 144 Hz with 2 ms
# of frame jitter, in local play (embedded server) and through spear-netsim (60 ms, ±10 ms,
# 2 % loss) to a spear-server. Target: under 0.03 everywhere.
#   bench/feel/camera_irregularity.sh [BUILD_DIR] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin="${1:-build}/bin"
seconds="${2:-10}"
reader=bench/feel/trace_irregularity.py
work=$(mktemp -d)
trap 'rm -rf "$work"; kill $(jobs -p) 2>/dev/null || true' EXIT

free_port() { python3 -c 'import socket; s=socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

printf '%-10s %6s %8s %8s %8s %8s %s\n' where hz frames p50 p99 max "prediction checks/mismatches"
for hz in 60 75 144; do
  "$bin/spear-client" --headless --duration "$seconds" --autoplay --seed 3 --frame-rate "$hz" \
    --frame-jitter-ms 2 --frame-trace "$work/e$hz.jsonl" --stats-json "$work/e$hz.json" \
    >/dev/null 2>&1
  python3 - "$reader" "$work/e$hz.jsonl" "$work/e$hz.json" embedded "$hz" <<'PY'
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("r", sys.argv[1]); r = importlib.util.module_from_spec(spec); spec.loader.exec_module(r)
x = r.irregularity(sys.argv[2]); st = json.load(open(sys.argv[3]))
print("%-10s %6s %8d %8.4f %8.4f %8.4f %d/%d" % (sys.argv[4], sys.argv[5], x["frames"], x["p50"], x["p99"], x["max"], st["prediction_checks"], st["prediction_mismatches"]))
PY
done
for hz in 60 75 144; do
  sp=$(free_port); rp=$(free_port)
  "$bin/spear-server" --bind 127.0.0.1 --port "$sp" --bots 3 --seed 3 --warmup-seconds 0 \
    --duration $((seconds + 4)) --log-level warn >/dev/null 2>&1 &
  server=$!
  "$bin/spear-netsim" --listen "127.0.0.1:$rp" --to "127.0.0.1:$sp" --delay-ms 60 --jitter-ms 10 \
    --loss 0.02 --seed 5 --duration $((seconds + 3)) >/dev/null 2>&1 &
  netsim=$!
  sleep 0.3
  "$bin/spear-client" --headless --connect "127.0.0.1:$rp" --duration "$seconds" --autoplay \
    --frame-rate "$hz" --frame-jitter-ms 2 --frame-trace "$work/n$hz.jsonl" \
    --stats-json "$work/n$hz.json" >/dev/null 2>&1
  kill "$netsim" "$server" 2>/dev/null || true
  wait "$netsim" "$server" 2>/dev/null || true
  python3 - "$reader" "$work/n$hz.jsonl" "$work/n$hz.json" netsim "$hz" <<'PY'
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("r", sys.argv[1]); r = importlib.util.module_from_spec(spec); spec.loader.exec_module(r)
x = r.irregularity(sys.argv[2]); st = json.load(open(sys.argv[3]))
print("%-10s %6s %8d %8.4f %8.4f %8.4f %d/%d" % (sys.argv[4], sys.argv[5], x["frames"], x["p50"], x["p99"], x["max"], st["prediction_checks"], st["prediction_mismatches"]))
PY
done
