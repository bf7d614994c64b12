import { useEffect, useRef } from 'react';
import { Box, VisuallyHidden } from '@mantine/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

// Only what the vitals and schedule charts draw (line and bar series, threshold lines, the ECG's zoom), registered once
// here; the rest of ECharts stays out of the bundle, and this module only loads with the pages that chart.
echarts.use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  MarkLineComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

export type ChartOption = EChartsCoreOption;

/**
 * One ECharts canvas: created on mount, resized with its box (ResizeObserver), disposed on unmount.
 * The canvas is announced as an image named `label`; `summary` (min/avg/max...) is read by screen readers.
 */
export function EChart({
  option,
  label,
  summary,
  height = 320,
}: {
  option: ChartOption;
  label: string;
  summary?: string;
  height?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const instance = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <Box>
      <div ref={ref} role="img" aria-label={label} data-chart={label} style={{ width: '100%', height }} />
      {summary && <VisuallyHidden data-chart-summary={label}>{summary}</VisuallyHidden>}
    </Box>
  );
}
