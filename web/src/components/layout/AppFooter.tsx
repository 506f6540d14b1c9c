import { Anchor, Box, Container, Divider, Grid, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useUser } from '../../features/auth';
import { WaitlistForm } from '../../features/waitlist';
import { PRODUCT_NAME } from '../../lib/messages';
import { BrandLogo } from './BrandLogo';
import classes from './layout.module.css';

interface FooterLink {
  label: string;
  to: string;
}

// Spec section 2, "Footer": the feature links all lead to the Coming Soon page for now.
const featureLinks: FooterLink[] = [
  { label: 'Athlete Dashboard', to: '/coming-soon' },
  { label: 'Smart Journaling', to: '/coming-soon' },
  { label: 'Media Library', to: '/coming-soon' },
  { label: 'Family Circle', to: '/coming-soon' },
  { label: 'Recruiting Tools', to: '/coming-soon' },
];

const supportLinks: FooterLink[] = [
  { label: 'Help Center', to: '/coming-soon' },
  { label: 'Contact Us', to: '/contact' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
];

/**
 * Where the footer offers the news list (the waitlist's form): to visitors who are not signed in, on the
 * site's own pages about the product. The spec puts "A Join Waitlist email form" in every page's footer;
 * issue 33: sign-up is open, and the form showed to signed-in families, to coaches on a family's public
 * showcase and to operators on /ops, where it makes no sense. So not to anyone signed in, not on a page
 * shown to visitors on a family's behalf (/a/…, /share/…), not where a visitor signs up or in (early
 * access, invitations, password and e-mail links), and not on the landing page or Coming Soon, whose
 * pages hold the form already.
 */
export const NEWS_LIST_PATHS: readonly string[] = ['/terms', '/privacy', '/contact', '/demo'];

export function offersNewsList(pathname: string, signedOut: boolean): boolean {
  return signedOut && NEWS_LIST_PATHS.includes(pathname);
}

function ColumnTitle({ children }: { children: string }) {
  return (
    <Title order={2} fz="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
      {children}
    </Title>
  );
}

function LinkColumn({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <Stack gap="xs" component="nav" aria-label={title}>
      <ColumnTitle>{title}</ColumnTitle>
      {links.map((link) => (
        <Anchor key={link.label} component={Link} to={link.to} className={classes.footerLink}>
          {link.label}
        </Anchor>
      ))}
    </Stack>
  );
}

/**
 * The footer on every page: feature and support links, the copyright, and where it makes sense
 * (offersNewsList) the waitlist form as a news list, with inline alerts.
 */
export function AppFooter() {
  const { pathname } = useLocation();
  const { user, isLoading } = useUser();
  const newsList = offersNewsList(pathname, !isLoading && !user);
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py={48}>
        <Grid gap={{ base: 32, md: 48 }}>
          <Grid.Col span={{ base: 12, md: newsList ? 3 : 6 }}>
            <Stack gap="sm">
              <BrandLogo />
              <Text size="sm" c="dimmed" maw={300}>
                A private, AI-assisted legacy journal and recruiting tracker for youth athletes and their families.
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <LinkColumn title="Features" links={featureLinks} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <LinkColumn title="Support" links={supportLinks} />
          </Grid.Col>
          {newsList && (
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Stack gap="xs">
                <ColumnTitle>Stay in touch</ColumnTitle>
                <Text size="sm" c="dimmed">
                  News of Legacy Locker, now and then. Sign-up is open and free.
                </Text>
                <WaitlistForm feedback="inline" stacked />
              </Stack>
            </Grid.Col>
          )}
        </Grid>
        <Divider my="xl" />
        <Text size="sm" c="dimmed" ta="center">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
