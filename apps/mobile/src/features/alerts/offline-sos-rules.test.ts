import { describe, expect, test } from 'vitest';
import { emergencyNumberFallback, mapLink, smsHref } from './offline-sos-rules.ts';

describe('offline SOS help', () => {
  test('emergency number before the tenant is known: 911 for en-CA, 115 otherwise', () => {
    expect(emergencyNumberFallback('en-CA')).toBe('911');
    expect(emergencyNumberFallback('vi')).toBe('115');
    expect(emergencyNumberFallback('en')).toBe('115');
  });
  test('map link at street level', () => {
    expect(mapLink({ lat: 21.0285, lng: 105.8542 })).toBe(
      'https://www.openstreetmap.org/?mlat=21.02850&mlon=105.85420#map=17/21.02850/105.85420',
    );
  });
  test('one text to every contact, the body encoded, numbers stripped of spaces', () => {
    expect(smsHref(['+84 900 000 021', '+84900000022'], 'SOS: I need help & more')).toBe(
      'sms:+84900000021,+84900000022?body=SOS%3A%20I%20need%20help%20%26%20more',
    );
  });
});
