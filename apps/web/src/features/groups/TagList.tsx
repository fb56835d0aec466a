import { Badge } from '../../components/ui';
import { GROUPS } from '../../messages/app';
import { MAX_VISIBLE_TAGS } from './types';

/** §2: at most 3 tags, then '+N daha' for the rest. */
export function TagList({ tags, max = MAX_VISIBLE_TAGS }: { tags: readonly string[] | null | undefined; max?: number }) {
  const list = tags ?? [];
  if (list.length === 0) return <span className="text-slate-400">—</span>;
  const shown = list.slice(0, max);
  const rest = list.length - shown.length;
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((tag) => (
        <Badge key={tag}>{tag}</Badge>
      ))}
      {rest > 0 && (
        <span className="text-xs text-slate-500 dark:text-slate-400" title={list.slice(max).join(', ')}>
          {GROUPS.moreTags(rest)}
        </span>
      )}
    </span>
  );
}
