import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { PROJECT_ROOT } from "../../generator/generate.js";

const PRISM = path.join(PROJECT_ROOT, "node_modules", ".bin", "prism");

/** A free port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `prism mock --errors` on a contract on 127.0.0.1 and waits until it
 * listens; `extra` adds options (`["-d", "--seed", "1"]`: answers generated
 * from the schemas, the same ones for the same calls).
 */
export function startPrism(
  spec: string,
  port: number,
  extra: readonly string[] = [],
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [PRISM, "mock", "--errors", ...extra, "-h", "127.0.0.1", "-p", String(port), spec],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${output}`)), 120_000);
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Prism is listening")) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on("data", listen);
    child.stderr.on("data", listen);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited (${code}):\n${output}`));
    });
  });
}
