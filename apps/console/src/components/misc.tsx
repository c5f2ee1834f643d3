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

export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
