/**
 * Credentials. SOAP: `merchantAuthentication` must carry the configured
 * merchant name and transaction key (compared in constant time). REST: the
 * documents show no authentication, so by default any request is accepted,
 * signed or not; with `requireMerchantHeader` the header `v-c-merchant-id`
 * (which the package's HTTP-signature signer sends) must name the merchant.
 * Signatures themselves are never verified.
 */
import { timingSafeEqual } from "node:crypto";

/** SOAP credentials as sent (untrimmed); either may be missing. */
export interface SoapCredentials {
  readonly name?: string | undefined;
  readonly transactionKey?: string | undefined;
}

/** The REST header naming the merchant, when the sandbox requires one. */
export const MERCHANT_HEADER = "v-c-merchant-id";

export class Credentials {
  constructor(
    readonly merchant: string,
    private readonly transactionKey: string,
    private readonly requireMerchantHeader: boolean,
  ) {}

  /**
   * Whether SOAP credentials are exactly the configured ones: no trimming, no
   * case folding, byte for byte. Pass them as sent, not as the generated
   * reader returns them (it trims text).
   */
  acceptsSoap(auth: SoapCredentials | undefined): boolean {
    if (auth?.name === undefined || auth.transactionKey === undefined) return false;
    // Both comparisons always run, so the answer time does not tell which one failed.
    const name = sameText(auth.name, this.merchant);
    const key = sameText(auth.transactionKey, this.transactionKey);
    return name && key;
  }

  /** Why a REST request is refused, or undefined when it is accepted. */
  restProblem(headers: Headers): string | undefined {
    if (!this.requireMerchantHeader) return undefined;
    const value = headers.get(MERCHANT_HEADER);
    if (value === null) return `the ${MERCHANT_HEADER} header is required`;
    if (!sameText(value, this.merchant))
      return `the ${MERCHANT_HEADER} header does not name this sandbox's merchant`;
    return undefined;
  }
}

/**
 * Exact comparison in constant time for a given length: timingSafeEqual needs
 * buffers of equal length, so another length is refused after a comparison of
 * the same cost.
 */
function sameText(given: string, expected: string): boolean {
  const x = Buffer.from(given, "utf8");
  const y = Buffer.from(expected, "utf8");
  if (x.length !== y.length) {
    timingSafeEqual(y, y);
    return false;
  }
  return timingSafeEqual(x, y);
}
