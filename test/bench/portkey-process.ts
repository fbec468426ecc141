// Portkey's open-source Node gateway (npm @portkey-ai/gateway, a devDependency), the peer the AI gateway is measured against,
// started beside our gateway so the AI section compares the two in one run on the same machine state.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from '../helpers/free-port.js';

export interface PortkeyProcess {
  url: string;
  child: ChildProcess;
  /** Headers that route a request through Portkey to an OpenAI-compatible base URL (its custom-host routing). */
  headers(baseUrl: string): Record<string, string>;
}

/** Starts Portkey (`build/start-server.js --port=N --headless`, NODE_ENV=production) and waits until it answers. */
export async function startPortkey(): Promise<PortkeyProcess> {
  const entry = join(
    dirname(createRequire(import.meta.url).resolve('@portkey-ai/gateway/package.json')),
    'build',
    'start-server.js',
  );
  const port = await freePort();
  const child = spawn(process.execPath, [entry, `--port=${port}`, '--headless'], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`Portkey exited (${child.exitCode})`);
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      break;
    if (attempt > 100) throw new Error('Portkey did not start in 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    headers: (baseUrl) => ({
      'content-type': 'application/json',
      authorization: 'Bearer sk-bench',
      'x-portkey-provider': 'openai',
      'x-portkey-custom-host': baseUrl,
    }),
  };
}
