import { createElement, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { BOT_CHECK_CHALLENGE_URL } from '../../lib/api/devices.api';

/**
 * The bot check (ALTCHA proof of work, served by the shop itself; docs/decisions/0047). The widget
 * and its SHA worker load in the browser only, from the shop's own files (the page's CSP allows no
 * inline worker); when the browser has solved the challenge the token is handed up.
 */
export function BotCheck({ language, onToken }: { language: string; onToken: (token: string | null) => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const [ready, setReady] = useState(false);
  const tokenHandler = useRef(onToken);
  tokenHandler.current = onToken;

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      await import('altcha/external');
      const { default: ShaWorker } = await import('altcha/workers/sha?worker');
      if (language === 'de') await import('altcha/i18n/de');
      globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());
      if (!cancelled) setReady(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [language]);

  useEffect(() => {
    const widget = ref.current;
    if (!ready || !widget) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
      tokenHandler.current(detail?.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, [ready]);

  return (
    <div className="bot-check" data-testid="bot-check">
      {ready
        ? createElement('altcha-widget', {
          ref,
          challenge: BOT_CHECK_CHALLENGE_URL,
          language,
          name: 'bot-check',
          configuration: JSON.stringify({ hideFooter: true, hideLogo: true }),
        })
        : <p role="status">{t('devices.botCheckLoading')}</p>}
    </div>
  );
}
