// The browser viewer in a real browser: headless Chromium (driven by playwright-core) opens the
// page a running spear-web serves and checks one part of it, given by --phase. The C++ test
// (browser_viewer_test.cpp) owns spear-server and spear-web; where the gateway has to be stopped,
// killed or restarted, this script prints "STEP <what>" on a line of its own and the test does it.
// The last line is "RESULT <json>": what was measured, judged by the test.
//
//   node viewer_check.cjs --playwright DIR --url http://127.0.0.1:PORT/ --phase NAME
//        [--shots DIR] [--chromium PATH] [--budget SECONDS]
//
// Phases: stream, drawn, follow, letterbox, reduced-motion, hidden, reconnect.
'use strict';

const path = require('path');

function parseArgs(argv) {
  const out = { chromium: '/usr/bin/chromium', shots: '', budget: 45 };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`--${key} needs a value`);
    out[key] = key === 'budget' ? Number(value) : value;
  }
  for (const need of ['playwright', 'url', 'phase']) if (!out[need]) throw new Error(`--${need} is required`);
  return out;
}

const args = parseArgs(process.argv.slice(2));
const { chromium } = require(path.resolve(args.playwright));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const step = (what) => process.stdout.write(`STEP ${what}\n`);

// Page-side helpers, installed before the page's own script runs.
function installHelpers() {
  window.__spearTest = {
    stats() {
      const s = document.getElementById('stats');
      const n = (k) => Number(s.getAttribute(k));
      return {
        state: s.getAttribute('data-state'),
        snapshots: n('data-snapshots'),
        frames: n('data-frames'),
        delayMs: n('data-delay-ms'),
        followed: s.getAttribute('data-followed'),
        runners: n('data-runners'),
        reconnects: n('data-reconnects'),
        dropped: n('data-dropped'),
        snapshotRate: n('data-snapshot-rate'),
        frameMs: Number(s.getAttribute('data-frame-ms')),
        t: performance.now(),
      };
    },
    // The canvas and where the runners are, read in one turn (so both are the same frame).
    grab() {
      const c = document.getElementById('view');
      const ctx = c.getContext('2d');
      return { image: ctx.getImageData(0, 0, c.width, c.height), drawn: window.spearViewer.drawn(), cssW: c.clientWidth, cssH: c.clientHeight };
    },
    // Resolves after `n` more animation frames.
    frames(n) {
      return new Promise((resolve) => {
        const tick = () => (--n <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      });
    },
  };
}

class Check {
  constructor() {
    this.started = Date.now();
    this.errors = []; // console errors and uncaught exceptions of the page: {text, url}
    this.warnings = [];
    this.result = { phase: args.phase, ok: true };
  }

  mark(what) {
    (this.result.timing ??= {})[what] = (Date.now() - this.started) / 1000;
  }

  async open(options = {}) {
    this.browser = await chromium.launch({
      executablePath: args.chromium,
      headless: true,
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
    });
    this.context = await this.browser.newContext({
      viewport: options.viewport ?? { width: 1280, height: 720 },
      deviceScaleFactor: 1,
      reducedMotion: options.reducedMotion ?? 'no-preference',
    });
    this.mark('launched');
    this.page = await this.context.newPage();
    this.page.on('console', (m) => {
      const entry = { text: m.text(), url: m.location()?.url ?? '' };
      if (m.type() === 'error') this.errors.push(entry);
      else if (m.type() === 'warning') this.warnings.push(entry);
    });
    this.page.on('pageerror', (e) => this.errors.push({ text: `uncaught: ${e.message}`, url: '' }));
    await this.page.addInitScript(installHelpers);
    await this.page.goto(args.url, { waitUntil: 'load', timeout: 15000 });
    this.mark('loaded');
  }

  stats() {
    return this.page.evaluate(() => window.__spearTest.stats());
  }

  // Polls the stats until `pred` holds; the last stats either way (with .waited = false on timeout).
  async until(pred, timeoutMs, pollMs = 50) {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const s = await this.stats();
      if (pred(s)) return { ...s, waited: true };
      if (Date.now() > end) return { ...s, waited: false };
      await sleep(pollMs);
    }
  }

  // Waits until every runner on the scoreboard has run a few metres: past the countdown and
  // the staggered start, so the runners no longer stand one over another on the start line.
  async racing(timeoutMs = 15000) {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const ok = await this.page.evaluate(() => {
        const dist = [...document.querySelectorAll('[data-runner-id] .dist')].map((e) => parseInt((e.textContent ?? '').replace(/,/g, ''), 10));
        return dist.length >= 8 && dist.every((m) => m >= 5);
      });
      if (ok) {
        this.mark('racing');
        return true;
      }
      if (Date.now() > end) return false;
      await sleep(100);
    }
  }

  async live(timeoutMs = 10000) {
    const s = await this.until((x) => x.state === 'live' && x.snapshots > 0 && x.runners > 0 && x.frames > 5, timeoutMs);
    this.mark('live');
    return s;
  }

  async shot(name) {
    if (!args.shots) return '';
    const file = path.join(args.shots, `${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  async close() {
    this.result.errors = this.errors;
    this.result.warnings = this.warnings;
    this.result.seconds = (Date.now() - this.started) / 1000;
    try {
      if (this.browser) await this.browser.close();
    } catch {
      /* already gone */
    }
  }
}

// --- Phases ---------------------------------------------------------------------------------

// Frames arrive at the announced rate; the page is live with every runner drawn.
async function stream(c) {
  await c.open();
  const r = c.result;
  r.live = await c.live();
  await sleep(500); // past the first burst
  const a = await c.stats();
  await sleep(4500);
  const b = await c.stats();
  r.window = { seconds: (b.t - a.t) / 1000, snapshots: b.snapshots - a.snapshots, frames: b.frames - a.frames };
  r.snapshotsPerSecond = r.window.snapshots / r.window.seconds;
  r.framesPerSecond = r.window.frames / r.window.seconds;
  r.end = b;
  r.shot = await c.shot('live');
}

// The runners are drawn where drawn() says. With reduced motion and the gateway stopped, the
// page holds the last frame (the same picture every frame); once the stream counts as lost it
// draws the same background without anyone on it. Comparing the two says which pixels are the
// runners'.
async function drawn(c) {
  await c.open({ reducedMotion: 'reduce' });
  const r = c.result;
  r.live = await c.until((s) => s.state === 'live' && s.runners >= 8 && s.frames > 30, 10000);
  r.racing = await c.racing();
  r.live = await c.until((s) => s.state === 'live' && s.runners >= 8, 5000);
  step('stop-gateway');
  // Wait for the held picture (playback has passed the last frame): two grabs a few frames
  // apart that are the same, while the page still counts the stream as live (2 s).
  let held = null;
  for (let i = 0; i < 25 && !held; ++i) {
    await sleep(100);
    if ((await c.stats()).state !== 'live') break;
    held = await c.page.evaluate(async () => {
      const t = window.__spearTest;
      const a = t.grab();
      await t.frames(3);
      const b = t.grab();
      const pa = a.image.data;
      const pb = b.image.data;
      let diff = 0;
      for (let k = 0; k < pa.length; ++k) if (pa[k] !== pb[k]) ++diff;
      if (diff !== 0 || window.__spearTest.stats().state !== 'live') return null;
      window.__held = a;
      return { drawn: a.drawn, state: window.__spearTest.stats().state };
    });
  }
  r.held = held !== null;
  if (!held) {
    step('continue-gateway');
    return;
  }
  r.drawn = held.drawn;
  r.heldStats = await c.stats();
  await c.shot('held');
  r.lost = await c.until((s) => s.state === 'lost', 6000);
  r.analysis = await c.page.evaluate(async () => {
    await window.__spearTest.frames(3);
    const bg = window.__spearTest.grab();
    const held = window.__held;
    const W = bg.image.width;
    const H = bg.image.height;
    const k = W / bg.cssW; // device pixels a CSS pixel
    const A = held.image.data;
    const B = bg.image.data;
    const at = (x, y) => (Math.round(y) * W + Math.round(x)) * 4;
    const inside = (x, y) => x >= 0 && y >= 0 && x < W && y < H;
    const rgb = (D, x, y) => {
      const i = at(x, y);
      return [D[i], D[i + 1], D[i + 2]];
    };
    const dist = (p, q) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
    const ink = [30, 26, 46];
    const tints = [[24, 128, 136], [196, 60, 40], [46, 84, 176], [64, 132, 52], [176, 120, 16], [150, 40, 120], [56, 158, 196], [110, 70, 30]];
    const tintOf = (id) => tints[((id % 8) + 8) % 8];
    // Around a CSS point: the largest difference between the held frame and the background,
    // the closest held colour to `want`, and (for a rival) how far the held colour lies from
    // background-to-tint (t: how much of the tint, residual: off that line).
    const probe = (cx, cy, radius, want) => {
      let diff = 0;
      let near = Infinity;
      let best = null;
      const x0 = cx * k;
      const y0 = cy * k;
      const rr = radius * k;
      for (let y = Math.floor(y0 - rr); y <= Math.ceil(y0 + rr); ++y)
        for (let x = Math.floor(x0 - rr); x <= Math.ceil(x0 + rr); ++x) {
          if (!inside(x, y) || Math.hypot(x - x0, y - y0) > rr) continue;
          const a = rgb(A, x, y);
          const b = rgb(B, x, y);
          const d = dist(a, b);
          if (d > diff) diff = d;
          if (want) {
            const dw = dist(a, want);
            if (dw < near) near = dw;
            // Held colour = background + t (tint - background) + residual.
            const u = [want[0] - b[0], want[1] - b[1], want[2] - b[2]];
            const v = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
            const uu = u[0] * u[0] + u[1] * u[1] + u[2] * u[2];
            if (uu > 0) {
              const t = (u[0] * v[0] + u[1] * v[1] + u[2] * v[2]) / uu;
              const res = Math.hypot(v[0] - t * u[0], v[1] - t * u[1], v[2] - t * u[2]);
              if (!best || t - res / 40 > best.t - best.residual / 40) best = { t, residual: res };
            }
          }
        }
      return { diff, near, tintT: best ? best.t : 0, tintResidual: best ? best.residual : Infinity };
    };
    // Is runner d's figure at (x, y)? The followed runner: its ink within the probe; a rival: a
    // held colour that is the background moved towards its tint (faded rivals included).
    const own = (d, x, y) => {
      const p = probe(x, y, 3, d.followed ? ink : tintOf(d.id));
      const ok = p.diff >= 10 && (d.followed ? p.near <= 16 : p.tintT >= 0.1 && p.tintResidual <= 24);
      return { ...p, ok };
    };
    const runners = held.drawn.map((d) => ({
      id: d.id,
      followed: d.followed,
      chest: { at: d.chest, ...own(d, d.chest[0], d.chest[1]) },
      pelvis: { at: d.pelvis, ...own(d, d.pelvis[0], d.pelvis[1]) },
    }));
    // The same test with every drawn point shifted by the same amount, as if the figures were
    // drawn there instead: it should mostly fail. Sideways (across the torso) and diagonally: a
    // shift along the body would stay on it.
    const shifts = [[25, 0], [-25, 0], [40, 0], [-40, 0], [60, 0], [-60, 0], [30, 30], [-30, 30]];
    const control = shifts.map(([sx, sy]) => {
      let hit = 0;
      let n = 0;
      for (const d of held.drawn)
        for (const p of [d.chest, d.pelvis]) {
          ++n;
          if (own(d, p[0] + sx, p[1] + sy).ok) ++hit;
        }
      return { shift: [sx, sy], hit, n };
    });
    // How much of the picture the runners cover (held differs from the background).
    let covered = 0;
    let total = 0;
    for (let y = 0; y < H; y += 2)
      for (let x = 0; x < W; x += 2) {
        ++total;
        const i = (y * W + x) * 4;
        if (Math.abs(A[i] - B[i]) + Math.abs(A[i + 1] - B[i + 1]) + Math.abs(A[i + 2] - B[i + 2]) > 24) ++covered;
      }
    // A sky point far from every drawn joint (upper part of the view).
    const pts = held.drawn.flatMap((d) => [d.chest, d.head, d.pelvis, d.footNear]);
    let sky = null;
    for (let fy = 0.15; fy <= 0.4 && !sky; fy += 0.05)
      for (let fx = 0.05; fx <= 0.95 && !sky; fx += 0.05) {
        const x = bg.cssW * fx;
        const y = bg.cssH * fy;
        const far = pts.every((p) => Math.hypot(p[0] - x, p[1] - y) > 160);
        if (far) {
          const p = probe(x, y, 3, ink);
          const heldColour = rgb(A, x * k, y * k);
          sky = { at: [x, y], diff: p.diff, inkDistance: dist(heldColour, ink), nearestTintDistance: Math.min(...tints.map((t) => dist(heldColour, t))), colour: heldColour };
        }
      }
    return { runners, control, coverage: covered / total, sky, scale: k };
  });
  await c.shot('background');
  step('continue-gateway');
}

// Tab follows the next runner; a click on a scoreboard row follows that runner.
async function follow(c) {
  await c.open();
  const r = c.result;
  r.live = await c.until((s) => s.state === 'live' && s.runners >= 8 && s.followed !== '', 10000);
  r.ids = await c.page.evaluate(() => [...document.querySelectorAll('[data-runner-id]')].map((e) => Number(e.getAttribute('data-runner-id'))).sort((a, b) => a - b));
  r.before = r.live.followed;
  await c.page.keyboard.press('Tab');
  r.afterTab = (await c.until((s) => s.followed !== r.before, 3000)).followed;
  await c.page.keyboard.press('Shift+Tab');
  r.afterShiftTab = (await c.until((s) => s.followed !== r.afterTab, 3000)).followed;
  await c.page.click('[data-runner-id="3"]', { timeout: 5000 });
  r.afterClick = (await c.until((s) => s.followed === '3', 3000)).followed;
  // Once the camera has glided there, runner 3 is the one drawn in ink at the anchor.
  await sleep(900);
  r.view = await c.page.evaluate(() => ({ drawn: window.spearViewer.drawn(), w: innerWidth, h: innerHeight }));
  r.rowFollowed = await c.page.evaluate(() => document.querySelector('[data-runner-id="3"]')?.classList.contains('followed') ?? false);
  r.label = await c.page.evaluate(() => document.querySelector('.follow-label')?.textContent ?? '');
  r.shot = await c.shot('follow-3');
  // followNext() from the page's hook does what Tab does.
  const hookBefore = (await c.stats()).followed;
  await c.page.evaluate(() => window.spearViewer.followNext());
  r.hook = { before: hookBefore, after: (await c.until((s) => s.followed !== hookBefore, 3000)).followed };
}

// Wide and tall windows: the scene keeps its aspect inside bars, the runners inside it.
async function letterbox(c) {
  await c.open({ viewport: { width: 1600, height: 500 } });
  const r = c.result;
  r.live = await c.live();
  r.views = [];
  for (const [w, h] of [[1600, 500], [700, 1000], [1280, 720]]) {
    await c.page.setViewportSize({ width: w, height: h });
    await c.page.evaluate(() => window.__spearTest.frames(8));
    const v = await c.page.evaluate(() => {
      const g = window.__spearTest.grab();
      const W = g.image.width;
      const H = g.image.height;
      const D = g.image.data;
      const isBar = (x, y) => {
        const i = (y * W + x) * 4;
        return D[i] === 16 && D[i + 1] === 12 && D[i + 2] === 22;
      };
      // The scene: the rows and columns that are not all bar colour.
      const colBar = (x) => {
        for (let y = 0; y < H; y += 1) if (!isBar(x, y)) return false;
        return true;
      };
      const rowBar = (y) => {
        for (let x = 0; x < W; x += 1) if (!isBar(x, y)) return false;
        return true;
      };
      let left = 0;
      while (left < W && colBar(left)) ++left;
      let right = W - 1;
      while (right > left && colBar(right)) --right;
      let top = 0;
      while (top < H && rowBar(top)) ++top;
      let bottom = H - 1;
      while (bottom > top && rowBar(bottom)) --bottom;
      const hud = document.getElementById('hud')?.getBoundingClientRect();
      return {
        window: [innerWidth, innerHeight],
        canvas: [W, H],
        canvasCss: [g.cssW, g.cssH],
        scene: { x: left, y: top, w: right - left + 1, h: bottom - top + 1 },
        hud: hud ? { x: hud.x, y: hud.y, w: hud.width, h: hud.height } : null,
        drawn: g.drawn,
      };
    });
    v.shot = await c.shot(`letterbox-${w}x${h}`);
    r.views.push(v);
  }
  r.end = await c.stats();
}

// prefers-reduced-motion: the page loads and draws; switching runners cuts instead of gliding.
async function reducedMotion(c) {
  await c.open({ reducedMotion: 'reduce' });
  const r = c.result;
  r.matches = await c.page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  r.live = await c.until((s) => s.state === 'live' && s.runners >= 8 && s.frames > 10, 10000);
  const a = await c.stats();
  await sleep(1500);
  r.end = await c.stats();
  r.framesPerSecond = (r.end.frames - a.frames) / ((r.end.t - a.t) / 1000);
  // The frame after a switch already shows the new runner at the anchor (30 % of the view).
  r.cut = await c.page.evaluate(async () => {
    window.spearViewer.followNext();
    await window.__spearTest.frames(2);
    const followed = window.__spearTest.stats().followed;
    const d = window.spearViewer.drawn().find((x) => x.followed);
    return { followed, drawn: d ?? null, w: innerWidth, h: innerHeight };
  });
  r.shot = await c.shot('reduced-motion');
}

// A hidden tab draws nothing; drawing resumes when it is shown again.
async function hidden(c) {
  await c.open();
  const r = c.result;
  r.live = await c.live();
  const setHidden = (h) =>
    c.page.evaluate((hide) => {
      Object.defineProperty(document, 'visibilityState', { value: hide ? 'hidden' : 'visible', configurable: true });
      Object.defineProperty(document, 'hidden', { value: hide, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, h);
  await setHidden(true);
  await sleep(300);
  const a = await c.stats();
  await sleep(1500);
  const b = await c.stats();
  r.whileHidden = { frames: b.frames - a.frames, snapshots: b.snapshots - a.snapshots, seconds: (b.t - a.t) / 1000, state: b.state };
  await setHidden(false);
  const back = await c.until((s) => s.frames > b.frames + 20 && s.runners > 0, 5000);
  r.afterShown = { frames: back.frames - b.frames, runners: back.runners, state: back.state, waited: back.waited };
}

// The gateway goes away (killed) and comes back on the same port: the page says so, and then
// picks the stream up again by itself.
async function reconnect(c) {
  await c.open();
  const r = c.result;
  r.live = await c.live();
  step('kill-gateway');
  r.lost = await c.until((s) => s.state === 'lost', 6000);
  await c.page.evaluate(() => window.__spearTest.frames(2));
  r.overlay = await c.page.evaluate(() => {
    const o = document.getElementById('overlay');
    if (!o) return null;
    const box = o.getBoundingClientRect();
    return { visible: !o.hidden && box.width > 0 && box.height > 0 && getComputedStyle(o).display !== 'none', text: o.textContent };
  });
  r.lostShot = await c.shot('lost');
  const lostStats = await c.stats();
  step('restart-gateway');
  r.back = await c.until((s) => s.state === 'live' && s.reconnects >= 1 && s.snapshots > lostStats.snapshots, 15000);
  const a = await c.stats();
  await sleep(1500);
  const b = await c.stats();
  r.afterBack = { snapshots: b.snapshots - a.snapshots, seconds: (b.t - a.t) / 1000, runners: b.runners, state: b.state, reconnects: b.reconnects };
  r.overlayAfter = await c.page.evaluate(() => !document.getElementById('overlay')?.hidden);
  r.backShot = await c.shot('back');
}

const phases = { stream, drawn, follow, letterbox, 'reduced-motion': reducedMotion, hidden, reconnect };

(async () => {
  const run = phases[args.phase];
  const c = new Check();
  const watchdog = setTimeout(() => {
    c.result.ok = false;
    c.result.failure = `phase took over ${args.budget} s`;
    process.stdout.write(`RESULT ${JSON.stringify(c.result)}\n`);
    process.exit(3);
  }, args.budget * 1000);
  try {
    if (!run) throw new Error(`no phase "${args.phase}"`);
    await run(c);
  } catch (e) {
    c.result.ok = false;
    c.result.failure = String(e && e.stack ? e.stack : e);
  }
  await c.close();
  clearTimeout(watchdog);
  process.stdout.write(`RESULT ${JSON.stringify(c.result)}\n`);
  process.exit(0);
})();
