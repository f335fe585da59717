import { afterEach, describe, expect, it } from "vitest";
import { REDACTED, redactHeaders } from "../../../generator/runtime/http/hooks.js";
import type {
  RedactedRequestView,
  RedactedResponseView,
  SigningRequest,
} from "../../../generator/runtime/http/hooks.js";
import { send } from "../../../generator/runtime/http/transport.js";
import { closeAllServers, startServer } from "./test-server.js";

afterEach(closeAllServers);

const CARD_BODY = '{"paymentInformation":{"card":{"number":"4111111111111111"}},"amount":"10.00"}';
const maskCard = (body: string): string => body.replace(/\d{13,19}/g, "****");

describe("hooks and signer", () => {
  it("gives hooks a redacted, frozen view and never the real body", async () => {
    const server = await startServer((_seen, _req, res) => {
      res.writeHead(201, {
        "content-type": "application/json",
        "set-cookie": "sid=abc",
        "x-trace": "t1",
      });
      res.end('{"id":"7","card":"4111111111111111"}');
    });
    const requests: RedactedRequestView[] = [];
    const responses: RedactedResponseView[] = [];
    const response = await send(
      {
        method: "POST",
        url: `${server.origin}/pts/v2/payments`,
        headers: {
          Authorization: "Bearer secret",
          "x-api-key": "k-123",
          "content-type": "application/json",
        },
        body: CARD_BODY,
      },
      {
        sensitiveHeaders: ["X-API-Key"],
        redactBody: maskCard,
        signer: () => ({ signature: 'keyid="k", signature="s"', "x-signed": "yes" }),
        onRequest: [(view) => void requests.push(view)],
        onResponse: [(view) => void responses.push(view)],
      },
    );
    expect(response.status).toBe(201);
    // The server got the real values.
    expect(server.requests[0]?.headers.authorization).toBe("Bearer secret");
    expect(server.requests[0]?.headers.signature).toBe('keyid="k", signature="s"');
    expect(server.requests[0]?.body).toBe(CARD_BODY);

    const view = requests[0];
    expect(view).toBeDefined();
    expect(view?.headers).toEqual({
      Authorization: REDACTED,
      "x-api-key": REDACTED,
      "content-type": "application/json",
      signature: REDACTED,
      "x-signed": "yes",
    });
    expect(view?.body).toBe('{"paymentInformation":{"card":{"number":"****"}},"amount":"10.00"}');
    expect(Object.isFrozen(view)).toBe(true);
    expect(Object.isFrozen(view?.headers)).toBe(true);

    const seen = responses[0];
    expect(seen?.status).toBe(201);
    expect(seen?.headers["set-cookie"]).toBe(REDACTED);
    expect(seen?.headers["x-trace"]).toBe("t1");
    expect(seen?.body).toBe('{"id":"7","card":"****"}');
    expect(seen?.durationMs).toBeGreaterThanOrEqual(0);
    expect(response.body).toBe('{"id":"7","card":"4111111111111111"}');
  });

  it("shows no body at all without a redactor", async () => {
    const server = await startServer((_seen, _req, res) => res.end("secret answer"));
    const bodies: string[] = [];
    await send(
      { method: "POST", url: server.origin, headers: {}, body: CARD_BODY },
      {
        onRequest: [(view) => void bodies.push(view.body)],
        onResponse: [(view) => void bodies.push(view.body)],
      },
    );
    const get = await send(
      { method: "GET", url: server.origin, headers: {} },
      { onRequest: [(view) => void bodies.push(view.body)] },
    );
    expect(get.body).toBe("secret answer");
    expect(bodies).toEqual([REDACTED, REDACTED, ""]);
  });

  it("shows [redacted] when the redactor throws", async () => {
    const server = await startServer((_seen, _req, res) => res.end("ok"));
    const bodies: string[] = [];
    await send(
      { method: "POST", url: server.origin, headers: {}, body: CARD_BODY },
      {
        redactBody: () => {
          throw new Error("cannot redact");
        },
        onRequest: [(view) => void bodies.push(view.body)],
      },
    );
    expect(bodies).toEqual([REDACTED]);
  });

  it("ignores hooks that throw or reject", async () => {
    const server = await startServer((_seen, _req, res) => res.end("ok"));
    const response = await send(
      { method: "POST", url: server.origin, headers: {}, body: "{}" },
      {
        onRequest: [
          () => {
            throw new Error("hook bug");
          },
        ],
        onResponse: [() => Promise.reject(new Error("async hook bug"))],
      },
    );
    expect(response.body).toBe("ok");
    expect(server.requests).toHaveLength(1);
  });

  it("lets the signer see the request and replace headers case-insensitively", async () => {
    const server = await startServer((_seen, _req, res) => res.end("ok"));
    const signed: SigningRequest[] = [];
    await send(
      {
        method: "post",
        url: `${server.origin}/p?q=1`,
        headers: { Date: "old", "X-Keep": "1" },
        body: "{}",
      },
      {
        signer: async (request) => {
          signed.push(request);
          return { date: "Tue, 01 Jan 2030 00:00:00 GMT" };
        },
      },
    );
    expect(signed[0]).toEqual({
      method: "POST",
      url: `${server.origin}/p?q=1`,
      headers: { Date: "old", "X-Keep": "1" },
      body: "{}",
    });
    expect(server.requests[0]?.headers.date).toBe("Tue, 01 Jan 2030 00:00:00 GMT");
    expect(server.requests[0]?.headers["x-keep"]).toBe("1");
  });

  it("sends nothing when the signer fails, and rethrows its error", async () => {
    const server = await startServer((_seen, _req, res) => res.end("ok"));
    const failure = new Error("no credentials");
    await expect(
      send(
        { method: "POST", url: server.origin, headers: {}, body: "{}" },
        {
          signer: () => {
            throw failure;
          },
        },
      ),
    ).rejects.toBe(failure);
    expect(server.requests).toHaveLength(0);
  });

  it("redacts Authorization, Signature and listed headers whatever their case", () => {
    expect(
      redactHeaders({ AUTHORIZATION: "a", Signature: "s", "X-Token": "t", Accept: "json" }, [
        "x-token",
      ]),
    ).toEqual({
      AUTHORIZATION: REDACTED,
      Signature: REDACTED,
      "X-Token": REDACTED,
      Accept: "json",
    });
  });

  it("passes every other value through the scrubber, and shows [redacted] when it throws", () => {
    expect(
      redactHeaders({ Authorization: "a", Location: "/cards/4111111111119876" }, [], (v) =>
        v.replace("4111111111119876", "\u20269876"),
      ),
    ).toEqual({ Authorization: REDACTED, Location: "/cards/\u20269876" });
    expect(
      redactHeaders({ Location: "/x" }, [], () => {
        throw new Error("no");
      }),
    ).toEqual({ Location: REDACTED });
  });
});
