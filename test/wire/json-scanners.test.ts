import { isDeepStrictEqual } from "node:util";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { authorizationResponseBody } from "../../scripts/bench/payment-fixtures.js";
import { generateFrom } from "../helpers/generate-fixture.js";
import { PROJECT_ROOT } from "../../generator/generate.js";
import { rng, valueOf } from "../helpers/model-values.js";
import { writePackage, type TempPackage } from "../helpers/temp-package.js";

/**
 * The generated scanners against the tree parser and the readers, on the
 * project's REST services: whatever a scanner takes, its value must be the
 * one the type's reader builds from `parseJsonTree`'s object (key order and
 * the unknown data kept beside it included), in every `onUnknown` mode and
 * under tight limits. The scanners and readers are private to json.ts: the
 * test exports them in a copy of the package.
 */
const generated = await generateFrom(path.join(PROJECT_ROOT, "schemas"), { server: true });
const rest = generated.model.services.filter((s) => s.protocol === "rest");
const pkg: TempPackage = await writePackage(
  generated.files.map((f) =>
    /^[^/]+\/json\.ts$/.test(f.path)
      ? {
          path: f.path,
          content: f.content.replace(/^function ((?:scan|read)[\w$]*)\(/gm, "export function $1("),
        }
      : f,
  ),
);
type Scanner = (c: unknown, o: unknown) => unknown;
type Reader = (value: unknown, path: string, o: unknown) => unknown;
const runtimeModule = (file: string) =>
  import(/* @vite-ignore */ pathToFileURL(path.join(pkg.root, "runtime", file)).href);
const runtime = (await runtimeModule("json-scan.ts")) as {
  scanJson: (body: string | Uint8Array, options: object | undefined, scan: Scanner) => unknown;
};
const tree = (await runtimeModule("json.ts")) as {
  parseJsonTree: (body: string, limits?: object) => unknown;
};
const readValues = (await runtimeModule("read-values.ts")) as {
  readContext: (format: "json", options?: object) => unknown;
};
const options = (await runtimeModule("read-options.ts")) as {
  unknownData: (value: unknown) => unknown;
};

/** The bodies a client reads, with their service. */
const bodies = rest.flatMap((service) =>
  [
    ...new Set(
      service.operations.flatMap((o) =>
        o.protocol === "rest"
          ? [o.responseType, o.errorType].filter((t): t is string => t !== undefined)
          : [],
      ),
    ),
  ]
    .sort()
    .map((body) => [service.name, body] as const),
);
const clientModules = new Map(
  await Promise.all(rest.map(async (s) => [s.name, await pkg.load(s.name, "json")] as const)),
);
/** The bodies whose type got a scanner (which is the emitter's rule, see its fragment test). */
const scannedBodies = bodies.filter(
  ([service, body]) => typeof clientModules.get(service)![`scan${body}`] === "function",
);

/** Texts around a valid body: as is, reformatted, and broken in the ways a scanner must notice (truncations and random mutations are added for the full value). */
function variants(text: string): string[] {
  const out = [
    text,
    JSON.stringify(JSON.parse(text), null, 2),
    `\uFEFF${text}`,
    `${text}\n`,
    `${text} x`,
    `${text}{}`,
  ];
  if (text.startsWith("{") && text !== "{}") {
    const rest = text.slice(1);
    out.push(`{"zzUnknown":"1",${rest}`, `{"__proto__":{"x":"1"},${rest}`);
    const first = /^\{"([^"\\]*)":/.exec(text)?.[1];
    if (first !== undefined)
      out.push(
        `{${JSON.stringify(first)}:"dup",${rest}`,
        `{${JSON.stringify(first)}:null,${rest}`,
        `{${JSON.stringify(first)}:1,${rest}`,
      );
  }
  const string = /:"([^"\\]+)"/.exec(text);
  if (string) {
    const at = string.index + 2;
    out.push(
      `${text.slice(0, at)}\u0001${text.slice(at)}`,
      `${text.slice(0, at)}\\n${text.slice(at)}`,
      `${text.slice(0, at)}\t${text.slice(at)}`,
    );
  }
  return out;
}

/** Characters that mean something in JSON, and a few that must not appear raw. */
const SIGNIFICANT = [
  "{",
  "}",
  "[",
  "]",
  '"',
  ",",
  ":",
  "\\",
  " ",
  "\n",
  "\t",
  "0",
  "-",
  "e",
  "t",
  "n",
  "\u0000",
  "\u001f",
  "é",
];

/** 300 texts, each with one character replaced, inserted or removed at a random place. */
function mutations(text: string, random: () => number): string[] {
  return Array.from({ length: 300 }, () => {
    const at = Math.floor(random() * text.length);
    const char = SIGNIFICANT[Math.floor(random() * SIGNIFICANT.length)]!;
    const kind = Math.floor(random() * 3);
    return kind === 0
      ? text.slice(0, at) + char + text.slice(at + 1)
      : kind === 1
        ? text.slice(0, at) + char + text.slice(at)
        : text.slice(0, at) + text.slice(at + 1);
  });
}

const OPTIONS: readonly (object | undefined)[] = [
  undefined,
  { onUnknown: "keep" },
  { onUnknown: "reject" },
  { maxDepth: 1 },
  { maxDepth: 2 },
  { maxDepth: 3 },
  { maxBytes: 64 },
];

describe("generated JSON scanners", () => {
  it("exist for the REST response bodies that are documented objects, and take the documented authorization response", async () => {
    // The other payments bodies are opaque (not documented); search's have lists only, or are opaque.
    expect(scannedBodies).toEqual([
      ["payments", "CaptureResponse"],
      ["payments", "PaymentResponse"],
      ["payments", "ReversalResponse"],
    ]);
    const json = clientModules.get("payments")!;
    const value = runtime.scanJson(
      authorizationResponseBody,
      undefined,
      json.scanPaymentResponse as Scanner,
    );
    expect(value).toBeDefined();
    expect(value).toEqual(
      (json.readPaymentResponse as Reader)(
        tree.parseJsonTree(authorizationResponseBody),
        "",
        readValues.readContext("json"),
      ),
    );
  });

  it.each(scannedBodies)(
    "%s %s: what a scanner takes, it reads as the reader reads the tree parser's object",
    async (serviceName, body) => {
      const service = rest.find((s) => s.name === serviceName)!;
      const json = clientModules.get(serviceName)!;
      const server = await pkg.load(serviceName, "server");
      const scan = json[`scan${body}`] as Scanner;
      const read = json[`read${body}`] as Reader;
      const serialize = server[`serialize${body}`] as (v: unknown) => string;
      const values = [
        valueOf(service, body, { mode: "full" }),
        ...Array.from({ length: 12 }, (_, i) =>
          valueOf(service, body, { mode: "random", random: rng(i + 1) }),
        ),
      ];
      let taken = 0;
      let compared = 0;
      for (const value of values) {
        const text = serialize(value);
        const texts = [
          ...variants(text),
          ...(value === values[0]
            ? [
                ...Array.from({ length: text.length }, (_, n) => text.slice(0, n)),
                ...mutations(text, rng(text.length)),
              ]
            : []),
        ];
        for (const candidate of texts) {
          for (const opts of OPTIONS) {
            compared++;
            const scanned = runtime.scanJson(candidate, opts, scan);
            if (scanned === undefined) continue;
            taken++;
            const expected = read(
              tree.parseJsonTree(candidate, opts),
              "",
              readValues.readContext("json", opts),
            );
            expect(isDeepStrictEqual(scanned, expected), candidate).toBe(true);
            expect(JSON.stringify(scanned)).toBe(JSON.stringify(expected));
            expect(options.unknownData(scanned)).toEqual(options.unknownData(expected));
          }
        }
      }
      expect(compared).toBeGreaterThan(100);
      // Random values often leave out lists and numbers: some texts of every body must be taken.
      expect(taken, `${body}: no text was scanned`).toBeGreaterThan(0);
    },
  );
});
