import type { Reader } from '../../platform/db.js';
import type { AddressSuggestionProvider, ProvidedAddress, SuggestionRequest } from './address-suggestions.provider.js';

interface FindItem {
  Id: string;
  Type: string;
  Text: string;
  Description: string;
}

/**
 * A Loqate-style hosted provider (Capture Interactive Find): one call per keystroke batch, the
 * address items only (containers such as a street with many numbers are left out). Text is split
 * into house number and street by the country's order, the description into city and postcode.
 */
export class LoqateProvider implements AddressSuggestionProvider {
  readonly name = 'loqate';

  constructor(private readonly opts: { key: string; baseUrl: string; timeoutMs: number }) {}

  async suggest(_q: Reader, request: SuggestionRequest): Promise<ProvidedAddress[]> {
    const url = new URL('/Capture/Interactive/Find/v1.10/json3.ws', this.opts.baseUrl);
    url.search = new URLSearchParams({
      Key: this.opts.key, Text: request.text, Countries: request.countries.join(','), Limit: String(request.results * 2), Language: request.language,
    }).toString();
    const res = await fetch(url, { signal: AbortSignal.timeout(this.opts.timeoutMs) });
    if (!res.ok) throw new Error(`address provider answered ${res.status}`);
    const body = (await res.json()) as { Items?: FindItem[] };
    const items = (body.Items ?? []).filter((i) => i.Type === 'Address' && !('Error' in i));
    return items.slice(0, request.results).map((i) => {
      const country = request.countries.length === 1 ? request.countries[0]! : '';
      const m = country === 'GB' ? /^(\d+\S*)\s+(.+)$/.exec(i.Text) : /^(.+?)\s+(\d+\S*)$/.exec(i.Text);
      const [street, number] = m ? (country === 'GB' ? [m[2]!, m[1]!] : [m[1]!, m[2]!]) : [i.Text, null];
      const parts = i.Description.split(',').map((p) => p.trim());
      const last = parts.at(-1) ?? '';
      const pc = /^(.*?)\s*([A-Z0-9]{1,4}\s?[A-Z0-9]{0,3})$/i.exec(last);
      return { id: i.Id, street, number, city: (pc?.[1] || parts[0]) ?? '', postcode: pc?.[2] ?? null, region: null, country_code: country };
    });
  }
}
