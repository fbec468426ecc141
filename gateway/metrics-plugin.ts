import type { ApolloServerPlugin } from '@apollo/server';
import type { PlatformMetrics } from '../platform/metrics/platform-metrics.js';

/** Counts every operation the gateway runs (REST routes and /graphql alike) by type and outcome. */
export function metricsPlugin(metrics: PlatformMetrics): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ operation, response }) {
          const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
          metrics.graphqlOperations.inc({
            type: operation?.operation ?? 'invalid',
            outcome: errors?.length ? 'error' : 'ok',
          });
        },
      };
    },
  };
}
