import type { SubPage } from '../../components/SubPages';

/** The Calendar's pages, linked at the top of each. */
export const CALENDAR_PAGES: SubPage[] = [
  { label: 'Bookings', path: '/calendar' },
  { label: 'Week view', path: '/calendar/week' },
  { label: 'Schedules', path: '/calendar/schedules' },
];
