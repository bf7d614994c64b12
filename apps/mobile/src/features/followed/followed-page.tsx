import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TAppSubject } from '@carewatch/contracts/app-subjects';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { SubjectCard } from './subject-card.tsx';
import { useSubjects } from './subjects-api.ts';

const TABS = ['emergency', 'caring'] as const;
type Tab = (typeof TABS)[number];

/** The Emergency Dashboard and the Caring Dashboard (spec §2): the patients I follow, by kind of relation. */
export function FollowedPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const subjects = useSubjects();
  const fromUrl = TABS.find((x) => x === params.get('tab'));
  // Without a choice, open the dashboard that has someone in it.
  const tab: Tab =
    fromUrl ??
    (subjects.data &&
    !subjects.data.items.some((s) => s.relation === 'emergency') &&
    subjects.data.items.some((s) => s.relation === 'caring')
      ? 'caring'
      : 'emergency');
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('followed.title')}
      </Title>
      <Tabs value={tab} onChange={(v) => v && setParams({ tab: v }, { replace: true })}>
        <Tabs.List grow>
          {TABS.map((x) => (
            <Tabs.Tab key={x} value={x}>
              {t(`followed.tabs.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((x) => (
          <Tabs.Panel key={x} value={x} pt="sm">
            {subjects.isPending ? (
              <CardsSkeleton rows={2} />
            ) : subjects.isError ? (
              <ErrorState error={subjects.error} onRetry={() => void subjects.refetch()} />
            ) : (
              <SubjectList
                items={subjects.data.items.filter((s) => s.relation === x)}
                empty={t(`followed.empty.${x}`)}
              />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

export function SubjectList({ items, empty }: { items: TAppSubject[]; empty: string }) {
  if (items.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((s) => (
        <SubjectCard key={s.patientId} subject={s} />
      ))}
    </Stack>
  );
}
