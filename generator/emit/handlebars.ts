import { createRequire } from "node:module";
import type Handlebars from "handlebars";

/** What a template runs with: handlebars' runtime (helpers, and templates from their precompiled form). */
export type TemplateRuntime = Pick<typeof Handlebars, "registerHelper" | "template" | "VERSION">;

const require = createRequire(import.meta.url);

/**
 * A new environment of handlebars' runtime, which runs templates from their
 * precompiled form (see template-cache.ts) without loading the compiler
 * (the compiler's parser and code generator are most of handlebars' load,
 * about 20 ms of CPU). Loaded with `require`, as handlebars is a CommonJS
 * package.
 */
export function templateRuntime(): TemplateRuntime {
  return (require("handlebars/runtime") as typeof Handlebars).create();
}

/** Handlebars' compiler, loaded when a template is compiled: only when its precompiled form is not cached. */
export function templateCompiler(): Pick<typeof Handlebars, "precompile"> {
  return require("handlebars") as typeof Handlebars;
}
