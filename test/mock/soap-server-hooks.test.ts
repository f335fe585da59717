/**
 * The SOAP server's hooks for a service with its own rules (the sandbox is
 * one): a check before a request is read, faults written in the service's
 * shape with their cause, refused requests answered with a result of the
 * operation, the envelope as received and the client's address handed to
 * handlers, failures told. A small route stands for a generated one.
 */
import { describe, expect, it } from "vitest";
import { ParseError } from "../../generator/runtime/errors.js";
import type { FaultReport } from "../../generator/runtime/server/soap-fault.js";
import {
  type SoapRoute,
  type SoapServerOptions,
  soapServer,
} from "../../generator/runtime/server/soap-server.js";
import { readSoapBody } from "../../generator/runtime/xml.js";

const SOAP = "http://schemas.xmlsoap.org/soap/envelope/";

/** `Count` carries a number `n` below 100; its result echoes `n`, or carries an error text. */
const COUNT: SoapRoute = {
  name: "Count",
  element: "Count",
  read(xml) {
    readSoapBody(xml);
    const n = Number(/<n>([^<]*)<\/n>/.exec(xml)?.[1]);
    if (!Number.isInteger(n)) throw new ParseError("xml", "unexpected-shape", "n: not a number");
    return { n };
  },
  validate: (value) =>
    (value as { n: number }).n < 100
      ? { ok: true, value }
      : { ok: false, issues: [{ path: "n", code: "range", message: "must be below 100" }] },
  check: (value) => ({ ok: true, value }),
  build: (result, namespace) => `<Envelope ns="${namespace}">${JSON.stringify(result)}</Envelope>`,
};

const envelope = (inner: string) =>
  `<soap:Envelope xmlns:soap="${SOAP}"><soap:Body>${inner}</soap:Body></soap:Envelope>`;

const post = (body: string, type = "text/xml") =>
  new Request("http://soap.test/", { method: "POST", headers: { "content-type": type }, body });

/** A fault writer that tells the cause, the side and the problems' rules. */
function ownFault(report: FaultReport): Response {
  return Response.json(
    { cause: report.cause, side: report.side, rules: report.problems.map((p) => p.rule) },
    { status: 500 },
  );
}

function server(handlers: object, options: SoapServerOptions = {}) {
  return soapServer([COUNT], handlers, { namespace: "urn:count", ...options });
}

describe("the SOAP server's hooks", () => {
  it("writes its own faults with `fault`, each with its cause", async () => {
    const handler = server({}, { fault: ownFault, maxBodyBytes: 400 });
    const causes = async (request: Request) => (await (await handler(request)).json()) as object;
    expect(await causes(new Request("http://soap.test/"))).toEqual({
      cause: "method",
      side: "client",
      rules: [],
    });
    expect(await causes(post(envelope(`<Count><n>${"1".repeat(500)}</n></Count>`)))).toMatchObject({
      cause: "too-large",
    });
    expect(await causes(post("<Count/>"))).toMatchObject({ cause: "not-soap" });
    expect(await causes(post(envelope("<Drop/>")))).toMatchObject({ cause: "unknown-operation" });
    expect(await causes(post(envelope("<Count><n>x</n></Count>")))).toEqual({
      cause: "invalid",
      side: "client",
      rules: ["unexpected-shape"],
    });
    expect(await causes(post(envelope("<Count><n>1</n></Count>")))).toEqual({
      cause: "not-implemented",
      side: "server",
      rules: [],
    });
  });

  it("runs `before` on a POST before its body is read, and sends its Response", async () => {
    const handler = server(
      { Count: () => ({ n: 1 }) },
      {
        before: (request) =>
          request.headers.get("content-type") === "text/xml"
            ? undefined
            : new Response("not xml", { status: 415 }),
      },
    );
    expect((await handler(post("not even xml", "application/json"))).status).toBe(415);
    expect((await handler(post(envelope("<Count><n>1</n></Count>")))).status).toBe(200);
    // Another method is the server's fault, before the hook runs.
    expect((await handler(new Request("http://soap.test/"))).status).toBe(500);
  });

  it("answers a request the validator refused with the result `invalid` gives, else a fault", async () => {
    const refusals: unknown[] = [];
    const handler = server(
      { Count: () => ({ n: 0 }) },
      {
        invalid: ({ operation, problems }) => {
          refusals.push([operation, problems.map((p) => `${p.path}:${p.rule}`)]);
          return operation === "Count" ? { error: "too many" } : undefined;
        },
      },
    );
    const refused = await handler(post(envelope("<Count><n>500</n></Count>")));
    expect(refused.status).toBe(200);
    expect(await refused.text()).toBe('<Envelope ns="urn:count">{"error":"too many"}</Envelope>');
    expect(refusals).toEqual([["Count", ["n:range"]]]);
    // A request the reader cannot read is a fault: the hook is not asked.
    expect((await handler(post(envelope("<Count><n>x</n></Count>")))).status).toBe(500);
    expect(refusals).toHaveLength(1);
    const faulted = await server(
      {},
      { invalid: () => undefined },
    )(post(envelope("<Count><n>500</n></Count>")));
    expect(await faulted.text()).toContain("soap:Client");
  });

  it("hands handlers the envelope as received and the client, and tells `onError` of a failure", async () => {
    const seen: unknown[] = [];
    const failures: unknown[] = [];
    const xml = envelope("<Count><n> 7 </n></Count>");
    const handler = server(
      {
        Count: ({ text, client }: { text: string; client: object }) => {
          seen.push(text, client);
          throw new Error("broken");
        },
      },
      { onError: (error, operation) => failures.push([(error as Error).message, operation]) },
    );
    const response = await handler(post(xml), { remoteAddress: "127.0.0.9" });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("soap:Server");
    expect(seen).toEqual([xml, { remoteAddress: "127.0.0.9" }]);
    expect(failures).toEqual([["broken", "Count"]]);
  });
});
