// Untrusted bytes in, plain objects out. The FlatBuffers TypeScript runtime has no verifier, so a
// bounds-checking walk over the schema (schemas/viewer.fbs) runs first: every table, vtable,
// vector and string must lie inside the buffer, vector lengths are bounded, a runner carries
// exactly 30 joint values, enums are known and numbers finite. Only then do the generated
// accessors read the message, and everything is copied into plain objects at once.
import * as flatbuffers from 'flatbuffers';
import {
  Body,
  Frame,
  Hello,
  Message,
  Roster,
} from './generated/viewer_generated';
import { ObstacleKind, Phase } from "./types";
import type {
  BrokenMsg,
  FrameMsg,
  HelloMsg,
  NameMsg,
  ObstacleMsg,
  RosterMsg,
  RunnerPose,
  RunnerSummary,
  ViewerMsg,
} from './types';

export const FILE_IDENTIFIER = 'SPVW';
export const JOINT_VALUES = 30;

// Bounds on what a sane gateway sends (a message beyond them is dropped).
export const LIMITS = {
  bytes: 4 << 20,
  runners: 1024,
  others: 65536,
  obstacles: 4096,
  broken: 4096,
  names: 65536,
  stringBytes: 1024,
};

export class DecodeError extends Error {}

function fail(why: string): never {
  throw new DecodeError(why);
}

// Field kinds of the walk: a scalar of n bytes, a string, a table, a vector of tables/scalars.
type Field =
  | { k: 'scalar'; size: 1 | 2 | 4 | 8 }
  | { k: 'string' }
  | { k: 'table'; t: TableSpec }
  | { k: 'tables'; t: TableSpec; max: number }
  | { k: 'scalars'; size: 1 | 2 | 4 | 8; max: number; exact?: number };

interface TableSpec {
  name: string;
  fields: Field[]; // by field id (the vtable slot)
  required?: number[]; // field ids that must be present
}

const u8: Field = { k: 'scalar', size: 1 };
const u16: Field = { k: 'scalar', size: 2 };
const u32: Field = { k: 'scalar', size: 4 };
const u64: Field = { k: 'scalar', size: 8 };
const str: Field = { k: 'string' };

const RunnerSpec: TableSpec = {
  name: 'Runner',
  // id, mode, flags, score, distance, joints, head_r, sx, sy, countdown_ticks
  fields: [u32, u8, u8, u32, u64, { k: 'scalars', size: 2, max: JOINT_VALUES, exact: JOINT_VALUES }, u32, u32, u32, u16],
  required: [5],
};
const SummarySpec: TableSpec = { name: 'Summary', fields: [u32, u8, u8, u32, u64] };
const ObstacleSpec: TableSpec = { name: 'Obstacle', fields: [u32, u8, u64, u32, u32] };
const BrokenSpec: TableSpec = { name: 'Broken', fields: [u32, u32, u32] };
const RaceSpec: TableSpec = { name: 'Race', fields: [u8, u32, u32] };
const FrameSpec: TableSpec = {
  name: 'Frame',
  fields: [
    u32,
    { k: 'tables', t: RunnerSpec, max: LIMITS.runners },
    { k: 'tables', t: SummarySpec, max: LIMITS.others },
    { k: 'table', t: RaceSpec },
    u64,
    { k: 'tables', t: ObstacleSpec, max: LIMITS.obstacles },
    { k: 'tables', t: BrokenSpec, max: LIMITS.broken },
  ],
};
const NameSpec: TableSpec = { name: 'Name', fields: [u32, u8, str] };
const RosterSpec: TableSpec = {
  name: 'Roster',
  fields: [{ k: 'tables', t: NameSpec, max: LIMITS.names }],
};
const HelloSpec: TableSpec = { name: 'Hello', fields: [u16, u16, u16, str, u8, str] };
const BodySpecs: Record<number, TableSpec> = {
  [Body.Hello]: HelloSpec,
  [Body.Frame]: FrameSpec,
  [Body.Roster]: RosterSpec,
};

// The verifier: throws DecodeError on the first thing out of bounds.
class Walk {
  private readonly dv: DataView;
  private readonly len: number;
  private tables = 0;

  constructor(private readonly bytes: Uint8Array) {
    this.dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.len = bytes.byteLength;
  }

  private need(pos: number, size: number, what: string): void {
    if (!Number.isInteger(pos) || pos < 0 || size < 0 || pos + size > this.len) fail(`${what} out of bounds`);
  }

  private u16(p: number): number {
    this.need(p, 2, 'u16');
    return this.dv.getUint16(p, true);
  }

  private u32(p: number): number {
    this.need(p, 4, 'u32');
    return this.dv.getUint32(p, true);
  }

  // Follows the uoffset stored at p.
  private deref(p: number, what: string): number {
    const target = p + this.u32(p);
    if (target >= this.len) fail(`${what} offset out of bounds`);
    return target;
  }

  // Returns the absolute position of field `id`'s inline value, or 0 when absent.
  private fieldPos(table: number, vtable: number, vtSize: number, tableSize: number, id: number, size: number): number {
    const slot = 4 + 2 * id;
    if (slot + 2 > vtSize) return 0;
    const voff = this.u16(vtable + slot);
    if (voff === 0) return 0;
    if (voff < 4 || voff + size > tableSize) fail('field outside its table');
    return table + voff;
  }

  table(pos: number, spec: TableSpec, depth: number): void {
    if (depth > 8) fail('nesting too deep');
    if (++this.tables > 300000) fail('too many tables');
    if (pos % 4 !== 0) fail(`${spec.name}: misaligned table`);
    this.need(pos, 4, spec.name);
    const vtable = pos - this.dv.getInt32(pos, true);
    if (vtable % 2 !== 0) fail(`${spec.name}: misaligned vtable`);
    this.need(vtable, 4, `${spec.name} vtable`);
    const vtSize = this.u16(vtable);
    const tableSize = this.u16(vtable + 2);
    if (vtSize < 4 || vtSize % 2 !== 0) fail(`${spec.name}: bad vtable size`);
    this.need(vtable, vtSize, `${spec.name} vtable`);
    if (tableSize < 4) fail(`${spec.name}: bad table size`);
    this.need(pos, tableSize, `${spec.name} table`);
    spec.fields.forEach((f, id) => {
      const inline = f.k === 'scalar' ? f.size : 4;
      const p = this.fieldPos(pos, vtable, vtSize, tableSize, id, inline);
      if (p === 0) {
        if (spec.required?.includes(id)) fail(`${spec.name}: field ${id} missing`);
        return;
      }
      switch (f.k) {
        case 'scalar':
          return;
        case 'string':
          this.string(this.deref(p, 'string'));
          return;
        case 'table':
          this.table(this.deref(p, spec.name), f.t, depth + 1);
          return;
        case 'tables': {
          const v = this.deref(p, 'vector');
          const n = this.vector(v, 4, f.max);
          for (let i = 0; i < n; ++i) this.table(this.deref(v + 4 + 4 * i, f.t.name), f.t, depth + 1);
          return;
        }
        case 'scalars': {
          const n = this.vector(this.deref(p, 'vector'), f.size, f.max);
          if (f.exact !== undefined && n !== f.exact) fail(`${spec.name}: ${n} values, want ${f.exact}`);
          return;
        }
      }
    });
  }

  // Checks a vector's length and extent; returns its length.
  vector(v: number, elemSize: number, max: number): number {
    if (v % 4 !== 0) fail('misaligned vector');
    const n = this.u32(v);
    if (n > max) fail(`vector of ${n} > ${max}`);
    this.need(v + 4, n * elemSize, 'vector');
    return n;
  }

  string(s: number): void {
    const n = this.vector(s, 1, LIMITS.stringBytes);
    this.need(s + 4 + n, 1, 'string terminator');
    if (this.bytes[s + 4 + n] !== 0) fail('string not terminated');
  }

  message(): void {
    if (this.len < 12) fail('too short');
    if (this.len > LIMITS.bytes) fail('too long');
    const root = this.u32(0);
    this.table(root, { name: 'Message', fields: [] }, 0);
    // Message: field 0 body_type (ubyte), field 1 body (offset to the union's table).
    const vtable = root - this.dv.getInt32(root, true);
    const vtSize = this.u16(vtable);
    const tableSize = this.u16(vtable + 2);
    const tp = this.fieldPos(root, vtable, vtSize, tableSize, 0, 1);
    const bp = this.fieldPos(root, vtable, vtSize, tableSize, 1, 4);
    if (tp === 0 || bp === 0) fail('message without a body');
    const type = this.bytes[tp];
    const spec = BodySpecs[type];
    if (!spec) fail(`unknown body type ${type}`);
    this.table(this.deref(bp, 'body'), spec, 1);
  }
}

// Throws DecodeError when `bytes` is not a sound viewer message.
export function verify(bytes: Uint8Array): void {
  if (bytes.byteLength < 8) fail('too short');
  const id = String.fromCharCode(bytes[4], bytes[5], bytes[6], bytes[7]);
  if (id !== FILE_IDENTIFIER) fail(`identifier "${id}", not ${FILE_IDENTIFIER}`);
  new Walk(bytes).message();
}

function finite(v: number, what: string): number {
  if (!Number.isFinite(v)) fail(`${what} not finite`);
  return v;
}

const utf8 = new TextDecoder('utf-8');

function text(s: string | Uint8Array | null): string {
  if (s === null) return '';
  return typeof s === 'string' ? s : utf8.decode(s);
}

function decodeHello(h: Hello): HelloMsg {
  return {
    kind: 'hello',
    version: h.version(),
    tickRate: h.tickRate(),
    snapshotRate: h.snapshotRate(),
    server: text(h.server(flatbuffers.Encoding.UTF8_BYTES)),
    connected: h.connected(),
    status: text(h.status(flatbuffers.Encoding.UTF8_BYTES)),
  };
}

function decodeFrame(f: Frame): FrameMsg {
  const runners: RunnerPose[] = [];
  for (let i = 0, n = f.runnersLength(); i < n; ++i) {
    const r = f.runners(i);
    if (!r) fail('runner missing');
    const joints = new Float32Array(JOINT_VALUES);
    for (let k = 0; k < JOINT_VALUES; ++k) joints[k] = (r.joints(k) ?? 0) / 16;
    const mode = r.mode();
    if (mode > 7) fail(`mode ${mode}`);
    runners.push({
      id: r.id(),
      mode,
      flags: r.flags(),
      score: r.score(),
      distance: finite(r.distance(), 'distance'),
      joints,
      headR: finite(r.headR(), 'head_r'),
      sx: finite(r.sx(), 'sx'),
      sy: finite(r.sy(), 'sy'),
      countdownTicks: r.countdownTicks(),
    });
  }
  const others: RunnerSummary[] = [];
  for (let i = 0, n = f.othersLength(); i < n; ++i) {
    const s = f.others(i);
    if (!s) fail('summary missing');
    others.push({ id: s.id(), mode: s.mode(), flags: s.flags(), score: s.score(), distance: finite(s.distance(), 'distance') });
  }
  const obstacles: ObstacleMsg[] = [];
  for (let i = 0, n = f.obstaclesLength(); i < n; ++i) {
    const o = f.obstacles(i);
    if (!o) fail('obstacle missing');
    const kind = o.kind();
    if (kind > 1) fail(`obstacle kind ${kind}`);
    obstacles.push({
      index: o.index(),
      kind: kind as number as ObstacleKind,
      x: finite(o.x(), 'obstacle x'),
      width: finite(o.width(), 'obstacle width'),
      height: finite(o.height(), 'obstacle height'),
    });
  }
  const broken: BrokenMsg[] = [];
  for (let i = 0, n = f.brokenLength(); i < n; ++i) {
    const b = f.broken(i);
    if (!b) fail('broken missing');
    broken.push({ runner: b.runner(), obstacle: b.obstacle(), tick: b.tick() });
  }
  const r = f.race();
  let race: FrameMsg['race'] = null;
  if (r) {
    const phase = r.phase();
    if (phase > 3) fail(`phase ${phase}`);
    race = { phase: phase as number as Phase, number: r.number(), ticksLeft: r.ticksLeft() };
  }
  return { kind: 'frame', tick: f.tick(), runners, others, race, course: f.course(), obstacles, broken };
}

function decodeRoster(r: Roster): RosterMsg {
  const names: NameMsg[] = [];
  for (let i = 0, n = r.namesLength(); i < n; ++i) {
    const e = r.names(i);
    if (!e) fail('name missing');
    names.push({ id: e.id(), bot: e.bot(), name: text(e.name(flatbuffers.Encoding.UTF8_BYTES)) });
  }
  return { kind: 'roster', names };
}

// Verifies and decodes one WebSocket message; throws DecodeError when it must be dropped.
export function decode(data: ArrayBuffer | Uint8Array): ViewerMsg {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  verify(bytes);
  const bb = new flatbuffers.ByteBuffer(bytes);
  if (!Message.bufferHasIdentifier(bb)) fail('identifier');
  const msg = Message.getRootAsMessage(bb);
  switch (msg.bodyType()) {
    case Body.Hello:
      return decodeHello(msg.body(new Hello()) as Hello);
    case Body.Frame:
      return decodeFrame(msg.body(new Frame()) as Frame);
    case Body.Roster:
      return decodeRoster(msg.body(new Roster()) as Roster);
    default:
      return fail('unknown body');
  }
}
