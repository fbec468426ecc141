import type { SectionLink } from '../../components/SectionLinks';

/** The Email module's pages, linked from each of them. */
export const EMAIL_SECTIONS: readonly SectionLink[] = [
  { to: '/email', label: 'Messages' },
  { to: '/email/templates', label: 'Templates' },
  { to: '/email/suppressions', label: 'Suppressions' },
  { to: '/email/stats', label: 'Stats' },
];
