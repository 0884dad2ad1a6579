// One stickman from its pose (client/render/figure_renderer.cpp, limb_geometry.cpp; rig.md §11):
// rubber-hose limbs (centripetal Catmull-Rom through root → mid → tip, 8 samples a segment,
// tapering from 9 to 5 units, round caps), far side first (thinner, darker, at 42 % for the
// followed figure), the ponytail along the verlet hair, spine, neck, the spear, near limbs and the
// head disc inside a thin ring of the sky's colour. Drawn in pose units: the caller sets the
// canvas transform to the figure's placement.
import { J } from './types';
import * as P from './palette';
import type { Rgba } from './palette';
import type { SecondaryPose } from './secondary';
import { add, dist, lerp, mul, sub, v, type V } from './vec';

// rig/figure_shape.hpp
export const kLimbRootWidth = 9;
export const kLimbTipWidth = 5;
export const kLimbSamplesPerSegment = 8;
export const kTorsoPelvisWidth = 10;
export const kTorsoChestWidth = 12;
export const kNeckWidth = 6;
export const kNeckInset = 0.8;
export const kNeckMinLength = 0.5;
export const kMinHeadRadius = 1;
export const kFarLimbWidthScale = 0.82;
// render/figure_renderer.hpp
const kHairRootWidth = 8;
const kHairTipWidth = 1.8;
const kHeadOutlineWidth = 1.4;
const kShaftWidth = 2.8;
const kSpearHeadLength = 16;
const kSpearHeadWidth = 6.5;

export interface FigureStyle {
  ink: Rgba;
  inkFar: Rgba;
  farOpacity: number;
  farWidthScale: number;
  shaft: Rgba;
  spearHead: Rgba;
  spearEdge: Rgba;
  hairTie: Rgba;
  headOutline: Rgba;
}

export function playerStyle(): FigureStyle {
  return {
    ink: P.kInk,
    inkFar: P.kInkFar,
    farOpacity: P.kFarOpacity,
    farWidthScale: kFarLimbWidthScale,
    shaft: P.kShaft,
    spearHead: P.kSpearHead,
    spearEdge: P.kSpearEdge,
    hairTie: P.kHairTie,
    headOutline: P.kHeadOutline,
  };
}

// render/frame_renderer.cpp tinted_style: a rival in its tint, opaque inside the rival layer
// (the layer's own opacity fades the whole figure at once).
export function rivalStyle(id: number): FigureStyle {
  const tint = P.runnerTint(id);
  const far = P.mix(tint, P.kInk, 0.45);
  return {
    ink: tint,
    inkFar: far,
    farOpacity: 1,
    farWidthScale: kFarLimbWidthScale,
    shaft: P.mix(tint, P.kShaft, 0.6),
    spearHead: P.mix(tint, P.kSpearHead, 0.7),
    spearEdge: far,
    hairTie: P.mix(tint, P.kHairTie, 0.5),
    headOutline: P.kHeadOutline,
  };
}

export function joint(joints: Float32Array, j: J): V {
  return { x: joints[2 * j], y: joints[2 * j + 1] };
}

// --- Catmull-Rom (shared/rig/catmull_rom.cpp: centripetal, alpha 0.5) -------------------------
function knot(a: V, b: V): number {
  const d = sub(b, a);
  return Math.max(Math.sqrt(Math.sqrt(d.x * d.x + d.y * d.y)), 1e-4);
}

export function catmullRom(points: V[], samples: number): V[] {
  const out: V[] = [];
  const count = points.length;
  if (count === 0) return out;
  if (count === 1) return [points[0]];
  const s = Math.max(1, samples);
  for (let i = 0; i + 1 < count; ++i) {
    const p1 = points[i];
    const p2 = points[i + 1];
    const p0 = i > 0 ? points[i - 1] : sub(mul(p1, 2), p2);
    const p3 = i + 2 < count ? points[i + 2] : sub(mul(p2, 2), p1);
    const t0 = 0;
    const t1 = t0 + knot(p0, p1);
    const t2 = t1 + knot(p1, p2);
    const t3 = t2 + knot(p2, p3);
    for (let k = 0; k < s; ++k) {
      const t = t1 + ((t2 - t1) * k) / s;
      const a1 = add(mul(p0, (t1 - t) / (t1 - t0)), mul(p1, (t - t0) / (t1 - t0)));
      const a2 = add(mul(p1, (t2 - t) / (t2 - t1)), mul(p2, (t - t1) / (t2 - t1)));
      const a3 = add(mul(p2, (t3 - t) / (t3 - t2)), mul(p3, (t - t2) / (t3 - t2)));
      const b1 = add(mul(a1, (t2 - t) / (t2 - t0)), mul(a2, (t - t0) / (t2 - t0)));
      const b2 = add(mul(a2, (t3 - t) / (t3 - t1)), mul(a3, (t - t1) / (t3 - t1)));
      out.push(add(mul(b1, (t2 - t) / (t2 - t1)), mul(b2, (t - t1) / (t2 - t1))));
    }
  }
  out.push(points[count - 1]);
  return out;
}

// --- Path building: every shape added with positive orientation, so one nonzero fill of a path
// is the union of its pieces (a translucent limb does not darken where its pieces overlap).
function polygon(ctx: CanvasRenderingContext2D, pts: V[]): void {
  let area = 0;
  for (let i = 0; i < pts.length; ++i) {
    const a = pts[i];
    const b = pts[(i + 1) % pts.length];
    area += a.x * b.y - b.x * a.y;
  }
  const seq = area >= 0 ? pts : [...pts].reverse();
  ctx.moveTo(seq[0].x, seq[0].y);
  for (let i = 1; i < seq.length; ++i) ctx.lineTo(seq[i].x, seq[i].y);
  ctx.closePath();
}

function disc(ctx: CanvasRenderingContext2D, c: V, r: number): void {
  if (!(r > 0)) return;
  ctx.moveTo(c.x + r, c.y);
  ctx.arc(c.x, c.y, r, 0, Math.PI * 2, false);
  ctx.closePath();
}

// A tapered ribbon along `centre`, full width w0 at its start to w1 at its end (linear in arc
// length), with round caps: limb_geometry.cpp's outline (per-point tangents, central
// differences), as quads and end discs.
function ribbon(ctx: CanvasRenderingContext2D, c: V[], w0: number, w1: number, caps = true): void {
  const n = c.length;
  if (n < 2) return;
  let total = 0;
  for (let i = 1; i < n; ++i) total += dist(c[i - 1], c[i]);
  let last = v(1, 0);
  const left: V[] = [];
  const right: V[] = [];
  let s = 0;
  for (let i = 0; i < n; ++i) {
    if (i > 0) s += dist(c[i - 1], c[i]);
    const a = c[Math.max(0, i - 1)];
    const b = c[Math.min(n - 1, i + 1)];
    const d = sub(b, a);
    const l = Math.hypot(d.x, d.y);
    if (l > 1e-6) last = mul(d, 1 / l);
    const u = total > 1e-6 ? s / total : 0;
    const half = 0.5 * (w0 + (w1 - w0) * u);
    const nrm = v(-last.y, last.x);
    left.push(add(c[i], mul(nrm, half)));
    right.push(sub(c[i], mul(nrm, half)));
  }
  for (let i = 0; i + 1 < n; ++i) polygon(ctx, [left[i], left[i + 1], right[i + 1], right[i]]);
  if (caps) {
    disc(ctx, c[0], w0 / 2);
    disc(ctx, c[n - 1], w1 / 2);
  }
}

function fillPath(ctx: CanvasRenderingContext2D, colour: Rgba, alpha: number, build: () => void): void {
  ctx.beginPath();
  build();
  ctx.fillStyle = P.css(colour);
  ctx.globalAlpha = alpha;
  ctx.fill('nonzero');
  ctx.globalAlpha = 1;
}

function limb(ctx: CanvasRenderingContext2D, a: V, b: V, c: V, root: number, tip: number): void {
  ribbon(ctx, catmullRom([a, b, c], kLimbSamplesPerSegment), root, tip);
}

function neckEnd(chest: V, head: V, headR: number): V | null {
  const toHead = sub(head, chest);
  const l = Math.hypot(toHead.x, toHead.y);
  if (!(l > headR * kNeckMinLength)) return null;
  return sub(head, mul(toHead, (headR * kNeckInset) / l));
}

function ponytail(ctx: CanvasRenderingContext2D, head: V, sec: SecondaryPose, style: FigureStyle): void {
  const points = [lerp(head, sec.hair[0], 0.45), ...sec.hair];
  const line = catmullRom(points, 5);
  const n = line.length;
  if (n < 2) return;
  const lengths = [0];
  for (let i = 1; i < n; ++i) lengths.push(lengths[i - 1] + dist(line[i - 1], line[i]));
  const total = lengths[n - 1];
  if (!(total > 1e-3)) return;
  const widthAt = (u: number): number =>
    kHairTipWidth + (kHairRootWidth - kHairTipWidth) * Math.pow(1 - u, 1.1) * (1 + 1.2 * u);
  fillPath(ctx, style.ink, 1, () => {
    let prevL = v(0, 0);
    let prevR = v(0, 0);
    for (let i = 0; i < n; ++i) {
      const a = line[i === 0 ? 0 : i - 1];
      const b = line[i + 1 < n ? i + 1 : n - 1];
      const l = dist(a, b);
      const nrm = l > 1e-6 ? v(-(b.y - a.y) / l, (b.x - a.x) / l) : v(0, -1);
      const half = widthAt(lengths[i] / total) / 2;
      const L = add(line[i], mul(nrm, half));
      const R = sub(line[i], mul(nrm, half));
      if (i > 0) polygon(ctx, [prevL, L, R, prevR]);
      prevL = L;
      prevR = R;
    }
    disc(ctx, line[n - 1], kHairTipWidth / 2);
  });
  // The tie: a band across the tail where it leaves the head.
  const tieAt = Math.min(total * 0.5, lengths[Math.floor(n / 6)] + 3);
  let k = 1;
  while (k + 1 < n && lengths[k] < tieAt) ++k;
  const d = sub(line[k], line[k - 1]);
  const dl = Math.max(Math.hypot(d.x, d.y), 1e-6);
  const along = mul(d, 1 / dl);
  const nrm = v(-along.y, along.x);
  const half = widthAt(lengths[k] / total) / 2 + 0.6;
  const c = line[k];
  fillPath(ctx, style.hairTie, 1, () =>
    polygon(ctx, [
      add(sub(c, mul(along, 1.1)), mul(nrm, half)),
      add(add(c, mul(along, 1.1)), mul(nrm, half)),
      sub(add(c, mul(along, 1.1)), mul(nrm, half)),
      sub(sub(c, mul(along, 1.1)), mul(nrm, half)),
    ]),
  );
}

function headRing(ctx: CanvasRenderingContext2D, head: V, headR: number, gaps: number[], colour: Rgba): void {
  const kSegments = 36;
  const kGap = 0.55;
  const r0 = headR * 0.98;
  const r1 = headR + kHeadOutlineWidth;
  const open = (a: number): boolean =>
    gaps.some((g) => {
      let d = (a - g) % (2 * Math.PI);
      if (d > Math.PI) d -= 2 * Math.PI;
      if (d < -Math.PI) d += 2 * Math.PI;
      return Math.abs(d) < kGap;
    });
  fillPath(ctx, colour, 1, () => {
    for (let i = 0; i < kSegments; ++i) {
      const a0 = (2 * Math.PI * i) / kSegments;
      const a1 = (2 * Math.PI * (i + 1)) / kSegments;
      if (open((a0 + a1) / 2)) continue;
      const u0 = v(Math.cos(a0), Math.sin(a0));
      const u1 = v(Math.cos(a1), Math.sin(a1));
      polygon(ctx, [add(head, mul(u0, r0)), add(head, mul(u0, r1)), add(head, mul(u1, r1)), add(head, mul(u1, r0))]);
    }
  });
}

function spear(ctx: CanvasRenderingContext2D, joints: Float32Array, style: FigureStyle): void {
  const tail = joint(joints, J.SpearTail);
  const tip = joint(joints, J.SpearTip);
  const l = dist(tail, tip);
  if (l < kSpearHeadLength * 1.5) return;
  const dir = mul(sub(tip, tail), 1 / l);
  const nrm = v(-dir.y, dir.x);
  const base = sub(tip, mul(dir, kSpearHeadLength));
  fillPath(ctx, style.shaft, 1, () => ribbon(ctx, [tail, base], kShaftWidth * 1.1, kShaftWidth * 0.9));
  const kSteps = 10;
  const leaf = (grow: number, colour: Rgba): void =>
    fillPath(ctx, colour, 1, () => {
      let prevL = sub(base, mul(dir, grow));
      let prevR = prevL;
      for (let i = 1; i <= kSteps; ++i) {
        const u = i / kSteps;
        const half = (kSpearHeadWidth / 2) * Math.sin(Math.PI * Math.pow(u, 0.6)) + grow;
        const c = add(base, mul(dir, kSpearHeadLength * u + (i === kSteps ? grow * 1.5 : 0)));
        const L = add(c, mul(nrm, i === kSteps ? 0 : half));
        const R = sub(c, mul(nrm, i === kSteps ? 0 : half));
        polygon(ctx, [prevL, L, R, prevR]);
        prevL = L;
        prevR = R;
      }
    });
  leaf(0.9, style.spearEdge);
  leaf(0, style.spearHead);
  fillPath(ctx, style.spearEdge, 1, () => {
    ribbon(ctx, [base, add(base, mul(dir, kSpearHeadLength * 0.85))], 0.9, 0.4, false);
    ribbon(ctx, [sub(base, mul(dir, 4)), base], kShaftWidth * 1.5, kShaftWidth * 1.5, false);
  });
}

// Draws the figure in pose units (the canvas transform places it). `headR` is the pose's.
export function drawFigure(
  ctx: CanvasRenderingContext2D,
  joints: Float32Array,
  headRIn: number,
  sec: SecondaryPose,
  style: FigureStyle,
): void {
  const pt = (j: J): V => joint(joints, j);
  const farRoot = kLimbRootWidth * style.farWidthScale;
  const farTip = kLimbTipWidth * style.farWidthScale;
  // Far side first: depth without 3D.
  fillPath(ctx, style.inkFar, style.farOpacity, () => {
    limb(ctx, pt(J.Hip), pt(J.KneeFar), pt(J.FootFar), farRoot, farTip);
    limb(ctx, pt(J.Shoulder), pt(J.ElbowFar), pt(J.HandFar), farRoot, farTip);
  });
  const head = sec.head;
  const headR = Math.max(headRIn, kMinHeadRadius);
  ponytail(ctx, head, sec, style);
  const pelvis = pt(J.Pelvis);
  const chest = pt(J.Chest);
  const base = neckEnd(chest, head, headR);
  fillPath(ctx, style.ink, 1, () => {
    limb(ctx, pelvis, lerp(pelvis, chest, 0.5), chest, kTorsoPelvisWidth, kTorsoChestWidth);
    if (base) limb(ctx, chest, lerp(chest, base, 0.5), base, kNeckWidth, kNeckWidth);
  });
  spear(ctx, joints, style);
  fillPath(ctx, style.ink, 1, () => {
    limb(ctx, pt(J.Hip), pt(J.KneeNear), pt(J.FootNear), kLimbRootWidth, kLimbTipWidth);
    limb(ctx, pt(J.Shoulder), pt(J.ElbowNear), pt(J.HandNear), kLimbRootWidth, kLimbTipWidth);
  });
  const toNeck = base ? sub(base, head) : v(0, headR);
  const toHair = sub(sec.hair[0], head);
  headRing(ctx, head, headR, [Math.atan2(toNeck.y, toNeck.x), Math.atan2(toHair.y, toHair.x)], style.headOutline);
  fillPath(ctx, style.ink, 1, () => disc(ctx, head, headR));
}
