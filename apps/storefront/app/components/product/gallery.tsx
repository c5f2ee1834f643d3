import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { MediaItem } from '../../lib/api/catalog.api';

/**
 * Main image with thumbnails; reset it (a new `key`) when the images change. The thumbnails are
 * buttons in one tab stop: Tab reaches the chosen one, the arrow keys, Home and End move between
 * them and show the picture at once.
 */
export function Gallery({ images, productName }: { images: MediaItem[]; productName: string }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const main = images[active] ?? images[0];

  const show = (index: number) => {
    const next = (index + images.length) % images.length;
    setActive(next);
    thumbs.current[next]?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: active + 1, ArrowDown: active + 1, ArrowLeft: active - 1, ArrowUp: active - 1, Home: 0, End: images.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    show(target);
  };

  return (
    <div className="gallery">
      <div className="gallery__main">
        {main?.url ? (
          <img
            src={main.url}
            alt={main.label || productName}
            width={720}
            height={720}
            data-testid="main-image"
            fetchPriority={active === 0 ? 'high' : undefined}
          />
        ) : (
          <div className="gallery__placeholder" role="img" aria-label={productName} />
        )}
      </div>
      {images.length > 1 && (
        <ul className="gallery__thumbs" aria-label={t('product.gallery.thumbnails')} onKeyDown={onKeyDown}>
          {images.map((image, index) => (
            <li key={`${image.url}-${index}`}>
              <button
                type="button"
                ref={(el) => { thumbs.current[index] = el; }}
                className="gallery__thumb"
                aria-pressed={index === active}
                aria-label={t('product.gallery.show', { index: index + 1, count: images.length })}
                tabIndex={index === active ? 0 : -1}
                onClick={() => setActive(index)}
              >
                <img src={image.url ?? ''} alt="" width={96} height={96} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
