// The HUD, in the DOM over the canvas (crisp text at any size; client/render/hud_renderer.cpp's
// layout, scaled by the drawn area's height / 720): the scoreboard (every runner, clickable to
// follow: elements with data-runner-id), the follow label, the race banner and the big
// countdown, the race strip, the status overlay, and the stats line the tests read.
import { FLAG_AWAY, FLAG_BOT, Mode, Phase, type RaceMsg } from './types';
import * as P from './palette';
import type { Letterbox } from './view';

export type ViewerState = 'connecting' | 'live' | 'lost' | 'no-server' | 'wrong-version';

export interface BoardRow {
  id: number;
  name: string;
  bot: boolean;
  score: number;
  distance: number; // units
  down: boolean;
  away: boolean;
  followed: boolean;
}

export interface Stats {
  state: ViewerState;
  snapshots: number;
  frames: number;
  delayMs: number;
  followed: number | null;
  runners: number;
  reconnects: number;
  dropped: number;
  snapshotRate: number;
  frameMs: number;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function group(n: number): string {
  return Math.trunc(n).toLocaleString('en-US');
}

function clock(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function clipName(name: string, chars: number): string {
  const points = Array.from(name);
  if (points.length === 0) return 'runner';
  return points.length > chars ? points.slice(0, chars - 1).join('') + '\u2026' : name;
}

export class Hud {
  private readonly root: HTMLElement;
  private readonly board: HTMLElement;
  private readonly boardRows: HTMLElement;
  private readonly boardCount: HTMLElement;
  private readonly followLabel: HTMLElement;
  private readonly banner: HTMLElement;
  private readonly countdown: HTMLElement;
  private readonly overlay: HTMLElement;
  private readonly overlayHead: HTMLElement;
  private readonly overlayDetail: HTMLElement;
  private readonly stats: HTMLElement;
  private boardKey = '';
  private bannerKey = '';
  private countKey = '';
  private followKey = '';
  private overlayKey = '';

  constructor(host: HTMLElement, onFollow: (id: number) => void) {
    this.root = el('div', 'hud');
    this.root.id = 'hud';
    this.board = el('div', 'panel board');
    this.board.id = 'scoreboard';
    const head = el('div', 'board-head');
    head.append(el('span', '', 'RUNNERS'));
    this.boardCount = el('span', '', '0');
    head.append(this.boardCount);
    this.boardRows = el('ol', 'board-rows');
    this.board.append(head, this.boardRows);
    this.board.addEventListener('click', (ev) => {
      const target = (ev.target as HTMLElement).closest('[data-runner-id]');
      if (!target) return;
      const id = Number(target.getAttribute('data-runner-id'));
      if (Number.isInteger(id)) onFollow(id);
    });
    this.followLabel = el('div', 'panel follow-label');
    this.banner = el('div', 'panel banner');
    this.banner.id = 'race-banner';
    this.countdown = el('div', 'countdown');
    this.overlay = el('div', 'overlay');
    this.overlay.id = 'overlay';
    this.overlayHead = el('div', 'overlay-head');
    this.overlayDetail = el('div', 'overlay-detail');
    this.overlay.append(this.overlayHead, this.overlayDetail);
    this.root.append(this.board, this.followLabel, this.banner, this.countdown, this.overlay);
    this.stats = document.getElementById('stats') ?? el('div');
    this.stats.id = 'stats';
    if (!this.stats.isConnected) document.body.append(this.stats);
    host.append(this.root);
    this.hide(this.followLabel);
    this.hide(this.banner);
    this.hide(this.countdown);
    this.hide(this.overlay);
  }

  private hide(e: HTMLElement, hidden = true): void {
    e.hidden = hidden;
  }

  layout(box: Letterbox): void {
    const s = box.h / 720;
    const st = this.root.style;
    st.left = `${box.x}px`;
    st.top = `${box.y}px`;
    st.width = `${box.w}px`;
    st.height = `${box.h}px`;
    st.setProperty('--s', String(s));
  }

  // Rows are kept per runner and updated in place (a row being clicked stays the same element);
  // they are moved only when the ranking changes.
  private readonly rowEls = new Map<number, { li: HTMLElement; key: string }>();

  setBoard(rows: BoardRow[]): void {
    // No runners (the stream is lost, or no race yet): no empty panel.
    this.hide(this.board, rows.length === 0);
    this.boardCount.textContent = String(rows.length);
    const ids = new Set(rows.map((r) => r.id));
    for (const [id, e] of this.rowEls) {
      if (!ids.has(id)) {
        e.li.remove();
        this.rowEls.delete(id);
      }
    }
    rows.forEach((r, i) => {
      const key = `${i}|${r.name}|${r.bot}|${r.score}|${Math.floor(r.distance / 10)}|${r.down}|${r.away}|${r.followed}`;
      let e = this.rowEls.get(r.id);
      if (!e) {
        const li = el('li', 'row');
        li.setAttribute('data-runner-id', String(r.id));
        e = { li, key: '' };
        this.rowEls.set(r.id, e);
      }
      if (e.key === key) return;
      e.key = key;
      const li = e.li;
      li.className = 'row' + (r.followed ? ' followed' : '') + (r.down ? ' down' : '');
      li.title = `follow ${r.name}`;
      if (li.childElementCount === 0) {
        li.append(el('span', 'place'), el('span', 'tint'), el('span', 'name'), el('span', 'tags'), el('span', 'score'), el('span', 'dist'));
      }
      const [place, tint, name, tags, score, dist] = Array.from(li.children) as HTMLElement[];
      place.textContent = String(i + 1);
      tint.style.background = r.followed ? P.css(P.kInk) : P.css(P.runnerTint(r.id));
      name.textContent = clipName(r.name, 18);
      tags.replaceChildren();
      if (r.bot) tags.append(el('span', 'tag', 'bot'));
      if (r.away) tags.append(el('span', 'tag', 'away'));
      score.textContent = group(r.score);
      dist.textContent = `${group(Math.floor(r.distance / 10))} m`;
    });
    const order = rows.map((r) => r.id).join(',');
    if (order !== this.boardKey) {
      this.boardKey = order;
      rows.forEach((r) => this.boardRows.append(this.rowEls.get(r.id)!.li));
    }
  }

  setFollow(name: string | null, count: number): void {
    const key = `${name}|${count}`;
    if (key === this.followKey) return;
    this.followKey = key;
    if (name === null) {
      this.hide(this.followLabel);
      return;
    }
    this.followLabel.textContent = `watching ${clipName(name, 24)}` + (count > 1 ? ' \u2014 Tab: next runner' : '');
    this.hide(this.followLabel, false);
  }

  // The race banner and the big countdown; race null: an endless match (none shown).
  setRace(race: RaceMsg | null, ticksLeft: number, tickRate: number, followedMode: number | null, followedCountdownTicks: number): void {
    let banner = '';
    let big = '';
    let caption = '';
    if (race) {
      const secs = Math.max(0, Math.ceil(ticksLeft / Math.max(1, tickRate)));
      const head = `RACE ${race.number}  \u00b7  `;
      if (race.phase === Phase.Race) banner = head + `${clock(secs)} left`;
      else if (race.phase === Phase.Results) banner = head + `results  \u00b7  next race in ${secs} s`;
      else banner = head + `${race.phase === Phase.Warmup ? 'warm-up' : 'countdown'}  \u00b7  starts in ${secs} s`;
      if (race.phase === Phase.Countdown && secs > 0 && secs <= 5) {
        big = String(secs);
        caption = `race ${race.number} starts in`;
      }
    }
    if (!big && followedMode === Mode.Countdown && followedCountdownTicks > 0) {
      big = String(Math.ceil(followedCountdownTicks / Math.max(1, tickRate)));
      caption = 'runs in';
    }
    if (banner !== this.bannerKey) {
      this.bannerKey = banner;
      this.banner.textContent = banner;
      this.banner.setAttribute('data-phase', race ? ['warm-up', 'countdown', 'race', 'results'][race.phase] : '');
      this.hide(this.banner, banner === '');
    }
    const ck = `${caption}|${big}`;
    if (ck !== this.countKey) {
      this.countKey = ck;
      this.countdown.replaceChildren(el('div', 'cd-caption', caption), el('div', 'cd-number', big));
      this.hide(this.countdown, big === '');
    }
  }

  setOverlay(head: string | null, detail = ''): void {
    const key = `${head}|${detail}`;
    if (key === this.overlayKey) return;
    this.overlayKey = key;
    this.overlayHead.textContent = head ?? '';
    this.overlayDetail.textContent = detail;
    this.hide(this.overlay, head === null);
  }

  setStats(s: Stats): void {
    const a = this.stats;
    a.setAttribute('data-state', s.state);
    a.setAttribute('data-snapshots', String(s.snapshots));
    a.setAttribute('data-frames', String(s.frames));
    a.setAttribute('data-delay-ms', String(Math.round(s.delayMs)));
    a.setAttribute('data-followed', s.followed === null ? '' : String(s.followed));
    a.setAttribute('data-runners', String(s.runners));
    a.setAttribute('data-reconnects', String(s.reconnects));
    a.setAttribute('data-dropped', String(s.dropped));
    a.setAttribute('data-snapshot-rate', String(s.snapshotRate));
    a.setAttribute('data-frame-ms', s.frameMs.toFixed(2));
    a.textContent =
      `${s.state} \u00b7 ${s.snapshots} snapshots \u00b7 ${s.frames} frames \u00b7 delay ${Math.round(s.delayMs)} ms` +
      ` \u00b7 draw ${s.frameMs.toFixed(2)} ms` +
      (s.dropped ? ` \u00b7 ${s.dropped} dropped` : '') +
      (s.reconnects ? ` \u00b7 ${s.reconnects} reconnects` : '');
  }
}

export function boardRows(
  runners: { id: number; score: number; distance: number; mode: number; flags: number }[],
  names: Map<number, { name: string; bot: boolean }>,
  followed: number | null,
): BoardRow[] {
  const rows = runners.map((r) => {
    const n = names.get(r.id);
    return {
      id: r.id,
      name: n?.name || `runner ${r.id}`,
      bot: n?.bot ?? (r.flags & FLAG_BOT) !== 0,
      score: r.score,
      distance: r.distance,
      down: r.mode === Mode.Down || r.mode === Mode.Falling,
      away: (r.flags & FLAG_AWAY) !== 0,
      followed: r.id === followed,
    };
  });
  rows.sort((a, b) => b.score - a.score || b.distance - a.distance || a.id - b.id);
  return rows;
}
