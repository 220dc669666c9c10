/** Scales and ticks for the hub's SVG charts, drawn on the server. */

/** Maps [domainStart, domainEnd] linearly onto [rangeStart, rangeEnd] (pixels, any direction). */
export function linearScale(
  domain: readonly [number, number],
  range: readonly [number, number],
): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  return (value) => r0 + ((value - d0) / span) * (r1 - r0);
}

/**
 * Round tick values from 0 up to the first one at or above `max`, in about `count` steps of
 * 1, 2 or 5 times a power of ten, as people read axes.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].map((multiple) => multiple * power).find((candidate) => candidate >= rough) ??
    10 * power) as number;
  const steps = Math.ceil(max / step - 1e-9);
  // toPrecision: 3 × 0.05 is 0.15000000000000002 in floating point.
  return Array.from({ length: steps + 1 }, (_, index) => Number((index * step).toPrecision(12)));
}

/** Every how many labels to show so that at most `room` of `total` are drawn. */
export function labelEvery(total: number, room: number): number {
  return Math.max(1, Math.ceil(total / room));
}
