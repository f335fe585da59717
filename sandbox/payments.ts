/**
 * REST wallet payments (document 001): authorization, sale, reversal,
 * capture, the GET link targets and the voids.
 *
 * State machine (AUTHORIZED, REVERSED and PENDING are documented; the rest is
 * the sandbox's choice, see docs/sandbox.md):
 * - POST /pts/v2/payments → the payment is AUTHORIZED, or DECLINED by the
 *   decline rule (answered 201 all the same);
 * - reversal of an AUTHORIZED authorization, amount equal to the authorized
 *   amount → reversal record REVERSED, payment REVERSED;
 * - capture of an AUTHORIZED authorization, at most its amount → capture
 *   record PENDING, payment CAPTURED;
 * - void of a sale → payment VOIDED; void of a PENDING capture → capture
 *   VOIDED and its authorization AUTHORIZED again.
 */
import type { ValidationIssue } from "../generated/runtime/errors.js";
import type { ValidationResult } from "../generated/runtime/validate.js";
import {
  validateWallet001MerchantDecryptionCard001,
  validateWallet001MerchantDecryptionCard002,
  validateWallet001ServiceDecryption,
  validateWallet012,
} from "../generated/payments/flows.js";
import {
  type PaymentsHandlers,
  serializeCaptureResponse,
  serializePaymentResponse,
  serializeReversalResponse,
} from "../generated/payments/server.js";
import type {
  CaptureResponse,
  PaymentRequest,
  PaymentResponse,
  PaymentResponseLinks,
  PaymentResponsePaymentInformation,
  ReversalResponse,
} from "../generated/payments/types.js";
import type { OpaqueBody } from "../generated/runtime/opaque.js";
import type { ClientInfo } from "../generated/runtime/server/fetch-handler.js";
import type {
  CaptureRequest,
  ReversalRequest,
  VoidCaptureRequest,
  VoidPaymentRequest,
} from "../generated/payments/types.js";
import { answering, fail, jsonAnswer, replying, type SandboxAnswer } from "./http-io.js";
import { failValidation, requireBody } from "./json-body.js";
import { addDecimal, compareDecimal, isDeclineAmount, isPositive } from "./money.js";
import { optional } from "./objects.js";
import { isOpaqueObject, opaqueBody } from "./opaque.js";
import { cardDigits, cardNumberProblem, storeCard } from "./payment-data.js";
import type { NumberDigests } from "./store/digests.js";
import type {
  StoredCard,
  StoredResponse,
  TransactionBillTo,
  TransactionRecord,
} from "./store/records.js";
import type { Ledger, SubmitTime } from "./transactions.js";

const PAYMENTS = "/pts/v2/payments";

/** The processor response codes the sandbox answers (its choice). */
const APPROVED = "00";
const DECLINED = "05";

function link(href: string, method: "GET" | "POST"): { href: string; method: string } {
  return { href, method };
}

/** The flow a payment request follows, chosen from its paymentSolution and payment data. */
function flowIssues(request: PaymentRequest): ValidationIssue[] {
  const solution = request.processingInformation?.paymentSolution;
  let checked: ValidationResult<PaymentRequest> | undefined;
  if (solution === "012") checked = validateWallet012(request);
  else if (solution === "001") {
    if (request.paymentInformation?.fluidData !== undefined)
      checked = validateWallet001ServiceDecryption(request);
    else if (request.consumerAuthenticationInformation?.cavv !== undefined) {
      checked = validateWallet001MerchantDecryptionCard001(request);
    } else checked = validateWallet001MerchantDecryptionCard002(request);
  } else if (solution !== undefined) {
    return [
      {
        path: "processingInformation.paymentSolution",
        code: "enum",
        message: "must be 012 or 001 (a wallet flow), or absent for a plain card payment",
      },
    ];
  }
  if (checked !== undefined) return checked.ok ? [] : [...checked.issues];
  // A plain card payment (the sandbox's rule): card number, expiry, amount and currency.
  const issues: ValidationIssue[] = [];
  const card = request.paymentInformation?.card;
  const need = (value: string | undefined, path: string): void => {
    if (value === undefined || value === "")
      issues.push({ path, code: "required", message: "is required" });
  };
  need(card?.number, "paymentInformation.card.number");
  need(card?.expirationMonth, "paymentInformation.card.expirationMonth");
  need(card?.expirationYear, "paymentInformation.card.expirationYear");
  need(
    request.orderInformation?.amountDetails?.totalAmount,
    "orderInformation.amountDetails.totalAmount",
  );
  need(
    request.orderInformation?.amountDetails?.currency,
    "orderInformation.amountDetails.currency",
  );
  return issues;
}

function expiration(month: string | undefined, year: string | undefined): string | undefined {
  if (
    month === undefined ||
    year === undefined ||
    !/^[0-9]{1,2}$/.test(month) ||
    !/^[0-9]{4}$/.test(year)
  )
    return undefined;
  return `${year}-${month.padStart(2, "0")}`;
}

/** The card or network token of a request, as stored; undefined for a wallet payload the sandbox does not decrypt. */
function paymentCard(request: PaymentRequest, digests: NumberDigests): StoredCard | undefined {
  const info = request.paymentInformation;
  const card = info?.card;
  if (card?.number !== undefined) {
    const problem = cardNumberProblem(card.number);
    if (problem !== undefined) {
      failValidation([
        { path: "paymentInformation.card.number", code: "format", message: problem },
      ]);
    }
    return storeCard(
      cardDigits(card.number) ?? "",
      expiration(card.expirationMonth, card.expirationYear),
      digests,
    );
  }
  const token = info?.tokenizedCard;
  if (token?.number !== undefined) {
    const digits = cardDigits(token.number);
    if (digits === undefined || digits.length < 13 || digits.length > 19) {
      failValidation([
        {
          path: "paymentInformation.tokenizedCard.number",
          code: "format",
          message: "must have 13 to 19 digits",
        },
      ]);
    }
    return storeCard(digits, expiration(token.expirationMonth, token.expirationYear), digests);
  }
  return undefined;
}

/** paymentInformation of the answer: the card type, and the token's type, digits and expiry. */
function responsePaymentInformation(
  request: PaymentRequest,
  card: StoredCard | undefined,
): PaymentResponsePaymentInformation | undefined {
  const cardType = request.paymentInformation?.card?.type;
  const token = request.paymentInformation?.tokenizedCard;
  const out: PaymentResponsePaymentInformation = {
    ...(cardType !== undefined ? { card: { type: cardType } } : {}),
    ...(token !== undefined
      ? {
          tokenizedCard: {
            ...(token.type !== undefined ? { type: token.type } : {}),
            ...(token.number !== undefined && card !== undefined
              ? { prefix: card.bin, suffix: card.last4 }
              : {}),
            ...(token.expirationMonth !== undefined
              ? { expirationMonth: token.expirationMonth }
              : {}),
            ...(token.expirationYear !== undefined ? { expirationYear: token.expirationYear } : {}),
          },
        }
      : {}),
  };
  return Object.keys(out).length > 0 ? out : undefined;
}

function billToOf(request: PaymentRequest): TransactionBillTo | undefined {
  const b = request.orderInformation?.billTo;
  if (b === undefined) return undefined;
  return { ...b };
}

export class PaymentsApi {
  constructor(
    private readonly ledger: Ledger,
    /** The database's keyed digests of card numbers. */
    private readonly digests: NumberDigests,
  ) {}

  /**
   * The handlers of the generated payments server. `authorize` and `sale`
   * share `POST /pts/v2/payments`: the one handler answers both, telling a
   * sale by `processingInformation.capture`.
   */
  handlers(): PaymentsHandlers {
    return {
      authorize: replying(({ body, client }) => ({
        status: 201,
        body: this.createPayment(requireBody(body), client),
      })),
      reverse: replying(({ body, params, client }) => ({
        status: 201,
        body: this.reverse(body, params.id, client),
      })),
      capture: replying(({ body, params, client }) => ({
        status: 201,
        body: this.capture(body, params.id, client),
      })),
      voidPayment: replying(({ body, params, client }) => ({
        status: 201,
        body: this.voidPayment(body, params.id, client),
      })),
      voidCapture: replying(({ body, params, client }) => ({
        status: 201,
        body: this.voidCapture(body, params.id, client),
      })),
      getPayment: answering(({ params }) => this.getPayment(params.id)),
      getReversal: answering(({ params }) => this.getReversal(params.id)),
      getCapture: answering(({ params }) => this.getCapture(params.id)),
    };
  }

  /** POST /pts/v2/payments: an authorization, or a sale when processingInformation.capture is true. */
  private createPayment(body: PaymentRequest, client: ClientInfo): PaymentResponse {
    const issues = flowIssues(body);
    if (issues.length > 0)
      failValidation(issues, "the request does not follow a documented payment flow");
    const amountDetails = body.orderInformation?.amountDetails;
    const amount = amountDetails?.totalAmount ?? "";
    const currency = amountDetails?.currency ?? "";
    if (!isPositive(amount)) {
      failValidation([
        {
          path: "orderInformation.amountDetails.totalAmount",
          code: "range",
          message: "must be greater than zero",
        },
      ]);
    }
    const card = paymentCard(body, this.digests);
    const sale = body.processingInformation?.capture === true;
    const declined = isDeclineAmount(amount) || card?.declines === true;
    const id = this.ledger.newId();
    const time = this.ledger.submitTime();
    const approvalCode = declined ? undefined : this.ledger.ids.approvalCode();
    const rrn = id.slice(-12);
    const cardTypeCode =
      body.paymentInformation?.card?.type ?? body.paymentInformation?.tokenizedCard?.type;
    const clientCode = body.clientReferenceInformation?.code;
    const links: PaymentResponseLinks = declined
      ? { self: link(`${PAYMENTS}/${id}`, "GET") }
      : {
          authReversal: link(`${PAYMENTS}/${id}/reversals`, "POST"),
          capture: link(`${PAYMENTS}/${id}/captures`, "POST"),
          self: link(`${PAYMENTS}/${id}`, "GET"),
          ...(sale ? { void: link(`${PAYMENTS}/${id}/voids`, "POST") } : {}),
        };
    const paymentInformation = responsePaymentInformation(body, card);
    const response: PaymentResponse = {
      _links: links,
      id,
      ...(clientCode !== undefined ? { clientReferenceInformation: { code: clientCode } } : {}),
      status: declined ? "DECLINED" : "AUTHORIZED",
      submitTimeUtc: time.iso,
      reconciliationId: id.slice(-16),
      orderInformation: {
        amountDetails: {
          ...(declined ? {} : { authorizedAmount: amount }),
          currency,
          ...(sale ? { totalAmount: amount } : {}),
        },
      },
      ...(cardTypeCode !== undefined
        ? { paymentAccountInformation: { card: { type: cardTypeCode } } }
        : {}),
      ...(paymentInformation !== undefined ? { paymentInformation } : {}),
      pointOfSaleInformation: { terminalId: "SBX00001" },
      ...(body.processingInformation?.paymentSolution !== undefined
        ? { processingInformation: { paymentSolution: body.processingInformation.paymentSolution } }
        : {}),
      processorInformation: {
        ...(approvalCode !== undefined ? { approvalCode } : {}),
        networkTransactionId: id.slice(-15),
        transactionId: id.slice(-15),
        responseCode: declined ? DECLINED : APPROVED,
        avs: { code: "Y", codeRaw: "Y" },
        ...(sale && !declined
          ? { systemTraceAuditNumber: id.slice(-6), retrievalReferenceNumber: rrn }
          : {}),
      },
      ...(declined
        ? {
            errorInformation: {
              reason: "PROCESSOR_DECLINED",
              message: "Declined by the sandbox's decline rule.",
            },
          }
        : {}),
    };
    this.ledger.record({
      id,
      at: time,
      kind: sale ? "sale" : "authorization",
      status: declined ? "DECLINED" : "AUTHORIZED",
      applications: sale ? ["ics_auth", "ics_bill"] : ["ics_auth"],
      amount,
      currency,
      ...(clientCode !== undefined ? { clientReferenceCode: clientCode } : {}),
      ...optional("billTo", billToOf(body)),
      ...optional("payment", card),
      ...optional("cardTypeCode", cardTypeCode),
      ...optional("commerceIndicator", body.processingInformation?.commerceIndicator),
      ...optional("paymentSolution", body.processingInformation?.paymentSolution),
      ...optional("approvalCode", approvalCode),
      ...(declined ? {} : { retrievalReferenceNumber: rrn }),
      ...optional("ipAddress", client.remoteAddress),
      response: { type: "payment", body: response },
    });
    return response;
  }

  /** POST /pts/v2/payments/{id}/reversals. */
  private reverse(
    request: ReversalRequest | undefined,
    id: string,
    client: ClientInfo,
  ): ReversalResponse {
    // Without a body the reversal has no amount: answered as a missing field.
    const body = request ?? {};
    const payment = this.payment(id);
    const total = body.reversalInformation?.amountDetails?.totalAmount;
    if (total === undefined) {
      failValidation([
        {
          path: "reversalInformation.amountDetails.totalAmount",
          code: "required",
          message: "is required",
        },
      ]);
    }
    if (payment.kind !== "authorization")
      fail(409, "INVALID_STATE", "only an authorization can be reversed; void a sale");
    if (payment.status !== "AUTHORIZED")
      fail(409, "INVALID_STATE", `the payment is ${payment.status}, not AUTHORIZED`);
    if (compareDecimal(total, payment.amount) !== 0) {
      fail(400, "INVALID_AMOUNT", "the reversal amount must equal the authorized amount", [
        { field: "reversalInformation.amountDetails.totalAmount", reason: "value" },
      ]);
    }
    this.checkCurrency(body.orderInformation?.amountDetails?.currency, payment);
    const reversalId = this.ledger.newId();
    const time = this.ledger.submitTime();
    const code = body.clientReferenceInformation?.code ?? payment.clientReferenceCode;
    const response: ReversalResponse = {
      _links: { self: link(`/pts/v2/reversals/${reversalId}`, "GET") },
      id: reversalId,
      ...(code !== undefined ? { clientReferenceInformation: { code } } : {}),
      orderInformation: { amountDetails: { currency: payment.currency } },
      processorInformation: { responseCode: APPROVED },
      reconciliationId: reversalId.slice(-16),
      reversalAmountDetails: { reversedAmount: payment.amount, currency: payment.currency },
      status: "REVERSED",
      submitTimeUtc: time.iso,
    };
    this.derived(payment, client, {
      id: reversalId,
      at: time,
      kind: "reversal",
      status: "REVERSED",
      applications: ["ics_auth_reversal"],
      amount: payment.amount,
      code,
      response: { type: "reversal", body: response },
    });
    payment.status = "REVERSED";
    this.ledger.update(payment);
    return response;
  }

  /** POST /pts/v2/payments/{id}/captures. */
  private capture(
    request: CaptureRequest | undefined,
    id: string,
    client: ClientInfo,
  ): CaptureResponse {
    // Without a body the whole authorized amount is captured.
    const body = request ?? {};
    const payment = this.payment(id);
    if (payment.kind !== "authorization")
      fail(
        409,
        "INVALID_STATE",
        "only an authorization can be captured; a sale is captured already",
      );
    if (payment.status !== "AUTHORIZED")
      fail(409, "INVALID_STATE", `the payment is ${payment.status}, not AUTHORIZED`);
    const amount = body.orderInformation?.amountDetails?.totalAmount ?? payment.amount;
    if (!isPositive(amount) || compareDecimal(amount, payment.amount) > 0) {
      fail(
        400,
        "INVALID_AMOUNT",
        "the capture amount must be greater than zero and at most the authorized amount",
        [{ field: "orderInformation.amountDetails.totalAmount", reason: "value" }],
      );
    }
    this.checkCurrency(body.orderInformation?.amountDetails?.currency, payment);
    const captureId = this.ledger.newId();
    const time = this.ledger.submitTime();
    const code = body.clientReferenceInformation?.code ?? payment.clientReferenceCode;
    const response: CaptureResponse = {
      _links: {
        void: link(`/pts/v2/captures/${captureId}/voids`, "POST"),
        self: link(`/pts/v2/captures/${captureId}`, "GET"),
      },
      id: captureId,
      ...(code !== undefined ? { clientReferenceInformation: { code } } : {}),
      orderInformation: { amountDetails: { totalAmount: amount, currency: payment.currency } },
      reconciliationId: captureId.slice(-16),
      status: "PENDING",
      submitTimeUtc: time.iso,
    };
    this.derived(payment, client, {
      id: captureId,
      at: time,
      kind: "capture",
      status: "PENDING",
      applications: ["ics_bill"],
      amount,
      code,
      response: { type: "capture", body: response },
    });
    payment.status = "CAPTURED";
    payment.settledAmount = addDecimal(payment.settledAmount ?? "0", amount);
    this.ledger.update(payment);
    return response;
  }

  /** POST /pts/v2/payments/{id}/voids: voids a sale. */
  private voidPayment(
    voidRequest: VoidPaymentRequest | undefined,
    id: string,
    client: ClientInfo,
  ): OpaqueBody {
    const payment = this.payment(id);
    if (payment.kind !== "sale")
      fail(
        409,
        "INVALID_STATE",
        "only a sale can be voided here; reverse an authorization, void its capture",
      );
    if (payment.status !== "AUTHORIZED")
      fail(409, "INVALID_STATE", `the sale is ${payment.status}`);
    const body = this.voided(client, payment, voidRequest, "paymentVoid");
    payment.status = "VOIDED";
    this.ledger.update(payment);
    return body;
  }

  /** POST /pts/v2/captures/{id}/voids: voids a pending capture; its authorization can be captured or reversed again. */
  private voidCapture(
    voidRequest: VoidCaptureRequest | undefined,
    id: string,
    client: ClientInfo,
  ): OpaqueBody {
    const capture = this.ledger.get(id);
    if (capture === undefined || capture.kind !== "capture")
      fail(404, "NOT_FOUND", "no capture has this id");
    if (capture.status !== "PENDING")
      fail(409, "INVALID_STATE", `the capture is ${capture.status}, not PENDING`);
    const body = this.voided(client, capture, voidRequest, "captureVoid");
    capture.status = "VOIDED";
    this.ledger.update(capture);
    const payment = capture.parentId !== undefined ? this.ledger.get(capture.parentId) : undefined;
    if (payment !== undefined && payment.status === "CAPTURED") {
      payment.status = "AUTHORIZED";
      payment.settledAmount = undefined;
      this.ledger.update(payment);
    }
    return body;
  }

  /** GET /pts/v2/payments/{id}: the authorization or sale answer, with the payment's current status. */
  private getPayment(id: string): SandboxAnswer {
    const payment = this.payment(id);
    if (payment.response?.type !== "payment") fail(404, "NOT_FOUND", "no payment has this id");
    return jsonAnswer(
      200,
      serializePaymentResponse({ ...payment.response.body, status: payment.status }),
    );
  }

  /** GET /pts/v2/reversals/{id}. */
  private getReversal(id: string): SandboxAnswer {
    const reversal = this.ledger.get(id);
    if (reversal?.response?.type !== "reversal") fail(404, "NOT_FOUND", "no reversal has this id");
    return jsonAnswer(200, serializeReversalResponse(reversal.response.body));
  }

  /** GET /pts/v2/captures/{id}: the capture answer, with the capture's current status. */
  private getCapture(id: string): SandboxAnswer {
    const capture = this.ledger.get(id);
    if (capture?.response?.type !== "capture") fail(404, "NOT_FOUND", "no capture has this id");
    return jsonAnswer(
      200,
      serializeCaptureResponse({ ...capture.response.body, status: capture.status }),
    );
  }

  private payment(id: string): TransactionRecord {
    const payment = this.ledger.get(id);
    if (payment === undefined || (payment.kind !== "authorization" && payment.kind !== "sale")) {
      fail(404, "NOT_FOUND", "no payment has this id");
    }
    return payment;
  }

  private checkCurrency(currency: string | undefined, payment: TransactionRecord): void {
    if (currency !== undefined && currency.toUpperCase() !== payment.currency.toUpperCase()) {
      fail(400, "INVALID_DATA", "the currency must be the payment's currency", [
        { field: "orderInformation.amountDetails.currency", reason: "value" },
      ]);
    }
  }

  /** A transaction acting on `parent`, carrying its payment and billing data for search. */
  private derived(
    parent: TransactionRecord,
    client: ClientInfo,
    fields: {
      id: string;
      at?: SubmitTime;
      kind: TransactionRecord["kind"];
      status: string;
      applications: string[];
      amount: string;
      code: string | undefined;
      response?: StoredResponse;
    },
  ): TransactionRecord {
    return this.ledger.record({
      id: fields.id,
      ...optional("at", fields.at),
      ...optional("response", fields.response),
      kind: fields.kind,
      status: fields.status,
      applications: fields.applications,
      amount: fields.amount,
      currency: parent.currency,
      parentId: parent.id,
      ...optional("clientReferenceCode", fields.code),
      ...optional("billTo", parent.billTo),
      ...optional("payment", parent.payment),
      ...optional("cardTypeCode", parent.cardTypeCode),
      ...optional("paymentSolution", parent.paymentSolution),
      ...optional("commerceIndicator", parent.commerceIndicator),
      ...optional("ipAddress", client.remoteAddress),
    });
  }

  /** Records a void of `target` and returns its answer body (the sandbox's shape). */
  private voided(
    client: ClientInfo,
    target: TransactionRecord,
    voidRequest: OpaqueBody | undefined,
    kind: "paymentVoid" | "captureVoid",
  ): OpaqueBody {
    const given = voidRequest?.["clientReferenceInformation"];
    const givenCode = isOpaqueObject(given) ? given["code"] : undefined;
    const code = typeof givenCode === "string" ? givenCode : target.clientReferenceCode;
    const voidId = this.ledger.newId();
    const record = this.derived(target, client, {
      id: voidId,
      kind,
      status: "VOIDED",
      applications: ["ics_void"],
      amount: target.amount,
      code,
    });
    const body = {
      id: voidId,
      clientReferenceInformation: code !== undefined ? { code } : undefined,
      status: "VOIDED",
      submitTimeUtc: record.submitTimeUtc,
      reconciliationId: record.reconciliationId,
      voidAmountDetails: { voidAmount: target.amount, currency: target.currency },
    };
    return opaqueBody(body);
  }
}
