import { Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { patientKeys, patients } from '../patients/patients-shared.tsx';
import { day, doseText, prescriptions, ruleText, rxKeys } from './prescriptions-shared.tsx';

const PRINT_CSS = `
.cw-print-page { padding: 24px; max-width: 900px; margin: 0 auto; }
@media print { .cw-no-print { display: none !important; } .cw-print-page { padding: 0; max-width: none; } @page { size: A4; margin: 15mm; } }
`;

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span fw={700}>
        {label}:{' '}
      </Text>
      {value}
    </Text>
  );
}

/**
 * The prescription on an A4 page (opened in a new tab from the detail page): patient, doctor, Rx number, the medicines
 * with dose, route, schedule and instructions. The browser's print dialog makes the PDF; a print stylesheet leaves
 * only the page on paper.
 */
export function PrescriptionPrintPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: rxKeys.detail(id),
    queryFn: () => prescriptions.get(id),
    meta: { inlineError: true },
  });
  const patientId = q.data?.patientId ?? '';
  // The patient's code and birthday, when the reader may see the patient record.
  const patient = useQuery({
    queryKey: patientKeys.detail(patientId),
    queryFn: () => patients.get(patientId),
    enabled: !!patientId,
    retry: false,
    meta: { inlineError: true },
  });
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const p = q.data;
  const none = t('common.none');
  return (
    <main className="cw-print-page">
      <style>{PRINT_CSS}</style>
      <Group justify="flex-end" className="cw-no-print">
        <Button onClick={() => window.print()}>{t('prescriptions.print.printNow')}</Button>
      </Group>
      <Stack gap="sm">
        <Text fw={700} c="dimmed">
          {t('prescriptions.print.organization')}
        </Text>
        <Title order={1}>{t('prescriptions.print.title')}</Title>
        <SimpleGrid cols={2} spacing={4}>
          <Line label={t('prescriptions.fields.rxNumber')} value={p.rxNumber} />
          <Line label={t('prescriptions.print.date')} value={day(p.startDate)} />
          <Line label={t('prescriptions.fields.patient')} value={p.patientName} />
          <Line label={t('prescriptions.print.patientCode')} value={patient.data?.patientCode ?? none} />
          <Line
            label={t('prescriptions.print.birthday')}
            value={patient.data?.birthday ? day(patient.data.birthday) : none}
          />
          <Line label={t('prescriptions.fields.doctor')} value={p.doctorName} />
          <Line label={t('prescriptions.fields.name')} value={p.name} />
          <Line
            label={t('prescriptions.fields.endDate')}
            value={p.endDate ? day(p.endDate) : t('prescriptions.list.noEnd')}
          />
        </SimpleGrid>
        {p.diagnosis && <Line label={t('prescriptions.fields.diagnosis')} value={p.diagnosis} />}
        <Table withTableBorder withColumnBorders aria-label={t('prescriptions.print.medicinesTable')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('prescriptions.medicine.name')}</Table.Th>
              <Table.Th>{t('prescriptions.medicine.dose')}</Table.Th>
              <Table.Th>{t('prescriptions.medicine.route')}</Table.Th>
              <Table.Th>{t('prescriptions.medicine.quantity')}</Table.Th>
              <Table.Th>{t('prescriptions.detail.schedule')}</Table.Th>
              <Table.Th>{t('prescriptions.print.instructions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.medicines.map((m, i) => (
              <Table.Tr key={m.id}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {m.name}
                  </Text>
                  <Text size="xs">{[m.strength, t(`prescriptions.forms.${m.form}`)].filter(Boolean).join(' · ')}</Text>
                </Table.Td>
                <Table.Td>{doseText(t, m)}</Table.Td>
                <Table.Td>{t(`prescriptions.routes.${m.route}`)}</Table.Td>
                <Table.Td>{m.quantity ?? none}</Table.Td>
                <Table.Td>
                  {m.reminder ? ruleText(t, m.reminder.rule, m.reminder.times) : t('prescriptions.detail.onDemand')}
                </Table.Td>
                <Table.Td>
                  {[
                    t(`prescriptions.meal.${m.when}`),
                    m.frequency,
                    m.instruction,
                    m.totalDays ? `${t('prescriptions.medicine.totalDays')}: ${m.totalDays}` : null,
                    m.note,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {p.noteForPatient && <Line label={t('prescriptions.fields.noteForPatient')} value={p.noteForPatient} />}
        <Stack gap={48} align="flex-end" mt="lg">
          <Text size="sm" fw={700}>
            {t('prescriptions.print.signature')}
          </Text>
          <Text size="sm">{p.doctorName}</Text>
        </Stack>
      </Stack>
    </main>
  );
}
