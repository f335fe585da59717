/**
 * The name each parameter of one REST operation has in the object a caller
 * passes (`params`) and a handler receives: one property per parameter. A
 * parameter's name is its wire name, which the contract may give to two
 * parameters in different places (a `Last-Event-ID` header and a
 * `Last-Event-ID` query parameter): both are sent, so the later one in the
 * order path, query, header, cookie takes its place before its wire name
 * (`header:Last-Event-ID`), with a `$` suffix when even that is taken. The
 * wire name stays the contract's.
 */

/** Where a parameter is sent, in the order names are claimed. */
export type ParameterPlace = "path" | "query" | "header" | "cookie";

const PLACE_ORDER: readonly ParameterPlace[] = ["path", "query", "header", "cookie"];

/** One parameter: its place and its wire name. */
export interface PlacedParameter {
  readonly place: ParameterPlace;
  readonly name: string;
}

/** The property name of each parameter, in the order given. */
export function parameterKeys(parameters: readonly PlacedParameter[]): string[] {
  const keys = new Array<string>(parameters.length);
  const taken = new Set<string>();
  const order = parameters
    .map((p, i) => ({ p, i }))
    .sort((a, b) => PLACE_ORDER.indexOf(a.p.place) - PLACE_ORDER.indexOf(b.p.place) || a.i - b.i);
  for (const { p, i } of order) {
    let key = taken.has(p.name) ? `${p.place}:${p.name}` : p.name;
    for (let n = 1; taken.has(key); n++) key = `${p.place}:${p.name}$${n === 1 ? "" : n}`;
    taken.add(key);
    keys[i] = key;
  }
  return keys;
}
