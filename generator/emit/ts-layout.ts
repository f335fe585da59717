import { FORMAT_OPTIONS } from "../format/format-options.js";
import { printDocComments, withoutDocComments } from "../format/doc-comments.js";

/**
 * Prettier's layout of a TypeScript file printed by ts-morph (two-space
 * indentation), reached by a few deterministic steps instead of running
 * prettier, for the files whose constructs these steps cover (declarations of
 * types: interfaces, type aliases, imports):
 * - doc comments on their own lines re-aligned as prettier prints them;
 * - the space after a type alias's `=` dropped when its type starts on the
 *   next line (an emitter that lays out the type itself);
 * - an empty body `{` `}` on two lines printed `{}`;
 * - runs of blank lines collapsed to one;
 * - an import or re-export list wider than the print width put one name per
 *   line, with a trailing comma;
 * - an interface's opening line wider than the print width, extending
 *   several interfaces, broken before `extends` (and between them);
 * - a type alias or property wider than the print width, whose type is a
 *   union of names and literals, or (an alias) a union of object types with
 *   such properties, broken as prettier breaks it.
 *
 * Prettier would change the code otherwise where a line is wider than the
 * print width and can be broken (see `unbreakable`), where a string literal
 * holds an escaped double quote (it may change the quotes), where a number is written with an
 * exponent's plus sign, or in a template literal or trailing spaces: for such
 * a file this returns `undefined`, and the file is left to prettier.
 * test/generator/prettier-identity.test.ts checks every file printed this way.
 */
export function finalLayout(text: string): string | undefined {
  const printWidth = FORMAT_OPTIONS.printWidth!;
  const joined = printDocComments(text)
    .replace(ALIAS_ON_NEXT_LINES, "$1\n")
    .replace(/^( *)(\S[^\n]*) \{\n\1\}/gm, "$1$2 {}")
    .replace(/\n{3,}/g, "\n\n");
  const laidOut = breakTypedLines(
    breakHeritage(breakLists(joined, printWidth), printWidth),
    printWidth,
  );
  return withoutDocComments(laidOut)
    .split("\n")
    .every((line) => codeLineKept(line, printWidth))
    ? laidOut
    : undefined;
}

/** A type alias whose type an emitter started on the next line (ts-morph writes a space after its `=`). */
const ALIAS_ON_NEXT_LINES = /^((?:export )?type [\w$]+ =) \n/gm;

/** An import or re-export of names, on one line. */
const NAME_LIST = /^((?:import|export)(?: type)? \{ )([^{}]*)( \} from "[^"\\]*";)$/gm;

function breakLists(text: string, printWidth: number): string {
  return text.replace(NAME_LIST, (line: string, head: string, names: string, tail: string) => {
    const each = names.split(", ");
    // Prettier never breaks a list of one name.
    if (width(line) <= printWidth || each.length < 2 || !widthKnown(line)) return line;
    return `${head.trimEnd()}\n${each.map((name) => `  ${name},`).join("\n")}\n${tail.trimStart()}`;
  });
}

/** An interface's opening line extending several interfaces: its head, what it extends, and its brace (`{`, or `{}` for an empty body). */
const HERITAGE = /^(export interface [\w$]+) extends ([\w$.]+(?:, [\w$.]+)+) (\{\}?)$/gm;

/**
 * An interface's opening line wider than the print width, extending several
 * interfaces, as prettier breaks it: the list on the next line after
 * `extends` when it fits there, else each interface on a line of its own.
 * (Prettier keeps a line extending one interface however wide.)
 */
function breakHeritage(text: string, printWidth: number): string {
  return text.replace(HERITAGE, (line: string, head: string, list: string, brace: string) => {
    if (width(line) <= printWidth || !widthKnown(line)) return line;
    const next = `  extends ${list} ${brace}`;
    if (width(next) <= printWidth) return `${head}\n${next}`;
    return `${head}\n  extends\n${list
      .split(", ")
      .map((name) => `    ${name}`)
      .join(",\n")} ${brace}`;
  });
}

/** A type alias, or a property of an interface or object type, on one line: its indentation, what comes before its type, and the type. */
const TYPED_LINE =
  /^( *)((?:export )?type [\w$]+ =|(?:readonly )?(?:[\w$]+|"[^"\\]*")\??:) (.+);$/gm;
/** A name, a string literal (escapes but no escaped quote) or a number, at the top of a union, and what follows it. */
const SIMPLE_MEMBER =
  /^([\w$]+(?:\.[\w$]+)*(?:\[\])*|"(?:[^"\\]|\\[^"])*"|-?\d+(?:\.\d+)?)(?: \| |$)/;
/** TypeScript's type keywords: simple members that are not references to a type. */
const TYPE_KEYWORDS = new Set([
  "any",
  "bigint",
  "boolean",
  "false",
  "never",
  "null",
  "number",
  "object",
  "string",
  "symbol",
  "true",
  "undefined",
  "unknown",
  "void",
]);

/**
 * A type alias or property wider than the print width, whose type is a
 * union of simple members (or one such member), as prettier breaks it:
 * - a union of one type reference and `null`s is never broken (prettier
 *   "hugs" it), nor a single member: a property keeps its line, an alias
 *   breaks after `=` (when the type then fits: otherwise it is left to prettier);
 * - otherwise, after `=` or `:` when the type then fits on the next line,
 *   indented, else one member a line, each after a leading `|`.
 */
export function breakTypedLines(text: string, printWidth: number): string {
  return text.replace(TYPED_LINE, (line: string, indent: string, head: string, type: string) => {
    if (width(line) <= printWidth || !widthKnown(line)) return line;
    const alias = head.endsWith("=");
    const members = unionMembers(type);
    if (members === undefined) {
      const objects = alias ? objectUnionMembers(type) : undefined;
      return objects === undefined ? line : breakObjectUnion(indent, head, objects, printWidth);
    }
    const inner = `${indent}  `;
    const fits = width(`${inner}${type};`) <= printWidth;
    if (members.length < 2 || hugged(members))
      return alias && fits ? `${indent}${head}\n${inner}${type};` : line;
    if (fits) return `${indent}${head}\n${inner}${type};`;
    return `${indent}${head}\n${members.map((member) => `${inner}| ${member}`).join("\n")};`;
  });
}

/** A property of an object type on one line: an optional doc comment, its name and a simple type. */
const OBJECT_PROPERTY =
  /^((?:\/\*\*(?:[^*]|\*(?!\/))*\*\/ )?(?:readonly )?(?:[\w$]+|"[^"\\]*")\??: (?:[\w$]+(?:\.[\w$]+)*(?:\[\])*|"(?:[^"\\]|\\[^"])*"))(; | \})/;

/**
 * The members of a union of object types written on one line
 * (`{ a: A; b?: undefined } | { ... }`, as choice groups are), each as its
 * properties; `undefined` when the type is anything else.
 */
function objectUnionMembers(type: string): string[][] | undefined {
  const objects: string[][] = [];
  let rest = type;
  while (rest.startsWith("{ ")) {
    rest = rest.slice(2);
    const properties: string[] = [];
    for (;;) {
      const found = OBJECT_PROPERTY.exec(rest);
      if (found === null) return undefined;
      properties.push(found[1]!);
      rest = rest.slice(found[0].length);
      if (found[2] === " }") break;
    }
    objects.push(properties);
    if (rest === "") return objects.length < 2 ? undefined : objects;
    if (!rest.startsWith(" | ")) return undefined;
    rest = rest.slice(3);
  }
  return undefined;
}

/**
 * A type alias of a union of object types, too wide for its line, as
 * prettier breaks it: after `=` when the union then fits, otherwise one
 * member a line after a leading `|`, each object on that line when it fits,
 * else one property a line.
 */
function breakObjectUnion(
  indent: string,
  head: string,
  objects: readonly (readonly string[])[],
  printWidth: number,
): string {
  const inner = `${indent}  `;
  const oneLine = objects.map((properties) => `{ ${properties.join("; ")} }`);
  if (width(`${inner}${oneLine.join(" | ")};`) <= printWidth)
    return `${indent}${head}\n${inner}${oneLine.join(" | ")};`;
  const members = objects.map((properties, i) => {
    const end = i === objects.length - 1 ? ";" : "";
    const line = `${inner}| ${oneLine[i]}${end}`;
    if (width(line) <= printWidth) return line;
    const body = properties.map((property) => `${inner}    ${property};`).join("\n");
    return `${inner}| {\n${body}\n${inner}  }${end}`;
  });
  return `${indent}${head}\n${members.join("\n")}`;
}

/** Whether prettier prints a union on one line however wide: one reference to a type, and `null`s. */
function hugged(members: readonly string[]): boolean {
  const others = members.filter((member) => member !== "null");
  return (
    others.length === 1 &&
    /^[\w$]+(?:\.[\w$]+)*$/.test(others[0]!) &&
    !TYPE_KEYWORDS.has(others[0]!)
  );
}

/** The members of a union of simple members; `undefined` when one is not simple. */
function unionMembers(type: string): string[] | undefined {
  const members: string[] = [];
  let rest = type;
  while (rest !== "") {
    const found = SIMPLE_MEMBER.exec(rest);
    if (found === null) return undefined;
    members.push(found[1]!);
    rest = rest.slice(found[0].length);
  }
  return members;
}

/**
 * Whether prettier keeps a line however wide, having no place to break it:
 * an interface's opening line extending at most one interface, or its head
 * alone (what it extends on the lines below), an import or re-export of
 * one name, and a property whose type
 * is a name or a string literal (or an array of one) or a union prettier does not break.
 */
function unbreakable(line: string): boolean {
  if (/^export interface [\w$]+(?: extends [\w$.]+)? \{\}?$/.test(line)) return true;
  // The head of an interface whose list of extended interfaces is on the lines below (`breakHeritage`).
  if (/^export interface [\w$]+$/.test(line)) return true;
  if (/^(?:import|export)(?: type)? \{ [^,{}]* \} from "[^"\\]*";$/.test(line)) return true;
  // A doc comment written before a property on its line stays there.
  const typed = new RegExp(TYPED_LINE.source).exec(
    line.replace(/^( *)\/\*\*(?:[^*]|\*(?!\/))*\*\/ /, "$1"),
  );
  if (typed === null || typed[2]!.endsWith("=")) return false;
  const members = unionMembers(typed[3]!);
  return (
    members !== undefined &&
    (hugged(members) ||
      (members.length === 1 && /^(?:[\w$.]+|"[^"\\]*")(?:\[\])*$/.test(members[0]!)))
  );
}

/** Whether prettier leaves a line of code (no doc comment) as it is, as far as these steps can tell. */
function codeLineKept(line: string, printWidth: number): boolean {
  if (line.endsWith(" ")) return false;
  if (/^ *\/\//.test(line)) return true;
  return (
    (width(line) <= printWidth || unbreakable(line)) &&
    !line.includes('\\"') &&
    !line.includes("`") &&
    !/\de\+/i.test(line)
  );
}

/**
 * Whether prettier measures the character of this UTF-16 code unit as one
 * column: ASCII, and the letters, punctuation and signs outside it that
 * contracts write in their text (Latin-1 and Latin Extended, Greek,
 * Cyrillic without its combining marks, the general punctuation's dashes,
 * quotes and ellipsis, currency signs). Measured against prettier's own
 * layout of a line one column too wide for each, in
 * test/generator/format/text-width.test.ts. Any other counts as unknown.
 */
function oneColumn(code: number): boolean {
  return (
    code < 0x80 ||
    (code >= 0xa0 && code <= 0x2ff) ||
    (code >= 0x370 && code <= 0x482) ||
    (code >= 0x48a && code <= 0x4ff) ||
    (code >= 0x2010 && code <= 0x2027) ||
    (code >= 0x2030 && code <= 0x205e) ||
    (code >= 0x20a0 && code <= 0x20c0)
  );
}

/**
 * The width prettier measures, or more: a character whose width is not known
 * (`oneColumn`) counts two columns (the most any takes), so a line that might
 * not fit is never taken for one that does. (A line holding such characters
 * that might not fit is never broken here, since prettier might keep it: it
 * is left to prettier.)
 */
export function width(line: string): number {
  let columns = line.length;
  for (let i = 0; i < line.length; i++) if (!oneColumn(line.charCodeAt(i))) columns++;
  return columns;
}

/** Whether `width` is the width prettier measures: every character's is known. */
export function widthKnown(line: string): boolean {
  for (let i = 0; i < line.length; i++) if (!oneColumn(line.charCodeAt(i))) return false;
  return true;
}
