import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { useAppSelector } from '../../app/hooks';
import { isDarkTheme, selectPreferences } from '../../features/preferences/preferencesSlice';
import { formatShortDay } from '../../lib/dates';
import { formatNumberTr } from '@seyir/domain';
import { COMMON } from '../../messages';

export interface SeriesSpec {
  label: string;
  color: string;
  values: number[];
}

export interface TimeSeriesChartProps {
  /** Bucket starts. */
  times: Date[];
  series: SeriesSpec[];
  /** Stack the series (areas) instead of drawing them as separate lines. */
  stacked?: boolean;
  /** Draw bars (counts per bucket) instead of areas. */
  bars?: boolean;
  height?: number;
}

/** Axis steps for counts: 1, 2, 5, 10, 20, 50, … */
const WHOLE_STEPS = Array.from({ length: 10 }, (_, e) => [1, 2, 5].map((m) => m * 10 ** e)).flat();

/**
 * uPlot time series. Stacking is drawn as cumulative areas, the tallest first, each labelled
 * with its own count in the legend. The library is loaded on first use; the canvas is
 * decorative, so callers give the same numbers as text for assistive technology.
 */
export function TimeSeriesChart({ times, series, stacked = true, bars = false, height = 260 }: TimeSeriesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const { theme } = useAppSelector(selectPreferences);

  useEffect(() => {
    const el = box.current;
    if (!el || typeof window.matchMedia !== 'function' || typeof ResizeObserver === 'undefined') return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;

    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (cancelled) return;
      const dark = isDarkTheme(theme);
      const axisColor = dark ? '#cbd5e1' : '#334155';
      const gridColor = dark ? 'rgba(148,163,184,0.15)' : 'rgba(100,116,139,0.15)';
      const xs = times.map((t) => Math.floor(t.getTime() / 1000));

      // Cumulative sums, drawn tallest first so each area shows as a band.
      const order = stacked ? [...series].reverse() : series;
      const cumulative = series.map((_, i) => times.map((__, j) => series.slice(0, i + 1).reduce((sum, s) => sum + (s.values[j] ?? 0), 0)));
      const drawn = stacked ? [...cumulative].reverse() : series.map((s) => s.values);
      // Counts get whole-number steps: fractional ones printed as integers read "0, 0, 1, 1, 1".
      const counts = series.every((s) => s.values.every((v) => Number.isInteger(v)));

      const opts: uPlot.Options = {
        width: Math.max(el.clientWidth, 280),
        height,
        cursor: { drag: { x: false, y: false } },
        legend: { live: false },
        scales: { x: { time: true } },
        axes: [
          { stroke: axisColor, grid: { stroke: gridColor }, ticks: { stroke: gridColor }, values: (_u, splits) => splits.map((s) => formatShortDay(new Date(s * 1000))) },
          {
            stroke: axisColor,
            grid: { stroke: gridColor },
            ticks: { stroke: gridColor },
            ...(counts ? { incrs: WHOLE_STEPS } : {}),
            values: (_u, splits) => splits.map((s) => formatNumberTr(s)),
          },
        ],
        series: [
          { label: COMMON.date, value: (_u, v) => (v == null ? '—' : formatShortDay(new Date(v * 1000))) },
          ...order.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 1.5,
            fill: stacked ? s.color : undefined,
            points: { show: !stacked && !bars },
            ...(bars ? { paths: UPlot.paths.bars?.({ size: [0.6, 48] }) } : {}),
            value: (_u: uPlot, _v: number | null, _si: number, idx: number | null) => (idx == null ? '—' : formatNumberTr(s.values[idx] ?? 0)),
          })),
        ],
      };
      chart = new UPlot(opts, [xs, ...drawn] as uPlot.AlignedData, el);
      observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(el.clientWidth, 280), height }));
      observer.observe(el);
    });

    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [times, series, stacked, bars, height, theme]);

  // `contain: inline-size`: the box takes its width from the page, never from the drawn canvas,
  // so a narrower window (a phone turned, a resized window) shrinks it and the observer redraws.
  return <div ref={box} aria-hidden="true" className="w-full min-w-0 overflow-hidden" style={{ minHeight: height, contain: 'inline-size' }} />;
}
