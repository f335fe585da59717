/**
 * The cause of a transport failure is scrubbed of the call's secrets through
 * its whole chain (nested causes, an AggregateError's errors), keeping each
 * error's name and code; an error that quotes none is kept as it is.
 */
import { describe, expect, it } from "vitest";
import { scrubbedCause } from "../../../generator/runtime/http/scrubbed-cause.js";

const scrub = (text: string) => text.replaceAll("4111111111119876", "\u20269876");

describe("scrubbedCause", () => {
  it("keeps an error that quotes no secret, the very same object", () => {
    const error = new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") });
    expect(scrubbedCause(error, scrub)).toBe(error);
  });

  it("copies a chain quoting a secret anywhere: messages, stacks, causes, an AggregateError's errors", () => {
    const inner = Object.assign(new Error("connect ECONNREFUSED /cards/4111111111119876"), {
      code: "ECONNREFUSED",
    });
    const error = new TypeError("request failed", {
      cause: new AggregateError([inner, "text 4111111111119876"], "all addresses failed"),
    });
    const copy = scrubbedCause(error, scrub) as TypeError;
    expect(copy).not.toBe(error);
    expect(copy.name).toBe("TypeError");
    const aggregate = copy.cause as AggregateError;
    expect(aggregate.name).toBe("AggregateError");
    expect(aggregate.message).toBe("all addresses failed");
    const [first, second] = aggregate.errors as [Error & { code?: string }, string];
    expect(first.message).toBe("connect ECONNREFUSED /cards/\u20269876");
    expect(first.code).toBe("ECONNREFUSED");
    expect(first.stack).not.toContain("4111111111119876");
    expect(second).toBe("text \u20269876");
  });
});
