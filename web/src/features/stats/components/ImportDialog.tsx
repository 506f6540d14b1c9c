import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, FileInput, Group, List, Loader, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconUpload } from '@tabler/icons-react';
import { Dialog } from '../../../components/Dialog';
import { isWorking } from '../../../lib/jobStatus';
import { showError } from '../../../lib/toast';
import { statsUrls, type ImportFields, type PlatformConnection, type StatsImport } from '../api';
import { statsKeys, useConfirmImport, useImport, useStatsSports, useUploadExport } from '../queries';
import { importText as t } from '../strings';

interface ImportDialogProps {
  connection: PlatformConnection | null;
  onClose: () => void;
}

/** Upload an export for a connection and follow it: reading, the choice of row, the result. */
export function ImportDialog({ connection, onClose }: ImportDialogProps) {
  return (
    <Dialog
      opened={connection !== null}
      onClose={onClose}
      title={connection ? (connection.providerId === 'manual' ? t.sheetDialogTitle : t.dialogTitle(connection.providerName)) : ''}
      size="lg"
      radius="md"
    >
      {connection && <ImportFlow key={connection.id} connection={connection} onClose={onClose} />}
    </Dialog>
  );
}

function ImportFlow({ connection, onClose }: { connection: PlatformConnection; onClose: () => void }) {
  const [importId, setImportId] = useState<number | null>(null);
  const { query, started, startedAt } = useImport(connection.athleteId, importId);
  const uploaded = (imp: StatsImport) => {
    startedAt(statsKeys.import(imp.id), imp);
    setImportId(imp.id);
  };
  if (importId === null) return <UploadForm connection={connection} onUploaded={uploaded} onCancel={onClose} />;
  if (!query.data) return <Loader aria-label={t.queued} />;
  return <ImportState imp={query.data} started={started} onClose={onClose} />;
}

/** "Download a blank sheet" for each of the athlete's sports (every sport when none is known). */
function BlankSheets({ athleteId }: { athleteId: number }) {
  const sports = useStatsSports(athleteId);
  if (!sports.data) return null;
  const own = sports.data.catalogues.filter((c) => sports.data.plays.includes(c.sport));
  const offered = own.length > 0 ? own : sports.data.catalogues;
  return (
    <Stack gap={4}>
      <Text size="sm">{t.sheetHelp}</Text>
      <Group gap="xs">
        {offered.map((c) => (
          <Anchor key={c.sport} href={statsUrls.sheet(c.sport)} download size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              <IconDownload size={14} />
              {t.downloadSheet(c.label)}
            </Group>
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

function UploadForm({ connection, onUploaded, onCancel }: { connection: PlatformConnection; onUploaded: (i: StatsImport) => void; onCancel: () => void }) {
  const maxPreps = connection.providerId === 'maxpreps';
  const sheet = connection.providerId === 'manual';
  const [file, setFile] = useState<File | null>(null);
  const [oneGame, setOneGame] = useState(maxPreps);
  const [fields, setFields] = useState<ImportFields>({});
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useUploadExport();
  const set = (key: keyof ImportFields) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value; // read now: the event is gone when the updater runs
    setFields((f) => ({ ...f, [key]: value }));
  };

  const submit = () => {
    if (!file) {
      setFileError(t.needFile);
      return;
    }
    const sent: ImportFields = oneGame
      ? { gameDate: fields.gameDate, opponent: fields.opponent, location: fields.location, result: fields.result, score: fields.score }
      : { season: fields.season, teamName: fields.teamName };
    upload.mutate({ connectionId: connection.id, file, fields: sent }, { onSuccess: onUploaded, onError: (err) => showError(t.uploadFailed, err) });
  };

  return (
    <Stack gap="sm">
      {sheet && <BlankSheets athleteId={connection.athleteId} />}
      <FileInput
        label={sheet ? t.sheetFile : t.file}
        description={maxPreps ? t.fileHelpTxt : sheet ? t.fileHelpSheet : t.fileHelpCsv}
        accept={maxPreps ? '.txt,text/plain' : '.csv,text/csv'}
        value={file}
        onChange={(f) => {
          setFile(f);
          setFileError(null);
        }}
        error={fileError}
        leftSection={<IconUpload size={16} />}
        clearable
      />
      {!maxPreps && <Checkbox label={t.oneGame} checked={oneGame} onChange={(e) => setOneGame(e.currentTarget.checked)} />}
      {oneGame ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput type="date" label={t.gameDate} value={fields.gameDate ?? ''} onChange={set('gameDate')} />
          <TextInput label={t.opponent} value={fields.opponent ?? ''} onChange={set('opponent')} />
          <TextInput label={t.location} value={fields.location ?? ''} onChange={set('location')} />
          <TextInput label={t.result} placeholder="Win" value={fields.result ?? ''} onChange={set('result')} />
          <TextInput label={t.score} placeholder="5-3" value={fields.score ?? ''} onChange={set('score')} />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t.season} value={fields.season ?? ''} onChange={set('season')} />
          <TextInput label={t.teamName} value={fields.teamName ?? ''} onChange={set('teamName')} />
        </SimpleGrid>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={upload.isPending}>
          {t.cancel}
        </Button>
        <Button onClick={submit} loading={upload.isPending}>
          {t.upload}
        </Button>
      </Group>
    </Stack>
  );
}

interface ImportStateProps {
  imp: StatsImport;
  /** Follows the import again after the family chose their row. */
  started: (imp: StatsImport) => void;
  onClose: () => void;
}

function ImportState({ imp, started, onClose }: ImportStateProps) {
  const confirm = useConfirmImport(started);
  const [row, setRow] = useState<string | null>(null);
  const choosing = imp.status === 'ready' && imp.needsChoice;
  const warnings = imp.preview?.warnings ?? [];
  return (
    <Stack gap="sm" aria-live="polite">
      {isWorking(imp.status) && (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{imp.status === 'pending' ? t.queued : t.parsing}</Text>
        </Group>
      )}
      {imp.status === 'failed' && (
        <Alert color="red" icon={<IconAlertTriangle />} title={t.failed}>
          {imp.statusReason}
        </Alert>
      )}
      {imp.status === 'ready' && !imp.needsChoice && imp.preview && (
        <Alert color="green" icon={<IconCircleCheck />} title={t.applied(imp.preview.gamesWritten, imp.preview.seasonsWritten)}>
          {imp.preview.matchedRow && <Text size="sm">{imp.preview.players.find((p) => p.matched)?.name || `#${imp.preview.matchedRow}`}</Text>}
        </Alert>
      )}
      {choosing && imp.preview && (
        <Stack gap="xs">
          <Text fw={600}>{t.chooseTitle}</Text>
          <Text size="sm">{t.chooseText}</Text>
          <Radio.Group value={row} onChange={setRow}>
            <Stack gap={6} mah={260} style={{ overflowY: 'auto' }}>
              {imp.preview.players.map((p) => (
                <Radio key={p.label} value={p.label} label={[p.jersey && `#${p.jersey}`, p.name].filter(Boolean).join(' ')} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button
              disabled={row === null}
              loading={confirm.isPending}
              onClick={() => row && confirm.mutate({ id: imp.id, row }, { onError: (err) => showError(t.confirmFailed, err) })}
            >
              {t.useRow}
            </Button>
          </Group>
        </Stack>
      )}
      {warnings.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t.warnings}
          </Text>
          <List size="sm" spacing={2}>
            {warnings.slice(0, 10).map((w, i) => (
              <List.Item key={i}>{w.message}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      {!choosing && (
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.close}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
