import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { supportModule } from '../../../subgraphs/support/index.js';
import { FrozenClock } from '../../../platform/clock/job-clock.js';
import { businessSeconds } from '../../../subgraphs/support/analytics/business-hours.js';
import { addMember, createInbox, newConversation, widget } from './helpers/support-fixtures.js';

const BERLIN_WEEKDAYS = {
  timezone: 'Europe/Berlin',
  hours: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'].map((day) => ({
    day,
    startTime: '09:00',
    endTime: '17:00',
  })),
};

describe('business seconds', () => {
  it('should count only working hours in the inbox zone, across nights and weekends', () => {
    // Monday 2030-03-04 16:50 Berlin (CET) to Tuesday 09:10: 10 minutes each side of the night.
    expect(businessSeconds(new Date('2030-03-04T15:50:00Z'), new Date('2030-03-05T08:10:00Z'), BERLIN_WEEKDAYS)).toBe(
      1200,
    );
    // Friday 16:00 to Monday 10:00 Berlin: one hour on Friday, one on Monday.
    expect(businessSeconds(new Date('2030-03-08T15:00:00Z'), new Date('2030-03-11T09:00:00Z'), BERLIN_WEEKDAYS)).toBe(
      7200,
    );
    // Across the spring-forward switch (2030-03-31): Monday 1 April 09:00 CEST is 07:00Z.
    expect(businessSeconds(new Date('2030-04-01T06:00:00Z'), new Date('2030-04-01T08:00:00Z'), BERLIN_WEEKDAYS)).toBe(
      3600,
    );
    expect(businessSeconds(new Date('2030-03-04T08:00:00Z'), new Date('2030-03-04T09:00:00Z'), null)).toBe(3600);
  });
});

describe('support analytics on a scripted timeline (Chatwoot definitions)', () => {
  let t: TestPlatform;
  let key: string;
  let inbox: { id: string; widgetToken: string };
  const clock = new FrozenClock(new Date('2030-03-04T07:00:00Z'));
  const at = (iso: string) => clock.set(new Date(iso));

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [supportModule({ clock, contactConversations: false })] });
    key = await t.key('sup-analytics');
    inbox = await createInbox(t, key, { name: 'Metrics', workingHours: BERLIN_WEEKDAYS });
    await addMember(t, key, inbox.id, 'user_alice');
    await addMember(t, key, inbox.id, 'user_bob');
    const reply = (id: string, body: Record<string, unknown>) =>
      t.request('POST', `/support/conversations/${id}/reply`, { key, body });
    const status = (id: string, s: string) =>
      t.request('PUT', `/support/conversations/${id}`, { key, body: { status: s } });

    // Conversation 1 (alice): first response 300 s, reply 600 s, resolved after 3600 s; all in working hours.
    at('2030-03-04T08:00:00Z');
    const c1 = await newConversation(t, inbox.widgetToken, 'one');
    at('2030-03-04T08:05:00Z');
    await reply(c1.conversationId, { message: 'hi', authorId: 'user_alice' });
    at('2030-03-04T08:10:00Z');
    await widget(t, inbox.widgetToken, c1.visitor.visitorToken)('POST', `conversations/${c1.conversationId}/messages`, {
      message: 'more',
    });
    at('2030-03-04T08:20:00Z');
    await reply(c1.conversationId, { message: 'answer', authorId: 'user_alice' });
    at('2030-03-04T09:00:00Z');
    await status(c1.conversationId, 'resolved');

    // Conversation 2 (bob): starts 16:50 Berlin, answered 09:10 next day (58,800 s; 1,200 s in business hours), resolved 08:30Z.
    at('2030-03-04T15:50:00Z');
    const c2 = await newConversation(t, inbox.widgetToken, 'two');
    at('2030-03-05T08:10:00Z');
    await reply(c2.conversationId, { message: 'morning', authorId: 'user_bob' });
    at('2030-03-05T08:30:00Z');
    await status(c2.conversationId, 'resolved');

    // Conversation 3 (alice by round-robin): a note does not count; an authorless reply counts for the assignee (120 s).
    at('2030-03-05T10:00:00Z');
    const c3 = await newConversation(t, inbox.widgetToken, 'three');
    at('2030-03-05T10:01:00Z');
    await reply(c3.conversationId, { message: 'note', type: 'note', authorId: 'user_bob' });
    at('2030-03-05T10:02:00Z');
    await reply(c3.conversationId, { message: 'hello' });

    // Another inbox: only in unfiltered figures.
    const other = await createInbox(t, key, { name: 'Elsewhere' });
    at('2030-03-04T12:00:00Z');
    await newConversation(t, other.widgetToken, 'elsewhere');
  });
  afterAll(() => t.stop());

  const get = async (path: string) => {
    const res = await t.request('GET', `/support/analytics/${path}`, { key });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const range = `startDate=2030-03-04&endDate=2030-03-05`;

  it('should report the overview with averages in wall-clock and business hours', async () => {
    expect(await get(`overview?${range}&inboxId=${inbox.id}`)).toEqual({
      startDate: '2030-03-04T00:00:00.000Z',
      endDate: '2030-03-06T00:00:00.000Z',
      conversations: 3,
      incomingMessages: 4,
      outgoingMessages: 4,
      resolutions: 2,
      avgFirstResponseTime: 19740,
      avgResolutionTime: 31800,
      avgReplyTime: 600,
      businessHours: { avgFirstResponseTime: 540, avgResolutionTime: 3000, avgReplyTime: 600 },
    });
    const all = await get(`overview?${range}`);
    expect([all.conversations, all.incomingMessages]).toEqual([4, 5]);
    const monday = await get(`overview?startDate=2030-03-04&endDate=2030-03-04&inboxId=${inbox.id}`);
    expect(monday).toMatchObject({
      conversations: 2,
      incomingMessages: 3,
      outgoingMessages: 2,
      resolutions: 1,
      avgFirstResponseTime: 300,
      avgResolutionTime: 3600,
      avgReplyTime: 600,
    });
  });

  it('should count conversations per day and current status', async () => {
    expect((await get(`conversations?${range}&inboxId=${inbox.id}`)).days).toEqual([
      { date: '2030-03-04', total: 2, open: 0, pending: 0, snoozed: 0, resolved: 2, closed: 0 },
      { date: '2030-03-05', total: 1, open: 1, pending: 0, snoozed: 0, resolved: 0, closed: 0 },
    ]);
  });

  it('should report per agent', async () => {
    expect((await get(`team?${range}`)).agents).toEqual([
      {
        userId: 'user_alice',
        firstResponses: 2,
        replies: 1,
        outgoingMessages: 3,
        resolutions: 1,
        avgFirstResponseTime: 210,
        avgReplyTime: 600,
        avgResolutionTime: 3600,
        businessHours: { avgFirstResponseTime: 210, avgReplyTime: 600, avgResolutionTime: 3600 },
      },
      {
        userId: 'user_bob',
        firstResponses: 1,
        replies: 0,
        outgoingMessages: 1,
        resolutions: 1,
        avgFirstResponseTime: 58800,
        avgReplyTime: null,
        avgResolutionTime: 60000,
        businessHours: { avgFirstResponseTime: 1200, avgReplyTime: null, avgResolutionTime: 2400 },
      },
    ]);
  });

  it('should give p50, p90 and a histogram of first response times, also in business hours', async () => {
    const wall = await get(`response-time?${range}&inboxId=${inbox.id}`);
    expect(wall).toMatchObject({
      metric: 'first_response',
      businessHours: false,
      count: 3,
      average: 19740,
      p50: 300,
      p90: 47100,
    });
    expect(Object.fromEntries(wall.histogram.map((b: any) => [b.label, b.count]))).toEqual({
      '< 1 min': 0,
      '1-5 min': 1,
      '5-15 min': 1,
      '15-30 min': 0,
      '30-60 min': 0,
      '1-4 h': 0,
      '4-24 h': 1,
      '> 24 h': 0,
    });
    const business = await get(`response-time?${range}&inboxId=${inbox.id}&businessHours=true`);
    expect(business).toMatchObject({ businessHours: true, count: 3, average: 540, p50: 300, p90: 1020 });
    expect(business.histogram.find((b: any) => b.label === '15-30 min').count).toBe(1);
    const replies = await get(`response-time?${range}&metric=reply_time`);
    expect(replies).toMatchObject({ metric: 'reply_time', count: 1, p50: 600, p90: 600 });
  });

  it('should give the same figures for a range that starts inside a day (whole days from the rollup, the edge from events)', async () => {
    // [Monday 08:07Z, Wednesday 00:00Z): Monday's edge holds c1's second message, reply (600 s) and resolution (3,600 s)
    // and c2's start; Tuesday, a whole day, c2's first response (58,800 s; 1,200 s) and resolution (60,000 s; 2,400 s) and c3.
    const partial = `startDate=2030-03-04T08:07:00Z&endDate=2030-03-05&inboxId=${inbox.id}`;
    expect(await get(`overview?${partial}`)).toMatchObject({
      conversations: 2,
      incomingMessages: 3,
      outgoingMessages: 3,
      resolutions: 2,
      avgFirstResponseTime: 29460,
      avgResolutionTime: 31800,
      avgReplyTime: 600,
      businessHours: { avgFirstResponseTime: 660, avgResolutionTime: 3000, avgReplyTime: 600 },
    });
    expect(
      (await get(`team?${partial}`)).agents.map((a: any) => [
        a.userId,
        a.firstResponses,
        a.replies,
        a.outgoingMessages,
        a.resolutions,
      ]),
    ).toEqual([
      ['user_alice', 1, 1, 2, 1],
      ['user_bob', 1, 0, 1, 1],
    ]);
    expect(await get(`response-time?${partial}`)).toMatchObject({ count: 2, average: 29460, p50: 29460, p90: 52932 });
    expect(await get(`response-time?${partial}&businessHours=true`)).toMatchObject({
      count: 2,
      average: 660,
      p50: 660,
      p90: 1092,
    });
    // Entirely inside one day: only events.
    expect(
      await get(`overview?startDate=2030-03-05T08:00:00Z&endDate=2030-03-05T09:00:00Z&inboxId=${inbox.id}`),
    ).toMatchObject({
      conversations: 0,
      outgoingMessages: 1,
      resolutions: 1,
      avgFirstResponseTime: 58800,
      avgResolutionTime: 60000,
    });
  });

  it('should refuse bad ranges with 400', async () => {
    for (const q of [
      'startDate=yesterday',
      'startDate=2030-03-06&endDate=2030-03-04',
      'startDate=2020-01-01&endDate=2030-01-01',
    ]) {
      const res = await t.request('GET', `/support/analytics/overview?${q}`, { key });
      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect((await t.request('GET', '/support/analytics/response-time?metric=speed', { key })).status).toBe(400);
    const other = await t.key('sup-analytics-other');
    expect(
      (await t.request('GET', `/support/analytics/overview?${range}`, { key: other })).body.data.conversations,
    ).toBe(0);
  });

  it('should keep the rollup exact when reporting rows are updated or deleted (statement triggers)', async () => {
    const db = t.platform.orm.em.getConnection();
    await db.execute("delete from support.reporting_events where name = 'first_response' and value = 120");
    await db.execute("update support.reporting_events set value = value + 100 where name = 'reply_time'");
    expect(await get(`overview?${range}&inboxId=${inbox.id}`)).toMatchObject({
      avgFirstResponseTime: 29550,
      avgReplyTime: 700,
      businessHours: { avgFirstResponseTime: 750, avgReplyTime: 600 },
    });
    expect(await get(`response-time?${range}&inboxId=${inbox.id}`)).toMatchObject({ count: 2, p50: 29550 });
    const [rows] = await db.execute(`select count(*) as n from support.reporting_daily_histogram where n < 0`);
    expect(Number(rows.n)).toBe(0);
  });
});
