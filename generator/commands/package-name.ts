/** The generated package's name when none is set. */
export const DEFAULT_PACKAGE_NAME = "paygen-clients";

/**
 * Why `name` cannot be an npm package name, or undefined when it can: at most
 * 214 characters, lower case, URL-safe, not starting with `.` or `_`, and
 * scoped as `@scope/name` or not scoped at all (npm's rules for new packages).
 */
export function packageNameProblem(name: string): string | undefined {
  if (name === "") return "a package name is not empty";
  if (name.length > 214) return `a package name has at most 214 characters, not ${name.length}`;
  if (name !== name.trim()) return "a package name has no leading or trailing spaces";
  if (name !== name.toLowerCase()) return "a package name is lower case";
  const scoped = /^@([^/]+)\/([^/]+)$/.exec(name);
  if (name.startsWith("@") && !scoped) return "a scoped package name is @scope/name";
  const parts = scoped ? [scoped[1]!, scoped[2]!] : [name];
  for (const part of parts) {
    if (part.startsWith(".") || part.startsWith("_"))
      return "a package name (and its scope) starts with neither . nor _";
    if (!/^[a-z0-9._~-]+$/.test(part))
      return "a package name holds only a-z, 0-9, and the characters - . _ ~ (and a scope's @ and /)";
  }
  if (!scoped && (name === "node_modules" || name === "favicon.ico"))
    return `${name} is not allowed as a package name`;
  return undefined;
}
