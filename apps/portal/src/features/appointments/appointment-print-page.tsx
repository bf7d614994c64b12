import { useEffect, useState } from 'react';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import QRCode from 'qrcode';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { formatDateTime } from '@carewatch/i18n/datetime';
import { useProfile } from '../../app/queries.ts';
import { appointmentKeys, appointments } from './appointments-shared.tsx';

const PRINT_CSS = `
.cw-print-page { padding: 24px; max-width: 800px; margin: 0 auto; }
@media print { .cw-no-print { display: none !important; } .cw-print-page { padding: 0; } @page { size: A5; margin: 12mm; } }
`;

/**
 * The appointment slip, or (?qr=1) its QR print: the QR holds the appointment's address in the portal, so staff
 * scanning it open the appointment (after signing in). A print stylesheet leaves only the slip on paper.
 */
export function AppointmentPrintPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const qrOnly = params.get('qr') === '1';
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const q = useQuery({
    queryKey: appointmentKeys.detail(id),
    queryFn: () => appointments.get(id),
    meta: { inlineError: true },
  });
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    void QRCode.toDataURL(`${window.location.origin}/appointments/${id}`, { margin: 1, width: 240 }).then(setQr);
  }, [id]);
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const a = q.data;
  const rows: Array<[string, string]> = [
    [t('appointments.fields.code'), a.code],
    [t('appointments.fields.patient'), a.patientName],
    [t('appointments.print.patientCode'), a.patientCode ?? '—'],
    [t('appointments.fields.doctor'), a.doctorName],
    [t('appointments.fields.start'), formatDateTime(a.start, tz, { seconds: false })],
    [
      t('appointments.fields.location'),
      `${t(`appointments.location.${a.location}`)}${a.address ? ` — ${a.address}` : ''}`,
    ],
    [t('appointments.fields.reason'), a.reason],
    [t('appointments.fields.status'), t(`appointments.status.${a.status}`)],
  ];
  return (
    <main className="cw-print-page">
      <style>{PRINT_CSS}</style>
      <Group justify="flex-end" className="cw-no-print">
        <Button onClick={() => window.print()}>{t('appointments.print.printNow')}</Button>
      </Group>
      <Stack gap="sm">
        <Text fw={700} c="dimmed">
          {t('appointments.print.organization')}
        </Text>
        <Title order={1}>{qrOnly ? t('appointments.print.qrTitle') : t('appointments.print.title')}</Title>
        {!qrOnly && (
          <Table withTableBorder aria-label={t('appointments.print.title')}>
            <Table.Tbody>
              {rows.map(([k, v]) => (
                <Table.Tr key={k}>
                  <Table.Th w="35%">{k}</Table.Th>
                  <Table.Td>{v}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {qrOnly && (
          <Text size="xl" fw={700}>
            {a.code} · {a.patientName}
          </Text>
        )}
        {qr && (
          <img src={qr} alt={t('appointments.print.qrTitle')} width={qrOnly ? 240 : 160} height={qrOnly ? 240 : 160} />
        )}
        <Text size="sm" c="dimmed">
          {t('appointments.print.qrHint')}
        </Text>
      </Stack>
    </main>
  );
}
