/**
 * The cause of a transport failure, fit to be shown: a `fetch` may reject
 * with an error that quotes the request (node-fetch writes `request to
 * https://…/cards/4111…/checks failed`), and the failure keeps it as its
 * `cause`, which inspect and loggers print.
 */

/** How deep a cause chain is copied; what lies deeper is left out. */
const MAX_DEPTH = 8;

/**
 * `error` as it is when `scrub` changes none of its text (its message, stack,
 * and those of its causes and, for an `AggregateError`, its errors); else a
 * copy of the chain with every text scrubbed, each error keeping its name and
 * its `code`.
 */
export function scrubbedCause(error: unknown, scrub: (text: string) => string): unknown {
  return changedBy(error, scrub, 0) ? copyOf(error, scrub, 0) : error;
}

function changedBy(error: unknown, scrub: (text: string) => string, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  if (typeof error === "string") return scrub(error) !== error;
  if (!(error instanceof Error)) return false;
  const texts = [error.message, error.stack ?? ""];
  return (
    texts.some((text) => scrub(text) !== text) ||
    changedBy(error.cause, scrub, depth + 1) ||
    (error instanceof AggregateError &&
      (error.errors as unknown[]).some((e) => changedBy(e, scrub, depth + 1)))
  );
}

function copyOf(error: unknown, scrub: (text: string) => string, depth: number): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if (typeof error === "string") return scrub(error);
  if (!(error instanceof Error)) return error;
  const copy =
    error instanceof AggregateError
      ? new AggregateError(
          (error.errors as unknown[]).map((e) => copyOf(e, scrub, depth + 1)),
          scrub(error.message),
        )
      : new Error(scrub(error.message));
  copy.name = error.name;
  Object.defineProperty(copy, "stack", {
    value: scrub(error.stack ?? ""),
    writable: true,
    configurable: true,
  });
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number")
    Object.defineProperty(copy, "code", { value: code, enumerable: true });
  if (error.cause !== undefined)
    Object.defineProperty(copy, "cause", {
      value: copyOf(error.cause, scrub, depth + 1),
      writable: true,
      configurable: true,
    });
  return copy;
}
