import type { SectionLink } from '../../components/SectionLinks';

/** The SMS module's pages, linked from each of them. */
export const SMS_SECTIONS: readonly SectionLink[] = [
  { to: '/sms', label: 'Messages' },
  { to: '/sms/templates', label: 'Templates' },
  { to: '/sms/opt-outs', label: 'Opt-outs' },
  { to: '/sms/stats', label: 'Stats' },
];
