import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import * as soap from "soap";
import { afterAll, beforeAll, expect, it } from "vitest";
import { packageNames } from "../../../generator/emit/emit-package.js";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import type { ObjectType, Service } from "../../../generator/model/ir.js";
import { RUNTIME_DIR } from "../../../generator/project-paths.js";
import { valueOf } from "../../helpers/model-values.js";
import { wireShape } from "../../helpers/node-soap-shapes.js";
import { writePackage } from "../../helpers/temp-package.js";
import { describeWithSpecs, sharedSpec } from "../../helpers/shared-specs.js";

/**
 * The SOAP wire of a client generated from the published WSDL, proved against
 * a third-party SOAP stack: node-soap serves the same WSDL on 127.0.0.1 (one
 * server answering SOAP 1.1 envelopes, one SOAP 1.2), records what each
 * operation received and answers a valid response built from the model; the
 * client calls every operation over both versions, chosen by its
 * `soapVersion` option, with its credentials option.
 */

const WSDL = sharedSpec("Service.2015-02-02.wsdl");
const PATH = "/soap/v1/Service.asmx";

type Call = (request: object) => Promise<unknown>;
type Received = {
  operation: string;
  args: unknown;
  headers: Record<string, string | string[] | undefined>;
};

/** A typed value without its null list items (what a response holding no nil item reads back as). */
function withoutNulls(service: Service, type: ObjectType | undefined, value: unknown): unknown {
  if (!type || typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const field = type.allFields.find((f) => f.name === key);
    if (v === null || !field) continue;
    const inner =
      field.type.kind === "object"
        ? service.types.find((t) => t.name === field.type.name)
        : undefined;
    out[key] = Array.isArray(v)
      ? v.filter((x) => x !== null).map((x) => withoutNulls(service, inner, x))
      : withoutNulls(service, inner, v);
  }
  return out;
}

/** node-soap reads xs:date and xs:dateTime as a Date: a date or date-time text is compared as the instant it names. */
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}(T.*)?$/;

/** The text leaves of a value, as strings: what an XML message carries (dates as instants). */
function leaves(value: unknown, out: string[] = []): string[] {
  if (value === null || value === undefined) return out;
  if (value instanceof Date) out.push(value.toISOString());
  else if (Array.isArray(value)) for (const v of value) leaves(v, out);
  else if (typeof value === "object") for (const v of Object.values(value)) leaves(v, out);
  else
    out.push(
      typeof value === "string" && DATE_TEXT.test(value)
        ? new Date(value).toISOString()
        : String(value),
    );
  return out;
}

describeWithSpecs("the published WSDL's client against node-soap on 127.0.0.1", () => {
  let service: Service;
  let create: (options: object) => Record<string, Call>;
  let method: (operation: string) => string;
  const servers: Server[] = [];
  const origins: Record<"1.1" | "1.2", string> = { "1.1": "", "1.2": "" };
  const received: Record<"1.1" | "1.2", Received[]> = {
    "1.1": [],
    "1.2": [],
  };
  const answers = new Map<string, unknown>();

  beforeAll(async () => {
    const { files, model } = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [path.relative(PROJECT_ROOT, WSDL)],
      cwd: PROJECT_ROOT,
    });
    service = model.services[0]!;
    const names = (await packageNames(model, RUNTIME_DIR)).get(service.name)!;
    method = (operation) => names.method(operation);
    const pkg = await writePackage(files);
    create = (await pkg.load(service.name, "index"))[
      names.get("clientFactory", service.name)
    ] as typeof create;
    const xml = await readFile(WSDL, "utf8");
    for (const version of ["1.1", "1.2"] as const) {
      // One generic handler per operation: it records what it received and answers the operation's result, valid for its type.
      const handlers: Record<
        string,
        (
          args: unknown,
          callback: unknown,
          headers: unknown,
          req: { headers: Received["headers"] },
        ) => unknown
      > = {};
      for (const op of service.operations) {
        if (op.protocol !== "soap") continue;
        handlers[op.name] = (args, _callback, _headers, req) => {
          received[version].push({
            operation: op.name,
            args,
            headers: req.headers,
          });
          return {
            [op.resultElement]: wireShape(service, op.resultType, answers.get(op.name)),
          };
        };
      }
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      soap.listen(server, {
        path: PATH,
        services: {
          Service: { ServiceSoap: handlers, ServiceSoap12: handlers },
        },
        xml,
        forceSoap12Headers: version === "1.2",
      });
      origins[version] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
  });
  afterAll(async () => {
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
  });

  const credentials = {
    name: "api-login-id",
    transactionKey: "transaction-key-1",
  };
  /** The envelope namespace of each answer node-soap sent. */
  const answered: string[] = [];
  /** Only 127.0.0.1 is ever reached. */
  const localFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.hostname !== "127.0.0.1") throw new Error(`refused to reach ${url.host}`);
    const response = await fetch(input, init);
    answered.push(/xmlns:soap="([^"]*)"/.exec(await response.clone().text())?.[1] ?? "");
    return response;
  };
  const ENVELOPES = {
    "1.1": "http://schemas.xmlsoap.org/soap/envelope/",
    "1.2": "http://www.w3.org/2003/05/soap-envelope",
  };

  it.each(["1.1", "1.2"] as const)(
    "calls all 30 operations over SOAP %s: node-soap receives the values sent, the client reads node-soap's answer",
    async (soapVersion) => {
      const client = create({
        soapVersion,
        endpoint: `${origins[soapVersion]}${PATH}`,
        credentials,
        fetch: localFetch,
        retry: { maxAttempts: 1 },
      });
      const passed: string[] = [];
      const failed: string[] = [];
      for (const op of service.operations) {
        if (op.protocol !== "soap") continue;
        const request = valueOf(service, op.requestType, {
          mode: "full",
          xml: true,
        }) as Record<string, unknown>;
        delete request["merchantAuthentication"];
        const result = valueOf(service, op.resultType, {
          mode: "full",
          xml: true,
        }) as Record<string, unknown>;
        // A result code of Ok: an Error one is an ApiError, another test's subject.
        if ("resultCode" in result) result["resultCode"] = "Ok";
        answers.set(op.name, result);
        const before = received[soapVersion].length;
        try {
          const answer = await client[method(op.name)]!(request);
          const got = received[soapVersion].slice(before);
          expect(got.map((r) => r.operation)).toEqual([op.name]);
          const sent = op.auth ? { merchantAuthentication: credentials, ...request } : request;
          expect(leaves(got[0]!.args).sort()).toEqual(
            leaves(wireShape(service, op.requestType, sent)).sort(),
          );
          const contentType = String(got[0]!.headers["content-type"]);
          if (soapVersion === "1.2")
            expect(contentType).toBe(
              `application/soap+xml; charset=utf-8; action="${op.soapAction}"`,
            );
          else
            expect([contentType, got[0]!.headers["soapaction"]]).toEqual([
              "text/xml; charset=utf-8",
              `"${op.soapAction}"`,
            ]);
          expect(answer).toEqual(
            withoutNulls(
              service,
              service.types.find((t) => t.name === op.resultType),
              result,
            ),
          );
          expect(answered.at(-1)).toBe(ENVELOPES[soapVersion]);
          passed.push(op.name);
        } catch (error) {
          const got = received[soapVersion].slice(before)[0];
          const a = got ? leaves(got.args) : [];
          const b = leaves(
            wireShape(
              service,
              op.requestType,
              op.auth ? { merchantAuthentication: credentials, ...request } : request,
            ),
          );
          failed.push(
            `${op.name}: ${error instanceof Error ? error.message.slice(0, 200) : String(error)} | only received: ${a.filter((x) => !b.includes(x)).join(",")} | only sent: ${b.filter((x) => !a.includes(x)).join(",")}`,
          );
        }
      }
      expect(failed).toEqual([]);
      expect(passed).toHaveLength(30);
    },
  );
});
