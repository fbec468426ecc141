import { Suspense, type ReactNode } from 'react';
import { AppShell, Burger, Button, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink as RouterLink, useLocation } from 'react-router-dom';
import { useSession } from '../api/session-context';
import { NAVIGATION } from '../modules';
import { Loading } from './PageFrame';

/** The signed-in frame: header with sign out, the navigation (only the pages the key may read), the page. */
export function Shell({ children }: { children: ReactNode }) {
  const { session, signOut } = useSession();
  const [opened, { toggle }] = useDisclosure();
  const location = useLocation();
  const links = NAVIGATION.filter((entry) => entry.scope === null || session.scopes.includes(entry.scope));
  const current = (path: string) =>
    path === '/' ? location.pathname === '/' : location.pathname === path || location.pathname.startsWith(`${path}/`);
  return (
    <AppShell
      header={{ height: 52 }}
      navbar={{ width: 210, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Show the navigation" />
            <Text fw={700}>Platform console</Text>
          </Group>
          <Group gap="sm">
            <Text size="sm" c="dimmed" visibleFrom="sm">
              {session.organizationId}
            </Text>
            <Button variant="default" size="xs" onClick={signOut}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Console">
        {links.map((entry) => (
          <NavLink
            key={entry.path}
            component={RouterLink}
            to={entry.path}
            label={entry.label}
            active={current(entry.path)}
            end={entry.path === '/'}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<Loading label="Loading the page" />}>{children}</Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
