// mulberry32: a small seeded generator, uniform in [0, 1), so a seeded suite's choices follow from its seed alone
// and a failing run can be replayed (the worker-kill, tabs and misbehaving-model suites).

export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
