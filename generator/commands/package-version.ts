import path from "node:path";
import { parseVersion } from "../diff/semver.js";
import { noteFileAbsent } from "../input-log.js";
import { readInputFile, UnreadableFile } from "../read-input-file.js";

/** The version of a generated package whose user has not set one. */
export const DEFAULT_PACKAGE_VERSION = "0.1.0";

/** A version file holds one line; anything larger is not one. */
const MAX_VERSION_FILE_BYTES = 64 * 1024;

/** The file holding the generated package's version, in the folder paygen runs in, unless `--version-file` names another. */
export const VERSION_FILE = "package-version";

/**
 * The version of the generated package: the one line of the version file
 * (`0.3.1`), the one place a user sets it. Without the file (and with no
 * `--version-file`), the package is `DEFAULT_PACKAGE_VERSION`. Throws a
 * positioned message when the file holds no semantic version, or when a file
 * named by `--version-file` cannot be read.
 */
export async function readPackageVersion(
  cwd: string,
  named?: string,
): Promise<{ readonly version: string; readonly file?: string }> {
  const file = path.resolve(cwd, named ?? VERSION_FILE);
  const display = path.relative(cwd, file).split(path.sep).join("/") || file;
  let text: string;
  try {
    text = (await readInputFile(file, MAX_VERSION_FILE_BYTES)).toString("utf8");
  } catch (error) {
    if (named === undefined && error instanceof UnreadableFile && error.reason === "missing") {
      noteFileAbsent(file);
      return { version: DEFAULT_PACKAGE_VERSION };
    }
    const why =
      error instanceof UnreadableFile &&
      (error.reason === "not-regular" || error.reason === "too-large")
        ? error.detail
        : "the version file cannot be read";
    throw new Error(`${display}:1:1: ${why}`);
  }
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const line = lines.findIndex((l) => l.trim() !== "");
  const version = line < 0 ? "" : lines[line]!.trim();
  if (!parseVersion(version))
    throw new Error(
      `${display}:${line < 0 ? 1 : line + 1}:1: the version file must hold one semantic version, such as 1.4.0`,
    );
  if (lines.slice(line + 1).some((l) => l.trim() !== ""))
    throw new Error(`${display}:${line + 2}:1: the version file must hold one line`);
  return { version: version.replace(/\+.*$/, ""), file: display };
}
