// The viewer page's frame time in headless Chromium: loads the page from a running spear-web,
// waits for the stream to be live and then --wait seconds, then for --seconds samples the
// page's own draw time (#stats data-frame-ms, the mean JS time of a draw over the last 60
// frames, read at every animation frame) and the intervals between animation frames, and prints median and
// p95 of each.
//
//   node bench/web/page_frame_time.cjs --url http://127.0.0.1:8080/ [--modules build/web/page/node_modules]
//     [--chromium /usr/bin/chromium] [--chromium-args '--disable-gpu ...'] [--width 1280 --height 720] [--wait 3] [--seconds 5] [--json FILE]
'use strict';
const fs = require('fs');
const path = require('path');

function parseArgs(argv) {
  const o = {
    url: '',
    modules: path.resolve(__dirname, '../../build/web/page/node_modules'),
    chromium: '/usr/bin/chromium',
    'chromium-args': '',
    width: 1280,
    height: 720,
    wait: 3,
    seconds: 5,
    json: '',
  };
  for (let i = 2; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    if (!(key in o) || i + 1 >= argv.length) {
      console.error(`page_frame_time: unknown or incomplete option ${argv[i]}`);
      process.exit(2);
    }
    o[key] = typeof o[key] === 'number' ? Number(argv[i + 1]) : argv[i + 1];
  }
  if (!o.url) {
    console.error('page_frame_time: --url is required');
    process.exit(2);
  }
  return o;
}

function percentile(values, p) {
  if (values.length === 0) return 0;
  const v = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * v.length);
  return v[Math.min(Math.max(rank, 1), v.length) - 1];
}

async function main() {
  const o = parseArgs(process.argv);
  const { chromium } = require(path.resolve(o.modules, 'playwright-core'));
  const browser = await chromium.launch({ executablePath: o.chromium, args: ['--no-sandbox', ...o['chromium-args'].split(' ').filter(Boolean)] });
  try {
    const page = await browser.newPage({ viewport: { width: o.width, height: o.height } });
    const renderer = await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl');
      if (!gl) return 'no WebGL';
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      return info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
    });
    await page.goto(o.url);
    await page.waitForSelector('#stats[data-state="live"]', { timeout: 15000 });
    await page.waitForFunction(() => Number(document.querySelector('#stats').dataset.runners) > 0, null, {
      timeout: 30000,
    });
    await page.waitForTimeout(o.wait * 1000);

    const before = await page.evaluate(() => ({ ...document.querySelector('#stats').dataset }));
    const t0 = Date.now();
    // In the page, at every animation frame: the time since the last one and the page's draw
    // time as published then (reading it from outside would add round trips to the measurement).
    const { intervals, drawMs } = await page.evaluate(
      (ms) =>
        new Promise((resolve) => {
          const stats = document.querySelector('#stats');
          const times = [];
          const draws = [];
          const start = performance.now();
          const step = (t) => {
            times.push(t);
            draws.push(Number(stats.getAttribute('data-frame-ms')));
            if (t - start < ms) requestAnimationFrame(step);
            else resolve({ intervals: times.slice(1).map((x, i) => x - times[i]), drawMs: draws });
          };
          requestAnimationFrame(step);
        }),
      o.seconds * 1000,
    );
    const after = await page.evaluate(() => ({ ...document.querySelector('#stats').dataset }));
    const span = (Date.now() - t0) / 1000;
    const result = {
      url: o.url,
      viewport: `${o.width}x${o.height}`,
      chromium_args: o['chromium-args'],
      renderer,
      runners: Number(after.runners),
      load_average: fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
      state: after.state,
      snapshots_per_second: (Number(after.snapshots) - Number(before.snapshots)) / span,
      frames_per_second: (Number(after.frames) - Number(before.frames)) / span,
      dropped: Number(after.dropped),
      reconnects: Number(after.reconnects),
      draw_ms: { samples: drawMs.length, median: percentile(drawMs, 50), p95: percentile(drawMs, 95),
                 max: percentile(drawMs, 100) },
      frame_interval_ms: { samples: intervals.length, median: percentile(intervals, 50),
                           p95: percentile(intervals, 95), max: percentile(intervals, 100) },
    };
    const f = (x) => x.toFixed(2);
    console.log(`page ${result.viewport}, ${result.runners} runners, ${result.state}; renderer: ${renderer}`);
    console.log(`draw time (data-frame-ms, mean of the last 60 draws, read at ${drawMs.length} frames): median ` +
                `${f(result.draw_ms.median)} ms, p95 ${f(result.draw_ms.p95)} ms, max ${f(result.draw_ms.max)} ms`);
    console.log(`animation-frame interval (${intervals.length} frames): median ` +
                `${f(result.frame_interval_ms.median)} ms, p95 ${f(result.frame_interval_ms.p95)} ms, ` +
                `max ${f(result.frame_interval_ms.max)} ms`);
    console.log(`frames drawn ${result.frames_per_second.toFixed(1)}/s, snapshots ` +
                `${result.snapshots_per_second.toFixed(1)}/s, dropped ${result.dropped}, reconnects ${result.reconnects}; load average ${result.load_average}`);
    if (o.json) fs.writeFileSync(o.json, JSON.stringify(result, null, 2) + '\n');
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(`page_frame_time: ${e.message}`);
  process.exit(1);
});
