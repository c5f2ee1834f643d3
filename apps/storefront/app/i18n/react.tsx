import { cloneElement, createContext, isValidElement, useContext, type ReactElement, type ReactNode } from 'react';
import { i18nFor, type TOptions, type Translator } from './i18n';

const TranslatorContext = createContext<Translator>(i18nFor(null));

/** The page's language for everything below (root's Layout). */
export function TranslationProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/** `t` in the page's language; the same function for as long as the language stays. */
export function useTranslation(): Translator {
  return useContext(TranslatorContext);
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;

/**
 * A message with parts that are elements: `<faq>the FAQ</faq>` in the message becomes the element
 * given as `components.faq`, with the tag's text as its children.
 */
export function Trans({ i18nKey, components, values }: { i18nKey: string; components: Record<string, ReactElement>; values?: TOptions }) {
  const { t } = useTranslation();
  const message = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    if (match.index > last) parts.push(message.slice(last, match.index));
    const element = components[match[1]!];
    parts.push(isValidElement(element) ? cloneElement(element, { key: parts.length }, match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return <>{parts}</>;
}
