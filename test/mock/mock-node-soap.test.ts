import * as soap from "soap";
import { afterAll, beforeAll, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { loadMock } from "../../generator/mock/build-mock.js";
import { synthesizeType } from "../../generator/mock/synthesize-value.js";
import type { Service, SoapOperation } from "../../generator/model/ir.js";
import { listen, type Listening } from "../../generator/runtime/server/listen.js";
import { wireShape } from "../helpers/node-soap-shapes.js";
import { describeWithSpecs, sharedSpec } from "../helpers/shared-specs.js";

/**
 * `paygen mock` of the published WSDL, proved against a third-party SOAP
 * stack: a node-soap client driven by the same WSDL calls every operation,
 * over SOAP 1.1 and 1.2, with a request synthesized from the model, and
 * parses every answer.
 */
const WSDL = sharedSpec("Service.2015-02-02.wsdl");

describeWithSpecs("paygen mock of the published WSDL, called by node-soap", () => {
  let service: Service;
  let server: Listening;

  beforeAll(async () => {
    const { model, files } = await generate({
      schemasDir: "",
      from: [WSDL],
      cwd: PROJECT_ROOT,
      mock: { seed: 1 },
    });
    service = model.services[0]!;
    const [mock] = await loadMock(model, files, false);
    server = await listen(mock!.handler);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it.each(["1.1", "1.2"] as const)(
    "answers all 30 operations over SOAP %s with an envelope node-soap parses",
    async (version) => {
      const client = (await soap.createClientAsync(WSDL, {
        endpoint: `${server.url}/soap/v1/Service.asmx`,
        forceSoap12Headers: version === "1.2",
      })) as unknown as Record<string, (args: unknown) => Promise<[unknown, string]>>;
      const ops = service.operations as SoapOperation[];
      const failed: string[] = [];
      for (const [i, op] of ops.entries()) {
        const request = synthesizeType(service, op.requestType, { seed: i, optionalDepth: 1 });
        try {
          const [result, raw] = await client[`${op.name}Async`]!(
            wireShape(service, op.requestType, request),
          );
          expect(raw).toContain(`${op.responseElement}`);
          expect(raw).not.toContain("Fault>");
          if (op.bare) {
            // The response element is the result itself: node-soap gives its children, the required ones at least.
            const type = service.types.find((t) => t.name === op.resultType)!;
            const required = type.allFields.filter((f) => f.required && f.xml === undefined);
            expect(Object.keys(result as object)).toEqual(
              expect.arrayContaining(required.map((f) => f.name)),
            );
            expect(Object.keys(result as object).length).toBeGreaterThan(0);
          } else expect(result).toHaveProperty(op.resultElement);
        } catch (error) {
          const e = error as { message?: string; body?: string };
          failed.push(`${op.name}: ${(e.body ?? e.message ?? String(error)).slice(0, 400)}`);
        }
      }
      expect(failed).toEqual([]);
      expect(ops).toHaveLength(30);
    },
    120_000,
  );
});
