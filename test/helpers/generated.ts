import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadModel, PROJECT_ROOT } from "../../generator/generate.js";
import type { Model } from "../../generator/model/ir.js";

let model: Promise<Model> | undefined;

/** The model of the project's schemas (loaded once per test file). */
export function projectModel(): Promise<Model> {
  model ??= loadModel({ schemasDir: path.join(PROJECT_ROOT, "schemas"), cwd: PROJECT_ROOT });
  return model;
}

/** A generated module of a service, e.g. `generatedModule("payments", "json")`. */
export async function generatedModule(
  service: string,
  file: string,
): Promise<Record<string, unknown>> {
  const url = pathToFileURL(path.join(PROJECT_ROOT, "generated", service, `${file}.ts`)).href;
  return (await import(/* @vite-ignore */ url)) as Record<string, unknown>;
}

/** A function exported by a generated module; fails the test clearly when missing. */
export function fn<T extends (...args: never[]) => unknown>(
  module: Record<string, unknown>,
  name: string,
): T {
  const f = module[name];
  if (typeof f !== "function") throw new Error(`generated module has no function ${name}`);
  return f as T;
}
