import path from "node:path";

/**
 * Whether a `schemaLocation` or `location` names a URL (it has a scheme:
 * `http:`, `https:`, `file:`, `urn:`...) rather than a path. URLs are never
 * fetched. A Windows drive letter (`C:\x.xsd`) is a path.
 */
export function isUrlLocation(location: string): boolean {
  if (/^[A-Za-z]:[\\/]/.test(location)) return false;
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(location);
}

/** The file name a URL's path ends with (what a local copy is saved as), or `schema.xsd` when it ends with none. */
export function urlFileName(location: string): string {
  let pathname: string;
  try {
    pathname = new URL(location).pathname;
  } catch {
    pathname = location;
  }
  const last =
    pathname
      .split("/")
      .filter((part) => part !== "")
      .pop() ?? "";
  let name: string;
  try {
    name = decodeURIComponent(last);
  } catch {
    name = last;
  }
  // Only a plain file name: nothing that could climb out of the folder it is looked for in.
  return name === "" || name === "." || name === ".." || /[\\/\0]/.test(name) ? "schema.xsd" : name;
}

/** The path a relative location names, from the folder of the file that names it (percent escapes decoded, as in a URI reference). */
export function resolveLocation(fromFile: string, location: string): string {
  let decoded = location;
  if (location.includes("%")) {
    try {
      decoded = decodeURI(location);
    } catch {
      decoded = location;
    }
  }
  return path.resolve(path.dirname(fromFile), decoded);
}

/** A path as the user names it: relative to the working folder, with `/` separators. */
export function displayPath(cwd: string, absolute: string): string {
  return path.relative(cwd, absolute).split(path.sep).join("/");
}

/**
 * The message for a location that is a URL: it is not fetched; say which
 * file to download and the two ways to point at it.
 */
export function urlLocationMessage(attribute: string, location: string, importer: string): string {
  if (/^file:/i.test(location)) {
    return `${attribute} "${location}" is a URL, and nothing is ever fetched: name the file by its path relative to ${importer} instead`;
  }
  return (
    `${attribute} "${location}" is a URL, and nothing is ever fetched: download ${location}, ` +
    `then pass it with --from FILE, or save it next to ${importer} as ${urlFileName(location)}`
  );
}
