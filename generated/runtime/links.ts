/**
 * Gives a response the methods that follow its links, as non-enumerable
 * properties: JSON, equality checks and logs see the response only.
 */
export function attachLinks<R extends object, L extends object>(response: R, links: L): R & L {
  for (const key of Object.keys(links)) {
    Object.defineProperty(response, key, {
      value: (links as Record<string, unknown>)[key],
      enumerable: false,
      configurable: true,
      writable: true,
    });
  }
  return response as R & L;
}
