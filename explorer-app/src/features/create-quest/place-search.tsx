import { getErrorMessage } from '@cityquest/openapi';
import { CloseButton, Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GeoPlace, PlaceSearchLimitError, searchPlaces } from './create-quest-api.ts';
import type { PlaceValue } from './quest-form-values.ts';

export const PLACE_SEARCH_DEBOUNCE_MS = 300;
/** Search begins after 2 or more typed characters (explorer-and-visitor.md section 5). */
export const PLACE_SEARCH_MIN_CHARS = 2;

type Props = {
  label: string;
  description?: string;
  /** 'select' keeps the picked place in the box (start, end); 'add' empties it after each pick (waypoints). */
  mode: 'select' | 'add';
  value?: PlaceValue | null;
  onPick: (place: GeoPlace) => void;
  onClear?: () => void;
  /** A problem of the form itself, such as 'Start location is required.'. */
  error?: ReactNode;
  required?: boolean;
};

/** Debounced place search through GET /geo/places; only a place picked from the dropdown counts. */
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
  const [places, setPlaces] = useState<GeoPlace[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const latestCall = useRef(0);
  const blockedUntil = useRef(0);

  const limitMessage = (seconds: number) => t('placeSearch.rateLimit', { seconds });

  const search = useDebouncedCallback(async (query: string) => {
    const call = ++latestCall.current;
    const wait = Math.ceil((blockedUntil.current - Date.now()) / 1000);
    if (wait > 0) {
      setProblem(limitMessage(wait));
      return;
    }
    setSearching(true);
    try {
      const found = await searchPlaces(query);
      if (call !== latestCall.current) return;
      setProblem(null);
      setPlaces(found);
      store.openDropdown();
    } catch (failure) {
      if (call !== latestCall.current) return;
      setPlaces(null);
      store.closeDropdown();
      if (failure instanceof PlaceSearchLimitError) {
        if (failure.seconds !== null) {
          blockedUntil.current = Date.now() + failure.seconds * 1000;
          setProblem(limitMessage(failure.seconds));
        } else {
          setProblem(failure.message || t('placeSearch.failed'));
        }
      } else {
        setProblem(getErrorMessage(failure, t('placeSearch.failed')));
      }
    } finally {
      if (call === latestCall.current) setSearching(false);
    }
  }, PLACE_SEARCH_DEBOUNCE_MS);

  const onType = (next: string) => {
    setText(next);
    setInvalid(false);
    if (mode === 'select' && value) onClear?.();
    if (next.trim().length < PLACE_SEARCH_MIN_CHARS) {
      search.cancel();
      latestCall.current += 1;
      setSearching(false);
      setPlaces(null);
      store.closeDropdown();
      return;
    }
    search(next.trim());
  };

  const pick = (id: string) => {
    const place = places?.find((candidate) => candidate.id === id);
    if (!place) return;
    setInvalid(false);
    setPlaces(null);
    store.closeDropdown();
    setText(mode === 'select' ? place.name : '');
    onPick(place);
  };

  const clear = () => {
    search.cancel();
    latestCall.current += 1;
    setText('');
    setInvalid(false);
    setPlaces(null);
    setSearching(false);
    store.closeDropdown();
    onClear?.();
  };

  // Typed text that was never picked from the dropdown is not a place.
  const unpicked = () => text.trim() !== '' && !(mode === 'select' && value && value.name === text);

  return (
    <div>
      <Combobox store={store} onOptionSubmit={pick} withinPortal>
        <Combobox.Target withExpandedAttribute>
          <TextInput
            label={label}
            description={description}
            placeholder={t('placeSearch.placeholder')}
            required={required}
            value={text}
            autoComplete="off"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            rightSection={
              searching ? (
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
          <Combobox.Options aria-label={t('placeSearch.results', { label })}>
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
