/** The header row of the performance tables: labels, numeric columns right-aligned. */
export function TableHead({ columns }: { columns: { label: string; numeric?: boolean }[] }) {
  return (
    <thead className="text-left text-xs text-slate-500 uppercase dark:text-slate-400">
      <tr>
        {columns.map((c) => (
          <th key={c.label} scope="col" className={c.numeric ? 'px-3 py-2 text-right' : 'px-3 py-2'}>
            {c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
