/**
 * Names generated code must never declare at the top level of a module: words
 * of the language, globals and built-in types the generated code or its
 * users refer to, and local names generated function bodies use.
 */
export const RESERVED: ReadonlySet<string> = new Set([
  // Words of JavaScript and TypeScript.
  "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum",
  "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null",
  "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield",
  "let", "static", "implements", "interface", "package", "private", "protected", "public", "await", "async",
  "any", "unknown", "never", "string", "number", "boolean", "bigint", "symbol", "object", "undefined", "type",
  "arguments", "eval", "as", "satisfies", "keyof", "infer", "is", "asserts", "declare", "namespace", "module",
  "readonly", "abstract", "constructor", "get", "set", "of", "from", "global", "require",
  // Globals and built-in types.
  "Object", "Function", "Array", "ReadonlyArray", "String", "Number", "Boolean", "BigInt", "Symbol", "Date",
  "RegExp", "Error", "TypeError", "RangeError", "SyntaxError", "AggregateError", "Promise", "PromiseLike", "Map",
  "Set", "WeakMap", "WeakSet", "ReadonlyMap", "ReadonlySet", "JSON", "Math", "Intl", "Reflect", "Proxy",
  "Record", "Partial", "Required", "Readonly", "Pick", "Omit", "Exclude", "Extract", "NonNullable", "ReturnType",
  "Parameters", "Awaited", "Uint8Array", "ArrayBuffer", "DataView", "URL", "URLSearchParams", "TextEncoder",
  "TextDecoder", "AbortSignal", "AbortController", "Headers", "Request", "Response", "fetch", "Buffer", "NodeJS",
  "globalThis", "console", "process", "setTimeout", "clearTimeout", "queueMicrotask", "structuredClone",
  "NaN", "Infinity", "isNaN", "isFinite", "parseInt", "parseFloat", "encodeURIComponent", "decodeURIComponent",
  // Local names of generated function bodies.
  "value", "values", "issues", "issue", "out", "path", "request", "response", "result", "options", "call",
  "input", "source", "base", "spec", "typed", "checked", "copied", "body", "xml", "json", "text", "operations",
  "element", "node", "items", "item", "key", "extra", "known", "group", "readOptions", "obj", "o", "u", "v",
  "itemPath", "index", "namespace", "field", "spec",
]);

/**
 * Names a method of an object a caller holds may not have: `then` makes the
 * object thenable (`await client` would call it), the others are what every
 * object already has and code relies on.
 */
export const MEMBER_RESERVED: ReadonlySet<string> = new Set([
  "then", "catch", "finally", "constructor", "__proto__", "prototype", "toString", "toLocaleString", "valueOf",
  "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "__defineGetter__", "__defineSetter__",
  "__lookupGetter__", "__lookupSetter__", "toJSON",
]);
