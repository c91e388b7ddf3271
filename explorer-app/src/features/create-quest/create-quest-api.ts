import { ApiError, getErrorMessage, type Schema, unwrap, unwrapEnvelope } from '@cityquest/openapi';
import { api } from '../../lib/api.ts';
import type { UpdateQuestBody } from './quest-form-values.ts';

export type GeoPlace = Schema<'GeoPlace'>;

/** The create form restricts places to one country (explorer-and-visitor.md section 5). */
export const PLACE_COUNTRY = 'IN';

export const createQuest = (form: FormData, fallback: string) =>
  unwrapEnvelope(
    api().POST('/quests/create-quest', {
      body: form as never,
      bodySerializer: (body) => body as unknown as FormData,
    }),
    fallback,
  );

export const updateQuest = (id: string, body: UpdateQuestBody, fallback: string) =>
  unwrapEnvelope(api().PUT('/quests/{id}', { params: { path: { id } }, body }), fallback);

export const reverseGeocode = (lat: number, lng: number) =>
  unwrap(api().GET('/geo/reverse', { params: { query: { lat, lng } } }), 'Failed to find the address');

/** Place search answered 429: `seconds` comes from Retry-After (null when the header is missing). */
export class PlaceSearchLimitError extends Error {
  readonly seconds: number | null;
  constructor(seconds: number | null, message: string) {
    super(message);
    this.name = 'PlaceSearchLimitError';
    this.seconds = seconds;
  }
}

/** GET /geo/places; a rate limit throws PlaceSearchLimitError, any other failure an ApiError. */
export async function searchPlaces(q: string): Promise<GeoPlace[]> {
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
