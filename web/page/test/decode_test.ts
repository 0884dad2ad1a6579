// The page's decoder (src/decode.ts) on good and bad bytes: messages built with the FlatBuffers
// runtime and the generated code decode to what was put in; garbage, truncated buffers, a wrong
// identifier, a runner with 28 joint values, huge vector and string lengths, non-finite numbers
// and unknown enums are dropped with a DecodeError (never another exception). Run with node;
// prints one line a case and a summary, exit code 1 when a case failed.
import * as flatbuffers from 'flatbuffers';
import { decode, DecodeError, JOINT_VALUES, LIMITS } from '../src/decode';
import { Body, Broken, Frame, Hello, Message, Name, Obstacle, Race, Roster, Runner, Summary } from '../src/generated/viewer_generated';
import type { FrameMsg, HelloMsg, RosterMsg, ViewerMsg } from '../src/types';

declare const process: { exitCode?: number; stdout: { write(s: string): boolean } };

let passed = 0;
let failed = 0;

function out(line: string): void {
  process.stdout.write(line + '\n');
}

function check(name: string, body: () => void): void {
  try {
    body();
    ++passed;
    out(`ok   ${name}`);
  } catch (e) {
    ++failed;
    out(`FAIL ${name}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function expect(cond: boolean, what: string): void {
  if (!cond) throw new Error(what);
}

function expectEq<T>(got: T, want: T, what: string): void {
  if (got !== want) throw new Error(`${what}: got ${String(got)}, want ${String(want)}`);
}

// Drops the message: decode must throw a DecodeError (anything else escaping is a failure).
function expectDropped(bytes: Uint8Array, what: string): void {
  try {
    decode(bytes);
  } catch (e) {
    if (e instanceof DecodeError) return;
    throw new Error(`${what}: threw ${e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e)}, not a DecodeError`);
  }
  throw new Error(`${what}: decoded, should have been dropped`);
}

// Decodes or drops, nothing else: for bytes that may or may not still be a sound message.
function decodesOrDrops(bytes: Uint8Array, what: string): 'decoded' | 'dropped' {
  try {
    decode(bytes);
    return 'decoded';
  } catch (e) {
    if (e instanceof DecodeError) return 'dropped';
    throw new Error(`${what}: threw ${e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e)}, not a DecodeError`);
  }
}

// A small deterministic generator (mulberry32), so a failure reproduces.
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// --- Building messages ------------------------------------------------------------------------

function finish(b: flatbuffers.Builder, type: Body, body: flatbuffers.Offset, identifier = 'SPVW'): Uint8Array {
  const msg = Message.createMessage(b, type, body);
  b.finish(msg, identifier);
  return b.asUint8Array().slice();
}

function helloBytes(): Uint8Array {
  const b = new flatbuffers.Builder(256);
  const server = b.createString('127.0.0.1:27600');
  const status = b.createString('connected');
  return finish(b, Body.Hello, Hello.createHello(b, 1, 60, 30, server, true, status));
}

interface RunnerSpec {
  id: number;
  joints?: number[];
  distance?: number;
  headR?: number;
  sx?: number;
  mode?: number;
}

function jointValues(id: number, n = JOINT_VALUES): number[] {
  return Array.from({ length: n }, (_, k) => ((k * 37 + id * 11) % 400) - 200);
}

interface FrameSpec {
  runners?: RunnerSpec[];
  obstacleX?: number;
  obstacleKind?: number;
  phase?: number;
  summaries?: number;
  identifier?: string;
}

function frameBytes(spec: FrameSpec = {}): Uint8Array {
  const b = new flatbuffers.Builder(1024);
  const runnerSpecs = spec.runners ?? [
    { id: 3, distance: 1234.5, headR: 11.5 },
    { id: 7, distance: 1180.25, headR: 12, mode: 1 },
  ];
  const runners = runnerSpecs.map((r) => {
    const joints = Runner.createJointsVector(b, r.joints ?? jointValues(r.id));
    return Runner.createRunner(b, r.id, r.mode ?? 0, 8, 100 + r.id, r.distance ?? 1000, joints, r.headR ?? 11, r.sx ?? 1, 1, 0);
  });
  const others: flatbuffers.Offset[] = [];
  for (let i = 0; i < (spec.summaries ?? 1); ++i) others.push(Summary.createSummary(b, 40 + i, 0, 8, 55, 800 - i));
  const obstacles = [
    Obstacle.createObstacle(b, 12, spec.obstacleKind ?? 0, spec.obstacleX ?? 1300, 14, 36),
    Obstacle.createObstacle(b, 13, 1, 1420, 30, 70),
  ];
  const broken = [Broken.createBroken(b, 3, 11, 9000)];
  const runnersVec = Frame.createRunnersVector(b, runners);
  const othersVec = Frame.createOthersVector(b, others);
  const obstaclesVec = Frame.createObstaclesVector(b, obstacles);
  const brokenVec = Frame.createBrokenVector(b, broken);
  const race = Race.createRace(b, spec.phase ?? 2, 4, 5400);
  Frame.startFrame(b);
  Frame.addTick(b, 9060);
  Frame.addRunners(b, runnersVec);
  Frame.addOthers(b, othersVec);
  Frame.addRace(b, race);
  Frame.addCourse(b, 0x1234_5678_9abc_def0n);
  Frame.addObstacles(b, obstaclesVec);
  Frame.addBroken(b, brokenVec);
  return finish(b, Body.Frame, Frame.endFrame(b), spec.identifier);
}

function rosterBytes(names: { id: number; bot: boolean; name: string }[]): Uint8Array {
  const b = new flatbuffers.Builder(256);
  const entries = names.map((n) => Name.createName(b, n.id, n.bot, b.createString(n.name)));
  const vec = Roster.createNamesVector(b, entries);
  return finish(b, Body.Roster, Roster.createRoster(b, vec));
}

// Where things are inside a built message, to corrupt them in place.
function frameOf(bytes: Uint8Array): Frame {
  const msg = Message.getRootAsMessage(new flatbuffers.ByteBuffer(bytes));
  return msg.body(new Frame()) as Frame;
}

// The absolute position of the length word of a table's vector or string field (vtable slot).
function lengthWordOf(bb: flatbuffers.ByteBuffer, tablePos: number, slot: number): number {
  const o = bb.__offset(tablePos, slot);
  if (o === 0) throw new Error('field absent');
  return bb.__vector(tablePos + o) - 4;
}

function patchU32(bytes: Uint8Array, pos: number, value: number): Uint8Array {
  const copy = bytes.slice();
  new DataView(copy.buffer).setUint32(pos, value >>> 0, true);
  return copy;
}

function asFrame(m: ViewerMsg): FrameMsg {
  if (m.kind !== 'frame') throw new Error(`decoded a ${m.kind}, want a frame`);
  return m;
}

// --- Cases ------------------------------------------------------------------------------------

check('a valid Hello decodes to what was built', () => {
  const m = decode(helloBytes()) as HelloMsg;
  expectEq(m.kind, 'hello', 'kind');
  expectEq(m.version, 1, 'version');
  expectEq(m.tickRate, 60, 'tick rate');
  expectEq(m.snapshotRate, 30, 'snapshot rate');
  expectEq(m.server, '127.0.0.1:27600', 'server');
  expectEq(m.connected, true, 'connected');
  expectEq(m.status, 'connected', 'status');
});

check('a valid Frame decodes to what was built', () => {
  const f = asFrame(decode(frameBytes()));
  expectEq(f.tick, 9060, 'tick');
  expectEq(f.course, 0x1234_5678_9abc_def0n, 'course');
  expectEq(f.runners.length, 2, 'runners');
  const r = f.runners[0];
  expectEq(r.id, 3, 'id');
  expectEq(r.distance, 1234.5, 'distance');
  expectEq(r.headR, 11.5, 'head radius');
  expectEq(r.flags, 8, 'flags');
  expectEq(r.score, 103, 'score');
  expectEq(r.joints.length, JOINT_VALUES, 'joint values');
  const want = jointValues(3);
  for (let k = 0; k < JOINT_VALUES; ++k) expectEq(r.joints[k], want[k] / 16, `joint value ${k} (1/16 units)`);
  expectEq(f.runners[1].mode, 1, 'second runner mode');
  expectEq(f.others.length, 1, 'others');
  expectEq(f.others[0].id, 40, 'summary id');
  expectEq(f.obstacles.length, 2, 'obstacles');
  expectEq(f.obstacles[0].x, 1300, 'obstacle x');
  expectEq(f.obstacles[1].kind, 1, 'obstacle kind');
  expectEq(f.broken.length, 1, 'broken');
  expectEq(f.broken[0].tick, 9000, 'broken tick');
  expect(f.race !== null, 'race');
  expectEq(f.race!.phase, 2, 'phase');
  expectEq(f.race!.ticksLeft, 5400, 'ticks left');
});

check('a valid Roster decodes, UTF-8 names included', () => {
  const m = decode(rosterBytes([{ id: 1, bot: true, name: 'Wren' }, { id: 2, bot: false, name: 'Zoë 🏃' }])) as RosterMsg;
  expectEq(m.kind, 'roster', 'kind');
  expectEq(m.names.length, 2, 'names');
  expectEq(m.names[0].name, 'Wren', 'first name');
  expectEq(m.names[0].bot, true, 'first is a bot');
  expectEq(m.names[1].name, 'Zoë 🏃', 'second name');
});

check('a valid message inside a larger buffer (an offset view) decodes', () => {
  const bytes = frameBytes();
  const host = new Uint8Array(bytes.length + 8);
  host.set(bytes, 4);
  expectEq(asFrame(decode(host.subarray(4, 4 + bytes.length))).runners.length, 2, 'runners');
  expectEq(asFrame(decode(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)).tick, 9060, 'tick from an ArrayBuffer');
});

check('empty and tiny buffers are dropped', () => {
  for (let n = 0; n < 16; ++n) expectDropped(new Uint8Array(n), `${n} zero bytes`);
});

check('garbage is dropped', () => {
  const next = rng(1);
  for (let i = 0; i < 3000; ++i) {
    const n = Math.floor(next() * 300);
    const bytes = new Uint8Array(n);
    for (let k = 0; k < n; ++k) bytes[k] = Math.floor(next() * 256);
    // Half of them past the identifier check, into the walk.
    if (i % 2 === 0 && n >= 8) bytes.set([0x53, 0x50, 0x56, 0x57], 4);
    expectDropped(bytes, `garbage #${i} (${n} bytes)`);
  }
});

// A cut that takes only the alignment padding at the end (zero bytes no field points into) may
// leave a sound message: then it must decode to the same. Any other cut is dropped.
check('every truncation of a valid Frame, Hello and Roster is dropped', () => {
  const same = (a: ViewerMsg, b: ViewerMsg): boolean => {
    const text = (m: ViewerMsg): string => JSON.stringify(m, (_, v) => (typeof v === 'bigint' ? `${v}n` : v instanceof Float32Array ? Array.from(v) : v));
    return text(a) === text(b);
  };
  for (const [what, bytes] of [
    ['frame', frameBytes()],
    ['hello', helloBytes()],
    ['roster', rosterBytes([{ id: 1, bot: true, name: 'Wren' }])],
  ] as const) {
    const whole = decode(bytes);
    let decodedCuts = 0;
    for (let n = 0; n < bytes.length; ++n) {
      const cut = bytes.subarray(0, n);
      const onlyPadding = bytes.subarray(n).every((x) => x === 0);
      if (!onlyPadding) {
        expectDropped(cut, `${what} cut to ${n} of ${bytes.length} bytes`);
      } else if (decodesOrDrops(cut, `${what} cut to ${n}`) === 'decoded') {
        expect(same(decode(cut), whole), `${what} cut to ${n} of ${bytes.length} bytes decoded to something else`);
        ++decodedCuts;
      }
    }
    expect(decodedCuts <= 3, `${what}: ${decodedCuts} cuts decoded (more than the padding)`);
  }
});

check('a wrong or missing identifier is dropped', () => {
  expectDropped(frameBytes({ identifier: 'SPWV' }), 'identifier SPWV');
  expectDropped(frameBytes({ identifier: 'SPRN' }), 'identifier SPRN');
  const b = new flatbuffers.Builder(64);
  const hello = Hello.createHello(b, 1, 60, 30, 0, true, 0);
  b.finish(Message.createMessage(b, Body.Hello, hello)); // no identifier at all
  expectDropped(b.asUint8Array().slice(), 'no identifier');
});

check('a runner with 28 (or 29, 31, 0) joint values is dropped', () => {
  for (const n of [28, 29, 31, 0]) expectDropped(frameBytes({ runners: [{ id: 1, joints: jointValues(1, n) }] }), `${n} joint values`);
  // The length word rewritten to 28 over the 30 values that are there.
  const bytes = frameBytes();
  const f = frameOf(bytes);
  const runner = f.runners(0)!;
  const at = lengthWordOf(runner.bb!, runner.bb_pos, 14); // joints: field 5
  expectDropped(patchU32(bytes, at, 28), 'joints length word 28');
});

check('a runner without joints is dropped', () => {
  const b = new flatbuffers.Builder(256);
  Runner.startRunner(b);
  Runner.addId(b, 1);
  Runner.addDistance(b, 5);
  const r = Runner.endRunner(b);
  const vec = Frame.createRunnersVector(b, [r]);
  Frame.startFrame(b);
  Frame.addRunners(b, vec);
  expectDropped(finish(b, Body.Frame, Frame.endFrame(b)), 'runner without joints');
});

check('huge vector and string lengths are dropped', () => {
  const bytes = frameBytes();
  const f = frameOf(bytes);
  const bb = f.bb!;
  for (const [slot, what] of [
    [6, 'runners'],
    [8, 'others'],
    [14, 'obstacles'],
    [16, 'broken'],
  ] as const) {
    const at = lengthWordOf(bb, f.bb_pos, slot);
    for (const n of [0xffffffff, 0x7fffffff, 0x40000000, 1025, 70000]) expectDropped(patchU32(bytes, at, n), `${what} length ${n}`);
  }
  const joints = lengthWordOf(bb, f.runners(0)!.bb_pos, 14);
  expectDropped(patchU32(bytes, joints, 0xffffffff), 'joints length 2^32-1');
  const roster = rosterBytes([{ id: 1, bot: true, name: 'Wren' }]);
  const rm = Message.getRootAsMessage(new flatbuffers.ByteBuffer(roster));
  const r = rm.body(new Roster()) as Roster;
  const name = r.names(0)!;
  const nameLen = lengthWordOf(name.bb!, name.bb_pos, 8); // name: field 2
  for (const n of [0xffffffff, 0x10000, 200]) expectDropped(patchU32(roster, nameLen, n), `name length ${n}`);
  const namesLen = lengthWordOf(r.bb!, r.bb_pos, 4);
  expectDropped(patchU32(roster, namesLen, 0xfffffff0), 'names length 2^32-16');
});

check('lengths beyond the limits are dropped even when the bytes are there', () => {
  const many: RunnerSpec[] = Array.from({ length: LIMITS.runners + 1 }, (_, i) => ({ id: i }));
  expectDropped(frameBytes({ runners: many }), `${many.length} runners`);
  expectEq(asFrame(decode(frameBytes({ runners: many.slice(0, LIMITS.runners) }))).runners.length, LIMITS.runners, 'runners at the limit');
  expectDropped(rosterBytes([{ id: 1, bot: false, name: 'x'.repeat(LIMITS.stringBytes + 1) }]), 'a 1025-byte name');
});

check('NaN and infinite numbers are dropped', () => {
  expectDropped(frameBytes({ runners: [{ id: 1, distance: NaN }] }), 'distance NaN');
  expectDropped(frameBytes({ runners: [{ id: 1, distance: Infinity }] }), 'distance +inf');
  expectDropped(frameBytes({ runners: [{ id: 1, headR: NaN }] }), 'head_r NaN');
  expectDropped(frameBytes({ runners: [{ id: 1, sx: -Infinity }] }), 'sx -inf');
  expectDropped(frameBytes({ obstacleX: NaN }), 'obstacle x NaN');
});

check('unknown enum values and union types are dropped', () => {
  expectDropped(frameBytes({ runners: [{ id: 1, mode: 8 }] }), 'mode 8');
  expectDropped(frameBytes({ obstacleKind: 2 }), 'obstacle kind 2');
  expectDropped(frameBytes({ phase: 4 }), 'phase 4');
  for (const type of [0, 4, 200]) {
    const b = new flatbuffers.Builder(64);
    const hello = Hello.createHello(b, 1, 60, 30, 0, true, 0);
    expectDropped(finish(b, type as Body, hello), `body type ${type}`);
  }
});

check('a message without a body is dropped', () => {
  const b = new flatbuffers.Builder(64);
  Message.startMessage(b);
  b.finish(Message.endMessage(b), 'SPVW');
  expectDropped(b.asUint8Array().slice(), 'no body');
});

check('a corrupted valid Frame either decodes or is dropped, never throws anything else', () => {
  const next = rng(7);
  const base = frameBytes();
  let decoded = 0;
  let dropped = 0;
  for (let i = 0; i < 20000; ++i) {
    const bytes = base.slice();
    const flips = 1 + Math.floor(next() * 4);
    for (let k = 0; k < flips; ++k) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
    if (decodesOrDrops(bytes, `corruption #${i}`) === 'decoded') ++decoded;
    else ++dropped;
  }
  expect(dropped > 0 && decoded > 0, `decoded ${decoded}, dropped ${dropped}`);
});

out(`decode_test: ${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
