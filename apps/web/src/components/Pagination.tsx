import { COMMON } from '../messages';
import { formatNumberTr } from '@seyir/domain';
import { Button } from './ui';

export interface PaginationProps {
  skip: number;
  limit: number;
  /** Known total (logs); Next is disabled when skip + limit reaches it (§9). */
  total?: number;
  /** The total is a lower bound (a searched count stopped at its cap): shown as "1.000+", Next stays on while the page is full. */
  totalIsEstimate?: boolean | undefined;
  /** Groups: Next is disabled when has_more is false (§9). */
  hasMore?: boolean;
  shown: number;
  onChange(skip: number): void;
}

export function Pagination({ skip, limit, total, totalIsEstimate, hasMore, shown, onChange }: PaginationProps) {
  const nextDisabled = hasMore !== undefined ? !hasMore : total === undefined || (totalIsEstimate ? shown < limit : skip + limit >= total);
  const from = shown === 0 ? 0 : skip + 1;
  const to = skip + shown;
  return (
    <nav aria-label={COMMON.pagination} className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-slate-600 dark:text-slate-400" aria-live="polite">
        {total !== undefined ? COMMON.pageRange(from, to, `${formatNumberTr(total)}${totalIsEstimate ? '+' : ''}`) : COMMON.page(Math.floor(skip / limit) + 1)}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={skip === 0} onClick={() => onChange(Math.max(0, skip - limit))}>
          {COMMON.previous}
        </Button>
        <Button variant="secondary" size="sm" disabled={nextDisabled} onClick={() => onChange(skip + limit)}>
          {COMMON.next}
        </Button>
      </div>
    </nav>
  );
}
