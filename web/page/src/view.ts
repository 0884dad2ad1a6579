// The letterboxed view (client/render/view.cpp): always 440 units tall, aspect clamped to
// 4:3..21:9, centred in the window with bars beyond; the followed runner's anchor at 30 % of the
// width, the ground line at 80 % of the height. And the camera that follows a runner.

export const kViewHeight = 440;
export const kMinAspect = 4 / 3;
export const kMaxAspect = 21 / 9;
export const kRunnerScreenX = 0.3;
export const kGroundScreenY = 0.8;

export interface Letterbox {
  x: number; // the drawn area in CSS pixels of the canvas
  y: number;
  w: number;
  h: number;
  worldW: number; // units shown across
  worldH: number;
  scale: number; // CSS pixels a unit
  left: number; // world x at the area's left edge (camera-relative)
  top: number; // world y at its top edge
}

export function letterbox(windowW: number, windowH: number): Letterbox {
  const w = Math.max(windowW, 1);
  const h = Math.max(windowH, 1);
  const aspect = Math.min(Math.max(w / h, kMinAspect), kMaxAspect);
  let vw = w;
  let vh = w / aspect;
  if (vh > h) {
    vh = h;
    vw = h * aspect;
  }
  const worldW = kViewHeight * aspect;
  return {
    x: Math.round((w - vw) / 2),
    y: Math.round((h - vh) / 2),
    w: Math.max(1, Math.round(vw)),
    h: Math.max(1, Math.round(vh)),
    worldW,
    worldH: kViewHeight,
    scale: vh / kViewHeight,
    left: -kRunnerScreenX * worldW,
    top: -kGroundScreenY * kViewHeight,
  };
}

// Camera-relative world point → CSS pixels of the canvas.
export function toScreen(box: Letterbox, wx: number, wy: number): [number, number] {
  return [box.x + (wx - box.left) * box.scale, box.y + (wy - box.top) * box.scale];
}

// The camera: exactly the followed runner's distance (as the client); when the view switches to
// another runner it glides there (an exponential approach: no overshoot) instead of cutting,
// except under reduced motion, where it cuts.
export class Camera {
  x = 0;
  private offset = 0; // camera − followed runner, fading to 0
  private followed: number | null = null;

  update(followedId: number | null, followedX: number | null, dt: number, reducedMotion: boolean): number {
    if (followedX === null || !Number.isFinite(followedX)) return this.x;
    if (followedId !== this.followed) {
      if (this.followed !== null && !reducedMotion) this.offset = this.x - followedX;
      this.followed = followedId;
    }
    if (reducedMotion) this.offset = 0;
    else this.offset *= Math.exp(-Math.max(0, Math.min(dt, 0.1)) / 0.12);
    if (Math.abs(this.offset) < 0.05 || Math.abs(this.offset) > 5000) this.offset = 0;
    this.x = followedX + this.offset;
    return this.x;
  }
}
