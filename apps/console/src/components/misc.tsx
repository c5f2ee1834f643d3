import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A status as a tag; its words come from the catalogue when known, else the code itself. */
export function StatusTag({ status, group }: { status: string; group: string }) {
  const { t } = useTranslation();
  return <span className={`tag tag-${status.toLowerCase()}`}>{t(`${group}.${status}`, { defaultValue: status.replace(/_/g, ' ') })}</span>;
}

/** Label/value pairs. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Panel({ id, title, wide = false, children }: { id: string; title: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className={wide ? 'panel panel-wide' : 'panel'} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** Records of unknown shape (consents, for instance) as a table with a column per field. */
export function RecordTable({ id, caption, records }: { id: string; caption: string; records: unknown[] }) {
  const rows = records.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null && !Array.isArray(r));
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
  return (
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c.replace(/_/g, ' ')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c}>{show(r[c])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
