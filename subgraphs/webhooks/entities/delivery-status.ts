import { registerEnumType } from 'type-graphql';

/** PENDING while scheduled attempts remain, SUCCESS after a 2xx, FAILED once the schedule is exhausted. */
export enum DeliveryStatus {
  PENDING = 'PENDING',
  SUCCESS = 'SUCCESS',
  FAILED = 'FAILED',
}
registerEnumType(DeliveryStatus, { name: 'WebhookDeliveryStatus' });
