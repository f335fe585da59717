import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const runtimeDir = new URL("../../../generator/runtime/", import.meta.url);
const files = ["body.ts", "scalars.ts", "validate.ts", "xml.ts", "json.ts", "redact.ts"];

describe("wire runtime sources", () => {
  it.each(files)("%s imports only sibling runtime files (.js) and fast-xml-parser", (file) => {
    const source = readFileSync(new URL(file, runtimeDir), "utf8");
    const specifiers = [
      ...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gm),
    ].map((m) => m[1] ?? "");
    for (const spec of specifiers) {
      if (spec === "fast-xml-parser") continue;
      expect(spec).toMatch(/^\.\/[a-z-]+\.js$/);
      expect(existsSync(new URL(spec.replace(/\.js$/, ".ts"), runtimeDir))).toBe(true);
    }
    expect(source).not.toMatch(/\brequire\(|\bimport\(/);
  });
});
