import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { packageNames } from "../../../generator/emit/emit-package.js";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import type { Service } from "../../../generator/model/ir.js";
import type { ServiceNames } from "../../../generator/naming/names.js";
import { RUNTIME_DIR } from "../../../generator/project-paths.js";
import { valueOf } from "../../helpers/model-values.js";
import { writePackage, type TempPackage } from "../../helpers/temp-package.js";
import { describeWithSpecs, sharedSpec } from "../../helpers/shared-specs.js";
import { FIXTURES } from "./helpers.js";
import { typeCheckPackage } from "../../helpers/type-check.js";

/**
 * Generates a package from a contract, writes it to a temporary folder with
 * the project's node_modules linked, and type-checks it with its own
 * tsconfig; for a WSDL, every request and result is written with one side's
 * generated code and read back with the other's. The published contracts'
 * cases skip when the shared specs folder is absent.
 */
interface ContractCase {
  readonly label: string;
  readonly file: string;
  readonly operations: number;
  readonly published: boolean;
  readonly headers?: object;
}
const CASES: readonly ContractCase[] = [
  {
    label: "the published WSDL",
    file: sharedSpec("Service.2015-02-02.wsdl"),
    operations: 30,
    published: true,
  },
  {
    label: "the published XSD",
    file: sharedSpec("AnetApiSchema.xsd"),
    operations: 0,
    published: true,
  },
  {
    label: "the wrapped fixture",
    file: path.join(FIXTURES, "describe", "wrapped.wsdl"),
    operations: 1,
    published: false,
  },
  {
    label: "the SOAP 1.2 fixture",
    file: path.join(FIXTURES, "describe", "soap12.wsdl"),
    operations: 1,
    published: false,
  },
  {
    label:
      "the degraded fixture (an encoded and a MIME operation left out, an HTTP port, an extension outside complexContent, a repeated sequence)",
    file: path.join(FIXTURES, "describe", "degraded.wsdl"),
    operations: 1,
    published: false,
  },
  {
    label:
      "the bookings fixture (imported schemas in other namespaces, attributes, simple content, a SOAP header)",
    file: path.join(FIXTURES, "bookings", "bookings.wsdl"),
    operations: 1,
    published: false,
    headers: { Credentials: { user: "u", secret: "s" } },
  },
];

function generatedPackage({ file, operations, published, headers }: ContractCase): void {
  let pkg: TempPackage;
  let out: string;
  let service: Service;
  let names: ServiceNames;
  const load = (module: string) => pkg.load(service.name, module);

  beforeAll(async () => {
    const { files, model } = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [path.relative(PROJECT_ROOT, file)],
      cwd: PROJECT_ROOT,
      server: true,
    });
    pkg = await writePackage(files);
    out = pkg.root;
    expect(model.services).toHaveLength(1);
    service = model.services[0]!;
    names = (await packageNames(model, RUNTIME_DIR)).get(service.name)!;
  }, 600_000);

  it("has the contract's operations", () => {
    expect(service.operations).toHaveLength(operations);
    expect(service.types.length + service.enums.length).toBeGreaterThan(0);
  });

  it("type-checks with tsc in strict mode", async () => {
    const result = await typeCheckPackage(out);
    expect(result.out).toBe("");
    expect(result.code).toBe(0);
  });

  // Each test is defined only for the contracts it applies to: a schema has no operations, a fixture no document.
  const itWhen = (applies: boolean) => (applies ? it : () => undefined);

  itWhen(operations > 0)("round-trips every request and result, wire names kept", async () => {
    const client = await load("xml");
    const server = await load("server");
    const call = (module: Record<string, unknown>, name: string, ...args: unknown[]): unknown => {
      const f = module[name];
      if (typeof f !== "function") throw new Error(`no function ${name}`);
      return (f as (...a: unknown[]) => unknown)(...args);
    };
    let checked = 0;
    for (const op of service.operations) {
      if (op.protocol !== "soap") continue;
      const request = valueOf(service, op.requestType, { mode: "full", xml: true });
      const sent = call(client, names.get("envelopeBuilder", op.name), request, "urn:x") as string;
      expect(
        call(server, names.get("envelopeReader", op.name), sent),
        `${op.name} request: ${sent}`,
      ).toEqual(request);
      const result = valueOf(service, op.resultType, { mode: "full", xml: true });
      const answered = call(
        server,
        names.get("responseEnvelopeBuilder", op.name),
        result,
        "urn:x",
      ) as string;
      expect(
        call(client, names.get("responseParser", op.name), answered),
        `${op.name} result: ${answered}`,
      ).toEqual(result);
      checked += 2;
    }
    expect(checked).toBe(operations * 2);
  });

  itWhen(published && operations === 0)(
    "writes and reads back every global element as a whole document",
    async () => {
      const xml = await load("xml");
      const documents = service.documents ?? [];
      expect(documents).toHaveLength(94);
      for (const doc of documents) {
        const build = xml[names.get("documentBuilder", doc.element)] as (value: unknown) => string;
        const parse = xml[names.get("documentParser", doc.element)] as (text: string) => unknown;
        const value = valueOf(service, doc.type, { mode: "full", xml: true });
        const text = build(value);
        expect(
          text.startsWith(
            `<?xml version="1.0" encoding="utf-8"?><${doc.element} xmlns="${service.soap?.namespace}"`,
          ),
          doc.element,
        ).toBe(true);
        expect(parse(text), `${doc.element}: ${text}`).toEqual(value);
      }
    },
  );

  itWhen(published && operations > 0)(
    "answers undefined for a response that leaves out the result its contract makes optional",
    async () => {
      const xml = await load("xml");
      const op = service.operations.find((o) => o.name === "IsAlive")!;
      if (op.protocol !== "soap") throw new Error("a SOAP operation was expected");
      expect(op.resultOptional).toBe(true);
      const parse = xml[names.get("responseParser", op.name)] as (text: string) => unknown;
      const empty = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><IsAliveResponse xmlns="${service.soap?.namespace}"/></soap:Body></soap:Envelope>`;
      expect(parse(empty)).toBeUndefined();
      const index = await load("index");
      const create = index[names.get("clientFactory", service.name)] as (
        options: object,
      ) => Record<string, (request?: object) => Promise<unknown>>;
      const client = create({
        fetch: async () =>
          new Response(empty, { status: 200, headers: { "content-type": "text/xml" } }),
      });
      await expect(client[names.method(op.name)]!({})).resolves.toBeUndefined();
    },
  );

  itWhen(operations > 0)(
    "a client sends the contract's SOAPAction to its endpoint by default",
    async () => {
      const index = await load("index");
      const create = index[names.get("clientFactory", service.name)] as (
        options: object,
      ) => Record<string, (request: object) => Promise<unknown>>;
      const seen: {
        url: string;
        action: string | null;
        contentType: string | null;
        body: string;
      }[] = [];
      const fetch = async (url: string | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        seen.push({
          url: String(url),
          action: headers.get("soapaction"),
          contentType: headers.get("content-type"),
          body: String(init?.body),
        });
        return new Response("<not-soap/>", { status: 500 });
      };
      const op = service.operations[0]!;
      if (op.protocol !== "soap") throw new Error("a SOAP operation was expected");
      const client = create({ fetch, retry: { maxAttempts: 1 }, ...(headers ? { headers } : {}) });
      await client[names.method(op.name)]!(
        valueOf(service, op.requestType, { mode: "full", xml: true }) as object,
      ).catch(() => undefined);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.url).toBe(service.soap?.endpoint);
      if (service.soap?.soapVersion === "1.2") {
        // SOAP 1.2: the action is a parameter of the content type, and the envelope is SOAP 1.2's.
        expect(seen[0]!.action).toBeNull();
        expect(seen[0]!.contentType).toBe(
          `application/soap+xml; charset=utf-8; action=${JSON.stringify(op.soapAction)}`,
        );
        expect(seen[0]!.body).toContain('xmlns:soap="http://www.w3.org/2003/05/soap-envelope"');
      } else {
        expect(seen[0]!.action).toBe(JSON.stringify(op.soapAction));
        expect(seen[0]!.contentType).toBe("text/xml; charset=utf-8");
        expect(seen[0]!.body).toContain('xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"');
      }
      expect(seen[0]!.body).toContain(`xmlns="${service.soap?.namespace}"`);
    },
  );
}

describeWithSpecs.each(CASES.filter((c) => c.published))(
  "a package generated from $label",
  generatedPackage,
);
describe.each(CASES.filter((c) => !c.published))(
  "a package generated from $label",
  generatedPackage,
);
