import { Anchor, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { formatHeight, formatMeasurable, formatWeight, sideLabel } from '../../../lib/measurables';
import type { CoachAcademics, CoachMeasurables } from '../api';
import { coachPageText as t } from '../strings';

const day = (d: string) => dayjs(d).format('MMM YYYY');

function Fact({ label, value, note }: { label: string; value: React.ReactNode; note?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </div>
  );
}

/** The academics the family chose to show: only what they filled in. */
export function Academics({ a }: { a: CoachAcademics }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {a.gpa != null && <Fact label={t.gpa} value={a.gpa.toFixed(2)} />}
        {a.satScore != null && <Fact label={t.sat} value={a.satScore} note={a.satTakenOn ? t.taken(day(a.satTakenOn)) : undefined} />}
        {a.actScore != null && <Fact label={t.act} value={a.actScore} note={a.actTakenOn ? t.taken(day(a.actTakenOn)) : undefined} />}
        {a.intendedMajor && <Fact label={t.major} value={a.intendedMajor} />}
        {a.ncaaId && <Fact label={t.ncaaId} value={a.ncaaId} />}
      </SimpleGrid>
      {a.transcript && (
        <Anchor href={a.transcript.url} target="_blank" rel="noopener">
          {t.transcript}: {a.transcript.title}
        </Anchor>
      )}
    </Stack>
  );
}

/** Whether the academics hold anything to show. */
export const hasAcademics = (a: CoachAcademics | null): a is CoachAcademics =>
  !!a && (a.gpa != null || a.satScore != null || a.actScore != null || !!a.intendedMajor || !!a.ncaaId || !!a.transcript);

/** Whether the measurables hold anything to show. */
export const hasMeasurables = (m: CoachMeasurables | null): m is CoachMeasurables =>
  !!m && (m.heightIn != null || m.weightLb != null || !!m.dominantHand || !!m.dominantFoot || m.items.length > 0);

/** Height, weight, hand and foot, then each measurable's latest value with when and who measured it. */
export function Measurables({ m }: { m: CoachMeasurables }) {
  // A two-sport athlete's 60-yard dash could be either sport's: name the sport then.
  const severalSports = new Set(m.items.map((it) => it.sport)).size > 1;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {m.heightIn != null && <Fact label={t.height} value={formatHeight(m.heightIn)} />}
        {m.weightLb != null && <Fact label={t.weight} value={formatWeight(m.weightLb)} />}
        {m.dominantHand && <Fact label={t.hand} value={sideLabel(m.dominantHand)} />}
        {m.dominantFoot && <Fact label={t.foot} value={sideLabel(m.dominantFoot)} />}
      </SimpleGrid>
      {m.items.length > 0 && (
        <Table verticalSpacing={6} horizontalSpacing="xs">
          <Table.Tbody>
            {m.items.map((it) => (
              <Table.Tr key={it.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {severalSports ? `${it.sportLabel} · ${it.label}` : it.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[t.measuredOn(dayjs(it.measuredOn).format('MMM D, YYYY')), it.verifiedBy && t.verifiedBy(it.verifiedBy)].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text fw={700}>{formatMeasurable(it.value, it.unit)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
