import type { SensitiveKind } from "./vocabulary.js";

/**
 * Sensitive fields recognised by their names, for contracts that mark none
 * (a published OpenAPI or WSDL contract has no such mark). Decided once per
 * field when the model is built: a mark the contract or an overlay wrote wins,
 * and an overlay's `sensitive: none` keeps a field from being marked.
 *
 * A name is read as words, whatever its case style (`cardNumber`,
 * `card_number`, `card-number`, `CARD_NUMBER`, or one word made of the
 * rules' words: `cardnumber`), and only its last words decide: `cardNumber`
 * is a card number, `cardNumberLength`, `cardType`, `cvvResult` and
 * `paymentTokenId` are not. A plural last word names a list of them
 * (`cardNumbers`, `apiKeys`). A plain `number` is a card
 * number inside a card, and an account number inside a bank account.
 *
 * A value the package cannot type (an opaque object: a union of an object
 * and text, say) holds what its name says it holds, fields paygen cannot
 * see: one named as a card or a bank account (`card`, `default_card`,
 * `us_bank_account`) is hidden whole, as a secret, unless what holds it
 * configures how one is used (`payment_method_options.card`).
 *
 * A REST operation's path, query, header and cookie parameters are read the
 * same way (they have no holder): a query `card_number`, a header
 * `X-Api-Secret`, a cookie `session_token`. A header parameter whose
 * name ends in `Authorization` holds credentials.
 */

/** Where a REST parameter is sent. */
export type ParameterLocation = "path" | "query" | "header" | "cookie";

/** Why a field is sensitive, when its name says so. */
export interface InferredMark {
  readonly kind: Exclude<SensitiveKind, "query">;
  /** What the name says, for the package README: `card number`, `security code`, ... */
  readonly reason: string;
}

/** What the inference reads of a field. */
export interface FieldToInfer {
  readonly name: string;
  /** A scalar's name, or `object` / `enum` / `opaque` (a value the package cannot type): only text and number values are marked, and opaque ones named as a card or a bank account. */
  readonly type: string;
  /** The contract says `format: password`. */
  readonly passwordFormat?: boolean;
  /** Where a REST parameter is sent; absent for a field of a type. */
  readonly location?: ParameterLocation;
}

/** One name rule: the last words of a name, each one of a set of words, and (optionally) words the holder must have. */
interface NameRule {
  readonly ending: readonly (readonly string[])[];
  readonly kind: InferredMark["kind"];
  readonly says: string;
  /** Words one of which must end a holder's name, the name being the ending alone (`number` is a card number only inside a card); `says` is then the whole reason. */
  readonly holder?: readonly string[];
  /** The only parameter location the rule holds for; absent: any field or parameter. */
  readonly location?: ParameterLocation;
}

const NUMBER = ["number", "num", "no", "nbr"];
/** The card verification codes' abbreviations (`ccv` is a common misspelling). */
const CARD_CODE = ["cvv", "cvv2", "cvc", "cvc2", "cvn", "csc", "cv2", "cvd", "ccv"];

/** First match wins: the more specific rules come first. */
const RULES: readonly NameRule[] = [
  {
    ending: [["primary"], ["account"], NUMBER],
    kind: "card-number",
    says: "primary account number",
  },
  {
    ending: [["card", "cc"], NUMBER],
    kind: "card-number",
    says: "card number",
  },
  { ending: [["pan"]], kind: "card-number", says: "PAN" },
  {
    ending: [NUMBER],
    holder: ["card"],
    kind: "card-number",
    says: "a number inside a card",
  },
  {
    ending: [["social"], ["security"], NUMBER],
    kind: "tax-id",
    says: "social security number",
  },
  {
    ending: [["security"], ["code", "number", "value"]],
    kind: "card-code",
    says: "security code",
  },
  {
    ending: [["card"], ["verification"], ["code", "value", "number"]],
    kind: "card-code",
    says: "card verification code",
  },
  { ending: [["card"], ["code"]], kind: "card-code", says: "card code" },
  {
    ending: [CARD_CODE],
    kind: "card-code",
    says: "card verification code",
  },
  {
    // Not `code`: PayPal's `cvv_code` is the processor's result, not the code.
    ending: [
      [...CARD_CODE, "cv"],
      ["value", "data", ...NUMBER],
    ],
    kind: "card-code",
    says: "card verification code",
  },
  {
    ending: [["cid"]],
    holder: ["card"],
    kind: "card-code",
    says: "a card identification number inside a card",
  },
  {
    ending: [["pin"], ["block", "data", "number", "code"]],
    kind: "pin",
    says: "PIN block",
  },
  { ending: [["pin"]], kind: "pin", says: "PIN" },
  { ending: [["cryptogram"]], kind: "cryptogram", says: "cryptogram" },
  { ending: [["cryptogram"], ["value", "data"]], kind: "cryptogram", says: "cryptogram" },
  {
    ending: [["cavv", "ucaf", "aav"]],
    kind: "cryptogram",
    says: "authentication cryptogram",
  },
  {
    ending: [
      ["cavv", "ucaf", "aav"],
      ["data", "value"],
    ],
    kind: "cryptogram",
    says: "authentication cryptogram",
  },
  {
    ending: [["ucaf"], ["authentication"], ["data", "value"]],
    kind: "cryptogram",
    says: "authentication cryptogram",
  },
  {
    ending: [["authentication"], ["value"]],
    kind: "cryptogram",
    says: "authentication value",
  },
  { ending: [["iban", "bban"]], kind: "account-number", says: "IBAN" },
  {
    ending: [["routing"], NUMBER],
    kind: "routing-number",
    says: "routing number",
  },
  {
    ending: [["routing"], ["transit"], NUMBER],
    kind: "routing-number",
    says: "routing number",
  },
  { ending: [["sort"], ["code"]], kind: "routing-number", says: "sort code" },
  { ending: [["aba", "bsb"]], kind: "routing-number", says: "routing number" },
  { ending: [["aba", "bsb", "transit"], NUMBER], kind: "routing-number", says: "routing number" },
  {
    ending: [["account", "acct"], NUMBER],
    kind: "account-number",
    says: "account number",
  },
  {
    ending: [NUMBER],
    holder: ["account"],
    kind: "account-number",
    says: "a number inside a bank account",
  },
  {
    ending: [["transaction"], ["key"]],
    kind: "transaction-key",
    says: "transaction key",
  },
  {
    ending: [["password", "passwd", "pwd", "passphrase", "passcode"]],
    kind: "secret",
    says: "password",
  },
  { ending: [["secret"]], kind: "secret", says: "secret" },
  { ending: [["otp"]], kind: "secret", says: "one-time password" },
  { ending: [["otp"], ["code", "value"]], kind: "secret", says: "one-time password" },
  { ending: [["secret"], ["access"], ["key"]], kind: "secret", says: "secret key" },
  {
    ending: [["private", "secret", "api", "signing", "shared", "hmac"], ["key"]],
    kind: "secret",
    says: "secret key",
  },
  { ending: [["token", "jwt"]], kind: "token", says: "token" },
  { ending: [["token"], ["value", ...NUMBER]], kind: "token", says: "token" },
  {
    ending: [["tax"], ["id", "number", "identifier", "no"]],
    kind: "tax-id",
    says: "tax id",
  },
  {
    ending: [["tax"], ["identification"], NUMBER],
    kind: "tax-id",
    says: "tax id",
  },
  { ending: [["ssn", "tin"]], kind: "tax-id", says: "social security number" },
  {
    ending: [["social"], ["insurance"], NUMBER],
    kind: "tax-id",
    says: "social insurance number",
  },
  { ending: [["cpf"]], kind: "tax-id", says: "CPF (a Brazilian tax id)" },
  {
    // Not `national number`: a phone's (E.164).
    ending: [["national"], ["id", "identifier"]],
    kind: "tax-id",
    says: "national id",
  },
  {
    ending: [["national"], ["id", "identification"], NUMBER],
    kind: "tax-id",
    says: "national id",
  },
  { ending: [["authorization"]], location: "header", kind: "secret", says: "credentials" },
  {
    ending: [["session", "sessionid", "jsessionid", "phpsessid", "sid"]],
    location: "cookie",
    kind: "token",
    says: "session id",
  },
  {
    ending: [["session"], ["id", "key"]],
    location: "cookie",
    kind: "token",
    says: "session id",
  },
];

/**
 * The words the rules are made of, and a few that come before them
 * (`credit`, `bank`, `encrypted`): what a name written as one word
 * (`cardnumber`, `CREDITCARDNUMBER`) is split into.
 */
const RULE_WORDS: ReadonlySet<string> = new Set([
  ...RULES.flatMap((rule) => [...rule.ending.flat(), ...(rule.holder ?? [])]),
  ...["credit", "bank", "encrypted", "track", "track1", "track2", "track3"],
]);

/**
 * A word written without separators split into the rule words it is made of,
 * fewest first (`creditcardnumber` → `credit`, `card`, `number`); the word
 * itself when it is one of them or not made of them only (`passwordpolicy`,
 * `company`).
 */
function joinedWords(word: string): readonly string[] {
  let words = JOINED_WORDS.get(word);
  if (words === undefined) {
    words = splitJoinedWord(word);
    JOINED_WORDS.set(word, words);
  }
  return words;
}

/** What `joinedWords` found for each word so far: the same words recur in the names of a contract. */
const JOINED_WORDS = new Map<string, readonly string[]>();

function splitJoinedWord(word: string): readonly string[] {
  if (RULE_WORDS.has(word) || word.length > 64) return [word];
  // best[i]: the fewest rule words `word.slice(0, i)` is made of.
  const best: (string[] | undefined)[] = [[]];
  for (let end = 1; end <= word.length; end++) {
    for (let start = 0; start < end; start++) {
      const head = best[start];
      const part = word.slice(start, end);
      if (
        head !== undefined &&
        RULE_WORDS.has(part) &&
        (best[end]?.length ?? Infinity) > head.length + 1
      )
        best[end] = [...head, part];
    }
  }
  return best[word.length] ?? [word];
}

/**
 * What an opaque value's name says it holds, read as the rules above read a
 * name (its last words, a plural as its singular), past words naming a shape
 * (`card_details`): hidden whole, its `says` the whole reason.
 */
const OPAQUE_RULES: readonly NameRule[] = [
  { ending: [["card"]], kind: "secret", says: "a card the contract does not let paygen type" },
  {
    ending: [["bank"], ["account"]],
    kind: "secret",
    says: "a bank account the contract does not let paygen type",
  },
];

/** Holders whose card or bank account field configures how one is used rather than holding one (`payment_method_options.card`). */
const SETTING_HOLDERS: ReadonlySet<string> = new Set([
  "options",
  "option",
  "settings",
  "preferences",
]);

/** Whether a holder's name ends with a word of settings, past shape words, parameters and a number (`PaymentMethodOptionsParam6`). */
function configures(holder: string): boolean {
  const words = nameWords(holder)
    .map((w) => w.replace(/\d+$/, ""))
    .filter((w) => w !== "" && w !== "param" && w !== "params");
  return holderWord(words).some((w) => SETTING_HOLDERS.has(w));
}

/** The mark of an opaque value named as a card or a bank account (or a list of them), whose fields paygen cannot see. */
function opaqueMark(name: string, holderNames: readonly string[]): InferredMark | undefined {
  const words = withoutShapeWords(nameWords(name));
  if (words.length === 0 || holderNames.some(configures)) return undefined;
  const rule = firstRule(OPAQUE_RULES, words, [], undefined);
  return rule && { kind: rule.kind, reason: rule.says };
}

/** Scalars whose values can be a secret: text, binary and whole numbers (a card number typed as an integer). */
const SECRET_SCALARS: ReadonlySet<string> = new Set([
  "string",
  "base64",
  "long",
  "int",
  "short",
  "decimal",
]);

/**
 * The words of a name, lower case: split at `_`, `-`, `.`, spaces and case
 * changes (`cardNumber`, `PANNumber` → `pan`, `number`). Digits stay with the
 * word before them (`cvv2`, `track1`).
 */
export function nameWords(name: string): readonly string[] {
  let words = NAME_WORDS.get(name);
  if (words === undefined) {
    words = splitName(name);
    NAME_WORDS.set(name, words);
  }
  return words;
}

/** What `nameWords` found for each name so far: a type's name is read for each of its fields. */
const NAME_WORDS = new Map<string, readonly string[]>();

function splitName(name: string): readonly string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== "")
    .flatMap((w) => joinedWords(w.toLowerCase()));
}

/** Track data: `track1`, `track_2`, `trackData`, `track2Data`, `encryptedTrackData`. */
function isTrackData(words: readonly string[]): boolean {
  const last = words.length - 1;
  const at = words.findIndex((w) => /^track[123]?$/.test(w));
  if (at < 0) return false;
  const numbered = /[123]$/.test(words[at]!) || /^[123]$/.test(words[at + 1] ?? "");
  const end = words[last]!;
  return (
    (at === last && numbered) ||
    (numbered && at + 1 === last && /^[123]$/.test(end)) ||
    end === "data"
  );
}

/** Trailing words that say what shape a type is, not what it holds. */
const SHAPE_WORDS: ReadonlySet<string> = new Set([
  "request",
  "response",
  "writable",
  "details",
  "detail",
  "info",
  "information",
  "input",
  "output",
  "body",
  "object",
  "type",
]);

/** The words of a name without the last ones that only name a shape (`card_request` → `card`); its first word is kept. */
function withoutShapeWords(words: readonly string[]): readonly string[] {
  let end = words.length;
  while (end > 1 && SHAPE_WORDS.has(words[end - 1]!)) end--;
  return words.slice(0, end);
}

/** The word that says what a holder is: its last word, past words that only name a shape. */
function holderWord(words: readonly string[]): readonly string[] {
  return withoutShapeWords(words).slice(-1);
}

/** A rule with a holder takes the whole name (`number`, not `issueNumber`) and the last word of a holder's name. */
function matches(
  rule: NameRule,
  words: readonly string[],
  holderEnds: readonly string[],
  location: ParameterLocation | undefined,
): boolean {
  if (rule.location !== undefined && rule.location !== location) return false;
  if (
    words.length < rule.ending.length ||
    (rule.holder !== undefined && words.length !== rule.ending.length)
  )
    return false;
  const start = words.length - rule.ending.length;
  if (!rule.ending.every((set, i) => set.includes(words[start + i]!))) return false;
  return rule.holder === undefined || rule.holder.some((w) => holderEnds.includes(w));
}

/**
 * The mark a field's name (or `format: password`) gives it, or `undefined`.
 * `holderNames` are the names of what holds it: its type, and the field an
 * inline type was declared in (none for a parameter).
 */
export function inferSensitive(
  field: FieldToInfer,
  holderNames: readonly string[],
): InferredMark | undefined {
  if (field.type === "opaque") return opaqueMark(field.name, holderNames);
  if (!SECRET_SCALARS.has(field.type)) return undefined;
  if (field.passwordFormat) return { kind: "secret", reason: "format: password" };
  const words = nameWords(field.name);
  if (words.length === 0) return undefined;
  if (isTrackData(words)) return { kind: "track-data", reason: "its name says track data" };
  // Only the last word of each holder name: `CardholderPhone.number` is not in a card. Words that
  // name a shape rather than a thing do not count: `card_request` and `CardWritable` are cards.
  const holderEnds = holderNames.flatMap((n) => holderWord(nameWords(n)));
  const rule = firstRule(RULES, words, holderEnds, field.location);
  return (
    rule && { kind: rule.kind, reason: rule.holder ? rule.says : `its name says ${rule.says}` }
  );
}

/**
 * The first of `rules` a name's words match, read as written and, when its
 * last word is a plural, with it as its singular: a plural names a list of
 * them (`cardNumbers`, `apiKeys`, `tokens`).
 */
function firstRule(
  rules: readonly NameRule[],
  words: readonly string[],
  holderEnds: readonly string[],
  location: ParameterLocation | undefined,
): NameRule | undefined {
  const last = words[words.length - 1]!;
  const singular = last.length > 3 && last.endsWith("s") ? joinedWords(last.slice(0, -1)) : [];
  for (const read of singular.length > 0 ? [words, [...words.slice(0, -1), ...singular]] : [words])
    for (const rule of rules) if (matches(rule, read, holderEnds, location)) return rule;
  return undefined;
}
