/**
 * Serves a fetch handler over HTTP with Node's `http` module: what
 * `paygen mock` runs, and what a test starts on 127.0.0.1. Server side only.
 */

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { FetchHandler } from "./fetch-handler.js";

/** The most of a request body held before the handler's own limit applies (16 MiB by default). */
const MAX_READ_BYTES = 16 * 1024 * 1024;

/** A running server: its base URL, and how to stop it. */
export interface Listening {
  readonly url: string;
  close(): Promise<void>;
}

/** Where to listen: port 0 (the default) picks a free one; the host defaults to 127.0.0.1. */
export interface ListenOptions {
  readonly port?: number;
  readonly host?: string;
  /** The most of a request body read before answering 413 and closing the connection (default 16 MiB). */
  readonly maxReadBytes?: number;
}

/** Starts serving `handler`; resolves once it listens. */
export function listen(handler: FetchHandler, options: ListenOptions = {}): Promise<Listening> {
  const host = options.host ?? "127.0.0.1";
  const server = createServer((req, res) => {
    serve(handler, req, res, host, options.maxReadBytes ?? MAX_READ_BYTES).catch(() => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end("internal error");
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : options.port;
      const shown = host.includes(":") ? `[${host}]` : host;
      resolve({
        url: `http://${shown}:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

async function serve(
  handler: FetchHandler,
  req: IncomingMessage,
  res: ServerResponse,
  host: string,
  maxReadBytes: number,
): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    // More than a handler would read: refused without holding it all.
    if (size > maxReadBytes) {
      res.writeHead(413, { "content-type": "text/plain", connection: "close" });
      res.end("request too large");
      req.destroy();
      return;
    }
    chunks.push(chunk as Buffer);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  const method = req.method ?? "GET";
  const body =
    chunks.length > 0 && method !== "GET" && method !== "HEAD" ? Buffer.concat(chunks) : undefined;
  // The path is the request's; the origin is the listener's own, whatever the Host header says.
  const origin = `http://${host.includes(":") ? `[${host}]` : host}`;
  let request: Request;
  try {
    request = new Request(new URL(req.url ?? "/", origin), { method, headers, body });
  } catch {
    // A target that is no URL path, or a method a fetch Request cannot carry (CONNECT, TRACE).
    res.writeHead(400, { "content-type": "text/plain" });
    res.end("bad request");
    return;
  }
  const response = await handler(request, { remoteAddress: req.socket.remoteAddress });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}
