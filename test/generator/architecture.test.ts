import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../generator/generate.js";

const GENERATOR = path.join(PROJECT_ROOT, "generator");

/** Every TypeScript module of the generator (the shipped runtime excluded) and the modules it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(GENERATOR, "runtime")) walk(full);
      } else if (entry.name.endsWith(".ts")) {
        const text = readFileSync(full, "utf8");
        const specs = [...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"/gms)].map(
          (m) => m[1]!,
        );
        graph.set(
          path.relative(GENERATOR, full),
          specs.map((s) =>
            path.relative(GENERATOR, path.resolve(path.dirname(full), s.replace(/\.js$/, ".ts"))),
          ),
        );
      }
    }
  };
  walk(GENERATOR);
  return graph;
}

/** The import cycles of a graph, each as the list of modules on it (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const connect = (v: string): void => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) connect(v);
  return out;
}

describe("the generator's layering", () => {
  const graph = importGraph();

  it("reads the whole generator", () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get("generate.ts")).toContain("check/check-description.ts");
  });

  it("has no import cycle", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("finds a cycle when there is one", () => {
    expect(
      cycles(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", ["a.ts"]],
          ["c.ts", ["a.ts"]],
        ]),
      ),
    ).toEqual([["a.ts", "b.ts"]]);
  });

  it("keeps front ends out of check, model, naming and emit", () => {
    const offending = [...graph.entries()]
      .filter(([file]) => /^(check|model|naming|emit|description)\//.test(file))
      .flatMap(([file, deps]) =>
        deps.filter((d) => d.startsWith("frontends/")).map((d) => `${file} imports ${d}`),
      );
    expect(offending).toEqual([]);
  });

  it("keeps emitters from reading descriptions or checks: they see the model only", () => {
    const offending = [...graph.entries()]
      .filter(([file]) => file.startsWith("emit/"))
      .flatMap(([file, deps]) =>
        deps.filter((d) => /^(check|description)\//.test(d)).map((d) => `${file} imports ${d}`),
      );
    expect(offending).toEqual([]);
  });
});
