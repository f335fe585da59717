/**
 * The package's JSON files (its manifest, its tsconfig, the model record) laid
 * out the way prettier lays out JSON written by `JSON.stringify(value, null, 2)`,
 * without loading prettier: the model record alone is a third of a megabyte,
 * and prettier took a tenth of a cold generation to print it.
 *
 * prettier's rules for such text, with its fixed print width:
 * - a non-empty object puts one property per line (the input already did);
 * - an array that holds no non-empty object stays on one line when that line
 *   fits, counting the indentation, the key before it and the comma after it;
 *   otherwise its elements go one per line, except an array of numbers only,
 *   which fills each line with as many as fit, and an array of two or more
 *   arrays of two or more elements, which always puts one per line;
 * - empty objects and arrays are `{}` and `[]`.
 *
 * A test checks that prettier leaves every JSON file of the golden packages
 * as this prints it.
 */

/** Prints a parsed JSON value (as `JSON.parse` returns it) with a final newline. */
export function layOutJson(value: unknown, printWidth: number): string {
  return `${layOut(value, "", "", "", printWidth)}\n`;
}

/** The one-line text of a value, or `undefined` when it holds a non-empty object (which always breaks). */
function flat(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value) {
      const text = flat(item);
      if (text === undefined) return undefined;
      items.push(text);
    }
    return `[${items.join(", ")}]`;
  }
  if (typeof value === "object" && value !== null)
    return Object.keys(value).length === 0 ? "{}" : undefined;
  return scalar(value);
}

/** A string, number, boolean or null; prettier writes an exponent without its `+`. */
function scalar(value: unknown): string {
  return typeof value === "number"
    ? JSON.stringify(value).replace("e+", "e")
    : JSON.stringify(value);
}

/**
 * `value` at `indent`, after `prefix` on its first line (a key) and before
 * `suffix` on its last (a comma). Returns the value's text only.
 */
function layOut(
  value: unknown,
  indent: string,
  prefix: string,
  suffix: string,
  width: number,
): string {
  if (typeof value !== "object" || value === null) return scalar(value);
  const oneLine = brokenArrayOfArrays(value) ? undefined : flat(value);
  if (
    oneLine !== undefined &&
    indent.length + prefix.length + oneLine.length + suffix.length <= width
  )
    return oneLine;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((item) => typeof item === "number"))
      return fill(value.map(scalar), indent, width);
    const lines = value.map(
      (item, i) => inner + layOut(item, inner, "", i < value.length - 1 ? "," : "", width),
    );
    return `[\n${lines.join(",\n")}\n${indent}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const lines = keys.map((key, i) => {
    const name = `${JSON.stringify(key)}: `;
    return inner + name + layOut(record[key], inner, name, i < keys.length - 1 ? "," : "", width);
  });
  return `{\n${lines.join(",\n")}\n${indent}}`;
}

/** An array of two or more arrays of two or more elements: prettier puts each on its own line, fit or not. */
function brokenArrayOfArrays(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 1 &&
    value.every((item) => Array.isArray(item) && item.length > 1)
  );
}

/** Numbers filling lines: each goes on the current line when it fits with the comma before it, else starts the next. */
function fill(items: readonly string[], indent: string, width: number): string {
  const inner = `${indent}  `;
  const lines: string[] = [];
  let line = "";
  for (const [i, item] of items.entries()) {
    const comma = i < items.length - 1 ? "," : "";
    if (line === "") line = item + comma;
    else if (inner.length + line.length + 1 + item.length + comma.length <= width)
      line += ` ${item}${comma}`;
    else {
      lines.push(line);
      line = item + comma;
    }
  }
  lines.push(line);
  return `[\n${lines.map((l) => inner + l).join("\n")}\n${indent}]`;
}
