// The AI gateway section's embeddings and Responses API rows: the same interleaved sequential rounds as the chat rows
// (direct to the mock, through our gateway, through Portkey), non-streamed and time to first event. A Portkey path that
// answers an error to this mock is reported as such and left out of the rounds (they stop at any non-2xx).
import { loadTest, sequentialLatency, type Target } from './load.js';

export interface EndpointTargets {
  mockUrl: string;
  platformUrl: string;
  gatewayHeaders(i: number): Record<string, string>;
  portkeyUrl: string;
  portkeyHeaders(): Record<string, string>;
}

export interface RoundOptions {
  rounds: number;
  count: number;
  warmup: number;
  jitWarmupSec: number;
  connections: number;
  addedP50Ms: number;
}

type Latency = { p50: number; p99: number };
type FirstChunk = (
  targets: { url: string; headers: Record<string, string>; body: string }[],
  warmup: number,
) => Promise<Latency[]>;

const ms = (v: number) => `${v.toFixed(2)} ms`;
const pair = (l: Latency) => `${ms(l.p50)} / ${ms(l.p99)}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const medianOf = (rounds: Latency[]) => ({
  p50: median(rounds.map((r) => r.p50)),
  p99: median(rounds.map((r) => r.p99)),
});

/** Status and the head of the body of one request: whether a peer can be measured at all, and why not. */
async function probe(target: Target): Promise<{ ok: boolean; why: string }> {
  const res = await fetch(target.url, { method: target.method, headers: target.headers(0), body: target.body });
  const text = await res.text();
  const message = (() => {
    try {
      return String((JSON.parse(text) as { message?: unknown }).message ?? '');
    } catch {
      return text.slice(0, 60);
    }
  })();
  return { ok: res.status === 200, why: `HTTP ${res.status} "${message.replace(/[|\n]/g, ' ')}"` };
}

/** Three rows of the first table: embeddings, responses non-streamed, responses time to first event. */
export async function endpointRows(
  t: EndpointTargets,
  o: RoundOptions,
  firstChunkLatency: FirstChunk,
): Promise<string[]> {
  const mockJson = () => ({ 'content-type': 'application/json', authorization: 'Bearer sk-bench' });
  const trio = (path: string, gatewayModel: string, model: string, fields: object): Target[] => [
    {
      label: 'direct',
      path,
      url: `${t.mockUrl}/v1${path}`,
      method: 'POST',
      body: JSON.stringify({ model, ...fields }),
      headers: mockJson,
    },
    {
      label: 'gateway',
      path,
      url: `${t.platformUrl}/ai/v1${path}`,
      method: 'POST',
      body: JSON.stringify({ model: gatewayModel, ...fields }),
      headers: t.gatewayHeaders,
    },
    {
      label: 'portkey',
      path,
      url: `${t.portkeyUrl}/v1${path}`,
      method: 'POST',
      body: JSON.stringify({ model, ...fields }),
      headers: t.portkeyHeaders,
    },
  ];
  // store: false on every side: Portkey keeps no responses, so a stored one would add our database write to the comparison.
  const embeddings = trio('/embeddings', 'openai/text-embedding-3-small', 'text-embedding-3-small', { input: 'Hello' });
  const responses = trio('/responses', 'openai/gpt-4o-mini', 'gpt-4o-mini', { input: 'Hello', store: false });
  const streamed = trio('/responses', 'openai/gpt-4o-mini', 'gpt-4o-mini', {
    input: 'Hello',
    store: false,
    stream: true,
  });
  const peers = await Promise.all([embeddings, responses, streamed].map((targets) => probe(targets[2]!)));
  const measured = [embeddings, responses].map((targets, i) => (peers[i]!.ok ? targets : targets.slice(0, 2)));
  const streamedTargets = peers[2]!.ok ? streamed : streamed.slice(0, 2);

  for (const target of [...measured.flat(), ...streamedTargets])
    await loadTest(target, { connections: o.connections, durationSec: o.jitWarmupSec, warmupSec: 0 });
  const flat = measured.flat();
  const seq: Latency[][] = [];
  for (let round = 0; round < o.rounds; round++)
    seq.push(await sequentialLatency(flat, { warmup: round === 0 ? o.warmup : 3, count: o.count }));
  const seqOf = (target: Target) => medianOf(seq.map((r) => r[flat.indexOf(target)]!));
  const ttfc: Latency[][] = [];
  for (let round = 0; round < o.rounds; round++)
    ttfc.push(
      await firstChunkLatency(
        streamedTargets.map((s) => ({ url: s.url, headers: s.headers(0), body: s.body! })),
        round === 0 ? o.warmup : 3,
      ),
    );
  const ttfcOf = streamedTargets.map((_, i) => medianOf(ttfc.map((r) => r[i]!)));

  const row = (measure: string, direct: Latency, gateway: Latency, peer: Latency | string) => {
    const added = gateway.p50 - direct.p50;
    const peerCell =
      typeof peer === 'string'
        ? `Portkey failed: ${peer}`
        : `Portkey ${pair(peer)}, adds ${ms(peer.p50 - direct.p50)} / ${ms(peer.p99 - direct.p99)}, ours ÷ Portkey's ${(added / (peer.p50 - direct.p50)).toFixed(2)}`;
    return `| ${measure} | ${pair(direct)} | ${pair(gateway)} | ${ms(added)} / ${ms(gateway.p99 - direct.p99)} (${peerCell}) | ≤ ${o.addedP50Ms} ms p50 | ${added <= o.addedP50Ms ? 'met' : 'NOT met'} |`;
  };
  const peerOf = (targets: Target[], i: number) => (targets.length === 3 ? seqOf(targets[2]!) : peers[i]!.why);
  return [
    row(
      '`POST /ai/v1/embeddings` sequential p50 / p99 (same method; 1,536 floats answered)',
      seqOf(measured[0]![0]!),
      seqOf(measured[0]![1]!),
      peerOf(measured[0]!, 0),
    ),
    row(
      "`POST /ai/v1/responses` sequential p50 / p99 (`store: false`; ours calls the mock's chat completions, direct and Portkey its `/v1/responses`)",
      seqOf(measured[1]![0]!),
      seqOf(measured[1]![1]!),
      peerOf(measured[1]!, 1),
    ),
    row(
      '`POST /ai/v1/responses` streamed, time to first event p50 / p99',
      ttfcOf[0]!,
      ttfcOf[1]!,
      ttfcOf[2] ?? peers[2]!.why,
    ),
  ];
}
