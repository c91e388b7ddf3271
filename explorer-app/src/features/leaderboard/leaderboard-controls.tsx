import { NativeSelect, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type BoardChoice,
  LEADERBOARD_PERIODS,
  LEADERBOARD_SCOPES,
  type Leaderboard,
  type LeaderboardPeriod,
  type LeaderboardScope,
} from './leaderboard-api.ts';

/** The city board's choices: the caller's cities, and the city shown when the URL named another. */
function cityOptions(cities: string[], shown: string | null | undefined) {
  return shown && !cities.includes(shown) ? [...cities, shown] : cities;
}

/**
 * Which board: this week or all time, everyone, friends or one city. On the city board the answer's `city` is
 * the one selected (without `?city=` the server picks the caller's own); choosing another puts it in the URL.
 */
export function LeaderboardControls({
  choice,
  board,
  onChoose,
}: {
  choice: BoardChoice;
  /** The board on screen (the previous one while the next loads), for the city board's choices. */
  board: Leaderboard | undefined;
  onChoose: (choice: BoardChoice) => void;
}) {
  const { t } = useTranslation('leaderboard');
  const shownCity = board?.scope === 'city' ? (board.city ?? choice.city) : choice.city;
  const cities = cityOptions(board?.cities ?? [], shownCity);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <SegmentedControl
          aria-label={t('period.label')}
          fullWidth
          value={choice.period}
          onChange={(period) => onChoose({ ...choice, period: period as LeaderboardPeriod })}
          data={LEADERBOARD_PERIODS.map((period) => ({ value: period, label: t(`period.${period}`) }))}
        />
        <SegmentedControl
          aria-label={t('scope.label')}
          fullWidth
          value={choice.scope}
          // Another board starts without a city: the city board then opens on the caller's own.
          onChange={(scope) => onChoose({ period: choice.period, scope: scope as LeaderboardScope })}
          data={LEADERBOARD_SCOPES.map((scope) => ({ value: scope, label: t(`scope.${scope}`) }))}
        />
      </SimpleGrid>
      {choice.scope === 'city' && cities.length > 0 && (
        <NativeSelect
          label={t('city')}
          maw={{ sm: 320 }}
          value={shownCity ?? ''}
          data={cities}
          onChange={({ currentTarget: { value } }) => onChoose({ ...choice, city: value })}
        />
      )}
    </Stack>
  );
}
