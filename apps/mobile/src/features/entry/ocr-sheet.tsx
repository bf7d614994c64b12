import { Alert, Button, Image, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import type { UnitPrefs } from '@carewatch/clinical/units';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntryField, EntryMetric } from './entry-rules.ts';
import { readDevicePhoto } from './ocr-reader.ts';
import { OCR_DEVICES, type OcrDevice } from './ocr-rules.ts';

export type OcrFill = {
  values: Partial<Record<EntryField, string>>;
  metrics: EntryMetric[];
  source: 'segments' | 'text';
};

type State = { step: 'idle' } | { step: 'reading' } | { step: 'cannotDetect' } | { step: 'failed' };

/**
 * "Read from a photo": pick the device, take or choose a photo of its screen; the values read go into the entry form
 * (`onFill`) for the patient to check and save — nothing is saved here. Loaded only when opened (entry-page.tsx).
 */
export function OcrSheet({
  opened,
  onClose,
  onFill,
  prefs,
}: {
  opened: boolean;
  onClose: () => void;
  onFill: (fill: OcrFill) => void;
  prefs: UnitPrefs;
}) {
  const { t } = useTranslation();
  const [device, setDevice] = useState<OcrDevice>('bp_monitor');
  const [state, setState] = useState<State>({ step: 'idle' });
  const [preview, setPreview] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    // The same photo may be chosen again after a failure.
    e.currentTarget.value = '';
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    setState({ step: 'reading' });
    try {
      const outcome = await readDevicePhoto(file, device, prefs);
      if (!outcome.ok) {
        setState({ step: 'cannotDetect' });
        return;
      }
      setState({ step: 'idle' });
      setPreview(null);
      onFill({ values: outcome.values, metrics: outcome.metrics, source: outcome.source });
    } catch {
      setState({ step: 'failed' });
    }
  };

  const reading = state.step === 'reading';
  return (
    <Modal opened={opened} onClose={onClose} title={t('ocr.title')} centered>
      <Stack gap="md">
        <Text size="sm">{t('ocr.intro')}</Text>
        <Radio.Group
          label={t('ocr.device')}
          value={device}
          onChange={(v) => {
            setDevice(v as OcrDevice);
            setState({ step: 'idle' });
          }}
        >
          <Stack gap={0} mt="xs">
            {OCR_DEVICES.map((d) => (
              <Radio
                key={d}
                value={d}
                label={t(`ocr.devices.${d}`)}
                disabled={reading}
                styles={{ root: { minHeight: 44, display: 'flex', alignItems: 'center' } }}
              />
            ))}
          </Stack>
        </Radio.Group>
        <input
          ref={input}
          type="file"
          accept="image/*"
          capture="environment"
          aria-label={t('ocr.photoInput')}
          style={{ display: 'none' }}
          onChange={(e) => void pick(e)}
        />
        <Button size="md" onClick={() => input.current?.click()} loading={reading}>
          {t('ocr.takePhoto')}
        </Button>
        {preview && <Image src={preview} alt={t('ocr.preview')} radius="sm" mah={220} fit="contain" />}
        {reading && (
          <Stack align="center" gap={4} role="status">
            <Loader size="sm" />
            <Text size="sm">{t('ocr.reading')}</Text>
          </Stack>
        )}
        {state.step === 'cannotDetect' && (
          <Alert color="orange" role="alert">
            {t('ocr.cannotDetect')}
          </Alert>
        )}
        {state.step === 'failed' && (
          <Alert color="red" role="alert">
            {t('ocr.failed')}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
