/**
 * Where a consumer's gzipped bytes go: the bundle of `consumer-bundle.ts`,
 * split into the modules it was linked from, and for each part (a group of
 * modules) the gzipped size of the whole bundle less that of the same bundle
 * without the part's modules, which is what leaving the part out would save.
 * The parts do not add up to the whole: gzip shares what they have in common.
 */
import { gzipSync } from "node:zlib";
import { build, transform } from "esbuild";
import { consumerBuild } from "./consumer-bundle.js";

/** The part of the bundle a linked module belongs to, named for the bench's table. */
export function partOf(module: string): string {
  const file = module.replace(/\\/g, "/");
  if (!file.includes("/runtime/"))
    return file.endsWith("/descriptions.ts") ? "descriptions" : "service code";
  if (/\/http\/(retry|retry-after|retry-bounds|sleep)\.ts$/.test(file)) return "retries";
  if (/\/http\/(hooks|interceptors)\.ts$/.test(file)) return "hooks";
  if (/\/http\/|\/rest-call\.ts$|\/scrub-url\.ts$|\/url-component\.ts$/.test(file))
    return "call and transport";
  if (/\/validate[^/]*\.ts$/.test(file)) return "validation";
  if (/\/write-[^/]*\.ts$/.test(file)) return "writing";
  if (/\/(redact[^/]*|inspect)\.ts$/.test(file)) return "redaction";
  if (
    /\/(json|body|json-number-text|described-scalars|field-values|union|union-walks)\.ts$|\/read-[^/]*\.ts$/.test(
      file,
    )
  )
    return "reading";
  return "other runtime";
}

const gzipped = (text: string): number => gzipSync(text, { level: 9 }).length;

/**
 * The gzipped bytes each part of `source`'s bundle (as `bundleConsumer`
 * builds it) adds, largest first. esbuild marks where each module's code
 * starts when it does not minify white space; each module's code is then
 * minified on its own, as the whole bundle is.
 */
export async function bundleParts(
  source: string,
  resolveDir: string,
): Promise<readonly { readonly part: string; readonly gzipBytes: number }[]> {
  const result = await build({ ...consumerBuild(source, resolveDir), minifyIdentifiers: true });
  const pieces = result.outputFiles[0]!.text.split(/^\/\/ (.+)$/m);
  const modules: { part: string; code: string }[] = [];
  for (let i = 1; i < pieces.length; i += 2) {
    const code = (await transform(pieces[i + 1]!, { minifyWhitespace: true, loader: "js" })).code;
    modules.push({ part: partOf(pieces[i]!), code });
  }
  const whole = gzipped(modules.map((m) => m.code).join(""));
  const parts = [...new Set(modules.map((m) => m.part))];
  return parts
    .map((part) => ({
      part,
      gzipBytes:
        whole -
        gzipped(
          modules
            .filter((m) => m.part !== part)
            .map((m) => m.code)
            .join(""),
        ),
    }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes || (a.part < b.part ? -1 : 1));
}
