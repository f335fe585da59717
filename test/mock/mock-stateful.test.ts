import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageNames } from "../../generator/emit/emit-package.js";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { loadMock } from "../../generator/mock/build-mock.js";
import { synthesizeType } from "../../generator/mock/synthesize-value.js";
import type { Operation, RestOperation, Service } from "../../generator/model/ir.js";
import type { ServiceNames } from "../../generator/naming/names.js";
import { RUNTIME_DIR } from "../../generator/project-paths.js";
import { listen, type Listening } from "../../generator/runtime/server/listen.js";
import { argumentsOf } from "../helpers/synthesized-calls.js";
import { writePackage } from "../helpers/temp-package.js";
import { describeWithSpecs, HAS_SHARED_SPECS, sharedSpec } from "../helpers/shared-specs.js";

type Method = (...args: unknown[]) => Promise<Record<string, unknown>>;

interface Mocked {
  readonly service: Service;
  readonly names: ServiceNames;
  readonly client: Record<string, Method>;
  readonly server: Listening;
}

/** The contract generated with a mock, served stateful on 127.0.0.1, and its client pointed at it. */
async function statefulMock(
  options: { schemasDir: string; from?: string[] },
  service: string,
  clientOptions: (url: string) => object,
): Promise<Mocked> {
  const { model, files } = await generate({ ...options, cwd: PROJECT_ROOT, mock: { seed: 3 } });
  const s = model.services.find((x) => x.name === service) ?? model.services[0]!;
  const names = (await packageNames(model, RUNTIME_DIR)).get(s.name)!;
  const mock = (await loadMock(model, files, true)).find((m) => m.name === s.name)!;
  const server = await listen(mock.handler);
  const index = await (await writePackage(files)).load(s.name, "index");
  const client = (index[names.get("clientFactory", s.name)] as (o: object) => Mocked["client"])(
    clientOptions(`${server.url}${mock.basePath}`),
  );
  return { service: s, names, client, server };
}

const op = (service: Service, name: string): Operation =>
  service.operations.find((o) => o.name === name)!;

/** A request of the operation, synthesized with its required fields only. */
const requestOf = (service: Service, o: Operation, seed = 1) =>
  synthesizeType(service, o.requestType!, { seed, optionalDepth: 0 }) as Record<string, unknown>;

/** The SOAP services to check: the built-in one, and the published WSDL when it is there. */
const SOAP_SERVICES = [
  {
    label: "the built-in subscriptions service",
    options: { schemasDir: path.join(PROJECT_ROOT, "schemas") },
    service: "subscriptions",
    namespace: { namespace: "AnetApi/xml/v1/schema/AnetApiSchema.xsd" },
    skip: false,
  },
  {
    label: "the published WSDL",
    options: { schemasDir: "", from: [sharedSpec("Service.2015-02-02.wsdl")] },
    service: "",
    namespace: {},
    skip: !HAS_SHARED_SPECS,
  },
];

describe.each(SOAP_SERVICES)("paygen mock --stateful of $label", (setup) => {
  let mocked: Mocked;
  beforeAll(async () => {
    if (setup.skip) return;
    mocked = await statefulMock(setup.options, setup.service, (url) => ({
      endpoint: url,
      ...setup.namespace,
      credentials: { name: "login", transactionKey: "key" },
      retry: { maxAttempts: 1 },
    }));
  }, 120_000);
  afterAll(() => mocked?.server.close());

  it.skipIf(setup.skip)(
    "reads what CreateCustomerProfile made under the id it answered, until it is deleted",
    async () => {
      const { service, names, client } = mocked;
      const call = (name: string, request: unknown) => client[names.method(name)]!(request);
      const create = op(service, "CreateCustomerProfile");
      // With its optional fields, so the profile it sends has values to read back.
      const sent = synthesizeType(service, create.requestType!, {
        seed: 1,
        optionalDepth: 2,
      }) as { profile?: Record<string, unknown> };
      const created = await call("CreateCustomerProfile", sent);
      const other = await call("CreateCustomerProfile", requestOf(service, create, 2));
      const id = created["customerProfileId"];
      expect(typeof id).toBe("string");
      expect(other["customerProfileId"]).not.toBe(id);
      const read = (await call("GetCustomerProfile", {
        ...requestOf(service, op(service, "GetCustomerProfile")),
        customerProfileId: id,
      })) as { profile?: Record<string, unknown> };
      expect(JSON.stringify(read)).toContain(`"customerProfileId":"${String(id)}"`);
      // What the create sent is what the read answers, field by field where both have it.
      const shared = Object.keys(sent.profile ?? {}).filter(
        (k) => typeof sent.profile![k] === "string" && typeof read.profile?.[k] === "string",
      );
      expect(shared.length).toBeGreaterThan(0);
      for (const k of shared) expect(read.profile![k], k).toBe(sent.profile![k]);
      await call("DeleteCustomerProfile", {
        ...requestOf(service, op(service, "DeleteCustomerProfile")),
        customerProfileId: id,
      });
      await expect(
        call("GetCustomerProfile", {
          ...requestOf(service, op(service, "GetCustomerProfile")),
          customerProfileId: id,
        }),
      ).rejects.toMatchObject({ faultString: "No resource with this id was created" });
    },
  );
});

describeWithSpecs("paygen mock --stateful of the published REST specification", () => {
  let mocked: Mocked;
  beforeAll(async () => {
    mocked = await statefulMock(
      { schemasDir: "", from: [sharedSpec("cybersource-rest-spec.2020-02-17.json")] },
      "",
      (url) => ({ baseUrl: url, retry: { maxAttempts: 1 } }),
    );
  }, 240_000);
  afterAll(() => mocked?.server.close());

  it("answers a read of what a POST created with it, and the documented 404 for an id never created", async () => {
    const { service, names, client } = mocked;
    const rest = service.operations as RestOperation[];
    // Every collection: a POST on P whose answer carries an id, and a GET on P/{id}.
    const pairs = rest.flatMap((create) =>
      create.httpMethod !== "POST" || create.params.length > 0
        ? []
        : rest
            .filter(
              (read) =>
                read.httpMethod === "GET" &&
                read.params.length === 1 &&
                read.path === `${create.path}/{${read.params[0]!.name}}`,
            )
            .map((read) => ({ create, read })),
    );
    expect(pairs.length).toBeGreaterThan(0);
    let checked = 0;
    for (const { create, read } of pairs) {
      const made = await client[names.method(create.name)]!(...argumentsOf(service, create, 1));
      const id = made?.["id"];
      if (typeof id !== "string") continue;
      const [, ...readArguments] = argumentsOf(service, read, 1);
      const got = await client[names.method(read.name)]!(id, ...readArguments);
      expect(got["id"], `${create.name} then ${read.name}`).toBe(id);
      await expect(
        client[names.method(read.name)]!(`${id}0`, ...readArguments),
      ).rejects.toMatchObject({ status: 404 });
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
