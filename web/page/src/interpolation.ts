// The snapshot buffer, after the client's (client/core/interpolation_buffer.*, server_clock.*):
// frames go in as they arrive; every drawn frame a playback clock running at
// (estimated server time − delay) samples each runner between the two frames around it. The
// delay is the client's: a number of snapshot intervals plus twice the measured arrival jitter,
// clamped to 20–500 ms; it starts high (5 intervals, as the client does) and settles to two
// intervals once the stream has been clean for a while, raised again by runs of lost frames.
// The playback clock is steered (0.9×–1.1× real time), never jumped, unless it is 0.5 s off.
// Simpler than the C++ (no extrapolation, no rebuilt snapshots): past the newest frame a runner
// is held where it was; a runner missing from some frames is drawn between its appearances
// across a gap of up to 0.4 s, held (listed in `others`) or gone.
import type { FrameMsg, RunnerPose } from './types';
import { JOINT_COUNT } from './types';

// --- ServerClock (client/core/server_clock.cpp) ---------------------------------------------
const kRiseGain = 0.25;
const kFallGain = 0.02;
const kJitterGain = 0.1;
const kResync = 1.0;

export class ServerClock {
  valid = false;
  offset = 0;
  jitter = 0;

  onSnapshot(serverTime: number, localTime: number): void {
    const s = serverTime - localTime;
    if (!this.valid || Math.abs(s - this.offset) > kResync) {
      this.valid = true;
      this.offset = s;
      this.jitter = 0;
      return;
    }
    const late = this.offset - s;
    this.offset += (late < 0 ? kRiseGain : kFallGain) * (s - this.offset);
    this.jitter += kJitterGain * ((late > 0 ? late : 0) - this.jitter);
  }

  serverTimeAt(localTime: number): number {
    return this.valid ? localTime + this.offset : 0;
  }
}

// --- The buffer ----------------------------------------------------------------------------
export const config = {
  delayIntervals: 2.0,
  lossyDelayIntervals: 3.5,
  burstDelayIntervals: 5.0,
  jitterMargin: 2.0,
  minDelay: 0.02,
  maxDelay: 0.5,
  delaySlew: 0.5, // intervals a second
  burstMemory: 10.0, // seconds a run of losses keeps the delay up
  capacity: 64,
  maxGapSeconds: 0.4, // kMaxRunnerGapTicks at 60 Hz
  clockGain: 2.0,
  maxRateChange: 0.1,
  resnap: 0.5,
};

interface Snap {
  tick: number;
  time: number; // tick / tick_rate, seconds
  frame: FrameMsg;
  byId: Map<number, RunnerPose>;
  listed: Set<number>; // others
}

// A runner as drawn this frame.
export interface Sampled {
  id: number;
  mode: number;
  flags: number;
  score: number;
  distance: number;
  joints: Float32Array; // 30 values, units relative to the anchor
  headR: number;
  sx: number;
  sy: number;
  speed: number; // ground speed, units/s, from the anchor's travel between frames
}

export interface SampleResult {
  renderTime: number;
  renderTick: number;
  frame: FrameMsg | null; // the newest frame at or before the render time (scoreboard, course)
  runners: Sampled[];
}

function pack(r: RunnerPose, speed: number): Sampled {
  return {
    id: r.id,
    mode: r.mode,
    flags: r.flags,
    score: r.score,
    distance: r.distance,
    joints: r.joints,
    headR: r.headR,
    sx: r.sx,
    sy: r.sy,
    speed,
  };
}

function lerpRunner(a: RunnerPose, b: RunnerPose, u: number, speed: number): Sampled {
  const joints = new Float32Array(JOINT_COUNT * 2);
  for (let i = 0; i < joints.length; ++i) joints[i] = a.joints[i] + (b.joints[i] - a.joints[i]) * u;
  const near = u < 0.5 ? a : b;
  return {
    id: a.id,
    mode: near.mode,
    flags: near.flags,
    score: near.score,
    distance: a.distance + (b.distance - a.distance) * u,
    joints,
    headR: a.headR + (b.headR - a.headR) * u,
    sx: a.sx + (b.sx - a.sx) * u,
    sy: a.sy + (b.sy - a.sy) * u,
    speed,
  };
}

export class Interpolator {
  tickRate = 60;
  snapshotRate = 30;
  readonly clock = new ServerClock();
  private snaps: Snap[] = [];
  private playing = false;
  private renderTime = 0;
  private lastLocal = 0;
  private extra = config.burstDelayIntervals - config.delayIntervals; // start high, like the client
  private extraGoal = this.extra;
  private lastBurst = -Infinity; // local time of the last run of losses (start: as if one just now)
  private newestTick = -1;
  delay = 0; // seconds: estimated server time now minus the time shown (after sample())

  setRates(tickRate: number, snapshotRate: number): void {
    if (tickRate > 0) this.tickRate = tickRate;
    if (snapshotRate > 0) this.snapshotRate = snapshotRate;
  }

  reset(): void {
    this.snaps = [];
    this.playing = false;
    this.clock.valid = false;
    this.clock.offset = 0;
    this.clock.jitter = 0;
    this.extra = this.extraGoal = config.burstDelayIntervals - config.delayIntervals;
    this.lastBurst = -Infinity;
    this.newestTick = -1;
    this.delay = 0;
  }

  get size(): number {
    return this.snaps.length;
  }

  targetDelay(): number {
    const base = (config.delayIntervals + this.extra) / this.snapshotRate;
    return Math.min(Math.max(base + config.jitterMargin * this.clock.jitter, config.minDelay), config.maxDelay);
  }

  push(frame: FrameMsg, localTime: number): void {
    const time = frame.tick / this.tickRate;
    // A server restart (ticks going back far) starts over.
    if (this.newestTick >= 0 && frame.tick + this.tickRate * 2 < this.newestTick) this.reset();
    if (this.lastBurst === -Infinity) this.lastBurst = localTime;
    this.clock.onSnapshot(time, localTime);
    const stride = Math.max(1, Math.round(this.tickRate / this.snapshotRate));
    if (this.newestTick >= 0 && frame.tick > this.newestTick) {
      const lost = Math.round((frame.tick - this.newestTick) / stride) - 1;
      if (lost >= 2) {
        this.lastBurst = localTime;
        const goal = (lost >= 3 ? config.burstDelayIntervals : config.lossyDelayIntervals) - config.delayIntervals;
        this.extraGoal = Math.max(this.extraGoal, goal);
      }
    }
    this.newestTick = Math.max(this.newestTick, frame.tick);
    // Insert in tick order; a duplicate replaces nothing.
    let i = this.snaps.length;
    while (i > 0 && this.snaps[i - 1].tick > frame.tick) --i;
    if (i > 0 && this.snaps[i - 1].tick === frame.tick) return;
    const byId = new Map<number, RunnerPose>();
    for (const r of frame.runners) byId.set(r.id, r);
    const listed = new Set<number>();
    for (const o of frame.others) listed.add(o.id);
    this.snaps.splice(i, 0, { tick: frame.tick, time, frame, byId, listed });
    while (this.snaps.length > config.capacity) this.snaps.shift();
  }

  private advance(localTime: number): void {
    const dt = this.playing ? Math.max(0, localTime - this.lastLocal) : 0;
    // The delay's extra intervals: down after a clean stretch, up after a run of losses, slowly.
    if (localTime - this.lastBurst > config.burstMemory) this.extraGoal = 0;
    const step = config.delaySlew * dt;
    this.extra += Math.max(-step, Math.min(step, this.extraGoal - this.extra));
    const now = this.clock.serverTimeAt(localTime);
    const target = now - this.targetDelay();
    if (!this.playing) {
      this.playing = true;
      this.renderTime = target;
    } else {
      const err = target - (this.renderTime + dt);
      if (Math.abs(err) > config.resnap) this.renderTime = target;
      else
        this.renderTime +=
          dt * (1 + Math.max(-config.maxRateChange, Math.min(config.maxRateChange, err * config.clockGain)));
    }
    this.lastLocal = localTime;
    this.delay = now - this.renderTime;
  }

  sample(localTime: number): SampleResult {
    if (this.snaps.length === 0 || !this.clock.valid) {
      return { renderTime: 0, renderTick: 0, frame: null, runners: [] };
    }
    this.advance(localTime);
    const t = this.renderTime;
    const snaps = this.snaps;
    // a: the newest at or before t (index), b: the one after it.
    let ai = -1;
    for (let i = snaps.length - 1; i >= 0; --i) {
      if (snaps[i].time <= t) {
        ai = i;
        break;
      }
    }
    const renderTick = t * this.tickRate;
    if (ai < 0) return { renderTime: t, renderTick, frame: null, runners: [] }; // early: nothing yet
    // Forget what playback has left behind (keep one before a).
    if (ai > 1) {
      snaps.splice(0, ai - 1);
      ai = 1;
    }
    const a = snaps[ai];
    const ids = new Set<number>();
    for (const id of a.byId.keys()) ids.add(id);
    for (const id of a.listed) ids.add(id);
    const out: Sampled[] = [];
    for (const id of ids) {
      // p: its last appearance at or before t; n: its next one after t.
      let pi = -1;
      for (let i = ai; i >= 0; --i) {
        if (snaps[i].byId.has(id)) {
          pi = i;
          break;
        }
      }
      if (pi < 0) continue; // listed, never seen with a pose: nothing to draw
      const p = snaps[pi];
      const pr = p.byId.get(id)!;
      let n: Snap | null = null;
      for (let i = ai + 1; i < snaps.length; ++i) {
        if (snaps[i].byId.has(id)) {
          n = snaps[i];
          break;
        }
        if (!snaps[i].listed.has(id)) break; // left: not in the race in that frame
      }
      if (n && n.time - p.time <= config.maxGapSeconds + 1e-9) {
        const nr = n.byId.get(id)!;
        const span = n.time - p.time;
        const u = span > 0 ? Math.min(1, Math.max(0, (t - p.time) / span)) : 1;
        const speed = span > 0 ? (nr.distance - pr.distance) / span : 0;
        out.push(lerpRunner(pr, nr, u, speed));
        continue;
      }
      // Hold: in the newest frame at or before t, or listed there for a short gap.
      if (pi === ai || t - p.time <= config.maxGapSeconds) {
        let speed = 0;
        if (pi > 0) {
          const q = snaps[pi - 1].byId.get(id);
          if (q && p.time > snaps[pi - 1].time) speed = (pr.distance - q.distance) / (p.time - snaps[pi - 1].time);
        }
        out.push(pack(pr, pi === ai && t - p.time < 0.1 ? speed : 0));
      }
    }
    out.sort((x, y) => x.id - y.id);
    return { renderTime: t, renderTick, frame: a.frame, runners: out };
  }
}
