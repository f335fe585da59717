/**
 * Webhook subscriptions and instrument identifiers (document 002).
 *
 * - Creating a subscription calls its healthCheckUrl (GET; the webhookUrl
 *   when none is given) and is refused unless that answers 2xx.
 * - A card number can have one instrument identifier; a second one is refused
 *   (409) until the first is deleted with `DELETE /tms/v1/instrumentidentifiers/{id}`,
 *   an operation of the sandbox's own (the document names deleting but shows
 *   no path).
 * - Creating an instrument identifier sends a `tms.networktoken.provisioned`
 *   notification (the sandbox's payload) to every active subscription of the
 *   sandbox's organization for that event, retried per its ARITHMETIC
 *   retryPolicy while the receiver fails: retry 1 waits `firstRetry` units,
 *   each later retry `interval` units; the sequence (first attempt and
 *   `numberOfRetries` retries) runs `repeatSequenceCount` more times after
 *   `repeatSequenceWaitTime` units. One unit is `webhookTimeUnitMs`. When every
 *   attempt failed and `deactivateFlag` is `"true"`, the subscription is
 *   deactivated and gets no further notification.
 */
import type { EventType } from "../generated/search/enums.js";
import {
  type SearchHandlers,
  serializeInstrumentIdentifier,
  serializeWebhookSubscription,
} from "../generated/search/server.js";
import type {
  InstrumentIdentifier,
  InstrumentIdentifierRequest,
  WebhookSubscription,
  WebhookSubscriptionRequest,
} from "../generated/search/types.js";
import { answering, fail, jsonAnswer, replying, type SandboxAnswer } from "./http-io.js";
import type { Ids } from "./ids.js";
import { failValidation, requireBody } from "./json-body.js";
import { cardDigits, cardNumberProblem, maskedCardNumber, storeCard } from "./payment-data.js";
import type {
  InstrumentIdentifierRecord,
  NotificationRecord,
  WebhookRecord,
} from "./store/records.js";
import type { SandboxState } from "./store/state.js";
import { isoSeconds } from "./transactions.js";

export const PROVISIONED_EVENT: EventType = "tms.networktoken.provisioned";
export const TOKEN_MANAGEMENT = "tokenManagement";
const INSTRUMENT_IDENTIFIERS = "/tms/v1/instrumentidentifiers";

export interface WebhookSettings {
  /** Milliseconds in one unit of a retry policy. */
  readonly timeUnitMs: number;
  /** Milliseconds before a health check or a delivery attempt is given up. */
  readonly timeoutMs: number;
}

/** Waits (in ms) before each attempt after the first, for a retry policy. */
export function retryDelays(policy: WebhookRecord["retryPolicy"], unitMs: number): number[] {
  const delays: number[] = [];
  for (let sequence = 0; sequence <= policy.repeatSequenceCount; sequence++) {
    if (sequence > 0) delays.push(policy.repeatSequenceWaitTime * unitMs);
    for (let retry = 1; retry <= policy.numberOfRetries; retry++) {
      delays.push((retry === 1 ? policy.firstRetry : policy.interval) * unitMs);
    }
  }
  return delays;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export class WebhooksApi {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(
    private readonly state: SandboxState,
    private readonly ids: Ids,
    private readonly organizationId: string,
    private readonly settings: WebhookSettings,
    private readonly now: () => number,
    private readonly log: (message: string) => void,
  ) {}

  /** The webhook and instrument identifier handlers of the generated search server. */
  handlers(): Pick<SearchHandlers, "createWebhookSubscription" | "createInstrumentIdentifier"> {
    return {
      createWebhookSubscription: answering(({ body }) => this.createWebhook(requireBody(body))),
      createInstrumentIdentifier: replying(({ body }) => ({
        status: 201,
        body: this.createInstrumentIdentifier(requireBody(body)),
      })),
    };
  }

  /** The sandbox's own operations on `/tms/v1/instrumentidentifiers/{id}`, by method. */
  ownOperations(): Readonly<Record<string, (id: string) => SandboxAnswer>> {
    return {
      GET: (id) => this.getInstrumentIdentifier(id),
      DELETE: (id) => this.deleteInstrumentIdentifier(id),
    };
  }

  /** Stops every pending retry and delivery. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
    this.inFlight.clear();
  }

  /** POST /notification-subscriptions/v2/webhooks. */
  private async createWebhook(body: WebhookSubscriptionRequest): Promise<SandboxAnswer> {
    if (body.webhookUrl === undefined)
      failValidation([{ path: "webhookUrl", code: "required", message: "is required" }]);
    if (!isHttpUrl(body.webhookUrl))
      failValidation([
        { path: "webhookUrl", code: "format", message: "must be an http or https URL" },
      ]);
    const healthCheckUrl = body.healthCheckUrl ?? body.webhookUrl;
    if (!isHttpUrl(healthCheckUrl)) {
      failValidation([
        { path: "healthCheckUrl", code: "format", message: "must be an http or https URL" },
      ]);
    }
    const productId = body.productId ?? TOKEN_MANAGEMENT;
    if (productId !== TOKEN_MANAGEMENT) {
      failValidation([
        {
          path: "productId",
          code: "enum",
          message: `the sandbox serves the product ${TOKEN_MANAGEMENT} only`,
        },
      ]);
    }
    const policy = body.retryPolicy ?? {};
    const algorithm = policy.algorithm ?? "ARITHMETIC";
    if (algorithm !== "ARITHMETIC") {
      failValidation([
        {
          path: "retryPolicy.algorithm",
          code: "enum",
          message: "the sandbox implements ARITHMETIC only",
        },
      ]);
    }
    const retryPolicy: WebhookRecord["retryPolicy"] = {
      algorithm,
      firstRetry: policy.firstRetry ?? 1,
      interval: policy.interval ?? 1,
      numberOfRetries: policy.numberOfRetries ?? 3,
      repeatSequenceCount: policy.repeatSequenceCount ?? 0,
      repeatSequenceWaitTime: policy.repeatSequenceWaitTime ?? 0,
      deactivateFlag: policy.deactivateFlag ?? "false",
    };
    const bounds: [keyof typeof retryPolicy, number][] = [
      ["firstRetry", 10_000],
      ["interval", 10_000],
      ["numberOfRetries", 50],
      ["repeatSequenceCount", 10],
      ["repeatSequenceWaitTime", 10_000],
    ];
    for (const [key, max] of bounds) {
      const value = retryPolicy[key];
      if (typeof value === "number" && (value < 0 || value > max)) {
        failValidation([
          { path: `retryPolicy.${key}`, code: "range", message: `must be from 0 to ${max}` },
        ]);
      }
    }
    if (retryPolicy.deactivateFlag !== "true" && retryPolicy.deactivateFlag !== "false") {
      failValidation([
        {
          path: "retryPolicy.deactivateFlag",
          code: "enum",
          message: "must be the string true or false",
        },
      ]);
    }
    const health = await this.call(healthCheckUrl, {
      method: "GET",
      headers: { "user-agent": "paygen-sandbox" },
    });
    if (!health.ok) {
      fail(
        400,
        "HEALTH_CHECK_FAILED",
        `the health check of the subscription failed: ${health.problem}`,
        [
          {
            field: body.healthCheckUrl !== undefined ? "healthCheckUrl" : "webhookUrl",
            reason: "health-check",
          },
        ],
      );
    }
    const record = this.state.webhooks.put({
      id: this.ids.webhook(),
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      organizationId: body.organizationId ?? this.organizationId,
      productId,
      eventTypes: body.eventTypes ?? [PROVISIONED_EVENT],
      webhookUrl: body.webhookUrl,
      healthCheckUrl,
      notificationScope: body.notificationScope ?? "SELF",
      retryPolicy,
      ...(body.securityPolicy !== undefined ? { securityPolicy: body.securityPolicy } : {}),
      status: "ACTIVE",
      createdOn: isoSeconds(this.now()),
    });
    const answer: WebhookSubscription = {
      webhookId: record.id,
      name: record.name,
      description: record.description,
      organizationId: record.organizationId,
      productId: record.productId,
      eventTypes: record.eventTypes,
      webhookUrl: record.webhookUrl,
      healthCheckUrl: record.healthCheckUrl,
      notificationScope: record.notificationScope,
      retryPolicy: record.retryPolicy,
      securityPolicy: record.securityPolicy,
      status: record.status,
      createdOn: record.createdOn,
    };
    return jsonAnswer(201, serializeWebhookSubscription(answer));
  }

  /** POST /tms/v1/instrumentidentifiers. */
  private createInstrumentIdentifier(body: InstrumentIdentifierRequest): InstrumentIdentifier {
    const number = body.card?.number;
    if (number === undefined)
      failValidation([{ path: "card.number", code: "required", message: "is required" }]);
    const problem = cardNumberProblem(number);
    if (problem !== undefined)
      failValidation([{ path: "card.number", code: "format", message: problem }]);
    const digits = cardDigits(number) ?? "";
    const digest = this.state.digests.of(digits);
    const existing = this.state.instrumentIdentifiers
      .values()
      .find((i) => i.card.digest === digest);
    if (existing !== undefined) {
      fail(
        409,
        "INSTRUMENT_IDENTIFIER_EXISTS",
        `the card number already has instrument identifier ${existing.id}; delete it before creating another`,
        [{ field: "card.number", reason: "duplicate" }],
      );
    }
    const month = body.card?.expirationMonth;
    const year = body.card?.expirationYear;
    const expiration =
      month !== undefined &&
      year !== undefined &&
      /^[0-9]{4}$/.test(year) &&
      /^[0-9]{1,2}$/.test(month)
        ? `${year}-${month.padStart(2, "0")}`
        : undefined;
    const record = this.state.instrumentIdentifiers.put({
      id: this.ids.instrumentIdentifier(),
      type: body.type ?? "enrollable card",
      card: storeCard(digits, expiration, this.state.digests),
      ...(month !== undefined ? { expirationMonth: month } : {}),
      ...(year !== undefined ? { expirationYear: year } : {}),
      createdOn: isoSeconds(this.now()),
    });
    this.notifyProvisioned(record);
    return this.view(record);
  }

  /** GET /tms/v1/instrumentidentifiers/{id} (the sandbox's own: the target of the self link). */
  private getInstrumentIdentifier(id: string): SandboxAnswer {
    const record = this.state.instrumentIdentifiers.get(id);
    if (record === undefined) fail(404, "NOT_FOUND", "no instrument identifier has this id");
    return jsonAnswer(200, serializeInstrumentIdentifier(this.view(record)));
  }

  /** DELETE /tms/v1/instrumentidentifiers/{id} (the sandbox's own). */
  private deleteInstrumentIdentifier(id: string): SandboxAnswer {
    if (!this.state.instrumentIdentifiers.delete(id))
      fail(404, "NOT_FOUND", "no instrument identifier has this id");
    return { status: 204 };
  }

  private view(record: InstrumentIdentifierRecord): InstrumentIdentifier {
    return {
      id: record.id,
      object: "instrumentIdentifier",
      state: "ACTIVE",
      type: record.type,
      card: {
        number: maskedCardNumber(record.card),
        ...(record.expirationMonth !== undefined
          ? { expirationMonth: record.expirationMonth }
          : {}),
        ...(record.expirationYear !== undefined ? { expirationYear: record.expirationYear } : {}),
      },
      tokenizedCard: { state: "ACTIVE", type: record.card.cardType.toLowerCase() },
      metadata: { creator: this.organizationId, createdOn: record.createdOn },
      _links: { self: { href: `${INSTRUMENT_IDENTIFIERS}/${record.id}` } },
    };
  }

  /** Starts the delivery of the provisioned event to every matching active subscription. */
  private notifyProvisioned(identifier: InstrumentIdentifierRecord): void {
    for (const webhook of this.state.webhooks.values()) {
      if (
        webhook.status !== "ACTIVE" ||
        webhook.organizationId !== this.organizationId ||
        webhook.productId !== TOKEN_MANAGEMENT ||
        !webhook.eventTypes.includes(PROVISIONED_EVENT)
      ) {
        continue;
      }
      const notification = this.state.notifications.put({
        id: this.ids.notification(),
        webhookId: webhook.id,
        eventType: PROVISIONED_EVENT,
        instrumentIdentifierId: identifier.id,
        attempts: 0,
        status: "PENDING",
        createdOn: isoSeconds(this.now()),
      });
      const delays = retryDelays(webhook.retryPolicy, this.settings.timeUnitMs);
      this.schedule(() => this.attempt(webhook.id, notification.id, identifier, delays), 0);
    }
  }

  private schedule(task: () => Promise<void>, delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      task().catch((error: unknown) =>
        this.log(`webhook delivery failed unexpectedly: ${String(error)}`),
      );
    }, delayMs);
    this.timers.add(timer);
  }

  /** One delivery attempt; schedules the next one while attempts are left. */
  private async attempt(
    webhookId: string,
    notificationId: string,
    identifier: InstrumentIdentifierRecord,
    delays: readonly number[],
  ): Promise<void> {
    const webhook = this.state.webhooks.get(webhookId);
    const notification = this.state.notifications.get(notificationId);
    if (webhook === undefined || notification === undefined || this.closed) return;
    const retryNumber = notification.attempts;
    const payload = {
      notificationId: notification.id,
      eventType: notification.eventType,
      eventDate: isoSeconds(this.now()),
      retryNumber,
      webhookId: webhook.id,
      organizationId: webhook.organizationId,
      productId: webhook.productId,
      payload: { data: this.view(identifier) },
    };
    const outcome = await this.call(webhook.webhookUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "user-agent": "paygen-sandbox",
      },
      body: JSON.stringify(payload),
    });
    if (this.closed) return;
    const next: NotificationRecord = { ...notification, attempts: retryNumber + 1 };
    if (outcome.ok) next.status = "DELIVERED";
    else if (retryNumber < delays.length)
      this.schedule(
        () => this.attempt(webhookId, notificationId, identifier, delays),
        delays[retryNumber] ?? 0,
      );
    else {
      next.status = "FAILED";
      if (webhook.retryPolicy.deactivateFlag === "true")
        this.state.webhooks.put({ ...webhook, status: "INACTIVE" });
    }
    this.state.notifications.put(next);
    await this.state
      .flush()
      .catch((error: unknown) => this.log(`the state could not be written: ${String(error)}`));
  }

  /** An HTTP call with a timeout: whether it answered 2xx, and why not. */
  private async call(
    url: string,
    init: RequestInit,
  ): Promise<{ ok: true } | { ok: false; problem: string }> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(), this.settings.timeoutMs);
    try {
      const response = await fetch(url, { ...init, signal: controller.signal, redirect: "manual" });
      await response.arrayBuffer().catch(() => undefined);
      return response.status >= 200 && response.status < 300
        ? { ok: true }
        : { ok: false, problem: `HTTP ${response.status}` };
    } catch {
      return {
        ok: false,
        problem: controller.signal.aborted ? "no answer in time" : "the URL could not be reached",
      };
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(controller);
    }
  }
}
