import { LoyaltyChoicesSchema } from '@ember/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FieldError as RhfFieldError, FieldErrors, FieldValues, UseFormRegister, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import { Field, describedBy } from '../components/fields';

/** The club's forms: shared pieces (the texts per language, the choices of tiers and pictures). */

export const TEXT_LANGUAGES = ['en', 'de'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** The error of a field of the API's body (the resolver checks the body, so errors carry its paths). */
export function errorAt(errors: FieldErrors, path: string): RhfFieldError | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const e = node as RhfFieldError | undefined;
  return e && typeof e === 'object' && 'type' in e ? e : undefined;
}

/** A whole number typed in a field: undefined when empty, NaN when not a whole number. */
export function wholeOrEmpty(text: unknown): number | undefined {
  const raw = typeof text === 'string' ? text.trim() : typeof text === 'number' ? String(text) : '';
  if (!raw) return undefined;
  return /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

/** The choices of tiers and pictures, read once per console visit. */
export function useLoyaltyChoices() {
  return useQuery({ queryKey: ['loyalty-choices'], queryFn: ({ signal }) => api.get('/admin/loyalty/choices', LoyaltyChoicesSchema, { signal }), staleTime: 300_000 });
}

export interface TextField {
  /** The draft's field holding the text of a language: `${language}_${name}`. */
  name: string;
  label: string;
  multiline?: boolean;
  hint?: string;
}

/**
 * One fieldset per language with the given fields; English is required (the source language), a
 * language left empty falls back to English in the shop.
 */
export function TextsFieldsets<T extends FieldValues>({ idPrefix, fields, register, errors }: { idPrefix: string; fields: TextField[]; register: UseFormRegister<T>; errors: FieldErrors }) {
  const { t } = useTranslation();
  return (
    <>
      {TEXT_LANGUAGES.map((lang) => (
        <fieldset key={lang} className="language-texts">
          <legend>{t(`languages.${lang}`)}</legend>
          {lang !== 'en' ? <p className="hint">{t('loyaltyAdmin.form.fallbackHint')}</p> : null}
          {fields.map((f) => {
            const id = `${idPrefix}-${lang}-${f.name}`;
            const error = errorAt(errors, `texts.${lang}.${f.name}`);
            const registered = register(`${lang}_${f.name}` as Path<T>);
            return (
              <Field key={f.name} id={id} label={f.label} error={error} hint={f.hint}>
                {f.multiline ? (
                  <textarea id={id} rows={f.name === 'body' ? 8 : 3} {...describedBy(id, error, !!f.hint)} {...registered} />
                ) : (
                  <input id={id} {...describedBy(id, error, !!f.hint)} {...registered} />
                )}
              </Field>
            );
          })}
        </fieldset>
      ))}
    </>
  );
}

/** The texts of each language from the draft's `${language}_${field}` fields; a language left wholly empty is not sent (English always is). */
export function textsOf(d: Record<string, unknown>, fields: string[]): Record<string, Record<string, string>> {
  const texts: Record<string, Record<string, string>> = {};
  for (const lang of TEXT_LANGUAGES) {
    const text = Object.fromEntries(fields.map((f) => [f, typeof d[`${lang}_${f}`] === 'string' ? (d[`${lang}_${f}`] as string) : '']));
    if (lang === 'en' || Object.values(text).some((v) => v.trim())) texts[lang] = text;
  }
  return texts;
}

/** The draft's `${language}_${field}` fields from texts as the API answers them. */
export function draftTexts(texts: Record<string, Record<string, string>>, fields: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const lang of TEXT_LANGUAGES) for (const f of fields) out[`${lang}_${f}`] = texts[lang]?.[f] ?? '';
  return out;
}
