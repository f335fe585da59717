/** Real node:http servers on 127.0.0.1 for the HTTP runtime tests. */

import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse, IncomingHttpHeaders } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** A request as the server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** `Date.now()` when the request was fully received (fake time under fake timers). */
  at: number;
}

/** A running test server. */
export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly port: number;
  readonly requests: SeenRequest[];
  /** Sockets that were closed, in order of closing. */
  readonly closedSockets: Socket[];
  /** Resolves with the next request received (fully read). */
  nextRequest(): Promise<SeenRequest>;
  close(): Promise<void>;
}

/** Handles one request; `seen` has the body already read. */
export type Handler = (seen: SeenRequest, req: IncomingMessage, res: ServerResponse) => void;

const running = new Set<TestServer>();

/** Starts a server on 127.0.0.1, on `port` (0, the default, picks a free one). */
export async function startServer(handler: Handler, port = 0): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const closedSockets: Socket[] = [];
  const waiting: ((seen: SeenRequest) => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const seen: SeenRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      requests.push(seen);
      handler(seen, req, res);
      for (const resolve of waiting.splice(0)) resolve(seen);
    });
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => {
      sockets.delete(socket);
      closedSockets.push(socket);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  const handle: TestServer = {
    origin: `http://127.0.0.1:${bound}`,
    port: bound,
    requests,
    closedSockets,
    nextRequest: () => new Promise<SeenRequest>((resolve) => waiting.push(resolve)),
    close: async () => {
      running.delete(handle);
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  running.add(handle);
  return handle;
}

/** Closes every server still running (for afterEach). */
export async function closeAllServers(): Promise<void> {
  await Promise.all([...running].map((s) => s.close()));
}

/** A port on 127.0.0.1 with nothing listening (a server was bound to it, then closed). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
