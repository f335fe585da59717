import { afterEach, describe, expect, it } from "vitest";
import { HttpStatusError } from "../../../generator/runtime/errors.js";
import {
  ensureSuccess,
  isSuccessStatus,
  statusError,
} from "../../../generator/runtime/http/status.js";
import { send } from "../../../generator/runtime/http/transport.js";
import { closeAllServers, startServer } from "./test-server.js";

afterEach(closeAllServers);

const json = (text: string): unknown => JSON.parse(text);

describe("status", () => {
  it("treats every 2xx as success, even a declined payment", async () => {
    const server = await startServer((_seen, _req, res) => {
      res.writeHead(201, { "content-type": "application/json" });
      res.end('{"status":"DECLINED"}');
    });
    const response = await send({ method: "POST", url: server.origin, headers: {}, body: "{}" });
    expect(isSuccessStatus(response.status)).toBe(true);
    expect(ensureSuccess(response, {}, json)).toBe(response);
    expect(isSuccessStatus(199)).toBe(false);
    expect(isSuccessStatus(300)).toBe(false);
  });

  it("builds an HttpStatusError with the parsed body, the meaning and Retry-After", async () => {
    const server = await startServer((_seen, _req, res) => {
      res.writeHead(429, { "content-type": "application/json", "retry-after": "3" });
      res.end('{"message":"slow down"}');
    });
    const response = await send({ method: "POST", url: server.origin, headers: {}, body: "{}" });
    const error = statusError(response, "rate limited", json);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error.status).toBe(429);
    expect(error.meaning).toBe("rate limited");
    expect(error.body).toEqual({ message: "slow down" });
    expect(error.retryAfterMs).toBe(3_000);
    expect(error.message).toBe("HTTP 429: rate limited");
  });

  it("keeps an unparseable body as text and an empty one as undefined", async () => {
    const server = await startServer((seen, _req, res) => {
      res.writeHead(seen.url === "/html" ? 500 : 404, { "content-type": "text/html" });
      res.end(seen.url === "/html" ? "<html>oops</html>" : "");
    });
    const html = await send({ method: "GET", url: `${server.origin}/html`, headers: {} });
    const htmlError = statusError(html, undefined, json);
    expect(htmlError.body).toBe("<html>oops</html>");
    expect(htmlError.retryAfterMs).toBeUndefined();
    const empty = await send({ method: "GET", url: `${server.origin}/empty`, headers: {} });
    expect(() => ensureSuccess(empty, { 404: "resource not found" }, json)).toThrowError(
      expect.objectContaining({ status: 404, meaning: "resource not found", body: undefined }),
    );
  });
});
