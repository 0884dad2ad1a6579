// Plain data decoded from the viewer stream (schemas/viewer.fbs): nothing here refers to the
// FlatBuffers message it came from.

export const JOINT_COUNT = 15;

// rig::Joint, in its order.
export const enum J {
  Pelvis,
  Chest,
  Head,
  Shoulder,
  Hip,
  KneeNear,
  KneeFar,
  FootNear,
  FootFar,
  ElbowNear,
  ElbowFar,
  HandNear,
  HandFar,
  SpearTail,
  SpearTip,
}

// net::RunnerMode order.
export const enum Mode {
  Running,
  Jumping,
  Thrusting,
  Falling,
  Down,
  Lab,
  Parked,
  Countdown,
}

export const FLAG_LAB = 1;
export const FLAG_SKELETON = 2;
export const FLAG_LAB_PAUSED = 4;
export const FLAG_BOT = 8;
export const FLAG_AWAY = 16;

export interface HelloMsg {
  kind: 'hello';
  version: number;
  tickRate: number;
  snapshotRate: number;
  server: string;
  connected: boolean;
  status: string;
}

export interface RunnerPose {
  id: number;
  mode: number;
  flags: number;
  score: number;
  distance: number;
  // 30 values: x, y of each joint in units relative to the anchor (y down).
  joints: Float32Array;
  headR: number;
  sx: number;
  sy: number;
  countdownTicks: number;
}

export interface RunnerSummary {
  id: number;
  mode: number;
  flags: number;
  score: number;
  distance: number;
}

export const enum ObstacleKind {
  Hurdle,
  Target,
}

export interface ObstacleMsg {
  index: number;
  kind: ObstacleKind;
  x: number;
  width: number;
  height: number;
}

export interface BrokenMsg {
  runner: number;
  obstacle: number;
  tick: number;
}

export const enum Phase {
  Warmup,
  Countdown,
  Race,
  Results,
}

export interface RaceMsg {
  phase: Phase;
  number: number;
  ticksLeft: number;
}

export interface FrameMsg {
  kind: 'frame';
  tick: number;
  runners: RunnerPose[];
  others: RunnerSummary[];
  race: RaceMsg | null;
  course: bigint;
  obstacles: ObstacleMsg[];
  broken: BrokenMsg[];
}

export interface NameMsg {
  id: number;
  bot: boolean;
  name: string;
}

export interface RosterMsg {
  kind: 'roster';
  names: NameMsg[];
}

export type ViewerMsg = HelloMsg | FrameMsg | RosterMsg;
