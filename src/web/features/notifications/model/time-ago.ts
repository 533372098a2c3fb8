/** How long ago an instant was, in the largest whole unit that fits: what "5 minutes ago" is made of. */
export function timeAgo(
  then: string | number | Date,
  now: number,
): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const seconds = Math.max(0, Math.round((now - new Date(then).getTime()) / 1000));
  const steps: [number, Intl.RelativeTimeFormatUnit][] = [
    [60, 'second'],
    [60, 'minute'],
    [24, 'hour'],
    [7, 'day'],
    [Number.POSITIVE_INFINITY, 'week'],
  ];
  let value = seconds;
  for (const [size, unit] of steps) {
    if (value < size) return { value: -value, unit };
    value = Math.floor(value / size);
  }
  return { value: -value, unit: 'week' };
}
