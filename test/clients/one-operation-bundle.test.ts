/**
 * Pay for what you call: a consumer that imports one operation's function
 * bundles the code of the types that operation reaches and nothing of an
 * operation it does not reach (its path or element name, its request's
 * validator), while the client object, which holds every operation, bundles
 * them all. Sizes are bytes of a minified bundle, never times.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { packageNames } from "../../generator/emit/emit-package.js";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import type { RestOperation } from "../../generator/model/ir.js";
import { bundleConsumer, type ConsumerBundle } from "../../scripts/bench/consumer-bundle.js";
import { describeWithSpecs, sharedSpec } from "../helpers/shared-specs.js";
import { writePackage } from "../helpers/temp-package.js";

const GENERATED = path.join(PROJECT_ROOT, "generated");

/** A consumer of `names` from a service's entry point, calling what `call` says. */
function consumer(entry: string, names: readonly string[], call: string): string {
  return `import { ${names.join(", ")} } from ${JSON.stringify(entry)};\nexport const answer = ${call};\n`;
}

describe("a consumer of one operation of the payments entry (REST)", () => {
  const entry = "./payments/index.ts";
  let getReversal: ConsumerBundle;
  let authorize: ConsumerBundle;
  let client: ConsumerBundle;

  beforeAll(async () => {
    getReversal = await bundleConsumer(
      consumer(
        entry,
        ["configurePayments", "getReversal"],
        `getReversal(configurePayments({ baseUrl: "https://gateway.test" }), "r1")`,
      ),
      GENERATED,
      true,
    );
    authorize = await bundleConsumer(
      consumer(
        entry,
        ["configurePayments", "authorize"],
        `authorize(configurePayments({ baseUrl: "https://gateway.test" }), { clientReferenceInformation: { code: "o1" } })`,
      ),
      GENERATED,
      true,
    );
    client = await bundleConsumer(
      consumer(
        entry,
        ["createPaymentsClient"],
        `createPaymentsClient({ baseUrl: "https://gateway.test" }).getReversal("r1")`,
      ),
      GENERATED,
      true,
    );
  }, 60_000);

  it("bundles the operation it calls and none of the others", () => {
    expect(getReversal.code).toContain('"/pts/v2/reversals/{id}"');
    expect(getReversal.code).toContain("parseReversalDetails");
    // Another operation's path, its request's validator and writer.
    expect(getReversal.code).not.toContain('"/pts/v2/payments"');
    expect(getReversal.code).not.toContain("validatePaymentRequest");
    expect(getReversal.code).not.toContain("serializeCaptureRequest");
  });

  it("bundles what a result's links call, and no operation no link reaches", () => {
    // authorize's result follows capture, reverse, void and refresh (and capture's own links).
    expect(authorize.code).toContain("validatePaymentRequest");
    expect(authorize.code).toContain("validateCaptureRequest");
    expect(authorize.code).not.toContain('"/pts/v2/reversals/{id}"');
    expect(authorize.code).not.toContain("parseReversalDetails");
    expect(authorize.code).not.toContain("saleOperation");
  });

  it("leaves out what the operation does not use: its parameters' redaction, request constants, flows", () => {
    // getReversal has no sensitive parameter, no constant and no flow; its URL view is scrubbed all the same.
    expect(getReversal.code).toContain("scrubUrl");
    expect(getReversal.code).not.toContain("paramSecrets");
    expect(getReversal.code).not.toContain("withConstants");
    expect(getReversal.code).not.toContain("applyFlows");
    // authorize reaches the reverse flow through its result's links, but sends no constant itself.
    expect(authorize.code).toContain("copyFromAnswer");
    expect(authorize.code).not.toContain("withConstants");
  });

  it("holds no code of a feature that what it reaches does not use: unions, idempotency keys, a flow's table", () => {
    // No description authorize reaches is a union's; none of its operations declares an idempotency
    // header; the reverse flow its result's links build only copies values from the answer.
    for (const name of [
      "readUntagged",
      "checkTagged",
      "variantByKeys",
      "idempotencyKeyOf",
      "checkFlow",
    ])
      expect(authorize.code).not.toContain(name);
  });

  it("stays small, while the client object bundles every operation", () => {
    expect(client.code).toContain("validatePaymentRequest");
    expect(client.code).toContain('"/pts/v2/reversals/{id}"');
    expect(getReversal.gzipBytes).toBeLessThan(client.gzipBytes);
    expect(getReversal.gzipBytes).toBeLessThan(20_000);
    expect(authorize.gzipBytes).toBeLessThan(26_000);
  });
});

describe("a consumer of one operation of the subscriptions entry (SOAP)", () => {
  it("bundles the operation it calls and none of the others", async () => {
    const bundle = await bundleConsumer(
      consumer(
        "./subscriptions/index.ts",
        ["configureSubscriptions", "isAlive"],
        `isAlive(configureSubscriptions({ endpoint: "https://gateway.test", namespace: "urn:test" }))`,
      ),
      GENERATED,
      true,
    );
    expect(bundle.code).toContain("validateIsAliveRequest");
    expect(bundle.code).not.toContain('"ARBCreateSubscription"');
    expect(bundle.code).not.toContain("validateARBCreateSubscriptionRequest");
    // Most of it is the XML parser every SOAP call reads its answer with.
    expect(bundle.gzipBytes).toBeLessThan(45_000);
  }, 60_000);
});

describeWithSpecs("a consumer of createPayment of the published REST specification", () => {
  let bundle: ConsumerBundle;
  let reversal: { path: string; validator: string };

  beforeAll(async () => {
    const spec = sharedSpec("cybersource-rest-spec.2020-02-17.json");
    const { files, model } = await generate({ schemasDir: "", from: [spec], cwd: PROJECT_ROOT });
    const service = model.services[0]!;
    const names = (await packageNames(model, path.join(PROJECT_ROOT, "generator", "runtime"))).get(
      service.name,
    )!;
    const other = service.operations.find((op) => op.name === "authReversal") as RestOperation;
    reversal = { path: other.path, validator: names.get("validator", other.requestType!) };
    const pkg = await writePackage(files);
    bundle = await bundleConsumer(
      consumer(
        `./${service.name}/index.ts`,
        [
          names.get("clientConfigure", service.name),
          names.get("operationFunction", "createPayment"),
        ],
        `${names.get("operationFunction", "createPayment")}(${names.get("clientConfigure", service.name)}(), {})`,
      ),
      pkg.root,
      true,
    );
  }, 180_000);

  it("bundles none of another operation, and a fraction of the client's 546 KB", () => {
    expect(bundle.code).toContain('"/pts/v2/payments"');
    expect(bundle.code).not.toContain(JSON.stringify(reversal.path));
    expect(bundle.code).not.toContain(reversal.validator);
    expect(bundle.bytes).toBeLessThan(250_000);
    expect(bundle.gzipBytes).toBeLessThan(60_000);
  });
});
