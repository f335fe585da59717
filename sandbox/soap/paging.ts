/**
 * Paging of the SOAP list operations. The document gives only `limit` and
 * `offset`; the sandbox reads `offset` as a page number from 1 and allows
 * 1 to 1000 items per page (its choice, docs/sandbox.md). Without paging,
 * the first 1000 items are answered.
 */
import type { Paging } from "../../generated/subscriptions/types.js";
import { MessageCode, SoapFailure } from "./operation.js";

export const MAX_PAGE_SIZE = 1000;

export function readPaging(paging: Paging | undefined): Paging {
  if (paging === undefined) return { limit: MAX_PAGE_SIZE, offset: 1 };
  if (paging.limit < 1 || paging.limit > MAX_PAGE_SIZE) {
    throw new SoapFailure(
      MessageCode.invalidRequest,
      `paging.limit must be from 1 to ${MAX_PAGE_SIZE}`,
    );
  }
  if (paging.offset < 1)
    throw new SoapFailure(MessageCode.invalidRequest, "paging.offset is a page number from 1");
  return paging;
}

/** The items of page `offset` (from 1) of `limit` items. */
export function pageOf<T>(items: readonly T[], paging: Paging): T[] {
  const start = (paging.offset - 1) * paging.limit;
  return items.slice(start, start + paging.limit);
}
