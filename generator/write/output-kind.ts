/**
 * What stands where the output folder goes, when it is not a folder paygen
 * may replace: a file, a device, a socket, a named pipe, a symbolic link
 * leading nowhere or into a loop. Such an `--out` is refused by name, before
 * anything is written, instead of failing in the middle with a bare system
 * error (`ENOTDIR: not a directory, scandir`).
 */
import { lstat, stat } from "node:fs/promises";

/** `undefined` for a folder (or a link to one) and for nothing at all; else what is there, in words. */
export async function notAFolder(p: string): Promise<string | undefined> {
  try {
    const info = await stat(p);
    if (info.isDirectory()) return undefined;
    if (info.isFile()) return "a file";
    if (info.isCharacterDevice() || info.isBlockDevice()) return "a device";
    if (info.isSocket()) return "a socket";
    if (info.isFIFO()) return "a named pipe";
    return "not a folder";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return "a loop of symbolic links";
    if (code === "ENOTDIR") return "inside something that is not a folder";
    if (code !== "ENOENT") return `unreadable (${code ?? "unknown error"})`;
    // Nothing there, or a link to nothing (which renaming would replace).
    return (await lstat(p).then(
      () => true,
      () => false,
    ))
      ? "a symbolic link to nothing"
      : undefined;
  }
}
