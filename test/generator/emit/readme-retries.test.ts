import { describe, expect, it } from "vitest";
import { restOperation, restService } from "../../helpers/ir.js";
import { readme } from "../../helpers/readme.js";

/** The README's retries of a REST service: one item per way of retrying, naming its operations. */
describe("the README's retries", () => {
  it("lists each way of retrying once, with the operations retried so", async () => {
    const service = restService({
      operations: [
        restOperation("pay", undefined, undefined),
        restOperation("look", undefined, undefined, { httpMethod: "GET", idempotent: true }),
        restOperation("list", undefined, undefined, { httpMethod: "GET", idempotent: true }),
      ],
    });
    const text = await readme({ services: [service] });
    const section = text.slice(text.indexOf("### Retries"), text.indexOf("### Gaps"));
    expect(section).toBe(
      [
        "### Retries",
        "",
        "- **Idempotent: no.** Retried on: only when the request provably never left: connection refused, DNS failure (paygen). Operations: `pay`.",
        "- **Idempotent: yes.** Retried on: 429 after Retry-After, or back-off (paygen); 500/502/503/504 and network failures, with exponential back-off and jitter (paygen); a timeout, never immediately (paygen). Operations: `look`, `list`.",
        "",
        "",
      ].join("\n"),
    );
  });
});
