// The read-path section of `npm run bench` (a report, never a test): the whole stack against its floor, a bare handler
// (node:http + pg, test/bench/floor-server.ts) doing the same job with the same statements, rows and envelope.
// List: GET /emails/messages?count=20 on the floor, through REST, straight to the email subgraph, and on /graphql.
// Write: POST /emails on the floor and through REST. Cross: the cross-module query (a CRM contact with its bookings
// and form submissions, cross-module-fixtures.ts) on the floor and on /graphql. All interleaved in one run (floor,
// REST, subgraph, /graphql, floor write, REST write, floor cross, /graphql cross, then again), so the ratios hold on a
// shared machine whatever its load.
// `npm run bench -- --only read-path`; BENCH_READ_PATH=list (or write, or cross, or a list of them) runs a part, BENCH_ROUNDS and
// BENCH_DURATION_SEC shorten or lengthen it. BENCH_BASELINES=before=<a build's dist>,other=<dist> adds each build's
// platform (its own database, seeded alike; run under this build's harness, platform-server.ts) as "(before)",
// "(other)" rows in the same rounds: before and after, interleaved, one lever at a time. Each such build's list is
// also measured against its own floor (its floor-server.js on its database), since the floor sends the statement its
// build sends; its ratios are taken to it.
// Writes: the floor writes to a database of its own (migrated and seeded like the platform's), so its thousands of
// writes do not slow the platform's. Each platform accepts its writes with its job worker paused (the floor delivers
// nothing either): its CPU per write is the accept alone. After the row the worker is resumed and the process's CPU
// until every queued message is delivered (and its events dispatched), per message, is its delivery CPU.
import 'reflect-metadata';
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { signCallerContext, SIGNED_CONTEXT_HEADER } from '../../platform/auth/signed-context.js';
import { projectRoot } from '../../platform/config/project-root.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { connectBenchSql, type BenchSql } from './bench-sql.js';
import { exited, nextMessage } from './child-process.js';
import { seedMessages, startEmailSubgraph } from './email-fixtures.js';
import { CROSS_MODULE_BODY, seedContactActivity } from './cross-module-fixtures.js';
import {
  fetchOnce,
  loadTest,
  processCpuMs,
  sequentialLatency,
  type LoadResult,
  type SequentialResult,
  type Target,
} from './load.js';
import { startPlatformProcess, type PlatformProcess } from './platform-process.js';
import { runAlone } from './run-alone.js';

/** The read path's targets, as ratios measured in the same run. */
export const READ_PATH_TARGETS = {
  restShareOfFloor: 0.5,
  graphqlShareOfFloor: 0.45,
  addedSequentialP50Ms: 0.3,
} as const;

const CONNECTIONS = 32;
const DURATION_SEC = Number(process.env.BENCH_DURATION_SEC ?? '10') || 10;
const WARMUP_SEC = 3;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? '2') || 2);
const SEQUENTIAL = 200;
const SEQUENTIAL_WARMUP = 50;
const MESSAGES = 200;
/** Organizations the list reads (200 messages each) and the ones the writes go to (so the list's total stays 200). */
const LIST_ORGS = 4;
const WRITE_ORGS = 8;
/** Organizations of the cross-module query: one contact, its bookings and submissions each (their notices stay out of the list). */
const CROSS_ORGS = 4;
const ORGS = LIST_ORGS + WRITE_ORGS + CROSS_ORGS;
const PARTS = new Set((process.env.BENCH_READ_PATH ?? 'list,write,cross').split(','));
const NODE_ENV = process.env.NODE_ENV ?? 'production';
/** Other builds to measure beside this one: `name=dist` pairs. */
const BASELINES = (process.env.BENCH_BASELINES ?? '')
  .split(',')
  .filter(Boolean)
  .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), dist: pair.slice(pair.indexOf('=') + 1) }));

const here = dirname(fileURLToPath(import.meta.url));
const log = (line: string) => process.stderr.write(`[bench:read-path] ${line}\n`);
const ms = (v: number) => `${v.toFixed(2)} ms`;
const int = (v: number) => Math.round(v).toLocaleString('en-US');
const load = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(', ');

interface Row {
  target: Target;
  pid: () => number | undefined;
  rounds: LoadResult[];
  /** Write rows of a platform: CPU ms of the process per message it delivered after each round (its worker paused during the load). */
  delivery?: number[];
  sequential?: SequentialResult;
}

export async function benchReadPath(): Promise<string> {
  const loadAtStart = load();
  const database = await createTestDatabase();
  const floorDatabase = await createTestDatabase();
  const secret = randomBytes(32).toString('hex');
  let platform: PlatformProcess | undefined;
  let subgraph: ChildProcess | undefined;
  let floor: ChildProcess | undefined;
  const others: {
    name: string;
    platform?: PlatformProcess;
    floor?: ChildProcess;
    floorUrl?: string;
    database: Awaited<ReturnType<typeof createTestDatabase>>;
    db: Awaited<ReturnType<typeof connectBenchSql>>;
  }[] = [];
  const db = await connectBenchSql(database.url);
  const floorDb = await connectBenchSql(floorDatabase.url);
  try {
    log('starting the one-process platform');
    platform = await startPlatformProcess({ databaseUrl: database.url, organizations: ORGS, internalSecret: secret });
    const p = platform;
    const listKeys = p.keys.slice(0, LIST_ORGS);
    const writeKeys = p.keys.slice(LIST_ORGS, LIST_ORGS + WRITE_ORGS);
    const crossKeys = p.keys.slice(LIST_ORGS + WRITE_ORGS);
    // The list reads 200 messages per organization, the cross-module query one contact's activity; the write half needs nothing.
    const seed = async (server: PlatformProcess) => {
      if (PARTS.has('list'))
        await Promise.all(server.keys.slice(0, LIST_ORGS).map((key) => seedMessages(server.url, key, MESSAGES)));
      if (PARTS.has('cross'))
        await Promise.all(
          server.keys.slice(LIST_ORGS + WRITE_ORGS).map((key, n) => seedContactActivity(server.url, key, n)),
        );
    };
    log(
      `seeding ${MESSAGES} messages in each of ${LIST_ORGS} organizations through POST /emails, a contact's bookings and submissions in ${CROSS_ORGS} others`,
    );
    await seed(p);
    for (const { name, dist } of BASELINES) {
      log(`starting the ${name} platform (${dist}) on its own database, seeded alike`);
      const otherDatabase = await createTestDatabase();
      const other: (typeof others)[number] = {
        name,
        database: otherDatabase,
        db: await connectBenchSql(otherDatabase.url),
      };
      others.push(other);
      other.platform = await startPlatformProcess({ databaseUrl: otherDatabase.url, organizations: ORGS, dist });
      await seed(other.platform);
    }
    // The floor's write database: migrated and given its organizations by this build's platform, which then stops.
    // The list and the cross-module query read the platform's database; the floor's writes go to its own.
    const floorOrganizations = p.keys
      .map((key, i) => [key, p.auths[i]!.organizationId])
      .filter((_entry, i) => i < LIST_ORGS || i >= LIST_ORGS + WRITE_ORGS);
    const floorWriteKeys: string[] = [];
    if (PARTS.has('write')) {
      log("migrating the floor's write database like the platform's");
      const floorSchema = await startPlatformProcess({
        databaseUrl: floorDatabase.url,
        organizations: LIST_ORGS + WRITE_ORGS,
      });
      await floorSchema.stop();
      floorWriteKeys.push(...floorSchema.keys.slice(LIST_ORGS));
      floorOrganizations.push(
        ...floorWriteKeys.map((key, i) => [key, floorSchema.auths[LIST_ORGS + i]!.organizationId]),
      );
    }
    // The email subgraph served alone reads the platform's database for the list's "subgraph" row; it runs a job
    // worker of its own there, so with writes measured it is held (SIGSTOP) while writes are accepted and delivered,
    // or it would deliver the platform's messages. Writes alone: not started at all (a held LISTEN session still
    // keeps PostgreSQL's notification queue from being trimmed).
    log(`starting ${PARTS.has('list') ? 'the email subgraph alone and ' : ''}the floor`);
    const started = PARTS.has('list')
      ? await startEmailSubgraph({ databaseUrl: database.url, secret, nodeEnv: NODE_ENV })
      : { url: '', child: undefined };
    subgraph = started.child;
    const startFloor = (script: string, env: Record<string, string>) =>
      fork(script, [], {
        env: { ...process.env, NODE_ENV, ...env },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
    floor = startFloor(join(here, 'floor-server.js'), {
      FLOOR_DATABASE_URL: database.url,
      FLOOR_WRITE_DATABASE_URL: floorDatabase.url,
      FLOOR_KEYS: JSON.stringify(Object.fromEntries(floorOrganizations)),
    });
    const floorUrl = (await nextMessage<{ url: string }>(floor)).url;
    if (PARTS.has('list')) {
      for (const [i, other] of others.entries()) {
        const keys = other.platform!.keys.map((key, k) => [key, other.platform!.auths[k]!.organizationId]);
        other.floor = startFloor(join(BASELINES[i]!.dist, 'test', 'bench', 'floor-server.js'), {
          FLOOR_DATABASE_URL: other.database.url,
          FLOOR_KEYS: JSON.stringify(Object.fromEntries(keys)),
        });
        other.floorUrl = (await nextMessage<{ url: string }>(other.floor)).url;
      }
    }

    const operation = readFileSync(
      join(projectRoot(), 'rest-bridge', 'operations', 'email', 'ListEmailMessages.graphql'),
      'utf8',
    );
    const graphqlBody = JSON.stringify({
      query: operation,
      operationName: 'ListEmailMessages',
      variables: { count: 20 },
    });
    const bearer = (keys: string[]) => (i: number) => ({ authorization: `Bearer ${keys[i % keys.length]}` });
    // Signed per phase (valid five minutes), for the caller each list key stands for.
    let signed: string[] = [];
    const resign = () =>
      (signed = p.auths
        .slice(0, LIST_ORGS)
        .map((auth, i) => signCallerContext({ requestId: `req_bench_${i}`, auth }, secret)));
    resign();
    const listPath = '/emails/messages?count=20';
    const floorList: Target = {
      label: 'floor list',
      path: `GET ${listPath} on node:http + pg (the same statement, rows and envelope)`,
      url: floorUrl + listPath,
      method: 'GET',
      headers: bearer(listKeys),
    };
    const restList: Target = {
      label: 'REST list',
      path: `GET ${listPath} → bridge → gateway → subgraph`,
      url: p.url + listPath,
      method: 'GET',
      headers: bearer(listKeys),
    };
    const subgraphList: Target = {
      label: 'subgraph list',
      path: 'POST ListEmailMessages straight to the email subgraph (signed header)',
      url: started.url,
      method: 'POST',
      body: graphqlBody,
      headers: (i) => ({ 'content-type': 'application/json', [SIGNED_CONTEXT_HEADER]: signed[i % signed.length]! }),
    };
    const graphqlList: Target = {
      label: '/graphql list',
      path: 'POST ListEmailMessages to /graphql → gateway → subgraph',
      url: `${p.url}/graphql`,
      method: 'POST',
      body: graphqlBody,
      headers: (i) => ({ 'content-type': 'application/json', ...bearer(listKeys)(i) }),
    };
    const sendBody = JSON.stringify({
      from: 'bench@example.com',
      to: ['reader@example.com'],
      subject: 'Bench write',
      html: '<p>Write</p>',
      tags: [{ name: 'bench', value: 'write' }],
    });
    const json = (keys: string[]) => (i: number) => ({ 'content-type': 'application/json', ...bearer(keys)(i) });
    const floorWrite: Target = {
      label: 'floor write',
      path: 'POST /emails on node:http + pg, its own database (suppression check; quota, message, job and NOTIFY in one statement)',
      url: `${floorUrl}/emails`,
      method: 'POST',
      body: sendBody,
      headers: json(floorWriteKeys),
    };
    const floorWriteSeparate: Target = {
      ...floorWrite,
      label: 'floor write (separate statements)',
      path: 'the same with the statements MikroORM sent before (BEGIN, quota, message, job, NOTIFY, COMMIT)',
      url: `${floorUrl}/emails/separate`,
    };
    const restWrite: Target = {
      label: 'REST write',
      path: 'POST /emails → bridge → gateway → subgraph (the same statements), job worker paused',
      url: `${p.url}/emails`,
      method: 'POST',
      body: sendBody,
      headers: json(writeKeys),
    };
    const floorCross: Target = {
      label: 'floor cross',
      path: 'POST ContactActivity on node:http + pg (the statements of crm, calendar and forms, the same JSON)',
      url: `${floorUrl}/graphql`,
      method: 'POST',
      body: CROSS_MODULE_BODY,
      headers: json(crossKeys),
    };
    const graphqlCross: Target = {
      label: '/graphql cross',
      path: 'POST ContactActivity to /graphql → gateway plan → crm, then calendar + forms (_entities)',
      url: `${p.url}/graphql`,
      method: 'POST',
      body: CROSS_MODULE_BODY,
      headers: json(crossKeys),
    };

    const onOther = (target: Target, other: PlatformProcess, name: string, keys: string[]): Target => ({
      ...target,
      label: `${target.label} (${name})`,
      path: `${target.path}, ${name} build`,
      url: target.url.replace(p.url, other.url),
      headers: (i) => ({ ...target.headers(i), authorization: `Bearer ${keys[i % keys.length]}` }),
    });
    const otherRows = others.map(({ name, platform: o, floor: otherFloor, floorUrl: otherFloorUrl }) => ({
      floorList: {
        ...floorList,
        label: `floor list (${name})`,
        path: `${floorList.path}, ${name} build's floor`,
        url: `${otherFloorUrl}${listPath}`,
        headers: bearer(o!.keys.slice(0, LIST_ORGS)),
      } as Target,
      floorPid: () => otherFloor?.pid,
      restList: onOther(restList, o!, name, o!.keys.slice(0, LIST_ORGS)),
      graphqlList: onOther(graphqlList, o!, name, o!.keys.slice(0, LIST_ORGS)),
      restWrite: onOther(restWrite, o!, name, o!.keys.slice(LIST_ORGS, LIST_ORGS + WRITE_ORGS)),
      graphqlCross: onOther(graphqlCross, o!, name, o!.keys.slice(LIST_ORGS + WRITE_ORGS)),
      pid: o!.pid,
    }));
    // Each REST write row's platform and database: its worker is paused while it accepts, then delivers.
    const writers = new Map<Target, { platform: PlatformProcess; db: BenchSql }>([[restWrite, { platform: p, db }]]);
    others.forEach((other, i) => writers.set(otherRows[i]!.restWrite, { platform: other.platform!, db: other.db }));
    const pids = new Map<Target, () => number | undefined>([
      [floorList, () => floor?.pid],
      [restList, () => p.pid],
      [subgraphList, () => subgraph?.pid],
      [graphqlList, () => p.pid],
      [floorWrite, () => floor?.pid],
      [floorWriteSeparate, () => floor?.pid],
      [restWrite, () => p.pid],
      [floorCross, () => floor?.pid],
      [graphqlCross, () => p.pid],
    ]);
    for (const other of otherRows) {
      for (const target of [other.restList, other.graphqlList, other.restWrite, other.graphqlCross])
        pids.set(target, () => other.pid);
      pids.set(other.floorList, other.floorPid);
    }
    const rows: Row[] = [
      ...(PARTS.has('list')
        ? [
            floorList,
            restList,
            subgraphList,
            graphqlList,
            ...otherRows.flatMap((o) => [o.floorList, o.restList, o.graphqlList]),
          ]
        : []),
      ...(PARTS.has('write') ? [floorWrite, floorWriteSeparate, restWrite, ...otherRows.map((o) => o.restWrite)] : []),
      ...(PARTS.has('cross') ? [floorCross, graphqlCross, ...otherRows.map((o) => o.graphqlCross)] : []),
    ].map((target) => ({
      target,
      pid: pids.get(target)!,
      rounds: [],
      ...(writers.has(target) ? { delivery: [] } : {}),
    }));

    if (PARTS.has('list')) {
      await checkSameList(floorList, restList, subgraphList, graphqlList);
      for (const o of otherRows) await checkSameOtherList(o.floorList, o.restList, o.graphqlList);
    }
    if (PARTS.has('write'))
      await checkSameWrite(floorWrite, floorWriteSeparate, restWrite, ...otherRows.map((o) => o.restWrite));
    if (PARTS.has('cross')) await checkSameCross(floorCross, graphqlCross, ...otherRows.map((o) => o.graphqlCross));
    const allDrained = async () => {
      await drained(db);
      for (const other of others) await drained(other.db);
      if (PARTS.has('write')) await clearFloorJobs(floorDb); // the floor's write database is migrated only for writes
    };
    await allDrained();
    const holdSubgraph = (held: boolean) => void subgraph?.kill(held ? 'SIGSTOP' : 'SIGCONT');

    for (let round = 1; round <= ROUNDS; round++) {
      for (const row of rows) {
        resign();
        log(
          `${row.target.label} (round ${round} of ${ROUNDS}): ${WARMUP_SEC} s warm-up + ${DURATION_SEC} s at c=${CONNECTIONS}; load ${load()}`,
        );
        const writer = writers.get(row.target);
        if (writer) holdSubgraph(true);
        await writer?.platform.pauseJobs();
        const result = await loadTest(row.target, {
          connections: CONNECTIONS,
          durationSec: DURATION_SEC,
          warmupSec: WARMUP_SEC,
          serverPid: row.pid(),
        });
        row.rounds.push(result);
        // Each figure as it comes, so a run cut short (another process taking the database's connections) still tells.
        log(
          `  ${row.target.label}: ${int(result.okPerSec)} 2xx/s, ${result.non2xx + result.errors + result.timeouts} failed, ${ms(result.serverCpuMsPerRequest)} server CPU / request`,
        );
        if (writer) {
          row.delivery!.push(await deliver(writer.platform, writer.db));
          log(`  ${row.target.label}: delivery ${ms(row.delivery!.at(-1)!)} CPU / message`);
        }
        // Nothing is left queued before the next target runs (the floor's jobs are deleted: nothing delivers them).
        if (row.target.label.includes(' write')) await allDrained();
        if (writer) holdSubgraph(false);
      }
    }
    resign();
    const listRows = rows.filter((r) => r.target.label.includes(' list'));
    if (listRows.length) {
      log(`sequential list: ${SEQUENTIAL} per target after ${SEQUENTIAL_WARMUP} warm-ups, interleaved; load ${load()}`);
      const results = await sequentialLatency(
        listRows.map((r) => r.target),
        { warmup: SEQUENTIAL_WARMUP, count: SEQUENTIAL },
      );
      results.forEach((s, i) => (listRows[i]!.sequential = s));
    }
    const writeRows = rows.filter((r) => r.target.label.includes(' write'));
    if (writeRows.length) {
      log(
        `sequential write: ${SEQUENTIAL} per target after ${SEQUENTIAL_WARMUP} warm-ups, interleaved, job workers paused`,
      );
      holdSubgraph(true);
      for (const writer of writers.values()) await writer.platform.pauseJobs();
      const results = await sequentialLatency(
        writeRows.map((r) => r.target),
        { warmup: SEQUENTIAL_WARMUP, count: SEQUENTIAL },
      );
      results.forEach((s, i) => (writeRows[i]!.sequential = s));
      for (const writer of writers.values()) await writer.platform.resumeJobs();
      await allDrained();
      holdSubgraph(false);
    }
    const crossRows = rows.filter((r) => r.target.label.includes(' cross'));
    if (crossRows.length) {
      log(`sequential cross-module: ${SEQUENTIAL} per target after ${SEQUENTIAL_WARMUP} warm-ups, interleaved`);
      const results = await sequentialLatency(
        crossRows.map((r) => r.target),
        { warmup: SEQUENTIAL_WARMUP, count: SEQUENTIAL },
      );
      results.forEach((s, i) => (crossRows[i]!.sequential = s));
    }
    return render(rows, { loadAtStart, loadAtEnd: load(), postgres: p.postgres });
  } finally {
    subgraph?.kill('SIGCONT');
    for (const child of [floor, ...others.map((o) => o.floor)]) if (child?.connected) child.send({ type: 'stop' });
    if (subgraph && subgraph.exitCode === null && subgraph.signalCode === null) subgraph.kill('SIGTERM');
    await Promise.all([
      platform?.stop(),
      ...others.map((o) => o.platform?.stop()),
      exited(floor),
      ...others.map((o) => exited(o.floor)),
      exited(subgraph),
    ]);
    await db.end();
    await floorDb.end();
    await database.drop();
    await floorDatabase.drop();
    for (const other of others) {
      await other.db.end();
      await other.database.drop();
    }
  }
}

/** The four list targets must do the same work: 20 of the same organization's 200 messages, the same fields, the same envelope. */
async function checkSameList(floor: Target, rest: Target, subgraph: Target, graphql: Target) {
  const [f, a, b, c] = await Promise.all([fetchOnce(floor), fetchOnce(rest), fetchOnce(subgraph), fetchOnce(graphql)]);
  for (const [target, res] of [
    [floor, f],
    [rest, a],
    [subgraph, b],
    [graphql, c],
  ] as const) {
    if (res.status !== 200)
      throw new Error(`${target.label} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
  }
  const list = b.body?.data?.emailMessages;
  if (b.body.errors || list?.data?.length !== 20 || list.meta.total !== MESSAGES)
    throw new Error(`the subgraph did not list 20 of ${MESSAGES}: ${JSON.stringify(b.body).slice(0, 500)}`);
  if (!isDeepStrictEqual(b.body, c.body)) throw new Error('the subgraph and /graphql answered differently');
  if (!isDeepStrictEqual(a.body, { success: true, data: list.data, meta: list.meta }))
    throw new Error(`REST is not the subgraph's answer in the envelope: ${JSON.stringify(a.body).slice(0, 500)}`);
  if (!isDeepStrictEqual(f.body, a.body))
    throw new Error(`the floor answered differently from REST: ${JSON.stringify(f.body).slice(0, 500)}`);
}

/** Another build reads its own database (other ids): its REST answer must be its /graphql answer in the envelope, 20 of 200, and its floor's. */
async function checkSameOtherList(floor: Target, rest: Target, graphql: Target) {
  const [f, a, c] = await Promise.all([fetchOnce(floor), fetchOnce(rest), fetchOnce(graphql)]);
  const list = c.body?.data?.emailMessages;
  if (a.status !== 200 || c.status !== 200 || list?.data?.length !== 20 || list.meta.total !== MESSAGES)
    throw new Error(`${rest.label} did not list 20 of ${MESSAGES}: ${JSON.stringify(c.body).slice(0, 500)}`);
  if (!isDeepStrictEqual(a.body, { success: true, data: list.data, meta: list.meta }))
    throw new Error(`${rest.label} is not ${graphql.label} in the envelope`);
  if (!isDeepStrictEqual(f.body, a.body))
    throw new Error(`${floor.label} answered differently from ${rest.label}: ${JSON.stringify(f.body).slice(0, 500)}`);
}

/**
 * The floor's cross-module answer must be /graphql's, deep-equal, in every cross organization: the contact, its five
 * bookings and five submissions. Another build reads its own database (other ids): the same shape, no errors.
 */
async function checkSameCross(floor: Target, graphql: Target, ...others: Target[]) {
  for (let i = 0; i < CROSS_ORGS; i++) {
    const as = (target: Target): Target => ({ ...target, headers: () => target.headers(i) });
    const [f, g, ...o] = await Promise.all([
      fetchOnce(as(floor)),
      fetchOnce(as(graphql)),
      ...others.map((t) => fetchOnce(as(t))),
    ]);
    for (const [target, res] of [[graphql, g], ...others.map((t, k) => [t, o[k]!] as const)] as const) {
      const contact = res.body?.data?.contact;
      if (
        res.status !== 200 ||
        res.body.errors ||
        contact?.bookings?.length !== 5 ||
        contact.formSubmissions?.length !== 5
      ) {
        throw new Error(
          `${target.label} did not answer the contact with 5 bookings and 5 submissions: ${JSON.stringify(res.body).slice(0, 500)}`,
        );
      }
    }
    if (f.status !== 200 || !isDeepStrictEqual(f.body, g.body))
      throw new Error(
        `the floor answered differently from /graphql: ${JSON.stringify(f.body).slice(0, 500)} against ${JSON.stringify(g.body).slice(0, 500)}`,
      );
  }
}

async function checkSameWrite(...targets: Target[]) {
  for (const target of targets) {
    const res = await fetchOnce(target);
    if (
      res.status !== 200 ||
      res.body?.success !== true ||
      res.body.data?.status !== 'QUEUED' ||
      !/^em_/.test(res.body.data?.messageId)
    ) {
      throw new Error(`${target.label} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
    }
  }
}

/**
 * Resumes a platform's paused job worker and waits until it has delivered every queued message: the process's CPU
 * meanwhile, per message delivered (its idle timers count too: a few ms per second against hundreds of messages).
 */
async function deliver(platform: PlatformProcess, db: BenchSql): Promise<number> {
  const [row] = await db.execute<{ n: number }[]>(
    `select count(*)::int as n from agenda_jobs where name = 'email.send'`,
  );
  const before = processCpuMs(platform.pid);
  await platform.resumeJobs();
  await drained(db, row!.n);
  return (processCpuMs(platform.pid) - before) / Math.max(1, row!.n);
}

/** The floor queues jobs nobody runs: deleted between rows, as the platform's worker deletes its done jobs. */
async function clearFloorJobs(floorDb: BenchSql): Promise<void> {
  await floorDb.execute(`delete from agenda_jobs where name = 'email.send'`);
}

/**
 * Waits until no email.send job is left and the outbox is dispatched (each delivery raises email.sent and
 * email.delivered), so one target's writes do not load the platform while the next one runs: at most 120 s, or 20 ms
 * per queued message when more were queued (a faster accept queues more than 120 s of deliveries).
 */
async function drained(db: BenchSql, queued = 0) {
  const waitMs = Math.max(120_000, queued * 20);
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    const [row] = await db.execute<{ n: number }[]>(
      `select (select count(*) from agenda_jobs where name = 'email.send') + (select count(*) from platform.events where dispatched_at is null) as n`,
    );
    if (Number(row!.n) === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  log(`email.send jobs or events still pending after ${Math.round(waitMs / 1000)} s; going on`);
}

/** The round with the median 2xx/s, whole (its index in `runs`). */
function medianIndex(runs: LoadResult[]): number {
  const order = runs.map((_, i) => i).sort((x, y) => runs[x]!.okPerSec - runs[y]!.okPerSec);
  return order[Math.floor((runs.length - 1) / 2)]!;
}
const median = (runs: LoadResult[]) => runs[medianIndex(runs)]!;

function render(rows: Row[], info: { loadAtStart: string; loadAtEnd: string; postgres: string }): string {
  const cpu = cpus();
  const by = (label: string) => rows.find((r) => r.target.label === label);
  const rps = (row: Row | undefined) => (row ? median(row.rounds).okPerSec : NaN);
  const share = (a: string, b: string) => rps(by(a)) / rps(by(b));
  const table = rows.map((row) => {
    const m = median(row.rounds);
    const failures = m.non2xx + m.errors + m.timeouts;
    const delivery = row.delivery ? ms(row.delivery[medianIndex(row.rounds)]!) : '';
    return `| ${row.target.label} | ${row.target.path} | ${int(m.okPerSec)} | ${row.rounds.map((r) => int(r.okPerSec)).join(', ')} | ${m.p50} ms | ${m.p99} ms | ${failures} | ${ms(m.serverCpuMsPerRequest)} | ${delivery} | ${row.sequential ? ms(row.sequential.p50) : ''} | ${row.sequential ? ms(row.sequential.p99) : ''} |`;
  });
  const lines = [
    `Date: ${new Date().toISOString().slice(0, 10)}. Command: \`npm run bench -- --only read-path\` (test/bench/read-path.bench.ts). Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}); Node ${process.version}, NODE_ENV=${NODE_ENV} in the server processes; ${info.postgres.split(',')[0]}.`,
    `Load average (1, 5, 15 min) at start: ${info.loadAtStart}; at end: ${info.loadAtEnd}. The load generator, the platform, the subgraph, the floor and PostgreSQL share the cores: read the ratios, measured side by side.`,
    '',
    `c=${CONNECTIONS}: ${WARMUP_SEC} s warm-up + ${DURATION_SEC} s per target, ${ROUNDS} interleaved round(s) over all targets; the median round by 2xx/s is shown (its latencies and CPU), every round's 2xx/s beside it. ` +
      `Writes go to ${WRITE_ORGS} other Enterprise organizations; the floor writes to a database of its own, migrated and seeded like the platform's. ` +
      `The cross-module query reads one contact with 5 bookings and 5 form submissions in each of ${CROSS_ORGS} other organizations. "Server CPU / request" is user + system time of the serving process (PostgreSQL excluded). ` +
      `A platform accepts its writes with its job worker paused (the floor delivers nothing either): its write CPU is the accept alone; then the worker is resumed and "delivery CPU / message" is the same process's CPU until every queued message is delivered and its events dispatched, per message. Nothing is left queued when the next target runs. ` +
      `Sequential: ${SEQUENTIAL} requests one at a time per target after ${SEQUENTIAL_WARMUP} warm-ups, interleaved.`,
    '',
    '| target | path | c=32 2xx/s (median) | each round | c=32 p50 | c=32 p99 | non-2xx / errors | server CPU / request | delivery CPU / message | sequential p50 | sequential p99 |',
    '|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
    ...table,
    '',
  ];
  const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
  const suffixes = ['', ...BASELINES.map((b) => ` (${b.name})`)];
  if (by('floor list')) {
    const subgraphP50 = by('subgraph list')!.sequential!.p50;
    for (const suffix of suffixes) {
      const rest = by(`REST list${suffix}`);
      const graphql = by(`/graphql list${suffix}`);
      if (!rest || !graphql) continue;
      const ownFloor = by(`floor list${suffix}`) ?? by('floor list');
      const restShare = rps(rest) / rps(ownFloor);
      const graphqlShare = rps(graphql) / rps(ownFloor);
      const added = rest.sequential!.p50 - subgraphP50;
      lines.push(
        `- List${suffix}, share of ${ownFloor === by('floor list') ? 'the' : 'its own'} floor's 2xx/s at c=32: REST **${restShare.toFixed(2)}** (target ≥ ${READ_PATH_TARGETS.restShareOfFloor}: ${verdict(restShare >= READ_PATH_TARGETS.restShareOfFloor)}), ` +
          `/graphql **${graphqlShare.toFixed(2)}** (target ≥ ${READ_PATH_TARGETS.graphqlShareOfFloor}: ${verdict(graphqlShare >= READ_PATH_TARGETS.graphqlShareOfFloor)}); ` +
          `added sequential p50 over the subgraph: REST **${ms(added)}** (target ≤ ${READ_PATH_TARGETS.addedSequentialP50Ms} ms: ${verdict(added <= READ_PATH_TARGETS.addedSequentialP50Ms)}), /graphql ${ms(graphql.sequential!.p50 - subgraphP50)}.`,
      );
    }
    lines.push(
      `- The subgraph alone keeps ${share('subgraph list', 'floor list').toFixed(2)} of the floor's 2xx/s; its sequential p50 is ${ms(subgraphP50 - by('floor list')!.sequential!.p50)} above the floor's.`,
    );
  }
  for (const suffix of suffixes) {
    const graphql = by(`/graphql cross${suffix}`);
    const floor = by('floor cross');
    if (!graphql || !floor) continue;
    const graphqlShare = rps(graphql) / rps(floor);
    lines.push(
      `- Cross-module${suffix}, /graphql's share of the floor's 2xx/s at c=32: **${graphqlShare.toFixed(2)}** (target ≥ ${READ_PATH_TARGETS.graphqlShareOfFloor}: ${verdict(graphqlShare >= READ_PATH_TARGETS.graphqlShareOfFloor)}); ` +
        `sequential p50 /graphql − floor ${ms(graphql.sequential!.p50 - floor.sequential!.p50)}; CPU per request ${ms(median(graphql.rounds).serverCpuMsPerRequest)} against the floor's ${ms(median(floor.rounds).serverCpuMsPerRequest)}.`,
    );
  }
  for (const suffix of suffixes) {
    const rest = by(`REST write${suffix}`);
    const floor = by('floor write');
    if (!rest || !floor) continue;
    const accept = median(rest.rounds).serverCpuMsPerRequest;
    const delivery = rest.delivery![medianIndex(rest.rounds)]!;
    lines.push(
      `- Write${suffix}, REST's share of the floor's 2xx/s at c=32: **${share(`REST write${suffix}`, 'floor write').toFixed(2)}** (target ≥ ${READ_PATH_TARGETS.restShareOfFloor}: ${verdict(share(`REST write${suffix}`, 'floor write') >= READ_PATH_TARGETS.restShareOfFloor)}), ` +
        `${share(`REST write${suffix}`, 'floor write (separate statements)').toFixed(2)} of the floor with separate statements; ` +
        `CPU per write: accept **${ms(accept)}** (floor ${ms(median(floor.rounds).serverCpuMsPerRequest)}), delivery ${ms(delivery)}, with delivery ${ms(accept + delivery)}; sequential p50 REST − floor ${ms(rest.sequential!.p50 - floor.sequential!.p50)}.`,
    );
  }
  return `## Read path against its floor\n\n${lines.join('\n')}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runAlone(benchReadPath);
