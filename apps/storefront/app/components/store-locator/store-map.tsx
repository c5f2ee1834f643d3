import { useTranslation } from '../../i18n/react';
import { mapView, type MapPoint } from '../../lib/store-locator/map-view';

/** The box the map is laid out in (CSS pixels); it scales with its container, 16:9. */
const WIDTH = 640;
const HEIGHT = 360;
/** At most this many stores are marked: the nearest, numbered as in the list. */
const MARKED = 10;

interface Props {
  tileUrl: string;
  attribution: string;
  /** The stores to mark, in list order (those without coordinates are left out). */
  stores: { id: string; name: string; latitude: number | null; longitude: number | null }[];
  /** The point searched from, marked apart. */
  origin?: MapPoint | null;
  /** What the map shows, for a screen reader (the list beside it says everything in words). */
  label: string;
}

/**
 * A map of the stores from the configured tile server: the tiles that cover the stores and the
 * searched point as images, each store a numbered marker as in the list. Only where the shop has a
 * tile server (MAP_TILE_URL, docs/decisions/0060); the list stays the page's content.
 */
export function StoreMap({ tileUrl, attribution, stores, origin, label }: Props) {
  const { t } = useTranslation();
  const marked = stores.filter((s): s is typeof s & MapPoint => s.latitude !== null && s.longitude !== null).slice(0, MARKED);
  const points: MapPoint[] = [...marked, ...(origin ? [origin] : [])];
  const view = mapView(tileUrl, points, WIDTH, HEIGHT);
  if (!view) return null;
  return (
    <figure className="store-map">
      <div className="store-map__box" role="img" aria-label={label}>
        {view.tiles.map((tile) => (
          <img
            key={tile.url}
            className="store-map__tile"
            src={tile.url}
            alt=""
            width={256}
            height={256}
            loading="lazy"
            style={{ left: `${tile.left}%`, top: `${tile.top}%`, width: `${tile.size}%` }}
          />
        ))}
        {marked.map((s, i) => (
          <span key={s.id} className="store-map__marker" title={s.name} style={{ left: `${view.markers[i]!.left}%`, top: `${view.markers[i]!.top}%` }}>
            {i + 1}
          </span>
        ))}
        {origin && (
          <span className="store-map__origin" title={t('storeLocator.mapYou')} style={{ left: `${view.markers[marked.length]!.left}%`, top: `${view.markers[marked.length]!.top}%` }} />
        )}
      </div>
      <figcaption className="store-map__attribution">{attribution}</figcaption>
    </figure>
  );
}
