import { describe, expect, test } from 'vitest';
import { haversineKm, nearestFirst } from './geo.ts';

const HANOI = { lat: 21.0285, lng: 105.8542 };
const HAI_PHONG = { lat: 20.8449, lng: 106.6881 };
const HCMC = { lat: 10.8231, lng: 106.6297 };

describe('haversineKm', () => {
  test('zero for the same point, symmetric', () => {
    expect(haversineKm(HANOI, HANOI)).toBe(0);
    expect(haversineKm(HANOI, HAI_PHONG)).toBeCloseTo(haversineKm(HAI_PHONG, HANOI), 9);
  });
  test('known distances (±1 %)', () => {
    expect(haversineKm(HANOI, HAI_PHONG)).toBeGreaterThan(88);
    expect(haversineKm(HANOI, HAI_PHONG)).toBeLessThan(90);
    expect(haversineKm(HANOI, HCMC)).toBeGreaterThan(1130);
    expect(haversineKm(HANOI, HCMC)).toBeLessThan(1150);
    // One degree of latitude ≈ 111.2 km.
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.2, 0);
  });
  test('across the antimeridian and antipodes', () => {
    expect(haversineKm({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(111.2, 0);
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371.0088, 3);
  });
});

describe('nearestFirst', () => {
  test('orders by distance, unknown positions last in input order', () => {
    const items = [
      { id: 'hcmc', p: HCMC },
      { id: 'none1', p: null },
      { id: 'haiphong', p: HAI_PHONG },
      { id: 'none2', p: null },
      { id: 'hanoi', p: HANOI },
    ];
    const out = nearestFirst(items, { lat: 21.03, lng: 105.85 }, (x) => x.p);
    expect(out.map((x) => x.item.id)).toEqual(['hanoi', 'haiphong', 'hcmc', 'none1', 'none2']);
    expect(out[0]!.distanceKm).toBeLessThan(1);
    expect(out[3]!.distanceKm).toBeNull();
  });
});
