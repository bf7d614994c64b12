// Worker thread of the patient import: streams the first worksheet of an .xlsx with exceljs and posts its rows in
// batches ({ lines, values }: row numbers and raw cell values of the first `width` columns). Plain JavaScript so it
// loads without a TypeScript loader (server, tests); no state shared with the main thread.
// Why a worker: exceljs allocates heavily per row; in its own small heap that garbage never reaches the server's
// (whose old generation would otherwise grow by hundreds of MB during a large import), and parsing runs on
// another core while the main thread validates and writes to the database.
// Flow control: at most `credit` batches are unacknowledged; the main thread posts a message per batch it has taken.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

const { file, batchRows, width, credit: initialCredit } = workerData;
let credit = initialCredit;
let wake = null;
parentPort.on('message', () => {
  credit++;
  if (wake) {
    const w = wake;
    wake = null;
    w();
  }
});

async function send(lines, values) {
  while (credit <= 0)
    await new Promise((resolve) => {
      wake = resolve;
    });
  credit--;
  parentPort.postMessage({ lines, values });
}

const input = fs.createReadStream(file);
try {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let lines = [];
  let values = [];
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const v = Array.isArray(row.values) ? row.values : [];
      const cells = new Array(width);
      for (let i = 0; i < width; i++) cells[i] = v[i + 1] ?? null;
      lines.push(row.number);
      values.push(cells);
      if (lines.length >= batchRows) {
        await send(lines, values);
        lines = [];
        values = [];
      }
    }
    break; // first worksheet only
  }
  if (lines.length) await send(lines, values);
  parentPort.postMessage({ done: true });
} catch (e) {
  parentPort.postMessage({ error: e instanceof Error ? e.message : String(e) });
} finally {
  input.destroy();
  parentPort.close();
}
