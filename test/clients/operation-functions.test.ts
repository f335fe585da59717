/**
 * Each operation as a function of its own, against a real HTTP server: it
 * takes a configuration its service's `configure…` function made, sends what
 * the client's method sends, follows links the same way, and the
 * configuration shows none of the options it holds.
 */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  authorize,
  configurePayments,
  createPaymentsClient,
  getPayment,
  type PaymentsConfig,
  ValidationError,
} from "../../generated/payments/index.js";
import { respond, startRecordingServer, useRecordingServers } from "../helpers/http-server.js";

const ID = "6899916537706036604951";
const details = { id: ID, status: "AUTHORIZED" };
const authorization = {
  _links: { self: { method: "GET", href: `/pts/v2/payments/${ID}` } },
  id: ID,
  status: "AUTHORIZED",
};
const request = {
  clientReferenceInformation: { code: "ORDER-1" },
  paymentInformation: { fluidData: { value: "eyJ3YWxsZXQiOiJ0b2tlbiJ9" } },
  orderInformation: { amountDetails: { totalAmount: "10.00", currency: "USD" } },
};

useRecordingServers();

describe("an operation's function", () => {
  it("sends what the client's method sends", async () => {
    const server = await startRecordingServer([
      respond.json(200, details),
      respond.json(200, details),
    ]);
    const config = configurePayments({ baseUrl: server.origin });
    const alone = await getPayment(config, ID);
    const method = await createPaymentsClient({ baseUrl: server.origin }).getPayment(ID);
    expect(alone).toEqual(method);
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual([
      `GET /pts/v2/payments/${ID} `,
      `GET /pts/v2/payments/${ID} `,
    ]);
  });

  it("gives its result the methods that follow its links, with the same configuration", async () => {
    const server = await startRecordingServer([
      respond.json(201, authorization),
      respond.json(200, details),
    ]);
    const headers = { "x-merchant": "m1" };
    const result = await authorize(configurePayments({ baseUrl: server.origin, headers }), request);
    expect(result.id).toBe(ID);
    expect(await result.refresh()).toEqual(details);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /pts/v2/payments",
      `GET /pts/v2/payments/${ID}`,
    ]);
    expect(server.requests.map((r) => r.headers["x-merchant"])).toEqual(["m1", "m1"]);
  });

  it("rejects what no configure function made, and a configuration shows none of its options", async () => {
    const forged = { baseUrl: "https://gateway.test" } as unknown as PaymentsConfig;
    await expect(getPayment(forged, ID)).rejects.toThrow(TypeError);
    const config = configurePayments({
      baseUrl: "https://gateway.test",
      headers: { "x-key": "S3CRET" },
    });
    expect(JSON.stringify(config)).toBe("{}");
    expect(inspect(config, { showHidden: true, depth: 5 })).not.toContain("S3CRET");
    expect(Object.isFrozen(config)).toBe(true);
  });

  it("checks the options once, when the configuration is made", () => {
    expect(() =>
      configurePayments({ baseUrl: "https://gateway.test", headers: { "bad name": "v" } }),
    ).toThrow(ValidationError);
  });
});
