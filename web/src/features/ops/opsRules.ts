/** A wait or run time for people: "0.25 s", "12 s", "3 min 20 s", "2 h 5 min"; "—" for none. */
export function secondsLabel(seconds: number): string {
  if (!(seconds > 0)) return '—';
  if (seconds < 10) return `${Number(seconds.toPrecision(2))} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  if (whole < 3600) {
    const s = whole % 60;
    return s ? `${Math.floor(whole / 60)} min ${s} s` : `${whole / 60} min`;
  }
  const minutes = Math.floor(whole / 60);
  const m = minutes % 60;
  return m ? `${Math.floor(minutes / 60)} h ${m} min` : `${minutes / 60} h`;
}
