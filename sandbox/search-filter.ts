/**
 * Evaluating a parsed search query (the generated parser's syntax tree) over
 * the ledger's transactions. Time ranges are evaluated with the runtime's
 * date-math evaluator at the search's `NOW` in the request's time zone.
 *
 * Text matching (the sandbox's choice): values compare without regard to
 * case, amounts compare as decimals (`10` equals `10.00`), `*` matches any
 * run of characters. Card and account numbers are never stored: an exact
 * number compares by digest, a wildcard on a card number matches its masked
 * form (`411111XXXXXX1111`).
 */
import {
  evaluateRange,
  resolveField,
  type QueryNode,
  type RangeBounds,
} from "../generated/runtime/search-query/index.js";
import { isDecimal } from "../generated/runtime/scalars.js";
import { searchQueryLanguage, type SearchQueryField } from "../generated/search/query.js";
import { compareDecimal } from "./money.js";
import { cardDigits, maskedCardNumber } from "./payment-data.js";
import type { NumberDigests } from "./store/digests.js";
import type { TransactionRecord } from "./store/records.js";

/** A canonical field name (aliases resolved). */
type CanonicalField = Exclude<SearchQueryField, "reconciliationId">;

type Values = readonly (string | undefined)[];

const TEXT_VALUES: Readonly<
  Record<
    Exclude<CanonicalField, "submitTimeUtc">,
    (tx: TransactionRecord, merchantId: string) => Values
  >
> = {
  "applicationInformation.applications.name": (tx) => tx.applications,
  "applicationInformation.applications.reconciliationId": (tx) => [tx.reconciliationId],
  "buyerInformation.merchantCustomerId": (tx) => [tx.merchantCustomerId],
  "clientReferenceInformation.code": (tx) => [tx.clientReferenceCode],
  "clientReferenceInformation.partner.solutionId": () => [],
  "deviceInformation.ipAddress": (tx) => [tx.ipAddress],
  id: (tx) => [tx.id],
  "installmentInformation.identifier": () => [],
  merchantId: (_tx, merchantId) => [merchantId],
  "merchantInformation.resellerId": () => [],
  "merchantInformation.accountId": () => [],
  "orderInformation.amountDetails.currency": (tx) => [tx.currency],
  "orderInformation.amountDetails.totalAmount": (tx) => [tx.amount],
  "orderInformation.billTo.email": (tx) => [tx.billTo?.email],
  "orderInformation.billTo.firstName": (tx) => [tx.billTo?.firstName],
  "orderInformation.billTo.lastName": (tx) => [tx.billTo?.lastName],
  "orderInformation.billTo.phoneNumber": (tx) => [tx.billTo?.phoneNumber],
  "orderInformation.shipTo.phoneNumber": (tx) => [tx.shipToPhoneNumber],
  "paymentInformation.bank.account.number": () => [],
  "paymentInformation.bank.account.prefix": (tx) => [
    tx.payment?.kind === "bankAccount" ? tx.payment.accountPrefix : undefined,
  ],
  "paymentInformation.bank.account.suffix": (tx) => [
    tx.payment?.kind === "bankAccount" ? tx.payment.accountLast4 : undefined,
  ],
  "paymentInformation.card.number": (tx) => [
    tx.payment?.kind === "creditCard" ? maskedCardNumber(tx.payment) : undefined,
  ],
  "paymentInformation.card.prefix": (tx) => [
    tx.payment?.kind === "creditCard" ? tx.payment.bin : undefined,
  ],
  "paymentInformation.card.suffix": (tx) => [
    tx.payment?.kind === "creditCard" ? tx.payment.last4 : undefined,
  ],
  "paymentInformation.customer.customerId": (tx) => [tx.customerProfileId],
  "paymentInformation.paymentType.method": (tx) => [tx.paymentMethod],
  "paymentInformation.paymentType.type": (tx) => [tx.paymentType],
  "processingInformation.commerceIndicator": (tx) => [tx.commerceIndicator],
  "processorInformation.approvalCode": (tx) => [tx.approvalCode],
  "processorInformation.retrievalReferenceNumber": (tx) => [tx.retrievalReferenceNumber],
};

/** The canonical name of a field or alias of the query language. */
export function canonicalField(name: string): CanonicalField | undefined {
  const spec = resolveField(searchQueryLanguage, name);
  return spec === undefined ? undefined : (spec.name as CanonicalField);
}

/** Where a query is evaluated: its `NOW`, its time zone and the sandbox's merchant id. */
export interface FilterContext {
  readonly nowMs: number;
  readonly timeZone: string;
  readonly merchantId: string;
  /** The database's keyed digests, to look up an exact card or account number. */
  readonly digests: NumberDigests;
}

interface Window {
  readonly start: number;
  readonly end: number;
  readonly startInclusive: boolean;
  readonly endInclusive: boolean;
}

/** Evaluates a range once per search (every transaction sees the same `NOW`). */
export class RangeCache {
  private readonly windows = new WeakMap<object, Window>();

  constructor(private readonly ctx: FilterContext) {}

  window(bounds: RangeBounds): Window {
    let w = this.windows.get(bounds);
    if (w === undefined) {
      const r = evaluateRange(bounds, { now: this.ctx.nowMs, timeZone: this.ctx.timeZone });
      w = {
        start: r.start.getTime(),
        end: r.end.getTime(),
        startInclusive: r.startInclusive,
        endInclusive: r.endInclusive,
      };
      this.windows.set(bounds, w);
    }
    return w;
  }
}

export function inWindow(ms: number, w: Window): boolean {
  const afterStart = w.startInclusive ? ms >= w.start : ms > w.start;
  const beforeEnd = w.endInclusive ? ms <= w.end : ms < w.end;
  return afterStart && beforeEnd;
}

/** Whether the query filters submitTimeUtc anywhere (else the default window applies). */
export function hasTimeFilter(node: QueryNode): boolean {
  if (node.kind === "and" || node.kind === "or") return node.operands.some(hasTimeFilter);
  return canonicalField(node.field) === "submitTimeUtc";
}

function wildcardPattern(pattern: string): RegExp {
  const body = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}$`, "is");
}

function equalValue(field: CanonicalField, actual: string, wanted: string): boolean {
  if (
    field === "orderInformation.amountDetails.totalAmount" &&
    isDecimal(actual) &&
    isDecimal(wanted)
  ) {
    return compareDecimal(actual, wanted) === 0;
  }
  return actual.toLowerCase() === wanted.toLowerCase();
}

/** An exact lookup of a card or account number, compared by digest. */
function numberMatches(
  field: CanonicalField,
  tx: TransactionRecord,
  wanted: string,
  digests: NumberDigests,
): boolean | undefined {
  if (field === "paymentInformation.card.number") {
    const digits = cardDigits(wanted);
    if (digits === undefined) return undefined;
    return tx.payment?.kind === "creditCard" && tx.payment.digest === digests.of(digits);
  }
  if (field === "paymentInformation.bank.account.number") {
    return (
      tx.payment?.kind === "bankAccount" &&
      tx.payment.accountDigest === digests.of(wanted.replace(/\s/g, ""))
    );
  }
  return undefined;
}

/** Whether a transaction matches a query node. */
export function matches(
  node: QueryNode,
  tx: TransactionRecord,
  ctx: FilterContext,
  ranges: RangeCache,
): boolean {
  if (node.kind === "and")
    return node.operands.every((operand) => matches(operand, tx, ctx, ranges));
  if (node.kind === "or") return node.operands.some((operand) => matches(operand, tx, ctx, ranges));
  if (node.kind === "range") return inWindow(tx.submitTimeMs, ranges.window(node));
  const field = canonicalField(node.field);
  if (field === undefined || field === "submitTimeUtc") return false;
  const values = TEXT_VALUES[field](tx, ctx.merchantId).filter((v): v is string => v !== undefined);
  const equals = (wanted: string): boolean =>
    numberMatches(field, tx, wanted, ctx.digests) ??
    values.some((value) => equalValue(field, value, wanted));
  switch (node.kind) {
    case "eq":
      return equals(node.value);
    case "anyOf":
      return node.values.some(equals);
    case "prefix": {
      const prefix = node.prefix.toLowerCase();
      return values.some((value) => value.toLowerCase().startsWith(prefix));
    }
    case "wildcard": {
      const pattern = wildcardPattern(node.pattern);
      return values.some((value) => pattern.test(value));
    }
  }
}

/** The value a transaction is sorted by, for a sort field. */
export function sortKey(
  field: CanonicalField,
  tx: TransactionRecord,
  merchantId: string,
): string | number | undefined {
  if (field === "submitTimeUtc") return tx.submitTimeMs;
  return TEXT_VALUES[field](tx, merchantId).find((v): v is string => v !== undefined);
}

/** Compares two transactions by a sort field, ascending; absent values sort first. */
export function compareBy(
  field: CanonicalField,
  a: TransactionRecord,
  b: TransactionRecord,
  merchantId: string,
): number {
  const x = sortKey(field, a, merchantId);
  const y = sortKey(field, b, merchantId);
  if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? -1 : 1;
  if (typeof x === "number" && typeof y === "number") return x - y;
  const sx = String(x);
  const sy = String(y);
  if (field === "orderInformation.amountDetails.totalAmount" && isDecimal(sx) && isDecimal(sy))
    return compareDecimal(sx, sy);
  const lx = sx.toLowerCase();
  const ly = sy.toLowerCase();
  return lx < ly ? -1 : lx > ly ? 1 : 0;
}

export type { CanonicalField };
