export * from './errors.js';
export * from './money.js';
export * from './tracking.js';
export * from './identity.js';
export * from './forms.js';
