import { serviceFile, type EmitContext } from "./emit-context.js";
import { emitRestClient } from "./emit-rest-client.js";
import { emitSoapClient } from "./emit-soap-client.js";
import type { GeneratedFile } from "./generated-file.js";
import { paths } from "./paths.js";

/** `<service>/client.ts`: `create<Service>Client(options)` with one async method per operation. */
export function emitClient(ctx: EmitContext): GeneratedFile {
  const file = serviceFile(ctx, paths.client(ctx.service.name));
  if (ctx.service.protocol === "soap") emitSoapClient(file, ctx);
  else emitRestClient(file, ctx);
  return file.finish();
}
