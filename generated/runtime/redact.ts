/**
 * Redaction of sensitive values for error messages, log lines and inspect
 * output, and scrubbing of server text that may echo them.
 */
import { JsonNumberText } from "./json-number-text.js";

import { maskCardNumbers } from "./redact-card-numbers.js";

/** The kinds of sensitive field a schema can mark. */
export type SensitiveKind =
  | "card-number"
  | "account-number"
  | "card-code"
  | "routing-number"
  | "transaction-key"
  | "cryptogram"
  | "wallet-payload"
  | "token"
  | "pin"
  | "track-data"
  | "secret"
  | "tax-id";

/** What a sensitive value is replaced with when nothing of it may be shown. */
export const REDACTED = "[redacted]";

/** The key Node.js reads a custom inspect function from (`util.inspect.custom`), for generated classes. */
export const inspectSymbol: unique symbol = Symbol.for("nodejs.util.inspect.custom");

/**
 * The sensitive values of one exchange, each with its kind: what the request
 * sent and what the response holds in its sensitive fields. Server text is
 * scrubbed of them before it reaches an error or a hook ({@link scrubText}).
 */
export type Secrets = ReadonlyMap<string, SensitiveKind>;

/** No secret at all. */
export const NO_SECRETS: Secrets = new Map();

/** Where {@link redact} records the values it is given while {@link collectingSecrets} runs. */
let collector: Map<string, SensitiveKind> | undefined;

/**
 * The printable form of a sensitive value. Card and account numbers with at
 * least 8 digits show `…` and their last four digits (`…1111`); every other
 * value, and every other kind, is `[redacted]`. Inside
 * {@link collectingSecrets}, the value is also recorded as a secret.
 */
export function redact(kind: SensitiveKind, value: unknown): string {
  if (collector !== undefined) collect(kind, value, collector);
  return redacted(kind, value);
}

/** Leaves of a value hidden whole shorter than this are too common to scrub from server text (`12`, `usd`), but for a card code. */
const MIN_LEAF = 4;
/** Three digits: a card's code, kept as a secret however short. */
const CARD_CODE = /^[0-9]{3}$/;
/** At most this many leaves of a value hidden whole are recorded. */
const MAX_LEAVES = 1000;

/**
 * Records a sensitive value as a secret: its text, or, for a value the
 * package cannot type and hides whole (an object or a list: a card the
 * contract does not let paygen type), the text of each of its leaves of at
 * least {@link MIN_LEAF} characters or of three digits, own properties only.
 */
function collect(kind: SensitiveKind, value: unknown, into: Map<string, SensitiveKind>): void {
  const text = textOf(value);
  if (text !== undefined) {
    if (text !== "") into.set(text, kind);
    return;
  }
  const seen = new Set<object>();
  const pending: unknown[] = [value];
  let leaves = 0;
  while (pending.length > 0 && leaves < MAX_LEAVES) {
    const next = pending.pop();
    const leaf = textOf(next);
    if (leaf !== undefined) {
      leaves++;
      if (leaf.length >= MIN_LEAF || CARD_CODE.test(leaf)) into.set(leaf, kind);
    } else if (typeof next === "object" && next !== null && !seen.has(next)) {
      seen.add(next);
      pending.push(...(Array.isArray(next) ? next : Object.values(next)));
    }
  }
}

function redacted(kind: SensitiveKind, value: unknown): string {
  if (kind !== "card-number" && kind !== "account-number") return REDACTED;
  let text: string;
  if (typeof value === "string") text = value;
  else if (
    typeof value === "bigint" ||
    (typeof value === "number" && Number.isSafeInteger(value))
  ) {
    text = String(value);
  } else return REDACTED;
  const digits = digitsOf(text);
  return digits.length >= 8 ? `\u2026${digits.slice(-4)}` : REDACTED;
}

/**
 * Calls `copy`, which makes a redacted copy synchronously (a generated
 * redactor), and returns the copy with every sensitive value that
 * {@link redact} was given meanwhile: the redactor knows where the sensitive
 * fields are, so walking a value with it is how its secrets are found.
 */
export function collectingSecrets<T>(copy: () => T): {
  readonly copy: T;
  readonly secrets: Secrets;
} {
  const outer = collector;
  const found = new Map<string, SensitiveKind>();
  collector = found;
  try {
    return { copy: copy(), secrets: found };
  } finally {
    collector = outer;
    if (outer) for (const [value, kind] of found) outer.set(value, kind);
  }
}

/** The union of several sets of secrets. */
export function mergeSecrets(...sets: readonly Secrets[]): Secrets {
  const nonEmpty = sets.filter((s) => s.size > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? NO_SECRETS;
  const out = new Map<string, SensitiveKind>();
  for (const set of nonEmpty) for (const [value, kind] of set) out.set(value, kind);
  return out;
}

function textOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "bigint" || (typeof value === "number" && Number.isFinite(value)))
    return String(value);
  return undefined;
}

function digitsOf(text: string): string {
  let digits = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) digits += text.charAt(i);
  }
  return digits;
}

/** Kinds whose values are numbers a server may also write grouped (`4111 1111 …`, `4111-1111-…`). */
const NUMBER_KINDS: ReadonlySet<SensitiveKind> = new Set([
  "card-number",
  "account-number",
  "routing-number",
  "tax-id",
]);
/** Fewer digits than this are too common to be matched by digits alone. */
const MIN_DIGIT_MATCH = 6;
/** A run of digits, single spaces or hyphens allowed between them. */
const DIGIT_RUN = /[0-9](?:[ -]?[0-9])*/g;

/** How a value may appear in server text: as is, escaped in XML, escaped in JSON. */
function spellings(value: string): string[] {
  const xml = value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
  const json = JSON.stringify(value).slice(1, -1);
  return [...new Set([value, xml, json])];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A compiled {@link scrubText} for one set of secrets; `cardShapes: false` leaves card-shaped numbers the call did not send. */
type Scrubber = (text: string, cardShapes?: boolean) => string;

const scrubbers = new WeakMap<Secrets, Scrubber>();

function scrubberOf(secrets: Secrets): Scrubber {
  const cached = scrubbers.get(secrets);
  if (cached) return cached;
  const replacement = new Map<string, string>();
  const numbers: { readonly digits: string; readonly shown: string }[] = [];
  for (const [value, kind] of secrets) {
    const shown = redacted(kind, value);
    for (const spelling of spellings(value))
      if (!replacement.has(spelling)) replacement.set(spelling, shown);
    const digits = NUMBER_KINDS.has(kind) ? digitsOf(value) : "";
    if (digits.length >= MIN_DIGIT_MATCH) numbers.push({ digits, shown });
  }
  // One pass, longest spelling first: a replacement is never scrubbed again.
  const pattern =
    replacement.size > 0
      ? new RegExp(
          [...replacement.keys()]
            .sort((a, b) => b.length - a.length)
            .map(escapeRegExp)
            .join("|"),
          "g",
        )
      : undefined;
  const scrub: Scrubber = (text, cardShapes = true) => {
    if (text === "") return text;
    const out = pattern
      ? text.replace(pattern, (found) => replacement.get(found) ?? REDACTED)
      : text;
    const known =
      numbers.length === 0
        ? out
        : out.replace(DIGIT_RUN, (run) => {
            if (run.length < MIN_DIGIT_MATCH) return run;
            const digits = digitsOf(run);
            return numbers.find((n) => digits.includes(n.digits))?.shown ?? run;
          });
    // Card numbers the call did not send, found by their shape.
    return cardShapes ? maskCardNumbers(known) : known;
  };
  scrubbers.set(secrets, scrub);
  return scrub;
}

/**
 * `text` with every occurrence of a secret replaced by its redacted form
 * (`…1111` for card and account numbers, `[redacted]` otherwise), whether
 * written as is or escaped for XML or JSON. A run of digits, spaces and
 * hyphens that holds the digits of a card, account or routing number is
 * replaced too, and so is every number shaped like a card number (13 to 19
 * digits passing the Luhn check), whoever sent it. Other text is returned unchanged.
 */
export function scrubText(text: string, secrets: Secrets): string {
  return scrubberOf(secrets)(text);
}

/**
 * {@link scrubText} of the secrets alone: a card-shaped number the call did not
 * send is kept (a URL's long numeric ids are not card numbers).
 */
export function scrubKnownSecrets(text: string, secrets: Secrets): string {
  return scrubberOf(secrets)(text, false);
}

/** Deeper than any parsed body goes (their parsers stop at 100 levels). */
const MAX_SCRUB_DEPTH = 128;

/**
 * A copy of a parsed value (JSON, XML tree, typed result) with every string,
 * and every key, scrubbed by {@link scrubText}. Numbers (a `JsonNumberText`
 * too), booleans and `null` are kept; anything else, and anything nested too deep, is {@link REDACTED}.
 */
export function scrubValue(value: unknown, secrets: Secrets): unknown {
  return scrubDeep(value, scrubberOf(secrets), 0);
}

/** A key naming an id (`id`, `instrumentId`, `payment_id`): its value is a reference, never taken for a card number by its shape. */
const ID_KEY = /^id$|[a-z0-9](?:Id|ID)$|[_-]id$/;

function scrubDeep(value: unknown, scrub: Scrubber, depth: number, isId = false): unknown {
  if (typeof value === "string") return scrub(value, !isId);
  if (value === null || value === undefined || typeof value === "boolean") return value;
  // A number kept as its text (a `JsonValue`'s) is masked like one written as a string, and kept when nothing is masked.
  if (value instanceof JsonNumberText)
    return scrub(value.text, !isId) === value.text ? value : scrub(value.text, !isId);
  // A number is text to a reader: a card number read as a JSON number is masked like one written as a string.
  if (typeof value === "number")
    return scrub(String(value), !isId) === String(value) ? value : scrub(String(value), !isId);
  if (typeof value === "bigint") return scrub(String(value));
  if (typeof value !== "object" || depth >= MAX_SCRUB_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubDeep(item, scrub, depth + 1));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    // defineProperty: a key such as `__proto__` stays an own property.
    Object.defineProperty(out, scrub(key), {
      value: scrubDeep((value as Record<string, unknown>)[key], scrub, depth + 1, ID_KEY.test(key)),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  return out;
}
