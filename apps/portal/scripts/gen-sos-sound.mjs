// Writes the bundled SOS alarm (apps/portal/public/sounds/sos.wav): a two-tone siren, 16 kHz mono 16-bit PCM,
// generated here so no third-party audio is shipped. Run: node apps/portal/scripts/gen-sos-sound.mjs
import fs from 'node:fs';
import path from 'node:path';
import { Buffer } from 'node:buffer';

const rate = 16000;
const seconds = 1.6;
const tones = [960, 770]; // European two-tone siren pitches
const beat = 0.2; // seconds per tone
const n = Math.round(rate * seconds);
const data = Buffer.alloc(n * 2);
let phase = 0;
for (let i = 0; i < n; i++) {
  const t = i / rate;
  const f = tones[Math.floor(t / beat) % tones.length];
  phase += (2 * Math.PI * f) / rate;
  // Square-ish tone (fundamental + odd harmonics) is more audible on laptop speakers than a pure sine.
  const s = Math.sin(phase) + Math.sin(3 * phase) / 3 + Math.sin(5 * phase) / 5;
  const within = (t % beat) / beat;
  const click = Math.min(1, within * 40, (1 - within) * 40); // soften tone edges
  const fade = Math.min(1, t * 20, (seconds - t) * 20);
  const v = Math.max(-1, Math.min(1, 0.55 * s * click * fade));
  data.writeInt16LE(Math.round(v * 32767), i * 2);
}
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16); // PCM chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(rate, 24);
header.writeUInt32LE(rate * 2, 28); // byte rate
header.writeUInt16LE(2, 32); // block align
header.writeUInt16LE(16, 34); // bits per sample
header.write('data', 36);
header.writeUInt32LE(data.length, 40);
const out = path.join(import.meta.dirname, '../public/sounds/sos.wav');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, Buffer.concat([header, data]));
console.log(`wrote ${out} (${header.length + data.length} bytes)`);
