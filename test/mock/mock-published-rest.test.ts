import { afterAll, beforeAll, expect, it } from "vitest";
import { packageNames } from "../../generator/emit/emit-package.js";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { loadMock } from "../../generator/mock/build-mock.js";
import type { RestOperation, Service } from "../../generator/model/ir.js";
import type { ServiceNames } from "../../generator/naming/names.js";
import { RUNTIME_DIR } from "../../generator/project-paths.js";
import { listen, type Listening } from "../../generator/runtime/server/listen.js";
import { anyCredentials } from "../helpers/request-capture.js";
import { argumentsOf } from "../helpers/synthesized-calls.js";
import { writePackage } from "../helpers/temp-package.js";
import { describeWithSpecs, sharedSpec } from "../helpers/shared-specs.js";

type Method = (...args: unknown[]) => Promise<unknown>;

/**
 * `paygen mock` of each published REST contract, proved with the client
 * generated from the same contract: every operation, called with a request
 * synthesized from its types (valid by the client's validators), gets a 2xx
 * answer that the client's readers accept.
 */
const CONTRACTS = [
  { file: "cybersource-rest-spec.2020-02-17.json", timeout: 240_000 },
  { file: "paypal-checkout-orders-v2.2024-02-02.json", timeout: 240_000 },
  { file: "stripe-spec3.2022-04-12.json", timeout: 600_000 },
];

describeWithSpecs.each(CONTRACTS)("paygen mock of $file", ({ file, timeout }) => {
  let service: Service;
  let names: ServiceNames;
  let client: Record<string, Method>;
  let server: Listening;

  beforeAll(async () => {
    const { model, files } = await generate({
      schemasDir: "",
      from: [sharedSpec(file)],
      cwd: PROJECT_ROOT,
      mock: { seed: 1 },
    });
    service = model.services[0]!;
    names = (await packageNames(model, RUNTIME_DIR)).get(service.name)!;
    const [mock] = await loadMock(model, files, false);
    server = await listen(mock!.handler);
    const index = await (await writePackage(files)).load(service.name, "index");
    client = (index[names.get("clientFactory", service.name)] as (o: object) => typeof client)({
      baseUrl: `${server.url}${mock!.basePath}`,
      retry: { maxAttempts: 1 },
      ...anyCredentials(service),
    });
  }, timeout);

  afterAll(async () => {
    await server?.close();
  });

  it(
    "answers every operation's valid request with a 2xx its client reads",
    async () => {
      const failed: string[] = [];
      for (const [i, op] of (service.operations as RestOperation[]).entries()) {
        try {
          await client[names.method(op.name)]!(...argumentsOf(service, op, i));
        } catch (error) {
          const e = error as { status?: number; message?: string; body?: unknown };
          failed.push(
            `${op.name}: ${e.status ?? ""} ${e.message ?? ""} ${JSON.stringify(e.body ?? "")}`.slice(
              0,
              400,
            ),
          );
        }
      }
      expect(failed).toEqual([]);
    },
    timeout,
  );
});
