import { Button, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useSearchParams } from 'react-router';
import type { TContact } from '@carewatch/contracts/contacts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { useSubjects } from '../followed/subjects-api.ts';
import { AddDoctorPage, AddFollowerPage } from './add-pages.tsx';
import { ContactCard } from './contact-card.tsx';
import { CONTACT_KEYS, myContactsApi } from './contacts-api.ts';
import { MyQrPage, ScanQrPage } from './qr-pages.tsx';
import { RequestsTab } from './requests-tab.tsx';

/** Contacts (spec §2): followers, following, doctors, requests; adding by phone or QR code; doctors. */
export function ContactsPage() {
  return (
    <Routes>
      <Route index element={<ContactsHome />} />
      <Route path="add" element={<AddFollowerPage />} />
      <Route path="doctor" element={<AddDoctorPage />} />
      <Route path="qr" element={<MyQrPage />} />
      <Route path="scan" element={<ScanQrPage />} />
      <Route path="*" element={<Navigate to="/contacts" replace />} />
    </Routes>
  );
}

const TABS = ['followers', 'following', 'doctors', 'requests'] as const;
type Tab = (typeof TABS)[number];

function ContactsHome() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'followers';
  const overview = useQuery({ queryKey: CONTACT_KEYS.overview, queryFn: () => myContactsApi.overview() });
  const requests = useQuery({
    queryKey: CONTACT_KEYS.requests,
    queryFn: () => myContactsApi.requests(),
    refetchInterval: 30_000,
  });
  const received = requests.data?.received.length ?? 0;

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('contacts.title')}
      </Title>
      <SimpleGrid cols={2} spacing="xs">
        <Button component={Link} to="/contacts/add" variant="light">
          {t('contacts.actions.addFollower')}
        </Button>
        <Button component={Link} to="/contacts/doctor" variant="light">
          {t('contacts.actions.addDoctor')}
        </Button>
        <Button component={Link} to="/contacts/qr" variant="default">
          {t('contacts.actions.showQr')}
        </Button>
        <Button component={Link} to="/contacts/scan" variant="default">
          {t('contacts.actions.scanQr')}
        </Button>
        {/* A player joins a coach's team (issue 21) and sets the team info the coach sees. */}
        <Button component={Link} to="/join-coach" variant="default">
          {t('dashboards.join.open')}
        </Button>
        <Button component={Link} to="/sport-profile" variant="default">
          {t('dashboards.profile.open')}
        </Button>
      </SimpleGrid>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'followers' ? { tab: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List grow>
          {TABS.map((x) => (
            <Tabs.Tab key={x} value={x} px={4}>
              {t(`contacts.tabs.${x}`)}
              {x === 'requests' && received > 0 ? ` (${received})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="requests" pt="sm">
          {requests.isPending ? (
            <CardsSkeleton rows={2} />
          ) : requests.isError ? (
            <ErrorState error={requests.error} onRetry={() => void requests.refetch()} />
          ) : (
            <RequestsTab data={requests.data} />
          )}
        </Tabs.Panel>
        {(['followers', 'following', 'doctors'] as const).map((x) => (
          <Tabs.Panel key={x} value={x} pt="sm">
            {overview.isPending ? (
              <CardsSkeleton rows={2} />
            ) : overview.isError ? (
              <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
            ) : (
              <ContactList items={overview.data[x]} empty={t(`contacts.empty.${x}`)} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function ContactList({ items, empty }: { items: TContact[]; empty: string }) {
  const subjects = useSubjects();
  if (items.length === 0) return <Text c="dimmed">{empty}</Text>;
  // A patient I follow opens in "viewing as" by their patient record.
  const patientOf = (c: TContact) =>
    subjects.data?.items.find((s) => s.userId !== null && s.userId === c.owner.userId && s.relation !== 'self')
      ?.patientId;
  return (
    <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((c) => (
        <ContactCard key={c.id} contact={c} patientId={c.side === 'contact' ? patientOf(c) : undefined} />
      ))}
    </Stack>
  );
}
