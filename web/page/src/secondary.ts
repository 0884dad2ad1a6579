// Secondary motion, ported from shared/rig/secondary.cpp (rig.md §10): a damped spring on the
// head's angle about the neck base and a 4-point verlet ponytail riding with the head, cosmetic,
// one set per runner, stepped with the frame's dt (clamped to 33 ms). Under reduced motion neither wobbles: the head sits where the pose puts it
// and the hair hangs in a fixed shape behind it.
import { add, dist, dot, finiteV, len, lerp, mul, sub, v, type V } from './vec';

export const kHeadStiffness = 260;
export const kHeadDamping = 26;
export const kHeadMassAhead = 0.16;
export const kHeadMaxTurn = 0.4;
export const kHairPoints = 4;
export const kHairLink = 9;
export const kHairBend = [0.06, 0.03, 0.015];
export const kHairWindShare = [0.15, 0.5, 1];
export const kHairKick = 80;
export const kHairKickTime = 0.12;

const kSpringSubstep = 1 / 240;
const kHeadCut = 80;
const kSpringBound = 1.5;
const kHairDrag = 0.86;
const kHairGravity = 30;
const kHairIterations = 6;
const kHairSubstep = 1 / 60;
const kMaxDt = 0.033;

const clampDt = (dt: number): number => (Number.isFinite(dt) ? Math.min(Math.max(dt, 0), kMaxDt) : 0);
const rotate = (a: V, t: number): V => v(a.x * Math.cos(t) - a.y * Math.sin(t), a.x * Math.sin(t) + a.y * Math.cos(t));

// The head's angle about the neck base (the chest), sprung to the pose's (see secondary.hpp).
interface HeadSpring {
  turn: number;
  rate: number;
  target: V;
  targetVel: V;
  initialised: boolean;
  moving: boolean;
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

const freshHead = (): HeadSpring => ({
  turn: 0,
  rate: 0,
  target: v(0, 0),
  targetVel: v(0, 0),
  initialised: false,
  moving: false,
});

function stepHeadSpring(s: HeadSpring, chest: V, head: V, dtIn: number): V {
  const dt = clampDt(dtIn);
  if (!finiteV(chest) || !finiteV(head)) return head;
  const neck = sub(head, chest);
  const l = len(neck);
  if (!s.initialised || !Number.isFinite(s.turn) || !Number.isFinite(s.rate) || dist(head, s.target) > kHeadCut || l < 1e-3) {
    Object.assign(s, freshHead(), { target: head, initialised: true });
    return head;
  }
  if (dt > 0) {
    const vel = mul(sub(head, s.target), 1 / dt);
    if (s.moving) {
      const across = rotate(rotate(mul(neck, 1 / l), kHeadMassAhead), Math.PI / 2);
      s.rate -= dot(sub(vel, s.targetVel), across) / l;
    }
    s.targetVel = vel;
    s.moving = true;
    const n = Math.max(1, Math.ceil(dt / kSpringSubstep));
    const h = dt / n;
    for (let i = 0; i < n; ++i) {
      s.rate += (-kHeadStiffness * s.turn - kHeadDamping * s.rate) * h;
      s.turn += s.rate * h;
    }
    if (Math.abs(s.turn) > kSpringBound) {
      s.turn = Math.sign(s.turn) * kSpringBound;
      if (s.rate * s.turn > 0) s.rate = 0;
    }
  }
  s.target = head;
  return add(chest, rotate(neck, kHeadMaxTurn * Math.tanh(s.turn / kHeadMaxTurn)));
}

export function hairWind(scrollSpeed: number, airSeconds: number): number {
  const speed = Number.isFinite(scrollSpeed) ? Math.max(0, scrollSpeed) : 0;
  const kick = airSeconds >= 0 && Number.isFinite(airSeconds) ? kHairKick * Math.exp(-airSeconds / kHairKickTime) : 0;
  return -(2 + 0.16 * speed + kick);
}

function stepHair(h: Hair, pin: V, rootDir: V, windIn: number, dtIn: number): void {
  const dt = clampDt(dtIn);
  const wind = Number.isFinite(windIn) ? windIn : 0;
  const rootLen = finiteV(rootDir) ? len(rootDir) : 0;
  const root = rootLen > 1e-6 ? mul(rootDir, 1 / rootLen) : v(0, 0);
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
    const p = k === n ? pin : lerp(pinFrom, pin, k / n);
    // Every point rides with the head; the drag damps its swing about it.
    const carry = sub(p, h.cur[0]);
    for (let i = 1; i < kHairPoints; ++i) {
      const vel = add(mul(sub(sub(h.cur[i], h.prev[i]), carry), kHairDrag), carry);
      h.prev[i] = h.cur[i];
      h.cur[i] = add(add(h.cur[i], vel), v(wind * kHairWindShare[i - 1] * push, kHairGravity * push));
    }
    h.prev[0] = h.cur[0];
    h.cur[0] = p;
    if (rootLen > 1e-6) {
      const share = subDt * 60;
      for (let i = 1; i < kHairPoints; ++i) {
        const d = i === 1 ? root : sub(h.cur[i - 1], h.cur[i - 2]);
        const l = len(d);
        if (!(l > 1e-6)) continue;
        const straight = add(h.cur[i - 1], mul(d, kHairLink / l));
        h.cur[i] = add(h.cur[i], mul(sub(straight, h.cur[i]), Math.min(1, kHairBend[i - 1] * share)));
      }
    }
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
  private head: HeadSpring = freshHead();
  private hair: Hair = { cur: [], prev: [], initialised: false };
  private airSeconds = -1; // since the figure left the ground; negative on the ground

  // chest, head: the pose's joints; headR: its head radius.
  step(chest: V, head: V, headR: number, scrollSpeed: number, airborne: boolean, dt: number): SecondaryPose {
    const sprung = stepHeadSpring(this.head, chest, head, dt);
    const pin = add(sprung, mul(v(-0.85, -0.5), headR));
    this.airSeconds = !airborne ? -1 : this.airSeconds < 0 ? 0 : this.airSeconds + clampDt(dt);
    stepHair(this.hair, pin, sub(pin, sprung), hairWind(scrollSpeed, this.airSeconds), dt);
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
