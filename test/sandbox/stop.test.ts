import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";

/** Whether a process is still alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("stopping the sandbox", () => {
  it("a sandbox whose parent is killed (as npm is by a SIGTERM to it alone) stops instead of listening on", async () => {
    // A parent that starts the sandbox the way `npm run sandbox` does, then reports the child's pid and URL.
    const parentProgram = `
      const { spawn } = require("node:child_process");
      const child = spawn(process.execPath, ["--import", "tsx", ${JSON.stringify(path.join(PROJECT_ROOT, "sandbox", "main.ts"))}, "--port", "0"], { cwd: ${JSON.stringify(PROJECT_ROOT)}, stdio: ["ignore", "pipe", "inherit"] });
      child.stdout.on("data", (d) => { const m = /listening on (\\S+)/.exec(String(d)); if (m) process.stdout.write(JSON.stringify({ pid: child.pid, url: m[1] }) + "\\n"); });
      setInterval(() => {}, 1000);
    `;
    const parent = spawn(process.execPath, ["-e", parentProgram], {
      cwd: PROJECT_ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const [line] = (await once(parent.stdout, "data")) as [Buffer];
    const { pid, url } = JSON.parse(String(line)) as { pid: number; url: string };
    expect((await fetch(`${url}/tss/v2/transactions/none`)).status).toBeGreaterThanOrEqual(400);
    parent.kill("SIGKILL");
    // Bounded wait: the sandbox checks its parent twice a second; 40 s is many times that.
    for (let i = 0; i < 400 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive(pid)).toBe(false);
    await expect(fetch(url)).rejects.toThrow();
  });
});
