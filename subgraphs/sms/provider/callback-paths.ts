/** Public paths the provider calls back on (under PUBLIC_URL); part of the signed URL, so they are fixed here. */
export const STATUS_CALLBACK_PATH = '/sms/callbacks/status';
export const INBOUND_CALLBACK_PATH = '/sms/callbacks/inbound';
