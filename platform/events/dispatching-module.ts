/**
 * The module whose process drains the events outbox (platform.events) in split mode. The outbox has one mark per
 * event, so every dispatcher must carry the same sinks, or events taken by one would miss the others' sinks: the
 * webhook engine's process is that place (any number of copies of it, rows are taken FOR UPDATE SKIP LOCKED), and a
 * gateway dispatches only while it serves the webhooks module itself (the one-process runner).
 */
export const DISPATCHING_MODULE = 'webhooks';
