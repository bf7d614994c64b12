import { Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LicensesPanel } from '../staff/doctor-profile-shared.tsx';
import { doctorKeys, doctors } from './doctors-shared.ts';

/** "Medical licenses" of a doctor: list with validity, image, add and edit (an expired date is refused). */
export function LicensesSection({ doctorId, canEdit }: { doctorId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack component="section" aria-labelledby="licenses-title" mt="md">
      <LicensesPanel
        api={doctors}
        ownerId={doctorId}
        queryKey={doctorKeys.licenses(doctorId)}
        canEdit={canEdit}
        header={(addButton) => (
          <Group justify="space-between">
            <Title order={2} size="h3" id="licenses-title">
              {t('doctors.licenses.title')}
            </Title>
            {addButton}
          </Group>
        )}
        tableLabel={t('doctors.licenses.title')}
        expiryHint={t('doctors.licenses.expiredRefused')}
      />
    </Stack>
  );
}
