// The world around the runners (client/render/scene_renderer.cpp): a parallax dusk (sky, sun,
// clouds, hills, trees), the track with its ghost lanes, the ground dots that scroll with the
// followed runner, shadows, hurdles and straw targets. Drawn in the camera-relative world view
// (units; the caller sets the canvas transform), x of a course position = position − camera.
import * as P from './palette';
import type { Rgba } from './palette';
import { unitRandom, valueNoise } from './noise';
import type { Letterbox } from './view';
import { ObstacleKind } from './types';

export const kTrackDepth = 44;
export const kGhostLaneStep = 10;
export const kGhostDepths = 4;
export const kGhostScaleStep = 0.07;
export const kGroundDotSpacing = 26;
export const kHurdleTipSeconds = 0.4;

export interface Placement {
  ox: number;
  oy: number;
  scale: number;
}

export function ghostDepth(lane: number, followedLane: number): number {
  const d = Math.abs(lane - followedLane);
  return 1 + ((Math.max(d, 1) - 1) % kGhostDepths);
}

export function lanePlacement(x: number, depthIn: number): Placement {
  const d = Math.min(Math.max(depthIn, 0), kGhostDepths);
  return { ox: x - 4 * d, oy: -kGhostLaneStep * d, scale: 1 - kGhostScaleStep * d };
}

export interface SceneObstacle {
  id: number;
  kind: ObstacleKind;
  x: number;
  width: number;
  height: number;
  broken: boolean;
  brokenAge: number; // seconds
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
  right: number;
  bottom: number;
}

function boxOf(lb: Letterbox): Box {
  return {
    left: lb.left,
    top: lb.top,
    width: lb.worldW,
    height: lb.worldH,
    right: lb.left + lb.worldW,
    bottom: lb.top + lb.worldH,
  };
}

function rectGradient(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, top: Rgba, bottom: Rgba): void {
  const g = ctx.createLinearGradient(0, y, 0, y + h);
  g.addColorStop(0, P.css(top));
  g.addColorStop(1, P.css(bottom));
  ctx.fillStyle = g;
  ctx.fillRect(x, y, w, h);
}

function rect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, c: Rgba): void {
  ctx.fillStyle = P.css(c);
  ctx.fillRect(x, y, w, h);
}

function ellipse(ctx: CanvasRenderingContext2D, cx: number, cy: number, rx: number, ry: number, c: Rgba): void {
  ctx.beginPath();
  ctx.ellipse(cx, cy, Math.max(rx, 0), Math.max(ry, 0), 0, 0, Math.PI * 2);
  ctx.fillStyle = P.css(c);
  ctx.fill();
}

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number, c: Rgba): void {
  ctx.beginPath();
  const rr = Math.min(r, w / 2, h / 2);
  ctx.roundRect(x, y, w, h, rr);
  ctx.fillStyle = P.css(c);
  ctx.fill();
}

function glow(ctx: CanvasRenderingContext2D, cx: number, cy: number, r0: number, r1: number, c: Rgba): void {
  const g = ctx.createRadialGradient(cx, cy, r0, cx, cy, r1);
  g.addColorStop(0, P.css(c));
  g.addColorStop(1, P.css([c[0], c[1], c[2], 0]));
  ctx.beginPath();
  ctx.arc(cx, cy, r1, 0, Math.PI * 2);
  ctx.arc(cx, cy, r0, 0, Math.PI * 2, true);
  ctx.fillStyle = g;
  ctx.fill();
}

function hills(
  ctx: CanvasRenderingContext2D,
  b: Box,
  cameraX: number,
  parallax: number,
  baseY: number,
  low: number,
  high: number,
  scale: number,
  seed: number,
  colour: Rgba,
): void {
  const kStep = 12;
  const shift = cameraX * parallax;
  const heightAt = (x: number): number => {
    const u = (shift + x) / scale;
    const n = 0.75 * valueNoise(u, seed) + 0.25 * valueNoise(u * 3.1, seed + 100);
    return baseY - (low + (high - low) * n);
  };
  const g = ctx.createLinearGradient(0, baseY - high, 0, baseY);
  g.addColorStop(0, P.css(colour));
  g.addColorStop(1, P.css(P.mix(colour, P.kSkyHorizon, 0.3)));
  ctx.beginPath();
  const x0 = b.left - kStep;
  ctx.moveTo(x0, baseY);
  for (let x = x0; x <= b.right + kStep; x += kStep) ctx.lineTo(x, heightAt(x));
  ctx.lineTo(b.right + kStep, baseY);
  ctx.closePath();
  ctx.fillStyle = g;
  ctx.fill();
}

function trees(ctx: CanvasRenderingContext2D, b: Box, cameraX: number): void {
  const kParallax = 0.5;
  const kCell = 64;
  const ground = -kTrackDepth;
  const shift = cameraX * kParallax;
  const first = Math.floor((shift + b.left - 60) / kCell);
  const last = Math.floor((shift + b.right + 60) / kCell);
  for (let c = first; c <= last; ++c) {
    if (unitRandom(21, c) > 0.5) continue;
    const x = c * kCell + unitRandom(22, c) * 40 - shift;
    const h = 28 + 46 * unitRandom(23, c);
    const col = P.mix(P.kTrees, P.kMidHills, 0.35 * unitRandom(24, c));
    rect(ctx, x - 1.2, ground - h * 0.45, 2.4, h * 0.45 + 1, col);
    if (unitRandom(25, c) < 0.55) {
      ellipse(ctx, x, ground - h * 0.62, h * 0.16, h * 0.42, col);
    } else {
      ellipse(ctx, x, ground - h * 0.58, h * 0.27, h * 0.27, col);
      ellipse(ctx, x + h * 0.1, ground - h * 0.78, h * 0.18, h * 0.18, col);
    }
    ellipse(ctx, x + 9, ground, 10 + 6 * unitRandom(26, c), 6, col);
  }
}

function dots(ctx: CanvasRenderingContext2D, b: Box, cameraX: number, y: number, spacing: number, radius: number, colour: Rgba, phase: number): void {
  const first = Math.floor((cameraX + b.left - phase) / spacing) - 1;
  ctx.beginPath();
  const halo: number[] = [];
  for (let k = first; ; k += 1) {
    const x = k * spacing + phase - cameraX;
    if (x > b.right + spacing) break;
    const r = radius < 1.5 ? radius : radius * 0.65;
    ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, Math.PI * 2);
    if (radius >= 1.5) halo.push(x);
  }
  ctx.fillStyle = P.css(colour);
  ctx.fill();
  if (halo.length > 0) {
    // The soft rim: a fainter disc around the core.
    ctx.beginPath();
    for (const x of halo) {
      ctx.moveTo(x + radius * 1.1, y);
      ctx.arc(x, y, radius * 1.1, 0, Math.PI * 2);
    }
    ctx.fillStyle = P.css(P.withOpacity(colour, 0.35));
    ctx.fill();
  }
}

// Sky, sun, clouds, hills, trees, the track and the ground dots. groundX: the followed runner's
// course distance (the dots move exactly with the ground under it); time only drifts the clouds.
export function drawBackground(ctx: CanvasRenderingContext2D, lb: Letterbox, groundX: number, time: number): void {
  const b = boxOf(lb);
  const w = b.width;
  const horizon = -kTrackDepth;
  const y1 = b.top + (horizon - b.top) * 0.38;
  const y2 = b.top + (horizon - b.top) * 0.72;
  // Each band overlaps the next by a unit: no seam of the bars' colour between them.
  rectGradient(ctx, b.left, b.top, w, y1 - b.top + 1, P.kSkyTop, P.kSkyHigh);
  rectGradient(ctx, b.left, y1, w, y2 - y1 + 1, P.kSkyHigh, P.kSkyLow);
  rectGradient(ctx, b.left, y2, w, horizon - y2 + 1, P.kSkyLow, P.kSkyHorizon);

  const sunX = b.left + w * 0.72;
  const sunY = horizon - 118;
  glow(ctx, sunX, sunY, 34, 170, P.kSunGlow);
  glow(ctx, sunX, sunY, 28, 36, P.kSun);
  ellipse(ctx, sunX, sunY, 29, 29, P.kSun);

  const kClouds = 7;
  const span = w + 400;
  for (let i = 0; i < kClouds; ++i) {
    const base = unitRandom(71, i) * span;
    const moved = groundX * 0.03 + time * 4;
    let x = (base - moved) % span;
    if (x < 0) x += span;
    x += b.left - 200;
    const y = b.top + 40 + 150 * unitRandom(72, i);
    const len = 90 + 150 * unitRandom(73, i);
    const thick = 9 + 8 * unitRandom(74, i);
    roundedRect(ctx, x - 10, y - 3, len + 20, thick + 6, thick / 2 + 3, P.withOpacity(P.kCloud, 0.35));
    roundedRect(ctx, x, y, len, thick, thick / 2, P.withOpacity(P.kCloud, 0.6));
    roundedRect(ctx, x + len * 0.2, y - thick * 0.5, len * 0.45, thick, thick / 2, P.withOpacity(P.kCloud, 0.6));
  }

  hills(ctx, b, groundX, 0.08, horizon, 70, 150, 300, 11, P.kFarHills);
  hills(ctx, b, groundX, 0.22, horizon, 28, 82, 190, 12, P.kMidHills);
  trees(ctx, b, groundX);

  rectGradient(ctx, b.left, horizon, w, kTrackDepth + 1, P.mix(P.kTrackFar, P.kSkyHorizon, 0.18), P.kTrackFar);
  rect(ctx, b.left, horizon - 0.8, w, 1.6, P.withOpacity(P.kTrackEdge, 0.35));
  for (let d = 1; d <= kGhostDepths; ++d) {
    const ly = -kGhostLaneStep * d;
    rect(ctx, b.left, ly - 0.5, w, 1, P.withOpacity(P.kTrackEdge, 0.32 - 0.05 * d));
    dots(ctx, b, groundX, -kGhostLaneStep * d + 1, 34, 1.1, P.withOpacity(P.kGroundDot, 0.45), 11 * d);
  }
  rectGradient(ctx, b.left, 0, w, Math.max(b.bottom, 1), P.kSoilTop, P.kSoilBottom);
  rect(ctx, b.left, -1, w, 2, P.withOpacity(P.kTrackEdge, 0.8));
  dots(ctx, b, groundX, 7, kGroundDotSpacing, 2.4, P.kGroundDot, 0);
  dots(ctx, b, groundX, 22, 41, 3.2, P.withOpacity(P.kGroundDot, 0.7), 17);
  dots(ctx, b, groundX, 48, 63, 4.5, P.withOpacity(P.kGroundDot, 0.45), 29);
}

// A soft shadow under a figure whose lowest foot is `lift` units above its lane.
export function drawShadow(ctx: CanvasRenderingContext2D, place: Placement, pelvisX: number, lift: number): void {
  const k = Math.min(Math.max(1 - lift / 220, 0.35), 1);
  const cx = place.ox + pelvisX * place.scale;
  const cy = place.oy;
  const rx = 26 * k * place.scale;
  const ry = 3.2 * k * place.scale;
  const col = P.withOpacity(P.kShadow, k * 0.6);
  ellipse(ctx, cx, cy, rx * 1.35, ry * 1.35, col);
  ellipse(ctx, cx, cy, rx * 0.8, ry * 0.8, col);
}

export function hurdleTipAngle(o: SceneObstacle): number {
  if (o.kind !== ObstacleKind.Hurdle || !o.broken) return 0;
  const u = Math.min(Math.max(o.brokenAge / kHurdleTipSeconds, 0), 1);
  const eased = 1 - (1 - u) * (1 - u) * (1 - u);
  return 1.5707963 * eased;
}

function hurdle(ctx: CanvasRenderingContext2D, o: SceneObstacle, x: number): void {
  const h = Math.min(Math.max(o.height, 5), 200);
  const w = Math.min(Math.max(o.width, 4), 60);
  const angle = hurdleTipAngle(o);
  const c = Math.cos(angle);
  const sn = Math.sin(angle);
  const px = x + w;
  const at = (lx: number, ly: number): [number, number] => [px + lx * c - ly * sn, lx * sn + ly * c];
  const box = (x0: number, y0: number, x1: number, y1: number, col: Rgba): void => {
    ctx.beginPath();
    ctx.moveTo(...at(x0, y0));
    ctx.lineTo(...at(x1, y0));
    ctx.lineTo(...at(x1, y1));
    ctx.lineTo(...at(x0, y1));
    ctx.closePath();
    ctx.fillStyle = P.css(col);
    ctx.fill();
  };
  const lying = angle / 1.5707963;
  ellipse(ctx, x + w * 0.5 + h * 0.5 * lying, 0, w * 0.5 + 8 + h * 0.5 * lying, 3, P.withOpacity(P.kShadow, 0.6));
  const post = Math.min(2.5, w * 0.25);
  const board = Math.min(9, h * 0.35);
  box(-w, -h, 0, 0, P.withOpacity(P.kPost, 0.45));
  const kStripes = 4;
  for (let i = 0; i < kStripes; ++i) {
    const a = -w + (w * i) / kStripes;
    const bb = -w + (w * (i + 1)) / kStripes;
    box(a, -h, bb, -h + board, i % 2 === 0 ? P.kHurdleStripe : P.kHurdleBar);
  }
  box(-w, -h, 0, -h + 1.2, [255, 250, 240, 220]);
  box(-w, -h + board - 1.2, 0, -h + board, [60, 30, 40, 140]);
  const rail = -h * 0.45;
  box(-w, rail - 1.5, 0, rail + 1.5, P.kHurdleBar);
  box(-w, -h, -w + post, 0, P.kPost);
  box(-post, -h, 0, 0, P.kPost);
  box(-w, -3, 0, 0, P.kPost);
}

function tri(ctx: CanvasRenderingContext2D, a: [number, number], b: [number, number], c: [number, number], col: Rgba): void {
  ctx.beginPath();
  ctx.moveTo(a[0], a[1]);
  ctx.lineTo(b[0], b[1]);
  ctx.lineTo(c[0], c[1]);
  ctx.closePath();
  ctx.fillStyle = P.css(col);
  ctx.fill();
}

function target(ctx: CanvasRenderingContext2D, o: SceneObstacle, x0: number): void {
  const h = Math.min(Math.max(o.height, 20), 400);
  const half = Math.min(Math.max(o.width / 2, 4), 30);
  const x = x0 + half;
  ellipse(ctx, x + 2, 0, half + 8, 3, P.kShadow);
  rect(ctx, x - half, -3, 2 * half, 3, P.kPost);
  const kTipRoom = 13;
  const y0 = -3;
  const y1 = o.broken ? -Math.min(12, h * 0.08) : -(h - kTipRoom);
  const kBands = [0.26, 0.7];
  const kWidest = 1.24;
  const halfAt = (u: number): number => {
    let k: number;
    if (u < kBands[0]) k = 0.74 + 0.22 * Math.sin(3.1416 * (0.5 + (0.5 * u) / kBands[0]));
    else if (u < kBands[1]) k = 0.74 + 0.32 * Math.sin((3.1416 * (u - kBands[0])) / (kBands[1] - kBands[0]));
    else k = 0.74 + (0.5 * (u - kBands[1])) / (1 - kBands[1]);
    return half * (k / kWidest);
  };
  const full = -(h - kTipRoom) - y0;
  // The bundle as a shaded outline: dark left, straw middle, lit right (a horizontal gradient).
  const rows = 14;
  const left: [number, number][] = [];
  const right: [number, number][] = [];
  for (let i = 0; i <= rows; ++i) {
    const y = y0 + ((y1 - y0) * i) / rows;
    const wy = halfAt((y - y0) / full);
    left.push([x - wy, y]);
    right.push([x + wy, y]);
  }
  const g = ctx.createLinearGradient(x - half, 0, x + half, 0);
  g.addColorStop(0, P.css(P.mix(P.kStrawDark, P.kStraw, 0.25)));
  g.addColorStop(0.5, P.css(P.kStraw));
  g.addColorStop(1, P.css(P.mix(P.kStraw, [255, 240, 190, 255], 0.35)));
  ctx.beginPath();
  ctx.moveTo(left[0][0], left[0][1]);
  for (const p of left) ctx.lineTo(p[0], p[1]);
  for (let i = right.length - 1; i >= 0; --i) ctx.lineTo(right[i][0], right[i][1]);
  ctx.closePath();
  ctx.fillStyle = g;
  ctx.fill();
  ctx.strokeStyle = P.css(P.withOpacity(P.kStrawDark, 0.75));
  ctx.lineWidth = 0.8;
  for (let k = -2; k <= 2; ++k) {
    const f = k / 2.6;
    const ua = 0.02;
    const ub = (y1 - y0) / full - 0.02;
    if (ub <= ua) continue;
    ctx.beginPath();
    ctx.moveTo(x + f * halfAt(ua), y0 + full * ua);
    ctx.lineTo(x + f * halfAt(ub), y0 + full * ub);
    ctx.stroke();
  }
  const topHalf = halfAt((y1 - y0) / full);
  const lit = P.mix(P.kStraw, [255, 240, 190, 255], 0.35);
  const kTips = 11;
  for (let i = 0; i < kTips; ++i) {
    const u = (i + 0.5) / kTips;
    const fx = x - (topHalf - 1.7) + 2 * (topHalf - 1.7) * u;
    const len = (o.broken ? 4 : 5) + 7 * unitRandom(o.id, 500 + i);
    const fan = Math.min(Math.max((u - 0.5) * 10 + (unitRandom(o.id, 600 + i) - 0.5) * 4, x - half + 1 - fx), x + half - 1 - fx);
    tri(ctx, [fx - 1.7, y1 + 1], [fx + 1.7, y1 + 1], [fx + fan, y1 - len], i % 3 === 0 ? P.kStrawDark : i % 3 === 1 ? P.kStraw : lit);
  }
  for (const band of kBands) {
    const yb = y0 + full * band;
    if (yb < y1) continue;
    const wb = halfAt(band) + 0.8;
    rect(ctx, x - wb, yb - 1.8, 2 * wb, 3.6, P.kTwine);
    rect(ctx, x - wb, yb - 1.8, 2 * wb, 1, P.mix(P.kTwine, P.kStraw, 0.4));
  }
}

// Hurdles and straw targets on the lane line (broken targets keep a stump, toppled hurdles lie).
export function drawObstacles(ctx: CanvasRenderingContext2D, lb: Letterbox, obstacles: SceneObstacle[], cameraX: number): void {
  const b = boxOf(lb);
  for (const o of obstacles) {
    const x = o.x - cameraX;
    if (x < b.left - 80 || x > b.right + 80) continue;
    if (o.kind === ObstacleKind.Hurdle) hurdle(ctx, o, x);
    else target(ctx, o, x);
  }
}
