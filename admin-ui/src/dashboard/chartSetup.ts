import { formatNumber } from '../common/format';
import { ArcElement, BarElement, CategoryScale, Chart, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';

/** Registers the chart.js parts the dashboard uses (once, on import). */
Chart.register(ArcElement, BarElement, CategoryScale, LinearScale, LineElement, PointElement, Legend, Tooltip);

/** Series colours, repeated when there are more series. */
export const PALETTE = ['#1976d2', '#e53935', '#43a047', '#fb8c00', '#8e24aa', '#00897b', '#fdd835', '#6d4c41', '#3949ab', '#d81b60'];

/** The colour of series or slice `i`. */
export const colour = (i: number): string => PALETTE[i % PALETTE.length];

/** Shared options: fill the card, keep the aspect free, no animation. */
export const baseOptions = { responsive: true, maintainAspectRatio: false, animation: false } as const;

/**
 * Splits `text` into lines of at most `width` characters at spaces (a longer word keeps its own
 * line), so axis labels and tooltips show a full name instead of cutting it.
 */
export function wrapLabel(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines.length ? lines : [''];
}

/** Quantities as the API sends them (up to 3 decimals), grouped: "1,250.5". */
export const formatQuantity = (value: number): string => formatNumber(value, 3);
