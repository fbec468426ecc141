import WebSocket from 'ws';
import { createPlatformClient, platformEvents, type PlatformEvent } from '../../sdk/src/index.js';
import { startTestPlatform, eventually, type TestPlatform } from '../helpers/test-platform.js';

/** The SDK's live event stream (graphql-ws) against a running platform. */
describe('@platform-api/sdk events', () => {
  let t: TestPlatform;

  beforeAll(async () => {
    t = await startTestPlatform();
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  it("should stream the organization's events of the asked types, and none of another organization's", async () => {
    const [key, other] = [await t.key('sdk-events'), await t.key('sdk-events-other')];
    const stream = platformEvents({ apiKey: key, baseUrl: t.url, types: ['email.sent'], webSocketImpl: WebSocket });
    const received: PlatformEvent[] = [];
    const reading = (async () => {
      for await (const event of stream) received.push(event);
    })();
    const send = (k: string, subject: string) =>
      createPlatformClient({ apiKey: k, baseUrl: t.url }).POST('/emails', {
        body: { from: 'a@example.com', to: 'b@example.com', subject, text: 'x' },
      });
    // The subscription starts asynchronously: send until the first event shows it is live.
    await eventually(async () => {
      await send(key, 'mine');
      return received.length > 0;
    });
    const [theirs] = [(await send(other, 'theirs')).data!.data.messageId];
    const mine = (await send(key, 'mine, last')).data!.data.messageId;
    await eventually(async () => received.some((e) => (e.data as { messageId?: string }).messageId === mine));
    await stream.close();
    await reading;
    expect(
      received.every(
        (e) => e.type === 'email.sent' && typeof e.id === 'string' && !Number.isNaN(Date.parse(e.timestamp)),
      ),
    ).toBe(true);
    expect(received.some((e) => (e.data as { messageId?: string }).messageId === theirs)).toBe(false);
  });

  it('should end the loop with the refusal when the key is not accepted', async () => {
    const stream = platformEvents({ apiKey: 'sk_srv_not-a-key', baseUrl: t.url, webSocketImpl: WebSocket });
    const ended = await (async () => {
      for await (const event of stream) return event;
      return 'ended';
    })().catch((error: unknown) => error);
    // graphql-ws ends the iterator with the socket's close event: 4401, the platform's answer to an unknown key.
    expect(ended).toMatchObject({ code: 4401 });
  });
});
