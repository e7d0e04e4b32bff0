import { ArcElement, BarElement, CategoryScale, Chart, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';

/** Registers the chart.js parts the dashboard uses (once, on import). */
Chart.register(ArcElement, BarElement, CategoryScale, LinearScale, LineElement, PointElement, Legend, Tooltip);

/** Series colours, repeated when there are more series. */
export const PALETTE = ['#1976d2', '#e53935', '#43a047', '#fb8c00', '#8e24aa', '#00897b', '#fdd835', '#6d4c41', '#3949ab', '#d81b60'];

/** Shared options: fill the card, keep the aspect free. */
export const baseOptions = { responsive: true, maintainAspectRatio: false, animation: false } as const;
