import type { SubPage } from '../../components/SubPages';

/** The CRM's pages, linked at the top of each. */
export const CRM_PAGES: SubPage[] = [
  { label: 'Contacts', path: '/crm' },
  { label: 'Companies', path: '/crm/companies' },
  { label: 'Lists', path: '/crm/lists' },
];
