/** Words that cannot name a binding in ECMAScript or TypeScript. */
const RESERVED = new Set([
  "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else",
  "enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof",
  "new", "null", "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void",
  "while", "with", "yield", "let", "static", "implements", "interface", "package", "private", "protected",
  "public", "await", "any", "unknown", "never", "string", "number", "boolean", "bigint", "symbol", "object",
  "undefined", "Object", "Array", "Promise", "Error",
]);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A binding name (type, function, constant) that is safe to declare. */
export function safeIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${JSON.stringify(name)}`);
  return RESERVED.has(name) ? `${name}$` : name;
}

/** A property name as written in a type or object literal: bare when possible, quoted otherwise. */
export function propertyName(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** A property access expression: `value.name` or `value["@type"]`. */
export function propertyAccess(target: string, name: string): string {
  return IDENTIFIER.test(name) ? `${target}.${name}` : `${target}[${JSON.stringify(name)}]`;
}
