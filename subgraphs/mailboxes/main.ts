import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
import { startInboundSmtp } from '../../platform/mail/inbound-smtp-server.js';
import { mailboxesModule } from './index.js';

/**
 * Split mode: `node dist/subgraphs/mailboxes/main.js` serves the mailboxes subgraph at SUBGRAPH_HOST:SUBGRAPH_PORT and
 * the inbound SMTP listener (SMTP_INBOUND_PORT) for the mailboxes' addresses. (A process serving support inboxes
 * too would list both handlers on one listener; the one-process runner does.)
 */
runMain('subgraph:mailboxes', async (config) => {
  const module = mailboxesModule();
  const served = await serveSubgraph(module, config, config.subgraphListen);
  const handler = module.inboundMail!(served.deps);
  const smtp = await startInboundSmtp({ ...config.smtpInbound, handlers: [handler], logger: served.deps.logger, dnsServer: config.dnsResolver }).catch(async (error) => {
    await served.stop();
    throw error;
  });
  return {
    stop: async () => {
      await smtp.close();
      await served.stop();
    },
  };
});
