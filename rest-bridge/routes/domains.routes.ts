import type { BridgeRequest, ModuleRoutes, RouteSpec } from '../route-table.js';
import { jsonObject, PAGE_QUERY } from '../request-values.js';
import { webhookRouteSpecs } from './webhooks.routes.js';

const READS = { category: 'reads' as const };
const WRITES = { category: 'general' as const };
const read = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({ ...spec, rateLimit: READS });
const write = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({ ...spec, rateLimit: WRITES });
const input = (r: BridgeRequest) => ({ input: jsonObject(r.body) });
const named = (r: BridgeRequest) => ({ domainName: r.params.domainName });
// renew, dnssec enable/disable may come without a body.
const optionalInput = (r: BridgeRequest) => ({ input: r.body === undefined ? {} : jsonObject(r.body) });

/** Domains, platform envelope, `domains` scope. Static paths and /transfers come before /:domainName. */
export const domainsRoutes: ModuleRoutes = {
  module: 'domains',
  prefix: '/domains',
  envelope: 'domains',
  routes: [
    read({
      method: 'GET',
      path: '/domains/search',
      operation: 'DomainSearch',
      result: 'domainSearch',
      query: { query: 'string', tlds: 'string[]' },
    }),
    read({
      method: 'GET',
      path: '/domains/availability',
      operation: 'DomainAvailability',
      result: 'domainAvailability',
      query: { domain: 'string' },
    }),
    write({
      method: 'POST',
      path: '/domains/register',
      operation: 'RegisterDomain',
      result: 'registerDomain',
      status: 201,
      variables: input,
    }),
    read({
      method: 'GET',
      path: '/domains',
      operation: 'ListDomains',
      result: 'domains',
      list: true,
      query: { ...PAGE_QUERY, status: 'string', expiringWithinDays: 'int' },
    }),
    write({
      method: 'POST',
      path: '/domains/transfer',
      operation: 'TransferDomain',
      result: 'transferDomain',
      status: 202,
      variables: input,
    }),
    read({
      method: 'GET',
      path: '/domains/transfers',
      operation: 'ListDomainTransfers',
      result: 'domainTransfers',
      list: true,
      query: { ...PAGE_QUERY, status: 'string' },
    }),
    read({
      method: 'GET',
      path: '/domains/transfers/:transferId',
      operation: 'GetDomainTransfer',
      result: 'domainTransfer',
    }),
    write({
      method: 'DELETE',
      path: '/domains/transfers/:transferId',
      operation: 'CancelDomainTransfer',
      result: 'cancelDomainTransfer',
    }),
    ...webhookRouteSpecs({
      namespace: 'domains',
      path: '/domains/webhooks',
      only: ['create', 'list', 'get', 'update', 'delete', 'deliveries'],
    }),
    read({ method: 'GET', path: '/domains/:domainName', operation: 'GetDomain', result: 'domain' }),
    write({
      method: 'POST',
      path: '/domains/:domainName/renew',
      operation: 'RenewDomain',
      result: 'renewDomain',
      variables: (r) => ({ ...named(r), ...optionalInput(r) }),
    }),
    write({
      method: 'PATCH',
      path: '/domains/:domainName/settings',
      operation: 'UpdateDomainSettings',
      result: 'updateDomainSettings',
      variables: (r) => ({ ...named(r), ...input(r) }),
    }),
    read({
      method: 'GET',
      path: '/domains/:domainName/auth-code',
      operation: 'GetDomainAuthCode',
      result: 'domainAuthCode',
    }),
    write({
      method: 'PUT',
      path: '/domains/:domainName/nameservers',
      operation: 'SetDomainNameservers',
      result: 'setDomainNameservers',
      variables: (r) => ({ ...named(r), ...input(r) }),
    }),
    read({
      method: 'GET',
      path: '/domains/:domainName/contacts',
      operation: 'GetDomainContacts',
      result: 'domainContacts',
    }),
    write({
      method: 'PUT',
      path: '/domains/:domainName/contacts/:contactType',
      operation: 'SetDomainContact',
      result: 'setDomainContact',
      variables: (r) => ({ ...named(r), contactType: r.params.contactType, ...input(r) }),
    }),
    read({
      method: 'GET',
      path: '/domains/:domainName/dns',
      operation: 'ListDnsRecords',
      result: 'dnsRecords',
      list: true,
      query: { ...PAGE_QUERY, type: 'string' },
    }),
    write({
      method: 'POST',
      path: '/domains/:domainName/dns',
      operation: 'CreateDnsRecord',
      result: 'createDnsRecord',
      status: 201,
      variables: (r) => ({ ...named(r), ...input(r) }),
    }),
    write({
      method: 'POST',
      path: '/domains/:domainName/dns/presets',
      operation: 'ApplyDnsPreset',
      result: 'applyDnsPreset',
      status: 201,
      variables: (r) => ({ ...named(r), ...input(r) }),
    }),
    write({
      method: 'PATCH',
      path: '/domains/:domainName/dns/:recordId',
      operation: 'UpdateDnsRecord',
      result: 'updateDnsRecord',
      variables: (r) => ({ ...named(r), recordId: r.params.recordId, ...input(r) }),
    }),
    write({
      method: 'DELETE',
      path: '/domains/:domainName/dns/:recordId',
      operation: 'DeleteDnsRecord',
      result: 'deleteDnsRecord',
    }),
    write({
      method: 'POST',
      path: '/domains/:domainName/dnssec/enable',
      operation: 'EnableDomainDnssec',
      result: 'enableDomainDnssec',
      variables: named,
    }),
    write({
      method: 'POST',
      path: '/domains/:domainName/dnssec/disable',
      operation: 'DisableDomainDnssec',
      result: 'disableDomainDnssec',
      variables: named,
    }),
    read({ method: 'GET', path: '/domains/:domainName/dnssec', operation: 'GetDomainDnssec', result: 'domainDnssec' }),
    read({
      method: 'GET',
      path: '/domains/:domainName/dnssec/ds',
      operation: 'GetDomainDsRecords',
      result: 'domainDsRecords',
    }),
  ],
};
