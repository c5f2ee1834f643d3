import { ContentLanguagesSchema } from '@ember/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { api } from '../api';
import { usePageTitle } from './layout';

/** The content area's pages: FAQ, blog, content pages, stores. */
export function ContentTabs() {
  const { t } = useTranslation();
  return (
    <nav className="sub-nav" aria-label={t('content.nav.label')}>
      <ul>
        <li>
          <NavLink to="/content/faq">{t('content.nav.faq')}</NavLink>
        </li>
        <li>
          <NavLink to="/content/blog">{t('content.nav.blog')}</NavLink>
        </li>
        <li>
          <NavLink to="/content/pages">{t('content.nav.pages')}</NavLink>
        </li>
        <li>
          <NavLink to="/content/stores">{t('content.nav.stores')}</NavLink>
        </li>
      </ul>
    </nav>
  );
}

/** The languages content is written in (those of the shop's store views). */
export function useContentLanguages() {
  return useQuery({
    queryKey: ['content-languages'],
    queryFn: ({ signal }) => api.get('/admin/content/languages', ContentLanguagesSchema, { signal }),
    staleTime: 300_000,
  });
}

/** A language's name in the operator's language ("German", "Deutsch"). */
export function useLanguageName() {
  const { i18n } = useTranslation();
  return (code: string) => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'language' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
}

/** `/content`: the area's tabs and what each holds. */
export function ContentHomePage() {
  const { t } = useTranslation();
  usePageTitle(t('content.title'));
  const parts = ['faq', 'blog', 'pages', 'stores'] as const;
  return (
    <section>
      <h1>{t('content.title')}</h1>
      <ContentTabs />
      <ul className="plain-list">
        {parts.map((p) => (
          <li key={p}>
            <Link to={`/content/${p}`}>{t(`content.nav.${p}`)}</Link>: {t(`content.home.${p}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
