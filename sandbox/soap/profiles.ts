/**
 * Customer profiles, their payment profiles and shipping addresses (document
 * 000): create, read (masked), update, delete, the payment profile list, and a
 * profile made from an earlier transaction.
 */
import type {
  CustomerAddress,
  CustomerPaymentProfile,
  CustomerPaymentProfileListItem,
  CustomerProfileMasked,
  GetCustomerPaymentProfileListCriteria,
  ValidationMode,
} from "../../generated/subscriptions/index.js";
import type { SubscriptionsOperations } from "../../generated/subscriptions/server.js";
import type { Credentials } from "../credentials.js";
import { utcMonth } from "../dates.js";
import type { PaymentProfileRecord, StoredPayment, TransactionBillTo } from "../store/records.js";
import { isoSeconds } from "../transactions.js";
import {
  defineOperation,
  ERROR,
  OK,
  MessageCode,
  okMessages,
  SoapFailure,
  type SoapContext,
  type SoapOperation,
  type SoapOperationSpec,
} from "./operation.js";
import { pageOf, readPaging } from "./paging.js";
import {
  addressEx,
  addressOf,
  paymentMasked,
  paymentProfileMasked,
  requireAddress,
  requirePaymentProfile,
  requireProfile,
  storePayment,
  subscriptionIdsOf,
  usedByLiveSubscription,
  validatePaymentProfile,
} from "./profile-model.js";

function invalid(text: string): SoapFailure {
  return new SoapFailure(MessageCode.invalidRequest, text);
}

/** What a profile creation answers. */
interface CreatedProfile {
  readonly customerProfileId: string;
  readonly customerPaymentProfileIdList?: string[];
  readonly customerShippingAddressIdList?: string[];
  readonly validationDirectResponseList?: string[];
}

/** A payment profile checked and ready to store. */
interface PreparedPaymentProfile {
  readonly record: Omit<PaymentProfileRecord, "id" | "customerProfileId">;
  readonly validation: string | undefined;
}

function samePayment(a: StoredPayment | undefined, b: StoredPayment | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  if (a.kind === "creditCard" && b.kind === "creditCard") return a.digest === b.digest;
  if (a.kind === "bankAccount" && b.kind === "bankAccount")
    return a.accountDigest === b.accountDigest;
  return false;
}

function billToFromTransaction(billTo: TransactionBillTo | undefined): CustomerAddress | undefined {
  if (billTo === undefined) return undefined;
  const address: CustomerAddress = {
    firstName: billTo.firstName,
    lastName: billTo.lastName,
    address: billTo.address1,
    city: billTo.locality,
    state: billTo.administrativeArea,
    zip: billTo.postalCode,
    country: billTo.country,
    phoneNumber: billTo.phoneNumber,
    email: billTo.email,
  };
  return addressOf(address);
}

export class ProfileOperations {
  constructor(private readonly ctx: SoapContext) {}

  operations(credentials: Credentials): SoapOperation[] {
    const ok = okMessages;
    const define = <K extends keyof SubscriptionsOperations>(
      spec: SoapOperationSpec<K>,
    ): SoapOperation => defineOperation(spec, credentials);
    return [
      define({
        name: "CreateCustomerProfile",
        auth: true,
        handle: (request) => {
          const profile = request.profile;
          if (profile === undefined) throw invalid("profile is required");
          const created = this.createProfile(
            {
              merchantCustomerId: profile.merchantCustomerId,
              description: profile.description,
              email: profile.email,
            },
            (profile.paymentProfiles ?? []).map((p, i) =>
              this.preparePaymentProfile(
                p,
                `profile.paymentProfiles[${i}]`,
                request.validationMode,
              ),
            ),
            (profile.shipToList ?? []).map(addressOf),
          );
          return { resultCode: OK, messages: ok(), ...created };
        },
        failure: (messages) => ({ resultCode: ERROR, messages, customerProfileId: "0" }),
      }),
      define({
        name: "CreateCustomerProfileFromTransaction",
        auth: true,
        handle: (request) => ({
          resultCode: OK,
          messages: ok(),
          ...this.fromTransaction(request.transId),
        }),
        failure: (messages) => ({ resultCode: ERROR, messages, customerProfileId: "0" }),
      }),
      define({
        name: "CreateCustomerPaymentProfile",
        auth: true,
        handle: (request) => {
          const { state, ids } = this.ctx;
          requireProfile(state, request.customerProfileId);
          if (request.paymentProfile?.payment === undefined)
            throw invalid("paymentProfile.payment is required");
          const prepared = this.preparePaymentProfile(
            request.paymentProfile,
            "paymentProfile",
            request.validationMode,
          );
          const duplicate = state.paymentProfiles
            .values()
            .some(
              (p) =>
                p.customerProfileId === request.customerProfileId &&
                samePayment(p.payment, prepared.record.payment),
            );
          if (duplicate)
            throw new SoapFailure(
              MessageCode.duplicate,
              "A duplicate payment profile already exists.",
            );
          const id = ids.paymentProfile();
          state.paymentProfiles.put({
            ...prepared.record,
            id,
            customerProfileId: request.customerProfileId,
          });
          return {
            resultCode: OK,
            messages: ok(),
            customerProfileId: request.customerProfileId,
            customerPaymentProfileId: id,
            ...(prepared.validation !== undefined
              ? { validationDirectResponse: prepared.validation }
              : {}),
          };
        },
        failure: (messages) => ({
          resultCode: ERROR,
          messages,
          customerProfileId: "0",
          customerPaymentProfileId: "0",
        }),
      }),
      define({
        name: "CreateCustomerShippingAddress",
        auth: true,
        handle: (request) => {
          const { state, ids } = this.ctx;
          requireProfile(state, request.customerProfileId);
          if (request.address === undefined) throw invalid("address is required");
          const id = ids.shippingAddress();
          state.shippingAddresses.put({
            id,
            customerProfileId: request.customerProfileId,
            address: addressOf(request.address),
          });
          return {
            resultCode: OK,
            messages: ok(),
            customerProfileId: request.customerProfileId,
            customerAddressId: id,
          };
        },
        failure: (messages) => ({
          resultCode: ERROR,
          messages,
          customerProfileId: "0",
          customerAddressId: "0",
        }),
      }),
      define({
        name: "GetCustomerProfile",
        auth: true,
        handle: (request) => {
          const subscriptionIds = subscriptionIdsOf(this.ctx.state, {
            profileId: request.customerProfileId,
          });
          return {
            resultCode: OK,
            messages: ok(),
            profile: this.maskedProfile(request.customerProfileId),
            ...(subscriptionIds.length > 0 ? { subscriptionIds } : {}),
          };
        },
        failure: (messages) => ({ resultCode: ERROR, messages }),
      }),
      define({
        name: "GetCustomerPaymentProfile",
        auth: true,
        handle: (request) => {
          const record = requirePaymentProfile(
            this.ctx.state,
            request.customerProfileId,
            request.customerPaymentProfileId,
          );
          return {
            resultCode: OK,
            messages: ok(),
            paymentProfile: paymentProfileMasked(
              this.ctx.state,
              record,
              request.unmaskExpirationDate,
            ),
          };
        },
        failure: (messages) => ({ resultCode: ERROR, messages }),
      }),
      define({
        name: "GetCustomerPaymentProfileList",
        auth: true,
        handle: (request) => {
          const criteria = request.getCustomerPaymentProfileListRequestType;
          if (criteria === undefined)
            throw invalid("getCustomerPaymentProfileListRequestType.searchType is required");
          const { total, page } = this.paymentProfileList(criteria);
          return {
            resultCode: OK,
            messages: ok(),
            ...(page.length > 0 ? { paymentProfiles: page } : {}),
            totalNumInResultSet: total,
          };
        },
        failure: (messages) => ({ resultCode: ERROR, messages, totalNumInResultSet: 0 }),
      }),
      define({
        name: "GetCustomerShippingAddress",
        auth: true,
        handle: (request) => {
          const record = requireAddress(
            this.ctx.state,
            request.customerProfileId,
            request.customerAddressId,
          );
          const subscriptionIds = subscriptionIdsOf(this.ctx.state, { addressId: record.id });
          return {
            resultCode: OK,
            messages: ok(),
            address: addressEx(record),
            ...(subscriptionIds.length > 0 ? { subscriptionIds } : {}),
          };
        },
        failure: (messages) => ({ resultCode: ERROR, messages }),
      }),
      define({
        name: "UpdateCustomerProfile",
        auth: true,
        handle: (request) => {
          const input = request.profile;
          if (input === undefined) throw invalid("profile is required");
          const { state } = this.ctx;
          const profile = requireProfile(state, input.customerProfileId);
          this.checkProfileFields(input, profile.id);
          // An update replaces the three fields: one left out is cleared.
          const next = { id: profile.id, createdAt: profile.createdAt };
          state.customerProfiles.put({
            ...next,
            ...(input.merchantCustomerId !== undefined
              ? { merchantCustomerId: input.merchantCustomerId }
              : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.email !== undefined ? { email: input.email } : {}),
          });
          return { resultCode: OK, messages: ok() };
        },
        failure: (messages) => ({ resultCode: ERROR, messages }),
      }),
      define({
        name: "UpdateCustomerPaymentProfile",
        auth: true,
        handle: (request) => {
          const input = request.paymentProfile;
          if (input === undefined) throw invalid("paymentProfile is required");
          const { state } = this.ctx;
          const record = requirePaymentProfile(
            state,
            request.customerProfileId,
            input.customerPaymentProfileId,
          );
          const payment =
            input.payment !== undefined
              ? storePayment(
                  input.payment,
                  "paymentProfile.payment",
                  this.ctx.now(),
                  this.ctx.state.digests,
                  record.payment,
                )
              : record.payment;
          const validation = validatePaymentProfile(request.validationMode, payment);
          state.paymentProfiles.put({
            id: record.id,
            customerProfileId: record.customerProfileId,
            ...(input.customerType !== undefined ? { customerType: input.customerType } : {}),
            ...(input.billTo !== undefined ? { billTo: addressOf(input.billTo) } : {}),
            ...(payment !== undefined ? { payment } : {}),
            ...(input.driversLicense !== undefined ? { driversLicense: input.driversLicense } : {}),
            ...(input.taxId !== undefined ? { taxId: input.taxId } : {}),
          });
          return {
            resultCode: OK,
            messages: ok(),
            ...(validation !== undefined ? { validationDirectResponse: validation } : {}),
          };
        },
        failure: (messages) => ({ resultCode: ERROR, messages }),
      }),
      define({
        name: "UpdateCustomerShippingAddress",
        auth: true,
        handle: (request) => {
          const input = request.address;
          if (input === undefined) throw invalid("address is required");
          const record = requireAddress(
            this.ctx.state,
            request.customerProfileId,
            input.customerAddressId,
          );
          this.ctx.state.shippingAddresses.put({ ...record, address: addressOf(input) });
          return { resultCode: OK, messages: ok() };
        },
        failure: (messages) => ({ resultCode: ERROR, messages }),
      }),
      define({
        name: "DeleteCustomerProfile",
        auth: true,
        handle: (request) => {
          const { state } = this.ctx;
          const profile = requireProfile(state, request.customerProfileId);
          if (usedByLiveSubscription(state, { profileId: profile.id })) {
            throw new SoapFailure(
              MessageCode.invalidState,
              "The customer profile is used by an active or suspended subscription.",
            );
          }
          for (const p of state.paymentProfiles.values())
            if (p.customerProfileId === profile.id) state.paymentProfiles.delete(p.id);
          for (const a of state.shippingAddresses.values())
            if (a.customerProfileId === profile.id) state.shippingAddresses.delete(a.id);
          state.customerProfiles.delete(profile.id);
          return { resultCode: OK, messages: ok() };
        },
        failure: (messages) => ({ resultCode: ERROR, messages }),
      }),
      define({
        name: "DeleteCustomerPaymentProfile",
        auth: true,
        handle: (request) => {
          const { state } = this.ctx;
          const record = requirePaymentProfile(
            state,
            request.customerProfileId,
            request.customerPaymentProfileId,
          );
          if (usedByLiveSubscription(state, { paymentProfileId: record.id })) {
            throw new SoapFailure(
              MessageCode.invalidState,
              "The payment profile is used by an active or suspended subscription.",
            );
          }
          state.paymentProfiles.delete(record.id);
          return { resultCode: OK, messages: ok() };
        },
        failure: (messages) => ({ resultCode: ERROR, messages }),
      }),
      define({
        name: "DeleteCustomerShippingAddress",
        auth: true,
        handle: (request) => {
          const { state } = this.ctx;
          const record = requireAddress(
            state,
            request.customerProfileId,
            request.customerAddressId,
          );
          if (usedByLiveSubscription(state, { addressId: record.id })) {
            throw new SoapFailure(
              MessageCode.invalidState,
              "The shipping address is used by an active or suspended subscription.",
            );
          }
          state.shippingAddresses.delete(record.id);
          return { resultCode: OK, messages: ok() };
        },
        failure: (messages) => ({ resultCode: ERROR, messages }),
      }),
    ];
  }

  /** At least one of the three fields, and a merchantCustomerId no other profile has. */
  private checkProfileFields(
    fields: { merchantCustomerId?: string; description?: string; email?: string },
    ownId?: string,
  ): void {
    if (
      fields.merchantCustomerId === undefined &&
      fields.description === undefined &&
      fields.email === undefined
    ) {
      throw invalid("a profile needs at least one of merchantCustomerId, description and email");
    }
    const id = fields.merchantCustomerId;
    if (
      id !== undefined &&
      this.ctx.state.customerProfiles
        .values()
        .some((p) => p.id !== ownId && p.merchantCustomerId === id)
    ) {
      throw new SoapFailure(
        MessageCode.duplicate,
        "A duplicate customer profile already exists (same merchantCustomerId).",
      );
    }
  }

  private preparePaymentProfile(
    input: CustomerPaymentProfile,
    path: string,
    mode: ValidationMode,
  ): PreparedPaymentProfile {
    const payment =
      input.payment !== undefined
        ? storePayment(input.payment, `${path}.payment`, this.ctx.now(), this.ctx.state.digests)
        : undefined;
    return {
      record: {
        ...(input.customerType !== undefined ? { customerType: input.customerType } : {}),
        ...(input.billTo !== undefined ? { billTo: addressOf(input.billTo) } : {}),
        ...(payment !== undefined ? { payment } : {}),
        ...(input.driversLicense !== undefined ? { driversLicense: input.driversLicense } : {}),
        ...(input.taxId !== undefined ? { taxId: input.taxId } : {}),
      },
      validation: validatePaymentProfile(mode, payment),
    };
  }

  /** Stores a profile with its payment profiles and addresses, all checked beforehand. */
  private createProfile(
    fields: {
      merchantCustomerId: string | undefined;
      description: string | undefined;
      email: string | undefined;
    },
    paymentProfiles: readonly PreparedPaymentProfile[],
    addresses: readonly CustomerAddress[],
  ): CreatedProfile {
    const { state, ids } = this.ctx;
    this.checkProfileFields({
      ...(fields.merchantCustomerId !== undefined
        ? { merchantCustomerId: fields.merchantCustomerId }
        : {}),
      ...(fields.description !== undefined ? { description: fields.description } : {}),
      ...(fields.email !== undefined ? { email: fields.email } : {}),
    });
    const id = ids.customerProfile();
    state.customerProfiles.put({
      id,
      ...(fields.merchantCustomerId !== undefined
        ? { merchantCustomerId: fields.merchantCustomerId }
        : {}),
      ...(fields.description !== undefined ? { description: fields.description } : {}),
      ...(fields.email !== undefined ? { email: fields.email } : {}),
      createdAt: isoSeconds(this.ctx.now()),
    });
    const paymentIds = paymentProfiles.map((prepared) => {
      const paymentProfileId = ids.paymentProfile();
      state.paymentProfiles.put({
        ...prepared.record,
        id: paymentProfileId,
        customerProfileId: id,
      });
      return paymentProfileId;
    });
    const addressIds = addresses.map((address) => {
      const addressId = ids.shippingAddress();
      state.shippingAddresses.put({ id: addressId, customerProfileId: id, address });
      return addressId;
    });
    const validations = paymentProfiles
      .map((p) => p.validation)
      .filter((v): v is string => v !== undefined);
    return {
      customerProfileId: id,
      ...(paymentIds.length > 0 ? { customerPaymentProfileIdList: paymentIds } : {}),
      ...(addressIds.length > 0 ? { customerShippingAddressIdList: addressIds } : {}),
      ...(validations.length > 0 ? { validationDirectResponseList: validations } : {}),
    };
  }

  /** A profile with one payment profile holding the payment data of an earlier, approved transaction. */
  private fromTransaction(transId: string | undefined): CreatedProfile {
    if (transId === undefined) throw invalid("transId is required");
    const tx = this.ctx.ledger.get(transId);
    if (tx === undefined)
      throw new SoapFailure(MessageCode.notFound, "The transaction was not found.");
    if (tx.status === "DECLINED")
      throw new SoapFailure(
        MessageCode.invalidState,
        "A declined transaction cannot make a profile.",
      );
    if (tx.payment === undefined) {
      throw new SoapFailure(
        MessageCode.invalidState,
        "The transaction carries no card or account data the sandbox can store.",
      );
    }
    const billTo = billToFromTransaction(tx.billTo);
    const email = tx.billTo?.email;
    return this.createProfile(
      {
        merchantCustomerId: undefined,
        description: `Created from transaction ${tx.id}`,
        email,
      },
      [
        {
          record: { payment: tx.payment, ...(billTo !== undefined ? { billTo } : {}) },
          validation: undefined,
        },
      ],
      [],
    );
  }

  private maskedProfile(id: string): CustomerProfileMasked {
    const { state } = this.ctx;
    const profile = requireProfile(state, id);
    const paymentProfiles = state.paymentProfiles
      .values()
      .filter((p) => p.customerProfileId === id)
      .map((p) => paymentProfileMasked(state, p, false));
    const shipToList = state.shippingAddresses
      .values()
      .filter((a) => a.customerProfileId === id)
      .map(addressEx);
    return {
      ...(profile.merchantCustomerId !== undefined
        ? { merchantCustomerId: profile.merchantCustomerId }
        : {}),
      ...(profile.description !== undefined ? { description: profile.description } : {}),
      ...(profile.email !== undefined ? { email: profile.email } : {}),
      customerProfileId: profile.id,
      ...(paymentProfiles.length > 0 ? { paymentProfiles } : {}),
      ...(shipToList.length > 0 ? { shipToList } : {}),
    };
  }

  /** cardsExpiringInMonth: payment profiles whose card expires in `month` (`YYYY-MM`, the current UTC month by default). */
  private paymentProfileList(criteria: GetCustomerPaymentProfileListCriteria): {
    total: number;
    page: CustomerPaymentProfileListItem[];
  } {
    const month = criteria.month ?? utcMonth(this.ctx.now());
    if (!/^[0-9]{4}-(0[1-9]|1[0-2])$/.test(month))
      throw invalid("month must be a year and month, YYYY-MM");
    const descending = criteria.sorting?.orderDescending ?? false;
    const matching = this.ctx.state.paymentProfiles
      .values()
      .filter((p) => p.payment?.kind === "creditCard" && p.payment.expirationDate === month)
      .sort((a, b) => (descending ? -1 : 1) * (Number(a.id) - Number(b.id)));
    const page = pageOf(matching, readPaging(criteria.paging)).map(
      (p): CustomerPaymentProfileListItem => ({
        customerPaymentProfileId: p.id,
        customerProfileId: p.customerProfileId,
        ...(p.billTo !== undefined ? { billTo: p.billTo } : {}),
        ...(p.payment !== undefined ? { payment: paymentMasked(p.payment, false) } : {}),
      }),
    );
    return { total: matching.length, page };
  }
}
