import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { AppError } from '../errors.js';
import { browserReporting } from './error-reporter.js';
import { isUnexpected } from './observability.plugin.js';

describe('the observability configuration', () => {
  it('accepts a Sentry DSN, an OTLP endpoint and a metrics token', () => {
    const c = loadConfig({ SENTRY_DSN: 'https://abc123@o1.ingest.sentry.io/42', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', METRICS_TOKEN: 'm'.repeat(32) });
    expect([c.SENTRY_DSN, c.OTEL_EXPORTER_OTLP_ENDPOINT, c.OTEL_SERVICE_NAME]).toEqual(['https://abc123@o1.ingest.sentry.io/42', 'http://127.0.0.1:4318', 'ember-shop']);
  });

  it.each([
    ['SENTRY_DSN', 'https://o1.ingest.sentry.io/42'],
    ['SENTRY_DSN', 'javascript:alert(1)//a@b/1'],
    ['SENTRY_BROWSER_DSN', 'https://key@host/not-a-project'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'http://collector:4318/?token=x'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'ftp://collector'],
    ['METRICS_TOKEN', 'short'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});

describe('the browser’s DSN', () => {
  it('is SENTRY_BROWSER_DSN, else SENTRY_DSN, with the store mode as environment', () => {
    expect(browserReporting({ STORE_MODE: 'TEST' })).toBeUndefined();
    expect(browserReporting({ STORE_MODE: 'LIVE', SENTRY_DSN: 'https://k@h.example/1' })).toEqual({ dsn: 'https://k@h.example/1', environment: 'live' });
    expect(browserReporting({ STORE_MODE: 'LIVE', SENTRY_DSN: 'https://k@h.example/1', SENTRY_BROWSER_DSN: 'https://b@h.example/2', SENTRY_ENVIRONMENT: 'staging', SENTRY_RELEASE: 'ember@1.2.3' }))
      .toEqual({ dsn: 'https://b@h.example/2', environment: 'staging', release: 'ember@1.2.3' });
  });

  it('is never a server DSN with a secret key', () => {
    expect(browserReporting({ STORE_MODE: 'LIVE', SENTRY_DSN: 'https://key:secret@h.example/1' })).toBeUndefined();
  });
});

describe('what is reported', () => {
  it('is a fault of the shop, not a refused request', () => {
    expect(isUnexpected(new Error('boom'))).toBe(true);
    expect(isUnexpected(new AppError('INTERNAL', 'x'))).toBe(true);
    expect(isUnexpected(new AppError('SERVICE_UNAVAILABLE', 'x'))).toBe(true);
    expect(isUnexpected(new AppError('UNAUTHORISED', 'x'))).toBe(false);
    expect(isUnexpected(new AppError('VALIDATION_FAILED', 'x'))).toBe(false);
    expect(isUnexpected(Object.assign(new Error('bad json'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }))).toBe(false);
    expect(isUnexpected(Object.assign(new Error('too many'), { statusCode: 429 }))).toBe(false);
    expect(isUnexpected(Object.assign(new Error('invalid'), { validation: [] }))).toBe(false);
  });
});
