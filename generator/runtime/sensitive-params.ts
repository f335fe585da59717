/**
 * The sensitive path, query, header and cookie parameters of a REST
 * operation: their values as the call sent them, which server text is
 * scrubbed of like the request's sensitive fields, and the URL shown in
 * views with those values redacted.
 */
import { redact, type Secrets, type SensitiveKind } from "./redact.js";
import { scrubUrl } from "./scrub-url.js";

/** A parameter the contract marks sensitive (or whose name says it is): where it is sent, its wire name and its kind. */
export interface SensitiveParam {
  readonly in: "path" | "query" | "header" | "cookie";
  readonly name: string;
  readonly kind: SensitiveKind;
  /** A list sent as one value, its items joined by this (`,`, a space, `|`): each item is a secret of its own. */
  readonly separator?: string;
}

/** The items of a list parameter's value (the value itself when it is no list), empty ones left out. */
function itemsOf(value: string, separator: string | undefined): string[] {
  return separator === undefined ? [value] : value.split(separator).filter((item) => item !== "");
}

/** Percent-decoding that never throws: a malformed escape leaves the text as it is. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** `name=value` pairs of a query string or a `cookie` header, the name decoded, the value as written. */
function pairsOf(text: string, separator: RegExp): { name: string; value: string }[] {
  return text
    .split(separator)
    .filter((pair) => pair !== "")
    .map((pair) => {
      const eq = pair.indexOf("=");
      return eq < 0
        ? { name: decoded(pair.trim()), value: "" }
        : { name: decoded(pair.slice(0, eq).trim()), value: pair.slice(eq + 1) };
    });
}

/** The values of the path's `{name}` placeholders in `url`, as written in it (percent-encoded). */
function pathValues(template: string, url: string): Map<string, string> {
  const path = url.split(/[?#]/, 1)[0]!;
  const names: string[] = [];
  const pattern = template
    .replace(/^\/+/, "")
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const placeholder = /^\{([^}]+)\}$/.exec(part);
      if (!placeholder) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(placeholder[1]!);
      return "([^/?#]*)";
    })
    .join("");
  const found = new RegExp(`${pattern}$`).exec(path);
  return new Map(found ? names.map((name, i) => [name, found[i + 1]!] as const) : []);
}

/**
 * The secrets the sensitive parameters of a call carry: each value as the
 * caller gave it and as the URL or header spells it, with the parameter's
 * kind (a card number is then shown by its last four digits, a card code not at all).
 */
export function paramSecrets(
  params: readonly SensitiveParam[],
  template: string,
  url: string,
  headers: Readonly<Record<string, string>>,
): Secrets {
  const found = new Map<string, SensitiveKind>();
  const add = (written: string | undefined, p: SensitiveParam) => {
    if (written === undefined || written === "") return;
    const value = decoded(written);
    // The whole value, and each item of a list (a server may quote the one it refused).
    for (const one of new Set([value, ...itemsOf(value, p.separator)])) {
      const sent = one === value ? written : encodeURIComponent(one);
      // As the caller gave it, as sent, and as a URL parser rewrites it in a query (`'` escaped).
      for (const spelling of [one, sent, encodeURIComponent(one).replace(/'/g, "%27")])
        if (spelling !== "") found.set(spelling, p.kind);
    }
  };
  const queryAt = url.indexOf("?");
  const query = queryAt < 0 ? [] : pairsOf(url.slice(queryAt + 1).split("#", 1)[0]!, /&/);
  const path = params.some((p) => p.in === "path") ? pathValues(template, url) : new Map();
  const cookies = pairsOf(headers["cookie"] ?? "", /;/);
  for (const p of params) {
    if (p.in === "path") {
      add(path.get(p.name), p);
    } else if (p.in === "query" || p.in === "cookie") {
      for (const pair of p.in === "query" ? query : cookies)
        if (pair.name === p.name) add(pair.value, p);
    } else {
      const value = headers[p.name.toLowerCase()]?.trim();
      if (value === undefined || value === "") continue;
      found.set(value, p.kind);
      for (const item of itemsOf(value, p.separator))
        if (item.trim() !== "") found.set(item.trim(), p.kind);
    }
  }
  return found;
}

/** The lower-case names of the sensitive header parameters: hooks see them `[redacted]`. */
export function sensitiveParamHeaders(params: readonly SensitiveParam[]): string[] {
  return params.filter((p) => p.in === "header").map((p) => p.name.toLowerCase());
}

/**
 * `url` fit for a view: the value of each sensitive query parameter replaced
 * by its redacted form (`…1111`, `[redacted]`), and every secret of the call
 * (a sensitive path segment among them) scrubbed from the rest.
 */
export function redactParamsInUrl(
  url: string,
  params: readonly SensitiveParam[],
  secrets: Secrets,
): string {
  const byName = new Map(params.filter((p) => p.in === "query").map((p) => [p.name, p]));
  return scrubUrl(url, secrets, (pair) => {
    const eq = pair.indexOf("=");
    const p = eq < 0 ? undefined : byName.get(decoded(pair.slice(0, eq)));
    if (p === undefined) return undefined;
    // A list shows each item redacted (`…1111|…5559`), joined as sent.
    const items = itemsOf(decoded(pair.slice(eq + 1)), p.separator);
    const joint = p.separator === undefined ? "" : encodeURIComponent(p.separator);
    return `${pair.slice(0, eq)}=${items.map((item) => redact(p.kind, item)).join(joint)}`;
  });
}

/**
 * What a call does with its operation's sensitive parameters: the header names
 * hooks see `[redacted]`, the secrets the parameters carry, the URL views show.
 * A generated operation that has such parameters holds one (`paramRedaction`),
 * so a call of one that has none never reaches this module.
 */
export interface ParamRedaction {
  readonly headers: readonly string[];
  secrets(template: string, url: string, headers: Readonly<Record<string, string>>): Secrets;
  redactUrl(url: string, secrets: Secrets): string;
}

/** The {@link ParamRedaction} of an operation's sensitive parameters. */
export function paramRedaction(params: readonly SensitiveParam[]): ParamRedaction {
  return {
    headers: sensitiveParamHeaders(params),
    secrets: (template, url, headers) => paramSecrets(params, template, url, headers),
    redactUrl: (url, secrets) => redactParamsInUrl(url, params, secrets),
  };
}
