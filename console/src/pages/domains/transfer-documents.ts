import { graphql } from '../../gql';

/** The transfers page's one request: a page of the organization's transfers in, optionally of one status. */
export const TransfersQuery = graphql(`
  query ConsoleDomainTransfers($page: Int!, $limit: Int!, $status: String) {
    domainTransfers(page: $page, limit: $limit, status: $status) {
      data { id domainName status price completesAt completedAt failureReason createdAt }
      meta { total }
    }
  }
`);

export const StartTransfer = graphql(`
  mutation ConsoleTransferDomain($input: TransferDomainInput!) {
    transferDomain(input: $input) { id status }
  }
`);

export const CancelTransfer = graphql(`
  mutation ConsoleCancelDomainTransfer($transferId: ID!) {
    cancelDomainTransfer(transferId: $transferId) { id status }
  }
`);
