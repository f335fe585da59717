import { constants } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { noteFileRead } from "./input-log.js";

/** Why an input file was not read. */
export type UnreadableReason = "missing" | "not-regular" | "too-large" | "unreadable";

/**
 * An input file that was not read; `detail` says why, without the position
 * (callers report it at `file:1:1`, or where the file was named).
 */
export class UnreadableFile extends Error {
  override readonly name = "UnreadableFile";
  constructor(
    readonly reason: UnreadableReason,
    readonly detail: string,
    /** The size found, for `too-large`. */
    readonly size?: number,
  ) {
    super(detail);
  }
}

/**
 * Opening never waits: a FIFO opened for reading without a writer would
 * block (a thread of the pool, and any run awaiting it, forever); with
 * O_NONBLOCK it opens at once and is refused by the check below. O_NOCTTY:
 * a terminal device named as an input never becomes the controlling one.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * The bytes of an input file (a schema, a contract, an overlay, an imported
 * file, the version file): the one way the generator opens what a user names.
 * Symbolic links are followed. What the path names once opened must be a
 * regular file (checked on the open file, so nothing can be swapped in
 * between): a FIFO, device, socket or folder is `not-regular`, and nothing is
 * read from it. A file over `maxBytes` is refused before a byte is read, and
 * one that grows while it is read is refused too. The file is noted in the
 * run's input log. Throws an {@link UnreadableFile}.
 */
export async function readInputFile(absolutePath: string, maxBytes: number): Promise<Buffer> {
  let handle;
  try {
    handle = await open(absolutePath, OPEN_FLAGS);
  } catch (error) {
    throw unreadable(error);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile())
      throw new UnreadableFile(
        "not-regular",
        info.isDirectory() ? "not a regular file (it is a folder)" : "not a regular file",
      );
    if (info.size > maxBytes) throw tooLarge(info.size, maxBytes);
    const bytes = await readUpTo(handle, maxBytes, info.size);
    noteFileRead(absolutePath, bytes);
    return bytes;
  } catch (error) {
    throw error instanceof UnreadableFile ? error : unreadable(error);
  } finally {
    await handle.close();
  }
}

/** Every byte to the end of the file; a file that grew past `maxBytes` since it was measured is refused. */
async function readUpTo(handle: FileHandle, maxBytes: number, expected: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for (;;) {
    // The size measured, in one read, and one byte more to see the end (or growth); then small reads.
    const chunk = Buffer.alloc(length === 0 ? Math.min(expected, maxBytes) + 1 : 64 * 1024);
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, length);
    if (bytesRead === 0) break;
    chunks.push(chunk.subarray(0, bytesRead));
    length += bytesRead;
    if (length > maxBytes) throw tooLarge(length, maxBytes);
  }
  return Buffer.concat(chunks, length);
}

function tooLarge(size: number, maxBytes: number): UnreadableFile {
  return new UnreadableFile(
    "too-large",
    `the file is ${size} bytes; at most ${maxBytes} are read`,
    size,
  );
}

/** A file system error in words rather than an errno code. */
function unreadable(error: unknown): UnreadableFile {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT") return new UnreadableFile("missing", "the file does not exist");
  if (code === "ENOTDIR")
    return new UnreadableFile(
      "missing",
      "the file does not exist (a folder on its path is a file)",
    );
  if (code === "EACCES" || code === "EPERM")
    return new UnreadableFile("unreadable", "the file cannot be read: permission denied");
  if (code === "ELOOP")
    return new UnreadableFile("unreadable", "the file cannot be read: too many symbolic links");
  // ENXIO: a socket, or a device with nothing behind it.
  if (code === "ENXIO" || code === "ENODEV")
    return new UnreadableFile("not-regular", "not a regular file");
  if (code === "EISDIR")
    return new UnreadableFile("not-regular", "not a regular file (it is a folder)");
  return new UnreadableFile("unreadable", `the file cannot be read (${code ?? "unknown error"})`);
}
