/**
 * Redaction of sensitive values for error messages, log lines and inspect output.
 */

/** The kinds of sensitive field a schema can mark. */
export type SensitiveKind =
  | "card-number"
  | "account-number"
  | "card-code"
  | "routing-number"
  | "transaction-key"
  | "cryptogram"
  | "wallet-payload"
  | "token";

/** What a sensitive value is replaced with when nothing of it may be shown. */
export const REDACTED = "[redacted]";

/** The key Node.js reads a custom inspect function from (`util.inspect.custom`), for generated classes. */
export const inspectSymbol: unique symbol = Symbol.for("nodejs.util.inspect.custom");

/**
 * The printable form of a sensitive value. Card and account numbers with at
 * least 8 digits show `…` and their last four digits (`…1111`); every other
 * value, and every other kind, is `[redacted]`.
 */
export function redact(kind: SensitiveKind, value: unknown): string {
  if (kind !== "card-number" && kind !== "account-number") return REDACTED;
  let text: string;
  if (typeof value === "string") text = value;
  else if (typeof value === "bigint" || (typeof value === "number" && Number.isSafeInteger(value))) {
    text = String(value);
  } else return REDACTED;
  let digits = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) digits += text.charAt(i);
  }
  return digits.length >= 8 ? `\u2026${digits.slice(-4)}` : REDACTED;
}
