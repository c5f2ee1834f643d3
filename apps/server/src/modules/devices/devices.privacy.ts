import type { PrivacyPart } from '../../platform/privacy.js';
import * as store from './devices.store.js';

export function devicesPrivacy(): PrivacyPart {
  return {
    module: 'devices',
    personalTables: ['devices_device'],
    otherTables: ['devices_model', 'devices_market'],
    export: async (db, subject) => ({ devices: await store.exportConsumer(db, subject.uuid) }),
    // The registry row stays (the device exists); it no longer names the customer and is free to register again.
    erase: async (tx, subject) => store.releaseAllOf(tx, subject.uuid),
  };
}
