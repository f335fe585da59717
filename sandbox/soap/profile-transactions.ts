/**
 * Profile transactions (CreateCustomerProfileTransaction, document 000): the
 * six kinds against stored profile identifiers. Each one is recorded in the
 * ledger, so search and details see it.
 *
 * The response element is not shown by the document; the sandbox answers
 * (its choice, docs/sandbox.md):
 * `resultCode`, `messages`, `transId`, `refTransId` (the transaction acted
 * on), `status`, `responseCode` (1 approved, 2 declined), `authCode`,
 * `accountNumber` (masked), `accountType` and `amount`. A declined
 * transaction is answered with resultCode Error, message DECLINED, and its
 * transId.
 */
import type { OpaqueBody } from "../../generated/runtime/opaque.js";
import type {
  CustomerAddress,
  Message,
  ProfileTransAuth,
  ProfileTransPriorAuthCapture,
  ProfileTransRefund,
  ProfileTransVoid,
} from "../../generated/subscriptions/index.js";
import type { Credentials } from "../credentials.js";
import { utcMonth } from "../dates.js";
import {
  addDecimal,
  compareDecimal,
  isDeclineAmount,
  isPositive,
  subtractDecimal,
} from "../money.js";
import { opaqueBody } from "../opaque.js";
import { maskLast4 } from "../payment-data.js";
import type { TransactionBillTo, TransactionKind, TransactionRecord } from "../store/records.js";
import { SUBSCRIPTION_CURRENCY } from "../billing.js";
import {
  defineOperation,
  MessageCode,
  okMessages,
  SoapFailure,
  type SoapCall,
  type SoapContext,
  type SoapOperation,
} from "./operation.js";
import { requireAddress, requirePaymentProfile, requireProfile } from "./profile-model.js";

/** Profile transactions that capture funds, and so can be refunded. */
const CAPTURING: ReadonlySet<TransactionKind> = new Set([
  "profileAuthCapture",
  "profileCaptureOnly",
  "profilePriorAuthCapture",
]);

/** Profile transactions a void applies to. */
const VOIDABLE: ReadonlySet<TransactionKind> = new Set([
  "profileAuthCapture",
  "profileAuthOnly",
  "profileCaptureOnly",
  "profilePriorAuthCapture",
]);

function invalid(text: string): SoapFailure {
  return new SoapFailure(MessageCode.invalidRequest, text);
}

function billToOf(address: CustomerAddress | undefined): TransactionBillTo | undefined {
  if (address === undefined) return undefined;
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    email: address.email,
    phoneNumber: address.phoneNumber,
    address1: address.address,
    locality: address.city,
    administrativeArea: address.state,
    postalCode: address.zip,
    country: address.country,
  };
}

/** The result element (the sandbox's shape), in the XML-ready form of an opaque body. */
function resultOf(ok: boolean, messages: Message[], tx?: TransactionRecord): OpaqueBody {
  const payment = tx?.payment;
  return opaqueBody({
    resultCode: ok ? "Ok" : "Error",
    messages: { message: messages },
    transId: tx?.id,
    refTransId: tx?.parentId,
    status: tx?.status,
    responseCode: tx === undefined ? undefined : tx.status === "DECLINED" ? "2" : "1",
    authCode: tx?.approvalCode,
    accountNumber:
      payment === undefined
        ? undefined
        : maskLast4(payment.kind === "creditCard" ? payment.last4 : payment.accountLast4),
    accountType:
      payment === undefined
        ? undefined
        : payment.kind === "creditCard"
          ? payment.cardType
          : "eCheck",
    amount: tx?.amount,
  });
}

export class ProfileTransactionOperations {
  constructor(private readonly ctx: SoapContext) {}

  operations(credentials: Credentials): SoapOperation[] {
    return [
      defineOperation(
        {
          name: "CreateCustomerProfileTransaction",
          auth: true,
          handle: (request, call) => {
            const t = request.transaction;
            if (t === undefined) throw invalid("transaction is required");
            let tx: TransactionRecord;
            if (t.profileTransAuthCapture !== undefined)
              tx = this.auth(t.profileTransAuthCapture, "profileAuthCapture", call);
            else if (t.profileTransAuthOnly !== undefined)
              tx = this.auth(t.profileTransAuthOnly, "profileAuthOnly", call);
            else if (t.profileTransCaptureOnly !== undefined) {
              const approvalCode = t.profileTransCaptureOnly.approvalCode;
              if (approvalCode === undefined || approvalCode === "")
                throw invalid("profileTransCaptureOnly.approvalCode is required");
              tx = this.auth(t.profileTransCaptureOnly, "profileCaptureOnly", call, approvalCode);
            } else if (t.profileTransPriorAuthCapture !== undefined)
              tx = this.priorAuthCapture(t.profileTransPriorAuthCapture, call);
            else if (t.profileTransRefund !== undefined)
              tx = this.refund(t.profileTransRefund, call);
            else tx = this.void(t.profileTransVoid, call);
            if (tx.status === "DECLINED") {
              return resultOf(
                false,
                [{ code: MessageCode.declined, text: "This transaction has been declined." }],
                tx,
              );
            }
            return resultOf(true, okMessages("This transaction has been approved."), tx);
          },
          failure: (messages) => resultOf(false, messages),
        },
        credentials,
      ),
    ];
  }

  /** authCapture, authOnly and captureOnly: a charge to a stored payment profile. */
  private auth(
    input: ProfileTransAuth,
    kind: "profileAuthCapture" | "profileAuthOnly" | "profileCaptureOnly",
    call: SoapCall,
    approvalCode?: string,
  ): TransactionRecord {
    const { state, ledger } = this.ctx;
    const paymentProfile = requirePaymentProfile(
      state,
      input.customerProfileId,
      input.customerPaymentProfileId,
    );
    const profile = requireProfile(state, input.customerProfileId);
    const address =
      input.customerShippingAddressId !== undefined
        ? requireAddress(state, input.customerProfileId, input.customerShippingAddressId)
        : undefined;
    if (!isPositive(input.amount)) throw invalid("amount must be greater than zero");
    const payment = paymentProfile.payment;
    if (payment === undefined)
      throw new SoapFailure(MessageCode.invalidState, "The payment profile has no payment data.");
    const expired =
      payment.kind === "creditCard" &&
      payment.expirationDate !== undefined &&
      payment.expirationDate < utcMonth(this.ctx.now());
    const declined =
      (payment.kind === "creditCard" && payment.declines) ||
      expired ||
      isDeclineAmount(input.amount);
    const captures = kind !== "profileAuthOnly";
    const applications =
      kind === "profileAuthCapture"
        ? ["ics_auth", "ics_bill"]
        : kind === "profileAuthOnly"
          ? ["ics_auth"]
          : ["ics_bill"];
    return ledger.record({
      kind,
      status: declined ? "DECLINED" : captures ? "CAPTURED" : "AUTHORIZED",
      applications,
      amount: input.amount,
      currency: SUBSCRIPTION_CURRENCY,
      ...(input.order?.invoiceNumber !== undefined
        ? { clientReferenceCode: input.order.invoiceNumber }
        : {}),
      billTo: billToOf(paymentProfile.billTo),
      shipToPhoneNumber: address?.address.phoneNumber,
      payment,
      merchantCustomerId: profile.merchantCustomerId,
      customerProfileId: profile.id,
      customerPaymentProfileId: paymentProfile.id,
      customerShippingAddressId: address?.id,
      commerceIndicator: input.recurringBilling === true ? "recurring" : "internet",
      ...(declined ? {} : { approvalCode: approvalCode ?? ledger.ids.approvalCode() }),
      ipAddress: call.remoteAddress,
    });
  }

  private original(transId: unknown, what: string): TransactionRecord {
    if (typeof transId !== "string" || transId === "") throw invalid(`${what}.transId is required`);
    const tx = this.ctx.ledger.get(transId);
    if (tx === undefined)
      throw new SoapFailure(MessageCode.notFound, "The referenced transaction was not found.");
    return tx;
  }

  private checkSameProfile(
    tx: TransactionRecord,
    input: { customerProfileId?: string; customerPaymentProfileId?: string },
  ): void {
    if (input.customerProfileId !== undefined && input.customerProfileId !== tx.customerProfileId) {
      throw invalid("customerProfileId is not the profile of the referenced transaction");
    }
    if (
      input.customerPaymentProfileId !== undefined &&
      input.customerPaymentProfileId !== tx.customerPaymentProfileId
    ) {
      throw invalid(
        "customerPaymentProfileId is not the payment profile of the referenced transaction",
      );
    }
  }

  /** Related transaction fields copied from the one acted on. */
  private derived(
    parent: TransactionRecord,
    kind: TransactionKind,
    status: string,
    applications: string[],
    amount: string,
    call: SoapCall,
  ): TransactionRecord {
    return this.ctx.ledger.record({
      kind,
      status,
      applications,
      amount,
      currency: parent.currency,
      parentId: parent.id,
      clientReferenceCode: parent.clientReferenceCode,
      billTo: parent.billTo,
      shipToPhoneNumber: parent.shipToPhoneNumber,
      payment: parent.payment,
      merchantCustomerId: parent.merchantCustomerId,
      customerProfileId: parent.customerProfileId,
      customerPaymentProfileId: parent.customerPaymentProfileId,
      customerShippingAddressId: parent.customerShippingAddressId,
      commerceIndicator: parent.commerceIndicator,
      approvalCode: parent.approvalCode,
      ipAddress: call.remoteAddress,
    });
  }

  /** Captures an earlier authOnly transaction, for at most its amount. */
  private priorAuthCapture(input: ProfileTransPriorAuthCapture, call: SoapCall): TransactionRecord {
    const auth = this.original(input.transId, "profileTransPriorAuthCapture");
    this.checkSameProfile(auth, input);
    if (auth.kind !== "profileAuthOnly")
      throw new SoapFailure(
        MessageCode.invalidState,
        "Only an authOnly transaction can be captured.",
      );
    if (auth.status !== "AUTHORIZED")
      throw new SoapFailure(
        MessageCode.invalidState,
        `The transaction is ${auth.status}, not AUTHORIZED.`,
      );
    if (!isPositive(input.amount) || compareDecimal(input.amount, auth.amount) > 0) {
      throw invalid("amount must be greater than zero and at most the authorized amount");
    }
    const tx = this.derived(
      auth,
      "profilePriorAuthCapture",
      "CAPTURED",
      ["ics_bill"],
      input.amount,
      call,
    );
    auth.status = "CAPTURED";
    auth.settledAmount = input.amount;
    this.ctx.ledger.update(auth);
    return tx;
  }

  /** Refunds a captured profile transaction, in parts if wanted, up to what was captured. */
  private refund(input: ProfileTransRefund, call: SoapCall): TransactionRecord {
    const captured = this.original(input.transId, "profileTransRefund");
    this.checkSameProfile(captured, input);
    if (!CAPTURING.has(captured.kind) || captured.status !== "CAPTURED") {
      throw new SoapFailure(
        MessageCode.invalidState,
        "Only a captured profile transaction can be refunded.",
      );
    }
    const payment = captured.payment;
    if (input.creditCardNumberMasked !== undefined && payment?.kind === "creditCard") {
      if (input.creditCardNumberMasked !== maskLast4(payment.last4)) {
        throw invalid("creditCardNumberMasked does not match the card of the transaction");
      }
    }
    const left = subtractDecimal(captured.amount, captured.refundedAmount ?? "0");
    if (!isPositive(input.amount) || compareDecimal(input.amount, left) > 0) {
      throw invalid("amount must be greater than zero and at most the amount not yet refunded");
    }
    const tx = this.derived(
      captured,
      "profileRefund",
      "REFUNDED",
      ["ics_credit"],
      input.amount,
      call,
    );
    captured.refundedAmount = addDecimal(captured.refundedAmount ?? "0", input.amount);
    if (compareDecimal(captured.refundedAmount, captured.amount) === 0)
      captured.status = "REFUNDED";
    this.ctx.ledger.update(captured);
    return tx;
  }

  /**
   * Voids an authorized or captured (not refunded) profile transaction. The
   * document does not show the fields of profileTransVoid beyond the profile
   * ids; the sandbox reads the transaction to void from `transId`.
   */
  private void(input: ProfileTransVoid | undefined, call: SoapCall): TransactionRecord {
    if (input === undefined) throw invalid("transaction must hold one profile transaction");
    const target = this.original(input["transId"], "profileTransVoid");
    this.checkSameProfile(target, input);
    if (
      !VOIDABLE.has(target.kind) ||
      (target.status !== "AUTHORIZED" && target.status !== "CAPTURED")
    ) {
      throw new SoapFailure(
        MessageCode.invalidState,
        "Only an authorized or captured profile transaction can be voided.",
      );
    }
    if (target.refundedAmount !== undefined) {
      throw new SoapFailure(
        MessageCode.invalidState,
        "A transaction with refunds cannot be voided.",
      );
    }
    const tx = this.derived(target, "profileVoid", "VOIDED", ["ics_void"], target.amount, call);
    target.status = "VOIDED";
    this.ctx.ledger.update(target);
    return tx;
  }
}
