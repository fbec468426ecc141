import { Resolver } from 'node:dns/promises';

/** The DNS questions domain verification asks. */
export interface DnsLookup {
  mx(name: string): Promise<{ exchange: string; priority: number }[]>;
  /** TXT records, each with its character strings joined. */
  txt(name: string): Promise<string[]>;
}

/** node:dns over DNS_RESOLVER (`host:port`) when set, else the system's resolvers; 3 s per try, 2 tries. */
export function dnsLookup(server?: string): DnsLookup {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (server) resolver.setServers([server]);
  const empty = (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENODATA' || error.code === 'ENOTFOUND') return [];
    throw error;
  };
  return {
    mx: (name) => resolver.resolveMx(name).catch(empty),
    txt: async (name) => (await resolver.resolveTxt(name).catch(empty)).map((chunks) => chunks.join('')),
  };
}
