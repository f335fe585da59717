/**
 * In-process timing of a subject against a baseline doing the same work.
 * Rounds of the two alternate (ABBA order), so a change in machine load
 * during the run affects both alike; each side's figure is the median of
 * its rounds.
 */
import { median, relativeSpread } from "./stats.js";

/** One side of a comparison: a name and one operation to repeat. */
export interface Contender {
  readonly name: string;
  readonly run: () => unknown;
}

export interface CompareOptions {
  /** Rounds per side (each side runs this many timed rounds). */
  readonly rounds: number;
  /** Target duration of one round, in ms; the iteration count is calibrated to it. */
  readonly roundMs: number;
  /** Untimed warm-up per side before calibration, in ms. */
  readonly warmupMs: number;
}

export interface SideTiming {
  /** Median time of one operation, in microseconds. */
  readonly usPerOp: number;
  /** Operations per second at that median. */
  readonly opsPerSec: number;
  /** (p75 - p25) / median of the per-round times. */
  readonly spread: number;
}

export interface Comparison {
  readonly subject: SideTiming;
  readonly baseline: SideTiming;
  /** Subject time over baseline time: 1.20 means the subject takes 20 % longer. */
  readonly timeRatio: number;
}

/** Keeps results reachable so the engine cannot drop the work that made them. */
let sink: unknown;
let sinkCount = 0;

function keep(value: unknown): void {
  sink = value;
  sinkCount++;
}

/** Proof that the timed work produced values (read after a run). */
export function sinkState(): { readonly count: number; readonly last: unknown } {
  return { count: sinkCount, last: sink };
}

function runFor(fn: () => unknown, ms: number): number {
  let n = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    for (let i = 0; i < 16; i++) keep(fn());
    n += 16;
  }
  return n;
}

function timeRound(fn: () => unknown, iterations: number): number {
  const start = performance.now();
  for (let i = 0; i < iterations; i++) keep(fn());
  return ((performance.now() - start) * 1000) / iterations;
}

function side(samples: readonly number[]): SideTiming {
  const usPerOp = median(samples);
  return { usPerOp, opsPerSec: 1e6 / usPerOp, spread: relativeSpread(samples) };
}

/** Times `subject` and `baseline` in alternating rounds and returns both medians and their ratio. */
export function compare(
  subject: Contender,
  baseline: Contender,
  options: CompareOptions,
): Comparison {
  const calibrate = (c: Contender): number => {
    const n = runFor(c.run, options.warmupMs);
    return Math.max(16, Math.round((n * options.roundMs) / Math.max(1, options.warmupMs)));
  };
  const subjectIterations = calibrate(subject);
  const baselineIterations = calibrate(baseline);
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < options.rounds; r++) {
    if (r % 2 === 0) {
      a.push(timeRound(subject.run, subjectIterations));
      b.push(timeRound(baseline.run, baselineIterations));
    } else {
      b.push(timeRound(baseline.run, baselineIterations));
      a.push(timeRound(subject.run, subjectIterations));
    }
  }
  const s = side(a);
  const base = side(b);
  return { subject: s, baseline: base, timeRatio: s.usPerOp / base.usPerOp };
}
