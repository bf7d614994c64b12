import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Finding = { impact: string; id: string; help: string; targets: string[] };

/**
 * axe-core's critical and serious violations on the page as it is now, one line each (`where` first). `wcagOnly`
 * limits the run to the WCAG 2 A/AA rules (the patient app's passes); otherwise every rule runs.
 *
 * A modal fading in has a half-opaque title and buttons: axe would measure a contrast nobody sees. So the finite
 * animations and transitions end first (CI, which takes no screenshots, got to dialogs mid-fade).
 */
export async function axeProblems(page: Page, where = '', opts: { wcagOnly?: boolean } = {}): Promise<string[]> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
        ),
      { timeout: 5_000, interval: 100 },
    )
    .toBe(0);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const found = await page.evaluate(async (wcagOnly) => {
    const w = window as unknown as {
      axe: {
        run(
          ctx: Document,
          opts: object,
        ): Promise<{
          violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
        }>;
      };
    };
    const r = await w.axe.run(document, {
      ...(wcagOnly ? { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } } : {}),
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({
      impact: v.impact ?? '',
      id: v.id,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)),
    }));
  }, opts.wcagOnly ?? false);
  return (found as Finding[])
    .filter((f) => f.impact === 'critical' || f.impact === 'serious')
    .map((f) => `${where ? `${where}: ` : ''}[${f.impact}] ${f.id} (${f.help}) — ${f.targets.join(' ')}`);
}
