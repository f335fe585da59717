/**
 * Seeded pseudo-random numbers, so a synthesized value is the same for the
 * same seed on every run and every machine: never `Math.random`.
 */

/** A small seeded PRNG (mulberry32): numbers in [0, 1). */
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

/**
 * The random numbers of one place in a value (`PaymentRequest.amount`): the
 * seed mixed with the place's path (FNV-1a), so a value does not change when
 * a field elsewhere in the type is added or removed.
 */
export function randomAt(seed: number, path: string): () => number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193);
  return seededRandom((seed ^ hash) >>> 0);
}

/** An index below `count` (0 when `count` is 0). */
export function pickIndex(random: () => number, count: number): number {
  return count <= 0 ? 0 : Math.min(count - 1, Math.floor(random() * count));
}
