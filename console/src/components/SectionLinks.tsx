import { Anchor, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';

export interface SectionLink {
  to: string;
  label: string;
}

/** Links between the pages of one module; the page being read is marked as current, not linked to itself. */
export function SectionLinks({ label, links }: { label: string; links: readonly SectionLink[] }) {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={label} gap="md">
      {links.map((link) =>
        pathname === link.to ? (
          <Anchor key={link.to} component="span" size="sm" fw={700} c="dark" aria-current="page" underline="never">
            {link.label}
          </Anchor>
        ) : (
          <Anchor key={link.to} component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        ),
      )}
    </Group>
  );
}
