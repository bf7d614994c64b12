import { describe, expect, test } from 'vitest';
import { filterEntries, foldText, searchWords } from './help-rules.ts';

const en = [
  {
    id: 'alerts',
    title: 'Alerts',
    body: 'Levels: normal, at risk, high risk and SOS. Your followers are told at SOS.',
  },
  { id: 'addFollower', title: 'Add a follower', body: 'Open Contacts, then Add follower: by phone or by QR code.' },
  { id: 'faq1', title: 'What is sleep apnea?', body: 'Breathing stops during sleep.' },
];
const vi = [
  {
    id: 'addFollower',
    title: 'Thêm người theo dõi',
    body: 'Mở Danh bạ, chọn Thêm người theo dõi bằng số điện thoại hoặc mã QR.',
  },
  { id: 'disconnect', title: 'Ngắt kết nối thiết bị', body: 'Mở Thiết bị, chọn đồng hồ và Ngắt kết nối.' },
];

describe('help search', () => {
  test('folds case and accents, đ included', () => {
    expect(foldText('Thêm Người Theo Dõi')).toBe('them nguoi theo doi');
    expect(foldText('Đồng hồ')).toBe('dong ho');
    expect(searchWords('  đồng-hồ, QR ')).toEqual(['dong', 'ho', 'qr']);
  });

  test('an empty search keeps every entry in order', () => {
    expect(filterEntries(en, '   ').map((e) => e.id)).toEqual(['alerts', 'addFollower', 'faq1']);
  });

  test('matches the title or the body, every word, title matches first', () => {
    expect(filterEntries(en, 'follower').map((e) => e.id)).toEqual(['addFollower', 'alerts']);
    expect(filterEntries(en, 'QR follower').map((e) => e.id)).toEqual(['addFollower']);
    expect(filterEntries(en, 'SLEEP')).toHaveLength(1);
    expect(filterEntries(en, 'bluetooth')).toEqual([]);
  });

  test('Vietnamese without accents finds the accented text, and with them too', () => {
    expect(filterEntries(vi, 'theo doi').map((e) => e.id)).toEqual(['addFollower']);
    expect(filterEntries(vi, 'dong ho').map((e) => e.id)).toEqual(['disconnect']);
    expect(filterEntries(vi, 'ngắt kết nối').map((e) => e.id)).toEqual(['disconnect']);
  });
});
