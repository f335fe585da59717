/**
 * What the package README says about retries, from each REST operation's
 * rules (the ones `rest-call.ts` and `http/retry.ts` apply): per service, the
 * ways of retrying with the operations retried so; for the whole package, the
 * sources those rules come from and the paragraphs that hold for it.
 */
import { idempotencyHeader, retryMode, type RetryMode } from "../model/idempotency-header.js";
import type { Model, RestOperation, Service } from "../model/ir.js";

/** Where a retry rule comes from, as the README labels it, in the order it lists them. */
const SOURCES = ["documents", "contract", "paygen"] as const;
type RuleSource = (typeof SOURCES)[number];

/** A retry rule of one operation, in words, with where it comes from. */
interface Rule {
  readonly text: string;
  readonly source: RuleSource;
  /** For a rule the documents give: what of their guidance it is, as the package's section on retries names it. */
  readonly guidance?: string;
}

/** The documents' retry guidance, in the order the README names it. */
const GUIDANCE = [
  "Retry-After on 429",
  "back-off with jitter and its number of attempts",
  "no immediate repeat of a timed-out call",
  "a 404 retried minutes later with its number of tries",
] as const;

/** The README's retry table's column "idempotent", by how the operation may be repeated. */
const IDEMPOTENT_LABEL: Readonly<Record<RetryMode, string>> = {
  idempotent: "yes",
  keyed: "with its key",
  never: "no",
};

/**
 * How the client retries one REST operation, each rule marked with where it
 * comes from: the documents (the retry guidance of the schema), the contract
 * (an idempotency header it declares) or paygen's own choice.
 */
function rulesOf(op: RestOperation, service: Service): { idempotent: string; rules: Rule[] } {
  const rules: Rule[] = [];
  const guidance = service.rest?.retry;
  const notFound = op.statuses.find((s) => s.code === 404 && s.retry);
  const tooMany = op.statuses.some((s) => s.code === 429 && s.retry !== undefined);
  const mode = retryMode(op);
  const documented = (given: unknown, text: string, which: (typeof GUIDANCE)[number]): Rule =>
    given ? { text, source: "documents", guidance: which } : { text, source: "paygen" };
  if (mode === "keyed")
    rules.push({
      text: `as a read, since every attempt sends the same key in its ${idempotencyHeader(op)} header`,
      source: "contract",
    });
  if (mode !== "never") {
    rules.push(documented(tooMany, "429 after Retry-After, or back-off", GUIDANCE[0]));
    rules.push(
      documented(
        guidance?.backoff,
        "500/502/503/504 and network failures, with exponential back-off and jitter",
        GUIDANCE[1],
      ),
    );
    rules.push(
      documented(
        guidance?.noImmediateRetryAfterTimeout,
        "a timeout, never immediately",
        GUIDANCE[2],
      ),
    );
    if (notFound?.retry)
      rules.push({
        text: `404 after ${Math.round((notFound.retry.delayMs ?? 0) / 60000)} minutes, ${notFound.retry.maxAttempts ?? 5} tries in all`,
        source: "documents",
        guidance: GUIDANCE[3],
      });
  } else {
    rules.push({
      text: "only when the request provably never left: connection refused, DNS failure",
      source: "paygen",
    });
  }
  return { idempotent: IDEMPOTENT_LABEL[mode], rules };
}

function restOperations(service: Service): RestOperation[] {
  return service.operations.filter((op): op is RestOperation => op.protocol === "rest");
}

/**
 * A REST service's retries for its README section: one row per way of
 * retrying (idempotent or not, and the rules), with the operations retried
 * that way, in contract order: the rules are written once, not once per operation.
 */
export function retryGroups(service: Service) {
  const groups = new Map<string, { idempotent: string; rules: string; methods: string[] }>();
  for (const op of restOperations(service)) {
    const { idempotent, rules } = rulesOf(op, service);
    const text = rules.map((r) => `${r.text} (${r.source})`).join("; ");
    const key = `${idempotent}\n${text}`;
    const group = groups.get(key) ?? { idempotent, rules: text, methods: [] };
    group.methods.push(op.method);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * What the README's section on retries says of the whole package, each part
 * only where it is true of it: the sources its operations' rules come from
 * (for the documents, the guidance they give), whether an operation sends an
 * idempotency key, and whether one is never repeated once it may have reached
 * the service (a REST operation neither idempotent nor keyed, or a SOAP call).
 */
export function packageRetries(model: Model) {
  const rules: Rule[] = [];
  let hasKeys = false;
  let hasUnkeyedWrites = false;
  for (const service of model.services) {
    if (service.protocol === "soap" && service.operations.length > 0) hasUnkeyedWrites = true;
    for (const op of restOperations(service)) {
      rules.push(...rulesOf(op, service).rules);
      hasKeys ||= idempotencyHeader(op) !== undefined;
      hasUnkeyedWrites ||= retryMode(op) === "never";
    }
  }
  const given = new Set(rules.map((r) => r.guidance));
  const what: Readonly<Record<RuleSource, string>> = {
    documents: `the retry guidance the documents give: ${GUIDANCE.filter((g) => given.has(g)).join(", ")}`,
    contract: "an idempotency header the contract declares, whose key every attempt sends",
    paygen:
      "what paygen adds where the documents are silent, only where a repeat cannot charge anyone twice",
  };
  return {
    hasKeys,
    hasUnkeyedWrites,
    sources: SOURCES.filter((source) => rules.some((r) => r.source === source)).map((label) => ({
      label,
      what: what[label],
    })),
  };
}
