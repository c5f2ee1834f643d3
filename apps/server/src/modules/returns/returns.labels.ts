import { createHash } from 'node:crypto';
import { AppError } from '../../platform/errors.js';
import { A4, writePdf, type PdfItem } from '../orders/orders.pdf.js';

/** What a return label names: the return, its order and who sends the parcel. */
export interface LabelRequest {
  returnNumber: string;
  orderNumber: string;
  storeCode: string;
  sender: { name: string; street: string[]; city: string; postcode: string | null; country_code: string };
}

/**
 * A carrier's prepaid return labels (docs/decisions/0077). `create` runs in the authorisation's
 * transaction and must be repeatable: the same return always gets the same reference.
 */
export interface ReturnLabelProvider {
  readonly code: string;
  create(request: LabelRequest): Promise<{ reference: string }>;
  /** The printable label of a reference this provider created. */
  pdf(reference: string, request: LabelRequest): Promise<Buffer>;
}

/**
 * TEST mode's carrier: no network, a reference derived from the return number and a one-page PDF
 * with the sender and the shop's returns address. Deterministic, so a retried authorisation yields
 * the same label.
 */
export class TestLabelProvider implements ReturnLabelProvider {
  readonly code = 'test';

  async create(request: LabelRequest): Promise<{ reference: string }> {
    const digest = createHash('sha256').update(`label:${request.returnNumber}`).digest('hex').slice(0, 12).toUpperCase();
    return { reference: `TEST-RL-${digest}` };
  }

  async pdf(reference: string, request: LabelRequest): Promise<Buffer> {
    const text = (y: number, size: number, value: string, font: 'regular' | 'bold' | 'mono' = 'regular'): PdfItem => ({ kind: 'text', x: 60, y, size, font, text: value });
    const s = request.sender;
    const page: PdfItem[] = [
      text(A4.height - 80, 20, 'PREPAID RETURN LABEL (TEST)', 'bold'),
      text(A4.height - 110, 12, `Reference ${reference}`, 'mono'),
      text(A4.height - 130, 12, `Return ${request.returnNumber} · Order ${request.orderNumber}`),
      { kind: 'rule', x1: 60, x2: A4.width - 60, y: A4.height - 145 },
      text(A4.height - 170, 11, 'From', 'bold'),
      text(A4.height - 188, 11, s.name),
      ...s.street.filter(Boolean).map((line, i) => text(A4.height - 206 - i * 18, 11, line)),
      text(A4.height - 206 - s.street.filter(Boolean).length * 18, 11, `${s.postcode ?? ''} ${s.city} ${s.country_code}`.trim()),
      text(A4.height - 300, 11, 'To', 'bold'),
      text(A4.height - 318, 11, 'Ember Returns, Unit 4, Returns Park, Leeds LS1 1AA, GB'),
      text(A4.height - 360, 30, reference, 'mono'),
    ];
    return writePdf([page], { title: `Return label ${request.returnNumber}`, author: 'Ember' });
  }
}

/** LIVE without a carrier contract: a label cannot be made, so authorising a label return says so (drop-off still works). */
export class UnconfiguredLabelProvider implements ReturnLabelProvider {
  readonly code = 'none';

  async create(): Promise<{ reference: string }> {
    throw new AppError('NOT_AVAILABLE', 'No return label carrier is configured');
  }

  async pdf(): Promise<Buffer> {
    throw new AppError('NOT_AVAILABLE', 'No return label carrier is configured');
  }
}
