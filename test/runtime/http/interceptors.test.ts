/**
 * Interceptors in the transport, against a real server on 127.0.0.1: they
 * change the request before signing (so the signer signs what is sent), hooks
 * see the request as sent with a credential an interceptor added redacted,
 * and what an interceptor throws reaches the caller unchanged, nothing sent.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  REDACTED,
  type RedactedRequestView,
  type SigningRequest,
} from "../../../generator/runtime/http/hooks.js";
import { send } from "../../../generator/runtime/http/transport.js";
import { closeAllServers, startServer } from "./test-server.js";

afterEach(closeAllServers);

describe("interceptors", () => {
  it("change method, URL, headers and body before the signer sees them, and hooks see the credential redacted", async () => {
    const server = await startServer((_seen, _req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
    const signed: SigningRequest[] = [];
    const views: RedactedRequestView[] = [];
    const response = await send(
      {
        method: "GET",
        url: `${server.origin}/a`,
        headers: { accept: "text/plain" },
      },
      {
        interceptors: {
          request: [
            (req) => ({
              ...req,
              method: "PUT",
              url: `${server.origin}/b`,
              body: "changed",
            }),
            (req) => ({
              ...req,
              headers: { ...req.headers, "x-api-key": "KEY-FROM-INTERCEPTOR" },
            }),
          ],
          response: [(res) => ({ ...res, body: res.body.toUpperCase() })],
        },
        signer: (req) => {
          signed.push(req);
          return { signature: "sig" };
        },
        sensitiveHeaders: ["X-Api-Key"],
        onRequest: [(view) => void views.push(view)],
      },
    );
    const seen = server.requests[0]!;
    expect([
      seen.method,
      seen.url,
      seen.body,
      seen.headers["x-api-key"],
      seen.headers.signature,
    ]).toEqual(["PUT", "/b", "changed", "KEY-FROM-INTERCEPTOR", "sig"]);
    expect([
      signed[0]!.method,
      signed[0]!.url,
      signed[0]!.body,
      signed[0]!.headers["x-api-key"],
    ]).toEqual(["PUT", `${server.origin}/b`, "changed", "KEY-FROM-INTERCEPTOR"]);
    expect(views[0]!.headers["x-api-key"]).toBe(REDACTED);
    expect(response.body).toBe("OK");
  });

  it("pass on what an interceptor throws, unchanged, and send nothing", async () => {
    const server = await startServer((_seen, _req, res) => res.end());
    const thrown = new Error("refused by the interceptor");
    await expect(
      send(
        { method: "GET", url: server.origin, headers: {} },
        {
          interceptors: {
            request: [
              () => {
                throw thrown;
              },
            ],
          },
        },
      ),
    ).rejects.toBe(thrown);
    expect(server.requests).toHaveLength(0);
    const late = new Error("refused after reading");
    await expect(
      send(
        { method: "GET", url: server.origin, headers: {} },
        { interceptors: { response: [() => Promise.reject(late)] } },
      ),
    ).rejects.toBe(late);
  });
});
