import { useState } from 'react';
import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { IconListNumbers } from '@tabler/icons-react';
import { Dialog } from '../../../components/Dialog';
import { useSetLeadStats, useStatsSports } from '../queries';
import { leadText as t } from '../strings';

const MAX_LEAD = 8;

/** "Choose the lead stats" for one sport: what the dashboard, the cards and the public page show first. */
export function LeadStatsPicker({ athleteId, sport }: { athleteId: number; sport: string }) {
  const [open, setOpen] = useState(false);
  const sports = useStatsSports(athleteId);
  const catalogue = sports.data?.catalogues.find((c) => c.sport === sport);
  if (!sports.data || !catalogue) return null;
  return (
    <>
      <Button size="xs" variant="subtle" leftSection={<IconListNumbers size={14} />} onClick={() => setOpen(true)}>
        {t.button}
      </Button>
      <Dialog opened={open} onClose={() => setOpen(false)} title={t.title(catalogue.label.toLowerCase())} radius="md">
        {open && <LeadForm athleteId={athleteId} sport={sport} initial={sports.data.lead?.[sport] ?? catalogue.defaultLead} options={catalogue.stats.map((s) => ({ value: s.key, label: `${s.label} (${s.abbr})` }))} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function LeadForm({ athleteId, sport, initial, options, onDone }: { athleteId: number; sport: string; initial: string[]; options: { value: string; label: string }[]; onDone: () => void }) {
  const [keys, setKeys] = useState(initial);
  const save = useSetLeadStats(athleteId);
  const send = (chosen: string[]) => save.mutate({ sport, keys: chosen }, { onSuccess: onDone });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t.help}
      </Text>
      <MultiSelect label={t.field} data={options} value={keys} onChange={setKeys} maxValues={MAX_LEAD} searchable />
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => send([])} disabled={save.isPending}>
          {t.usePosition}
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t.cancel}
          </Button>
          <Button onClick={() => send(keys)} loading={save.isPending}>
            {t.save}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
