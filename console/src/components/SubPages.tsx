import { Anchor, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';

export interface SubPage {
  label: string;
  /** Path under /console. */
  path: string;
}

/**
 * The links between one module's pages (contacts, companies, lists), at the top of each; the page being shown is
 * marked as the current one for screen readers.
 */
export function SubPages({ label, pages }: { label: string; pages: SubPage[] }) {
  const { pathname } = useLocation();
  // A record's page (a company, a week) belongs to the page listing it; the first page is the module's root.
  const within = (p: SubPage, i: number) => pathname === p.path || (i > 0 && pathname.startsWith(`${p.path}/`));
  return (
    <Group component="nav" aria-label={label} gap="md">
      {pages.map((p, i) => (
        <Anchor
          key={p.path}
          component={Link}
          to={p.path}
          size="sm"
          fw={within(p, i) ? 700 : undefined}
          aria-current={pathname === p.path ? 'page' : undefined}
        >
          {p.label}
        </Anchor>
      ))}
    </Group>
  );
}
