/** The drawing area every hub chart shares, in SVG user units (the SVG scales to its column). */
export const CHART = { width: 640, height: 240, top: 16, right: 16, bottom: 48, left: 72 } as const;
export const PLOT = {
  left: CHART.left,
  right: CHART.width - CHART.right,
  top: CHART.top,
  bottom: CHART.height - CHART.bottom,
  width: CHART.width - CHART.left - CHART.right,
  height: CHART.height - CHART.top - CHART.bottom,
} as const;
