/** A domain event as webhooks and subscriptions receive it. */
export interface PlatformEvent<T = Record<string, unknown>> {
  id: string;
  type: string;
  /** ISO 8601 */
  timestamp: string;
  data: T;
}
