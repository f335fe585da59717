/** What the transport knows about a request's client beyond the request itself (`listen` gives the peer's address). */
export interface ClientInfo {
  readonly remoteAddress?: string;
}

/** A server as a function: a request in, its response out. Plugs into a test runner, MSW, or `listen` (server/listen.ts). */
export type FetchHandler = (request: Request, client?: ClientInfo) => Promise<Response>;

/** The most a generated server reads of a request body by default (1 MiB). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** The body's text, or `undefined` when it is larger than `max` bytes. */
export async function bodyText(request: Request, max: number): Promise<string | undefined> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > max) return undefined;
  const bytes = new Uint8Array(await request.arrayBuffer());
  return bytes.byteLength > max ? undefined : new TextDecoder().decode(bytes);
}

/** The `code=N` preference of a `Prefer` header (as Prism reads it): the status the caller asks for. */
export function preferredStatus(request: Request): number | undefined {
  const match = /(?:^|[;,\s])code=(\d{3})(?![\d])/.exec(request.headers.get("prefer") ?? "");
  return match ? Number(match[1]) : undefined;
}

/** The media type of a `content-type` header, without its parameters, in lower case. */
export function mediaTypeOf(header: string | null): string | undefined {
  const type = header?.split(";")[0]?.trim().toLowerCase();
  return type === "" ? undefined : type;
}

/**
 * Whether a body sent as `sent` is of the media type `expected`: the same
 * type, or, for JSON, a type with the `+json` structured syntax suffix
 * (`application/merchant+json` is JSON, RFC 6839).
 */
export function acceptsMediaType(sent: string, expected: string): boolean {
  const want = mediaTypeOf(expected);
  if (sent === want) return true;
  return want === "application/json" && /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(sent);
}
