/**
 * A static map from an XYZ tile server (Web Mercator, 256 px tiles): which tiles cover a box of
 * `width` × `height` CSS pixels around some points, and where each point falls in it, as percentages
 * of the box so the map scales with its container (docs/decisions/0060).
 */

const TILE = 256;

export interface MapPoint {
  latitude: number;
  longitude: number;
}

export interface MapTile {
  url: string;
  /** Position and size in per cent of the box. */
  left: number;
  top: number;
  size: number;
}

export interface MapView {
  zoom: number;
  tiles: MapTile[];
  /** Each point's position in per cent of the box, in the order given. */
  markers: { left: number; top: number }[];
}

/** A point's position in world pixels at a zoom level. */
export function worldPixel(p: MapPoint, zoom: number): { x: number; y: number } {
  const scale = TILE * 2 ** zoom;
  const lat = Math.max(-85.0511, Math.min(85.0511, p.latitude)) * (Math.PI / 180);
  return {
    x: ((p.longitude + 180) / 360) * scale,
    y: ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * scale,
  };
}

/** The tile's address from a template with `{z}`, `{x}` and `{y}`. */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
}

/**
 * The closest zoom (at most `maxZoom`) at which every point fits the box with a margin, the tiles
 * that cover it, and the points' markers. One point is shown at `maxZoom`.
 */
export function mapView(template: string, points: readonly MapPoint[], width: number, height: number, maxZoom = 15): MapView | null {
  if (points.length === 0) return null;
  const margin = 0.8;
  let zoom = maxZoom;
  for (; zoom > 1; zoom--) {
    const px = points.map((p) => worldPixel(p, zoom));
    const spanX = Math.max(...px.map((p) => p.x)) - Math.min(...px.map((p) => p.x));
    const spanY = Math.max(...px.map((p) => p.y)) - Math.min(...px.map((p) => p.y));
    if (spanX <= width * margin && spanY <= height * margin) break;
  }
  const px = points.map((p) => worldPixel(p, zoom));
  const centerX = (Math.max(...px.map((p) => p.x)) + Math.min(...px.map((p) => p.x))) / 2;
  const centerY = (Math.max(...px.map((p) => p.y)) + Math.min(...px.map((p) => p.y))) / 2;
  const left = centerX - width / 2;
  const top = centerY - height / 2;
  const count = 2 ** zoom;
  const tiles: MapTile[] = [];
  for (let ty = Math.floor(top / TILE); ty <= Math.floor((top + height) / TILE); ty++) {
    if (ty < 0 || ty >= count) continue;
    for (let tx = Math.floor(left / TILE); tx <= Math.floor((left + width) / TILE); tx++) {
      tiles.push({
        url: tileUrl(template, zoom, ((tx % count) + count) % count, ty),
        left: ((tx * TILE - left) / width) * 100,
        top: ((ty * TILE - top) / height) * 100,
        size: (TILE / width) * 100,
      });
    }
  }
  return { zoom, tiles, markers: px.map((p) => ({ left: ((p.x - left) / width) * 100, top: ((p.y - top) / height) * 100 })) };
}
