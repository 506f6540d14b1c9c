import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../lib/messages';

/** The logo mark: the favicon's navy tile with a gold "L". */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
      <rect width="64" height="64" rx="14" fill="#1c3f94" />
      <path d="M20 16h8v26h16v6H20z" fill="#f5b700" />
    </svg>
  );
}

/** Brand lock-up linking home. */
export function BrandLogo({ onClick }: { onClick?: () => void }) {
  return (
    <UnstyledButton component={Link} to="/" onClick={onClick} aria-label={`${PRODUCT_NAME} home`}>
      <Group gap={10} wrap="nowrap">
        <LogoMark />
        <Text fw={800} fz="lg" lh={1} style={{ letterSpacing: '-0.01em', whiteSpace: 'nowrap' }}>
          {PRODUCT_NAME}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
