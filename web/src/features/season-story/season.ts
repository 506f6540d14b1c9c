// The season a book defaults to: the athlete's first sport's school season, the one under way or, between
// seasons, the one that ended last (the season a family wants to keep). The months are the server's
// (integrations/sports/seasons.go): spring February–June, fall August–November, winter November–March,
// summer July–August for a sport without a school season.

type SchoolSeason = 'spring' | 'fall' | 'winter';

const schoolSeasons: Record<string, SchoolSeason> = {
  baseball: 'spring', softball: 'spring', 'track and field': 'spring', track: 'spring', lacrosse: 'spring', tennis: 'spring',
  football: 'fall', volleyball: 'fall', 'cross country': 'fall', 'field hockey': 'fall', soccer: 'fall', golf: 'fall', 'water polo': 'fall',
  basketball: 'winter', wrestling: 'winter', 'ice hockey': 'winter', hockey: 'winter', swimming: 'winter',
};

export interface Season {
  /** What families call it: "2026 Spring", "2025–26 Winter". */
  name: string;
  from: string;
  to: string;
}

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The season of `kind` that starts in `year`. */
function seasonOf(kind: SchoolSeason | 'summer', year: number): Season {
  switch (kind) {
    case 'spring':
      return { name: `${year} Spring`, from: iso(year, 2, 1), to: iso(year, 6, 30) };
    case 'summer':
      return { name: `${year} Summer`, from: iso(year, 7, 1), to: iso(year, 8, 31) };
    case 'fall':
      return { name: `${year} Fall`, from: iso(year, 8, 1), to: iso(year, 11, 30) };
    case 'winter':
      return { name: `${year}–${String((year + 1) % 100).padStart(2, '0')} Winter`, from: iso(year, 11, 1), to: iso(year + 1, 3, lastDay(year + 1, 3)) };
  }
}

/** The season a book of the athlete (sports as the profile lists them, "Baseball, Softball") defaults to on `today` (YYYY-MM-DD). */
export function defaultSeason(sports: string, today: string): Season {
  const first = sports.split(',')[0]?.trim().toLowerCase().replaceAll('_', ' ') ?? '';
  const year = Number(today.slice(0, 4));
  const kind = schoolSeasons[first];
  if (kind) {
    // This year's season if it has begun, else last year's; a winter that began last November runs into this spring.
    const candidates = [seasonOf(kind, year), seasonOf(kind, year - 1)];
    return candidates.find((s) => s.from <= today) ?? candidates[1]!;
  }
  const month = Number(today.slice(5, 7));
  if (month === 1) return seasonOf('winter', year - 1);
  if (month <= 6) return seasonOf('spring', year);
  if (month <= 8) return seasonOf('summer', year);
  if (month <= 11) return seasonOf('fall', year);
  return seasonOf('winter', year);
}
