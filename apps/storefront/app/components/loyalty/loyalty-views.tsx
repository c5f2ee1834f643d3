import { useQuery, useQueryClient } from '../../lib/api/query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useParams } from 'react-router';
import { useSession } from '../../lib/account/session';
import { fetchRewards, isLoyaltyApiError, type ProductRegistration } from '../../lib/api/loyalty.api';
import { fetchArticle, fetchArticles, fetchHistory, fetchPackCodeRegistrations, fetchTiers, readArticle, redeemReward, registerPackCode, POINTS_HISTORY_FIRST_PAGE } from '../../lib/api/loyalty-club.api';
import { dateFormat } from '../../lib/locale';
import { usePoints } from '../../lib/loyalty/loyalty-state';
import { storePath } from '../../lib/store-paths';

interface ViewProps {
  store: string;
  locale: string;
}

function formatDate(iso: string | null, locale: string): string {
  if (!iso) return '';
  return dateFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

/** Refreshes everything that shows points after a change (balance in the header, history, rewards). */
function useRefreshPoints() {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: ['account', 'loyalty'] }),
    queryClient.invalidateQueries({ queryKey: ['loyalty', 'rewards'] }),
    queryClient.invalidateQueries({ queryKey: ['loyalty', 'articles'] }),
  ]);
}

/** The share of the way from this tier's threshold to the next, for the progress bar. */
function tierProgress(earned: number, threshold: number, next: { threshold: number } | null): number {
  if (!next || next.threshold <= threshold) return 100;
  return Math.max(0, Math.min(100, Math.round(((earned - threshold) / (next.threshold - threshold)) * 100)));
}

function PointsCard({ store, locale }: ViewProps) {
  const { t } = useTranslation();
  const { data, isError } = usePoints(store);
  if (isError) return <p role="alert" className="loyalty-notice">{t('loyalty.errors.unavailable')}</p>;
  if (!data) return null;
  const progress = tierProgress(data.tier.earned_points, data.tier.threshold, data.tier.next_tier);
  return (
    <section className="loyalty-card loyalty-points" aria-labelledby="loyalty-points-heading">
      <div className="loyalty-points__balance">
        <h2 id="loyalty-points-heading">{t('loyalty.points.heading')}</h2>
        <p className="loyalty-card__points" data-testid="loyalty-points">{t('loyalty.points.available', { count: data.points })}</p>
        {data.pending_points > 0 && <p data-testid="loyalty-pending">{t('loyalty.points.pending', { count: data.pending_points })}</p>}
        {data.held_points > 0 && <p>{t('loyalty.points.held', { count: data.held_points })}</p>}
        {data.points_to_expire > 0 && data.expire_at && (
          <p className="loyalty-muted">{t('loyalty.points.expiring', { count: data.points_to_expire, date: formatDate(data.expire_at, locale) })}</p>
        )}
      </div>
      <div className="loyalty-points__tier">
        {data.tier.image_url && <img src={data.tier.image_url} alt="" width={72} height={72} className="loyalty-points__medal" />}
        <div>
          <p className="loyalty-points__tier-name" data-testid="loyalty-tier">{t('loyalty.tier.current', { name: data.tier.name })}</p>
          {data.tier.next_tier && (
            <>
              <div
                className="loyalty-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}
                aria-label={t('loyalty.tier.progress', { name: data.tier.next_tier.name })}
              >
                <span style={{ width: `${progress}%` }} />
              </div>
              <p className="loyalty-muted">{t('loyalty.tier.next', { count: data.tier.next_tier.points_needed, name: data.tier.next_tier.name })}</p>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

export function OverviewView({ store, locale }: ViewProps) {
  const { t } = useTranslation();
  const session = useSession();
  const tiers = useQuery({ queryKey: ['loyalty', 'tiers', store], queryFn: () => fetchTiers(store), retry: false });
  const points = usePoints(store);
  const currentTier = points.data?.tier.code;
  return (
    <>
      <section className="loyalty-hero">
        <p className="loyalty-hero__lead">{t('loyalty.overview.intro')}</p>
        {session.status !== 'signed-in' && (
          <div className="hero__actions">
            <Link className="button" to={storePath(store, '/register')}>{t('loyalty.overview.join')}</Link>
            <Link className="button button--secondary" to={storePath(store, '/login')}>{t('header.logIn')}</Link>
          </div>
        )}
      </section>
      {session.status === 'signed-in' && <PointsCard store={store} locale={locale} />}
      <section className="section" aria-labelledby="loyalty-tiers-heading">
        <h2 id="loyalty-tiers-heading">{t('loyalty.tier.heading')}</h2>
        <ul className="loyalty-tiers">
          {(tiers.data ?? []).map((tier) => (
            <li key={tier.code} className={`loyalty-tier${tier.code === currentTier ? ' loyalty-tier--current' : ''}`}>
              <img src={tier.image_url} alt="" width={120} height={120} />
              <h3>{tier.name}</h3>
              <p>{t('loyalty.tier.from', { count: tier.threshold })}</p>
              {tier.code === currentTier && <p className="loyalty-tier__yours">{t('loyalty.tier.yours')}</p>}
            </li>
          ))}
        </ul>
      </section>
      <section className="section" aria-labelledby="loyalty-ways-heading">
        <h2 id="loyalty-ways-heading">{t('loyalty.overview.waysHeading')}</h2>
        <ul className="category-tiles loyalty-links">
          {([
            ['/loyalty/blog', 'earn'],
            ['/loyalty/redeem', 'spend'],
            ['/referral', 'refer'],
          ] as const).map(([path, key]) => (
            <li key={key} className="category-tile">
              <h3><Link to={storePath(store, path)}>{t(`loyalty.overview.${key}`)}</Link></h3>
              <p>{t(`loyalty.overview.${key}Text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export function AccountView({ store, locale }: ViewProps) {
  return <PointsCard store={store} locale={locale} />;
}

export function BlogView({ store }: ViewProps) {
  const { t } = useTranslation();
  const session = useSession();
  const articles = useQuery({ queryKey: ['loyalty', 'articles', store, session.user?.uuid ?? ''], queryFn: () => fetchArticles(store), retry: false });
  if (articles.isPending) return <p role="status">{t('loyalty.loading')}</p>;
  if (articles.isError) return <p role="alert" className="loyalty-notice">{t('loyalty.errors.unavailable')}</p>;
  if (!articles.data.length) return <p className="loyalty-notice">{t('loyalty.blog.empty')}</p>;
  return (
    <ul className="product-grid loyalty-articles">
      {articles.data.map((a) => (
        <li key={a.article_id} className="product-card loyalty-article-card">
          <div className="product-card__media loyalty-media">
            {a.image_url ? <img src={a.image_url} alt="" width={400} height={400} loading="lazy" /> : <div className="product-card__placeholder" />}
          </div>
          <div className="product-card__body">
            <h2 className="product-card__name">
              <Link className="product-card__link" to={storePath(store, `/loyalty/article/${a.article_id}`)}>{a.title}</Link>
            </h2>
            <p className="product-card__subtitle">{a.summary}</p>
            <p className={`loyalty-badge${a.is_read ? ' loyalty-badge--done' : ''}`}>
              {a.is_read ? t('loyalty.blog.read') : t('loyalty.blog.earn', { count: a.value })}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ArticleView({ store }: ViewProps) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const session = useSession();
  const refresh = useRefreshPoints();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const article = useQuery({ queryKey: ['loyalty', 'articles', store, 'one', id, session.user?.uuid ?? ''], queryFn: () => fetchArticle(store, id), retry: false });
  if (article.isPending) return <p role="status">{t('loyalty.loading')}</p>;
  if (article.isError) return <p role="alert">{isLoyaltyApiError(article.error, 'ENTITY_NOT_FOUND') ? t('loyalty.article.notFound') : t('loyalty.errors.unavailable')}</p>;
  const a = article.data;
  const markRead = async () => {
    if (!session.user) return;
    setBusy(true);
    try {
      const result = await readArticle(store, session.user.uuid, a.article_id);
      setMessage(result.credited ? t('loyalty.article.credited', { count: result.points }) : t('loyalty.article.already'));
      await refresh();
    } catch {
      setMessage(t('loyalty.errors.unavailable'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <article className="loyalty-article">
      <div className="loyalty-article__media loyalty-media">
        {a.image_url ? <img src={a.image_url} alt="" width={400} height={400} /> : <div className="product-card__placeholder" />}
      </div>
      <div className="loyalty-article__text">
        <h2>{a.title}</h2>
        {a.summary && <p className="pdp__subtitle">{a.summary}</p>}
        {(a.body ?? '').split('\n').map((p, i) => <p key={i}>{p}</p>)}
        {session.status === 'signed-in' && !a.is_read && a.is_available && (
          <button type="button" className="button" onClick={() => void markRead()} disabled={busy}>{t('loyalty.article.markRead', { count: a.value })}</button>
        )}
        {session.status !== 'signed-in' && a.is_available && <p className="loyalty-badge">{t('loyalty.blog.earn', { count: a.value })}</p>}
        {a.is_read && !message && <p className="loyalty-badge loyalty-badge--done">{t('loyalty.blog.read')}</p>}
        {message && <p role="status" className="loyalty-message">{message}</p>}
        <p><Link to={storePath(store, '/loyalty/blog')}>{t('loyalty.article.back')}</Link></p>
      </div>
    </article>
  );
}

/** Entries whose event is the name of what earned or spent the points (an article, a reward), in the reader's language. */
const NAMED_ENTRIES = new Set(['article', 'reward', 'qr_code', 'pack_code', 'adjustment']);

/**
 * What follows an entry's type: the order's number, or the thing's name. The server's own event
 * sentences ("Order … delivered", "Points expired") are not shown: the type says it in the page's language.
 */
function historyDetail(item: { type: string; event: string | null; order_id: string | null }): string | null {
  if (item.type === 'order') return item.order_id;
  return NAMED_ENTRIES.has(item.type) ? item.event : null;
}

export function PointsHistoryView({ store, locale }: ViewProps) {
  const { t } = useTranslation();
  const session = useSession();
  const [page, setPage] = useState(POINTS_HISTORY_FIRST_PAGE);
  const uuid = session.user?.uuid ?? '';
  const history = useQuery({ queryKey: ['account', 'loyalty', 'history', store, uuid, page], queryFn: () => fetchHistory(store, uuid, page), enabled: !!uuid, retry: false });
  if (!uuid) return null;
  if (history.isPending) return <p role="status">{t('loyalty.loading')}</p>;
  if (history.isError) return <p role="alert">{t('loyalty.errors.unavailable')}</p>;
  const h = history.data;
  if (!h.items.length) return <p className="loyalty-notice">{t('loyalty.history.empty')}</p>;
  return (
    <>
      <div className="loyalty-card loyalty-history__wrap">
      <table className="loyalty-history">
        <thead>
          <tr><th scope="col">{t('loyalty.history.date')}</th><th scope="col">{t('loyalty.history.what')}</th><th scope="col">{t('loyalty.history.points')}</th><th scope="col">{t('loyalty.history.balance')}</th></tr>
        </thead>
        <tbody>
          {h.items.map((item, i) => (
            <tr key={`${item.date}-${i}`}>
              <td>{formatDate(item.date, locale)}</td>
              <td>{t(`loyalty.history.types.${item.type}`, { defaultValue: item.type })}{historyDetail(item) ? ` · ${historyDetail(item)}` : ''}{item.coupon ? ` · ${item.coupon}` : ''}</td>
              <td>{item.points > 0 ? `+${item.points}` : item.points}</td>
              <td>{item.balance}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {h.total_pages > 1 && (
        <nav aria-label={t('loyalty.history.pages')} className="loyalty-pager">
          <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('loyalty.history.previous')}</button>
          <span>{t('loyalty.history.pageOf', { page, total: h.total_pages })}</span>
          <button type="button" className="button button--secondary" disabled={page >= h.total_pages} onClick={() => setPage(page + 1)}>{t('loyalty.history.next')}</button>
        </nav>
      )}
    </>
  );
}

export function RedeemView({ store }: ViewProps) {
  const { t } = useTranslation();
  const session = useSession();
  const refresh = useRefreshPoints();
  const [message, setMessage] = useState<{ id: string; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const rewards = useQuery({ queryKey: ['loyalty', 'rewards', store, session.user?.uuid ?? ''], queryFn: () => fetchRewards(store), retry: false });
  if (rewards.isPending) return <p role="status">{t('loyalty.loading')}</p>;
  if (rewards.isError) return <p role="alert" className="loyalty-notice">{t('loyalty.errors.unavailable')}</p>;
  const list = rewards.data.filter((r) => r.kind === 'reward');
  if (!list.length) return <p className="loyalty-notice">{t('loyalty.redeem.empty')}</p>;
  const redeem = async (rewardUuid: string) => {
    if (!session.user) return;
    setBusy(rewardUuid);
    try {
      const result = await redeemReward(store, session.user.uuid, rewardUuid);
      setMessage({ id: rewardUuid, text: t('loyalty.redeem.done', { coupon: result.coupon, count: result.points }) });
      await refresh();
    } catch (error) {
      const code = isLoyaltyApiError(error) ? error.code : 'INTERNAL';
      setMessage({ id: rewardUuid, text: t(`loyalty.redeem.errors.${code}`, { defaultValue: t('loyalty.errors.unavailable') }) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <ul className="product-grid loyalty-rewards">
      {list.map((r) => (
        <li key={r.uuid} className="product-card loyalty-reward" aria-labelledby={`reward-${r.uuid}`}>
          <div className="product-card__media loyalty-media">
            {r.image_url ? <img src={r.image_url} alt="" width={400} height={400} loading="lazy" /> : <div className="product-card__placeholder" />}
          </div>
          <div className="product-card__body">
            <h2 id={`reward-${r.uuid}`} className="product-card__name">{r.name}</h2>
            <p className="product-card__subtitle">{r.description}</p>
            <p className="price loyalty-reward__cost">
              {t('loyalty.redeem.cost', { count: r.points })}
              {r.stock === 0 && <span className="product-card__badge">{t('loyalty.redeem.soldOut')}</span>}
            </p>
            <button type="button" className="button loyalty-reward__action" disabled={!r.is_eligible || busy !== null} onClick={() => void redeem(r.uuid)}>
              {t('loyalty.redeem.action')}<span className="visually-hidden"> {r.name}</span>
            </button>
            {message?.id === r.uuid && <p role="status" className="loyalty-message">{message.text}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** What a registration's answer says to the customer, in their language. */
function packCodeOutcome(t: (key: string, options?: Record<string, unknown>) => string, r: ProductRegistration): string {
  switch (r.result) {
    case 'registered':
      return t('loyalty.packCodes.result.registered', { count: r.points, code: r.code, product: r.product_name ?? '' });
    case 'limit_reached':
      return t('loyalty.packCodes.result.limit_reached', { code: r.code });
    default:
      return t(`loyalty.packCodes.result.${r.result}`, { code: r.code });
  }
}

/**
 * The customer enters the code printed inside a pack: the answer in words (points earned, or why
 * not), what is left of the month's allowance, and the codes registered before.
 */
export function PackCodesView({ store, locale }: ViewProps) {
  const { t } = useTranslation();
  const session = useSession();
  const refresh = useRefreshPoints();
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [page, setPage] = useState(1);
  const uuid = session.user?.uuid ?? '';
  const list = useQuery({
    queryKey: ['account', 'loyalty', 'pack-codes', store, uuid, page],
    queryFn: () => fetchPackCodeRegistrations(store, page, 10),
    enabled: !!uuid,
    retry: false,
  });
  if (!uuid) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    try {
      const result = await registerPackCode(store, code.trim());
      setOutcome({ ok: !result.hasError, text: packCodeOutcome(t, result) });
      if (!result.hasError) {
        setCode('');
        setPage(1);
      }
      await refresh();
    } catch (error) {
      const errorCode = isLoyaltyApiError(error) ? error.code : 'INTERNAL';
      setOutcome({ ok: false, text: t(`loyalty.packCodes.errors.${errorCode}`, { defaultValue: t('loyalty.errors.unavailable') }) });
    } finally {
      setBusy(false);
    }
  };
  const l = list.data;
  return (
    <>
      <section className="loyalty-card pack-codes" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>{t('loyalty.packCodes.heading')}</h2>
        <p className="loyalty-muted">{t('loyalty.packCodes.intro')}</p>
        <form className="pack-codes__form" onSubmit={(e) => void submit(e)} noValidate>
          <div className="field">
            <label htmlFor={`${id}-code`} className="field__label">{t('loyalty.packCodes.label')}</label>
            <input
              id={`${id}-code`}
              className="field__input pack-codes__input"
              name="code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              placeholder="XXXX-XXXX-XXXX-XXXX"
              aria-describedby={`${id}-hint`}
            />
            <p id={`${id}-hint`} className="field__hint">{t('loyalty.packCodes.hint')}</p>
          </div>
          <button type="submit" className="button" disabled={busy || !code.trim()}>{t('loyalty.packCodes.submit')}</button>
        </form>
        {outcome && (
          <p role={outcome.ok ? 'status' : 'alert'} className={`loyalty-message${outcome.ok ? '' : ' loyalty-message--error'}`} data-testid="pack-code-result">
            {outcome.text}
          </p>
        )}
        {l && <p className="loyalty-muted" data-testid="pack-code-allowance">{t('loyalty.packCodes.left', { count: l.inventory, allowance: l.allowance })}</p>}
      </section>
      <section aria-labelledby={`${id}-past`}>
        <h2 id={`${id}-past`}>{t('loyalty.packCodes.pastHeading')}</h2>
        {list.isPending && <p role="status">{t('loyalty.loading')}</p>}
        {list.isError && <p role="alert">{t('loyalty.errors.unavailable')}</p>}
        {l && !l.items.length && <p className="loyalty-notice">{t('loyalty.packCodes.none')}</p>}
        {l && l.items.length > 0 && (
          <div className="loyalty-card loyalty-history__wrap">
            <table className="loyalty-history pack-codes__list">
              <thead>
                <tr>
                  <th scope="col">{t('loyalty.history.date')}</th>
                  <th scope="col">{t('loyalty.packCodes.product')}</th>
                  <th scope="col">{t('loyalty.packCodes.code')}</th>
                  <th scope="col">{t('loyalty.history.points')}</th>
                </tr>
              </thead>
              <tbody>
                {l.items.map((item) => (
                  <tr key={item.code}>
                    <td>{formatDate(item.registered_at, locale)}</td>
                    <td>{item.product_name}</td>
                    <td className="pack-codes__code">{item.code}</td>
                    <td>+{item.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {l && l.total_pages > 1 && (
          <nav aria-label={t('loyalty.packCodes.pages')} className="loyalty-pager">
            <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('loyalty.history.previous')}</button>
            <span>{t('loyalty.history.pageOf', { page, total: l.total_pages })}</span>
            <button type="button" className="button button--secondary" disabled={page >= l.total_pages} onClick={() => setPage(page + 1)}>{t('loyalty.history.next')}</button>
          </nav>
        )}
      </section>
    </>
  );
}
