// Every string of the stats screens. "spec" marks text the product spec fixes; keep it exactly.

export const statsPageText = {
  title: 'Sports Statistics',
  subtitle: 'Game and season numbers from the platforms your team already uses',
  familySubtitle: (name: string) => `${name}'s game and season numbers`,
  noProfileTitle: 'Create an athlete profile first', // spec: a prompt and a create-profile form
  noProfileText: 'Stats belong to an athlete. Create the profile on the dashboard, then connect a platform here.',
  tabOverview: 'Overview', // spec
  tabPlatforms: 'Platforms', // spec
  tabTrends: 'Trends', // spec
  generateReport: 'Generate Stats Report', // spec
  reportWorking: 'Making your report…',
  reportOpen: 'Open the report',
  reportReady: { title: 'Stats report ready', message: 'It is in your media library too.' },
  reportFailed: { title: 'Report failed', fallback: 'The report could not be made. Please try again.' },
  loadFailed: "We couldn't load the stats. Please try again.",
  currentSeason: 'Current season',
  careerTotals: 'Career totals',
  bestGames: 'Best games',
  noStatsYet: 'No stats yet',
  noStatsHint: 'Set up GameChanger or MaxPreps on the Platforms tab and import a file, or add a game by hand.',
  noStatsShared: 'No stats shared with you yet',
  noStatsSharedHint: 'When the family shares stats, the games and seasons appear here.',
  trendsEmpty: 'Trends appear after two games with stats.',
  trendAvg: 'Batting average (rolling 5 games)',
  trendObpSlg: 'On-base and slugging by game',
  trendStrikeouts: 'Strikeouts by game',
  trendPitching: 'Innings and ERA by game',
  sport: 'Sport',
  trendByGame: (stat: string) => `${stat} by game`,
  lowerIsBetter: (title: string) => `${title} (lower is better)`,
  seasonsOf: (n: number) => `${n} ${n === 1 ? 'season' : 'seasons'}`,
  gamesOf: (n: number) => `${n} ${n === 1 ? 'game' : 'games'}`,
  seasonColumn: 'Season',
} as const;

export const panelText = {
  title: 'Sports Statistics Integration', // spec
  description: 'Connect to popular sports statistics platforms to automatically import game and season stats.', // spec
  tabPlatforms: 'Connected Platforms', // spec
  tabGames: 'Game Stats', // spec
  tabSeasons: 'Season Stats', // spec
  noPlatforms: 'No platforms connected yet.', // spec
  username: (value: string) => `Username: ${value || 'Not specified'}`, // spec
  lastSynced: (when: string) => `Last synced: ${when}`, // spec
  neverSynced: 'Never synced', // spec
  syncNow: 'Sync Now', // spec
  syncing: 'Syncing…',
  connectTeamSnap: 'Connect TeamSnap',
  connectTitle: 'Connect New Platform', // spec
  platform: 'Platform',
  platformPlaceholder: 'Select a platform', // spec
  athleteId: 'Athlete ID / Profile ID', // spec
  athleteIdHelp:
    'For GameChanger and MaxPreps files: the jersey number exactly as the export prints it (02 is not 2), or the name as the export spells it (GameChanger writes "Last, First").',
  teamId: 'Team ID (Optional)', // spec
  usernameField: 'Username (Optional)', // spec
  connect: 'Connect Platform', // spec
  connecting: 'Connecting...', // spec
  // A file provider fetches nothing: it is set up once, then each file is imported (issue 29).
  setUpImport: 'Set Up Import',
  settingUp: 'Setting up...',
  importFile: 'Import a file',
  lastImported: (file: string, when: string) => `Last file imported: ${file}, ${when}`,
  noFileYet: 'No file imported yet',
  typedByHand: 'Type games in on the Game Stats tab, or import a filled-in blank sheet',
  disconnect: 'Disconnect',
  disconnectConfirm: (name: string) => `Disconnect ${name}? The games and seasons it brought stay.`,
  gameTitle: (opponent: string) => (opponent ? `vs ${opponent}` : 'Game'), // spec
  keyStats: 'Key Stats:', // spec
  seasonStats: 'Season Stats:', // spec
  defaultTeam: 'Team', // spec
  noGames: 'No game statistics available. Connect a stats platform and sync data to see game statistics.', // spec
  noGamesYet: 'No games yet. Type one in or import a file on the Stats page.',
  noSeasons: 'No season statistics available. Connect a stats platform and sync data to see season statistics.', // spec
  addGame: 'Add game',
  editGame: 'Edit game',
  deleteGame: 'Delete game',
  deleteGameConfirm: 'Delete this game and its stats?',
  byHand: 'Entered by hand',
  fromGames: 'Seasons from your games',
  fromGamesHint: 'Every game typed in or imported, added up by season.',
  gamesCount: (n: number) => `${n} ${n === 1 ? 'game' : 'games'}`,
  careerOf: (sport: string) => `${sport} career`,
  careerLine: (seasons: number, games: number) => `${seasons} ${seasons === 1 ? 'season' : 'seasons'} · ${games} ${games === 1 ? 'game' : 'games'}`,
  importedSeasons: 'Imported seasons',
  renameSeason: 'Rename season',
  seasonName: 'Season name',
  seasonNameHelp: 'Leave it empty to call it by its dates again.',
  saveName: 'Save',
  renameFailed: { title: 'Could not rename the season', fallback: 'Please try again.' },
} as const;

export const importText = {
  dialogTitle: (provider: string) => `Upload a ${provider} export`,
  sheetDialogTitle: 'Import a filled-in sheet',
  sheetHelp: 'No platform? Download the blank sheet, fill in a row in any spreadsheet (one game, or the season so far), save it as CSV and import it here.',
  downloadSheet: (sport: string) => `Download a blank sheet: ${sport}`,
  fileHelpSheet: 'The blank sheet, filled in and saved as CSV.',
  sheetFile: 'Filled-in sheet',
  file: 'Export file',
  fileHelpCsv: 'In GameChanger: Stats → Export Stats (CSV). A season, or the stats view filtered to one game.',
  fileHelpTxt: 'The MaxPreps stat file (TXT) your scoring app exports after a game. One file is one game.',
  oneGame: 'This file is one game',
  gameDate: 'Game date',
  opponent: 'Opponent',
  location: 'Location',
  result: 'Result',
  score: 'Score',
  season: 'Season (e.g. 2026 Spring)',
  teamName: 'Team name',
  upload: 'Upload',
  cancel: 'Cancel',
  close: 'Close',
  queued: 'Waiting for a worker…',
  parsing: 'Reading the file…',
  chooseTitle: 'Which player is this athlete?',
  chooseText: "The file doesn't name the athlete by the Athlete ID you connected with. Choose their row:",
  useRow: 'Use this player',
  applied: (games: number, seasons: number) => `Imported ${games} ${games === 1 ? 'game' : 'games'}, ${seasons} ${seasons === 1 ? 'season' : 'seasons'}`,
  failed: 'The import failed',
  warnings: 'Noticed in the file',
  needFile: 'Choose the export file to upload',
  uploadFailed: { title: 'Upload failed', fallback: 'The file could not be uploaded. Please try again.' },
  confirmFailed: { title: 'Could not use that player', fallback: 'Please try again.' },
} as const;

export const gameFormText = {
  opponent: 'Opponent',
  gameDate: 'Game date',
  location: 'Location',
  result: 'Result',
  score: 'Score (e.g. 5-3)',
  sport: 'Sport',
  yourSports: "This athlete's sports",
  otherSports: 'Other sports',
  save: 'Save game',
  cancel: 'Cancel',
  dateRequired: 'Game date is required',
  saved: { title: 'Game saved', message: 'The game and its stats are saved.' },
  saveFailed: { title: 'Failed to save game', fallback: 'Please try again.' },
  deleted: { title: 'Game deleted', message: 'The game was removed.' },
  deleteFailed: { title: 'Failed to delete game', fallback: 'Please try again.' },
} as const;

/** Spec: the integration toasts. Failures are destructive. */
export const statsToasts = {
  connected: { title: 'Platform Connected', message: 'Successfully connected to the stats platform.' },
  setUp: (provider: string) => ({ title: 'Ready to import', message: `Import a file from ${provider} to bring in its games and seasons.` }),
  manualSetUp: { title: 'Ready', message: 'Type games in on the Game Stats tab, or import a filled-in blank sheet.' },
  connectFailed: { title: 'Error', fallback: 'Failed to connect platform' },
  validation: { title: 'Validation Error', message: 'Provider and Athlete ID are required' },
  syncStarted: { title: 'Sync Started', message: 'Stats synchronization has been initiated.' },
  syncFailed: { title: 'Sync Error', fallback: 'Failed to sync platform data' },
  syncDone: { title: 'Stats synced', message: 'The newest numbers are in.' },
  disconnected: { title: 'Platform disconnected', message: 'Its games and seasons stay in the record.' },
  disconnectFailed: { title: 'Failed to disconnect', fallback: 'Please try again.' },
  // Back from TeamSnap's authorize page: /stats?teamsnap=connected|denied|failed.
  teamSnap: {
    connected: { title: 'TeamSnap connected', message: 'Use Sync Now to bring in the games and the season.', color: 'green' },
    denied: { title: 'TeamSnap not connected', message: 'TeamSnap was not given access to the statistics.', color: 'yellow' },
    failed: { title: 'TeamSnap not connected', message: 'TeamSnap did not accept the connection. Try Connect TeamSnap again.', color: 'red' },
  },
} as const;


/** Choosing what a sport's numbers lead with. */
export const leadText = {
  button: 'Choose the lead stats',
  title: (sport: string) => `What ${sport} numbers lead with`,
  help: 'The dashboard, the stats cards and the public page show these first. Up to 8.',
  field: 'Lead with',
  usePosition: "Use the position's",
  save: 'Save',
  cancel: 'Cancel',
  saved: { title: 'Lead stats saved', message: 'Your numbers lead with your choice.' },
  saveFailed: { title: 'Could not save the lead stats', fallback: 'Please try again.' },
} as const;
