/** A YYYY-MM-DD string that names a real day (the wire pattern lets 2026-02-31 through; PostgreSQL would refuse it with a 500). */
export function isCalendarDate(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}
