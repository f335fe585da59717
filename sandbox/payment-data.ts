/**
 * Card and bank-account data as the sandbox keeps it: first digits, last
 * four and a keyed digest, never the number. Also the masking of reads, the card
 * brands, and the sandbox's decline rule for cards.
 */
import type { NumberDigests } from "./store/digests.js";
import type { StoredBankAccount, StoredCard } from "./store/records.js";
import type {
  BankAccount,
  BankAccountMasked,
  CreditCardMasked,
} from "../generated/subscriptions/types.js";

/** The sandbox's test card that is always declined (see docs/sandbox.md). */
export const DECLINE_CARD_NUMBER = "4000000000000002";

/** Digits only (spaces and dashes removed), or undefined when anything else is present. */
export function cardDigits(number: string): string | undefined {
  const digits = number.replace(/[\s-]/g, "");
  return /^[0-9]+$/.test(digits) ? digits : undefined;
}

/** The Luhn check every real card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Why a card number is not accepted, or undefined when it is. */
export function cardNumberProblem(number: string): string | undefined {
  const digits = cardDigits(number);
  if (digits === undefined) return "must contain digits only";
  if (digits.length < 13 || digits.length > 19) return "must have 13 to 19 digits";
  if (!passesLuhn(digits)) return "fails the Luhn check";
  return undefined;
}

/** The brand of a card number, from its first digits. */
export function cardBrand(digits: string): string {
  const two = Number(digits.slice(0, 2));
  const three = Number(digits.slice(0, 3));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith("4")) return "Visa";
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return "MasterCard";
  if (two === 34 || two === 37) return "AmericanExpress";
  if (four === 6011 || two === 65 || (three >= 644 && three <= 649)) return "Discover";
  if (four >= 3528 && four <= 3589) return "JCB";
  if (two === 36 || two === 38 || (three >= 300 && three <= 305)) return "DinersClub";
  return "Unknown";
}

/** Stores a card: digits must already be checked. `digests` are the database's. */
export function storeCard(
  digits: string,
  expirationDate: string | undefined,
  digests: NumberDigests,
): StoredCard {
  return {
    kind: "creditCard",
    bin: digits.slice(0, 6),
    last4: digits.slice(-4),
    digest: digests.of(digits),
    ...(expirationDate !== undefined ? { expirationDate } : {}),
    cardType: cardBrand(digits),
    declines: digits === DECLINE_CARD_NUMBER,
  };
}

/** Stores a bank account given in a request. `digests` are the database's. */
export function storeBankAccount(account: BankAccount, digests: NumberDigests): StoredBankAccount {
  const number = account.accountNumber?.replace(/\s/g, "") ?? "";
  const routing = account.routingNumber?.replace(/\s/g, "");
  return {
    kind: "bankAccount",
    ...(account.accountType !== undefined ? { accountType: account.accountType } : {}),
    ...(account.nameOnAccount !== undefined ? { nameOnAccount: account.nameOnAccount } : {}),
    ...(account.echeckType !== undefined ? { echeckType: account.echeckType } : {}),
    ...(account.bankName !== undefined ? { bankName: account.bankName } : {}),
    ...(routing !== undefined && routing !== "" ? { routingLast4: routing.slice(-4) } : {}),
    accountPrefix: number.slice(0, 4),
    accountLast4: number.slice(-4),
    accountDigest: digests.of(number),
  };
}

/** `XXXX` followed by the last four digits, as every read shows a number. */
export function maskLast4(last4: string): string {
  return `XXXX${last4}`;
}

/** A card as reads show it: the number masked, the expiration date masked unless asked for. */
export function maskedCard(card: StoredCard, unmaskExpirationDate: boolean): CreditCardMasked {
  return {
    cardNumber: maskLast4(card.last4),
    expirationDate:
      unmaskExpirationDate && card.expirationDate !== undefined ? card.expirationDate : "XXXX",
    cardType: card.cardType,
  };
}

/** A bank account as reads show it. */
export function maskedBankAccount(account: StoredBankAccount): BankAccountMasked {
  return {
    ...(account.accountType !== undefined ? { accountType: account.accountType } : {}),
    ...(account.nameOnAccount !== undefined ? { nameOnAccount: account.nameOnAccount } : {}),
    ...(account.echeckType !== undefined ? { echeckType: account.echeckType } : {}),
    ...(account.bankName !== undefined ? { bankName: account.bankName } : {}),
    ...(account.routingLast4 !== undefined
      ? { routingNumber: maskLast4(account.routingLast4) }
      : {}),
    accountNumber: maskLast4(account.accountLast4),
  };
}

/** The card number as search shows it: first six, `X`s, last four. */
export function maskedCardNumber(card: StoredCard): string {
  return `${card.bin}XXXXXX${card.last4}`;
}

/** The card type codes of the payment requests (`001`) and their brands, as the sandbox reads them. */
const CARD_TYPE_CODES: Readonly<
  Record<string, { readonly brand: string; readonly method: string }>
> = {
  "001": { brand: "Visa", method: "vi" },
  "002": { brand: "MasterCard", method: "mc" },
  "003": { brand: "AmericanExpress", method: "ax" },
  "004": { brand: "Discover", method: "di" },
  "005": { brand: "DinersClub", method: "dc" },
  "007": { brand: "JCB", method: "jc" },
  "024": { brand: "Maestro", method: "md" },
  "034": { brand: "Dankort", method: "dk" },
  "036": { brand: "CartesBancaires", method: "cb" },
  "042": { brand: "Maestro", method: "md" },
};

const BRAND_METHODS: Readonly<Record<string, string>> = {
  Visa: "vi",
  MasterCard: "mc",
  AmericanExpress: "ax",
  Discover: "di",
  DinersClub: "dc",
  JCB: "jc",
};

/** The search payment method code (`paymentInformation.paymentType.method`) of a card. */
export function cardMethodCode(typeCode: string | undefined, brand: string | undefined): string {
  if (typeCode !== undefined) {
    const known = CARD_TYPE_CODES[typeCode];
    if (known !== undefined) return known.method;
  }
  return (brand !== undefined ? BRAND_METHODS[brand] : undefined) ?? "unk";
}

/** The search payment method code of a bank account (`c` checking, `s` savings, `x` corporate checking). */
export function bankMethodCode(account: StoredBankAccount): string {
  if (account.accountType === "savings") return "s";
  if (account.accountType === "businessChecking") return "x";
  return "c";
}
