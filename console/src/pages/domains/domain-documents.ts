import { graphql } from '../../gql';

/** The domain page's one request: the domain, a page of its zone, DNSSEC and the DS records to give the parent. */
export const DomainZoneQuery = graphql(`
  query ConsoleDomainZone($domainName: String!, $page: Int!, $limit: Int!, $type: String) {
    domain(domainName: $domainName) { id domainName unicodeName status expiresAt autoRenew registrarLock nameservers dnssec }
    dnsRecords(domainName: $domainName, page: $page, limit: $limit, type: $type) {
      data { id type name fqdn value ttl priority updatedAt }
      meta { total }
    }
    domainDnssec(domainName: $domainName) { enabled keys { role keyTag algorithm dnskey } }
    domainDsRecords(domainName: $domainName) { keyTag record }
  }
`);

export const CreateDnsRecord = graphql(`
  mutation ConsoleCreateDnsRecord($domainName: String!, $input: DnsRecordInput!) {
    createDnsRecord(domainName: $domainName, input: $input) { id }
  }
`);

export const UpdateDnsRecord = graphql(`
  mutation ConsoleUpdateDnsRecord($domainName: String!, $recordId: ID!, $input: UpdateDnsRecordInput!) {
    updateDnsRecord(domainName: $domainName, recordId: $recordId, input: $input) { id }
  }
`);

export const DeleteDnsRecord = graphql(`
  mutation ConsoleDeleteDnsRecord($domainName: String!, $recordId: ID!) {
    deleteDnsRecord(domainName: $domainName, recordId: $recordId) { id deleted }
  }
`);

export const EnableDnssec = graphql(`
  mutation ConsoleEnableDnssec($domainName: String!) { enableDomainDnssec(domainName: $domainName) { enabled } }
`);

export const DisableDnssec = graphql(`
  mutation ConsoleDisableDnssec($domainName: String!) { disableDomainDnssec(domainName: $domainName) { enabled } }
`);
