import { Accordion, Anchor, Card, List, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackLink } from '../profile/back-link.tsx';
import { filterEntries, searchWords, type HelpEntry } from './help-rules.ts';
import { HELP_VALUES, specRows } from './watch-specs.ts';

const GUIDES = ['alerts', 'addFollower', 'shareData', 'disconnect', 'troubleshooting'] as const;
const FAQ = ['faqWhat', 'faqSigns', 'faqRisk', 'faqWatch', 'faqSpo2', 'faqRisks', 'faqTreatment', 'faqDoctor'] as const;
const MANUAL = ['manual'] as const;
type Section = 'guides' | 'faq' | 'manual';
type Entry = HelpEntry & { section: Section };

/** A link of a list: a 44 px tall row (a phone's thumb). */
function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} mih={44} display="flex" style={{ alignItems: 'center' }}>
      {children}
    </Anchor>
  );
}

/** One step per line (guides, manual); an answer is one paragraph. */
function Body({ entry }: { entry: Entry }) {
  const lines = entry.body.split('\n');
  if (lines.length === 1) return <Text size="sm">{entry.body}</Text>;
  return (
    <List type="ordered" size="sm" spacing={6}>
      {lines.map((l, i) => (
        <List.Item key={i}>{l}</List.Item>
      ))}
    </List>
  );
}

/** `/help`: guides, sleep apnea FAQ, device manual and the legal texts, searched in the screen's language. */
export function HelpPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string[]>([]);

  const specs = specRows().map((r) => ({
    key: r.key,
    label: t(`help.specs.${r.key}`),
    value: t(`help.specs.${r.key}Value`, r.values),
  }));
  const entry =
    (section: Section) =>
    (id: string): Entry => ({
      id,
      section,
      title: t(`help.entries.${id}.title`),
      body: t(`help.entries.${id}.body`, HELP_VALUES),
    });
  const entries = [...GUIDES.map(entry('guides')), ...FAQ.map(entry('faq')), ...MANUAL.map(entry('manual'))];
  // The manual is also found by its specifications (battery, IP68, …).
  const searchable = entries.map((e) =>
    e.section === 'manual' ? { ...e, body: `${e.body}\n${specs.map((s) => `${s.label} ${s.value}`).join('\n')}` } : e,
  );
  const searching = searchWords(query).length > 0;
  const found = filterEntries(searchable, query);
  const foundIds = new Set(found.map((e) => e.id));

  const search = (value: string) => {
    setQuery(value);
    // What is found opens; clearing the search folds everything again.
    setOpen(searchWords(value).length > 0 ? filterEntries(searchable, value).map((e) => e.id) : []);
  };

  const section = (key: Section, titleKey: string) => {
    const list = entries.filter((e) => e.section === key && foundIds.has(e.id));
    if (list.length === 0) return null;
    const id = `help-${key}`;
    return (
      <Card withBorder component="section" aria-labelledby={id} p="sm">
        <Title order={2} size="h5" id={id} mb="xs">
          {t(titleKey)}
        </Title>
        <Accordion multiple order={3} value={open} onChange={setOpen} variant="default">
          {list.map((e) => (
            <Accordion.Item key={e.id} value={e.id}>
              <Accordion.Control>{e.title}</Accordion.Control>
              <Accordion.Panel>
                <Body entry={e} />
                {key === 'manual' && (
                  <>
                    <Title order={4} size="h6" mt="md" mb={4}>
                      {t('help.specs.title')}
                    </Title>
                    <Table variant="vertical" withTableBorder layout="fixed" fz="sm">
                      <Table.Tbody>
                        {specs.map((s) => (
                          <Table.Tr key={s.key}>
                            <Table.Th scope="row" w="40%">
                              {s.label}
                            </Table.Th>
                            <Table.Td>{s.value}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Card>
    );
  };

  return (
    <Stack gap="md">
      <BackLink />
      <Title order={1} size="h3">
        {t('help.title')}
      </Title>
      <Text size="sm">{t('help.intro')}</Text>
      <TextInput
        type="search"
        label={t('help.search')}
        placeholder={t('help.searchPlaceholder')}
        value={query}
        onChange={(e) => search(e.currentTarget.value)}
        styles={{ input: { minHeight: 44 } }}
      />
      <Text size="sm" role="status" aria-live="polite">
        {searching
          ? found.length > 0
            ? t('help.found', { count: found.length })
            : t('help.noResults', { query: query.trim() })
          : ''}
      </Text>
      {section('guides', 'help.guides')}
      {section('faq', 'help.faq')}
      {section('manual', 'help.manual')}
      <Card withBorder component="section" aria-labelledby="help-about" p="sm">
        <Title order={2} size="h5" id="help-about" mb="xs">
          {t('help.about')}
        </Title>
        <Stack gap={0}>
          <RowLink to="/settings/permissions">{t('help.permissionsLink')}</RowLink>
          <RowLink to="/privacy">{t('settings.privacy')}</RowLink>
          <RowLink to="/terms">{t('settings.terms')}</RowLink>
        </Stack>
      </Card>
    </Stack>
  );
}
