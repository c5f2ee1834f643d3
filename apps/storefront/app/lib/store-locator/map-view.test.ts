import { describe, expect, it } from 'vitest';
import { mapView, tileUrl, worldPixel } from './map-view';

const TEMPLATE = 'https://tiles.example.test/{z}/{x}/{y}.png';

describe('worldPixel', () => {
  it('puts known places on their known tiles', () => {
    // London at zoom 10 is tile 511/340; Berlin at zoom 12 is 2200/1343.
    const london = worldPixel({ latitude: 51.5074, longitude: -0.1278 }, 10);
    expect([Math.floor(london.x / 256), Math.floor(london.y / 256)]).toEqual([511, 340]);
    const berlin = worldPixel({ latitude: 52.52, longitude: 13.405 }, 12);
    expect([Math.floor(berlin.x / 256), Math.floor(berlin.y / 256)]).toEqual([2200, 1343]);
  });
});

describe('mapView', () => {
  it('shows one point at the closest zoom, centred', () => {
    const view = mapView(TEMPLATE, [{ latitude: 51.5074, longitude: -0.1278 }], 640, 360)!;
    expect(view.zoom).toBe(15);
    expect(view.markers[0]!.left).toBeCloseTo(50, 5);
    expect(view.markers[0]!.top).toBeCloseTo(50, 5);
    // The tiles cover the whole box.
    expect(Math.min(...view.tiles.map((t) => t.left))).toBeLessThanOrEqual(0);
    expect(Math.max(...view.tiles.map((t) => t.left + t.size))).toBeGreaterThanOrEqual(100);
    expect(view.tiles[0]!.url).toMatch(/^https:\/\/tiles\.example\.test\/15\/\d+\/\d+\.png$/);
  });

  it('zooms out until every point fits, each marker inside the box', () => {
    const points = [
      { latitude: 51.5074, longitude: -0.1278 }, // London
      { latitude: 53.4808, longitude: -2.2426 }, // Manchester
      { latitude: 51.4545, longitude: -2.5879 }, // Bristol
    ];
    const view = mapView(TEMPLATE, points, 640, 360)!;
    expect(view.zoom).toBeLessThan(9);
    expect(view.zoom).toBeGreaterThan(4);
    for (const m of view.markers) {
      expect(m.left).toBeGreaterThan(0);
      expect(m.left).toBeLessThan(100);
      expect(m.top).toBeGreaterThan(0);
      expect(m.top).toBeLessThan(100);
    }
    // Manchester is north-west of London: higher (smaller top) and further left.
    expect(view.markers[1]!.top).toBeLessThan(view.markers[0]!.top);
    expect(view.markers[1]!.left).toBeLessThan(view.markers[0]!.left);
  });

  it('has nothing to show without points', () => {
    expect(mapView(TEMPLATE, [], 640, 360)).toBeNull();
  });

  it('fills the template', () => {
    expect(tileUrl('https://t.example/{z}/{x}/{y}@2x.png?k=1', 3, 4, 5)).toBe('https://t.example/3/4/5@2x.png?k=1');
  });
});
