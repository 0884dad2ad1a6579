// The viewer: the stream in, the race drawn on a canvas every animation frame.
import { decode, DecodeError } from './decode';
import { drawFigure, joint, kMinHeadRadius, playerStyle, rivalStyle } from './figure';
import { boardRows, clipName, Hud, type ViewerState } from './hud';
import { Interpolator, type Sampled } from './interpolation';
import * as P from './palette';
import { drawBackground, drawObstacles, drawShadow, ghostDepth, lanePlacement, type Placement, type SceneObstacle } from './scene';
import { Secondary, staticSecondary, type SecondaryPose } from './secondary';
import { Stream, streamUrl } from './stream';
import { J, Mode, type FrameMsg, type HelloMsg, type RosterMsg } from './types';
import { Camera, letterbox, toScreen, type Letterbox } from './view';

const VIEWER_VERSION = 1;
const kRivalNearUnits = 40;
const kRivalFadeUnits = 30;
const kRivalFadeLevels = 4;

function rivalFadeLevel(gap: number): number {
  const u = (Math.abs(gap) - kRivalNearUnits) / kRivalFadeUnits;
  if (!(u > 0)) return 0;
  return Math.round(Math.min(u, 1) * (kRivalFadeLevels - 1));
}

function rivalFadeOpacity(level: number): number {
  const u = Math.min(Math.max(level, 0), kRivalFadeLevels - 1) / (kRivalFadeLevels - 1);
  return P.kRivalNearOpacity + (P.kRivalOpacity - P.kRivalNearOpacity) * u;
}

export interface DrawnRunner {
  id: number;
  followed: boolean;
  chest: [number, number];
  head: [number, number];
  pelvis: [number, number];
  footNear: [number, number];
}

interface Figure {
  r: Sampled;
  place: Placement;
  sec: SecondaryPose;
  followed: boolean;
  level: number;
}

class Viewer {
  private readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly layer: HTMLCanvasElement; // the rivals, faded as whole figures
  private readonly lctx: CanvasRenderingContext2D;
  private readonly hud: Hud;
  private readonly interp = new Interpolator();
  private readonly camera = new Camera();
  private readonly secondary = new Map<number, { sim: Secondary; seen: number }>();
  private readonly names = new Map<number, { name: string; bot: boolean }>();
  private readonly broken = new Map<string, { runner: number; obstacle: number; tick: number }>();
  private course: bigint | null = null;
  private hello: HelloMsg | null = null;
  private state: ViewerState = 'connecting';
  private lostWhy = '';
  private followed: number | null = null;
  private followOrder: number[] = [];
  private reducedMotion = false;
  private hidden = document.visibilityState === 'hidden';
  private rafId = 0;
  private lastT = 0;
  private dpr = 1;
  private cssW = 1;
  private cssH = 1;
  private box: Letterbox = letterbox(1, 1);
  private drawTimes: number[] = [];
  private lastDrawn: DrawnRunner[] = [];
  private counts = { snapshots: 0, frames: 0, reconnects: 0, dropped: 0, runners: 0 };
  private stream: Stream;

  constructor() {
    this.canvas = document.getElementById('view') as HTMLCanvasElement;
    const ctx = this.canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('no 2d canvas');
    this.ctx = ctx;
    this.layer = document.createElement('canvas');
    const lctx = this.layer.getContext('2d');
    if (!lctx) throw new Error('no 2d canvas');
    this.lctx = lctx;
    this.hud = new Hud(document.getElementById('stage') ?? document.body, (id) => this.follow(id));
    this.stream = new Stream(streamUrl(), {
      onOpen: (reconnect) => this.onOpen(reconnect),
      onMessage: (data) => this.onMessage(data),
      onLost: (why) => this.onLost(why),
    });

    const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
    this.reducedMotion = mq.matches;
    mq.addEventListener('change', (e) => {
      this.reducedMotion = e.matches;
    });
    document.addEventListener('visibilitychange', () => this.onVisibility());
    window.addEventListener('resize', () => this.resize());
    window.addEventListener('keydown', (e) => {
      if (e.key === 'Tab') {
        e.preventDefault();
        this.followNext(e.shiftKey ? -1 : 1);
      }
    });
    this.resize();
    this.publish();
  }

  start(): void {
    this.stream.start();
    this.schedule();
  }

  // --- Stream ---------------------------------------------------------------------------------
  private onOpen(reconnect: boolean): void {
    if (reconnect) this.counts.reconnects++;
    this.interp.reset();
    this.broken.clear();
    this.course = null;
    if (this.state !== 'wrong-version') this.state = 'live';
    this.lostWhy = '';
  }

  private onLost(why: string): void {
    this.lostWhy = why;
    if (this.state === 'wrong-version') return;
    this.state = this.hello === null && this.counts.reconnects === 0 && this.counts.snapshots === 0 ? 'connecting' : 'lost';
    this.interp.reset();
  }

  private onMessage(data: ArrayBuffer): void {
    let msg;
    try {
      msg = decode(data);
    } catch (e) {
      if (!(e instanceof DecodeError)) console.warn('viewer: message dropped', e);
      this.counts.dropped++;
      return;
    }
    if (this.state === 'wrong-version') return;
    switch (msg.kind) {
      case 'hello':
        return this.onHello(msg);
      case 'roster':
        return this.onRoster(msg);
      case 'frame':
        return this.onFrame(msg);
    }
  }

  private onHello(h: HelloMsg): void {
    this.hello = h;
    if (h.version !== VIEWER_VERSION) {
      this.state = 'wrong-version';
      this.interp.reset();
      return;
    }
    this.interp.setRates(h.tickRate, h.snapshotRate);
    this.state = h.connected ? 'live' : 'no-server';
    if (!h.connected) this.interp.reset();
  }

  private onRoster(r: RosterMsg): void {
    for (const n of r.names) this.names.set(n.id, { name: n.name, bot: n.bot });
  }

  private onFrame(f: FrameMsg): void {
    this.counts.snapshots++;
    if (this.state === 'no-server' || this.hidden) return; // hidden: re-synced on return
    if (this.course !== f.course) {
      this.course = f.course;
      this.broken.clear();
    }
    for (const b of f.broken) {
      const key = `${b.runner}:${b.obstacle}`;
      if (!this.broken.has(key)) this.broken.set(key, b);
    }
    this.interp.push(f, performance.now() / 1000);
  }

  // --- Follow ---------------------------------------------------------------------------------
  follow(id: number): void {
    this.followed = id;
  }

  followNext(step = 1): void {
    const ids = this.followOrder;
    if (ids.length === 0) return;
    const i = this.followed === null ? -1 : ids.indexOf(this.followed);
    const next = i < 0 ? (step > 0 ? 0 : ids.length - 1) : (i + step + ids.length) % ids.length;
    this.followed = ids[next];
  }

  // --- Page lifecycle -------------------------------------------------------------------------
  private onVisibility(): void {
    this.hidden = document.visibilityState === 'hidden';
    // Either way the buffer starts over: nothing fast-forwards through what was missed.
    this.interp.reset();
    if (this.hidden) {
      cancelAnimationFrame(this.rafId);
      this.rafId = 0;
    } else {
      this.lastT = 0;
      this.schedule();
    }
  }

  private resize(): void {
    this.dpr = Math.max(1, window.devicePixelRatio || 1);
    this.cssW = Math.max(1, window.innerWidth);
    this.cssH = Math.max(1, window.innerHeight);
    const w = Math.round(this.cssW * this.dpr);
    const h = Math.round(this.cssH * this.dpr);
    for (const c of [this.canvas, this.layer]) {
      if (c.width !== w) c.width = w;
      if (c.height !== h) c.height = h;
    }
    this.canvas.style.width = `${this.cssW}px`;
    this.canvas.style.height = `${this.cssH}px`;
    this.box = letterbox(this.cssW, this.cssH);
    this.hud.layout(this.box);
  }

  private schedule(): void {
    if (this.hidden || this.rafId) return;
    this.rafId = requestAnimationFrame((t) => {
      this.rafId = 0;
      this.frame(t);
      this.schedule();
    });
  }

  // --- Drawing --------------------------------------------------------------------------------
  private frame(t: number): void {
    const dt = this.lastT ? (t - this.lastT) / 1000 : 0;
    this.lastT = t;
    if (window.innerWidth !== this.cssW || window.innerHeight !== this.cssH || window.devicePixelRatio !== this.dpr)
      this.resize();
    const t0 = performance.now();
    this.draw(performance.now() / 1000, dt, t / 1000);
    const spent = performance.now() - t0;
    this.drawTimes.push(spent);
    if (this.drawTimes.length > 60) this.drawTimes.shift();
    this.counts.frames++;
    this.publish();
  }

  private worldTransform(ctx: CanvasRenderingContext2D, cameraShiftX = 0): void {
    const b = this.box;
    const k = b.scale * this.dpr;
    ctx.setTransform(k, 0, 0, k, (b.x - b.left * b.scale + cameraShiftX) * this.dpr, (b.y - b.top * b.scale) * this.dpr);
  }

  private draw(now: number, dt: number, time: number): void {
    const ctx = this.ctx;
    const box = this.box;
    const sample = this.state === 'live' ? this.interp.sample(now) : null;
    const runners = sample?.runners ?? [];
    const frame = sample?.frame ?? null;

    // Who is in the race: runners with a pose and the roll call.
    const everyone = new Map<number, { id: number; score: number; distance: number; mode: number; flags: number; countdownTicks: number }>();
    if (frame) for (const o of frame.others) everyone.set(o.id, { ...o, countdownTicks: 0 });
    for (const r of frame?.runners ?? []) everyone.set(r.id, r);
    for (const r of runners) {
      const prev = everyone.get(r.id);
      everyone.set(r.id, { id: r.id, score: r.score, distance: r.distance, mode: r.mode, flags: r.flags, countdownTicks: prev?.countdownTicks ?? 0 });
    }
    if (frame) {
      this.followOrder = [...everyone.keys()].sort((a, b) => a - b);
      if (this.followed === null || !everyone.has(this.followed)) this.followed = this.followOrder[0] ?? null;
    }
    const followedRunner = runners.find((r) => r.id === this.followed) ?? null;
    const followedEntry = this.followed !== null ? everyone.get(this.followed) ?? null : null;
    const followedX = followedRunner?.distance ?? followedEntry?.distance ?? null;
    const cam = this.camera.update(this.followed, followedX, dt, this.reducedMotion);

    // Background (clear to the bars' colour first).
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = P.css(P.kLetterboxBars);
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.save();
    ctx.beginPath();
    ctx.rect(box.x * this.dpr, box.y * this.dpr, box.w * this.dpr, box.h * this.dpr);
    ctx.clip();
    this.worldTransform(ctx);
    drawBackground(ctx, box, cam, this.reducedMotion ? 0 : time);

    // Secondary motion for every runner drawn.
    const figures: Figure[] = [];
    for (const r of runners) {
      const x = r.distance - cam;
      if (x < -box.worldW || x > box.worldW) continue; // well off screen
      const followed = r.id === this.followed;
      const place = followed ? { ox: x, oy: 0, scale: 1 } : lanePlacement(x, ghostDepth(r.id, this.followed ?? 0));
      figures.push({
        r,
        place,
        sec: this.secondaryFor(r, dt, now),
        followed,
        level: followed ? 0 : rivalFadeLevel(r.distance - (followedX ?? cam)),
      });
    }
    for (const [id, s] of this.secondary) if (now - s.seen > 2) this.secondary.delete(id);

    // Rivals: each fade level drawn opaque into the layer, then composited at its opacity.
    for (let level = 0; level < kRivalFadeLevels; ++level) {
      const batch = figures.filter((f) => !f.followed && f.level === level);
      if (batch.length === 0) continue;
      const l = this.lctx;
      l.setTransform(1, 0, 0, 1, 0, 0);
      l.clearRect(0, 0, this.layer.width, this.layer.height);
      this.worldTransform(l);
      for (const f of batch) this.drawRunner(l, f);
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.globalAlpha = rivalFadeOpacity(level);
      ctx.drawImage(this.layer, 0, 0);
      ctx.restore();
    }
    this.drawTags(figures);

    // Obstacles, then the followed runner on top.
    this.worldTransform(ctx);
    drawObstacles(ctx, box, this.obstacles(frame, sample?.renderTick ?? 0), cam);
    for (const f of figures) if (f.followed) this.drawRunner(ctx, f);
    ctx.restore();

    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    this.drawStrip([...everyone.values()]);

    // Where the joints were drawn, for the tests.
    this.lastDrawn = figures.map((f) => {
      const at = (p: { x: number; y: number }): [number, number] => {
        const [sx, sy] = toScreen(box, f.place.ox + p.x * f.place.scale, f.place.oy + p.y * f.place.scale);
        return [Math.round(sx * 10) / 10, Math.round(sy * 10) / 10];
      };
      return {
        id: f.r.id,
        followed: f.followed,
        chest: at(joint(f.r.joints, J.Chest)),
        head: at(f.sec.head),
        pelvis: at(joint(f.r.joints, J.Pelvis)),
        footNear: at(joint(f.r.joints, J.FootNear)),
      };
    });
    this.counts.runners = figures.length;

    // HUD.
    const tickRate = this.interp.tickRate;
    this.hud.setBoard(boardRows([...everyone.values()], this.names, this.followed));
    const fname = this.followed === null ? null : this.names.get(this.followed)?.name || `runner ${this.followed}`;
    this.hud.setFollow(frame ? fname : null, everyone.size);
    const race = frame?.race ?? null;
    const ticksLeft = race && frame && sample ? race.ticksLeft - (sample.renderTick - frame.tick) : 0;
    this.hud.setRace(race, ticksLeft, tickRate, followedEntry?.mode ?? null, followedEntry?.countdownTicks ?? 0);
    this.updateOverlay();
  }

  private secondaryFor(r: Sampled, dt: number, now: number): SecondaryPose {
    const head = joint(r.joints, J.Head);
    if (this.reducedMotion) return staticSecondary(head, r.headR);
    let s = this.secondary.get(r.id);
    if (!s) {
      s = { sim: new Secondary(), seen: now };
      this.secondary.set(r.id, s);
    }
    s.seen = now;
    return s.sim.step(joint(r.joints, J.Chest), head, r.headR, r.speed, r.mode === Mode.Jumping, Math.min(dt, 1 / 30));
  }

  private drawRunner(ctx: CanvasRenderingContext2D, f: Figure): void {
    const { r, place } = f;
    const lift = Math.max(0, -Math.max(r.joints[2 * J.FootNear + 1], r.joints[2 * J.FootFar + 1]));
    drawShadow(ctx, place, r.joints[2 * J.Pelvis], lift);
    ctx.save();
    ctx.translate(place.ox, place.oy);
    ctx.scale(place.scale, place.scale);
    drawFigure(ctx, r.joints, r.headR, f.sec, f.followed ? playerStyle() : rivalStyle(r.id));
    ctx.restore();
  }

  private drawTags(figures: Figure[]): void {
    const ctx = this.ctx;
    const s = this.box.h / 720;
    const px = Math.max(8, Math.round(12 * s));
    ctx.save();
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.font = `600 ${px}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    const placed: { x: number; y: number; w: number; h: number }[] = [];
    for (const f of figures) {
      if (f.followed) continue;
      const headR = Math.max(f.r.headR, kMinHeadRadius);
      const [hx, hy] = toScreen(this.box, f.place.ox + f.sec.head.x * f.place.scale, f.place.oy + (f.sec.head.y - headR - 10) * f.place.scale);
      const text = clipName(this.names.get(f.r.id)?.name ?? `runner ${f.r.id}`, 12);
      const w = ctx.measureText(text).width;
      const h = px + 6 * s;
      const pill = { x: hx - w / 2 - 5 * s, y: Math.max(this.box.y + 2 * s, hy - h), w: w + 10 * s, h };
      for (let moved = true; moved; ) {
        moved = false;
        for (const o of placed) {
          if (pill.x < o.x + o.w && o.x < pill.x + pill.w && pill.y < o.y + o.h && o.y < pill.y + pill.h) {
            pill.y = o.y - h - 2 * s;
            moved = true;
          }
        }
      }
      placed.push(pill);
      const opacity = rivalFadeOpacity(f.level);
      const tint = P.runnerTint(f.r.id);
      ctx.globalAlpha = 1;
      ctx.fillStyle = P.css(P.withOpacity(P.kHudPanel, Math.min(1, opacity * 1.3)));
      ctx.beginPath();
      ctx.roundRect(pill.x, pill.y, pill.w, pill.h, h / 2);
      ctx.fill();
      ctx.fillStyle = P.css(P.withOpacity(tint, opacity));
      ctx.fillRect(pill.x + h / 2, pill.y + pill.h - 2 * s, pill.w - h, Math.max(1, 2 * s));
      ctx.fillStyle = P.css(P.withOpacity(P.mix(P.kHudText, tint, 0.25), Math.min(1, opacity * 1.15)));
      ctx.fillText(text, pill.x + pill.w / 2, pill.y + 2 * s);
    }
    ctx.restore();
  }

  // The race strip along the bottom: everyone's distance, the followed runner larger.
  private drawStrip(all: { id: number; distance: number }[]): void {
    if (all.length < 2) return;
    const ctx = this.ctx;
    const s = this.box.h / 720;
    const w = Math.min(this.box.w * 0.6, 560 * s);
    const h = 18 * s;
    const x = this.box.x + (this.box.w - w) / 2;
    const y = this.box.y + this.box.h - h - 14 * s;
    let lo = Infinity;
    let hi = -Infinity;
    for (const m of all) {
      lo = Math.min(lo, m.distance);
      hi = Math.max(hi, m.distance);
    }
    const at = (d: number): number => x + h / 2 + (hi > lo ? ((d - lo) / (hi - lo)) * (w - h) : (w - h) / 2);
    ctx.fillStyle = P.css(P.kHudPanel);
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, h / 2);
    ctx.fill();
    ctx.fillStyle = 'rgba(230,206,196,0.5)';
    ctx.fillRect(x + h / 2, y + h / 2 - 0.75 * s, w - h, Math.max(1, 1.5 * s));
    const r = Math.max(2, 4 * s);
    const dot = (cx: number, rad: number, col: string): void => {
      ctx.fillStyle = col;
      ctx.beginPath();
      ctx.arc(cx, y + h / 2, rad, 0, Math.PI * 2);
      ctx.fill();
    };
    for (const m of all) {
      if (m.id === this.followed) continue;
      dot(at(m.distance), r + Math.max(1, s), 'rgba(255,244,226,0.8)');
      dot(at(m.distance), r, P.css(P.runnerTint(m.id)));
    }
    for (const m of all) {
      if (m.id !== this.followed) continue;
      dot(at(m.distance), r * 1.6 + Math.max(1, s), P.css(P.kHudText));
      dot(at(m.distance), r * 1.6, 'rgb(255,190,110)');
    }
  }

  // The frame's obstacles, those the followed runner broke (by playback time) shown broken.
  private obstacles(frame: FrameMsg | null, renderTick: number): SceneObstacle[] {
    if (!frame) return [];
    const tickRate = this.interp.tickRate;
    return frame.obstacles.map((o) => {
      const b = this.followed !== null ? this.broken.get(`${this.followed}:${o.index}`) : undefined;
      const broken = b !== undefined && b.tick <= renderTick;
      return {
        id: o.index,
        kind: o.kind,
        x: o.x,
        width: o.width,
        height: o.height,
        broken,
        brokenAge: broken ? (this.reducedMotion ? 1 : (renderTick - b.tick) / tickRate) : 0,
      };
    });
  }

  private updateOverlay(): void {
    const h = this.hello;
    switch (this.state) {
      case 'wrong-version':
        this.hud.setOverlay(`this viewer is version ${VIEWER_VERSION}, the gateway speaks ${h?.version ?? '?'}`, 'reload the page after the viewer is updated');
        return;
      case 'no-server':
        this.hud.setOverlay(`gateway has no link to the game server: ${h?.status || 'not connected'}`, h?.server ?? '');
        return;
      case 'lost':
        this.hud.setOverlay('stream lost \u2014 reconnecting\u2026', this.lostWhy);
        return;
      case 'connecting':
        this.hud.setOverlay('connecting\u2026', this.lostWhy ? `${streamUrl()} \u2014 ${this.lostWhy}` : streamUrl());
        return;
      case 'live':
        this.hud.setOverlay(this.hello === null || this.interp.size > 0 || this.counts.snapshots > 0 ? null : 'waiting for the race\u2026');
        return;
    }
  }

  private publish(): void {
    const times = this.drawTimes;
    const mean = times.length ? times.reduce((a, b) => a + b, 0) / times.length : 0;
    this.hud.setStats({
      state: this.state,
      snapshots: this.counts.snapshots,
      frames: this.counts.frames,
      delayMs: this.state === 'live' ? this.interp.delay * 1000 : 0,
      followed: this.followed,
      runners: this.counts.runners,
      reconnects: this.counts.reconnects,
      dropped: this.counts.dropped,
      snapshotRate: this.hello?.snapshotRate ?? 0,
      frameMs: mean,
    });
    if (!this.hidden && this.rafId === 0 && this.counts.frames === 0) this.updateOverlay();
  }

  drawn(): DrawnRunner[] {
    return this.lastDrawn.map((d) => ({ ...d }));
  }
}

declare global {
  interface Window {
    spearViewer: { drawn(): DrawnRunner[]; followNext(): void };
  }
}

const viewer = new Viewer();
window.spearViewer = {
  drawn: () => viewer.drawn(),
  followNext: () => viewer.followNext(1),
};
viewer.start();
