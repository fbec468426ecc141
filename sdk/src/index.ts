export { createPlatformClient, type PlatformClient, type PlatformClientOptions, type RequestBody } from './client.js';
export type { GroupedOperations, OperationInit, OperationMethod, OperationResult } from './grouped.js';
export { operations } from './operations.generated.js';
export { PlatformApiError } from './errors.js';
export { platformEvents, type EventStream, type EventStreamOptions, type PlatformEvent } from './events.js';
export { paginate, type OffsetPage } from './pagination.js';
export { retryingFetch, type RetryOptions } from './retrying-fetch.js';
export { verifyWebhookSignature, type WebhookHeaders } from './webhook-signature.js';
export type { paths, components } from './openapi.generated.js';
