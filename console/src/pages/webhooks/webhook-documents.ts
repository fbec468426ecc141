import { graphql } from '../../gql';

/** The endpoint page's one request: the endpoint and a page of its deliveries, each with every attempt. */
export const WebhookEndpointQuery = graphql(`
  query ConsoleWebhookEndpoint($id: ID!, $page: Int!, $limit: Int!, $status: String) {
    webhook(id: $id) { id url events active failed failedAt description createdAt }
    webhookDeliveries(webhookId: $id, page: $page, limit: $limit, status: $status) {
      data {
        id eventId eventType status attemptCount responseCode attemptedAt nextAttemptAt createdAt payload
        attempts { id number manual success responseCode responseBody error durationMs attemptedAt }
      }
      meta { total }
    }
  }
`);

export const SendWebhookTest = graphql(`
  mutation ConsoleSendWebhookTest($id: ID!) { sendWebhookTest(id: $id) { id status } }
`);

export const RetryWebhookDelivery = graphql(`
  mutation ConsoleRetryWebhookDelivery($id: ID!) { retryWebhookDelivery(id: $id) { id status } }
`);
