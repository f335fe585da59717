import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type Handlebars from "handlebars";
import { templateCompiler, type TemplateRuntime } from "./handlebars.js";

type HandlebarsEnvironment = typeof Handlebars;
type CompileOptions = NonNullable<Parameters<HandlebarsEnvironment["compile"]>[1]>;
type TemplateSpecification = Parameters<HandlebarsEnvironment["template"]>[0];
type Template = ReturnType<HandlebarsEnvironment["compile"]>;

/**
 * A template compiled as `hb.compile(source, options)` compiles it, through
 * handlebars' own precompiled form (the compiler's `precompile`, then
 * `hb.template` of the runtime `hb`, see handlebars.ts),
 * kept in `cacheDir` under its `name` and a hash of handlebars' version, the
 * options and the template's text (writing one removes the template's other
 * forms, which nothing reads any more): compiling the package's templates cost handlebars about
 * 0.1 s of CPU in every generation, for templates that seldom change. A
 * cached form that cannot be read or evaluated is compiled again; a cache
 * that cannot be written only costs the next run the compilation.
 */
export function compileTemplate(
  hb: TemplateRuntime,
  name: string,
  source: string,
  options: CompileOptions,
  cacheDir: string,
): Template {
  const key = createHash("sha256")
    .update(`${hb.VERSION}\0${JSON.stringify(options)}\0${source}`)
    .digest("hex");
  const prefix = `${name}-`;
  const file = path.join(cacheDir, `${prefix}${key}.js`);
  const cached = readCached(file);
  if (cached !== undefined) return hb.template(cached);
  // precompile sets defaults on the options it is given; compile works on a copy.
  // Typed as a specification, but precompile returns its JavaScript source.
  const precompiled = templateCompiler().precompile(source, { ...options }) as unknown as string;
  writeCached(file, prefix, precompiled);
  return hb.template(specification(precompiled));
}

/** The template specification `hb.precompile` wrote as JavaScript source. */
function specification(precompiled: string): TemplateSpecification {
  return new Function(`return ${precompiled};`)() as TemplateSpecification;
}

function readCached(file: string): TemplateSpecification | undefined {
  try {
    return specification(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

function writeCached(file: string, prefix: string, precompiled: string): void {
  const staging = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(staging, precompiled);
    renameSync(staging, file);
    for (const other of readdirSync(path.dirname(file)))
      if (other.startsWith(prefix) && other.endsWith(".js") && other !== path.basename(file))
        rmSync(path.join(path.dirname(file), other), { force: true });
  } catch {
    // Not cached: the next run compiles the template again.
  }
}
