/**
 * A local HTTP server that answers every request with the canned
 * authorization response. Run as its own process by the client benchmark:
 * it prints `{"port":N}` once listening and exits when its stdin closes.
 */
import http from "node:http";
import { authorizationResponseBody } from "./payment-fixtures.js";

const body = Buffer.from(authorizationResponseBody, "utf8");

const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(201, {
      "content-type": "application/json; charset=utf-8",
      "content-length": body.length,
    });
    res.end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});
process.stdin.resume();
process.stdin.on("end", () => server.close(() => process.exit(0)));
