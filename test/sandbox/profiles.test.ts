/**
 * Customer profiles, payment profiles, shipping addresses and profile
 * transactions against the sandbox, through the generated SOAP client: CRUD
 * with masked reads, the payment profile list, subscription ids on reads, a
 * profile from a transaction, and the six profile transactions, each visible
 * to search and details.
 */
import { unknownData } from "../../generated/runtime/read-options.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpaqueBody, OpaqueValue } from "../../generated/runtime/opaque.js";
import type { CustomerPaymentProfile } from "../../generated/subscriptions/index.js";
import {
  AMEX,
  cardPayment,
  DECLINE_CARD,
  errorCode,
  MASTERCARD,
  startHarness,
  TestClock,
  VISA,
  wallet012,
  type Harness,
} from "./harness.js";

const clock = new TestClock(Date.UTC(2031, 4, 10, 12, 0, 0));
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ now: clock.now });
});
afterAll(async () => {
  await h.close();
});

function card(number: string, expirationDate = "2032-12"): CustomerPaymentProfile {
  return {
    customerType: "individual",
    billTo: {
      firstName: "Ada",
      lastName: "Lovelace",
      city: "London",
      phoneNumber: "020 7946 0000",
    },
    payment: { creditCard: { cardNumber: number, expirationDate, cardCode: "999" } },
  };
}

function text(value: OpaqueValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function applicationNames(details: {
  applicationInformation?: { applications?: { name?: string }[] };
}): (string | undefined)[] {
  return details.applicationInformation?.applications?.map((a) => a.name) ?? [];
}

describe("customer profiles", () => {
  let profileId = "";
  let cardProfileId = "";
  let bankProfileId = "";
  let addressId = "";

  it("creates a profile with payment profiles and addresses, validated in testMode", async () => {
    const created = await h.soap.createCustomerProfile({
      profile: {
        merchantCustomerId: "M-100",
        description: "first customer",
        email: "ada@example.com",
        paymentProfiles: [
          card(VISA),
          {
            customerType: "business",
            payment: {
              bankAccount: {
                accountType: "savings",
                routingNumber: "121042882",
                accountNumber: "123456789",
                nameOnAccount: "Ada Lovelace",
                echeckType: "WEB",
              },
            },
          },
        ],
        shipToList: [{ firstName: "Ada", address: "1 Dock Rd", city: "Bristol", zip: "BS1" }],
      },
      validationMode: "testMode",
    });
    expect(created.resultCode).toBe("Ok");
    profileId = created.customerProfileId;
    [cardProfileId = "", bankProfileId = ""] = created.customerPaymentProfileIdList ?? [];
    [addressId = ""] = created.customerShippingAddressIdList ?? [];
    expect(cardProfileId).not.toBe("");
    expect(bankProfileId).not.toBe("");
    expect(addressId).not.toBe("");
    expect(created.validationDirectResponseList).toEqual(["APPROVED", "APPROVED"]);
  });

  it("reads the profile with every number masked", async () => {
    const read = await h.soap.getCustomerProfile({ customerProfileId: profileId });
    const profile = read.profile;
    expect(profile?.merchantCustomerId).toBe("M-100");
    expect(profile?.customerProfileId).toBe(profileId);
    expect(profile?.paymentProfiles?.map((p) => p.customerPaymentProfileId)).toEqual([
      cardProfileId,
      bankProfileId,
    ]);
    expect(profile?.paymentProfiles?.[0]?.payment?.creditCard).toEqual({
      cardNumber: "XXXX1111",
      expirationDate: "XXXX",
      cardType: "Visa",
    });
    expect(profile?.paymentProfiles?.[1]?.payment?.bankAccount).toEqual({
      accountType: "savings",
      nameOnAccount: "Ada Lovelace",
      echeckType: "WEB",
      routingNumber: "XXXX2882",
      accountNumber: "XXXX6789",
    });
    expect(profile?.shipToList).toEqual([
      {
        firstName: "Ada",
        address: "1 Dock Rd",
        city: "Bristol",
        zip: "BS1",
        customerAddressId: addressId,
      },
    ]);
    expect(read.subscriptionIds).toBeUndefined();
    const raw = JSON.stringify(read);
    expect(raw).not.toContain(VISA);
    expect(raw).not.toContain("123456789");
  });

  it("honours unmaskExpirationDate", async () => {
    const masked = await h.soap.getCustomerPaymentProfile({
      customerProfileId: profileId,
      customerPaymentProfileId: cardProfileId,
      unmaskExpirationDate: false,
    });
    expect(masked.paymentProfile?.payment?.creditCard?.expirationDate).toBe("XXXX");
    const unmasked = await h.soap.getCustomerPaymentProfile({
      customerProfileId: profileId,
      customerPaymentProfileId: cardProfileId,
      unmaskExpirationDate: true,
    });
    expect(unmasked.paymentProfile?.payment?.creditCard).toEqual({
      cardNumber: "XXXX1111",
      expirationDate: "2032-12",
      cardType: "Visa",
    });
    expect(unmasked.paymentProfile?.billTo?.phoneNumber).toBe("020 7946 0000");
  });

  it("updates the profile, a payment profile (masked number keeps the card) and an address", async () => {
    await h.soap.updateCustomerProfile({
      profile: {
        customerProfileId: profileId,
        merchantCustomerId: "M-100",
        email: "lovelace@example.com",
      },
    });
    let read = await h.soap.getCustomerProfile({ customerProfileId: profileId });
    expect(read.profile?.email).toBe("lovelace@example.com");
    // An update replaces the fields: the description left out is cleared.
    expect(read.profile?.description).toBeUndefined();

    const updated = await h.soap.updateCustomerPaymentProfile({
      customerProfileId: profileId,
      paymentProfile: {
        customerPaymentProfileId: cardProfileId,
        billTo: { firstName: "Augusta", lastName: "King" },
        payment: { creditCard: { cardNumber: "XXXX1111", expirationDate: "2034-02" } },
      },
      validationMode: "liveMode",
    });
    expect(updated.validationDirectResponse).toBe("APPROVED");
    const paymentProfile = await h.soap.getCustomerPaymentProfile({
      customerProfileId: profileId,
      customerPaymentProfileId: cardProfileId,
      unmaskExpirationDate: true,
    });
    expect(paymentProfile.paymentProfile?.payment?.creditCard).toEqual({
      cardNumber: "XXXX1111",
      expirationDate: "2034-02",
      cardType: "Visa",
    });
    expect(paymentProfile.paymentProfile?.billTo).toEqual({
      firstName: "Augusta",
      lastName: "King",
    });

    await h.soap.updateCustomerShippingAddress({
      customerProfileId: profileId,
      address: { customerAddressId: addressId, firstName: "Augusta", city: "Bath" },
    });
    const address = await h.soap.getCustomerShippingAddress({
      customerProfileId: profileId,
      customerAddressId: addressId,
    });
    expect(address.address).toEqual({
      firstName: "Augusta",
      city: "Bath",
      customerAddressId: addressId,
    });
    read = await h.soap.getCustomerProfile({ customerProfileId: profileId });
    expect(read.profile?.shipToList?.[0]?.city).toBe("Bath");
  });

  it("adds a payment profile and an address; refuses duplicates", async () => {
    const added = await h.soap.createCustomerPaymentProfile({
      customerProfileId: profileId,
      paymentProfile: card(MASTERCARD),
      validationMode: "none",
    });
    expect(added.customerProfileId).toBe(profileId);
    expect(added.validationDirectResponse).toBeUndefined();
    const dup = await h.soapResults.createCustomerPaymentProfile({
      customerProfileId: profileId,
      paymentProfile: card(MASTERCARD),
      validationMode: "none",
    });
    expect(dup.ok).toBe(false);
    expect(dup.result.messages?.[0]?.code).toBe("DUPLICATE");
    const declined = await h.soapResults.createCustomerPaymentProfile({
      customerProfileId: profileId,
      paymentProfile: card(DECLINE_CARD),
      validationMode: "liveMode",
    });
    expect(declined.result.messages?.[0]?.code).toBe("DECLINED");
    const address = await h.soap.createCustomerShippingAddress({
      customerProfileId: profileId,
      address: { firstName: "Second", city: "York" },
    });
    expect(address.customerAddressId).toMatch(/^[0-9]+$/);
    const dupProfile = await h.soapResults.createCustomerProfile({
      profile: { merchantCustomerId: "M-100" },
      validationMode: "none",
    });
    expect(dupProfile.ok).toBe(false);
    expect(dupProfile.result.messages?.[0]?.code).toBe("DUPLICATE");
    const empty = await h.soapResults.createCustomerProfile({
      profile: {},
      validationMode: "none",
    });
    expect(empty.result.messages?.[0]?.code).toBe("INVALID_REQUEST");
  });

  it("deletes an address, a payment profile and the profile; reads then answer NOT_FOUND", async () => {
    const extra = await h.soap.createCustomerProfile({
      profile: {
        merchantCustomerId: "M-DEL",
        paymentProfiles: [card(AMEX)],
        shipToList: [{ city: "Hull" }],
      },
      validationMode: "none",
    });
    const id = extra.customerProfileId;
    const pp = extra.customerPaymentProfileIdList?.[0] ?? "";
    const addr = extra.customerShippingAddressIdList?.[0] ?? "";
    await h.soap.deleteCustomerShippingAddress({ customerProfileId: id, customerAddressId: addr });
    const gone = await h.soapResults.getCustomerShippingAddress({
      customerProfileId: id,
      customerAddressId: addr,
    });
    expect(gone.result.messages?.[0]?.code).toBe("NOT_FOUND");
    await h.soap.deleteCustomerPaymentProfile({
      customerProfileId: id,
      customerPaymentProfileId: pp,
    });
    const goneProfile = await h.soapResults.getCustomerPaymentProfile({
      customerProfileId: id,
      customerPaymentProfileId: pp,
      unmaskExpirationDate: false,
    });
    expect(goneProfile.result.messages?.[0]?.code).toBe("NOT_FOUND");
    await h.soap.deleteCustomerProfile({ customerProfileId: id });
    const goneAll = await h.soapResults.getCustomerProfile({ customerProfileId: id });
    expect(goneAll.ok).toBe(false);
    expect(goneAll.result.messages?.[0]?.code).toBe("NOT_FOUND");
    const again = await h.soapResults.deleteCustomerProfile({ customerProfileId: id });
    expect(again.result.messages?.[0]?.code).toBe("NOT_FOUND");
  });
});

describe("GetCustomerPaymentProfileList (cardsExpiringInMonth)", () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (const [i, number] of [VISA, MASTERCARD, AMEX].entries()) {
      const created = await h.soap.createCustomerProfile({
        profile: { merchantCustomerId: `LIST-${i}`, paymentProfiles: [card(number, "2033-07")] },
        validationMode: "none",
      });
      ids.push(created.customerPaymentProfileIdList?.[0] ?? "");
    }
  });

  it("lists the cards expiring in a month, sorted by id both ways, paged", async () => {
    const asc = await h.soap.getCustomerPaymentProfileList({
      getCustomerPaymentProfileListRequestType: {
        searchType: "cardsExpiringInMonth",
        month: "2033-07",
        sorting: { orderBy: "id", orderDescending: false },
      },
    });
    expect(asc.totalNumInResultSet).toBe(3);
    expect(asc.paymentProfiles?.map((p) => p.customerPaymentProfileId)).toEqual(ids);
    expect(asc.paymentProfiles?.[0]?.payment?.creditCard?.cardNumber).toBe("XXXX1111");
    expect(asc.paymentProfiles?.[0]?.billTo?.firstName).toBe("Ada");
    const desc = await h.soap.getCustomerPaymentProfileList({
      getCustomerPaymentProfileListRequestType: {
        searchType: "cardsExpiringInMonth",
        month: "2033-07",
        sorting: { orderBy: "id", orderDescending: true },
        paging: { limit: 2, offset: 1 },
      },
    });
    expect(desc.totalNumInResultSet).toBe(3);
    expect(desc.paymentProfiles?.map((p) => p.customerPaymentProfileId)).toEqual(
      [...ids].reverse().slice(0, 2),
    );
    const page2 = await h.soap.getCustomerPaymentProfileList({
      getCustomerPaymentProfileListRequestType: {
        searchType: "cardsExpiringInMonth",
        month: "2033-07",
        sorting: { orderBy: "id", orderDescending: true },
        paging: { limit: 2, offset: 2 },
      },
    });
    expect(page2.paymentProfiles?.map((p) => p.customerPaymentProfileId)).toEqual([ids[0]]);
    const none = await h.soap.getCustomerPaymentProfileList({
      getCustomerPaymentProfileListRequestType: {
        searchType: "cardsExpiringInMonth",
        month: "2040-01",
      },
    });
    expect(none.totalNumInResultSet).toBe(0);
    expect(none.paymentProfiles ?? []).toEqual([]);
    const bad = await h.soapResults.getCustomerPaymentProfileList({
      getCustomerPaymentProfileListRequestType: {
        searchType: "cardsExpiringInMonth",
        month: "July",
      },
    });
    expect(bad.result.messages?.[0]?.code).toBe("INVALID_REQUEST");
  });
});

describe("subscription ids on profile reads", () => {
  it("names the subscriptions of a profile, payment profile and address; a live one blocks deletion", async () => {
    const { subscriptionId } = await h.soap.arbCreateSubscription({
      subscription: {
        name: "linked",
        amount: "4.00",
        paymentSchedule: {
          interval: { length: 1, unit: "months" },
          startDate: "2031-07-01",
          totalOccurrences: 6,
        },
        payment: { creditCard: { cardNumber: VISA, expirationDate: "2032-12" } },
        customer: { id: "SUB-CUST" },
        billTo: { firstName: "Ada" },
        shipTo: { city: "Oxford" },
      },
    });
    const list = await h.soap.arbGetSubscriptionList({
      request: { searchType: "subscriptionActive" },
    });
    const detail = list.subscriptionDetails?.find((d) => String(d.id) === subscriptionId);
    const profileId = String(detail?.customerProfileId);
    const paymentProfileId = String(detail?.customerPaymentProfileId);
    const addressId = String(detail?.customerShippingProfileId);
    const profile = await h.soap.getCustomerProfile({ customerProfileId: profileId });
    expect(profile.subscriptionIds).toEqual([subscriptionId]);
    expect(profile.profile?.merchantCustomerId).toBe("SUB-CUST");
    const pp = await h.soap.getCustomerPaymentProfile({
      customerProfileId: profileId,
      customerPaymentProfileId: paymentProfileId,
      unmaskExpirationDate: false,
    });
    expect(pp.paymentProfile?.subscriptionIds).toEqual([subscriptionId]);
    const address = await h.soap.getCustomerShippingAddress({
      customerProfileId: profileId,
      customerAddressId: addressId,
    });
    expect(address.subscriptionIds).toEqual([subscriptionId]);
    expect(address.address?.city).toBe("Oxford");

    const blocked = await h.soapResults.deleteCustomerProfile({ customerProfileId: profileId });
    expect(blocked.result.messages?.[0]?.code).toBe("INVALID_STATE");
    const blockedPp = await h.soapResults.deleteCustomerPaymentProfile({
      customerProfileId: profileId,
      customerPaymentProfileId: paymentProfileId,
    });
    expect(blockedPp.result.messages?.[0]?.code).toBe("INVALID_STATE");
    await h.soap.arbCancelSubscription({ subscriptionId });
    expect((await h.soap.deleteCustomerProfile({ customerProfileId: profileId })).resultCode).toBe(
      "Ok",
    );
  });
});

describe("CreateCustomerProfileFromTransaction", () => {
  it("makes a profile holding the card of an earlier payment", async () => {
    const sale = await h.payments.sale(cardPayment("15.00", MASTERCARD, "from-tx"));
    const created = await h.soap.createCustomerProfileFromTransaction({ transId: sale.id ?? "" });
    expect(created.customerPaymentProfileIdList).toHaveLength(1);
    const profile = await h.soap.getCustomerProfile({
      customerProfileId: created.customerProfileId,
    });
    expect(profile.profile?.email).toBe("ada@example.com");
    expect(profile.profile?.paymentProfiles?.[0]?.payment?.creditCard?.cardNumber).toBe("XXXX4444");
    expect(profile.profile?.paymentProfiles?.[0]?.billTo?.city).toBe("London");
    // The stored card can be charged.
    const charge = await h.soap.createCustomerProfileTransaction({
      transaction: {
        profileTransAuthCapture: {
          amount: "3.00",
          customerProfileId: created.customerProfileId,
          customerPaymentProfileId: created.customerPaymentProfileIdList?.[0] ?? "",
        },
      },
    });
    expect(text(charge["status"])).toBe("CAPTURED");
  });

  it("refuses an unknown transaction and a wallet payment without card data", async () => {
    const unknown = await h.soapResults.createCustomerProfileFromTransaction({ transId: "123" });
    expect(unknown.result.messages?.[0]?.code).toBe("NOT_FOUND");
    const wallet = await h.payments.authorize(wallet012("8.00", "wallet-no-card"));
    const refused = await h.soapResults.createCustomerProfileFromTransaction({
      transId: wallet.id ?? "",
    });
    expect(refused.result.messages?.[0]?.code).toBe("INVALID_STATE");
  });
});

describe("CreateCustomerProfileTransaction", () => {
  let profileId = "";
  let paymentProfileId = "";
  let addressId = "";

  beforeAll(async () => {
    const created = await h.soap.createCustomerProfile({
      profile: {
        merchantCustomerId: "TX-CUST",
        email: "tx@example.com",
        paymentProfiles: [card(VISA)],
        shipToList: [{ city: "Cambridge", phoneNumber: "01223 000000" }],
      },
      validationMode: "none",
    });
    profileId = created.customerProfileId;
    paymentProfileId = created.customerPaymentProfileIdList?.[0] ?? "";
    addressId = created.customerShippingAddressIdList?.[0] ?? "";
  });

  const ids = () => ({ customerProfileId: profileId, customerPaymentProfileId: paymentProfileId });

  async function transact(
    transaction: Parameters<Harness["soap"]["createCustomerProfileTransaction"]>[0],
  ): Promise<OpaqueBody> {
    return h.soap.createCustomerProfileTransaction(transaction);
  }

  it("authCapture → CAPTURED, refunded in parts → REFUNDED", async () => {
    const charged = await transact({
      transaction: {
        profileTransAuthCapture: {
          ...ids(),
          amount: "50.00",
          customerShippingAddressId: addressId,
          order: { invoiceNumber: "PT-1" },
        },
      },
    });
    expect(charged["resultCode"]).toBe("Ok");
    expect(text(charged["status"])).toBe("CAPTURED");
    expect(text(charged["accountNumber"])).toBe("XXXX1111");
    expect(text(charged["authCode"])).toMatch(/^[0-9]{6}$/);
    const transId = text(charged["transId"]) ?? "";
    const refund1 = await transact({
      transaction: {
        profileTransRefund: {
          ...ids(),
          amount: "20.00",
          transId,
          creditCardNumberMasked: "XXXX1111",
        },
      },
    });
    expect(text(refund1["status"])).toBe("REFUNDED");
    expect(text(refund1["refTransId"])).toBe(transId);
    const tooMuch = await h.soapResults.createCustomerProfileTransaction({
      transaction: { profileTransRefund: { ...ids(), amount: "30.01", transId } },
    });
    expect(tooMuch.ok).toBe(false);
    await transact({ transaction: { profileTransRefund: { ...ids(), amount: "30.00", transId } } });
    const details = await h.search.getTransaction(transId);
    expect(unknownData(details)?.fields["status"]).toBe("REFUNDED");
    expect(applicationNames(details)).toEqual(["ics_auth", "ics_bill"]);
    const refundDetails = await h.search.getTransaction(text(refund1["transId"]) ?? "");
    expect(applicationNames(refundDetails)).toEqual(["ics_credit"]);
  });

  it("authOnly → AUTHORIZED → priorAuthCapture → CAPTURED; a second capture is refused", async () => {
    const auth = await transact({
      transaction: { profileTransAuthOnly: { ...ids(), amount: "40.00" } },
    });
    expect(text(auth["status"])).toBe("AUTHORIZED");
    const transId = text(auth["transId"]) ?? "";
    const over = await h.soapResults.createCustomerProfileTransaction({
      transaction: { profileTransPriorAuthCapture: { amount: "40.01", transId } },
    });
    expect(over.result["resultCode"]).toBe("Error");
    const captured = await transact({
      transaction: { profileTransPriorAuthCapture: { ...ids(), amount: "35.00", transId } },
    });
    expect(text(captured["status"])).toBe("CAPTURED");
    expect(text(captured["refTransId"])).toBe(transId);
    const again = await h.soapResults.createCustomerProfileTransaction({
      transaction: { profileTransPriorAuthCapture: { amount: "1.00", transId } },
    });
    expect(again.ok).toBe(false);
    expect(errorCode(again)).toBe("INVALID_STATE");
    expect(
      applicationNames(await h.search.getTransaction(text(captured["transId"]) ?? "")),
    ).toEqual(["ics_bill"]);
  });

  it("captureOnly needs an approval code; void voids an authorization", async () => {
    const missing = await h.soapResults.createCustomerProfileTransaction({
      transaction: { profileTransCaptureOnly: { ...ids(), amount: "9.00" } },
    });
    expect(errorCode(missing)).toBe("INVALID_REQUEST");
    const captureOnly = await transact({
      transaction: {
        profileTransCaptureOnly: { ...ids(), amount: "9.00", approvalCode: "ABC123" },
      },
    });
    expect(text(captureOnly["status"])).toBe("CAPTURED");
    expect(text(captureOnly["authCode"])).toBe("ABC123");

    const auth = await transact({
      transaction: { profileTransAuthOnly: { ...ids(), amount: "11.00" } },
    });
    const transId = text(auth["transId"]) ?? "";
    const voided = await transact({ transaction: { profileTransVoid: { ...ids(), transId } } });
    expect(text(voided["status"])).toBe("VOIDED");
    expect(unknownData(await h.search.getTransaction(transId))?.fields["status"]).toBe("VOIDED");
    expect(applicationNames(await h.search.getTransaction(text(voided["transId"]) ?? ""))).toEqual([
      "ics_void",
    ]);
    const twice = await h.soapResults.createCustomerProfileTransaction({
      transaction: { profileTransVoid: { transId } },
    });
    expect(errorCode(twice)).toBe("INVALID_STATE");
    const noId = await h.soapResults.createCustomerProfileTransaction({
      transaction: { profileTransVoid: { ...ids() } },
    });
    expect(errorCode(noId)).toBe("INVALID_REQUEST");
  });

  it("a decline amount is answered resultCode Error with DECLINED and the transaction id", async () => {
    const declined = await h.soapResults.createCustomerProfileTransaction({
      transaction: { profileTransAuthCapture: { ...ids(), amount: "7.13" } },
    });
    expect(declined.ok).toBe(false);
    expect(errorCode(declined)).toBe("DECLINED");
    expect(text(declined.result["status"])).toBe("DECLINED");
    expect(text(declined.result["responseCode"])).toBe("2");
    const transId = text(declined.result["transId"]) ?? "";
    expect(unknownData(await h.search.getTransaction(transId))?.fields["status"]).toBe("DECLINED");
  });

  it("refuses unknown profile ids and a payment profile of another profile", async () => {
    const unknown = await h.soapResults.createCustomerProfileTransaction({
      transaction: {
        profileTransAuthOnly: {
          customerProfileId: "1",
          customerPaymentProfileId: paymentProfileId,
          amount: "1.00",
        },
      },
    });
    expect(errorCode(unknown)).toBe("NOT_FOUND");
  });

  it("makes every profile transaction visible to search", async () => {
    const found = await h.search.createSearch({
      query: `paymentInformation.customer.customerId:${profileId}`,
      sort: "submitTimeUtc:asc",
      limit: 100,
    });
    const summaries = (
      found["_embedded"] as {
        transactionSummaries: { applicationInformation: { applications: { name: string }[] } }[];
      }
    ).transactionSummaries;
    const names = new Set(
      summaries.flatMap((s) => s.applicationInformation.applications.map((a) => a.name)),
    );
    expect([...names].sort()).toEqual(["ics_auth", "ics_bill", "ics_credit", "ics_void"]);
    expect(found["totalCount"]).toBe(summaries.length);
    expect(summaries.length).toBe(9);
    const byShipPhone = await h.search.createSearch({
      query: `orderInformation.shipTo.phoneNumber:"01223 000000"`,
      sort: "id:asc",
    });
    // The charge and its two refunds.
    expect(byShipPhone["totalCount"]).toBe(3);
  });
});
