// Deterministic cosmetic noise (client/render/cosmetic_noise.hpp): SplitMix64's finaliser, in
// BigInt for exact 64-bit wrapping, memoised (the same keys come back every frame).
const M = (1n << 64n) - 1n;

function mix64(xIn: bigint): bigint {
  let x = (xIn + 0x9e3779b97f4a7c15n) & M;
  x = ((x ^ (x >> 30n)) * 0xbf58476d1ce4e5b9n) & M;
  x = ((x ^ (x >> 27n)) * 0x94d049bb133111ebn) & M;
  return x ^ (x >> 31n);
}

const memo = new Map<string, number>();

// Uniform in [0, 1) from two keys (b may be negative: two's complement, as the C++ casts it).
export function unitRandom(a: number, b: number): number {
  const key = `${a}:${b}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const A = BigInt.asUintN(64, BigInt(a));
  const B = BigInt.asUintN(64, BigInt(b));
  const r = Number(mix64(((A * 0x100000001b3n) & M) ^ mix64(B)) >> 40n) / 16777216;
  if (memo.size > 20000) memo.clear();
  memo.set(key, r);
  return r;
}

export function valueNoise(x: number, seed: number): number {
  const cell = Math.floor(x);
  const t = x - cell;
  const a = unitRandom(seed, cell);
  const b = unitRandom(seed, cell + 1);
  const s = t * t * (3 - 2 * t);
  return a + (b - a) * s;
}
