/**
 * What only a server needs (reading requests, writing responses) lives in
 * `<service>/server.ts`, its own entry point: nothing reachable from a client
 * entry (`<service>/index.ts`) reads a request or writes a response.
 *
 * Reachable means through the static imports of the generated sources, so a
 * bundler linking the client entry cannot pull such a function in either; the
 * package test checks the same on the built package.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";
import type { Service } from "../../generator/model/ir.js";
import { generatedModule, projectModel } from "../helpers/generated.js";

const GENERATED = path.join(PROJECT_ROOT, "generated");
const model = await projectModel();

/** The exported functions a server calls: SOAP request readers and response builders, REST request parsers and response serializers. */
function serverEntryPoints(service: Service): string[] {
  return service.operations.flatMap((op) => {
    if (op.protocol === "soap")
      return [`read${op.name}Envelope`, `build${op.name}ResponseEnvelope`];
    return [
      ...(op.requestType ? [`parse${op.requestType}`] : []),
      ...(op.responseType ? [`serialize${op.responseType}`] : []),
    ];
  });
}

/**
 * Every function only a server uses: the entry points above, readers of types
 * only requests put on the wire hold (`read<Type>`, or `read<Type>Fields` for a type read only
 * as a base), writers of types only responses hold. Each as a pattern.
 */
function serverOnlyFunctions(service: Service): string[] {
  const sent = new Set(service.types.filter((t) => t.facts.wireSent).map((t) => t.name));
  const received = new Set(service.types.filter((t) => t.facts.wireReceived).map((t) => t.name));
  const writer = service.protocol === "soap" ? "xmlOf" : "jsonOf";
  return [
    ...new Set([
      ...serverEntryPoints(service),
      ...[...sent].filter((t) => !received.has(t)).map((t) => `read${t}(?:Fields)?`),
      ...[...received].filter((t) => !sent.has(t)).map((t) => `${writer}${t}`),
    ]),
  ].sort();
}

/** The generated modules reachable from `entry` (a path under generated/) through static imports. */
async function reachableModules(entry: string): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    const source = await readFile(path.join(GENERATED, file), "utf8");
    seen.set(file, source);
    for (const m of source.matchAll(/\bfrom\s+"(\.{1,2}\/[^"]+)"/g)) {
      queue.push(
        path.posix.normalize(
          path.posix.join(path.posix.dirname(file), m[1]!.replace(/\.js$/, ".ts")),
        ),
      );
    }
  }
  return seen;
}

describe.each(model.services.map((s) => [s.name, s] as const))("service %s", (name, service) => {
  it("the server module exports every server entry point, and the client entry none", async () => {
    const server = await generatedModule(name, "server");
    const index = await generatedModule(name, "index");
    const wanted = serverEntryPoints(service);
    expect(wanted.length).toBeGreaterThan(0);
    for (const fnName of wanted) expect(typeof server[fnName], fnName).toBe("function");
    expect(wanted.filter((fnName) => fnName in index)).toEqual([]);
  });

  it("no module reachable from the client entry is the server module or defines a server-only function", async () => {
    const modules = await reachableModules(`${name}/index.ts`);
    expect(modules.has(`${name}/client.ts`)).toBe(true);
    expect([...modules.keys()].filter((file) => /(^|\/)server\.ts$/.test(file))).toEqual([]);
    const serverOnly = serverOnlyFunctions(service);
    const defined = [...modules].flatMap(([file, source]) =>
      serverOnly
        .filter((fnName) => new RegExp(`\\bfunction\\s+${fnName}\\s*\\(`).test(source))
        .map((fnName) => `${file}: ${fnName}`),
    );
    expect(defined).toEqual([]);
    // The check can fail: the server module does define them.
    const server = await readFile(path.join(GENERATED, name, "server.ts"), "utf8");
    expect(
      serverOnly.filter((fnName) => !new RegExp(`\\bfunction\\s+${fnName}\\s*\\(`).test(server)),
    ).toEqual([]);
  });
});
