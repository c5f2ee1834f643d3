import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { findProductPage } from '../../lib/api/catalog.api';
import { browserClient } from '../../lib/api/clients';
import { useQuery } from '../../lib/api/query';
import type { QuizScored } from '../../lib/api/quizzes.api';
import { storePath } from '../../lib/store-paths';
import { Price } from '../product/price';
import { QuizAdd } from './quiz-add';

type Recommendation = QuizScored['results'][number];

/** The recommended blends, best first, each with its product's picture, price and "Add to cart". */
export function QuizResults({ store, locale, results }: { store: string; locale: string; results: Recommendation[] }) {
  const { t } = useTranslation();
  if (results.length === 0) {
    return (
      <p className="quiz-results__none">
        {t('flavorFinder.noMatch')} <Link className="text-link" to={storePath(store, '/shop/sticks')}>{t('flavorFinder.browse')}</Link>
      </p>
    );
  }
  return (
    <ol className="quiz-results">
      {results.map((r, i) => <RecommendationCard key={r.flavor} store={store} locale={locale} result={r} best={i === 0} />)}
    </ol>
  );
}

function RecommendationCard({ store, locale, result, best }: { store: string; locale: string; result: Recommendation; best: boolean }) {
  const { t } = useTranslation();
  // The product as its page shows it: price, picture, stock and sales step, for "Add to cart".
  const page = useQuery({
    queryKey: ['quiz-product', store, result.product.url_key],
    queryFn: () => findProductPage(browserClient(store), result.product.url_key),
    staleTime: 60_000,
  });
  const product = page.data?.product ?? null;
  const image = product?.small_image?.url;
  return (
    <li className="quiz-result">
      <article className="quiz-result__card" aria-labelledby={`quiz-result-${result.flavor}`}>
        <div className="quiz-result__media">
          {image ? <img src={image} alt="" width={480} height={480} loading="lazy" /> : <div className="product-card__placeholder" aria-hidden="true" />}
        </div>
        <div className="quiz-result__body">
          <p className="quiz-result__flavor">
            {result.swatch && <span className="quiz-result__swatch" style={{ background: result.swatch }} aria-hidden="true" />}
            {best ? t('flavorFinder.bestMatch', { flavor: result.label }) : t('flavorFinder.alsoMatch', { flavor: result.label })}
          </p>
          <h3 id={`quiz-result-${result.flavor}`} className="quiz-result__name">
            <Link className="quiz-result__link" to={storePath(store, `/p/${result.product.url_key}`)}>{product?.name ?? result.product.name}</Link>
          </h3>
          {product?.subtitle && <p className="quiz-result__note">{product.subtitle}</p>}
          {product && <Price range={product.price_range} locale={locale} />}
          {product ? (
            <QuizAdd store={store} product={product} />
          ) : page.isError ? (
            <p>{t('flavorFinder.productUnavailable')}</p>
          ) : (
            <p className="quiz-result__loading" role="status">{t('flavorFinder.loadingProduct')}</p>
          )}
        </div>
      </article>
    </li>
  );
}
