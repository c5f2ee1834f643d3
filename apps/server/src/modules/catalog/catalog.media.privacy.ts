import { holdsNoPersonalData } from '../../platform/privacy.js';

/** Uploaded product images (docs/decisions/0085): pictures of products, no customer's data. */
export const catalogMediaPrivacy = holdsNoPersonalData('catalog-media', ['catalog_media_file']);
