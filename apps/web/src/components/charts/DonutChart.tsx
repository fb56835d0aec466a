import { formatNumberTr, formatShareTr } from '@seyir/domain';

export interface DonutSlice {
  key: string;
  label: string;
  value: number;
  color: string;
}

/**
 * An accessible SVG donut: the figure is one image with a text summary, and the legend lists
 * every slice with its count and share.
 */
export function DonutChart({ slices, title, emptyText }: { slices: DonutSlice[]; title: string; emptyText: string }) {
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  const radius = 15.915494; // circumference 100, so dash lengths are percentages
  let offset = 25;
  const summary = slices.map((s) => `${s.label}: ${formatNumberTr(s.value)} (${formatShareTr(s.value, total)})`).join(', ');
  return (
    <figure className="flex min-w-0 flex-col items-center gap-4">
      <svg viewBox="0 0 42 42" className="h-40 w-40 shrink-0" role="img" aria-label={total > 0 ? `${title}: ${summary}` : `${title}: ${emptyText}`}>
        <circle cx="21" cy="21" r={radius} fill="transparent" strokeWidth="6" className="stroke-slate-200 dark:stroke-slate-700" />
        {total > 0 &&
          slices
            .filter((s) => s.value > 0)
            .map((s) => {
              const pct = (s.value / total) * 100;
              const circle = (
                <circle key={s.key} cx="21" cy="21" r={radius} fill="transparent" stroke={s.color} strokeWidth="6" strokeDasharray={`${pct} ${100 - pct}`} strokeDashoffset={offset} />
              );
              offset = (offset - pct + 100) % 100;
              return circle;
            })}
        <text x="21" y="22.5" textAnchor="middle" className="fill-slate-900 text-[6px] font-semibold dark:fill-white">
          {formatNumberTr(total)}
        </text>
      </svg>
      <figcaption className="w-full">
        {total === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>
        ) : (
          <ul className="space-y-1.5 text-sm">
            {slices.map((s) => (
              <li key={s.key} className="flex items-center gap-2">
                <span aria-hidden="true" className="h-3 w-3 rounded-sm" style={{ backgroundColor: s.color }} />
                <span className="flex-1 text-slate-700 dark:text-slate-200">{s.label}</span>
                <span className="text-slate-900 tabular-nums dark:text-white">{formatNumberTr(s.value)}</span>
                <span className="w-14 text-right text-slate-500 tabular-nums dark:text-slate-400">{formatShareTr(s.value, total)}</span>
              </li>
            ))}
          </ul>
        )}
      </figcaption>
    </figure>
  );
}
