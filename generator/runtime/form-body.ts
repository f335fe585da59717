/**
 * Form serialisation (OpenAPI 3 `style`/`explode`, RFC 6570 form expansion):
 * the `application/x-www-form-urlencoded` body of an operation and its
 * object-valued query parameters, as `name=value` pairs, URL-encoded.
 *
 * - `form`, exploded: a list repeats its name (`a=1&a=2`), an object's
 *   properties are pairs of their own (`R=100&G=200`);
 * - `form`, not exploded: one pair, the values joined by `,`
 *   (`a=1,2`; an object `color=R,100,G,200`);
 * - `spaceDelimited`, `pipeDelimited`: a list joined by a space or `|`;
 * - `deepObject`: an object's properties in brackets (`metadata[key]=v`),
 *   nested objects likewise (`a[b][c]=v`), and list items by their index
 *   (`expand[0]=a&expand[1]=b`): OpenAPI defines deepObject for objects
 *   only, and indices are what form-decoding servers read as a list.
 *
 * Absent (`undefined`) values are left out; `null` is an empty value.
 * Property names are the wire names the types use.
 */
import { urlComponent } from "./url-component.js";

/** How one property is written. */
export interface FormField {
  readonly name: string;
  readonly style: "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
  readonly explode: boolean;
  /** Multipart: the part's media type. */
  readonly contentType?: string;
  /** Multipart: the value is a file (bytes). */
  readonly file?: true;
}

/** Fields each written as a `deepObject`, exploded (`name[key]=value`): one entry per name, the list a contract of many such fields would otherwise spell out. */
export function deepObjectFields(...names: readonly string[]): FormField[] {
  return names.map((name) => ({ name, style: "deepObject", explode: true }));
}

type Pair = readonly [name: string, value: string];

/** A scalar as form text: strings as they are, numbers and booleans as JavaScript writes them, null as empty. */
function scalarText(value: unknown): string {
  if (value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
    return String(value);
  return JSON.stringify(value) ?? "";
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Uint8Array)
  );
}

/** Own enumerable properties with a value, in order. */
function members(value: Readonly<Record<string, unknown>>): [string, unknown][] {
  return Object.entries(value).filter(([, v]) => v !== undefined);
}

/** `name[key][key2]...` pairs of a deepObject value. */
function deepPairs(name: string, value: unknown, out: Pair[], depth = 0): void {
  if (value === undefined) return;
  if (depth > 32) throw new RangeError(`${name}: nested too deeply for a form`);
  if (Array.isArray(value))
    value.forEach((item, i) => deepPairs(`${name}[${i}]`, item, out, depth + 1));
  else if (isRecord(value))
    for (const [key, v] of members(value)) deepPairs(`${name}[${key}]`, v, out, depth + 1);
  else out.push([name, scalarText(value)]);
}

/** The pairs of one named value written in `style`, `explode`. */
export function stylePairs(
  name: string,
  value: unknown,
  style: FormField["style"],
  explode: boolean,
): Pair[] {
  if (value === undefined) return [];
  const out: Pair[] = [];
  if (style === "deepObject") {
    deepPairs(name, value, out);
    return out;
  }
  const separator = style === "spaceDelimited" ? " " : style === "pipeDelimited" ? "|" : ",";
  if (Array.isArray(value)) {
    const items = (value as readonly unknown[]).filter((v) => v !== undefined);
    if (explode)
      for (const item of items)
        out.push([name, isRecord(item) ? JSON.stringify(item) : scalarText(item)]);
    else
      out.push([
        name,
        items
          .map((item) => (isRecord(item) ? JSON.stringify(item) : scalarText(item)))
          .join(separator),
      ]);
    return out;
  }
  if (isRecord(value)) {
    const entries = members(value);
    if (explode)
      for (const [key, v] of entries)
        out.push(...stylePairs(key, v, "form", true).map(([, text]) => [key, text] as const));
    else
      out.push([
        name,
        entries
          .flatMap(([key, v]) => [
            key,
            isRecord(v) || Array.isArray(v) ? JSON.stringify(v) : scalarText(v),
          ])
          .join(separator),
      ]);
    return out;
  }
  out.push([name, scalarText(value)]);
  return out;
}

/** URL-encodes pairs as `application/x-www-form-urlencoded` writes them (`%20` for a space, brackets encoded). */
export function encodePairs(pairs: readonly Pair[]): string {
  return pairs
    .map(([name, value]) => {
      // Named by the property (`metadata`, not `metadata[key]`): a key may be the caller's data.
      const property = name.split("[", 1)[0]!;
      return `${urlComponent(name, property)}=${urlComponent(value, property)}`;
    })
    .join("&");
}

/** The pairs of an object body: each property in the body's order, written as `fields` says (else `form`, exploded). */
export function formPairs(value: object, fields: readonly FormField[]): Pair[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const out: Pair[] = [];
  for (const [name, v] of members(value as Readonly<Record<string, unknown>>)) {
    const field = byName.get(name);
    out.push(...stylePairs(name, v, field?.style ?? "form", field?.explode ?? true));
  }
  return out;
}

/** An `application/x-www-form-urlencoded` body. */
export function formBody(value: object, fields: readonly FormField[]): string {
  return encodePairs(formPairs(value, fields));
}

/**
 * `url` with the query parameters appended in the order given, each written
 * as `fields` says (a parameter not listed: `form`, exploded); absent values
 * left out.
 */
export function withStyledQuery(
  url: string,
  params: Readonly<Record<string, unknown>>,
  fields: readonly FormField[],
): string {
  const query = encodePairs(formPairs(params, fields));
  if (query === "") return url;
  return `${url}${url.includes("?") ? "&" : "?"}${query}`;
}
