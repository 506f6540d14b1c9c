// How an athlete's height, weight and measurables read, on the profile and on a coach's page alike
// (docs/API.md, "Measurables and academics"): the server keeps inches, pounds and each measurable's
// catalogue unit; these only print them.

/** 71 → `5′ 11″`, 70.5 → `5′ 10.5″`. */
export function formatHeight(inches: number): string {
  const feet = Math.floor(inches / 12);
  const rest = Math.round((inches - feet * 12) * 10) / 10;
  return `${feet}′ ${rest}″`;
}

/** 180 → `180 lb`. */
export function formatWeight(pounds: number): string {
  return `${Number(pounds.toFixed(1))} lb`;
}

/** Times keep two decimals as a stopwatch prints them ("6.80 s"); other values their own ("88 mph", "32.5 in"). */
export function formatMeasurable(value: number, unit: string): string {
  const number = unit === 's' ? value.toFixed(2) : String(Number(value.toFixed(2)));
  return unit === 'level' ? `Level ${number}` : `${number} ${unit}`;
}

export type Side = '' | 'right' | 'left' | 'both';

const sideLabels: Record<Exclude<Side, ''>, string> = { right: 'Right', left: 'Left', both: 'Both' };

/** "right" → "Right"; empty stays empty. */
export function sideLabel(side: string): string {
  return sideLabels[side as Exclude<Side, ''>] ?? '';
}
