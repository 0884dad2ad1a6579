#!/usr/bin/env python3
"""Camera speed irregularity of a spear-client frame trace (--frame-trace FILE).

Per frame the camera speed v = delta camera_x / dt, over the running frames (mode running, not
paused, past the first second of the trace and of each run (a race's start or a restart, where
the runner speeds up from standing), both this frame and the one before running on the same
followed runner, not in a target break's hit-stop, no cut: the camera went forwards by less
than 200 units). Each v is compared with the
median of the running frames within +-0.25 s (a running median, so that speeding up along the
course is no irregularity); where that median is 0 while the camera does move (a camera that
steps in whole ticks on a faster screen), the frame counts as fully irregular (1). Prints the p50, p99 and max of |v / median - 1| and the frame count.

  trace_irregularity.py TRACE [--skip S]     (--json: one JSON object instead)
"""
import json
import statistics
import sys

RUN_MODES = ("running", "jumping", "thrusting")  # a run goes on through these


def irregularity(path, skip=1.0):
    frames = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line:
                frames.append(json.loads(line))
    samples = []  # (t, v)
    run_start = None  # t of the first frame of the current run (standing, or a restart, before)
    for a, b in zip(frames, frames[1:]):
        d = b["camera_x"] - a["camera_x"]
        in_run = a["mode"] in RUN_MODES and b["mode"] in RUN_MODES
        if not in_run or d < 0 or d > 200 or a["followed"] != b["followed"]:
            run_start = None  # standing, fallen, or a cut (a restart, a resync)
        elif run_start is None:
            run_start = b["t"]
        if b["t"] < skip or b["dt"] <= 0 or run_start is None or b["t"] < run_start + skip:
            continue
        if a["mode"] != "running" or b["mode"] != "running" or a["paused"] or b["paused"]:
            continue
        if a["followed"] is None:
            continue
        if a.get("hit_stop") or b.get("hit_stop"):  # a target break holds the world on purpose
            continue
        samples.append((b["t"], d / b["dt"]))
    ratios = []
    lo = 0
    hi = 0
    for t, v in samples:
        while samples[lo][0] < t - 0.25:
            lo += 1
        while hi < len(samples) and samples[hi][0] <= t + 0.25:
            hi += 1
        window = [s[1] for s in samples[lo:hi]]
        m = statistics.median(window)
        if m > 1e-6:
            ratios.append(abs(v / m - 1.0))
        elif max(window) > 1e-6:
            ratios.append(1.0)  # the camera moves, but the typical frame stands still: stepping
    if not ratios:
        return {"frames": 0, "p50": None, "p99": None, "max": None}
    ratios.sort()
    q = lambda p: ratios[min(len(ratios) - 1, int(p * len(ratios)))]
    return {"frames": len(ratios), "p50": q(0.5), "p99": q(0.99), "max": ratios[-1]}


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    skip = 1.0
    if "--skip" in argv:
        skip = float(argv[argv.index("--skip") + 1])
        args = [a for a in args if a != argv[argv.index("--skip") + 1]]
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    r = irregularity(args[0], skip)
    if "--json" in argv:
        print(json.dumps(r))
    elif r["frames"] == 0:
        print("no running frames")
        return 1
    else:
        print("frames %d  p50 %.4f  p99 %.4f  max %.4f" % (r["frames"], r["p50"], r["p99"], r["max"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
