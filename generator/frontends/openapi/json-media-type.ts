/** JSON media types: `application/json`, `application/hal+json;charset=utf-8`, `*\/*`... */
export function isJsonMediaType(mediaType: string): boolean {
  const base = mediaType.split(";")[0]!.trim().toLowerCase();
  return base === "application/json" || base.endsWith("+json") || base === "*/*" || base === "application/*";
}
