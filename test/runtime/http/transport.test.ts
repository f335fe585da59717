import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TransportError } from "../../../generator/runtime/errors.js";
import { send } from "../../../generator/runtime/http/transport.js";
import { HttpTransportError } from "../../../generator/runtime/http/transport-error.js";
import { settleIo, signal, tracked, withFakeTimers } from "../../helpers/fake-time.js";
import { closeAllServers, closedPort, startServer } from "./test-server.js";

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason);
};
beforeAll(() => {
  process.on("unhandledRejection", onUnhandled);
});
afterAll(() => {
  process.off("unhandledRejection", onUnhandled);
});

afterEach(async () => {
  await closeAllServers();
  // Give late rejections a chance to surface, then require there were none.
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(unhandled).toEqual([]);
});

async function failure(promise: Promise<unknown>): Promise<HttpTransportError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpTransportError);
    expect(error).toBeInstanceOf(TransportError);
    return error as HttpTransportError;
  }
  throw new Error("expected a failure");
}

describe("send", () => {
  it("returns status, headers and body, and sends method, headers and body", async () => {
    const server = await startServer((_seen, _req, res) => {
      res.writeHead(201, { "content-type": "application/json", "x-request-id": "r-1" });
      res.end('{"status":"AUTHORIZED","note":"caf\u00e9"}');
    });
    const response = await send({
      method: "post",
      url: `${server.origin}/pts/v2/payments?x=1`,
      headers: { "content-type": "application/json", "x-custom": "yes" },
      body: '{"amount":"10.00"}',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("x-request-id")).toBe("r-1");
    expect(response.body).toBe('{"status":"AUTHORIZED","note":"café"}');
    const seen = server.requests[0];
    expect(seen?.method).toBe("POST");
    expect(seen?.url).toBe("/pts/v2/payments?x=1");
    expect(seen?.headers["x-custom"]).toBe("yes");
    expect(seen?.body).toBe('{"amount":"10.00"}');
  });

  it("passes non-2xx, HTML and empty bodies through as text", async () => {
    const server = await startServer((seen, _req, res) => {
      if (seen.url === "/html") {
        res.writeHead(502, { "content-type": "text/html; charset=iso-8859-1" });
        res.end(Buffer.from("<html><body>Bad gateway \u00e9</body></html>", "latin1"));
      } else {
        res.writeHead(204);
        res.end();
      }
    });
    const html = await send({ method: "GET", url: `${server.origin}/html`, headers: {} });
    expect(html.status).toBe(502);
    expect(html.body).toBe("<html><body>Bad gateway é</body></html>");
    const empty = await send({ method: "GET", url: `${server.origin}/empty`, headers: {} });
    expect(empty.status).toBe(204);
    expect(empty.body).toBe("");
  });

  it("does not follow redirects", async () => {
    const server = await startServer((_seen, _req, res) => {
      res.writeHead(302, { location: "/elsewhere" });
      res.end("moved");
    });
    const response = await send({
      method: "POST",
      url: `${server.origin}/pay`,
      headers: {},
      body: "{}",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/elsewhere");
    expect(server.requests).toHaveLength(1);
  });

  it("maps connection refused to network, never sent", async () => {
    const port = await closedPort();
    const error = await failure(
      send({ method: "POST", url: `http://127.0.0.1:${port}/pay`, headers: {}, body: "{}" }),
    );
    expect(error.failure).toBe("network");
    expect(error.code).toBe("transport.network");
    expect(error.mayHaveReachedService).toBe(false);
    expect(error.invalidRequest).toBe(false);
    expect(error.cause).toBeDefined();
    expect(error.message).toContain("ECONNREFUSED");
    expect(error.message).not.toContain("/pay");
  });

  it("maps an invalid or unsupported URL to network, never sent", async () => {
    const invalid = await failure(send({ method: "GET", url: "not a url", headers: {} }));
    expect(invalid.failure).toBe("network");
    expect(invalid.mayHaveReachedService).toBe(false);
    expect(invalid.invalidRequest).toBe(true);
    expect(invalid.cause).toBeDefined();
    const ftp = await failure(send({ method: "GET", url: "ftp://127.0.0.1/x", headers: {} }));
    expect(ftp.failure).toBe("network");
    expect(ftp.mayHaveReachedService).toBe(false);
  });

  it("maps a request that cannot be built (GET with a body) to network, never sent", async () => {
    const server = await startServer((_seen, _req, res) => res.end("ok"));
    const error = await failure(
      send({ method: "GET", url: server.origin, headers: {}, body: "x" }),
    );
    expect(error.failure).toBe("network");
    expect(error.mayHaveReachedService).toBe(false);
    expect(server.requests).toHaveLength(0);
  });

  it("maps a reset before any answer to network, may have reached", async () => {
    const server = await startServer((_seen, req) => req.socket.destroy());
    const error = await failure(
      send({ method: "POST", url: `${server.origin}/pay`, headers: {}, body: "{}" }),
    );
    expect(error.failure).toBe("network");
    expect(error.mayHaveReachedService).toBe(true);
    expect(error.cause).toBeDefined();
    expect(server.requests).toHaveLength(1);
  });

  it("maps a reset in the middle of the body to network, may have reached", async () => {
    const server = await startServer((_seen, req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"status":"AUTHO');
      setTimeout(() => req.socket.destroy(), 20);
    });
    const error = await failure(
      send({ method: "POST", url: `${server.origin}/pay`, headers: {}, body: "{}" }),
    );
    expect(error.failure).toBe("network");
    expect(error.mayHaveReachedService).toBe(true);
    expect(error.cause).toBeDefined();
  });

  it("times out on a slow server, when timeoutMs has elapsed and not before (fake timers)", () =>
    withFakeTimers(async () => {
      // On the fake clock this answer never comes unless time is advanced past it.
      const server = await startServer((_seen, _req, res) => {
        setTimeout(() => res.end("late"), 300);
      });
      const received = server.nextRequest();
      const sending = send({ method: "GET", url: server.origin, headers: {} }, { timeoutMs: 80 });
      const state = tracked(sending);
      await received;
      vi.advanceTimersByTime(79);
      await settleIo();
      expect(state.settled()).toBe(false);
      vi.advanceTimersByTime(1);
      const error = await failure(sending);
      expect(error.failure).toBe("timeout");
      expect(error.code).toBe("transport.timeout");
      expect(error.mayHaveReachedService).toBe(true);
      expect(error.cause).toBeDefined();
      expect(error.message).toContain("80 ms");
    }));

  it("times out when the headers arrive and the body stalls (fake timers)", () =>
    withFakeTimers(async () => {
      const server = await startServer((_seen, _req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"partial":');
      });
      const headers = signal();
      const sending = send(
        { method: "GET", url: server.origin, headers: {} },
        {
          timeoutMs: 120,
          fetch: async (input, init) => {
            const response = await fetch(input, init);
            headers.resolve();
            return response;
          },
        },
      );
      const state = tracked(sending);
      await headers.promise;
      vi.advanceTimersByTime(119);
      await settleIo();
      expect(state.settled()).toBe(false);
      vi.advanceTimersByTime(1);
      const error = await failure(sending);
      expect(error.failure).toBe("timeout");
      expect(error.mayHaveReachedService).toBe(true);
    }));

  it("maps the caller's abort to abort, with the reason as cause", async () => {
    const server = await startServer((_seen, _req, res) => {
      setTimeout(() => res.end("late"), 300);
    });
    const controller = new AbortController();
    const reason = new Error("user cancelled");
    setTimeout(() => controller.abort(reason), 30);
    const error = await failure(
      send(
        { method: "GET", url: server.origin, headers: {} },
        { signal: controller.signal, timeoutMs: 5_000 },
      ),
    );
    expect(error.failure).toBe("abort");
    expect(error.cause).toBe(reason);
    expect(error.mayHaveReachedService).toBe(true);
  });

  it("aborts during a stalled body", async () => {
    const server = await startServer((_seen, _req, res) => {
      res.writeHead(200);
      res.write("x");
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 60);
    const error = await failure(
      send({ method: "GET", url: server.origin, headers: {} }, { signal: controller.signal }),
    );
    expect(error.failure).toBe("abort");
  });

  it("does not send at all when the signal is already aborted", async () => {
    const server = await startServer((_seen, _req, res) => res.end("ok"));
    const error = await failure(
      send(
        { method: "POST", url: server.origin, headers: {}, body: "{}" },
        { signal: AbortSignal.abort() },
      ),
    );
    expect(error.failure).toBe("abort");
    expect(error.mayHaveReachedService).toBe(false);
    expect(server.requests).toHaveLength(0);
  });

  it("stops reading and cancels the stream when a streamed body is too large", async () => {
    let written = 0;
    const server = await startServer((_seen, _req, res) => {
      res.writeHead(200, { "content-type": "text/plain" }); // chunked, no length
      const chunk = "a".repeat(16 * 1024);
      const pump = (): void => {
        while (written < 50 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) {
            res.once("drain", pump);
            return;
          }
        }
        res.end();
      };
      pump();
    });
    const error = await failure(
      send({ method: "GET", url: server.origin, headers: {} }, { maxResponseBytes: 64 * 1024 }),
    );
    expect(error.failure).toBe("too-large");
    expect(error.code).toBe("transport.too-large");
    expect(error.mayHaveReachedService).toBe(true);
    expect(error.cause).toBeInstanceOf(RangeError);
    // The connection is torn down: the server stops far short of 50 MiB.
    await expect.poll(() => server.closedSockets.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(written).toBeLessThan(10 * 1024 * 1024);
  });

  it("rejects a declared Content-Length above the limit without reading", async () => {
    const server = await startServer((_seen, _req, res) => {
      res.writeHead(200, { "content-length": String(1024 * 1024) });
      res.write("x".repeat(1024));
    });
    const error = await failure(
      send({ method: "GET", url: server.origin, headers: {} }, { maxResponseBytes: 1000 }),
    );
    expect(error.failure).toBe("too-large");
  });

  it("accepts a body exactly at the limit", async () => {
    const server = await startServer((_seen, _req, res) => res.end("x".repeat(1000)));
    const response = await send(
      { method: "GET", url: server.origin, headers: {} },
      { maxResponseBytes: 1000 },
    );
    expect(response.body).toHaveLength(1000);
  });

  it("uses the fetch it is given", async () => {
    const server = await startServer((_seen, _req, res) => res.end("ok"));
    const urls: string[] = [];
    const counting: typeof fetch = (input, init) => {
      urls.push(String(input));
      return fetch(input, init);
    };
    const response = await send(
      { method: "GET", url: `${server.origin}/a`, headers: {} },
      { fetch: counting },
    );
    expect(response.body).toBe("ok");
    expect(urls).toEqual([`${server.origin}/a`]);
  });
});
