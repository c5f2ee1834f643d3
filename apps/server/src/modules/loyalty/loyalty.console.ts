import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type {
  LoyaltyArticleAdmin, LoyaltyArticleCreateBody, LoyaltyArticleQuery, LoyaltyArticleUpdateBody, LoyaltyEarningRuleAdmin, LoyaltyEarningRuleCreateBody,
  LoyaltyEarningRuleUpdateBody, LoyaltyQrCodeAdmin, LoyaltyQrCodeCreateBody, LoyaltyQrCodeDetail, LoyaltyQrCodeQuery, LoyaltyRewardAdmin,
  LoyaltyRewardCreateBody, LoyaltyRewardQuery, LoyaltyRewardUpdateBody,
} from '@ember/contracts';
import QRCode from 'qrcode';
import { AppError } from '../../platform/errors.js';
import { SEED_DIR } from '../../platform/seed.js';
import type { Reader, Tx } from '../../platform/transaction.js';
import type { StoreView } from '../store/store.store.js';
import * as store from './loyalty.console.store.js';

const IMAGE_DIR = path.join(SEED_DIR, 'media', 'loyalty');
const IMAGE_FILE = /^[a-z0-9][a-z0-9-]{0,60}\.(svg|png|jpe?g|webp)$/;
/** The languages besides English (the rows' own columns) whose texts the console writes. */
const OTHER_LANGUAGES = ['de'] as const;
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The loyalty club as the console manages it (docs/decisions/0088). The storefront's club reads these
 * tables on every request (no copy is kept in memory), so a change shows on the next page; an
 * article's change also refreshes its search documents in the same transaction.
 */
export class LoyaltyConsole {
  /** The club's pictures shipped with the shop, as `/media/loyalty/…` paths. */
  images(): string[] {
    if (!existsSync(IMAGE_DIR)) return [];
    return readdirSync(IMAGE_DIR).filter((f) => IMAGE_FILE.test(f)).sort().map((f) => `/media/loyalty/${f}`);
  }

  async choices(q: Reader) {
    return { tiers: await store.tiers(q), images: this.images() };
  }

  private checkImage(url: string | null | undefined): void {
    if (url && !this.images().includes(url)) throw new AppError('VALIDATION_FAILED', 'image_url: not one of the club\'s pictures', { fields: { image_url: 'unknown' } });
  }

  private async checkTiers(q: Reader, codes: string[], field: string): Promise<void> {
    const known = new Set((await store.tiers(q)).map((t) => t.code));
    const unknown = codes.filter((c) => !known.has(c));
    if (unknown.length) throw new AppError('VALIDATION_FAILED', `${field}: unknown tier ${unknown.join(', ')}`, { fields: { [field]: 'unknown' } });
  }

  // ---------- Rewards ----------

  async rewards(q: Reader, query: LoyaltyRewardQuery) {
    const { rows, total } = await store.listRewards(q, { q: query.q, kind: query.kind, active: query.active, limit: query.page_size, offset: (query.page - 1) * query.page_size });
    return { items: rows.map(rewardView), page_info: { page: query.page, page_size: query.page_size, total } };
  }

  async reward(q: Reader, uuid: string, lock = false): Promise<LoyaltyRewardAdmin> {
    const row = await store.findReward(q, uuid, lock);
    if (!row) throw new AppError('ENTITY_NOT_FOUND', 'Reward not found');
    return rewardView(row);
  }

  /** Adds a reward or campaign; `view` is the store view it is limited to (resolved by the caller), whose currency a campaign takes. */
  async createReward(tx: Tx, body: LoyaltyRewardCreateBody, view: StoreView | null): Promise<LoyaltyRewardAdmin> {
    const write = await this.rewardWrite(tx, body.kind, body, view);
    const uuid = randomUUID();
    await store.insertReward(tx, uuid, write);
    await this.writeRewardTexts(tx, uuid, body.texts);
    return this.reward(tx, uuid);
  }

  async updateReward(tx: Tx, uuid: string, body: LoyaltyRewardUpdateBody, view: StoreView | null): Promise<{ before: LoyaltyRewardAdmin; after: LoyaltyRewardAdmin }> {
    const before = await this.reward(tx, uuid, true);
    if (before.kind === 'campaign' && !body.discount_amount) throw new AppError('VALIDATION_FAILED', 'discount_amount: a campaign needs its discount', { fields: { discount_amount: 'required' } });
    if (before.kind === 'campaign' && !view) throw new AppError('VALIDATION_FAILED', 'store_code: a campaign needs a store view (its currency)', { fields: { store_code: 'required' } });
    if (before.kind === 'reward' && body.discount_amount) throw new AppError('VALIDATION_FAILED', 'discount_amount: a reward has no discount', { fields: { discount_amount: 'not_allowed' } });
    const { kind: _kind, ...write } = await this.rewardWrite(tx, before.kind, body, view);
    await store.updateReward(tx, uuid, write);
    await this.writeRewardTexts(tx, uuid, body.texts);
    return { before, after: await this.reward(tx, uuid) };
  }

  private async rewardWrite(tx: Tx, kind: 'reward' | 'campaign', body: LoyaltyRewardUpdateBody, view: StoreView | null): Promise<store.RewardWrite> {
    this.checkImage(body.image_url);
    if (body.min_tier) await this.checkTiers(tx, [body.min_tier], 'min_tier');
    return {
      kind,
      name: body.texts.en.name,
      description: body.texts.en.description,
      points: body.points,
      discount_amount: kind === 'campaign' ? (body.discount_amount ?? null) : null,
      currency: kind === 'campaign' ? (view?.base_currency_code ?? null) : null,
      stock: body.stock ?? null,
      min_tier: body.min_tier ?? null,
      store_code: view?.code ?? null,
      image_url: body.image_url ?? null,
      is_active: body.is_active,
    };
  }

  private async writeRewardTexts(tx: Tx, uuid: string, texts: LoyaltyRewardUpdateBody['texts']): Promise<void> {
    for (const language of OTHER_LANGUAGES) await store.setRewardText(tx, uuid, language, texts[language] ?? null);
  }

  // ---------- Earning rules ----------

  async rules(q: Reader) {
    return { items: (await store.listRules(q)).map(ruleView) };
  }

  async rule(q: Reader, eventName: string, lock = false): Promise<LoyaltyEarningRuleAdmin> {
    const row = await store.findRule(q, eventName, lock);
    if (!row) throw new AppError('ENTITY_NOT_FOUND', 'Earning rule not found');
    return ruleView(row);
  }

  async createRule(tx: Tx, body: LoyaltyEarningRuleCreateBody): Promise<LoyaltyEarningRuleAdmin> {
    const added = await store.insertRule(tx, { event_name: body.event_name, points: body.points, description: body.texts.en.description, is_active: body.is_active });
    if (!added) throw new AppError('ALREADY_EXISTS', 'This event has an earning rule already');
    for (const language of OTHER_LANGUAGES) await store.setRuleText(tx, body.event_name, language, body.texts[language] ?? null);
    return this.rule(tx, body.event_name);
  }

  async updateRule(tx: Tx, eventName: string, body: LoyaltyEarningRuleUpdateBody): Promise<{ before: LoyaltyEarningRuleAdmin; after: LoyaltyEarningRuleAdmin }> {
    const before = await this.rule(tx, eventName, true);
    await store.updateRule(tx, { event_name: eventName, points: body.points, description: body.texts.en.description, is_active: body.is_active });
    for (const language of OTHER_LANGUAGES) await store.setRuleText(tx, eventName, language, body.texts[language] ?? null);
    return { before, after: await this.rule(tx, eventName) };
  }

  // ---------- Articles ----------

  async articles(q: Reader, query: LoyaltyArticleQuery) {
    const { rows, total } = await store.listArticles(q, { q: query.q, state: query.state, limit: query.page_size, offset: (query.page - 1) * query.page_size });
    return { items: rows.map(articleView), page_info: { page: query.page, page_size: query.page_size, total } };
  }

  async article(q: Reader, id: string, lock = false): Promise<LoyaltyArticleAdmin> {
    const row = await store.findArticle(q, id, lock);
    if (!row) throw new AppError('ENTITY_NOT_FOUND', 'Article not found');
    return articleView(row);
  }

  private async articleWrite(tx: Tx, body: LoyaltyArticleUpdateBody): Promise<store.ArticleWrite> {
    this.checkImage(body.image_url);
    const levels = [...new Set(body.levels)];
    await this.checkTiers(tx, levels, 'levels');
    const en = body.texts.en;
    return { title: en.title, summary: en.summary, body: en.body, points: body.points, levels, image_url: body.image_url ?? null, is_available: body.is_available };
  }

  async createArticle(tx: Tx, body: LoyaltyArticleCreateBody): Promise<LoyaltyArticleAdmin> {
    if (!(await store.insertArticle(tx, body.article_id, await this.articleWrite(tx, body)))) throw new AppError('ALREADY_EXISTS', 'An article with this id exists already');
    for (const language of OTHER_LANGUAGES) await store.setArticleText(tx, body.article_id, language, body.texts[language] ?? null);
    return this.article(tx, body.article_id);
  }

  async updateArticle(tx: Tx, id: string, body: LoyaltyArticleUpdateBody): Promise<{ before: LoyaltyArticleAdmin; after: LoyaltyArticleAdmin }> {
    const before = await this.article(tx, id, true);
    await store.updateArticle(tx, id, await this.articleWrite(tx, body));
    for (const language of OTHER_LANGUAGES) await store.setArticleText(tx, id, language, body.texts[language] ?? null);
    return { before, after: await this.article(tx, id) };
  }

  /** Publishes now or at a time, or (`null`) takes it back to a draft. */
  async publishArticle(tx: Tx, id: string, at: string | null | undefined): Promise<{ before: LoyaltyArticleAdmin; after: LoyaltyArticleAdmin }> {
    const before = await this.article(tx, id, true);
    await store.setPublishedAt(tx, id, at === undefined ? 'now' : at === null ? null : new Date(at));
    return { before, after: await this.article(tx, id) };
  }

  // ---------- QR codes ----------

  async qrCodes(q: Reader, query: LoyaltyQrCodeQuery) {
    const { rows, total } = await store.listQrCodes(q, { state: query.state, limit: query.page_size, offset: (query.page - 1) * query.page_size });
    return { items: rows.map(qrView), page_info: { page: query.page, page_size: query.page_size, total } };
  }

  async qrCode(q: Reader, id: string, lock = false): Promise<LoyaltyQrCodeAdmin> {
    const row = await store.findQrCode(q, id, lock);
    if (!row) throw new AppError('ENTITY_NOT_FOUND', 'QR code not found');
    return qrView(row);
  }

  /** The code with its picture: a QR code of its value, which the club's scan (`earnings/qr-code`) takes. */
  async qrCodeDetail(q: Reader, id: string): Promise<LoyaltyQrCodeDetail> {
    const code = await this.qrCode(q, id);
    return { ...code, qr_svg: await QRCode.toString(code.id, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) };
  }

  /** A new code whose value is 16 random URL-safe characters (96 bits), made again in the unlikely case it is taken. */
  async createQrCode(tx: Tx, body: LoyaltyQrCodeCreateBody): Promise<LoyaltyQrCodeAdmin> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const id = randomBytes(12).toString('base64url');
      const added = await store.insertQrCode(tx, {
        id, points: body.points, description: body.description, valid_from: body.valid_from ? new Date(body.valid_from) : null, valid_to: new Date(body.valid_to),
      });
      if (added) return this.qrCode(tx, id);
    }
    throw new AppError('ALREADY_EXISTS', 'No free QR code value was found; try again');
  }

  /** Ends a code's validity now; a code that has ended already cannot be disabled again. */
  async disableQrCode(tx: Tx, id: string): Promise<{ before: LoyaltyQrCodeAdmin; after: LoyaltyQrCodeAdmin }> {
    const before = await this.qrCode(tx, id, true);
    if (before.state === 'ended') throw new AppError('NOT_ELIGIBLE', 'This QR code has ended already');
    await store.endQrCode(tx, id);
    return { before, after: await this.qrCode(tx, id) };
  }
}

function rewardView(r: store.RewardAdminRow): LoyaltyRewardAdmin {
  return {
    uuid: r.uuid, kind: r.kind, points: r.points, discount_amount: r.discount_amount, currency: r.currency, stock: r.stock, min_tier: r.min_tier,
    store_code: r.store_code, image_url: r.image_url, is_active: r.is_active, created_at: iso(r.created_at),
    texts: { ...r.texts, en: { name: r.name, description: r.description } },
  };
}

function ruleView(r: store.RuleAdminRow): LoyaltyEarningRuleAdmin {
  return { event_name: r.event_name, points: r.points, is_active: r.is_active, texts: { ...r.texts, en: { description: r.description } } };
}

function articleView(a: store.ArticleAdminRow): LoyaltyArticleAdmin {
  const at = a.published_at ? new Date(a.published_at) : null;
  return {
    article_id: a.article_id, points: a.points, levels: a.levels, image_url: a.image_url, is_available: a.is_available,
    published_at: at ? at.toISOString() : null,
    state: !at ? 'draft' : at.getTime() > Date.now() ? 'scheduled' : 'published',
    texts: { ...a.texts, en: { title: a.title, summary: a.summary, body: a.body } },
  };
}

function qrView(q: store.QrAdminRow): LoyaltyQrCodeAdmin {
  return { id: q.id, points: q.points, description: q.description, valid_from: iso(q.valid_from), valid_to: iso(q.valid_to), state: q.state, scans: q.scans };
}
