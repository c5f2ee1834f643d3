export * from './client.js';
export * from './customer.js';
export * from './product.js';
export * from './order.js';
export * from './operator.js';
