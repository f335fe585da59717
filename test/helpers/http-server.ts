/**
 * A small recording HTTP server for client behaviour tests: a real node:http
 * server on 127.0.0.1 (port 0, so a free port is picked) that records every
 * request it receives and answers with a scripted sequence of responses.
 *
 * A scripted response can be an ordinary answer (optionally delayed), a
 * connection reset (`socket.destroy()` once the request has been read), a
 * stalled body (status, headers and a first chunk, then nothing) or no answer
 * at all. Requests beyond the script are answered 500 `unscripted request`
 * and still recorded, so a count assertion catches them.
 */

import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { createServer } from "node:http";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** A request as the server received it. */
export interface RecordedRequest {
  /** Position in arrival order, from 0. */
  readonly index: number;
  readonly method: string;
  /** The request target as sent: path and query. */
  readonly path: string;
  /** Header names in lower case. */
  readonly headers: IncomingHttpHeaders;
  /** The whole body, decoded as UTF-8. */
  readonly body: string;
  /** `performance.now()` when the body had been read completely. */
  readonly receivedAt: number;
}

/** One scripted answer. */
export type ScriptedResponse =
  | {
      readonly kind: "reply";
      readonly status: number;
      readonly headers?: Readonly<Record<string, string>>;
      readonly body?: string;
      /** Milliseconds to wait before answering. */
      readonly delayMs?: number;
    }
  | {
      /** Destroys the connection once the request has been read: no status line is ever sent. */
      readonly kind: "reset";
      readonly delayMs?: number;
    }
  | {
      /** Sends the status, the headers and `firstChunk`, then never finishes the body. */
      readonly kind: "stall";
      readonly status: number;
      readonly headers?: Readonly<Record<string, string>>;
      readonly firstChunk: string;
    }
  | {
      /** Reads the request and never answers. */
      readonly kind: "hang";
    };

/** The script: responses in order, or a function of each request. */
export type Script = readonly ScriptedResponse[] | ((request: RecordedRequest) => ScriptedResponse);

/** Builders of scripted responses. */
export const respond = {
  json(
    status: number,
    value: unknown,
    headers: Readonly<Record<string, string>> = {},
  ): ScriptedResponse {
    return {
      kind: "reply",
      status,
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(value),
    };
  },
  /** A body sent byte for byte as given, with the given content type. */
  raw(
    status: number,
    body: string,
    contentType: string,
    headers: Readonly<Record<string, string>> = {},
  ): ScriptedResponse {
    return { kind: "reply", status, headers: { "content-type": contentType, ...headers }, body };
  },
  xml(
    status: number,
    body: string,
    headers: Readonly<Record<string, string>> = {},
  ): ScriptedResponse {
    return {
      kind: "reply",
      status,
      headers: { "content-type": "text/xml; charset=utf-8", ...headers },
      body,
    };
  },
  html(status: number, body: string): ScriptedResponse {
    return { kind: "reply", status, headers: { "content-type": "text/html; charset=utf-8" }, body };
  },
  empty(status: number, headers: Readonly<Record<string, string>> = {}): ScriptedResponse {
    return { kind: "reply", status, headers };
  },
  delayed(delayMs: number, response: ScriptedResponse): ScriptedResponse {
    if (response.kind !== "reply" && response.kind !== "reset")
      throw new TypeError("only replies and resets can be delayed");
    return { ...response, delayMs };
  },
  reset(delayMs?: number): ScriptedResponse {
    return delayMs === undefined ? { kind: "reset" } : { kind: "reset", delayMs };
  },
  stall(
    status: number,
    firstChunk: string,
    headers: Readonly<Record<string, string>> = {},
  ): ScriptedResponse {
    return { kind: "stall", status, headers, firstChunk };
  },
  hang(): ScriptedResponse {
    return { kind: "hang" };
  },
};

/** A running recording server. */
export interface RecordingServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly port: number;
  /** Every request received, in arrival order. */
  readonly requests: readonly RecordedRequest[];
  /** Resolves once `count` requests have been received; rejects after `timeoutMs`. */
  waitForRequests(count: number, timeoutMs?: number): Promise<readonly RecordedRequest[]>;
  /** Stops listening, destroys open connections and cancels pending scripted answers. */
  close(): Promise<void>;
}

const running = new Set<RecordingServer>();

/** Starts a recording server on 127.0.0.1 with a free port. */
export async function startRecordingServer(script: Script): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const waiters: { count: number; resolve: () => void }[] = [];
  let closed = false;

  const later = (ms: number, action: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) action();
    }, ms);
    timers.add(timer);
  };

  const next = (request: RecordedRequest): ScriptedResponse => {
    if (typeof script === "function") return script(request);
    const list: readonly ScriptedResponse[] = script;
    return (
      list[request.index] ?? {
        kind: "reply",
        status: 500,
        headers: { "content-type": "text/plain" },
        body: "unscripted request",
      }
    );
  };

  const answer = (scripted: ScriptedResponse, res: ServerResponse, socket: Socket): void => {
    switch (scripted.kind) {
      case "reply": {
        const send = (): void => {
          res.writeHead(scripted.status, { ...scripted.headers });
          res.end(scripted.body ?? "");
        };
        if (scripted.delayMs !== undefined && scripted.delayMs > 0) later(scripted.delayMs, send);
        else send();
        return;
      }
      case "reset": {
        const reset = (): void => {
          socket.destroy();
        };
        if (scripted.delayMs !== undefined && scripted.delayMs > 0) later(scripted.delayMs, reset);
        else reset();
        return;
      }
      case "stall":
        res.writeHead(scripted.status, { ...scripted.headers });
        res.write(scripted.firstChunk);
        return;
      case "hang":
        return;
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded: RecordedRequest = Object.freeze({
        index: requests.length,
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        receivedAt: performance.now(),
      });
      requests.push(recorded);
      for (const waiter of [...waiters]) {
        if (requests.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
      answer(next(recorded), res, req.socket);
    });
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const handle: RecordingServer = {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    waitForRequests(count, timeoutMs = 5_000) {
      if (requests.length >= count) return Promise.resolve(requests);
      return new Promise<readonly RecordedRequest[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(
            new Error(`expected ${count} requests within ${timeoutMs} ms, got ${requests.length}`),
          );
        }, timeoutMs);
        const waiter = {
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(requests);
          },
        };
        waiters.push(waiter);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      running.delete(handle);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  running.add(handle);
  return handle;
}

/** Closes every recording server still running (for `afterEach`). */
export async function closeRecordingServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.close()));
}

/** A port on 127.0.0.1 where nothing listens: a server was bound to it, then closed. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The error a promise rejects with; fails when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject, but it resolved");
}

/**
 * The error a promise rejects with, checked to be an instance of `type` (the
 * class the test imported, so module identity is checked too).
 */
export async function rejectsWith<T>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => T,
): Promise<T> {
  const error = await rejectionOf(promise);
  if (!(error instanceof type)) {
    throw new Error(
      `expected a ${type.name} rejection, got ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
    );
  }
  return error;
}

/**
 * Registers the lifecycle every client test file needs: recording servers are
 * closed after each test, and any unhandled rejection during a test fails it
 * (a promise the client forgot would otherwise go unnoticed).
 */
export function useRecordingServers(): void {
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
    await closeRecordingServers();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(unhandled).toEqual([]);
  });
}
