import { QUEST_LIMITS } from '@cityquest/contract';
import { Button, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconMapPinPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkManualWaypoint, type WaypointValue } from './quest-form-values.ts';

/** A waypoint typed as coordinates and an optional name; `onAdd` says whether the route took it. */
export function ManualWaypointFields({ onAdd }: { onAdd: (point: Omit<WaypointValue, 'id'>) => boolean }) {
  const { t } = useTranslation('create');
  const [manual, setManual] = useState({ lat: '', lng: '', name: '' });
  const [manualProblem, setManualProblem] = useState<string | null>(null);

  const addManualWaypoint = () => {
    const check = checkManualWaypoint(manual.lat, manual.lng);
    if (!check.ok) {
      setManualProblem(t(`manual.${check.problem}`));
      return;
    }
    setManualProblem(null);
    if (onAdd({ lat: check.lat, lng: check.lng, name: manual.name.trim() })) {
      setManual({ lat: '', lng: '', name: '' });
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="fieldset" m={0}>
      <Text component="legend" fw={600} size="sm" px={4}>
        {t('manual.title')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {(['lat', 'lng', 'name'] as const).map((key) => (
          <TextInput
            key={key}
            label={t(`manual.${key}`)}
            placeholder={t(`manual.${key}Placeholder`)}
            inputMode={key === 'name' ? 'text' : 'decimal'}
            maxLength={key === 'name' ? QUEST_LIMITS.placeName : 20}
            value={manual[key]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setManual((current) => ({ ...current, [key]: value }));
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              // Enter adds the waypoint here instead of submitting the whole quest.
              event.preventDefault();
              addManualWaypoint();
            }}
          />
        ))}
      </SimpleGrid>
      {manualProblem && (
        <Text size="sm" c="red" role="alert" mt="xs">
          {manualProblem}
        </Text>
      )}
      <Group mt="sm">
        <Button
          variant="light"
          leftSection={<IconMapPinPlus size={16} aria-hidden="true" />}
          onClick={addManualWaypoint}
        >
          {t('manual.add')}
        </Button>
      </Group>
    </Paper>
  );
}
