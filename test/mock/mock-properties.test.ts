import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { packageNames } from "../../generator/emit/emit-package.js";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { loadMock } from "../../generator/mock/build-mock.js";
import type { RestOperation, Service } from "../../generator/model/ir.js";
import type { ServiceNames } from "../../generator/naming/names.js";
import { RUNTIME_DIR } from "../../generator/project-paths.js";
import { listen, type Listening } from "../../generator/runtime/server/listen.js";
import { requestWriter, resend, type Sent } from "../helpers/request-capture.js";
import { writePackage } from "../helpers/temp-package.js";
import { describeWithSpecs, sharedSpec } from "../helpers/shared-specs.js";

/**
 * A property-based run against `paygen mock` of the published REST
 * specification (fast-check, a fixed seed and a bounded number of runs):
 * requests driven by the model (an operation, a synthesized valid request
 * for a random seed, then maybe a mutation of its JSON body) never get a
 * 5xx, and every 2xx answer is one the client reads.
 */
const SPEC = sharedSpec("cybersource-rest-spec.2020-02-17.json");

/** Replaces or removes one value of a JSON value, chosen by `pick` among its places. */
function mutate(value: unknown, pick: number, replacement: unknown): unknown {
  const places: { holder: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach((x, i) => (places.push({ holder: v, key: i }), walk(x)));
    else if (typeof v === "object" && v !== null)
      for (const [k, x] of Object.entries(v))
        (places.push({ holder: v as Record<string, unknown>, key: k }), walk(x));
  };
  const copy = structuredClone(value);
  walk(copy);
  if (places.length === 0) return replacement;
  const { holder, key } = places[pick % places.length]!;
  if (replacement === undefined && !Array.isArray(holder)) delete holder[key as string];
  else (holder as Record<string | number, unknown>)[key] = replacement;
  return copy;
}

describeWithSpecs(
  "a property-based run against paygen mock of the published REST specification",
  () => {
    let service: Service;
    let names: ServiceNames;
    let mock: Listening;
    let index: Record<string, unknown>;
    let capture: (op: RestOperation, seed: number) => Promise<Sent | undefined>;

    beforeAll(async () => {
      const { model, files } = await generate({
        schemasDir: "",
        from: [SPEC],
        cwd: PROJECT_ROOT,
        mock: { seed: 7 },
      });
      service = model.services[0]!;
      names = (await packageNames(model, RUNTIME_DIR)).get(service.name)!;
      mock = await listen((await loadMock(model, files, false))[0]!.handler);
      index = await (await writePackage(files)).load(service.name, "index");
      capture = requestWriter(index, names, service);
    }, 240_000);

    afterAll(() => mock?.close());

    it("never answers 5xx, and answers 2xx only with what the client reads", async () => {
      const ops = service.operations as RestOperation[];
      const json = fc.oneof(
        fc.constant(undefined),
        fc.constant(null),
        fc.boolean(),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.string({ maxLength: 40 }),
        fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
      );
      const seen = { accepted: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(
          fc.nat({ max: ops.length - 1 }),
          fc.nat({ max: 1000 }),
          fc.option(fc.tuple(fc.nat(), json), { freq: 2 }),
          async (which, seed, mutation) => {
            const op = ops[which]!;
            const request = await capture(op, seed);
            if (request === undefined) return;
            let body = request.body;
            if (
              mutation !== null &&
              body !== undefined &&
              request.headers.get("content-type")?.includes("json")
            )
              body = JSON.stringify(mutate(JSON.parse(body), mutation[0], mutation[1])) ?? "";
            const response = await resend(mock.url, request, body);
            const text = await response.text();
            expect(response.status, `${op.name}: ${text.slice(0, 300)}`).toBeLessThan(500);
            if (response.status >= 300) {
              seen.refused++;
              return;
            }
            seen.accepted++;
            const parse = op.responseType ? index[names.get("parser", op.responseType)] : undefined;
            if (typeof parse === "function" && op.wire?.response === undefined)
              expect(() => parse(text)).not.toThrow();
          },
        ),
        { numRuns: 300, seed: 20261127 },
      );
      expect(seen.accepted).toBeGreaterThan(0);
      expect(seen.refused).toBeGreaterThan(0);
    }, 240_000);
  },
);
