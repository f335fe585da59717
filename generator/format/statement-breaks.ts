import { breakTypedLines, width, widthKnown } from "../emit/ts-layout.js";
import { FORMAT_OPTIONS } from "./format-options.js";
import { tokenize } from "./js-tokens.js";
import { lineKept } from "./line-kept.js";
import { printedString, stringKept } from "./string-literal.js";

/**
 * The most common statements too wide for their line, broken exactly as
 * prettier breaks them, so that they need not be formatted by it (see
 * statement-layout.ts). Each function takes text written on one line and
 * its depth, and answers the lines (indented), or `undefined` for a form it
 * does not know or cannot break exactly: that text is then left to
 * prettier. Only forms whose parts prettier prints flat are known here
 * (no object, function or parenthesized argument, an array only of
 * strings), so that its finer choices (hugging a last function or object
 * argument, breaking inside an argument) never apply; and every line printed
 * must fit and be kept as written (`lineKept`), which also rules out member
 * chains prettier would break.
 */

/** A name or member access, a string without escaped quotes, or a number. */
const SIMPLE = String.raw`(?:[\w$]+(?:\.[\w$]+)*|"(?:[^"\\]|\\[^"])*"|-?\d+(?:\.\d+)?)`;
/** A call of a name, maybe with type arguments, or a `new` (`f(a)`, `read<T>(a)`, `new Set(a)`): callee, arguments. */
const CALL = /^((?:new )?[\w$]+(?:<[\w$.<>, [\]]*>)?)\((.*)\)$/;
/** An array of strings, which prettier prints flat or one string a line. */
const STRINGS = /^\[(?:"(?:[^"\\]|\\[^"])*"(?:, |\]$))+$/;

/**
 * An argument prettier prints flat when its line has room: anything but
 * what it may hug or break otherwise (objects, arrays, functions, templates,
 * parenthesized expressions); a call is one, whatever its arguments hold.
 */
function plainArgument(arg: string): boolean {
  return !/^[{[(`]|^(?:async|function|class)\b/.test(arg) && (!arg.includes("=>") || oneCall(arg));
}

/** Whether the text is a list of plain arguments (see `plainArgument`), none an object or array. */
export function plainArguments(text: string): boolean {
  const args = listItems(text);
  return args !== undefined && args.every(plainArgument);
}

/**
 * An argument before the last that prettier prints as written on its line
 * when the arguments are broken one a line: a plain one, an object literal
 * on one line, or an arrow function whose body is an expression (neither
 * hugged, as only a last argument is).
 */
function middleArgument(arg: string): boolean {
  if (plainArgument(arg)) return true;
  if (arg.startsWith("{ ")) return literalEnd(arg);
  const arrow = /^\([\w$, ]*\) => (.*)$/.exec(arg);
  return arrow !== null && !arg.includes("{") && oneCall(arrow[1]!);
}

/**
 * The statement without the parentheses around an argument that is a
 * nullish default of a member (`f((a.b ?? "c"), d)` → `f(a.b ?? "c", d)`),
 * which prettier drops; the statement as it is when it holds none.
 */
export function withoutArgumentParentheses(text: string): string {
  const tokens = text.includes("??") ? tokenize(text) : undefined;
  if (tokens === undefined) return text;
  const value = (i: number) => text.slice(tokens.code.start[i], tokens.code.end[i]);
  let out = "";
  let at = 0;
  for (let i = 1; i + 4 < tokens.code.length; i++) {
    const close = tokens.code.match[i]!;
    const inner = text.slice(tokens.code.end[i], tokens.code.start[close]);
    if (value(i) !== "(" || !["(", ","].includes(value(i - 1))) continue;
    if (![")", ","].includes(value(close + 1))) continue;
    if (!new RegExp(String.raw`^[\w$]+(?:\.[\w$]+)* \?\? ${SIMPLE}$`).test(inner)) continue;
    out += text.slice(at, tokens.code.start[i]) + inner;
    at = tokens.code.end[close]!;
    i = close;
  }
  return out + text.slice(at);
}

/** Whether the text is one call of a name or member (`f(a, b)`), nothing after its `)`. */
function oneCall(text: string): boolean {
  const found = /^[\w$]+(?:\.[\w$]+)*\(/.exec(text);
  const tokens = found === null ? undefined : tokenize(text);
  if (tokens === undefined) return false;
  const open = tokens.code.start.indexOf(found![0].length - 1);
  return open >= 0 && tokens.code.match[open] === tokens.code.length - 1;
}

/**
 * A call's lines from its first, `head(`, to its last, `)` then `end`: its
 * arguments one a line, an array of strings among them flat when it fits,
 * else one string a line, a call of a name that does not fit broken the same
 * way; a last argument that is such an array hugged (`head(a, [` ... `])`).
 * `undefined` when an argument is of another kind.
 */
function breakCall(
  head: string,
  args: readonly string[],
  indent: string,
  end: string,
): string[] | undefined {
  const last = args[args.length - 1];
  if (last === undefined || ["require", "define"].includes(head.replace(/^.*\b(?=\w)/, ""))) {
    return undefined;
  }
  const others = args.slice(0, -1);
  if (!others.every((arg) => middleArgument(arg) || arg.startsWith("["))) return undefined;
  if (last.startsWith("[") && others.every(plainArgument)) {
    return huggedArray(head, others, last, indent, end);
  }
  // An object is not hugged when the line up to its `{` is too wide: then one argument a line.
  const unhuggedObject =
    last.startsWith("{ ") && tooWide(`${indent}${head}(${[...others, "{"].join(", ")}`);
  if (last.startsWith("{ ") && others.every(plainArgument) && !unhuggedObject) {
    return huggedObject(head, others, last, indent, end);
  }
  const fits = width(`${indent}${head}(${args.join(", ")})${end}`) <= FORMAT_OPTIONS.printWidth!;
  if (!plainArgument(last) && !(unhuggedObject && others.every(plainArgument))) {
    if (fits || !unhuggedArrow(head, args, indent)) return undefined;
  }
  if (fits) return flatWithArrays(head, args, indent, end);
  const inner = `${indent}  `;
  const lines: string[] = [];
  for (const arg of args) {
    const call = CALL.exec(arg);
    const items = call === null ? undefined : listItems(call[2]!);
    if (lineKept(`${inner}${arg},`)) lines.push(`${inner}${arg},`);
    // A name or a string prettier cannot break stays on its line, however wide.
    else if (/^[\w$]+$/.test(arg) || unbreakableString(arg)) lines.push(`${inner}${arg},`);
    // An object last is here only when it could not be hugged (see above).
    else if (arg.startsWith("{")) {
      const broken = literalLines(inner, undefined, arg, ",");
      if (broken === undefined) return undefined;
      lines.push(...broken);
    } else if (arg.startsWith("[")) {
      // An array flat on its line here is one `lineKept` doubts only as a whole (`[[`), its members each kept.
      const broken = literalLines(inner, undefined, arg, ",");
      if (broken === undefined || (broken.length === 1 && STRINGS.test(arg))) return undefined;
      lines.push(...broken);
    } else if (items !== undefined && items.length > 0) {
      const broken = breakCall(call![1]!, items, inner, ",");
      if (broken === undefined) return undefined;
      lines.push(...broken);
    } else return undefined;
  }
  // The lines between were each checked as they were laid out.
  const [first, closing] = [`${indent}${head}(`, `${indent})${end}`];
  return lineKept(first) && lineKept(closing) ? [first, ...lines, closing] : undefined;
}

/**
 * Whether the last argument is an arrow function returning one call
 * (`(data) => f(a, data)`) that prettier cannot hug: the line up to its
 * `=>` is too wide, so the arguments are broken one a line, the function
 * among them (on its line, which `breakCall` checks).
 */
function unhuggedArrow(head: string, args: readonly string[], indent: string): boolean {
  const arrow = /^(\([\w$, ]*\)) => (.*)$/.exec(args[args.length - 1]!);
  if (arrow === null || arrow[2]!.includes("{") || !oneCall(arrow[2]!)) return false;
  const hugged = `${indent}${head}(${[...args.slice(0, -1), arrow[1]].join(", ")} =>`;
  return width(hugged) > FORMAT_OPTIONS.printWidth!;
}

/**
 * A call whose last argument is an object literal written on one line, the
 * call too wide: the object hugged, `head(a, {` then its members one a line
 * (each as `literalLines` lays out a member), then `})`; `undefined` when
 * the call fits or a line is not kept.
 */
function huggedObject(
  head: string,
  others: readonly string[],
  last: string,
  indent: string,
  end: string,
): string[] | undefined {
  const flat = `${indent}${head}(${[...others, last].join(", ")})${end}`;
  if (width(flat) <= FORMAT_OPTIONS.printWidth!) return undefined;
  const members = literalMembers(last, `${indent}  `);
  const first = `${indent}${head}(${[...others, "{"].join(", ")}`;
  const closing = `${indent}})${end}`;
  return members !== undefined && lineKept(first) && lineKept(closing)
    ? [first, ...members.lines, closing]
    : undefined;
}

/**
 * A call that fits on its line, with arrays among its arguments, which
 * prettier keeps flat unless it always breaks one of them: the line, when
 * it is kept but for its arrays (whose members are each checked).
 */
function flatWithArrays(
  head: string,
  args: readonly string[],
  indent: string,
  end: string,
): string[] | undefined {
  let blanked = `${indent}${head}(`;
  for (const [n, arg] of args.entries()) {
    const members = arg.startsWith("[") ? literalMembers(arg, `${indent}  `) : undefined;
    if (arg.startsWith("[") && (!members?.flat || alwaysBroken(members.items))) return undefined;
    if (members !== undefined && `[${members.items.join(", ")}]` !== arg) return undefined;
    blanked += `${n === 0 ? "" : ", "}${members === undefined ? arg : "x".repeat(arg.length)}`;
  }
  return lineKept(`${blanked})${end}`) ? [`${indent}${head}(${args.join(", ")})${end}`] : undefined;
}

/**
 * A call whose last argument is an array literal, the call too wide or the
 * array one prettier always breaks: the array hugged, `head(a, [` then its
 * elements one a line (each as `literalLines` lays out a member), then `])`.
 * Flat when it fits and the array is not one prettier always breaks, the
 * line then kept but for the array (whose members were each checked);
 * `undefined` when its first line or an element is not kept.
 */
function huggedArray(
  head: string,
  others: readonly string[],
  last: string,
  indent: string,
  end: string,
): string[] | undefined {
  const members = literalMembers(last, `${indent}  `);
  if (members === undefined) return undefined;
  const flat = `${indent}${head}(${[...others, `[${members.items.join(", ")}]`].join(", ")})${end}`;
  if (members.flat && !alwaysBroken(members.items) && width(flat) <= FORMAT_OPTIONS.printWidth!) {
    const array = `[${members.items.join(", ")}]`;
    return lineKept(flat.replace(array, "x".repeat(array.length))) ? [flat] : undefined;
  }
  const first = `${indent}${head}(${[...others, "["].join(", ")}`;
  return lineKept(first) ? [first, ...members.lines, `${indent}])${end}`] : undefined;
}

/**
 * A statement: a call of a name (`f(a, b);`, `return f(a, b);`,
 * `const x = f(a, b);`, `const x = /* @__PURE__ *\/ f([...]);`), broken as
 * `breakCall` does; an `if` without braces
 * whose test fits, its statement on the next line; an `if` assigning a call
 * in its test (`if ((v = f(a, b)) !== undefined) out.x = v;`).
 */
export function breakStatement(text: string, level: number): string[] | undefined {
  const indent = "  ".repeat(level);
  if (!widthKnown(text) || lineKept(indent + text)) return undefined;
  const names = /^((?:import|export) (?:type )?)\{ (.*) \}( from "[^"\\]*";)$/.exec(text);
  if (names !== null) {
    // Prettier never breaks a list of one name.
    const each = level === 0 ? listItems(names[2]!) : undefined;
    const name = /^(?:type )?[\w$]+(?: as [\w$]+)?$/;
    if (each === undefined || each.length < 2 || !each.every((n) => name.test(n))) return undefined;
    // A name wider than the line stays on its line, prettier having nowhere to break it.
    return kept([`${names[1]}{`, `}${names[3]}`])
      ? [`${names[1]}{`, ...each.map((n) => `  ${n},`), `}${names[3]}`]
      : undefined;
  }
  const typed = typeAlias(text, indent);
  if (typed !== undefined) return typed;
  const object = objectDeclaration(text, indent);
  if (object !== undefined) return object;
  const filtered = comparingArrow(text, indent);
  if (filtered !== undefined) return filtered;
  const listed = typeQueryAfterEquals(text, indent);
  if (listed !== undefined) return listed;
  const named = nameAfterEquals(text, indent);
  if (named !== undefined) return named;
  // A call (or `new`) of a name, or of a factory's method (`Object.freeze`), which prettier prints as a call of a name.
  const call =
    /^((?:return |(?:export )?(const |let )[\w$]+(?:: [\w$[\]<>, ]+)? = (?:\/\* @__PURE__ \*\/ )?)?(?:new )?(?:[A-Z][\w$]*\.)?[\w$]+(?:<[\w$.<>, [\]]*>)?)\((.*)\);$/.exec(
      text,
    );
  if (call !== null) {
    const args = listItems(call[3]!);
    if (args === undefined) return undefined;
    const declared = /^((?:export )?(?:const|let) [\w$]+(?:: [\w$[\]<>, ]+)?) = (.*)$/.exec(
      call[1]!,
    );
    if (declared !== null && !lineKept(`${indent}${call[1]}(`)) {
      return afterEquals(declared[1]!, declared[2]!, args, indent);
    }
    // A declaration's call of one short argument may be moved after the `=` instead; prettier
    // keeps it after the `=` when the argument is a name longer than a quarter of the line.
    const short =
      call[2] !== undefined && args.length === 1 && !STRINGS.test(args[0]!) && !longName(args[0]!);
    return short ? undefined : breakCall(call[1]!, args, indent, ";");
  }
  const split = ifParts(text);
  if (split === undefined) return undefined;
  const [test, statement] = split;
  const inner = `${indent}  `;
  const rest = lineKept(inner + statement)
    ? [inner + statement]
    : breakStatement(statement, level + 1);
  if (rest === undefined) return undefined;
  if (lineKept(`${indent}if (${test})`)) return [`${indent}if (${test})`, ...rest];
  const tested = breakAssignedTest(test, inner);
  return tested === undefined
    ? undefined
    : kept([`${indent}if (`, ...tested, `${indent})`, ...rest]);
}

/**
 * A declaration of a call whose head (`const x = f(`) is too wide for its
 * line, broken after its `=` as prettier does: the call on the next line, one
 * level deeper, flat when it fits there, else broken as `breakCall` does (a
 * call of one argument only flat, unless it is an array of strings or a name
 * longer than a quarter of the line, which prettier breaks out as any other).
 */
function afterEquals(
  declaration: string,
  callee: string,
  args: readonly string[],
  indent: string,
): string[] | undefined {
  const first = `${indent}${declaration} =`;
  const inner = `${indent}  `;
  const flat = `${inner}${callee}(${args.join(", ")});`;
  const rest = lineKept(flat)
    ? [flat]
    : args.length > 1 || STRINGS.test(args[0]!) || longName(args[0]!)
      ? breakCall(callee, args, inner, ";")
      : undefined;
  return rest !== undefined && lineKept(first) ? [first, ...rest] : undefined;
}

/**
 * A declaration of a name (`const a: T = b;`) too wide for its line, broken
 * after its `=` as prettier does: the name on the next line, one level deeper.
 * Both lines are kept however wide (prettier cannot break a name, nor a type
 * that is a name).
 */
function nameAfterEquals(text: string, indent: string): string[] | undefined {
  const found = /^((?:export )?(?:const|let) [\w$]+(?:: [\w$]+)?) = ([\w$]+(?:\.[\w$]+)*);$/.exec(
    text,
  );
  return found === null ? undefined : [`${indent}${found[1]} =`, `${indent}  ${found[2]};`];
}

/**
 * A type alias of the members of a list (`type A = (typeof aValues)[number];`)
 * too wide for its line, broken after its `=` as prettier does: the type on
 * the next line, one level deeper, however wide.
 */
function typeQueryAfterEquals(text: string, indent: string): string[] | undefined {
  const found = /^((?:export )?type [\w$]+) = (\(typeof [\w$]+\)\[number\];)$/.exec(text);
  if (found === null || !lineKept(`${indent}${found[1]} =`)) return undefined;
  // Prettier has nowhere to break the type: it stays on its line however wide.
  return [`${indent}${found[1]} =`, `${indent}  ${found[2]}`];
}

/**
 * A returned call of a method of an asserted call's result whose one
 * argument is an arrow function returning a comparison
 * (`return (f(a) as T[]).filter((x) => g(x) === true);`), too wide: prettier
 * does not hug such a function, but breaks it out on its own line.
 */
function comparingArrow(text: string, indent: string): string[] | undefined {
  const found =
    /^(return \([\w$.]+\([\w$, ]*\) as [\w$[\]]+\)\.[\w$]+)\((\([\w$]+\)) => ([\w$.[\]?]+\([\w$]*\) (?:===|!==) [\w$]+)\);$/.exec(
      text,
    );
  if (found === null || !tooWide(indent + text)) return undefined;
  const first = `${indent}${found[1]}(`;
  const arrow = `${indent}  ${found[2]} => ${found[3]},`;
  // The first line holds only names, dots and brackets: it is as written when it fits.
  return width(first) <= FORMAT_OPTIONS.printWidth! && lineKept(arrow)
    ? [first, arrow, `${indent});`]
    : undefined;
}

/**
 * A declaration of an object literal written on one line, too wide
 * (`const x = { a: b, c: d };`): its properties one a line (see
 * `memberOfLiteral`), the declaration's head on the first line.
 */
function objectDeclaration(text: string, indent: string): string[] | undefined {
  const found = /^((?:export )?(?:const|let) [\w$]+ = )(\{ .* \});$/.exec(text);
  const members = found === null ? undefined : literalMembers(found[2]!, `${indent}  `);
  if (members === undefined || !tooWide(indent + text)) return undefined;
  const first = `${indent}${found![1]}{`;
  return lineKept(first) ? [first, ...members.lines, `${indent}};`] : undefined;
}

/** A type alias of a union, broken as the types files break it (see `emit/ts-layout.ts`). */
function typeAlias(text: string, indent: string): string[] | undefined {
  if (!/^(?:export )?type /.test(text)) return undefined;
  const broken = breakTypedLines(indent + text, FORMAT_OPTIONS.printWidth!);
  if (broken !== indent + text) return kept(broken.split("\n"));
  return genericAfterEquals(text, indent) ?? typeArgumentLines(text, indent);
}

/**
 * A type alias of a generic type (`type A<T extends keyof B> = C<B[T]>;`)
 * whose line is too wide up to the generic's `<`: prettier breaks it after
 * its `=` (it would break the type arguments only if that part fitted), the
 * type on the next line, one level deeper, when it fits there. A type
 * parameter at most, so that prettier does not break the left side instead.
 */
function genericAfterEquals(text: string, indent: string): string[] | undefined {
  const found =
    /^((?:export )?type [\w$]+(?:<[\w$]+(?: extends (?:keyof )?[\w$.]+)?>)?) = ([\w$.]+<[\w$.[\], ]+>;)$/.exec(
      text,
    );
  if (
    found === null ||
    !tooWide(`${indent}${text.slice(0, text.indexOf("<", found[1]!.length) + 1)}`)
  ) {
    return undefined;
  }
  return kept([`${indent}${found[1]} =`, `${indent}  ${found[2]}`]);
}

/**
 * A type alias of one type parameter whose type is a generic type too wide
 * (`type A<M> = Omit<B<M, C>, "d">;`): its type arguments one a line, with
 * no trailing comma. Each argument a generic type or a string; a lone
 * argument a generic type (prettier hugs a simple one).
 */
function typeArgumentLines(text: string, indent: string): string[] | undefined {
  const found = /^((?:export )?type [\w$]+(?:<[\w$ ]+(?: = "[\w$]*")?>)? = [\w$.]+)<(.*)>;$/.exec(
    text,
  );
  const args = found === null ? undefined : typeArguments(found[2]!);
  if (args === undefined || args.length === 0 || !tooWide(indent + text)) return undefined;
  const generic = /^[\w$.]+<[\w$.<>, ]+>$/;
  const union = /^[\w$.]+(?: \| [\w$.]+)+$/;
  if (args.length === 1 && union.test(args[0]!)) {
    return kept([`${indent}${found![1]}<`, `${indent}  ${args[0]}`, `${indent}>;`]);
  }
  if (!args.every((arg) => generic.test(arg) || /^"[\w$ -]*"$/.test(arg))) return undefined;
  if (args.length === 1 && !generic.test(args[0]!)) return undefined;
  return kept([
    `${indent}${found![1]}<`,
    ...args.map((arg, n) => `${indent}  ${arg}${n < args.length - 1 ? "," : ""}`),
    `${indent}>;`,
  ]);
}

/**
 * A test `(v = f(a, b)) !== x` too wide for `if (...)`, on the lines
 * between `if (` and `)`: on one line when it fits; else broken before the
 * right operand when the rest fits; else, when its last argument is an arrow
 * function returning a call, that function hugged if the line fits up to
 * its `=>`; else the call's arguments one a line (such a function broken
 * after its `=>` when too wide).
 */
function breakAssignedTest(test: string, inner: string): string[] | undefined {
  const found = /^\(([\w$]+) = ([\w$]+)\((.*)\)\) (!==|===) ([\w$]+)$/.exec(test);
  if (found === null) return undefined;
  const [, name, callee, list, operator, right] = found;
  const args = listItems(list!);
  // A call of one argument may be moved after the `=` instead.
  if (args === undefined || args.length < 2 || !args.slice(0, -1).every(middleArgument)) {
    return undefined;
  }
  const last = args[args.length - 1]!;
  const arrow = /^(\([\w$, ]*\)) => ([\w$]+\(.*\))$/.exec(last);
  if (!plainArgument(last) && (arrow === null || !oneCall(arrow[2]!))) return undefined;
  if (lineKept(inner + test)) return [inner + test];
  const left = `${inner}(${name} = ${callee}(${list}))`;
  if (lineKept(`${left} ${operator}`)) return [`${left} ${operator}`, `${inner}${right}`];
  const closing = `${inner})) ${operator} ${right}`;
  if (arrow !== null) {
    // A last arrow function is hugged when the line fits up to its `=>`, its body on the next line.
    const first = `${inner}(${name} = ${callee}(${[...args.slice(0, -1), arrow[1]].join(", ")} =>`;
    const body = `${inner}  ${arrow[2]},`;
    if (lineKept(first)) return lineKept(body) ? [first, body, closing] : undefined;
  }
  const lines = [`${inner}(${name} = ${callee}(`];
  for (const arg of args) {
    const each = `${inner}  ${arg},`;
    if (lineKept(each) || arg !== last || arrow === null) lines.push(each);
    else lines.push(`${inner}  ${arrow[1]} =>`, `${inner}    ${arrow[2]},`);
  }
  return [...lines, closing];
}

/**
 * The head of a function declaration (`export function f(a: A, b: B): R {`)
 * too wide for its line, its parameters one a line (its type parameters
 * staying on the first line). Not for default values, or types holding
 * object or function types.
 */
export function breakHead(head: string, level: number): string[] | undefined {
  const indent = "  ".repeat(level);
  if (!widthKnown(head) || lineKept(indent + head)) return undefined;
  const found =
    /^((?:export )?(?:async )?function [\w$]+(?:<[^(){}]*>)?)\((.*)\)((?:: [^{}=]+)?) \{$/.exec(
      head,
    );
  return found === null
    ? undefined
    : breakParameters(found[1]!, found[2]!, `)${found[3]} {`, indent);
}

/**
 * A member of an interface too wide for its line: a method signature
 * (`name<T>(a: A, b?: B): R;`) its parameters one a line, as `breakHead`
 * breaks a function's; a property whose type is a union, as the types files
 * break it (see `emit/ts-layout.ts`); a property whose type is a name or one
 * string literal, on its line, however wide (see `STRING_LITERAL_PROPERTY`).
 */
export function breakMember(text: string, level: number): string[] | undefined {
  const indent = "  ".repeat(level);
  if (!widthKnown(text) || lineKept(indent + text)) return undefined;
  // A property whose type is a name (or an array of one): prettier has nowhere to break it.
  if (/^(?:readonly )?[A-Za-z_$][\w$]*\??: [\w$]+(?:\.[\w$]+)*(?:\[\])*;$/.test(text)) {
    return [indent + text];
  }
  const literal = STRING_LITERAL_PROPERTY.exec(text);
  if (literal !== null) return [`${indent}${literal[1]}${printedString(literal[2]!)};`];
  const method = /^([\w$]+\??(?:<[^(){}]*>)?)\((.*)\)(: [^{}=]+);$/.exec(text);
  if (method !== null) return breakParameters(method[1]!, method[2]!, `)${method[3]};`, indent);
  const objectType = objectTypeLines(text.slice(0, -1), indent);
  if (objectType !== undefined) return objectType;
  const broken = breakTypedLines(indent + text, FORMAT_OPTIONS.printWidth!);
  return broken === indent + text ? undefined : kept(broken.split("\n"));
}

/**
 * A property named by an identifier whose type is one string literal:
 * prettier has nowhere to break it, so it stays on its line however wide,
 * the literal printed as prettier prints strings (see `printedString`: in
 * single quotes when it holds more double quotes than single ones).
 */
const STRING_LITERAL_PROPERTY =
  /^((?:readonly )?[A-Za-z_$][\w$]*\??: )("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*');$/;

/**
 * A property of an interface or an object type too wide for its line
 * (without its `;`), whose type is an object type written on one line
 * (`key: { a: A; b?: B }`): one member a line, each kept or itself broken
 * so; `undefined` for any other text.
 */
function objectTypeLines(text: string, indent: string): string[] | undefined {
  const found = /^((?:readonly )?[\w$]+\??): \{ (.*) \}$/.exec(text);
  const tokens = found === null ? undefined : tokenize(found[2]!);
  if (tokens === undefined || tokens.comments.length > 0) {
    return undefined;
  }
  const inner = found![2]!;
  const members: string[] = [];
  let from = 0;
  for (let i = 0; i < tokens.code.length; i++) {
    const match = tokens.code.match[i]!;
    if (match > i) i = match;
    else if (inner[tokens.code.start[i]!] === ";") {
      members.push(inner.slice(from, tokens.code.start[i]));
      // One space after each separator, which the item then starts after.
      if (inner[tokens.code.end[i]!] !== " ") return undefined;
      from = tokens.code.end[i]! + 1;
    }
  }
  members.push(inner.slice(from));
  const deeper = `${indent}  `;
  const lines: string[] = [];
  for (const member of members) {
    if (member === "" || member.trim() !== member) return undefined;
    const each = lineKept(`${deeper}${member};`)
      ? [`${deeper}${member};`]
      : objectTypeLines(member, deeper);
    if (each === undefined) return undefined;
    lines.push(...each);
  }
  return lineKept(`${indent}${found![1]}: {`)
    ? [`${indent}${found![1]}: {`, ...lines, `${indent}};`]
    : undefined;
}

/**
 * `head(` then the parameters one a line, then `end`, when each is a name
 * with a type (no object or function type), and maybe a default value that
 * is a name, a number, a string, `{}` or `[]`. A head too wide for its line
 * is broken in its type parameters, one a line (see `breakTypeParameters`),
 * its parameters then on the line of `>(` when they fit there.
 */
function breakParameters(
  head: string,
  list: string,
  end: string,
  indent: string,
): string[] | undefined {
  const params = withTypeArguments(listItems(list));
  const param = /^(?:\.\.\.)?[\w$]+\??: [^{}=()]+(?: = (?:\{\}|\[\]|"[^"\\]*"|[\w$.]+))?$/;
  if (params === undefined || params.length === 0 || !params.every((p) => param.test(p))) {
    return undefined;
  }
  // A name without type parameters stays on its line however wide, prettier having nowhere to break it.
  const first =
    lineKept(`${indent}${head}(`) || UNBREAKABLE_NAME.test(head)
      ? [`${indent}${head}(`]
      : breakTypeParameters(head, indent);
  if (first === undefined) return undefined;
  // After its type parameters, a list that fits stays on the line of `>(`.
  const flat = `${indent}>(${params.join(", ")}${end}`;
  if (first.length > 1 && lineKept(flat)) return kept([...first.slice(0, -1), flat]);
  const lines = kept(params.map((p) => `${indent}  ${p},`));
  const closing = `${indent}${end}`;
  return lines !== undefined && (lineKept(closing) || UNBREAKABLE_END.test(end))
    ? [...first, ...lines, closing]
    : undefined;
}

/** A function's or method's name without type parameters, where prettier cannot break a head. */
const UNBREAKABLE_NAME = /^(?:(?:export )?(?:async )?function )?[\w$]+\??$/;

/**
 * The end of a head after its parameters whose return type is a name, maybe
 * with one type argument that is a name (which prettier hugs): it has
 * nowhere to break it, so it stays on its line however wide.
 */
const UNBREAKABLE_END = /^\)(?:: [\w$.]+(?:<[\w$.]+>)?)?(?: \{|;)$/;

/**
 * Items of a list split at commas that were inside type arguments
 * (`a: Omit<A, "b">`: `listItems` knows no angle brackets) joined again.
 */
function withTypeArguments(items: readonly string[] | undefined): string[] | undefined {
  if (items === undefined) return undefined;
  const out: string[] = [];
  let open = 0;
  for (const item of items) {
    if (open > 0) out[out.length - 1] += `, ${item}`;
    else out.push(item);
    const bare = item.replace(/"[^"\\]*"/g, "").replace(/=>/g, "");
    open += (bare.match(/</g)?.length ?? 0) - (bare.match(/>/g)?.length ?? 0);
    if (open < 0) return undefined;
  }
  return open === 0 ? out : undefined;
}

/** A type parameter: a name, maybe a constraint and a default of names (or a string). */
const TYPE_PARAMETER =
  /^[\w$]+(?: extends [\w$.<>[\], ]+)?(?: = (?:[\w$.<>[\], ]+|"[^"\\,<>]*"))?$/;

/**
 * `name<A, B>(` too wide for its line, as prettier breaks it: `name<`, the
 * type parameters one a line with a trailing comma, `>(`. Only for two type
 * parameters or more, or one with a constraint, each of names.
 */
function breakTypeParameters(head: string, indent: string): string[] | undefined {
  const found = /^([^<]+)<(.*)>$/.exec(head);
  const params = found === null ? undefined : typeArguments(found[2]!);
  // One type parameter is broken out only with a constraint (prettier hugs a bare name).
  const several = params !== undefined && (params.length > 1 || / extends /.test(params[0]!));
  if (!several || !params.every((p) => TYPE_PARAMETER.test(p))) return undefined;
  return [`${indent}${found![1]}<`, ...params.map((p) => `${indent}  ${p},`), `${indent}>(`];
}

/**
 * The head of a declaration of an object (`const x: T<A, B> = {`) too wide
 * for its line, its type annotation a
 * generic of several plain type arguments (names, generics of names,
 * arrays): prettier breaks the left-hand side there, one argument a line
 * (no trailing comma), then `> = {`, even when the part before the `{` fits
 * (where, for a type without arguments, it breaks after the `=`). `undefined`
 * for any other head.
 */
export function breakTypeArguments(head: string, level: number): string[] | undefined {
  const indent = "  ".repeat(level);
  const found = /^((?:export )?(?:const|let) [\w$]+: [\w$.]+)<([\w$.<>, [\]]+)> = \{$/.exec(head);
  if (found === null) return undefined;
  const args = typeArguments(found[2]!);
  if (args === undefined || args.length < 2) return undefined;
  return kept([
    `${indent}${found[1]}<`,
    ...args.map((arg, n) => `${indent}  ${arg}${n === args.length - 1 ? "" : ","}`),
    `${indent}> = {`,
  ]);
}

/** The arguments of a list of type arguments written `A, B<C, D>, E[], "f"`, split at commas outside `<>`. */
function typeArguments(text: string): string[] | undefined {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "<") depth++;
    else if (text[i] === ">") depth--;
    else if (text[i] === "," && depth === 0) {
      out.push(text.slice(from, i));
      from = i + 2;
      if (text[i + 1] !== " ") return undefined;
    }
    if (depth < 0) return undefined;
  }
  out.push(text.slice(from));
  return depth === 0 && out.every((arg) => /^[\w$"]/.test(arg) && arg.trim() === arg)
    ? out
    : undefined;
}

/**
 * A property of an object broken one property a line, whose value is a
 * conditional with a comparison as its test (`key: a === undefined ? b : c`):
 * the value on the next line when it fits there, else its three parts each
 * on a line; an array or object literal (see `literalLines`); an arrow
 * function returning a call (see `arrowProperty`); a call of a name of
 * several arguments (`key: f(a, b)`), its arguments one a line. `level` is
 * the property's.
 */
export function breakProperty(text: string, level: number): string[] | undefined {
  const indent = "  ".repeat(level);
  if (!widthKnown(text) || lineKept(`${indent}${text},`)) return undefined;
  const spread = /^\.\.\.([\w$]+)\((.*)\)( as [\w$]+)?$/.exec(text);
  const spreadArgs = spread === null ? undefined : listItems(spread[2]!);
  if (spreadArgs !== undefined && spreadArgs.length > 0) {
    // Prettier parenthesizes a spread value with a type assertion.
    const asType = spread![3];
    return asType === undefined
      ? breakCall(`...${spread![1]}`, spreadArgs, indent, ",")
      : breakCall(`...(${spread![1]}`, spreadArgs, indent, `${asType}),`);
  }
  const found = /^([\w$]+|"[^"\\]*"): (.*)$/.exec(text);
  if (found === null) return undefined;
  const unbreakable = unbreakableProperty(found[1]!, found[2]!, indent);
  if (unbreakable !== undefined) return unbreakable;
  const asConst = /^(\[.*\]) as const$/.exec(found[2]!);
  if (asConst !== null) return literalLines(indent, found[1]!, asConst[1]!, " as const,");
  const literal = literalLines(indent, found[1]!, found[2]!, ",");
  if (literal !== undefined) return literal;
  const arrow =
    arrowProperty(found[1]!, found[2]!, indent) ??
    arrowToName(found[1]!, found[2]!, indent) ??
    arrowToConditionals(found[1]!, found[2]!, indent);
  if (arrow !== undefined) return arrow;
  const call = /^([\w$]+)\((.*)\)$/.exec(found[2]!);
  const args = call === null ? undefined : listItems(call[2]!);
  // A call of one argument may be moved after the colon instead.
  if (args !== undefined && args.length > 1) {
    return breakCall(`${found[1]}: ${call![1]}`, args, indent, ",");
  }
  const array = arrayCall(found[1]!, found[2]!, indent);
  if (array !== undefined) return array;
  // A call of one short name, which prettier cannot break well, moves after a key wider than a tab.
  const short = args?.length === 1 && /^[\w$]+$/.test(args[0]!) && !longName(args[0]!);
  if (short && found[1]!.length > FORMAT_OPTIONS.tabWidth! && tooWide(`${indent}${text},`)) {
    return kept([`${indent}${found[1]}:`, `${indent}  ${found[2]},`]);
  }
  const hugged = huggedArrowCall(`${found[1]}: `, found[2]!, indent, ",");
  if (hugged !== undefined) return hugged;
  const parts = conditionalParts(found[2]!);
  if (parts === undefined) return undefined;
  const [test, yes, no] = parts;
  const inner = `${indent}  `;
  if (lineKept(`${inner}${found[2]},`)) return [`${indent}${found[1]}:`, `${inner}${found[2]},`];
  const head = kept([`${indent}${found[1]}:`, `${inner}${test}`, `${inner}  ? ${yes}`]);
  if (head === undefined) return undefined;
  // Broken only when too wide: a line not kept for another reason is left to prettier.
  const alternate = lineKept(`${inner}  : ${no},`)
    ? [`${inner}  : ${no},`]
    : tooWide(`${inner}  : ${no},`)
      ? alternateLines(no, inner)
      : undefined;
  return alternate === undefined ? undefined : [...head, ...alternate];
}

/**
 * The alternate of a conditional too wide for its line (`: value` after
 * `inner`), as prettier breaks it, aligned after its `: `: an object
 * literal one member a line; a call of a name its arguments one a line.
 */
function alternateLines(text: string, inner: string): string[] | undefined {
  const aligned = `${inner}    `;
  if (text.startsWith("{")) {
    const members = literalMembers(text, `${aligned}  `);
    return members === undefined ? undefined : [`${inner}  : {`, ...members.lines, `${aligned}},`];
  }
  const call = CALL.exec(text);
  const args = call === null ? undefined : listItems(call[2]!);
  const lines = args === undefined ? undefined : breakCall(call![1]!, args, aligned, ",");
  if (lines === undefined || lines.length < 2) return undefined;
  const first = `${inner}  : ${lines[0]!.trimStart()}`;
  return lineKept(first) ? [first, ...lines.slice(1)] : undefined;
}

/**
 * A call of a name or member whose one argument is an arrow function
 * returning a call (`v.map((item) => f(item))`), too wide after `prefix`:
 * the function hugged, its body on the next line, when each line is kept.
 */
function huggedArrowCall(
  prefix: string,
  text: string,
  indent: string,
  end: string,
): string[] | undefined {
  const found = /^([\w$]+(?:\.[\w$]+)*)\((\([\w$, ]*\)) => (.*)\)$/.exec(text);
  if (found === null || found[3]!.includes("{") || !oneCall(found[3]!)) return undefined;
  if (!tooWide(`${indent}${prefix}${text}${end}`)) return undefined;
  return kept([
    `${indent}${prefix}${found[1]}(${found[2]} =>`,
    `${indent}  ${found[3]},`,
    `${indent})${end}`,
  ]);
}

/**
 * A property whose value is an arrow function returning a call of a name
 * (`key: (a, b) => f(a, [[x, y]])`): on its line when it fits (see
 * `flatWithArrays`), else broken after `=>`, the call on the next line,
 * deeper, laid out as `breakCall` does.
 */
function arrowProperty(key: string, value: string, indent: string): string[] | undefined {
  const found = /^((?:async )?\((?:[\w$.]|, | = \{\})*\)) => ([\w$]+(?:\.[\w$]+)?)\((.*)\)$/.exec(
    value,
  );
  const args = found === null ? undefined : listItems(found[3]!);
  if (args === undefined || args.length === 0) return undefined;
  const [, params, callee, list] = found!;
  if (width(`${indent}${key}: ${value},`) <= FORMAT_OPTIONS.printWidth!) {
    return flatWithArrays(`${key}: ${params} => ${callee}`, args, indent, ",");
  }
  const head = `${indent}${key}: ${params} =>`;
  const inner = `${indent}  `;
  const body = lineKept(`${inner}${callee}(${list}),`)
    ? [`${inner}${callee}(${list}),`]
    : breakCall(callee!, args, inner, ",");
  return body !== undefined && lineKept(head) ? [head, ...body] : undefined;
}

/**
 * A property whose value is an arrow function without parameters returning
 * a name (`key: () => name`), too wide for its line: broken after `=>`, the
 * name on the next line, deeper, where it stays however wide (prettier has
 * nowhere to break it).
 */
function arrowToName(key: string, value: string, indent: string): string[] | undefined {
  const found = /^\(\) => ([\w$]+)$/.exec(value);
  if (found === null || !tooWide(`${indent}${key}: ${value},`)) return undefined;
  const head = `${indent}${key}: () =>`;
  return lineKept(head) ? [head, `${indent}  ${found[1]},`] : undefined;
}

/**
 * A property whose value is an arrow function returning a chain of
 * conditionals, each testing a comparison and giving a call, the last
 * alternate a simple value (`key: (a, b) => b === 1 ? f(a) : b === 2 ? g(a) : undefined`),
 * too wide for its line: broken after `=>`, the chain on the next line, one
 * level deeper, flat when it fits there (prettier then drops the parentheses
 * it puts around a conditional body on the arrow's line); else the first
 * test on that line, each `? call` and `: alternate` on a line of its own,
 * each nested conditional one level deeper than the one it is the
 * alternate of.
 */
function arrowToConditionals(key: string, value: string, indent: string): string[] | undefined {
  const found = /^(\([\w$, ]*\)) => (.*)$/.exec(value);
  if (found === null || !tooWide(`${indent}${key}: ${value},`)) return undefined;
  const inner = `${indent}  `;
  const test = new RegExp(
    String.raw`^(${SIMPLE} (?:===|!==) ${SIMPLE}) \? ([\w$]+\([\w$, ]*\)) : (.*)$`,
  );
  const lines = [`${indent}${key}: ${found[1]} =>`];
  let rest = found[2]!;
  let at = inner;
  let part = test.exec(rest);
  if (part === null) return undefined;
  lines.push(`${at}${part[1]}`);
  for (;;) {
    lines.push(`${at}  ? ${part[2]}`);
    rest = part[3]!;
    const next = test.exec(rest);
    if (next === null) break;
    lines.push(`${at}  : ${next[1]}`);
    at += "  ";
    part = next;
  }
  if (!new RegExp(`^${SIMPLE}$`).test(rest)) return undefined;
  // A chain that fits on the next line stays there flat, without parentheses.
  const flat = `${inner}${found[2]},`;
  if (!tooWide(flat)) return kept([lines[0]!, flat]);
  return kept([...lines, `${at}  : ${rest},`]);
}

/**
 * A property whose value is a call of one array literal, maybe pure
 * (`key: /* @__PURE__ *\/ f([{ a, b }, { c, d }])`): the array hugged, as
 * `breakCall` hugs a last array (flat when it fits and prettier does not
 * always break it, else one element a line).
 */
function arrayCall(key: string, value: string, indent: string): string[] | undefined {
  const found = /^((?:\/\* @__PURE__ \*\/ )?[\w$]+)\((\[.*\])\)$/.exec(value);
  if (found === null || !literalEnd(found[2]!)) return undefined;
  return breakCall(`${key}: ${found[1]}`, [found[2]!], indent, ",");
}

/**
 * A property whose value is a string or a name (or a chain of member names)
 * too wide for its line, which prettier cannot break: on the line of its key when the key is short (narrower than
 * a tab and three columns: breaking there would gain little), else on the
 * next line, one level deeper, however wide. `undefined` for any other
 * property, or a key prettier may write otherwise.
 */
function unbreakableProperty(key: string, value: string, indent: string): string[] | undefined {
  // A name, not a literal (prettier keeps a number or a boolean on the key's line whatever the key).
  const name = /^[A-Za-z_$][\w$]*(?:\.[\w$]+)*$/.test(value) && !LITERAL_WORDS.has(value);
  const unbreakable = unbreakableString(value) || name;
  if (!unbreakable || !tooWide(`${indent}${key}: ${value},`)) return undefined;
  if (!/^(?:[A-Za-z_$][\w$]*|[1-9]\d*)$/.test(key) && !quotedKey(`${key}: `)) return undefined;
  if (key.length < FORMAT_OPTIONS.tabWidth! + 3) return [`${indent}${key}: ${value},`];
  return [`${indent}${key}:`, `${indent}  ${value},`];
}

/** Words that are literals, not names. */
const LITERAL_WORDS = new Set(["true", "false", "null", "undefined", "this"]);

/** Whether the text is one string literal that prettier prints as written (see `stringKept`). */
export function unbreakableString(text: string): boolean {
  return /^(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')$/.test(text) && stringKept(text);
}

/**
 * An array or object literal as the value of a property (`key: [` ... `]`
 * then `end`), as prettier prints one written on one line: flat when it fits
 * and is not an array prettier always breaks (more than one element, all
 * objects or all arrays, each of more than one member), else one member a
 * line with a trailing comma. `undefined` for any other value, an array of
 * numbers (which prettier fills), or a member that is not kept flat on a line
 * of its own.
 */
function literalLines(
  indent: string,
  key: string | undefined,
  value: string,
  end: string,
): string[] | undefined {
  const members = literalMembers(value, `${indent}  `);
  if (members === undefined) return undefined;
  const [opening, closing] = value[0] === "[" ? ["[", "]"] : ["{ ", " }"];
  const prefix = key === undefined ? indent : `${indent}${key}: `;
  const flat = `${prefix}${opening}${members.items.join(", ")}${closing}${end}`;
  const broken = value[0] === "[" && alwaysBroken(members.items);
  if (members.flat && !broken && width(flat) <= FORMAT_OPTIONS.printWidth!) return [flat];
  return [`${prefix}${value[0]}`, ...members.lines, `${indent}${closing.trim()}${end}`];
}

/**
 * The members of an array or object literal laid out one a line at `indent`
 * (see `memberOfLiteral`), and whether each took one line; `undefined` for
 * any other value, an empty one, an array of numbers (which prettier fills),
 * or a member that cannot be laid out here.
 */
function literalMembers(
  value: string,
  indent: string,
): { items: string[]; lines: string[]; flat: boolean } | undefined {
  if (value[0] !== "[" && value[0] !== "{") return undefined;
  const items = literalItems(value);
  if (items === undefined || items.length === 0) return undefined;
  if (value[0] === "[" && items.every((item) => /^-?\d/.test(item))) return undefined;
  const each = items.map((item) => memberOfLiteral(item, indent));
  if (each.some((lines) => lines === undefined)) return undefined;
  return {
    items,
    lines: each.flatMap((lines) => lines!),
    flat: each.every((l) => l!.length === 1),
  };
}

/**
 * A member of a broken array or object literal, at `indent`: on its line when
 * it is kept there, else, when it is itself a literal (or a property holding
 * one), broken the same way; `undefined` otherwise.
 */
export function memberOfLiteral(item: string, indent: string): string[] | undefined {
  if (/^"[^"\\]*": /.test(item) && !quotedKey(item)) return undefined;
  if (lineKept(`${indent}${item},`)) return [`${indent}${item},`];
  // A string prettier cannot break stays on its line, however wide.
  if (unbreakableString(item)) return [`${indent}${item},`];
  if (item.startsWith("...")) return breakProperty(item, indent.length / 2);
  const property = /^([\w$]+): (.*)$/.exec(item);
  return property === null
    ? literalLines(indent, undefined, item, ",")
    : (literalLines(indent, property[1]!, property[2]!, ",") ??
        breakProperty(item, indent.length / 2));
}

/**
 * The elements of an array that prettier always breaks (see `alwaysBroken`),
 * one a line at `level`, each flat when it fits, else broken as
 * `literalLines` breaks a member; `undefined` for an array it may print
 * otherwise, or an element that cannot be laid out here.
 */
export function elementLines(items: readonly string[], level: number): string[] | undefined {
  if (!widthKnown(items.join("")) || !alwaysBroken(items)) return undefined;
  const each = items.map((item) => memberOfLiteral(item, "  ".repeat(level)));
  return each.every((lines) => lines !== undefined) ? each.flatMap((lines) => lines!) : undefined;
}

/** Whether prettier breaks an array of these elements one a line even when it fits (see `literalLines`). */
function alwaysBroken(items: readonly string[]): boolean {
  const kind = items[0]![0];
  return (
    items.length > 1 &&
    (kind === "{" || kind === "[") &&
    items.every((item) => item[0] === kind && (literalItems(item)?.length ?? 0) > 1)
  );
}

/** Whether the text is one bracketed literal, its first bracket closed by its last character. */
function literalEnd(text: string): boolean {
  const tokens = tokenize(text);
  return tokens !== undefined && tokens.code.match[0] === tokens.code.length - 1;
}

/**
 * The items of one bracketed literal (`[a, b]`, `{ a: b, c }`), its first
 * bracket closed by its last character, split as `listItems` splits a list
 * (the text read once); `undefined` for any other text.
 */
function literalItems(value: string): string[] | undefined {
  const tokens = tokenize(value);
  const last = tokens === undefined ? -1 : tokens.code.length - 1;
  if (tokens === undefined || tokens.comments.length > 0 || tokens.code.match[0] !== last) {
    return undefined;
  }
  const { start, end, match } = tokens.code;
  if (last === 1) return [];
  const items: string[] = [];
  let from = start[1]!;
  for (let i = 1; i < last; i++) {
    if (match[i]! > i) i = match[i]!;
    else if (value[start[i]!] === ",") {
      items.push(value.slice(from, start[i]));
      // One space after each comma, which the next item then starts after.
      if (value[end[i]!] !== " ") return undefined;
      from = end[i]! + 1;
    }
  }
  items.push(value.slice(from, end[last - 1]));
  return items.every((item) => item !== "" && item.trim() === item) ? items : undefined;
}

/** The test, consequent and alternate of `a === b ? c : d`, each a simple value or call. */
function conditionalParts(text: string): [string, string, string] | undefined {
  const found = new RegExp(String.raw`^(${SIMPLE} (?:===|!==) ${SIMPLE}) \? (.*) : (.*)$`).exec(
    text,
  );
  if (found === null) return undefined;
  const [, test, yes, no] = found;
  return conditionalBranch(yes!) && conditionalBranch(no!) ? [test!, yes!, no!] : undefined;
}

/**
 * A branch of a conditional that prettier prints as written on its line
 * when it fits there: not an array, a parenthesized expression or a
 * function (a call taking one, or an object on one line, is).
 */
function conditionalBranch(text: string): boolean {
  // Brackets paired within the branch, and no conditional inside (the split took the right colon).
  if (text.includes(" ? ") || tokenize(text) === undefined) return false;
  return (
    !/^[[(`]|^(?:async|function|class)\b/.test(text) && (!text.startsWith("{") || literalEnd(text))
  );
}

/** The test and statement of `if (test) statement;`, when that is all the text is. */
function ifParts(text: string): [string, string] | undefined {
  if (!text.startsWith("if (") || !text.endsWith(";")) return undefined;
  const tokens = tokenize(text);
  if (tokens === undefined || tokens.comments.length > 0) return undefined;
  const close = tokens.code.match[1];
  if (close === undefined || close < 0) return undefined;
  const statement = text.slice(tokens.code.end[close]! + 1);
  const body = tokenize(statement);
  // One statement: no other semicolon than the last, and no block.
  if (body === undefined || statement.startsWith("{")) return undefined;
  let semicolons = 0;
  for (let i = 0; i < body.code.length; i++) {
    if (statement[body.code.start[i]!] === ";") semicolons++;
  }
  if (semicolons !== 1) return undefined;
  return [text.slice(tokens.code.end[1], tokens.code.start[close]), statement];
}

/** The items of a list written `a, b, c` (commas inside brackets and strings left alone). */
function listItems(text: string): string[] | undefined {
  const tokens = tokenize(text);
  if (tokens === undefined || tokens.comments.length > 0) return undefined;
  const items: string[] = [];
  let from = 0;
  for (let i = 0; i < tokens.code.length; i++) {
    const match = tokens.code.match[i]!;
    if (match > i) i = match;
    else if (text[tokens.code.start[i]!] === ",") {
      items.push(text.slice(from, tokens.code.start[i]));
      // One space after each comma, which the next item then starts after.
      if (text[tokens.code.end[i]!] !== " ") return undefined;
      from = tokens.code.end[i]! + 1;
    }
  }
  if (text !== "") items.push(text.slice(from));
  return items.every((item) => item !== "" && item.trim() === item) ? items : undefined;
}

/**
 * Whether the text is a property whose key is a string prettier keeps
 * quoted: one that is not a name or a number (`"a.b": x`).
 */
export function quotedKey(text: string): boolean {
  const key = /^"([^"\\]*)": /.exec(text)?.[1];
  // ASCII only: prettier unquotes a name in other letters too (`"café"`), which this does not tell.
  return (
    key !== undefined && /^[\x20-\x7e]*$/.test(key) && !/^(?:[A-Za-z_$][\w$]*|\d[\d.]*)$/.test(key)
  );
}

/**
 * Whether a declaration's head up to its `=` (`export const x: readonly T[] =`)
 * holds nowhere prettier could break it, so that it stays on its line
 * however wide; the value then goes to the next line.
 */
export function unbreakableHead(head: string): boolean {
  return (
    widthKnown(head) &&
    /^(?:export )?(?:const|let) [\w$]+(?:: (?:readonly )?[\w$]+(?:\[\])?)? =$/.test(head)
  );
}

/** A property whose key is a quoted name, which prettier unquotes (`"a": x` → `a: x`); other text as it is. */
export function unquotedKey(text: string): string {
  return text.replace(/^"([A-Za-z_$][\w$]*)": /, "$1: ");
}

/**
 * The head of a declaration of an object too wide, annotated with a mapped
 * type (`const x: { readonly [k in K]?: V } = {`): the type broken, its
 * member on a line of its own.
 */
export function breakMappedType(head: string, level: number): string[] | undefined {
  const indent = "  ".repeat(level);
  const found =
    /^((?:export )?(?:const|let) [\w$]+): \{ ((?:readonly )?\[[\w$]+ in [\w$]+\]\??: [\w$[\] ]+) \} = \{$/.exec(
      head,
    );
  return found === null || !tooWide(indent + head)
    ? undefined
    : kept([`${indent}${found[1]}: {`, `${indent}  ${found[2]};`, `${indent}} = {`]);
}

/** Whether the text is a name longer than a quarter of the line, which prettier never takes for a short argument. */
function longName(text: string): boolean {
  return /^[\w$]+$/.test(text) && text.length > FORMAT_OPTIONS.printWidth! * 0.25;
}

/**
 * Whether a line is too wide for prettier's: only then is a line that is
 * not kept (see `lineKept`) broken here; one not kept for another reason (a
 * quote prettier may change...) is left to prettier.
 */
export function tooWide(line: string): boolean {
  return width(line) > FORMAT_OPTIONS.printWidth!;
}

/** The lines, when each is kept as written. */
function kept(lines: string[]): string[] | undefined {
  return lines.every((line) => lineKept(line)) ? lines : undefined;
}
