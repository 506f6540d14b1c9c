import { useState } from 'react';
import { Button, Card, Center, Group, Image, Loader, Menu, ActionIcon, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCalendarStats, IconChartBar, IconDots, IconLink, IconPlus, IconRefresh, IconUpload } from '@tabler/icons-react';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadError } from '../../../components/LoadError';
import { ShowMore } from '../../../components/ShowMore';
import { statsUrls, type GameStat, type PlatformConnection } from '../api';
import { catalogueOf, sportLead } from '../catalogue';
import { useConnections, useDeleteGame, useDisconnectPlatform, useGamePages, useProviders, useRenameSeason, useRollup, useSeasons, useStatsSports, useSync } from '../queries';
import { panelText as t, statsPageText } from '../strings';
import phoneTabs from '../../../components/PhoneTabs.module.css';
import { ConnectPlatformForm } from './ConnectPlatformForm';
import { GameFormModal, closedGameDialog, type GameDialogState } from './GameFormModal';
import { ImportDialog } from './ImportDialog';
import { CareerCard, GameCard, RolledSeasonCard, SeasonCard } from './StatCards';

interface PanelProps {
  athleteId: number;
  /** Connect, upload, sync and add games: for those who may edit the athlete. */
  canEdit: boolean;
  /** The athlete's position, which decides the stats a card leads with. */
  position?: string;
}

/** Spec: the Sports Statistics Integration panel for one athlete. */
export function StatsIntegrationPanel({ athleteId, canEdit, position }: PanelProps) {
  return (
    <Card withBorder radius="md" padding="lg" px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            {t.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t.description}
          </Text>
        </div>
        <Tabs defaultValue="platforms" keepMounted={false} classNames={phoneTabs}>
          <Tabs.List>
            <Tabs.Tab value="platforms">{t.tabPlatforms}</Tabs.Tab>
            <Tabs.Tab value="games">{t.tabGames}</Tabs.Tab>
            <Tabs.Tab value="seasons">{t.tabSeasons}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="platforms" pt="md">
            <PlatformsTab athleteId={athleteId} canEdit={canEdit} />
          </Tabs.Panel>
          <Tabs.Panel value="games" pt="md">
            <GamesTab athleteId={athleteId} canEdit={canEdit} position={position} />
          </Tabs.Panel>
          <Tabs.Panel value="seasons" pt="md">
            <SeasonsTab athleteId={athleteId} position={position} canEdit={canEdit} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
}

function Spinner() {
  return (
    <Center py="lg">
      <Loader aria-label="Loading" />
    </Center>
  );
}

function PlatformsTab({ athleteId, canEdit }: PanelProps) {
  const connections = useConnections(athleteId);
  const providers = useProviders();
  const [uploading, setUploading] = useState<PlatformConnection | null>(null);
  if (connections.isError) return <LoadError message={statsPageText.loadFailed} onRetry={() => void connections.refetch()} />;
  if (!connections.data) return <Spinner />;
  return (
    <Stack gap="md">
      {connections.data.length === 0 ? (
        <Text c="dimmed">{t.noPlatforms}</Text>
      ) : (
        connections.data.map((c) => <PlatformCard key={c.id} athleteId={athleteId} connection={c} canEdit={canEdit} onUpload={setUploading} />)
      )}
      {canEdit && providers.data && <ConnectPlatformForm athleteId={athleteId} providers={providers.data} />}
      <ImportDialog connection={uploading} onClose={() => setUploading(null)} />
    </Stack>
  );
}

function PlatformCard({ athleteId, connection, canEdit, onUpload }: { athleteId: number; connection: PlatformConnection; canEdit: boolean; onUpload: (c: PlatformConnection) => void }) {
  const disconnect = useDisconnectPlatform(athleteId);
  const files = connection.kind === 'file';
  return (
    <Card withBorder radius="md" padding="md" aria-label={connection.providerName}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {connection.logoUrl && <Image src={connection.logoUrl} alt="" w={36} h={36} radius="sm" />}
          <div>
            <Text fw={700}>{connection.providerName}</Text>
            <Text size="sm" c="dimmed">
              {t.athleteId}: {connection.externalAthleteId}
            </Text>
            <Text size="sm" c="dimmed">
              {t.username(connection.username)}
            </Text>
            <Text size="sm" c="dimmed">
              <ConnectionState connection={connection} />
            </Text>
          </div>
        </Group>
        {canEdit && (
          <Group gap="xs">
            {files && (
              <Button size="xs" variant="light" leftSection={<IconUpload size={14} />} onClick={() => onUpload(connection)}>
                {t.importFile}
              </Button>
            )}
            {connection.providerId === 'teamsnap' && (
              // A full-page visit: the api redirects to TeamSnap, which sends the family back to /stats.
              <Button component="a" href={statsUrls.teamSnapAuthorize(connection.id)} size="xs" variant="light" leftSection={<IconLink size={14} />}>
                {t.connectTeamSnap}
              </Button>
            )}
            {connection.kind === 'sync' && <SyncButton athleteId={athleteId} connectionId={connection.id} />}
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon variant="subtle" aria-label={`More for ${connection.providerName}`}>
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  color="red"
                  onClick={() => window.confirm(t.disconnectConfirm(connection.providerName)) && disconnect.mutate(connection.id)}
                >
                  {t.disconnect}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
      </Group>
    </Card>
  );
}

/** 'Sync Now', only for a platform that fetches: a file importer has nothing to fetch. */
function SyncButton({ athleteId, connectionId }: { athleteId: number; connectionId: number }) {
  const sync = useSync(athleteId, connectionId);
  return (
    <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={() => sync.start.mutate()} disabled={sync.syncing}>
      {sync.syncing ? t.syncing : t.syncNow}
    </Button>
  );
}

/** What a connection last did: a fetching platform's last sync, a file importer's last file. */
function ConnectionState({ connection }: { connection: PlatformConnection }) {
  if (connection.kind === 'sync') {
    return connection.lastSyncedAt ? t.lastSynced(new Date(connection.lastSyncedAt).toLocaleString()) : t.neverSynced;
  }
  const file = connection.latestImport;
  if (!file && connection.providerId === 'manual') return t.typedByHand;
  return file ? t.lastImported(file.fileName, new Date(file.finishedAt ?? file.createdAt).toLocaleString()) : t.noFileYet;
}

function GamesTab({ athleteId, canEdit, position }: PanelProps) {
  const games = useGamePages(athleteId);
  const sports = useStatsSports(athleteId);
  const remove = useDeleteGame(athleteId);
  const [dialog, setDialog] = useState<GameDialogState>(closedGameDialog);
  if (games.isError) return <LoadError message={statsPageText.loadFailed} onRetry={() => void games.refetch()} />;
  if (!games.data) return <Spinner />;
  const edit = canEdit ? (game: GameStat) => setDialog({ opened: true, game }) : undefined;
  const del = canEdit ? (game: GameStat) => window.confirm(t.deleteGameConfirm) && remove.mutate(game.id) : undefined;
  return (
    <Stack gap="sm">
      {canEdit && (
        <Group justify="flex-end">
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setDialog({ opened: true, game: null })}>
            {t.addGame}
          </Button>
        </Group>
      )}
      {games.items.length === 0 ? (
        <EmptyNote icon={<IconCalendarStats />} title={t.noGames} />
      ) : (
        games.items.map((g) => (
          <GameCard key={g.id} game={g} view={{ catalogue: catalogueOf(sports.data, g.sport), position, lead: sportLead(sports.data, g.sport) }} onEdit={edit} onDelete={del ? (game) => void del(game) : undefined} />
        ))
      )}
      <ShowMore list={games} />
      <GameFormModal athleteId={athleteId} state={dialog} onClose={() => setDialog(closedGameDialog)} />
    </Stack>
  );
}

function SeasonsTab({ athleteId, position, canEdit }: { athleteId: number; position?: string; canEdit: boolean }) {
  const rename = useRenameSeason(athleteId);
  const seasons = useSeasons(athleteId);
  const rollup = useRollup(athleteId);
  const sports = useStatsSports(athleteId);
  if (seasons.isError || rollup.isError) return <LoadError message={statsPageText.loadFailed} onRetry={() => void Promise.all([seasons.refetch(), rollup.refetch()])} />;
  if (!seasons.data || !rollup.data) return <Spinner />;
  const rolled = rollup.data;
  if (seasons.data.length === 0 && rolled.seasons.length === 0) return <EmptyNote icon={<IconChartBar />} title={t.noSeasons} />;
  const label = (sport: string) => catalogueOf(sports.data, sport)?.label ?? sport;
  const view = (sport: string) => ({ catalogue: catalogueOf(sports.data, sport), position, lead: sportLead(sports.data, sport) });
  return (
    <Stack gap="md">
      {rolled.seasons.length > 0 && (
        <Stack gap="sm">
          <div>
            <Title order={3} fz="md">
              {t.fromGames}
            </Title>
            <Text size="sm" c="dimmed">
              {t.fromGamesHint}
            </Text>
          </div>
          {rolled.careers.map((c) => (
            <CareerCard key={c.sport} career={c} sportLabel={label(c.sport)} view={view(c.sport)} />
          ))}
          {rolled.seasons.map((s) => (
            <RolledSeasonCard
              key={`${s.sport} ${s.season}`}
              season={s}
              sportLabel={label(s.sport)}
              view={view(s.sport)}
              onRename={canEdit ? (name) => rename.mutate({ sport: s.sport, season: s.season, name }) : undefined}
            />
          ))}
        </Stack>
      )}
      {seasons.data.length > 0 && (
        <Stack gap="sm">
          {rolled.seasons.length > 0 && (
            <Title order={3} fz="md">
              {t.importedSeasons}
            </Title>
          )}
          {seasons.data.map((s) => (
            <SeasonCard
              key={s.id}
              season={s}
              view={view(s.sport)}
              onRename={canEdit ? (name) => rename.mutate({ sport: s.sport, season: s.season, name }) : undefined}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
