import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubRoutes } from '../../../test/fetch';
import { aFamilyAthlete, anAthlete } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import type { GameStat, PlatformConnection, SeasonStat, StatsImport, StatsSports } from '../api';
import { StatsPageContent } from './StatsPageContent';

const providers = [
  { id: 'gamechanger', name: 'GameChanger', logoUrl: '/api/stats/logos/gamechanger.svg', kind: 'file' },
  { id: 'maxpreps', name: 'MaxPreps', logoUrl: '/api/stats/logos/maxpreps.svg', kind: 'file' },
  { id: 'manual', name: 'Manual entry', logoUrl: '/api/stats/logos/manual.svg', kind: 'file' },
  { id: 'teamsnap', name: 'TeamSnap', logoUrl: '/api/stats/logos/teamsnap.svg', kind: 'sync' },
];

const aSyncingConnection = (overrides: Partial<PlatformConnection> = {}) =>
  aConnection({ providerId: 'teamsnap', providerName: 'TeamSnap', logoUrl: '/api/stats/logos/teamsnap.svg', kind: 'sync', ...overrides });

function aConnection(overrides: Partial<PlatformConnection> = {}): PlatformConnection {
  return {
    id: 5, athleteId: 7, providerId: 'gamechanger', providerName: 'GameChanger', logoUrl: '/api/stats/logos/gamechanger.svg', kind: 'file',
    externalAthleteId: '12', externalTeamId: '', username: '', lastSyncedAt: null, createdAt: '2026-04-01T10:00:00Z', latestImport: null, ...overrides,
  };
}

const aGame = (overrides: Partial<GameStat> = {}): GameStat => ({
  id: 31, sport: 'baseball', opponent: 'North High', gameDate: '2026-04-11', location: 'Home', result: 'Win', score: '5-3', source: 'maxpreps',
  stats: { atBats: 4, hits: 2, runs: 1, rbi: 3, battingAvg: '.500', homeRuns: 1, onBasePct: '.600' }, ...overrides,
});

const aSeason = (overrides: Partial<SeasonStat> = {}): SeasonStat => ({
  id: 41, sport: 'baseball', season: '2026 Spring', name: '2026 Spring', teamName: '', sportType: 'Baseball', startDate: '2026-03-01', endDate: '2026-06-01', source: 'gamechanger',
  stats: { battingAvg: '.367', hits: 11, rbi: 9, onBasePct: '.441', sluggingPct: '.567', ops: '1.008', atBats: 30, runs: 7, homeRuns: 2 }, ...overrides,
});

/** Two of the server's catalogues, cut down to what the form tests use. */
const catalogues: StatsSports = {
  plays: ['baseball'],
  lead: { baseball: ['battingAvg'] },
  chosen: [],
  catalogues: [
    {
      sport: 'baseball', label: 'Baseball', defaultLead: ['battingAvg'],
      groups: [{ key: 'batting', label: 'Batting' }, { key: 'pitching', label: 'Pitching' }],
      stats: [
        { key: 'atBats', label: 'At Bats', abbr: 'AB', group: 'batting', kind: 'count' },
        { key: 'hits', label: 'Hits', abbr: 'H', group: 'batting', kind: 'count' },
        { key: 'battingAvg', label: 'Batting Average', abbr: 'AVG', group: 'batting', kind: 'rate' },
        { key: 'inningsPitched', label: 'Innings Pitched', abbr: 'IP', group: 'pitching', kind: 'innings' },
      ],
    },
    {
      sport: 'basketball', label: 'Basketball', defaultLead: ['points', 'rebounds', 'assists'],
      groups: [{ key: 'scoring', label: 'Scoring' }],
      stats: [
        { key: 'points', label: 'Points', abbr: 'PTS', group: 'scoring', kind: 'count' },
        { key: 'pointsPerGame', label: 'Points per Game', abbr: 'PPG', group: 'scoring', kind: 'rate' },
        { key: 'fieldGoalPct', label: 'Field Goal Percentage', abbr: 'FG%', group: 'scoring', kind: 'rate' },
        { key: 'threePointPct', label: '3-Point Percentage', abbr: '3P%', group: 'scoring', kind: 'rate' },
        { key: 'rebounds', label: 'Rebounds', abbr: 'REB', group: 'scoring', kind: 'count' },
        { key: 'assists', label: 'Assists', abbr: 'AST', group: 'scoring', kind: 'count' },
      ],
      positions: [{ key: 'point_guard', label: 'Point Guard', abbr: 'PG', lead: ['points', 'assists', 'threePointPct'], aliases: ['point'] }],
    },
    {
      sport: 'track_and_field', label: 'Track & Field', defaultLead: ['dash100'],
      groups: [{ key: 'distance', label: 'Distance' }],
      stats: [
        { key: 'dash100', label: '100 m', abbr: '100', group: 'sprints', kind: 'time', lowerIsBetter: true },
        { key: 'run800', label: '800 m', abbr: '800', group: 'distance', kind: 'time', lowerIsBetter: true },
      ],
    },
  ],
};

function routes(overrides: StubRoutes = {}, athlete = anAthlete({ id: 7 })): StubRoutes {
  return {
    'GET /api/athletes': { body: [athlete] },
    'GET /api/stats/providers': { body: providers },
    'GET /api/stats/athlete-platforms/7': { body: [] },
    'GET /api/stats/games/7': { body: [] },
    'GET /api/stats/seasons/7': { body: [] },
    'GET /api/athletes/7/stats/sports': { body: catalogues },
    'GET /api/athletes/7/stats/rollup': { body: { seasons: [], careers: [] } },
    'GET /api/stats/sync-platform/5': { body: { connectionId: 5, status: 'none', statusReason: '', lastSyncedAt: null } },
    ...overrides,
  };
}

const renderPage = () => renderWithProviders(<StatsPageContent />, { route: '/stats', user: testUser });

async function openPlatforms() {
  fireEvent.click(await screen.findByRole('tab', { name: 'Platforms' }));
  return screen.findByText('Sports Statistics Integration');
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('Sports Statistics page', () => {
  it('asks for an athlete profile first', async () => {
    stubFetch(routes({ 'GET /api/athletes': { body: [] } }));
    renderPage();
    expect(await screen.findByText('Create an athlete profile first')).toBeTruthy();
  });

  it('says how the TeamSnap authorization went when TeamSnap sends the family back', async () => {
    stubFetch(routes());
    renderWithProviders(<StatsPageContent />, { route: '/stats?teamsnap=denied', user: testUser });
    expect(await screen.findByText('TeamSnap was not given access to the statistics.')).toBeTruthy();
    expect(screen.getByText('TeamSnap not connected')).toBeTruthy();
    // Mantine's notifications outlive the render: leave none for the next test.
    act(() => notifications.clean());
  });

  it('shows the integration panel with the spec texts and empty states', async () => {
    stubFetch(routes());
    renderPage();
    await openPlatforms();
    expect(screen.getByText('Connect to popular sports statistics platforms to automatically import game and season stats.')).toBeTruthy();
    expect(await screen.findByText('No platforms connected yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Game Stats' }));
    expect(await screen.findByText('No game statistics available. Connect a stats platform and sync data to see game statistics.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Season Stats' }));
    expect(await screen.findByText('No season statistics available. Connect a stats platform and sync data to see season statistics.')).toBeTruthy();
  });

  it('refuses to set up without a provider and an Athlete ID, then sets up a file import', async () => {
    const { calls } = stubFetch(routes({ 'POST /api/stats/connect-platform': { status: 201, body: aConnection() } }));
    renderPage();
    await openPlatforms();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Platform' }));
    expect(await screen.findByText('Provider and Athlete ID are required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('combobox', { name: 'Platform' }));
    fireEvent.click(await screen.findByRole('option', { name: 'GameChanger' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Athlete ID \/ Profile ID/ }), { target: { value: '02' } });
    // A file importer is set up, not connected: nothing is fetched until a file is imported.
    expect(screen.queryByRole('button', { name: 'Connect Platform' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Set Up Import' }));
    expect(await screen.findByText('Import a file from GameChanger to bring in its games and seasons.')).toBeTruthy();
    expect(screen.queryByText('Successfully connected to the stats platform.')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ providerId: 'gamechanger', externalAthleteId: '02', externalTeamId: '', username: '', athleteId: 7 });
  });

  it("shows the server's message when connecting fails", async () => {
    stubFetch(routes({ 'POST /api/stats/connect-platform': { status: 409, body: { message: 'This platform is already connected for this athlete with that Athlete ID' } } }));
    renderPage();
    await openPlatforms();
    fireEvent.click(await screen.findByRole('combobox', { name: 'Platform' }));
    fireEvent.click(await screen.findByRole('option', { name: 'MaxPreps' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Athlete ID \/ Profile ID/ }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set Up Import' }));
    expect(await screen.findByText('This platform is already connected for this athlete with that Athlete ID')).toBeTruthy();
  });

  it('uploads an export, lets the family choose the row, and shows what was imported', async () => {
    const waiting: StatsImport = {
      id: 9, connectionId: 5, fileName: 'season.csv', format: 'gamechanger_csv', status: 'ready', statusReason: '', needsChoice: true, createdAt: '', finishedAt: '',
      preview: { players: [{ label: '12', jersey: '12', name: 'Lee, Sam', matched: false }, { label: '02', jersey: '02', name: 'Smith, Jo', matched: false }], matchedRow: null, stats: null, warnings: [{ kind: 'unknown_columns', message: 'Columns we do not read: MPHFB' }], gamesWritten: 0, seasonsWritten: 0 },
    };
    const applied: StatsImport = { ...waiting, needsChoice: false, preview: { ...waiting.preview!, matchedRow: '02', players: waiting.preview!.players.map((p) => ({ ...p, matched: p.label === '02' })), seasonsWritten: 1 } };
    let current = waiting;
    const stub = stubFetch(
      routes({
        'GET /api/stats/athlete-platforms/7': { body: [aConnection()] },
        'POST /api/stats/athlete-platforms/5/imports': { status: 202, body: { ...waiting, status: 'pending', needsChoice: false, preview: null } },
        'GET /api/stats/imports/9': () => ({ body: current }),
        'POST /api/stats/imports/9/confirm': (body) => {
          current = applied;
          return { status: 202, body: { ...waiting, status: 'processing', needsChoice: false, preview: null, ...(body as object) } };
        },
      }),
    );
    renderPage();
    await openPlatforms();
    expect(await screen.findByText('No file imported yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sync Now' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Import a file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a GameChanger export' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Choose the export file to upload')).toBeTruthy();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['Number,Last\n'], 'season.csv', { type: 'text/csv' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await within(dialog).findByText('Which player is this athlete?')).toBeTruthy();
    expect(within(dialog).getByText('Columns we do not read: MPHFB')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: '#02 Smith, Jo' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this player' }));
    expect(await within(dialog).findByText('Imported 0 games, 1 season')).toBeTruthy();
    expect(stub.calls.find((c) => c.url === '/api/stats/imports/9/confirm')?.body).toEqual({ row: '02' });
    expect(stub.fetchMock.mock.calls.some(([url, init]) => url === '/api/stats/athlete-platforms/5/imports' && (init as RequestInit).body instanceof FormData)).toBe(true);
  });

  it('shows the last file a file importer brought, and no Sync Now', async () => {
    const file: StatsImport = { id: 9, connectionId: 5, fileName: 'season.csv', format: 'gamechanger_csv', status: 'ready', statusReason: '', needsChoice: false, createdAt: '2026-04-02T18:00:00Z', finishedAt: '2026-04-02T18:01:00Z', preview: null };
    stubFetch(routes({ 'GET /api/stats/athlete-platforms/7': { body: [aConnection({ latestImport: file }), aConnection({ id: 6, providerId: 'manual', providerName: 'Manual entry' })] } }));
    renderPage();
    await openPlatforms();
    const card = await screen.findByLabelText('GameChanger');
    expect(within(card).getByText(/^Last file imported: season\.csv, /)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Import a file' })).toBeTruthy();
    const manual = screen.getByLabelText('Manual entry');
    expect(within(manual).getByText('Type games in on the Game Stats tab, or import a filled-in blank sheet')).toBeTruthy();
    fireEvent.click(within(manual).getByRole('button', { name: 'Import a file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a filled-in sheet' });
    const link = await within(dialog).findByRole('link', { name: 'Download a blank sheet: Baseball' });
    expect(link.getAttribute('href')).toBe('/api/stats/sheets/baseball');
    expect(screen.queryByRole('button', { name: 'Sync Now' })).toBeNull();
    expect(screen.queryByText(/synced/i)).toBeNull();
  });

  it("says what the server says when a platform's sync fails", async () => {
    stubFetch(routes({ 'GET /api/stats/athlete-platforms/7': { body: [aSyncingConnection()] }, 'POST /api/stats/sync-platform/5': { status: 500, body: { message: 'TeamSnap did not answer' } } }));
    renderPage();
    await openPlatforms();
    fireEvent.click(await screen.findByRole('button', { name: 'Sync Now' }));
    const toast = (await screen.findByText('TeamSnap did not answer')).closest('[role="alert"]') as HTMLElement;
    expect(within(toast).getByText('Sync Error')).toBeTruthy();
  });

  it('starts a sync and refreshes the lists when it is done', async () => {
    const sync = (status: string, lastSyncedAt: string | null) => ({ body: { connectionId: 5, status, statusReason: '', lastSyncedAt } });
    const stub = stubFetch(
      routes({
        'GET /api/stats/athlete-platforms/7': { body: [aSyncingConnection({ lastSyncedAt: '2026-04-02T18:30:00Z', username: 'coachmom' })] },
        'POST /api/stats/sync-platform/5': { status: 202, ...sync('pending', '2026-04-02T18:30:00Z') },
      }),
    );
    renderPage();
    await openPlatforms();
    expect(await screen.findByText('Username: coachmom')).toBeTruthy();
    expect(screen.getByText(/^Last synced: /)).toBeTruthy();
    // TeamSnap is authorized on TeamSnap's own page: a full-page link through the api.
    expect(screen.getByRole('link', { name: 'Connect TeamSnap' }).getAttribute('href')).toBe('/api/stats/teamsnap/authorize?connection=5');
    stub.routes['GET /api/stats/sync-platform/5'] = sync('ready', '2026-04-12T18:30:00Z');
    fireEvent.click(screen.getByRole('button', { name: 'Sync Now' }));
    expect(await screen.findByText('Stats synchronization has been initiated.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Syncing…' })).toBeTruthy();
    await waitFor(() => expect(stub.calls.filter((c) => c.url === '/api/stats/games/7').length).toBeGreaterThan(1), { timeout: 3000 });
    expect(await screen.findByRole('button', { name: 'Sync Now' })).toBeTruthy();
  });

  it('shows game and season cards as the spec draws them', async () => {
    stubFetch(routes({ 'GET /api/stats/games/7': { body: [aGame(), aGame({ id: 32, opponent: '', result: 'Loss', score: '1-2', location: '' })] }, 'GET /api/stats/seasons/7': { body: [aSeason()] } }));
    renderPage();
    await openPlatforms();
    fireEvent.click(screen.getByRole('tab', { name: 'Game Stats' }));
    const card = await screen.findByLabelText('vs North High');
    expect(within(card).getByText(/ • Home$/)).toBeTruthy();
    expect(within(card).getByText('Win: 5-3')).toBeTruthy();
    // Labels are the sport's catalogue's; a key the test catalogue lacks is split into words.
    expect(within(card).getByText('Batting Average:')).toBeTruthy();
    expect(within(card).queryByText('On Base Pct:')).toBeNull(); // the 7th stat: only 6 shown
    expect(screen.getByLabelText('Game')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Season Stats' }));
    const season = await screen.findByLabelText('2026 Spring');
    expect(within(season).getByText('Team · Baseball')).toBeTruthy();
    expect(within(season).getByText(/ to /)).toBeTruthy();
    expect(within(season).getByText('Ops:')).toBeTruthy();
    expect(within(season).queryByText('Home Runs:')).toBeNull(); // the 9th: only 8 shown
  });

  it("labels a game's stats from its sport's catalogue and leads with the athlete's position", async () => {
    const hoops = aGame({ id: 33, sport: 'basketball', opponent: 'Central', stats: { points: 18, rebounds: 4, assists: 7, pointsPerGame: '18.0', fieldGoalPct: '50.0%', threePointPct: '40.0%', steals: 2 } });
    stubFetch(routes({ 'GET /api/stats/games/7': { body: [hoops] } }, anAthlete({ id: 7, sports: 'Basketball', position: 'PG' })));
    renderPage();
    await openPlatforms();
    fireEvent.click(screen.getByRole('tab', { name: 'Game Stats' }));
    const card = await screen.findByLabelText('vs Central');
    const labels = within(card).getAllByText(/:$/).map((el) => el.textContent).filter((l) => l !== 'Key Stats:');
    expect(labels).toEqual(['Points:', 'Assists:', '3-Point Percentage:', 'Rebounds:', 'Points per Game:', 'Field Goal Percentage:']);
  });

  it("leads the cards and the trends with the stats the family chose for the sport", async () => {
    const hoops = (id: number, gameDate: string) => aGame({ id, sport: 'basketball', opponent: `Team ${id}`, gameDate, stats: { points: 12, rebounds: 5, assists: 3, fieldGoalPct: '48.0%' } });
    stubFetch(
      routes(
        {
          'GET /api/stats/games/7': { body: [hoops(71, '2026-01-09'), hoops(70, '2026-01-02')] },
          'GET /api/athletes/7/stats/sports': { body: { ...catalogues, plays: ['basketball'], lead: { basketball: ['fieldGoalPct', 'rebounds'] }, chosen: ['basketball'] } },
        },
        anAthlete({ id: 7, sports: 'Basketball', position: 'PG' }),
      ),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Trends' }));
    expect(await screen.findByLabelText('Field Goal Percentage by game')).toBeTruthy();
    expect(screen.getByLabelText('Rebounds by game')).toBeTruthy();
    expect(screen.queryByLabelText('Points by game')).toBeNull();
    await openPlatforms();
    fireEvent.click(screen.getByRole('tab', { name: 'Game Stats' }));
    const card = await screen.findByLabelText('vs Team 71');
    const labels = within(card).getAllByText(/:$/).map((el) => el.textContent).filter((l) => l !== 'Key Stats:');
    expect(labels.slice(0, 2)).toEqual(['Field Goal Percentage:', 'Rebounds:']);
  });

  it('shows one sport at a time on the Overview and Trends, with a switcher', async () => {
    const hoops = (id: number, gameDate: string, points: number) =>
      aGame({ id, sport: 'basketball', opponent: `Team ${id}`, gameDate, stats: { points, rebounds: 5, assists: 3, fieldGoalPct: '48.0%' } });
    stubFetch(
      routes(
        {
          'GET /api/stats/games/7': { body: [hoops(51, '2026-01-09', 12), hoops(50, '2026-01-02', 18), aGame()] },
          'GET /api/athletes/7/stats/sports': { body: { ...catalogues, plays: ['basketball', 'baseball'] } },
          'GET /api/athletes/7/stats/rollup': {
            body: {
              seasons: [{ sport: 'basketball', season: '2025–26 Winter', name: '2025–26 Winter', games: 2, startDate: '2026-01-02', endDate: '2026-01-09', stats: { points: 30, rebounds: 10, assists: 6, pointsPerGame: '15.0' } }],
              careers: [{ sport: 'basketball', seasons: 1, games: 2, stats: { points: 30, rebounds: 10, assists: 6, pointsPerGame: '15.0' } }],
            },
          },
        },
        anAthlete({ id: 7, sports: 'Basketball, Baseball' }),
      ),
    );
    renderPage();
    expect(await screen.findByText('Current season: 2025–26 Winter')).toBeTruthy();
    expect(screen.getByText('1 season · 2 games')).toBeTruthy();
    expect(screen.getAllByText('Points per Game').length).toBeGreaterThan(0);
    expect(screen.queryByText('AVG')).toBeNull();
    // Best games by the sport's first lead stat: 18 points before 12.
    const best = screen.getAllByLabelText(/^vs Team/).map((el) => el.getAttribute('aria-label'));
    expect(best).toEqual(['vs Team 50', 'vs Team 51']);

    fireEvent.click(screen.getByRole('radio', { name: 'Baseball' }));
    expect(await screen.findByText('AVG')).toBeTruthy();
    expect(screen.getByLabelText('vs North High')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Basketball' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Trends' }));
    expect(await screen.findByLabelText('Points by game')).toBeTruthy();
    expect(screen.getByLabelText('Rebounds by game')).toBeTruthy();
    expect(screen.queryByLabelText('Batting average (rolling 5 games)')).toBeNull();
  });

  it("charts a runner's times and says lower is better", async () => {
    const race = (id: number, gameDate: string, run800: string) => aGame({ id, sport: 'track_and_field', opponent: `Meet ${id}`, gameDate, stats: { run800 } });
    stubFetch(routes({ 'GET /api/stats/games/7': { body: [race(61, '2026-04-18', '1:58.32'), race(60, '2026-04-11', '2:01.10')] } }, anAthlete({ id: 7, sports: 'Track & Field' })));
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Trends' }));
    expect(await screen.findByLabelText('800 m by game (lower is better)')).toBeTruthy();
  });

  it('shows the overview: the current season and career totals', async () => {
    stubFetch(routes({ 'GET /api/stats/games/7': { body: [aGame()] }, 'GET /api/stats/seasons/7': { body: [aSeason()] } }));
    renderPage();
    expect(await screen.findByText('Current season: 2026 Spring')).toBeTruthy();
    expect(screen.getByText('Career totals')).toBeTruthy();
    expect(screen.getAllByText('.367').length).toBeGreaterThan(0);
    expect(screen.getByText('Best games')).toBeTruthy();
  });

  it("leads a baseball Overview with the family's choice of stats", async () => {
    const older = aSeason({ id: 40, season: '2025 Spring', name: '2025 Spring', startDate: '2025-03-01' });
    stubFetch(
      routes({
        'GET /api/stats/seasons/7': { body: [aSeason(), older] },
        'GET /api/athletes/7/stats/sports': { body: { ...catalogues, lead: { baseball: ['homeRuns', 'hits'] }, chosen: ['baseball'] } },
      }),
    );
    renderPage();
    const current = (await screen.findByText('Current season: 2026 Spring')).closest('.mantine-Card-root') as HTMLElement;
    const labels = within(current).getAllByText(/./, { selector: 'p.mantine-Text-root[data-size="xs"]' }).map((el) => el.textContent);
    expect(labels.slice(0, 3)).toEqual(['Home Runs', 'Hits', 'AVG']);
    const headings = screen.getAllByRole('columnheader').map((el) => el.textContent);
    expect(headings.slice(0, 4)).toEqual(['Season', 'HR', 'H', 'AB']);
  });

  it('adds up every page of games for the career, and lists them a page at a time', async () => {
    const { calls } = stubFetch(
      routes({
        'GET /api/stats/games/7': { body: [aGame()], headers: { 'X-Next-Cursor': 'c1' } },
        'GET /api/stats/games/7?limit=200&cursor=c1': { body: [aGame({ id: 30, opponent: 'West Valley', gameDate: '2025-05-02' })] },
        'GET /api/stats/games/7?cursor=c1': { body: [aGame({ id: 30, opponent: 'West Valley', gameDate: '2025-05-02' })] },
      }),
    );
    renderPage();
    // Career totals wait for the last page: two games, 4 + 4 at bats.
    expect(await screen.findByText('2 games')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/stats/games/7?limit=200&cursor=c1')).toBe(true);
    await openPlatforms();
    fireEvent.click(screen.getByRole('tab', { name: 'Game Stats' }));
    expect(await screen.findByLabelText('vs North High')).toBeTruthy();
    expect(screen.queryByLabelText('vs West Valley')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByLabelText('vs West Valley')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull());
  });

  it('hides every writing tool from family members who only look', async () => {
    stubFetch(routes({ 'GET /api/stats/athlete-platforms/7': { body: [aConnection(), aSyncingConnection({ id: 6 })] } }, aFamilyAthlete('viewer', { id: 7 })));
    renderPage();
    expect(await screen.findByText('No stats shared with you yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate Stats Report' })).toBeNull();
    await openPlatforms();
    expect(await screen.findByText('GameChanger')).toBeTruthy();
    expect(await screen.findByText('TeamSnap')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sync Now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import a file' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Connect Platform' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Connect TeamSnap' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Game Stats' }));
    await screen.findByText(/No game statistics available/);
    expect(screen.queryByRole('button', { name: 'Add game' })).toBeNull();
  });

  it('adds a game by hand with innings in thirds', async () => {
    const { calls } = stubFetch(routes({ 'POST /api/stats/games/7': (body) => ({ status: 201, body: aGame({ source: 'manual', ...(body as object) }) }) }));
    renderPage();
    await openPlatforms();
    fireEvent.click(screen.getByRole('tab', { name: 'Game Stats' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add game' });
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Opponent' }), { target: { value: 'East' } });
    // The form is the sport's catalogue: counts and innings, never the rates.
    expect(within(dialog).queryByRole('textbox', { name: 'Batting Average' })).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'At Bats' }), { target: { value: '4' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Hits' }), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Innings Pitched' }), { target: { value: '6.2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save game' }));
    expect(await screen.findByText('The game and its stats are saved.')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST')?.body as { sport: string; opponent: string; stats: Record<string, unknown> };
    expect(sent.sport).toBe('baseball');
    expect(sent.opponent).toBe('East');
    expect(sent.stats).toEqual({ atBats: '4', hits: '2', inningsPitched: '6.2' });
  });

  it('shows seasons and a career added up from the games', async () => {
    const { calls } = stubFetch(
      routes({
        'GET /api/athletes/7/stats/rollup': {
          body: {
            seasons: [{ sport: 'basketball', season: '2025–26 Winter', name: '2025–26 Winter', games: 2, startDate: '2025-12-05', endDate: '2026-01-09', stats: { points: 30, pointsPerGame: '15.0' } }],
            careers: [{ sport: 'basketball', seasons: 1, games: 2, stats: { points: 30, pointsPerGame: '15.0' } }],
          },
        },
        'PUT /api/athletes/7/stats/season-name': (body) => ({ body }),
      }),
    );
    renderPage();
    await openPlatforms();
    fireEvent.click(screen.getByRole('tab', { name: 'Season Stats' }));
    const season = await screen.findByLabelText('Basketball 2025–26 Winter');
    expect(within(season).getByText('Basketball · 2 games')).toBeTruthy();
    expect(within(season).getByText('15.0')).toBeTruthy();
    expect(screen.getByLabelText('Basketball career')).toBeTruthy();
    // An editor renames the season; the name is sent with the season's own.
    fireEvent.click(within(season).getByRole('button', { name: 'Rename season' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Season name' }), { target: { value: 'JV, sophomore year' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ sport: 'basketball', season: '2025–26 Winter', name: 'JV, sophomore year' }));
  });

  it('shows an imported season by the family\'s name and renames it', async () => {
    const { calls } = stubFetch(
      routes({
        'GET /api/stats/seasons/7': { body: [aSeason({ name: 'Varsity, junior year' })] },
        'PUT /api/athletes/7/stats/season-name': (body) => ({ body }),
      }),
    );
    renderPage();
    await openPlatforms();
    fireEvent.click(screen.getByRole('tab', { name: 'Season Stats' }));
    const season = await screen.findByLabelText('Varsity, junior year');
    fireEvent.click(within(season).getByRole('button', { name: 'Rename season' }));
    const name = await screen.findByRole('textbox', { name: 'Season name' });
    expect((name as HTMLInputElement).value).toBe('Varsity, junior year');
    expect((name as HTMLInputElement).placeholder).toBe('2026 Spring');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ sport: 'baseball', season: '2026 Spring', name: '' }));
  });

  it('generates the report through the job and opens it', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    let polls = 0;
    stubFetch(
      routes({
        'POST /api/stats/reports/7': { status: 202, body: { id: 3, status: 'pending', statusReason: '', mediaId: null, url: null } },
        'GET /api/stats/reports/7/3': () => {
          polls++;
          return {
            body: polls < 2 ? { id: 3, status: 'processing', statusReason: '', mediaId: null, url: null } : { id: 3, status: 'ready', statusReason: '', mediaId: 8, url: '/api/uploads/abc.pdf' },
          };
        },
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Stats Report' }));
    expect(await screen.findByText('Stats report ready', {}, { timeout: 4000 })).toBeTruthy();
    expect(open).toHaveBeenCalledWith('/api/uploads/abc.pdf', '_blank', 'noopener');
  });

  it("says why a report failed, in the job's words", async () => {
    stubFetch(
      routes({
        'POST /api/stats/reports/7': { status: 202, body: { id: 4, status: 'pending', statusReason: '', mediaId: null, url: null } },
        'GET /api/stats/reports/7/4': { body: { id: 4, status: 'failed', statusReason: 'No stats to report yet', mediaId: null, url: null } },
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Stats Report' }));
    const toast = (await screen.findByText('No stats to report yet')).closest('[role="alert"]') as HTMLElement;
    expect(within(toast).getByText('Report failed')).toBeTruthy();
    expect(screen.queryByText('Open the report')).toBeNull();
  });
});

describe('Choosing the lead stats', () => {
  it("saves a sport's lead stats and offers the position's back", async () => {
    const { calls } = stubFetch(
      routes({
        'GET /api/stats/games/7': { body: [aGame()] },
        'PUT /api/athletes/7/stats/lead': (body) => ({ body: { ...catalogues, lead: { baseball: (body as { keys: string[] }).keys }, chosen: ['baseball'] } }),
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Choose the lead stats' }));
    const dialog = await screen.findByRole('dialog', { name: 'What baseball numbers lead with' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your numbers lead with your choice.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ sport: 'baseball', keys: ['battingAvg'] });
  });

  it('is not offered to family members who only look', async () => {
    stubFetch(routes({ 'GET /api/stats/games/7': { body: [aGame()] } }, aFamilyAthlete('viewer', { id: 7 })));
    renderPage();
    await screen.findByText('Sports Statistics');
    expect(screen.queryByRole('button', { name: 'Choose the lead stats' })).toBeNull();
  });
});
