import { dateTimeText } from '../../app/format.ts';
import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TAlertLevel } from '@carewatch/contracts/alerts';
import type { TAppSubject } from '@carewatch/contracts/app-subjects';
import { setSubject } from '../../app/subject.ts';
import { timeAgo } from '../home/latest.ts';

export const LEVEL_COLOR: Record<TAlertLevel, string> = {
  normal: 'teal',
  at_risk: 'yellow',
  high_risk: 'orange',
  sos: 'red',
};

/** Switches the app to "viewing as" a subject (null: my own data) and shows Home. */
export function useViewAs() {
  const navigate = useNavigate();
  return (s: TAppSubject | null) => {
    if (!s || s.relation === 'self') setSubject(null);
    else setSubject({ patientId: s.patientId, name: s.name, relation: s.relation });
    void navigate('/');
  };
}

/** A followed patient on a dashboard: level colour, open alert, last reading; tapping views their data. */
export function SubjectCard({ subject }: { subject: TAppSubject }) {
  const { t, i18n } = useTranslation();
  const viewAs = useViewAs();
  const now = new Date();
  const when = { format: (d: Date) => dateTimeText(d) };
  return (
    <Card
      component="li"
      withBorder
      padding={0}
      style={{ borderLeft: `6px solid var(--mantine-color-${LEVEL_COLOR[subject.level]}-6)` }}
    >
      <UnstyledButton
        onClick={() => viewAs(subject)}
        p="sm"
        w="100%"
        aria-label={t('followed.view', { name: subject.name })}
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{subject.name}</Text>
            <Text size="xs" c={subject.openAlert ? undefined : 'dimmed'}>
              {subject.openAlert
                ? t('followed.openAlert', {
                    level: t(`levels.${subject.openAlert.level}`),
                    when: when.format(new Date(subject.openAlert.since)),
                  })
                : t('followed.noAlert')}
            </Text>
            <Text size="xs" c="dimmed">
              {subject.lastMeasuredAt
                ? t('followed.lastReading', { ago: timeAgo(subject.lastMeasuredAt, now, i18n.language) })
                : t('followed.noReading')}
            </Text>
          </Stack>
          <Badge color={LEVEL_COLOR[subject.level]} variant={subject.level === 'normal' ? 'light' : 'filled'}>
            {t(`levels.${subject.level}`)}
          </Badge>
        </Group>
      </UnstyledButton>
    </Card>
  );
}
