import type { Service } from "../model/ir.js";
import type { ServiceNames } from "../naming/names.js";
import { TsFile } from "./ts-file.js";

/** What every emitter of a service's files is given: the service and its table of names. */
export interface EmitContext {
  readonly service: Service;
  /** Every identifier a file declares or refers to comes from here. */
  readonly names: ServiceNames;
  /** The server entry also holds a mock: default answers synthesized from the contract with this seed. */
  readonly mock?: MockOptions;
}

/** How the mock's default answers are made. */
export interface MockOptions {
  /** Same seed, same answers. */
  readonly seed: number;
}

/** A new file of the service's package, which aliases a runtime import that the service's own names would shadow. */
export function serviceFile(ctx: EmitContext, path: string): TsFile {
  return new TsFile(path, ctx.names.declared);
}
