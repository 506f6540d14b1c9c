import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { useUnreadActivity, withUnread } from '../../features/activity';
import { useUser } from '../../features/auth';
import { APP_HEADER_ID, preloadToasts } from '../../Toasts';
import { ErrorBoundary } from '../ErrorBoundary';
import { BrandLogo } from './BrandLogo';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import classes from './layout.module.css';
import { MainNav } from './MainNav';
import { OfflineBanner } from './OfflineBanner';

// The signed-in controls (menus, the athlete picker, the drawer) are their own chunk: a visitor's first
// page never loads them (docs/PERFORMANCE.md, "Web bundle").
const AthleteSwitcher = lazy(() => import('./AthleteSwitcher').then((m) => ({ default: m.AthleteSwitcher })));
const MobileNav = lazy(() => import('./MobileNav').then((m) => ({ default: m.MobileNav })));
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

/**
 * A lazy control of the header, loaded when signed in. If its code cannot be downloaded (the connection
 * dropped) the header goes on without it rather than failing whole; the offline banner says why.
 */
function HeaderPart({ placeholder = null, children }: { placeholder?: ReactNode; children: ReactNode }) {
  return (
    <ErrorBoundary fallback={() => placeholder}>
      <Suspense fallback={placeholder}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * The phone's menu button, with a dot while What's new has something unread: on a phone the links, and
 * the count beside What's new, are out of sight in the drawer. Signed in only (it reads the athletes).
 */
function MenuButton({ opened, onClick }: { opened: boolean; onClick: () => void }) {
  const unread = useUnreadActivity();
  return (
    <Box pos="relative" hiddenFrom="sm">
      <Burger
        opened={opened}
        onClick={onClick}
        size="sm"
        aria-label={opened ? 'Close navigation' : withUnread('Open navigation', unread)}
      />
      {unread > 0 && !opened && <span className={classes.menuDot} aria-hidden />}
    </Box>
  );
}

/**
 * Sticky header: brand, the athlete switcher (desktop), theme toggle and the account controls; the signed-in
 * links below (desktop) or in a drawer, with the switcher; and, while the connection is gone, the offline notice.
 */
export function AppHeader() {
  const { user, isLoading } = useUser();
  const [drawerOpened, { toggle: toggleDrawer, close: closeDrawer }] = useDisclosure(false);
  const isDesktop = useMediaQuery('(min-width: 48em)');
  const { pathname } = useLocation();

  // The drawer belongs to the phone layout: close it when the window widens or the page changes.
  useEffect(() => {
    if (isDesktop) closeDrawer();
  }, [isDesktop, closeDrawer]);
  useEffect(() => {
    closeDrawer();
  }, [pathname, closeDrawer]);
  // A signed-in family may lose the signal mid-upload: the toasts' code is fetched now, while it can be.
  useEffect(() => {
    if (user) preloadToasts();
  }, [user]);

  return (
    <Box component="header" id={APP_HEADER_ID} className={classes.header}>
      <Container size="xl" className={classes.topBar}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {user && <MenuButton opened={drawerOpened} onClick={toggleDrawer} />}
            <BrandLogo />
          </Group>
          <Group gap="sm" wrap="nowrap">
            {user && (
              <Box visibleFrom="sm">
                <HeaderPart>
                  <AthleteSwitcher />
                </HeaderPart>
              </Box>
            )}
            <ColorSchemeToggle />
            {!isLoading &&
              (user ? (
                // The avatar's 38 px kept while its menu loads: the header does not shift.
                <HeaderPart placeholder={<Box w={38} h={38} />}>
                  <UserMenu user={user} />
                </HeaderPart>
              ) : (
                // A real browser navigation: the server answers /api/login with a redirect.
                <Button component="a" href="/api/login">
                  Log in
                </Button>
              ))}
          </Group>
        </Group>
      </Container>
      {user && (
        <Container size="xl" visibleFrom="sm" mt={-8}>
          <MainNav />
        </Container>
      )}
      <OfflineBanner />
      {user && (
        <HeaderPart>
          <MobileNav opened={drawerOpened} onClose={closeDrawer} />
        </HeaderPart>
      )}
    </Box>
  );
}
