import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import WebSocket from 'ws';
import { textFrame } from './ws.ts';

type Frame = (data: Buffer, opts: object) => Buffer[];
const wsFrame = (payload: Buffer) =>
  Buffer.concat(
    (WebSocket as unknown as { Sender: { frame: Frame } }).Sender.frame(payload, {
      fin: true,
      rsv1: false,
      opcode: 1,
      mask: false,
      readOnly: false,
    }),
  );

describe('textFrame (the bytes the hub writes to every socket)', () => {
  test('is byte for byte what ws frames for the same payload, at every length boundary', () => {
    for (const n of [0, 1, 125, 126, 127, 65_535, 65_536, 70_000]) {
      const payload = Buffer.alloc(n, 'a');
      expect(textFrame(payload).equals(wsFrame(payload)), `length ${n}`).toBe(true);
    }
  });

  test('any UTF-8 JSON payload', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 3 }), (json) => {
        const payload = Buffer.from(json, 'utf8');
        expect(textFrame(payload).equals(wsFrame(payload))).toBe(true);
      }),
    );
  });
});
