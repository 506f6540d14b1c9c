import { SegmentedControl } from '@mantine/core';
import type { StatsSports } from '../api';
import { catalogueOf } from '../catalogue';
import { statsPageText as t } from '../strings';

/** Which sport the Overview and Trends show, offered when the athlete has numbers in more than one. */
export function SportSwitcher({ sports, value, onChange, catalogues }: { sports: string[]; value: string; onChange: (sport: string) => void; catalogues: StatsSports | undefined }) {
  if (sports.length < 2) return null;
  return (
    <SegmentedControl
      aria-label={t.sport}
      value={value}
      onChange={onChange}
      data={sports.map((s) => ({ value: s, label: catalogueOf(catalogues, s)?.label ?? s }))}
    />
  );
}
