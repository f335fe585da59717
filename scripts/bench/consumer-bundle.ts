/**
 * A consumer's bundle: what a caller's application ships when it imports one
 * operation of a generated package. esbuild bundles a few lines of source
 * (ESM, minified, for a browser-like platform so no `node:` module can slip
 * in) and the figures are the bundle's bytes and its gzipped bytes. Shared by
 * the bench row and the test that keeps the client tree-shakable.
 */
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

export interface ConsumerBundle {
  /** The bundle's text: minified whitespace and syntax, identifiers kept when `keepNames`. */
  readonly code: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

/**
 * esbuild's options for the bundle of `source` (a module that imports from
 * paths relative to `resolveDir`): ESM for a browser-like platform, its
 * syntax minified; the caller says how white space and names are.
 */
export function consumerBuild(source: string, resolveDir: string) {
  return {
    stdin: { contents: source, resolveDir, loader: "ts", sourcefile: "consumer.ts" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minifySyntax: true,
    legalComments: "none",
    logLevel: "silent",
  } as const;
}

/**
 * Bundles `source` (a module that imports from paths relative to `resolveDir`).
 * With `keepNames`, identifiers are not shortened, so a test can name what
 * the bundle holds; the byte counts are those of a fully minified bundle either way.
 */
export async function bundleConsumer(
  source: string,
  resolveDir: string,
  keepNames = false,
): Promise<ConsumerBundle> {
  const once = async (minifyIdentifiers: boolean): Promise<string> => {
    const result = await build({
      ...consumerBuild(source, resolveDir),
      minifyWhitespace: true,
      minifyIdentifiers,
    });
    return result.outputFiles[0]!.text;
  };
  const minified = await once(true);
  const bytes = Buffer.byteLength(minified);
  const gzipBytes = gzipSync(minified, { level: 9 }).length;
  return { code: keepNames ? await once(false) : minified, bytes, gzipBytes };
}
