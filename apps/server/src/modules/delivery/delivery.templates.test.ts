import { describe, expect, it } from 'vitest';
import { NOTIFY_TEMPLATES } from '@carewatch/clinical/escalation';
import { renderDelivery } from './delivery.templates.ts';
import { backoffMs } from './delivery.worker.ts';

describe('delivery texts', () => {
  const p = { patientName: 'Nguyen Van A', index: 'heart_rate', value: 190, unit: 'bpm', level: 'sos' };
  it('renders the escalation templates in the recipient language', () => {
    expect(renderDelivery('sos', p, 'en')).toMatchObject({ type: 'sos', title: 'SOS alert' });
    expect(renderDelivery('sos', p, 'en').text).toContain('Nguyen Van A has a dangerous reading (heart rate 190 bpm)');
    expect(renderDelivery('alert.high_risk_sms', p, 'vi-VN').text).toContain('nhịp tim 190 bpm');
    expect(renderDelivery('at_risk', { ...p, lang: 'vi' }, 'en').title).toBe('Cảnh báo sức khỏe: có nguy cơ');
  });
  it('covers every template the escalation machine emits, in English and Vietnamese, from payload fields only', () => {
    for (const template of NOTIFY_TEMPLATES) {
      const en = renderDelivery(`alert.${template}`, p, 'en');
      const vi = renderDelivery(`alert.${template}`, p, 'vi');
      expect(en.title).not.toBe('CareWatch');
      expect(vi.title).not.toBe(en.title);
      expect(vi.text).not.toBe(en.text);
      expect(en.text).toBe(en.body);
      // Texts about a reading name it with its unit; the others name the patient.
      if (!['sos_button'].includes(template)) expect(en.text).toContain('190 bpm');
      if (template !== 'high_risk_confirm') expect(vi.text).toContain('Nguyen Van A');
    }
  });
  it('rounds converted readings to one decimal', () => {
    expect(
      renderDelivery('alert.at_risk', { patientName: 'A', index: 'temperature', value: 38.27777777, unit: '°C' }, 'en')
        .text,
    ).toBe('A: temperature 38.3 °C is outside the normal range.');
  });
  it('adds the SOS message and location of the SOS button', () => {
    const r = renderDelivery(
      'sos_button',
      { patientName: 'B', sosMessage: 'had_a_fall', location: { lat: 21.03, lng: 105.85 } },
      'en',
    );
    expect(r.text).toBe(
      'CareWatch SOS: B pressed the SOS button ("I had a fall") — https://maps.google.com/?q=21.03,105.85. Please call them now.',
    );
  });
  it('uses a verbatim title and body, and falls back for unknown templates', () => {
    expect(renderDelivery('notification.send', { title: 'Hi', body: 'There', type: 'message' }, 'en')).toEqual({
      type: 'message',
      title: 'Hi',
      body: 'There',
      text: 'There',
    });
    expect(renderDelivery('whatever', {}, null)).toEqual({
      type: 'system',
      title: 'CareWatch',
      body: 'CareWatch',
      text: 'CareWatch',
    });
  });
  it('backs off exponentially up to 5 minutes', () => {
    expect([1, 2, 3, 4, 8, 9, 50].map(backoffMs)).toEqual([2000, 4000, 8000, 16000, 256000, 300000, 300000]);
  });
});

describe('the patient\u2019s name in a text', () => {
  it('follows the recipient\u2019s language convention: family name first in Vietnamese, given name first in English', () => {
    const payload = {
      patientName: 'Phuong Hoang',
      patientFirstName: 'Phuong',
      patientLastName: 'Hoang',
      index: 'heart_rate',
      value: 250,
      unit: 'bpm',
      tier: 'sos',
    };
    expect(renderDelivery('alert.sos', payload, 'vi').text).toContain('Hoang Phuong');
    expect(renderDelivery('alert.sos', payload, 'en').text).toContain('Phuong Hoang');
  });
});

describe('silent-patients digest (issue 20)', () => {
  const payload = {
    hours: 6,
    total: 3,
    patients: [
      { firstName: 'Lan', lastName: 'Nguyen', code: 'P-1', quietHours: 14 },
      { firstName: 'Minh', lastName: 'Tran', code: null, quietHours: null },
    ],
  };
  it('lists the patients with their quiet hours, in the recipient language, naming those left out', () => {
    const en = renderDelivery('patients.silent_digest', payload, 'en');
    expect(en).toMatchObject({ type: 'system', title: 'Silent devices: 3 patients' });
    expect(en.body.split('\n')).toEqual([
      'Patients you follow from whom nothing was received for over 6 hours, or whose watch is not worn:',
      '- Lan Nguyen (P-1): no readings for 14 h',
      '- Minh Tran: never sent a reading',
      '… and 1 more',
    ]);
    const vi = renderDelivery('patients.silent_digest', payload, 'vi');
    expect(vi.title).toBe('Thiết bị im lặng: 3 bệnh nhân');
    expect(vi.body).toContain('- Nguyen Lan (P-1): không có dữ liệu 14 giờ');
    expect(vi.body).toContain('… và 1 bệnh nhân khác');
  });
  it('names the not-worn reason, alone or beside the silence', () => {
    const notWorn = {
      hours: 6,
      total: 2,
      patients: [
        { firstName: 'Lan', lastName: 'Nguyen', code: 'P-1', quietHours: 1, silent: false, notWornHours: 3 },
        { firstName: 'Minh', lastName: 'Tran', code: null, quietHours: 9, silent: true, notWornHours: 0 },
      ],
    };
    expect(renderDelivery('patients.silent_digest', notWorn, 'en').body.split('\n').slice(1)).toEqual([
      '- Lan Nguyen (P-1): watch not worn for 3 h',
      '- Minh Tran: no readings for 9 h; watch not worn for 0 h',
    ]);
    expect(renderDelivery('patients.silent_digest', notWorn, 'vi').body).toContain(
      '- Nguyen Lan (P-1): không đeo đồng hồ 3 giờ',
    );
  });
});
