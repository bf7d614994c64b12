import { useMemo, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TScheduleReportQuery } from '@carewatch/contracts/schedules';
import { zonedDay } from '@carewatch/i18n/datetime';
import { DayInput } from '@carewatch/web/day-input';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { useProfile } from '../../app/queries.ts';
import { downloadFile } from '../patients/patients-shared.tsx';
import { EChart, type ChartOption } from '../vitals/echart.tsx';
import { calendarZone, scheduleKeys, schedules } from './schedules-shared.tsx';
import { defaultReportRange, reportRange, utilisationPercent as pct } from './schedules-rules.ts';

/** The statistical report per doctor and period: table, bar chart and .xlsx export. */
export function ScheduleReportPage() {
  const { t } = useTranslation();
  useProfile();
  const today = zonedDay(new Date(), calendarZone());
  const [from, setFrom] = useState(() => defaultReportRange(today).from);
  const [to, setTo] = useState(() => defaultReportRange(today).to);
  const [doctorId, setDoctorId] = useState('');
  const { valid, outOfOrder } = reportRange(from, to);
  const [applied, setApplied] = useState<TScheduleReportQuery>(() => ({ from, to }));
  const doctors = useQuery({
    queryKey: scheduleKeys.doctors,
    queryFn: () => schedules.doctors(),
    meta: { inlineError: true },
  });
  const report = useQuery({
    queryKey: scheduleKeys.report(applied),
    queryFn: () => schedules.report(applied),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const exporter = useMutation({
    mutationFn: () => downloadFile(schedules.reportExportUrl(applied), 'schedule-report.xlsx'),
    onSuccess: () => notifySuccess(t('schedules.report.exported')),
    meta: { inlineError: true },
  });
  const apply = () => {
    if (valid) setApplied({ from, to, ...(doctorId ? { doctorId } : {}) });
  };

  const rows = report.data?.items;
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 40, bottom: 48 },
      xAxis: {
        type: 'category',
        data: (rows ?? []).map((r) => r.doctorName),
        axisLabel: { interval: 0, overflow: 'truncate', width: 120 },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: (['offered', 'booked', 'completed', 'canceled', 'noShows'] as const).map((k) => ({
        name: t(`schedules.report.${k}`),
        type: 'bar',
        data: (rows ?? []).map((r) => r[k]),
      })),
    }),
    [rows, t],
  );

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{t('schedules.report.title')}</Title>
          <Text c="dimmed">{t('schedules.report.subtitle')}</Text>
        </div>
        <Button variant="light" onClick={() => exporter.mutate()} loading={exporter.isPending} disabled={!report.data}>
          {t('schedules.report.export')}
        </Button>
      </Group>
      <Group align="flex-end">
        <DayInput label={t('schedules.fields.from')} value={from} onValue={setFrom} w={160} />
        <DayInput label={t('schedules.fields.to')} value={to} onValue={setTo} w={160} />
        <NativeSelect
          label={t('schedules.fields.doctor')}
          value={doctorId}
          onChange={(e) => setDoctorId(e.currentTarget.value)}
          data={[
            { value: '', label: t('schedules.fields.all') },
            ...(doctors.data?.items ?? []).map((d) => ({ value: d.id, label: d.fullName })),
          ]}
        />
        <Button variant="light" onClick={apply} disabled={!valid}>
          {t('schedules.report.apply')}
        </Button>
      </Group>
      {outOfOrder && (
        <Alert color="yellow" role="alert">
          {t('schedules.report.invalidRange')}
        </Alert>
      )}
      {exporter.error && (
        <Alert color="red" role="alert">
          {errorText(t, exporter.error)}
        </Alert>
      )}
      {report.isPending ? (
        <ListSkeleton />
      ) : report.isError ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : report.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('schedules.report.empty')}
        </Text>
      ) : (
        <>
          <Table striped withTableBorder aria-label={t('schedules.report.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('schedules.fields.doctor')}</Table.Th>
                <Table.Th>{t('schedules.report.offered')}</Table.Th>
                <Table.Th>{t('schedules.report.booked')}</Table.Th>
                <Table.Th>{t('schedules.report.completed')}</Table.Th>
                <Table.Th>{t('schedules.report.canceled')}</Table.Th>
                <Table.Th>{t('schedules.report.noShows')}</Table.Th>
                <Table.Th>{t('schedules.report.utilisation')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.data.items.map((r) => (
                <Table.Tr key={r.doctorId}>
                  <Table.Td>{r.doctorName}</Table.Td>
                  <Table.Td>{r.offered}</Table.Td>
                  <Table.Td>{r.booked}</Table.Td>
                  <Table.Td>{r.completed}</Table.Td>
                  <Table.Td>{r.canceled}</Table.Td>
                  <Table.Td>{r.noShows}</Table.Td>
                  <Table.Td>{t('schedules.report.percent', { value: pct(r.utilisation) })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <EChart
            option={option}
            label={t('schedules.report.chart')}
            summary={t('schedules.report.chartSummary', { count: report.data.items.length })}
          />
        </>
      )}
    </Stack>
  );
}
