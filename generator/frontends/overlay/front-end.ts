import path from "node:path";
import { Diagnostics } from "../../diagnostics/diagnostic.js";
import type { Description } from "../../description/description.js";
import { decodeUtf8 } from "../source/decode-utf8.js";
import { MAX_SCHEMA_FILE_BYTES, parseSchemaText } from "../yaml/load-schemas.js";
import { applyOverlay } from "./apply-overlay.js";
import { readOverlay } from "./read-overlay.js";
import { readInputFile, UnreadableFile } from "../../read-input-file.js";

/** Reads the contract an overlay names (with any front end but the overlay's own). */
export type ContractsReader = (
  files: readonly string[],
  cwd: string,
  diagnostics: Diagnostics,
) => Promise<Description>;

/**
 * Reads an overlay file, the contract it names, and applies the one to the
 * other. The contract must describe one service: an overlay's names are that
 * service's.
 */
export async function readOverlayContract(
  file: string,
  cwd: string,
  diagnostics: Diagnostics,
  readContract: ContractsReader,
): Promise<Description> {
  const absolute = path.resolve(cwd, file);
  const displayPath = path.relative(cwd, absolute).split(path.sep).join("/") || file;
  let bytes: Buffer;
  try {
    bytes = await readInputFile(absolute, MAX_SCHEMA_FILE_BYTES);
  } catch (error) {
    if (!(error instanceof UnreadableFile)) throw error;
    const detail =
      error.reason === "too-large"
        ? `the overlay is ${error.size} bytes; an overlay may be at most ${MAX_SCHEMA_FILE_BYTES} bytes`
        : error.detail;
    diagnostics.error({ file: displayPath, line: 1, col: 1 }, detail);
    return { services: [] };
  }
  const text = decodeUtf8(bytes, displayPath, diagnostics);
  const parsed = parseSchemaText(
    text,
    { displayPath, relativePath: displayPath, service: undefined },
    diagnostics,
  );
  if (!parsed) return { services: [] };
  const overlay = readOverlay(parsed, absolute, cwd, diagnostics);
  if (!overlay) return { services: [] };
  // The contract is read on its own (a front end stops at its own first problems, not at the overlay's), then its problems join the others.
  const own = new Diagnostics();
  const contract = await readContract([overlay.contract.file], cwd, own);
  // Warnings (where the contract is read approximately) are the run's too.
  diagnostics.add(...own.sorted(), ...own.warnings());
  if (own.count > 0) return { services: [] };
  if (contract.services.length !== 1) {
    diagnostics.error(
      overlay.contract.at,
      `an overlay applies to one service; "${overlay.contract.written}" describes ${contract.services.length}`,
    );
    return { services: [] };
  }
  return { services: [applyOverlay(contract.services[0]!, overlay, diagnostics)] };
}
