import { Alert, Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isDashboardSubject, setSubject, useSubject } from '../../app/subject.ts';
import { useSubjects } from './subjects-api.ts';

/**
 * The "viewing as" switch on Home: "Viewing: Me / <sub-user> / <followed patient>" when there is more than one
 * subject, and a banner while viewing someone else's data.
 */
export function SubjectSwitch() {
  const { t } = useTranslation();
  const subject = useSubject();
  const subjects = useSubjects();
  const loaded = subjects.data?.items;
  const items = loaded ?? [];

  // Access can end (unfollowed, removed): the app then falls back to my own data.
  useEffect(() => {
    if (subject && loaded && !loaded.some((s) => s.patientId === subject.patientId)) setSubject(null);
  }, [subject, loaded]);

  const own = items.find((s) => s.relation === 'self');
  const options = items.map((s) => ({
    value: s.relation === 'self' ? 'me' : s.patientId,
    label: s.relation === 'self' ? t('followed.switch.me') : `${s.name} (${t(`followed.relations.${s.relation}`)})`,
  }));
  // A follower-only account has no "Me": its choice is between the people it follows.
  const value = subject ? subject.patientId : own ? 'me' : null;

  const follows = items.some((s) => s.relation === 'emergency' || s.relation === 'caring');
  return (
    <Stack gap="xs">
      {follows && (
        <Anchor component={Link} to="/followed" size="sm">
          {t('followed.title')}
        </Anchor>
      )}
      {items.length > 1 && (
        <Select
          label={t('followed.switch.label')}
          data={options}
          value={value}
          allowDeselect={false}
          onChange={(v) => {
            const s = items.find((x) => x.patientId === v);
            setSubject(
              !v || v === 'me' || !s || s.relation === 'self'
                ? null
                : { patientId: s.patientId, name: s.name, relation: s.relation },
            );
          }}
        />
      )}
      {subject && (
        <Alert color="grape" variant="light" role="status" p="xs">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600}>
              {t('followed.switch.banner', { name: subject.name })}
            </Text>
            {own && (
              <Button size="compact-xs" variant="subtle" onClick={() => setSubject(null)}>
                {t('followed.switch.back')}
              </Button>
            )}
            {/* Opened from a coach's or doctor's dashboard: back to that list. */}
            {!own && isDashboardSubject(subject) && (
              <Button
                size="compact-xs"
                variant="subtle"
                component={Link}
                to={subject.relation === 'coach' ? '/dashboards/coach' : '/dashboards/doctor'}
                onClick={() => setSubject(null)}
              >
                {t('dashboards.back')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
