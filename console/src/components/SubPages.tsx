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
  return (
    <Group component="nav" aria-label={label} gap="md">
      {pages.map((p) => (
        <Anchor
          key={p.path}
          component={Link}
          to={p.path}
          size="sm"
          fw={pathname === p.path ? 700 : undefined}
          aria-current={pathname === p.path ? 'page' : undefined}
        >
          {p.label}
        </Anchor>
      ))}
    </Group>
  );
}
