// The colours of Spear Run (client/render/palette.hpp): a warm dusk over a plum-coloured track,
// the figure in dark ink. Colours are [r, g, b, a] with a in 0..255.
export type Rgba = readonly [number, number, number, number];

const c = (r: number, g: number, b: number, a = 255): Rgba => [r, g, b, a];

export const kSkyTop = c(43, 36, 82);
export const kSkyHigh = c(122, 70, 120);
export const kSkyLow = c(232, 128, 112);
export const kSkyHorizon = c(250, 200, 140);
export const kSun = c(255, 232, 176);
export const kSunGlow = c(255, 214, 150, 90);
export const kCloud = c(255, 196, 180, 70);
export const kFarHills = c(198, 120, 130);
export const kMidHills = c(150, 86, 116);
export const kTrees = c(104, 60, 98);
export const kTrackFar = c(122, 74, 104);
export const kTrackEdge = c(248, 186, 128);
export const kSoilTop = c(70, 44, 72);
export const kSoilBottom = c(36, 24, 42);
export const kGroundDot = c(150, 108, 136, 150);
export const kShadow = c(20, 12, 28, 90);
export const kInk = c(30, 26, 46);
export const kInkFar = c(18, 14, 30);
export const kFarOpacity = 0.42;
export const kShaft = c(58, 40, 30);
export const kSpearHead = c(214, 222, 230);
export const kSpearEdge = c(120, 130, 146);
export const kHeadOutline = c(250, 206, 160);
export const kHairTie = c(200, 62, 78);
export const kRivalTints: readonly Rgba[] = [
  c(24, 128, 136),
  c(196, 60, 40),
  c(46, 84, 176),
  c(64, 132, 52),
  c(176, 120, 16),
  c(150, 40, 120),
  c(56, 158, 196),
  c(110, 70, 30),
];
export const kRivalOpacity = 0.82;
export const kRivalNearOpacity = 0.22;
export const kHurdleBar = c(244, 234, 214);
export const kHurdleStripe = c(200, 62, 78);
export const kStraw = c(236, 196, 106);
export const kStrawDark = c(184, 136, 60);
export const kTwine = c(122, 78, 45);
export const kPost = c(74, 50, 40);
export const kHudText = c(255, 244, 226);
export const kHudPanel = c(28, 20, 40, 150);
export const kLetterboxBars = c(16, 12, 22);

export function runnerTint(id: number): Rgba {
  const n = kRivalTints.length;
  return kRivalTints[((id % n) + n) % n];
}

export function withOpacity(col: Rgba, opacity: number): Rgba {
  return [col[0], col[1], col[2], Math.round(col[3] * Math.min(1, Math.max(0, opacity)))];
}

export function mix(a: Rgba, b: Rgba, t: number): Rgba {
  const m = (x: number, y: number): number => Math.round(x + (y - x) * t);
  return [m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2]), m(a[3], b[3])];
}

export function css(col: Rgba): string {
  return `rgba(${col[0]},${col[1]},${col[2]},${(col[3] / 255).toFixed(3)})`;
}
