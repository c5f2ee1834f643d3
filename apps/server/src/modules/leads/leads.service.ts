import { randomUUID } from 'node:crypto';
import type { Lead, LeadConfirmation, LeadPurchases, LeadRegisterBody } from '@ember/contracts';
import type { Queryable, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { phrase } from '../../platform/messages.js';
import type { ConsentService } from '../consents/consents.service.js';
import type { MessagingService } from '../messaging/messaging.service.js';
import type { OrderEvent } from '../orders/orders.store.js';
import type { StoreService, StoreView } from '../store/store.service.js';
import { readLeadLink, signLeadLink } from './leads.link.js';
import * as store from './leads.store.js';
import type { LeadRow, PurchaseItem } from './leads.store.js';

/** What leads ask of the accounts: the active account of an e-mail address, and where it registered. */
export interface LeadCustomersPort {
  activeAccountByEmail(q: Queryable, email: string): Promise<{ uuid: string; store_code: string } | null>;
}

/** What leads ask of the orders module about an order whose event they read (never its tables). */
export interface LeadOrdersPort {
  find(q: Queryable, entityId: string): Promise<{ order_number: string; email: string; website_code: string; created_at: Date; paid_at: Date | null } | null>;
  items(q: Queryable, entityId: string): Promise<PurchaseItem[]>;
}

export interface LeadsDeps {
  consents: ConsentService;
  stores: StoreService;
  messaging: MessagingService;
  customers: LeadCustomersPort;
  orders: LeadOrdersPort;
  /** A storefront page's absolute URL in a store view, from configuration only. */
  linkTo(storeCode: string, path: string): string;
}

export interface LeadsSettings {
  /** LEADS_LINK_SECRET: the HMAC key of the confirmation links. */
  linkSecret: string;
  /** LEADS_LINK_TTL_DAYS: how long a link works. */
  linkTtlDays: number;
}

/** What a registration did: the lead, whether it is new, and the expiry of the link it e-mailed (none once confirmed). */
export interface Registration {
  lead: LeadRow;
  created: boolean;
  linkExpiresAt: Date | null;
}

const DAY_MS = 86_400_000;
/** An order has been paid once it reached any of these (the orders module's statuses after payment). */
const PAID_STATUSES = new Set(['payment_completed', 'processing', 'confirmed', 'shipped', 'shipped_to_warehouse', 'delivered', 'complete', 'delivered_to_pick_up_point']);
/** Where a consent given by confirming a lead's link is recorded as coming from (consent_history.source). */
const CONSENT_SOURCE = 'lead';

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Leads (spec §7 "Trials and leads", docs/decisions/0058): people met at an event or by a promoter
 * are registered by an operator and e-mailed a signed, expiring link; opening it confirms the
 * marketing consents they asked for, once, and grants them to their account in the lead's website,
 * now or when they register. Orders paid with a lead's e-mail address there afterwards are credited
 * to the lead from the order events. Writes run in the caller's transaction.
 */
export class LeadsService {
  constructor(
    private readonly deps: LeadsDeps,
    private readonly settings: LeadsSettings,
  ) {}

  /**
   * `POST /admin/leads`: registers a person for a campaign in a store view and e-mails them the
   * confirmation link. The same person and campaign again answers the same lead (a fresh link while
   * it is pending); asking for other purposes then is ALREADY_EXISTS, since the first link confirms the first ones.
   */
  async register(tx: Tx, view: StoreView, input: LeadRegisterBody, now = new Date()): Promise<Registration> {
    const purposes = [...new Set(input.purposes)];
    const offered = new Map((await this.deps.consents.marketingPurposes(tx, view.language)).map((p) => [p.id, p.name]));
    const unknown = purposes.filter((p) => !offered.has(p));
    if (unknown.length) {
      throw new AppError('VALIDATION_FAILED', `Not a marketing purpose: ${unknown.join(', ')}`, { fields: { purposes: 'not_marketing' } });
    }
    const fresh = await store.insertLead(tx, {
      id: randomUUID(), store_code: view.code, source: input.source, campaign_code: input.campaign_code, email: input.email, first_name: input.first_name, purposes,
    });
    const lead = fresh ?? (await store.lockLeadOfCampaign(tx, view.code, input.campaign_code, input.email));
    // Gone between the two statements (erased meanwhile): the operator may simply try again.
    if (!lead) throw new AppError('SERVICE_UNAVAILABLE', 'The lead changed meanwhile, try again');
    if (!fresh && !sameSet(lead.purposes, purposes)) {
      throw new AppError('ALREADY_EXISTS', 'This person is registered for the campaign with other purposes', { id: lead.id, purposes: lead.purposes });
    }
    if (lead.status === 'confirmed') return { lead, created: false, linkExpiresAt: null };
    const expiresAt = new Date(Math.floor((now.getTime() + this.settings.linkTtlDays * DAY_MS) / 1000) * 1000);
    const token = signLeadLink(this.settings.linkSecret, lead.id, expiresAt);
    this.deps.messaging.queue(tx, {
      channel: 'email',
      recipient: lead.email,
      language: view.language,
      template: 'lead_confirmation',
      params: {
        firstname: lead.first_name,
        purposes: lead.purposes.map((id) => offered.get(id) ?? id),
        link: this.deps.linkTo(lead.store_code, `/leads/confirm/${token}`),
        expires_on: new Intl.DateTimeFormat(view.locale.replace('_', '-'), { dateStyle: 'long', timeZone: view.timezone }).format(expiresAt),
      },
    });
    return { lead, created: fresh !== null, linkExpiresAt: expiresAt };
  }

  /** The operator's view of a registration: no address, no name, never the link. */
  view(r: Registration): Lead {
    const { lead } = r;
    return {
      id: lead.id, store_code: lead.store_code, source: lead.source, campaign_code: lead.campaign_code, status: lead.status, purposes: lead.purposes,
      created_at: new Date(lead.created_at).toISOString(), confirmed_at: lead.confirmed_at ? new Date(lead.confirmed_at).toISOString() : null,
      link_expires_at: r.linkExpiresAt?.toISOString() ?? null,
    };
  }

  /**
   * `POST /api/leads/consents/validate/{hash}`: confirms the lead a genuine link names, once. A link
   * that is malformed, not the shop's or of a lead that is gone is LEAD_LINK_INVALID; a pending lead's
   * link past its expiry is LEAD_LINK_EXPIRED; a confirmed lead's link answers the same every time.
   */
  async confirm(tx: Tx, token: string, meta: { ip: string | null }, now = new Date()): Promise<LeadConfirmation> {
    // The signature first: a forged link costs no database work.
    const link = readLeadLink(this.settings.linkSecret, token);
    const lead = link && (await store.lockLead(tx, link.leadId));
    if (!link || !lead) throw new AppError('LEAD_LINK_INVALID', phrase('leads.linkInvalid'));
    if (lead.status === 'pending') {
      if (link.expiresAt.getTime() <= now.getTime()) throw new AppError('LEAD_LINK_EXPIRED', phrase('leads.linkExpired'));
      await store.confirmLead(tx, lead.id);
      const account = await this.deps.customers.activeAccountByEmail(tx, lead.email);
      if (account && (await this.websiteStoreCodes(tx, lead.store_code)).includes(account.store_code)) {
        await this.grant(tx, account.uuid, lead.purposes, meta.ip);
      }
    }
    return { confirmed: true, purposes: lead.purposes };
  }

  /**
   * Registration hook: a new account of an address with confirmed leads in its website gets their
   * purposes granted in the registering transaction.
   */
  async applyToNewAccount(tx: Tx, uuid: string, email: string, storeCode: string, ip: string | null): Promise<void> {
    const purposes = await store.confirmedPurposesOf(tx, email.trim().toLowerCase(), await this.websiteStoreCodes(tx, storeCode));
    if (purposes.length) await this.grant(tx, uuid, purposes, ip);
  }

  /** `GET /api/leads/{uuid}/actions/purchase`: what the lead bought and when; an unknown lead bought nothing. */
  async purchases(q: Queryable, leadId: string): Promise<LeadPurchases> {
    const rows = await store.purchasesOf(q, [leadId]);
    return {
      purchased: rows.length > 0,
      purchases: rows.map((r) => ({ purchased_at: new Date(r.purchased_at).toISOString(), items: r.items.map((i) => ({ sku: i.sku, quantity: i.quantity })) })),
    };
  }

  /**
   * Order events: an order paid with a lead's e-mail address in the lead's website, placed after the
   * lead was met, is credited to the latest such lead, once (the purchase's unique order key).
   */
  async onOrderEvent(tx: Tx, e: OrderEvent): Promise<void> {
    if (!PAID_STATUSES.has(e.status) || (await store.isOrderCredited(tx, e.order_id))) return;
    const order = await this.deps.orders.find(tx, e.order_id);
    if (!order) return;
    const website = (await this.deps.stores.list(tx)).filter((v) => v.website_code === order.website_code).map((v) => v.code);
    const leadId = await store.latestLeadBefore(tx, order.email.trim().toLowerCase(), website, new Date(order.created_at));
    if (!leadId) return;
    const items = await this.deps.orders.items(tx, e.order_id);
    if (!items.length) return;
    await store.insertPurchase(tx, {
      lead_id: leadId, order_entity_id: e.order_id, order_number: order.order_number, purchased_at: new Date(order.paid_at ?? e.created_at), items,
    });
  }

  /** The data-subject export: the leads of the subject's addresses, with what each bought. */
  async exportFor(q: Queryable, emails: string[]) {
    const leads = await store.leadsOf(q, emails);
    const purchases = await store.purchasesOf(q, leads.map((l) => l.id));
    return leads.map((l) => ({
      id: l.id, store_code: l.store_code, source: l.source, campaign_code: l.campaign_code, email: l.email, first_name: l.first_name, purposes: l.purposes,
      status: l.status, created_at: new Date(l.created_at).toISOString(), confirmed_at: l.confirmed_at ? new Date(l.confirmed_at).toISOString() : null,
      purchases: purchases.filter((p) => p.lead_id === l.id).map((p) => ({ order_number: p.order_number, purchased_at: new Date(p.purchased_at).toISOString(), items: p.items })),
    }));
  }

  /** Erasure: the leads of the subject's addresses go, with their purchases. */
  eraseFor(tx: Tx, emails: string[]): Promise<number> {
    return store.deleteLeadsOf(tx, emails);
  }

  /** Grants marketing purposes that still exist, recorded as given by confirming a lead's link. */
  private async grant(tx: Tx, uuid: string, purposes: string[], ip: string | null): Promise<void> {
    const known = new Set((await this.deps.consents.marketingPurposes(tx, 'en')).map((p) => p.id));
    const changes = purposes.filter((p) => known.has(p)).map((purpose_id) => ({ purpose_id, granted: true }));
    if (changes.length) await this.deps.consents.update(tx, uuid, changes, { source: CONSENT_SOURCE, ip });
  }

  /** The store views of a store view's website (a customer account and a lead match within one). */
  private async websiteStoreCodes(q: Queryable, storeCode: string): Promise<string[]> {
    const views = await this.deps.stores.list(q);
    const website = views.find((v) => v.code === storeCode)?.website_code;
    return website ? views.filter((v) => v.website_code === website).map((v) => v.code) : [storeCode];
  }
}
