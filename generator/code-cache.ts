import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import Module, { createRequire } from "node:module";
import { isAscii } from "node:buffer";
import path from "node:path";
import { cachedDataVersionTag } from "node:v8";
import vm from "node:vm";
import zlib from "node:zlib";

/**
 * Loads a CommonJS package the way Node does, except that its large files
 * are compiled with V8's code cache, kept in `cacheDir`: ts-morph brings the
 * TypeScript compiler (9 MB of JavaScript), and compiling it took about a
 * tenth of a cold generation's CPU, though printing structures runs almost
 * none of it. Node 22 does this itself (`module.enableCompileCache`); Node 20
 * does not.
 *
 * A cached compilation is used only for the file it was made from (path,
 * length and CRC-32 of the text, Node's version and architecture, V8's flags), and V8
 * refuses one it did not make (then the file is compiled as usual and the
 * cache written again). Without `zlib.crc32` (Node before 20.15), or when the
 * cache cannot be read or written, the package loads as usual.
 */
export function requireWithCodeCache(from: string, id: string, cacheDir: string): unknown {
  const require = createRequire(from);
  const crc32 = (zlib as { crc32?: Crc32 }).crc32;
  const prototype = Module.prototype as unknown as { _compile: Compile };
  const original = prototype._compile;
  if (crc32 === undefined || typeof original !== "function") return require(id);
  prototype._compile = function (this: Module, content: string, filename: string) {
    if (content.length < CACHED_SIZE) return original.call(this, content, filename);
    const stamp = { length: content.length, crc: crc32(content) };
    return compileCached(this, content, filename, cacheFileOf(cacheDir, stamp, filename, crc32));
  };
  const extensions = (Module as unknown as { _extensions: Record<string, Extension> })._extensions;
  const readJs = extensions[".js"]!;
  extensions[".js"] = function (this: unknown, module: Module, filename: string) {
    const ascii = asciiSource(filename);
    if (ascii === undefined) return readJs.call(this, module, filename);
    const stamp = { length: ascii.length, crc: crc32(ascii) };
    compileCached(
      module,
      ascii.toString("latin1"),
      filename,
      cacheFileOf(cacheDir, stamp, filename, crc32),
    );
  };
  try {
    return require(id);
  } finally {
    prototype._compile = original;
    extensions[".js"] = readJs;
  }
}

type Compile = (this: Module, content: string, filename: string) => unknown;
type Extension = (this: unknown, module: Module, filename: string) => void;
type Crc32 = (data: string | Uint8Array) => number;

/**
 * The bytes of a large CommonJS file when they are all ASCII, its text then
 * being their Latin-1 reading, a plain copy, where Node's loader decodes
 * UTF-8 (for the TypeScript compiler, 9 MB: about 14 ms of CPU instead of
 * 27, and its CRC-32 taken on the bytes in 3 ms instead of 10 on the text).
 * Undefined for anything else, which Node's loader reads as usual: a small
 * file, one with other characters, one Node may read as an ES module.
 */
function asciiSource(filename: string): Buffer | undefined {
  try {
    if (!filename.endsWith(".js") && !filename.endsWith(".cjs")) return undefined;
    if (statSync(filename).size < CACHED_SIZE) return undefined;
    if (filename.endsWith(".js") && !inCommonJsScope(filename)) return undefined;
    const bytes = readFileSync(filename);
    return isAscii(bytes) ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the package.json nearest above a `.js` file leaves it CommonJS (no `"type": "module"`), as Node reads it. */
function inCommonJsScope(filename: string): boolean {
  for (let dir = path.dirname(filename); ; dir = path.dirname(dir)) {
    // Node looks no higher than the package's own folder.
    if (path.basename(dir) === "node_modules") return true;
    let manifest: string | undefined;
    try {
      manifest = readFileSync(path.join(dir, "package.json"), "utf8");
    } catch {
      // No package.json here: the scope is decided further up.
    }
    // One that cannot be read as JSON is left to Node, to report or not.
    if (manifest !== undefined)
      return (JSON.parse(manifest) as { type?: unknown } | null)?.type !== "module";
    if (path.dirname(dir) === dir) return true;
  }
}

/** Smaller files compile faster than their cache is read. */
const CACHED_SIZE = 256 * 1024;

/** Where the code cache of a file's text is kept: its name starts with the file's, so that older caches of the file can be found. */
interface CacheFile {
  readonly dir: string;
  /** Every cache of this file (whatever its text, Node or V8 flags) has a name starting with this. */
  readonly prefix: string;
  /** Every cache of this file for this Node and these V8 flags has a name starting with this. */
  readonly flavour: string;
  readonly name: string;
}

function cacheFileOf(
  dir: string,
  text: { readonly length: number; readonly crc: number },
  filename: string,
  crc32: Crc32,
): CacheFile {
  const prefix = `${path.basename(filename)}-${crc32(filename).toString(16)}-`;
  // V8 refuses a cache made under other flags (the paygen command raises one, tests do not): each
  // set of flags has its own, named by V8's tag of its version, flags and CPU features.
  const flavour = `${prefix}${process.version}-${process.arch}-${cachedDataVersionTag().toString(16)}-`;
  const stamp = `${text.length}-${text.crc.toString(16)}`;
  return { dir, prefix, flavour, name: `${flavour}${stamp}.bin` };
}

/** A cache of the file for another Node or other V8 flags is removed once it is this old. */
const OTHER_FLAVOUR_KEPT_MS = 7 * 24 * 60 * 60_000;

/** What `Module.prototype._compile` does for a CommonJS file, with `cacheFile` as V8's code cache. */
function compileCached(
  module: Module,
  content: string,
  filename: string,
  cacheFile: CacheFile,
): unknown {
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(path.join(cacheFile.dir, cacheFile.name));
  } catch {
    // Not cached yet.
  }
  const script = new vm.Script(Module.wrap(content), {
    filename,
    ...(cachedData !== undefined ? { cachedData } : {}),
    ...(vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER !== undefined
      ? { importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER }
      : {}),
  });
  const wrapper = script.runInThisContext({ displayErrors: true }) as (
    ...args: unknown[]
  ) => unknown;
  const result = wrapper.call(
    module.exports,
    module.exports,
    createRequire(filename),
    module,
    filename,
    path.dirname(filename),
  );
  // Made after the file ran, the cache also holds the functions its loading compiled.
  if (cachedData === undefined || script.cachedDataRejected === true)
    writeCache(cacheFile, script.createCachedData());
  return result;
}

/**
 * Writes the cache of a file, and removes its caches of other texts, which
 * nothing reads any more, and those of other Nodes or V8 flags a week old.
 */
function writeCache(cacheFile: CacheFile, data: Buffer): void {
  const target = path.join(cacheFile.dir, cacheFile.name);
  const staging = `${target}.${process.pid}.tmp`;
  try {
    mkdirSync(cacheFile.dir, { recursive: true });
    writeFileSync(staging, data);
    renameSync(staging, target);
    for (const name of readdirSync(cacheFile.dir)) {
      if (!name.startsWith(cacheFile.prefix) || !name.endsWith(".bin") || name === cacheFile.name)
        continue;
      const file = path.join(cacheFile.dir, name);
      if (
        name.startsWith(cacheFile.flavour) ||
        Date.now() - statSync(file).mtimeMs > OTHER_FLAVOUR_KEPT_MS
      )
        rmSync(file, { force: true });
    }
  } catch {
    // A cache that cannot be written only costs the next run the compilation.
  }
}
