import { registerEnumType } from 'type-graphql';

/** PENDING_VERIFICATION until the address is verified; BLOCKED by an operator; DELETED is soft (kept for the audit trail). */
export enum UserStatus {
  PENDING_VERIFICATION = 'PENDING_VERIFICATION',
  ACTIVE = 'ACTIVE',
  BLOCKED = 'BLOCKED',
  DELETED = 'DELETED',
}

registerEnumType(UserStatus, { name: 'AuthUserStatus' });
