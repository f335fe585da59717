/**
 * Bad input over raw HTTP: malformed XML and JSON, wrong content types,
 * oversized bodies, unknown operations, paths and methods. Each one gets a
 * SOAP fault or a 4xx, and the sandbox keeps serving.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readSoapBody } from "../../generated/runtime/xml.js";
import { buildARBGetSubscriptionStatusEnvelope } from "../../generated/subscriptions/xml.js";
import { CLIENT_NAMESPACE, CREDENTIALS, startHarness, type Harness } from "./harness.js";

const SOAP_NS = "http://schemas.xmlsoap.org/soap/envelope/";
const MAX_BODY = 64 * 1024;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ maxBodyBytes: MAX_BODY });
});
afterAll(async () => {
  await h.close();
});
afterEach(async () => {
  // Whatever came before, the sandbox still answers.
  expect((await h.soap.isAlive()).resultCode).toBe("Ok");
  expect(
    (
      await h.payments.authorize({
        processingInformation: { paymentSolution: "012" },
        paymentInformation: { fluidData: { value: "eA==" } },
        orderInformation: {
          amountDetails: { totalAmount: "1.00", currency: "USD" },
          billTo: {
            firstName: "a",
            lastName: "b",
            address1: "c",
            locality: "d",
            administrativeArea: "e",
            postalCode: "f",
            country: "US",
            email: "g@h.i",
          },
        },
      })
    ).status,
  ).toBe("AUTHORIZED");
});

async function post(
  path: string,
  body: string | Uint8Array,
  contentType: string | undefined,
): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(`${h.sandbox.url}${path}`, {
    method: "POST",
    headers: contentType === undefined ? {} : { "content-type": contentType },
    body,
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

function fault(text: string): { faultCode: string; faultString: string } {
  const body = readSoapBody(text);
  if (body.kind !== "fault") throw new Error("the answer is not a SOAP fault");
  return { faultCode: body.faultCode, faultString: body.faultString };
}

const envelope = (inner: string) =>
  `<?xml version="1.0"?><soap:Envelope xmlns:soap="${SOAP_NS}"><soap:Body>${inner}</soap:Body></soap:Envelope>`;

describe("the SOAP endpoint", () => {
  it("answers a SOAP fault for malformed XML", async () => {
    for (const body of [
      "<soap:Envelope><soap:Body>",
      "not xml at all",
      "<html><body>hi</body></html>",
      "",
    ]) {
      const answer = await post("/soap", body, "text/xml; charset=utf-8");
      expect(answer.status).toBe(500);
      expect(fault(answer.text).faultCode).toBe("soap:Client");
    }
  });

  it("refuses a DTD and entity declarations", async () => {
    const answer = await post(
      "/soap",
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]>${envelope("<IsAlive/>")}`,
      "text/xml",
    );
    expect(answer.status).toBe(500);
    expect(fault(answer.text).faultString).toContain("DTD");
  });

  it("answers a fault for XML that is not a SOAP request, and for an unknown operation", async () => {
    const notSoap = await post("/soap", "<IsAlive/>", "text/xml");
    expect(fault(notSoap.text).faultString).toContain("Envelope");
    const unknown = await post(
      "/soap",
      envelope(`<DropAllTables xmlns="${CLIENT_NAMESPACE}"/>`),
      "text/xml",
    );
    expect(unknown.status).toBe(500);
    expect(fault(unknown.text).faultString).toContain("unknown operation");
    const faulty = await post(
      "/soap",
      envelope("<soap:Fault><faultcode>x</faultcode></soap:Fault>"),
      "text/xml",
    );
    expect(fault(faulty.text).faultCode).toBe("soap:Client");
  });

  it("answers a fault for a value of the wrong type, and resultCode Error for a missing required field", async () => {
    const auth = `<merchantAuthentication><name>${CREDENTIALS.name}</name><transactionKey>${CREDENTIALS.transactionKey}</transactionKey></merchantAuthentication>`;
    const wrongType = await post(
      "/soap",
      envelope(
        `<ARBGetSubscriptionStatus xmlns="${CLIENT_NAMESPACE}">${auth}<subscriptionId>abc</subscriptionId></ARBGetSubscriptionStatus>`,
      ),
      "text/xml",
    );
    expect(wrongType.status).toBe(500);
    expect(fault(wrongType.text).faultString).toContain("subscriptionId");
    const missing = await post(
      "/soap",
      envelope(
        `<ARBGetSubscriptionStatus xmlns="${CLIENT_NAMESPACE}">${auth}</ARBGetSubscriptionStatus>`,
      ),
      "text/xml",
    );
    expect(missing.status).toBe(200);
    expect(missing.text).toContain("<resultCode>Error</resultCode>");
    expect(missing.text).toContain("INVALID_REQUEST");
    // The generated request writer's envelope is accepted as is.
    const built = buildARBGetSubscriptionStatusEnvelope(
      { merchantAuthentication: CREDENTIALS, subscriptionId: "1" },
      CLIENT_NAMESPACE,
    );
    const valid = await post("/soap", built, "text/xml");
    expect(valid.status).toBe(200);
    expect(valid.text).toContain("NOT_FOUND");
  });

  it("answers 415 with a fault for a body that is not XML by its content type", async () => {
    for (const type of ["application/json", undefined]) {
      const answer = await post("/soap", envelope("<IsAlive/>"), type);
      expect(answer.status).toBe(415);
      expect(fault(answer.text).faultCode).toBe("soap:Client");
    }
  });

  it("answers 413 with a fault for an oversized body", async () => {
    const answer = await post(
      "/soap",
      envelope(`<IsAlive>${"x".repeat(MAX_BODY * 2)}</IsAlive>`),
      "text/xml",
    );
    expect(answer.status).toBe(413);
    expect(fault(answer.text).faultCode).toBe("soap:Client");
  });

  it("answers 405 for another method", async () => {
    const answer = await fetch(`${h.sandbox.url}/soap`);
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("POST");
    await answer.text();
  });
});

describe("the REST paths", () => {
  it("answers 400 for malformed JSON and JSON of the wrong shape", async () => {
    for (const body of ["{", "[1,2", "<xml/>", "nope"]) {
      const answer = await post("/pts/v2/payments", body, "application/json");
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({ status: "INVALID_REQUEST" });
    }
    const wrongShape = await post(
      "/pts/v2/payments",
      JSON.stringify({ orderInformation: { amountDetails: { totalAmount: true } } }),
      "application/json",
    );
    expect(wrongShape.status).toBe(400);
    expect(JSON.parse(wrongShape.text)).toMatchObject({ reason: "INVALID_DATA" });
    const notObject = await post("/tss/v2/searches", "[]", "application/json");
    expect(notObject.status).toBe(400);
    const empty = await post("/tss/v2/searches", "", "application/json");
    expect(JSON.parse(empty.text)).toMatchObject({ reason: "MISSING_BODY" });
    const missing = await post(
      "/tss/v2/searches",
      JSON.stringify({ sort: "id:asc" }),
      "application/json",
    );
    expect(JSON.parse(missing.text)).toMatchObject({
      reason: "MISSING_FIELD",
      details: [{ field: "query", reason: "required" }],
    });
  });

  it("answers 415 for a body that is not JSON by its content type", async () => {
    const answer = await post("/pts/v2/payments", JSON.stringify({}), "text/plain");
    expect(answer.status).toBe(415);
    const xml = await post("/tss/v2/searches", "<a/>", "application/xml");
    expect(xml.status).toBe(415);
  });

  it("answers 413 for an oversized body", async () => {
    const answer = await post(
      "/tss/v2/searches",
      JSON.stringify({ query: "x".repeat(MAX_BODY * 3), sort: "id:asc" }),
      "application/json",
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ reason: "BODY_TOO_LARGE" });
  });

  it("answers 404 for an unknown path and 405 for a known path with another method", async () => {
    const unknown = await fetch(`${h.sandbox.url}/pts/v3/payments`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status: "NOT_FOUND" });
    const badEscape = await fetch(`${h.sandbox.url}/tss/v2/transactions/%E0%A4%A`);
    expect(badEscape.status).toBe(404);
    await badEscape.text();
    const nonNumeric = await fetch(`${h.sandbox.url}/pts/v2/payments/abc`);
    expect(nonNumeric.status).toBe(404);
    await nonNumeric.text();
    const method = await fetch(`${h.sandbox.url}/pts/v2/payments`, {
      method: "PUT",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(method.status).toBe(405);
    expect(method.headers.get("allow")).toBe("POST");
    await method.text();
    const del = await fetch(`${h.sandbox.url}/tss/v2/searches/abc`, { method: "DELETE" });
    expect(del.status).toBe(405);
    await del.text();
  });

  it("survives a client that goes away mid-body", async () => {
    const controller = new AbortController();
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"query": "'));
        setTimeout(() => controller.abort(), 20);
      },
    });
    await fetch(`${h.sandbox.url}/tss/v2/searches`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      signal: controller.signal,
      duplex: "half",
    } as RequestInit).catch(() => undefined);
  });
});
