import { SEARCH_LIMITS } from '@cityquest/contract';
import { getErrorMessage } from '@cityquest/web-client';
import { CloseButton, Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createQuestQueries, type GeoPlace, PlaceSearchLimitError } from './create-quest-api.ts';
import type { PlaceValue } from './quest-form-values.ts';

const PLACE_SEARCH_DEBOUNCE_MS = 300;

type Props = {
  label: string;
  description?: string;
  /**
   * 'select' keeps the picked place in the box (start, end); 'add' empties it after each pick (waypoints).
   */
  mode: 'select' | 'add';
  value?: PlaceValue | null;
  onPick: (place: GeoPlace) => void;
  onClear?: () => void;
  /** A problem of the form itself, such as 'Start location is required.'. */
  error?: ReactNode;
  required?: boolean;
};

/**
 * Debounced place search through GET /geo/places, from 2 typed characters
 * (docs/product-rules/explorer-screens.md#create-quest-form); only a place picked from the dropdown counts.
 */
export function PlaceSearch({
  label,
  description,
  mode,
  value = null,
  onPick,
  onClear,
  error,
  required,
}: Props) {
  const { t } = useTranslation('create');
  const store = useCombobox({ onDropdownClose: () => store.resetSelectedOption() });
  const [text, setText] = useState(value?.name ?? '');
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value) setText(value.name);
  }
  // What is searched for once typing pauses; null while nothing is (too short, picked or cleared).
  const [query, setQuery] = useState<string | null>(null);
  // A search not sent because the rate limit still runs: the seconds left.
  const [waiting, setWaiting] = useState<number | null>(null);
  const [invalid, setInvalid] = useState(false);
  const blockedUntil = useRef(0);
  const found = useQuery({
    ...createQuestQueries.places(query ?? ''),
    enabled: query !== null,
    // The places found so far stay in the dropdown while the next text is searched.
    placeholderData: keepPreviousData,
  });
  const places = query !== null ? (found.data ?? null) : null;
  const failure = query !== null ? found.error : null;
  const limited = failure instanceof PlaceSearchLimitError ? failure : null;
  useEffect(() => {
    if (limited?.seconds != null) blockedUntil.current = Date.now() + limited.seconds * 1000;
  }, [limited]);

  const limitMessage = (seconds: number) => t('placeSearch.rateLimit', { seconds });
  let problem: string | null = null;
  if (waiting !== null) problem = limitMessage(waiting);
  else if (limited)
    problem =
      limited.seconds !== null ? limitMessage(limited.seconds) : limited.message || t('placeSearch.failed');
  else if (failure) problem = getErrorMessage(failure, t('placeSearch.failed'));

  const search = useDebouncedCallback((next: string) => {
    const wait = Math.ceil((blockedUntil.current - Date.now()) / 1000);
    if (wait > 0) {
      setQuery(null);
      setWaiting(wait);
      return;
    }
    setWaiting(null);
    setQuery(next);
    store.openDropdown();
  }, PLACE_SEARCH_DEBOUNCE_MS);

  const stopSearching = () => {
    search.cancel();
    setQuery(null);
    store.closeDropdown();
  };

  const onType = (next: string) => {
    setText(next);
    setInvalid(false);
    if (mode === 'select' && value) onClear?.();
    if (next.trim().length < SEARCH_LIMITS.placeMin) {
      stopSearching();
      return;
    }
    search(next.trim());
  };

  const pick = (id: string) => {
    const place = places?.find((candidate) => candidate.id === id);
    if (!place) return;
    setInvalid(false);
    stopSearching();
    setText(mode === 'select' ? place.name : '');
    onPick(place);
  };

  const clear = () => {
    stopSearching();
    setText('');
    setInvalid(false);
    onClear?.();
  };

  // Typed text that was never picked from the dropdown is not a place.
  const unpicked = () => text.trim() !== '' && !(mode === 'select' && value && value.name === text);

  return (
    <div>
      {/* Results stay open while the page scrolls to them (a phone's keyboard leaves little room below the box):
          Mantine's default hides a dropdown whose input has left the viewport, which takes the options away from
          the person scrolling to reach them. The list scrolls inside a bounded height instead of lengthening the page. */}
      <Combobox store={store} onOptionSubmit={pick} withinPortal hideDetached={false}>
        <Combobox.Target withExpandedAttribute>
          <TextInput
            label={label}
            description={description}
            placeholder={t('placeSearch.placeholder')}
            required={required}
            maxLength={SEARCH_LIMITS.place}
            value={text}
            autoComplete="off"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            rightSection={
              query !== null && found.isFetching ? (
                <Loader size="xs" role="status" aria-label={t('placeSearch.searching')} />
              ) : text ? (
                <CloseButton size="sm" aria-label={t('placeSearch.clear', { label })} onClick={clear} />
              ) : null
            }
            error={(invalid ? t('placeSearch.invalid') : null) ?? error}
            onChange={(event) => onType(event.currentTarget.value)}
            onFocus={() => {
              if (places) store.openDropdown();
            }}
            onBlur={() => {
              store.closeDropdown();
              if (unpicked()) setInvalid(true);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              if (store.dropdownOpened && store.getSelectedOptionIndex() !== -1) return;
              // Enter without a highlighted place must neither submit the form nor accept the text.
              event.preventDefault();
              if (unpicked()) setInvalid(true);
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={places === null}>
          <Combobox.Options
            aria-label={t('placeSearch.results', { label })}
            mah={280}
            style={{ overflowY: 'auto' }}
          >
            {places?.length ? (
              places.map((place) => (
                <Combobox.Option value={place.id} key={place.id}>
                  <Text size="sm" fw={600}>
                    {place.name}
                  </Text>
                  {place.address && (
                    <Text size="xs" c="dimmed">
                      {place.address}
                    </Text>
                  )}
                </Combobox.Option>
              ))
            ) : places ? (
              <Combobox.Empty>{t('placeSearch.empty')}</Combobox.Empty>
            ) : null}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {problem && (
        <Text size="sm" c="red" role="alert" mt={4}>
          {problem}
        </Text>
      )}
    </div>
  );
}
