import { describe, expect, test } from 'vitest';
import { fileNameOf } from '@carewatch/web/files';
import { shareOrDownload } from './share-file.ts';

const file = () => new File(['a,b\r\n'], 'vitals.csv', { type: 'text/csv' });
/** A document whose links record their clicks. */
function fakeDoc() {
  const clicked: string[] = [];
  const doc = {
    createElement: () => ({
      href: '',
      download: '',
      rel: '',
      click() {
        clicked.push(this.download);
      },
      remove() {},
    }),
    body: { appendChild: () => undefined },
  } as unknown as Document;
  return { doc, clicked };
}

describe('shareOrDownload', () => {
  test('shares files when the browser can', async () => {
    const { doc, clicked } = fakeDoc();
    const shared: File[][] = [];
    const out = await shareOrDownload(
      file(),
      'T',
      {
        canShare: () => true,
        share: async (d) => {
          shared.push(d.files);
        },
      },
      doc,
    );
    expect(out).toBe('shared');
    expect(shared[0]?.[0]?.name).toBe('vitals.csv');
    expect(clicked).toEqual([]);
  });
  test('downloads without the share API, or when files cannot be shared', async () => {
    const a = fakeDoc();
    expect(await shareOrDownload(file(), 'T', {}, a.doc)).toBe('downloaded');
    expect(a.clicked).toEqual(['vitals.csv']);
    const b = fakeDoc();
    expect(await shareOrDownload(file(), 'T', { canShare: () => false, share: async () => undefined }, b.doc)).toBe(
      'downloaded',
    );
    expect(b.clicked).toEqual(['vitals.csv']);
  });
  test('a closed share sheet is cancelled; a refused share falls back to the download', async () => {
    const a = fakeDoc();
    const abort = async () => {
      throw new DOMException('closed', 'AbortError');
    };
    expect(await shareOrDownload(file(), 'T', { canShare: () => true, share: abort }, a.doc)).toBe('cancelled');
    expect(a.clicked).toEqual([]);
    const b = fakeDoc();
    const refuse = async () => {
      throw new DOMException('no activation', 'NotAllowedError');
    };
    expect(await shareOrDownload(file(), 'T', { canShare: () => true, share: refuse }, b.doc)).toBe('downloaded');
  });
});

test('fileNameOf reads Content-Disposition', () => {
  expect(fileNameOf('attachment; filename="vitals-P1-2024-03-01-2024-03-07.pdf"', 'x.pdf')).toBe(
    'vitals-P1-2024-03-01-2024-03-07.pdf',
  );
  expect(fileNameOf(null, 'x.pdf')).toBe('x.pdf');
});
