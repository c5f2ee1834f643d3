import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '../../lib/api/catalog.types';

/** Main image with thumbnails; reset it (a new `key`) when the images change. */
export function Gallery({ images, productName }: { images: MediaItem[]; productName: string }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const main = images[active] ?? images[0];
  return (
    <div className="gallery">
      <div className="gallery__main">
        {main?.url ? (
          <img src={main.url} alt={main.label || productName} width={720} height={720} data-testid="main-image" />
        ) : (
          <div className="gallery__placeholder" role="img" aria-label={productName} />
        )}
      </div>
      {images.length > 1 && (
        <ul className="gallery__thumbs" aria-label={t('product.gallery.thumbnails')}>
          {images.map((image, index) => (
            <li key={`${image.url}-${index}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-pressed={index === active}
                aria-label={t('product.gallery.show', { index: index + 1, count: images.length })}
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
