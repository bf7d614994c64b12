import { Badge, Button, Card, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CONTACT_RELATIONSHIPS, type TContact, type TContactRelationship } from '@carewatch/contracts/contacts';
import { SPECIALTIES } from '@carewatch/contracts/specialties';
import { setSubject } from '../../app/subject.ts';
import { CONTACT_KEYS, contactErrorText, myContactsApi } from './contacts-api.ts';
import { displayName, otherParty } from './rules.ts';

/** Specialty label in the interface language (the contracts carry English and Vietnamese). */
export function specialtyLabel(code: string, lang: string): string {
  const s = SPECIALTIES.find((x) => x.code === code);
  if (!s) return code;
  return lang.startsWith('vi') ? s.vi : s.en;
}

/**
 * One accepted relation: who, which kind, relationship; edit my alias / relationship, remove (owner) or unfollow
 * (follower) after a confirmation. For a patient I follow, "View data" switches the app to viewing as them.
 */
export function ContactCard({ contact, patientId }: { contact: TContact; patientId?: string | undefined }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [alias, setAlias] = useState(contact.aliasName ?? '');
  const [relationship, setRelationship] = useState<string | null>(contact.relationship);
  const name = displayName(contact);
  const other = otherParty(contact);
  const iFollow = contact.side === 'contact';

  const refresh = () => queryClient.invalidateQueries({ queryKey: CONTACT_KEYS.overview });
  const save = useMutation({
    mutationFn: () =>
      myContactsApi.update(contact.id, {
        aliasName: alias,
        relationship: (relationship || null) as TContactRelationship | null,
      }),
    onSuccess: async () => {
      setEditing(false);
      notifications.show({ message: t('contacts.edit.saved') });
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => myContactsApi.remove(contact.id),
    onSuccess: async () => {
      setConfirming(false);
      notifications.show({ message: t('contacts.confirm.removed') });
      await refresh();
      // Unfollowing removes access (spec §6): whatever depended on it is reloaded.
      await queryClient.invalidateQueries({ queryKey: ['app', 'subjects'] });
    },
  });

  const relationshipOptions = CONTACT_RELATIONSHIPS.map((r) => ({ value: r, label: t(`contacts.relationships.${r}`) }));
  return (
    <Card component="li" withBorder padding="sm" aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{name}</Text>
            {contact.aliasName && other.name && (
              <Text size="xs" c="dimmed">
                {other.name}
              </Text>
            )}
            {other.phone && (
              <Text size="xs" c="dimmed">
                {other.phone}
              </Text>
            )}
            {contact.relationship && <Text size="xs">{t(`contacts.relationships.${contact.relationship}`)}</Text>}
            {contact.specialty && <Text size="xs">{specialtyLabel(contact.specialty, i18n.language)}</Text>}
            {other.userId === null && (
              <Text size="xs" c="dimmed">
                {t('contacts.card.plainNumber')}
              </Text>
            )}
          </Stack>
          <Badge
            variant="light"
            color={contact.kind === 'emergency' ? 'red' : contact.kind === 'caring' ? 'teal' : 'blue'}
          >
            {t(`contacts.kinds.${contact.kind}`)}
          </Badge>
        </Group>
        <Group gap="xs">
          {iFollow && patientId && (
            <Button
              size="xs"
              variant="light"
              onClick={() => {
                setSubject({
                  patientId,
                  name: other.name,
                  relation: contact.kind === 'emergency' ? 'emergency' : 'caring',
                });
                void navigate('/');
              }}
            >
              {t('contacts.card.viewAs')}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => setEditing(true)}>
            {t('contacts.card.edit')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
            {iFollow ? t('contacts.card.unfollow') : t('contacts.card.remove')}
          </Button>
        </Group>
      </Stack>

      <Modal opened={editing} onClose={() => setEditing(false)} title={t('contacts.edit.title')} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Stack>
            <TextInput
              label={t('contacts.add.alias')}
              value={alias}
              onChange={(e) => setAlias(e.currentTarget.value)}
              maxLength={64}
            />
            <Select
              label={t('contacts.add.relationship')}
              data={relationshipOptions}
              value={relationship}
              onChange={setRelationship}
              clearable
            />
            {save.isError && (
              <Text c="red" size="sm" role="alert">
                {contactErrorText(t, save.error)}
              </Text>
            )}
            <Button type="submit" loading={save.isPending}>
              {t('contacts.edit.save')}
            </Button>
          </Stack>
        </form>
      </Modal>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        centered
        title={iFollow ? t('contacts.confirm.unfollowTitle') : t('contacts.confirm.removeTitle')}
      >
        <Stack>
          <Text>
            {iFollow ? t('contacts.confirm.unfollowText', { name }) : t('contacts.confirm.removeText', { name })}
          </Text>
          {remove.isError && (
            <Text c="red" size="sm" role="alert">
              {contactErrorText(t, remove.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('contacts.confirm.no')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('contacts.confirm.yes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
