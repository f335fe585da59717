/**
 * The README's options tables list every option a client and a call take: the
 * property names of the runtime's option interfaces, read with ts-morph, so an
 * option added to the runtime without a line in the README fails here.
 */
import path from "node:path";
import { Project } from "ts-morph";
import { beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../../generator/generate.js";
import {
  field,
  objectType,
  restOperation,
  restService,
  scalar,
  soapOperation,
  soapService,
} from "../../helpers/ir.js";
import { readme } from "../../helpers/readme.js";

/** The property names of an exported interface of a runtime module. */
function optionNames(module: string, name: string): string[] {
  const project = new Project({ skipAddingFilesFromTsConfig: true });
  const file = project.addSourceFileAtPath(path.join(PROJECT_ROOT, "generator", "runtime", module));
  return file
    .getInterfaceOrThrow(name)
    .getProperties()
    .map((p) => p.getName());
}

/** The rows of the README's `## Options` section: the first cell of each table row, and the prose after the tables. */
function optionsSection(text: string): string {
  const start = text.indexOf("\n## Options\n");
  expect(start).toBeGreaterThan(-1);
  const end = text.indexOf("\n## ", start + 1);
  return text.slice(start, end);
}

describe("the README's options tables", () => {
  let text: string;

  beforeAll(async () => {
    const order = objectType("Order", [field("amount", scalar("string"))]);
    text = optionsSection(
      await readme({
        services: [
          restService({
            types: [order],
            operations: [restOperation("order", "Order", undefined)],
          }),
          {
            ...soapService({
              types: [order],
              operations: [soapOperation("pay", "Order", "Order")],
            }),
            name: "soapy",
          },
        ],
      }),
    );
  });

  it.each([
    ["rest-call.ts", "RestClientOptions"],
    ["rest-call.ts", "CallOptions"],
  ])("lists every property of %s %s in a table row", (module, name) => {
    const names = optionNames(module, name);
    expect(names.length).toBeGreaterThan(3);
    for (const option of names) expect(text, option).toContain(`| \`${option}\` |`);
  });

  it("lists every SOAP client option in a table row, and every SOAP call option", () => {
    for (const option of optionNames("soap-call.ts", "SoapClientOptions"))
      expect(text, option).toContain(`| \`${option}\` |`);
    const calls = text.slice(text.indexOf("Options of one SOAP call"));
    for (const option of optionNames("soap-call.ts", "SoapCallOptions"))
      expect(calls, option).toContain(`\`${option}\``);
  });

  it("states the retry bounds the client enforces", async () => {
    const { RETRY_BOUNDS } = await import("../../../generator/runtime/http/retry-bounds.js");
    const fmt = (n: number) => n.toLocaleString("en-US").replace(/,/g, " ");
    expect(text).toContain(
      `\`maxAttempts\` ${RETRY_BOUNDS.maxAttempts.min} to ${RETRY_BOUNDS.maxAttempts.max}`,
    );
    expect(text).toContain(
      `\`baseDelayMs\` ${RETRY_BOUNDS.baseDelayMs.min} to ${fmt(RETRY_BOUNDS.baseDelayMs.max)}`,
    );
    expect(text).toContain(
      `\`maxDelayMs\` ${RETRY_BOUNDS.maxDelayMs.min} to ${fmt(RETRY_BOUNDS.maxDelayMs.max)}`,
    );
    expect(text).toContain(`\`delayMs\` 0 to ${fmt(RETRY_BOUNDS["notFoundRetry.delayMs"].max)}`);
  });
});

describe("the README's retries", () => {
  it("says an operation with an idempotency header is retried with its key, and one without is not", async () => {
    const order = objectType("Order", [field("amount", scalar("string"))]);
    const text = await readme({
      services: [
        restService({
          types: [order],
          operations: [
            restOperation("charge", "Order", undefined, {
              headers: [field("Idempotency-Key", scalar("string"), { required: true })],
            }),
            restOperation("note", "Order", undefined),
          ],
        }),
      ],
    });
    expect(text).toMatch(
      /^- \*\*Idempotent: with its key\.\*\* Retried on: as a read, since every attempt sends the same key in its Idempotency-Key header \(contract\); 429 after Retry-After.*\. Operations: `charge`\.$/m,
    );
    expect(text).toContain(
      "- **Idempotent: no.** Retried on: only when the request provably never left: connection refused, DNS failure (paygen). Operations: `note`.",
    );
  });

  it("writes each way of retrying once, with the operations retried that way", async () => {
    const order = objectType("Order", [field("amount", scalar("string"))]);
    const text = await readme({
      services: [
        restService({
          types: [order],
          operations: ["charge", "refund", "note"].map((name) =>
            restOperation(name, "Order", undefined),
          ),
        }),
      ],
    });
    expect(text).toContain(
      "- **Idempotent: no.** Retried on: only when the request provably never left: connection refused, DNS failure (paygen). Operations: `charge`, `refund`, `note`.",
    );
    expect(text.match(/Idempotent: no\./g)).toHaveLength(1);
  });
});

describe("the README's credential options", () => {
  it("names each security scheme's client option, as the client does, and what it sends", async () => {
    const order = objectType("Order", [field("amount", scalar("string"))]);
    const service = restService({
      types: [order],
      operations: [
        restOperation("order", "Order", undefined, {
          security: ["api_key", "retry"],
        }),
      ],
    });
    const text = await readme({
      services: [
        {
          ...service,
          rest: {
            ...service.rest!,
            security: [
              { name: "api_key", kind: "apiKey", header: "X-Api-Key" },
              { name: "retry", kind: "bearer" },
            ],
          },
        },
      ],
    });
    expect(text).toContain("| `apiKey` | `api_key` | an API key in the X-Api-Key header |");
    // A scheme named like a runtime option gets another name: the README says the one the client takes.
    expect(text).toContain(
      "| `retryCredential` | `retry` | a bearer token in Authorization; a function is called for each request |",
    );
    expect(text).toContain("| `{base_url}` | `baseUrl` |");
  });
});
