import { createLogger } from '../../../platform/logging/logger.js';

/** The lines a logger call writes, read back from stdout as parsed objects. */
function linesOf(write: () => void): Record<string, unknown>[] {
  const chunks: string[] = [];
  const original = process.stdout.write;
  process.stdout.write = ((chunk: string) => chunks.push(String(chunk)) > 0) as typeof process.stdout.write;
  try {
    write();
  } finally {
    process.stdout.write = original;
  }
  return chunks
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('logger', () => {
  it('should write one JSON object per line with time, level label, message and fields', () => {
    const [line] = linesOf(() => createLogger('info', { module: 'email' }).info('sent', { messageId: 'msg_1' }));
    expect(line).toMatchObject({ level: 'info', msg: 'sent', module: 'email', messageId: 'msg_1' });
    expect(new Date(line.time as string).toISOString()).toBe(line.time);
  });

  it('should write nothing below its level and say so through enabled', () => {
    const logger = createLogger('warn');
    expect(linesOf(() => logger.info('quiet'))).toEqual([]);
    expect(logger.enabled('info')).toBe(false);
    expect(logger.enabled('error')).toBe(true);
    expect(linesOf(() => createLogger('silent').error('nothing'))).toEqual([]);
  });

  it('should keep credentials and bodies out, at the top and one level down', () => {
    const [line] = linesOf(() =>
      createLogger('info').warn('request', {
        authorization: 'Bearer sk_live_top',
        request: {
          headers: { authorization: 'Bearer sk_live_nested', accept: 'text/html' },
          body: '{"password":"hunter2"}',
        },
        upstream: { token: 'tok_secret', status: 502 },
      }),
    );
    const text = JSON.stringify(line);
    for (const secret of ['sk_live_top', 'sk_live_nested', 'hunter2', 'tok_secret']) expect(text).not.toContain(secret);
    expect(line).toMatchObject({ request: { headers: { accept: 'text/html' } }, upstream: { status: 502 } });
  });

  it('should keep the fields a child was given on every line it writes', () => {
    const child = createLogger('debug').child({ requestId: 'req_1' });
    const [line] = linesOf(() => child.debug('step', { n: 1 }));
    expect(line).toMatchObject({ level: 'debug', requestId: 'req_1', n: 1 });
  });

  it('should log an error as name, message and stack', () => {
    const [line] = linesOf(() => createLogger('error').error('failed', { error: new TypeError('boom') }));
    expect(line.error).toMatchObject({ name: 'TypeError', message: 'boom' });
    expect(String((line.error as { stack: string }).stack)).toContain('TypeError: boom');
  });
});
