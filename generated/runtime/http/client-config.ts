/**
 * A client's configuration as its operation functions take it: made once by
 * the service's `configure…` function from options it has checked, and
 * opaque to the caller, so the options it holds (credentials among them) are
 * in no view of it (JSON, inspect, logs). Holding options in a table keyed by
 * the configuration, not on it, is what keeps them out of every view.
 */

/** Only a type: the options a configuration holds, never a property at run time. */
declare const OPTIONS: unique symbol;

/** The configuration of a client whose options are `O`, made by its service's `configure…` function. */
export interface ClientConfig<O> {
  readonly [OPTIONS]: O;
}

const held = new WeakMap<object, unknown>();

/** A configuration holding `options`, which the caller has checked. */
export function configured<O>(options: O): ClientConfig<O> {
  const config = Object.freeze({});
  held.set(config, options);
  return config as ClientConfig<O>;
}

/** The options a configuration holds; a `TypeError` for anything a `configure…` function did not make. */
export function optionsOf<O>(config: ClientConfig<O>): O {
  const options = held.get(config);
  if (options === undefined)
    throw new TypeError(
      "not a client configuration: make one with the service's configure function",
    );
  return options as O;
}
