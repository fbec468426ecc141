import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

// Filters accept instants from 1970 to the end of 2999; 9999-12-31 once reached PostgreSQL as '+10000-01-01' and failed.
const EDGES = ['9999-12-31', '9999-12-31T23:59:59Z', '0001-01-01', '3000-01-01'];

describe('date filters at the edge of the accepted range', () => {
  let t: TestPlatform;
  let key: string;
  let eventTypeId: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('date-edges');
    await t.request('POST', '/calendar/schedules', {
      key,
      body: {
        hostId: 'user_edge',
        name: 'S',
        timezone: 'UTC',
        availability: [{ day: 'MONDAY', startTime: '09:00', endTime: '17:00' }],
      },
    });
    const et = await t.request('POST', '/calendar/event-types', {
      key,
      body: { hostId: 'user_edge', title: 'Edge', slug: 'edge', duration: 30 },
    });
    eventTypeId = et.body.data.id;
  });
  afterAll(() => t.stop());

  const restPaths = (date: string) => [
    ...['overview', 'conversations', 'team', 'response-time'].flatMap((report) => [
      `/support/analytics/${report}?startDate=2026-01-01&endDate=${date}`,
      `/support/analytics/${report}?startDate=${date}&endDate=${date}`,
    ]),
    `/calendar/availability?eventTypeId=${eventTypeId}&startDate=${date}&endDate=${date}`,
    `/calendar/availability?eventTypeId=${eventTypeId}&startDate=2026-01-01&endDate=${date}`,
    `/calendar/bookings?startDate=${date}`,
    `/calendar/bookings?endDate=${date}`,
  ];

  it.each(EDGES)('should answer 400 naming the field, never 500, for REST date %s', async (date) => {
    for (const path of restPaths(date)) {
      const res = await t.request('GET', path, { key });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      const error = res.body.error;
      expect(error.details?.field ?? error.field).toMatch(/Date$/);
    }
  });

  it.each(EDGES.filter((d) => d.length === 10))(
    'should refuse GraphQL dashboard day %s as a request error',
    async (date) => {
      for (const query of [
        `{ calendarBookingsPerDay(fromDate: "${date}", toDate: "${date}") { date } }`,
        `{ calendarBookingsPerDay(fromDate: "2026-01-01", toDate: "${date}") { date } }`,
        `{ calendarCancellationRate(fromDate: "${date}", toDate: "${date}") { total } }`,
        `{ calendarBusiestSlots(fromDate: "${date}", toDate: "${date}") { count } }`,
      ]) {
        const res = await t.graphql(key, query);
        expect({ query, code: res.body.errors?.[0]?.extensions?.code }).toEqual({ query, code: 'INVALID_REQUEST' });
      }
    },
  );

  it('should still answer dates inside the range', async () => {
    expect(
      (await t.request('GET', '/support/analytics/overview?startDate=2999-12-01&endDate=2999-12-31', { key })).status,
    ).toBe(200);
    expect(
      (
        await t.request(
          'GET',
          `/calendar/availability?eventTypeId=${eventTypeId}&startDate=2999-12-25&endDate=2999-12-31`,
          { key },
        )
      ).status,
    ).toBe(200);
    expect(
      (await t.graphql(key, '{ calendarBookingsPerDay(fromDate: "2999-12-01", toDate: "2999-12-31") { date } }')).body
        .errors,
    ).toBeUndefined();
  });
});
