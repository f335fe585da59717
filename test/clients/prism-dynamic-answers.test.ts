import type { ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { packageNames } from "../../generator/emit/emit-package.js";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import type { RestOperation, Service } from "../../generator/model/ir.js";
import type { ServiceNames } from "../../generator/naming/names.js";
import { RUNTIME_DIR } from "../../generator/project-paths.js";
import { unknownData } from "../../generator/runtime/read-options.js";
import { freePort, startPrism } from "../helpers/prism.js";
import { anyCredentials } from "../helpers/request-capture.js";
import { describeWithSpecs, sharedSpec } from "../helpers/shared-specs.js";
import { argumentsOf } from "../helpers/synthesized-calls.js";
import { writePackage } from "../helpers/temp-package.js";

/**
 * Prism in dynamic mode (`mock --errors -d --seed 1`) answers each call with
 * values it generates from the contract's response schemas: every operation,
 * called 5 times with the valid request the static Prism test sends, gets
 * answers the generated client reads (a 2xx) or reads as its typed error (a
 * documented error status). The client keeps unknown data (`onUnknown:
 * "keep"`), so an enum value outside the documented list does not hide the
 * rest of the answer: each one is listed. What Prism cannot answer, and the
 * values it generates that the contract does not allow, are listed below with
 * the reason; each listed one must still happen, so the list cannot go stale.
 */
const CALLS = 5;

/** What Prism cannot answer in dynamic mode: matched against `operation: outcome`. */
interface Unanswered {
  readonly match: RegExp;
  readonly reason: string;
}

/**
 * A value Prism generates that the contract does not allow, found at `path`
 * of any object of an answer (`[]`: every item of a list), for the schema at
 * `schema` (a JSON pointer into the contract). `rule` says how it breaks the
 * schema, and what the test puts in its place before the client reads the
 * answer (so the rest of the answer is still read): `enum`, a string outside
 * the schema's enum (replaced by its first value); `uri`, a string with
 * whitespace or `|` where the schema's format is `uri` (RFC 3986 allows
 * neither; they are taken out). The test checks that the schema says so and that
 * each value it replaces breaks it.
 */
interface Breach {
  readonly path: string;
  readonly schema: string;
  readonly rule: "enum" | "uri";
  readonly reason: string;
}

/** Which values break a breach's schema, and what takes their place. */
function fixOf(
  breach: Breach,
  contract: unknown,
): { outside: (v: string) => boolean; valid: (v: string) => string } {
  const schema = atPointer(contract, breach.schema) as { enum?: string[]; format?: string };
  if (breach.rule === "enum") {
    const documented = schema.enum!;
    return { outside: (v) => !documented.includes(v), valid: () => documented[0]! };
  }
  if (schema.format !== "uri") throw new Error(`${breach.schema} is not a uri`);
  return { outside: (v) => /[\s|]/.test(v), valid: (v) => v.replace(/[\s|]/g, "") };
}

interface Contract {
  readonly file: string;
  readonly unanswered: readonly Unanswered[];
  readonly breaches: readonly Breach[];
}

/** json-schema-faker, which Prism uses, generates a string from a schema's `pattern` and leaves its `enum` aside. */
const PATTERN_OVER_ENUM =
  "the schema gives both an enum and a pattern; Prism generates a string from the pattern, outside the enum";

const CONTRACTS: readonly Contract[] = [
  {
    file: "cybersource-rest-spec.2020-02-17.json",
    unanswered: [
      {
        match:
          /^getTransactionBatchDetails: Prism cannot answer: Tried to force a dynamic response for: text\/csv but schema is not defined/,
        reason: "its answers (CSV, XML) have examples but no schema to generate from",
      },
      {
        match: /^getSearch: Prism cannot answer: Cannot serialise complex objects as text/,
        reason:
          "it produces `*/*`, which Prism answers as text, and cannot write its object schema as text",
      },
    ],
    breaches: [],
  },
  {
    file: "paypal-checkout-orders-v2.2024-02-02.json",
    unanswered: [],
    breaches: [
      {
        path: "tax_info.tax_id_type",
        schema: "#/components/schemas/tax_info/properties/tax_id_type",
        rule: "enum",
        reason: PATTERN_OVER_ENUM,
      },
      {
        path: "card.brand",
        schema: "#/components/schemas/card_brand",
        rule: "enum",
        reason: PATTERN_OVER_ENUM,
      },
      {
        path: "items[].image_url",
        schema: "#/components/schemas/tracker_item/properties/image_url",
        rule: "uri",
        reason:
          "its pattern allows whitespace and `|` (`[/|.|\\w|\\s|-]`), its format `uri` does not; Prism generates from the pattern",
      },
    ],
  },
];

/** The value at a JSON pointer of a document. */
function atPointer(document: unknown, pointer: string): unknown {
  return pointer
    .slice(2)
    .split("/")
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], document);
}

/**
 * Puts `replacement` in place of each string at `path` (from any object of
 * `value`, at any depth) that `outside` says breaks the contract; returns how
 * many it replaced.
 */
function replaceAnywhere(
  value: unknown,
  path: readonly string[],
  outside: (v: string) => boolean,
  replacement: (v: string) => string,
): number {
  if (typeof value !== "object" || value === null) return 0;
  const here = Array.isArray(value) ? 0 : replaceAt(value, path, outside, replacement);
  return Object.values(value).reduce<number>(
    (n, inner) => n + replaceAnywhere(inner, path, outside, replacement),
    here,
  );
}

/** `replaceAnywhere` at `path` from `value` itself (`key[]`: every item of a list). */
function replaceAt(
  value: unknown,
  path: readonly string[],
  outside: (v: string) => boolean,
  replacement: (v: string) => string,
): number {
  if (typeof value !== "object" || value === null || path.length === 0) return 0;
  const [head, ...rest] = path as [string, ...string[]];
  const list = head.endsWith("[]");
  const holder = value as Record<string, unknown>;
  const key = list ? head.slice(0, -2) : head;
  const inner = holder[key];
  if (list) {
    if (!Array.isArray(inner)) return 0;
    if (rest.length > 0)
      return inner.reduce<number>((n, item) => n + replaceAt(item, rest, outside, replacement), 0);
    let n = 0;
    inner.forEach((item, i) => {
      if (typeof item === "string" && outside(item)) {
        inner[i] = replacement(item);
        n++;
      }
    });
    return n;
  }
  if (rest.length > 0) return replaceAt(inner, rest, outside, replacement);
  if (typeof inner !== "string" || !outside(inner)) return 0;
  holder[key] = replacement(inner);
  return 1;
}

type Method = (...args: unknown[]) => Promise<unknown>;

interface Thrown {
  readonly code?: string;
  readonly status?: number;
  readonly data?: unknown;
  readonly body?: { type?: string; title?: string };
  readonly message?: string;
}

/** Every enum value outside its documented list the reader kept beside `value`, at any depth, as `path: value`. */
function unknownEnumValues(value: unknown, path = ""): string[] {
  if (typeof value !== "object" || value === null) return [];
  const here = Object.entries(unknownData(value)?.enumValues ?? {}).flatMap(([field, values]) =>
    values.map((v) => `${path}${field}: ${JSON.stringify(v)}`),
  );
  return [
    ...here,
    ...Object.entries(value).flatMap(([key, inner]) =>
      unknownEnumValues(
        inner,
        Array.isArray(value) ? path : `${path}${key}${Array.isArray(inner) ? "[]" : ""}.`,
      ),
    ),
  ];
}

describeWithSpecs.each(CONTRACTS)(
  "Prism's dynamic answers on $file",
  ({ file, unanswered, breaches }) => {
    const SPEC = sharedSpec(file);
    let service: Service;
    let names: ServiceNames;
    let client: Record<string, Method>;
    let prism: ChildProcess | undefined;
    /** How many values each breach replaced. */
    const replaced = new Map<Breach, number>(breaches.map((b) => [b, 0]));

    /** Prism's answer, with the listed breaches replaced by valid values (a JSON body is rewritten only where one was). */
    async function repaired(response: Response, contract: unknown): Promise<Response> {
      if (!(response.headers.get("content-type") ?? "").includes("json") || breaches.length === 0)
        return response;
      const text = await response.text();
      const body: unknown = JSON.parse(text);
      let changed = 0;
      for (const b of breaches) {
        const { outside, valid } = fixOf(b, contract);
        const n = replaceAnywhere(body, b.path.split("."), outside, valid);
        replaced.set(b, replaced.get(b)! + n);
        changed += n;
      }
      return new Response(changed > 0 ? JSON.stringify(body) : text, response);
    }

    beforeAll(async () => {
      const contract: unknown = JSON.parse(await readFile(SPEC, "utf8"));
      const port = await freePort();
      const starting = startPrism(SPEC, port, ["-d", "--seed", "1"]);
      const { model, files } = await generate({ schemasDir: "", from: [SPEC], cwd: PROJECT_ROOT });
      service = model.services[0]!;
      names = (await packageNames(model, RUNTIME_DIR)).get(service.name)!;
      const index = await (await writePackage(files)).load(service.name, "index");
      client = (index[names.get("clientFactory", service.name)] as (o: object) => never)({
        baseUrl: `http://127.0.0.1:${port}`,
        retry: { maxAttempts: 1 },
        onUnknown: "keep",
        fetch: async (input: Request | string, init?: RequestInit) =>
          repaired(await fetch(input, init), contract),
        ...anyCredentials(service),
      });
      prism = await starting;
    }, 240_000);

    afterAll(() => {
      prism?.kill();
    });

    /** Whether the operation documents an error body for `status` (its typed error is then expected). */
    const typedErrorOf = (op: RestOperation, status: number): boolean =>
      op.errorTypes !== undefined
        ? op.errorTypes.some((e) => e.status === status || e.status === "default")
        : op.errorType !== undefined;

    /** What came of one call: "read", "typed error N", or each thing that went wrong. */
    async function outcomes(op: RestOperation): Promise<string[]> {
      const args = argumentsOf(service, op, service.operations.indexOf(op));
      try {
        const result = await client[names.method(op.name)]!(...args);
        const outside = unknownEnumValues(result).map((v) => `enum value outside the list at ${v}`);
        return outside.length > 0 ? outside : ["read"];
      } catch (error) {
        const e = error as Thrown;
        if (e.status === 500 && e.body?.type?.startsWith("https://stoplight.io/prism/errors#"))
          return [`Prism cannot answer: ${e.body.title ?? ""}`];
        if (e.status !== undefined && e.status >= 400 && typedErrorOf(op, e.status))
          return [e.data !== undefined ? `typed error ${e.status}` : `error ${e.status} not typed`];
        return [`refused: ${e.code ?? ""} ${e.message ?? String(error)}`];
      }
    }

    it(`reads every answer of ${CALLS} calls per operation`, async () => {
      const wrong = new Set<string>();
      const seen = new Set<Unanswered>();
      let read = 0;
      let typed = 0;
      for (const op of service.operations as RestOperation[])
        for (let call = 0; call < CALLS; call++)
          for (const result of await outcomes(op)) {
            if (result === "read") read++;
            else if (result.startsWith("typed error")) typed++;
            else {
              const line = `${op.name}: ${result}`;
              const entry = unanswered.find((k) => k.match.test(line));
              if (entry !== undefined) seen.add(entry);
              else wrong.add(line);
            }
          }
      console.log(
        `${file}: ${service.operations.length} operations × ${CALLS} calls: ${read} answers read, ${typed} typed errors; ${seen.size} operations Prism cannot answer; ${[...replaced.values()].reduce((a, b) => a + b, 0)} values outside the contract replaced`,
      );
      expect([...wrong]).toEqual([]);
      // Every listed case still happens: a list that no longer holds is corrected, not kept.
      expect(unanswered.filter((k) => !seen.has(k)).map((k) => k.reason)).toEqual([]);
      expect(breaches.filter((b) => replaced.get(b) === 0).map((b) => b.path)).toEqual([]);
      expect(read).toBeGreaterThan(0);
    }, 600_000);
  },
);
