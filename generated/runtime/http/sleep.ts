/** Abortable waiting built on `setTimeout`, so fake timers can drive it. */

/**
 * Resolves after `ms` milliseconds (negative or non-finite values wait 0 ms),
 * or rejects with `signal.reason` as soon as `signal` aborts (immediately when
 * it is already aborted). The timer is cleared on abort, so nothing is left
 * pending.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const delay = Number.isFinite(ms) && ms > 0 ? Math.min(ms, 2_147_483_647) : 0;
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, delay);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
