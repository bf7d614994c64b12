import { useState, type ReactNode } from 'react';
import { Box, Tabs } from '@mantine/core';

export interface PlainTab {
  value: string;
  label: string;
  content: () => ReactNode;
}

/**
 * Tabs whose single panel is not labelled by its tab, so that a field named like a tab
 * (e.g. "Password", "Language") stays the only element with that accessible name.
 */
export function PlainTabs({
  id,
  label,
  tabs,
  mb = 'md',
  value: controlled,
  onChange,
}: {
  id: string;
  label: string;
  tabs: PlainTab[];
  mb?: string;
  /** Controlled use (e.g. the tab kept in the URL with `useUrlParam`): an unknown value shows the first tab. */
  value?: string;
  onChange?: (value: string) => void;
}) {
  const [local, setLocal] = useState<string | null>(tabs[0]?.value ?? null);
  const value = controlled ?? local;
  const setValue = (v: string | null) => (onChange ? onChange(v ?? '') : setLocal(v));
  const active = tabs.find((tab) => tab.value === value) ?? tabs[0];
  return (
    <>
      <Tabs id={id} value={active?.value ?? null} onChange={setValue}>
        <Tabs.List aria-label={label} mb={mb}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {active && (
        <Box role="tabpanel" id={`${id}-panel-${active.value}`}>
          {active.content()}
        </Box>
      )}
    </>
  );
}
