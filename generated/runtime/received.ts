/**
 * Values read from a service's answer. A generated response reader returns
 * its value as {@link Received}, and so does every client method; nothing
 * else makes one. Where a value must come from an answer (a flow that copies
 * the authorized amount from the authorization, say), the parameter asks for
 * `Received<T>`, so a request of the same shape, or an object written by
 * hand, is a compile error rather than a reversal of the wrong amount.
 *
 * The brand exists for the compiler only: the value is the object the reader
 * built, with no extra property, and JSON, spreading and equality see just it.
 */
declare const receivedBrand: unique symbol;

/** A `T` that a generated reader read from a service's answer. */
export type Received<T> = T & { readonly [receivedBrand]: true };

/** Marks what a generated reader just read as received. */
export function received<T>(value: T): Received<T> {
  return value as Received<T>;
}
