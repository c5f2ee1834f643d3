import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pageCount, readInt, readSort, sortParam, withParams } from '../listParams';

export interface DataTableProps<T> {
  caption: string;
  columns: ColumnDef<T, any>[];
  rows: T[] | undefined;
  total: number | undefined;
  /** The server counted up to its cap and stopped: there are more matches than `total`. */
  capped?: boolean;
  loading?: boolean;
  /** Column ids the server sorts by; sorting lives in the query string (`sort`). */
  sortable?: readonly string[];
  /** Paged on the server with `page` and `page_size` from the query string. */
  paged?: boolean;
  defaultPageSize?: number;
}

const PAGE_SIZES = [10, 25, 50, 100];

/**
 * A list from the server: TanStack Table in manual mode, its sorting and page read from and written
 * to the query string. Wide tables scroll inside their own region, never the page.
 */
export function DataTable<T>({ caption, columns, rows, total, capped = false, loading, sortable = [], paged = true, defaultPageSize = 25 }: DataTableProps<T>) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const captionId = useId();
  const sort = readSort(search, sortable);
  const page = readInt(search, 'page', 1);
  const pageSize = readInt(search, 'page_size', defaultPageSize, 100);
  const pages = pageCount(total ?? 0, pageSize);
  const sorting: SortingState = sort ? [sort] : [];

  const table = useReactTable({
    data: rows ?? [],
    columns,
    manualPagination: true,
    manualSorting: true,
    pageCount: pages,
    state: { sorting },
    enableSortingRemoval: true,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      setSearch(withParams(search, { sort: sortParam(next[0]) }));
    },
    getCoreRowModel: getCoreRowModel(),
  });

  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);

  return (
    <div className="data-table">
      <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table aria-busy={loading || undefined}>
          <caption id={captionId}>
            {caption}
            {total !== undefined ? (
              <span className="caption-count"> ({capped ? t('table.totalCapped', { formatted: number(total) }) : t('table.total', { count: total, formatted: number(total) })})</span>
            ) : null}
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const canSort = sortable.includes(header.column.id);
                  const dir = header.column.getIsSorted();
                  const label = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th key={header.id} scope="col" aria-sort={canSort ? (dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none') : undefined}>
                      {canSort ? (
                        <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                          {label}
                          <span aria-hidden="true" className="sort-mark">
                            {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            ))}
            {!loading && rows && rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="empty">
                  {t('table.empty')}
                </td>
              </tr>
            ) : null}
            {loading && !rows ? (
              <tr>
                <td colSpan={columns.length} className="empty">
                  {t('common.loading')}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {paged ? (
        <nav className="pager" aria-label={t('table.pagination')}>
          <button type="button" disabled={page <= 1} onClick={() => setSearch(withParams(search, { page: page - 1 }))}>
            {t('table.previous')}
          </button>
          <span aria-live="polite">{t('table.pageOf', { page: number(page), pages: number(pages) })}</span>
          <button type="button" disabled={page >= pages} onClick={() => setSearch(withParams(search, { page: page + 1 }))}>
            {t('table.next')}
          </button>
          <label className="page-size">
            {t('table.pageSize')}{' '}
            <select value={pageSize} onChange={(e) => setSearch(withParams(search, { page_size: e.target.value === String(defaultPageSize) ? undefined : e.target.value }))}>
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </nav>
      ) : null}
    </div>
  );
}

/** Search and filter controls that write to the query string when submitted. */
export function useListSearch() {
  const [search, setSearch] = useSearchParams();
  return {
    search,
    apply(values: Record<string, string | undefined>) {
      setSearch(withParams(search, values));
    },
    clear(keys: readonly string[]) {
      setSearch(withParams(search, Object.fromEntries(keys.map((k) => [k, undefined]))));
    },
  };
}
