import type { Schema } from '@cityquest/contract';
import { ApiError, apiKey, getErrorMessage, toFormData, unwrap } from '@cityquest/web-client';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { questQueries } from '../../lib/quests/quest-api.ts';
import type { CreateQuestBody, UpdateQuestBody } from './quest-form-values.ts';

export type GeoPlace = Schema<'GeoPlace'>;

/**
 * The create form restricts places to one country
 * (docs/product-rules/maps-and-location.md#place-search-country).
 */
export const PLACE_COUNTRY = 'IN';

/** Place search answered 429: `seconds` comes from Retry-After (null when the header is missing). */
export class PlaceSearchLimitError extends ApiError {
  readonly seconds: number | null;
  constructor(seconds: number | null, message: string) {
    super(message, 429);
    this.name = 'PlaceSearchLimitError';
    this.seconds = seconds;
  }
}

/**
 * GET /geo/places; a rate limit throws PlaceSearchLimitError, any other failure an ApiError whose message is
 * the server's or empty, for the screen to word in the user's language.
 */
async function searchPlaces(q: string): Promise<GeoPlace[]> {
  const call = api().GET('/geo/places', { params: { query: { q, country: PLACE_COUNTRY } } });
  let result: Awaited<typeof call>;
  try {
    result = await call;
  } catch {
    throw new ApiError('', 0);
  }
  const { response } = result;
  if (response.status === 429) {
    const seconds = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
    throw new PlaceSearchLimitError(
      Number.isFinite(seconds) && seconds >= 0 ? seconds : null,
      getErrorMessage(result.error, ''),
    );
  }
  if (result.data) return result.data.data.places;
  throw new ApiError(getErrorMessage(result.error, ''), response.status);
}

export const createQuestQueries = {
  /** Places matching the typed text; the server caches them for days, so one session asks once per text. */
  places: (q: string) =>
    queryOptions({
      queryKey: apiKey('/geo/places', { query: { q, country: PLACE_COUNTRY } }),
      queryFn: () => searchPlaces(q),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** The lists of the creator's quests: My Quest's and the dashboard's. */
const refreshCreated = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: apiKey('/quests/my-quests') }),
    queryClient.invalidateQueries({ queryKey: apiKey('/quests/my-dashboard') }),
  ]);

// A failure without the server's message has an empty one: the form words it in the user's language.

/** POST /quests/create-quest (multipart, see createQuestBody): the new quest waits for review. */
export function useCreateQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQuestBody) =>
      unwrap(api().POST('/quests/create-quest', { body, bodySerializer: toFormData }), ''),
    // The profile counts the quests one created.
    onSuccess: () =>
      Promise.all([
        refreshCreated(queryClient),
        queryClient.invalidateQueries({ queryKey: apiKey('/users/my-profile') }),
      ]),
  });
}

/** PUT /quests/{id}: the creator's own pending or rejected quest, which goes back to review. */
export function useUpdateQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateQuestBody }) =>
      unwrap(api().PUT('/quests/{id}', { params: { path: { id } }, body }), ''),
    onSuccess: (quest) => {
      queryClient.setQueryData(questQueries.detail(quest._id).queryKey, quest);
      return refreshCreated(queryClient);
    },
  });
}
