// Secondary motion, ported from shared/rig/secondary.cpp (rig.md §10): a damped spring for the
// head and a 4-point verlet ponytail, cosmetic, one set per runner, stepped with the frame's dt
// (clamped to 33 ms). Under reduced motion neither wobbles: the head sits where the pose puts it
// and the hair hangs in a fixed shape behind it.
import { add, dist, dot, finiteV, len, lerp, mul, sub, v, type V } from './vec';

export const kHeadStiffness = 260;
export const kHeadDamping = 26;
export const kHeadMaxLag = 2;
export const kHairPoints = 4;
export const kHairLink = 9;

const kSpringSubstep = 1 / 240;
const kHairDrag = 0.86;
const kHairGravity = 30;
const kHairIterations = 6;
const kHairSubstep = 1 / 60;
const kMaxDt = 0.033;

const clampDt = (dt: number): number => (Number.isFinite(dt) ? Math.min(Math.max(dt, 0), kMaxDt) : 0);

interface HeadSpring {
  pos: V;
  vel: V;
  target: V;
  initialised: boolean;
}

interface Hair {
  cur: V[];
  prev: V[];
  initialised: boolean;
}

export interface SecondaryPose {
  head: V; // the sprung head centre
  hair: V[]; // kHairPoints
}

function rigidNeck(chest: V, sprung: V, neck: number): V {
  const d = sub(sprung, chest);
  const l = len(d);
  return l > 1e-6 && Number.isFinite(neck) ? add(chest, mul(d, neck / l)) : sprung;
}

function stepHeadSpring(s: HeadSpring, target: V, dtIn: number): V {
  const dt = clampDt(dtIn);
  if (!finiteV(target)) return s.pos;
  if (!s.initialised || !finiteV(s.pos) || !finiteV(s.vel)) {
    s.pos = target;
    s.vel = v(0, 0);
    s.target = target;
    s.initialised = true;
    return s.pos;
  }
  if (dt <= 0) {
    const lag = sub(s.pos, target);
    const l = len(lag);
    if (l > kHeadMaxLag) s.pos = add(target, mul(lag, kHeadMaxLag / l));
    s.target = target;
    return s.pos;
  }
  const from = s.target;
  const targetVel = mul(sub(target, from), 1 / dt);
  const n = Math.max(1, Math.ceil(dt / kSpringSubstep));
  const h = dt / n;
  for (let i = 1; i <= n; ++i) {
    const goal = lerp(from, target, i / n);
    const acc = add(mul(sub(goal, s.pos), kHeadStiffness), mul(sub(targetVel, s.vel), kHeadDamping));
    s.vel = add(s.vel, mul(acc, h));
    s.pos = add(s.pos, mul(s.vel, h));
    const lag = sub(s.pos, goal);
    const l = len(lag);
    if (l > kHeadMaxLag) {
      const dir = mul(lag, 1 / l);
      s.pos = add(goal, mul(dir, kHeadMaxLag));
      const out = dot(sub(s.vel, targetVel), dir);
      if (out > 0) s.vel = sub(s.vel, mul(dir, out));
    }
  }
  s.target = target;
  return s.pos;
}

export function hairWind(scrollSpeed: number, airborne: boolean): number {
  const speed = Number.isFinite(scrollSpeed) ? Math.max(0, scrollSpeed) : 0;
  return -(2 + 0.16 * speed + (airborne ? 25 : 0));
}

function stepHair(h: Hair, pin: V, windIn: number, dtIn: number): void {
  const dt = clampDt(dtIn);
  const wind = Number.isFinite(windIn) ? windIn : 0;
  if (!h.initialised || !finiteV(h.cur[kHairPoints - 1])) {
    for (let i = 0; i < kHairPoints; ++i) {
      h.cur[i] = add(pin, v(-kHairLink * i, 0));
      h.prev[i] = h.cur[i];
    }
    h.initialised = true;
  }
  const n = Math.max(1, Math.ceil(dt / kHairSubstep - 1e-4));
  const subDt = dt / n;
  const pinFrom = h.cur[0];
  for (let k = 1; k <= n; ++k) {
    const push = subDt * subDt * 60;
    for (let i = 1; i < kHairPoints; ++i) {
      const vel = mul(sub(h.cur[i], h.prev[i]), kHairDrag);
      h.prev[i] = h.cur[i];
      h.cur[i] = add(add(h.cur[i], vel), v(wind * push, kHairGravity * push));
    }
    const p = k === n ? pin : lerp(pinFrom, pin, k / n);
    h.prev[0] = h.cur[0];
    h.cur[0] = p;
    for (let it = 0; it < kHairIterations; ++it) {
      const last = it + 1 === kHairIterations;
      for (let i = 0; i + 1 < kHairPoints; ++i) {
        const d = sub(h.cur[i + 1], h.cur[i]);
        const l = len(d);
        const dir = l > 1e-6 ? mul(d, 1 / l) : v(-1, 0);
        const fix = mul(dir, l - kHairLink);
        if (i === 0 || last) {
          h.cur[i + 1] = sub(h.cur[i + 1], fix);
        } else {
          h.cur[i] = add(h.cur[i], mul(fix, 0.5));
          h.cur[i + 1] = sub(h.cur[i + 1], mul(fix, 0.5));
        }
      }
    }
  }
}

// One runner's head spring and hair.
export class Secondary {
  private head: HeadSpring = { pos: v(0, 0), vel: v(0, 0), target: v(0, 0), initialised: false };
  private hair: Hair = { cur: [], prev: [], initialised: false };

  // chest, head: the pose's joints; headR: its head radius.
  step(chest: V, head: V, headR: number, scrollSpeed: number, airborne: boolean, dt: number): SecondaryPose {
    const sprung = rigidNeck(chest, stepHeadSpring(this.head, head, dt), dist(chest, head));
    const pin = add(sprung, mul(v(-0.85, -0.5), headR));
    stepHair(this.hair, pin, hairWind(scrollSpeed, airborne), dt);
    return { head: sprung, hair: this.hair.cur.map((p) => ({ ...p })) };
  }
}

// Reduced motion: no spring, the hair in a fixed hanging shape (the shape the verlet tuft
// settles to at a gentle run: trailing back, drooping a little more each link).
export function staticSecondary(head: V, headR: number): SecondaryPose {
  const pin = add(head, mul(v(-0.85, -0.5), headR));
  const hair: V[] = [pin];
  let p = pin;
  for (let i = 1; i < kHairPoints; ++i) {
    const a = 0.35 + 0.25 * i; // radians below the horizontal, backwards
    p = add(p, v(-Math.cos(a) * kHairLink, Math.sin(a) * kHairLink));
    hair.push(p);
  }
  return { head, hair };
}
