/**
 * Every place a value of a call can reach a person: the views hooks are
 * given, and each way an error is printed or logged (message, stack,
 * `util.inspect` with its cause chain, `JSON.stringify`). Tests of secrets
 * look for their values in all of them.
 */
import { inspect } from "node:util";
import { expect } from "vitest";
import type {
  RedactedRequestView,
  RedactedResponseView,
} from "../../generated/runtime/http/hooks.js";

/** Records what hooks are shown. */
export function hookRecorder() {
  const requests: RedactedRequestView[] = [];
  const responses: RedactedResponseView[] = [];
  return {
    requests,
    responses,
    onRequest: [(v: RedactedRequestView) => void requests.push(v)],
    onResponse: [(v: RedactedResponseView) => void responses.push(v)],
  };
}

export type HookRecorder = ReturnType<typeof hookRecorder>;

/**
 * A text without what changes from run to run and is no value of the call
 * (a port, a duration, a date, a line and column of a stack), so a secret's
 * digits are never found in them by chance.
 */
function stable(text: string): string {
  return text
    .replace(/(127\.0\.0\.1|localhost):\d+/g, "$1:PORT")
    .replace(/"durationMs":[0-9.e+-]+/g, '"durationMs":0')
    .replace(/"date":"[^"]*"/g, '"date":"DATE"')
    .replace(/:\d+:\d+\)?$/gm, ":LINE:COL");
}

/** Every way an error is usually printed or logged, its `cause` chain included. */
export function printed(error: Error): Record<string, string> {
  return Object.fromEntries(
    Object.entries(printedAsIs(error)).map(([where, text]) => [where, stable(text)]),
  );
}

function printedAsIs(error: Error): Record<string, string> {
  const causes: string[] = [];
  for (
    let cause: unknown = error.cause, depth = 0;
    cause !== undefined && depth < 8;
    cause = (cause as { cause?: unknown } | null)?.cause, depth++
  )
    causes.push(inspect(cause, { depth: 20 }));
  return {
    message: error.message,
    stack: error.stack ?? "",
    inspect: inspect(error, { depth: 20 }),
    "inspect(showHidden)": inspect(error, { depth: 20, showHidden: true }),
    JSON: JSON.stringify(error),
    "JSON of a wrapper": JSON.stringify({ error }),
    String: String(error),
    cause: causes.join("\n"),
  };
}

/** What the hooks were shown, one text per view. */
export function hookViews(hooks: HookRecorder): Record<string, string> {
  return {
    ...Object.fromEntries(
      hooks.requests.map((v, i) => [`request view ${i}`, stable(JSON.stringify(v))]),
    ),
    ...Object.fromEntries(
      hooks.responses.map((v, i) => [`response view ${i}`, stable(JSON.stringify(v))]),
    ),
  };
}

/** None of `secrets` in any of `texts`; a failure names the place and the value. */
export function expectNoneOf(secrets: readonly string[], texts: Record<string, string>): void {
  for (const [where, text] of Object.entries(texts)) {
    for (const secret of secrets) expect(text, `${where} shows ${secret}`).not.toContain(secret);
  }
}
