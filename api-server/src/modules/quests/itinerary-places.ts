import type { AppContext } from '../../app-context.ts';
import type { Point } from '../../lib/distance.ts';
import { HttpError } from '../../lib/http-error.ts';
import { providerError } from '../geo/index.ts';
import { type ItineraryEnd, Problems } from './quest-input.ts';

type Field = 'startLocation' | 'endLocation';
type Ends = { startLocation?: ItineraryEnd; endLocation?: ItineraryEnd };

const LABELS: Record<Field, string> = { startLocation: 'Start location', endLocation: 'End location' };
/**
 * Itinerary ends are searched where the create form searches them
 * (docs/product-rules/maps-and-location.md#place-search-country).
 */
const COUNTRY = 'IN';

export const placeNotFound = (field: Field, name: string) =>
  `${LABELS[field]} "${name}" was not found. Pick a place from the search or give its coordinates.`;

/** The place search failed (502 from the geo module): the name may be fine, so it is not called missing. */
export const lookupFailed = (field: Field, name: string, providerMessage: string) =>
  `${LABELS[field]} "${name}" could not be looked up. ${providerMessage} You can also give its coordinates.`;

async function lookUp(
  geo: AppContext['geo'],
  userId: string,
  field: Field,
  name: string,
): Promise<Point | null> {
  try {
    const [best] = (await geo.searchPlaces(userId, name, COUNTRY)).places;
    return best ? { lat: best.lat, lng: best.lng } : null;
  } catch (error) {
    // Too short to search: nothing can match it.
    if (error instanceof HttpError && error.statusCode === 400) return null;
    if (error instanceof HttpError && error.statusCode >= 500)
      throw providerError(lookupFailed(field, name, error.message));
    throw error;
  }
}

/**
 * Itinerary ends given by name alone get the point of the place search's best match; the name stays as the
 * creator wrote it. Lookups count toward the caller's place-search limit like any search; a name that finds
 * nothing answers 400 naming its field, and a place search that fails answers 502 (a retry may work).
 */
export async function locateItineraryEnds<T extends Ends>(
  geo: AppContext['geo'],
  userId: string,
  ends: T,
): Promise<T> {
  const problems = new Problems();
  const locate = async (field: Field): Promise<ItineraryEnd | undefined> => {
    const end = ends[field];
    if (!end || end.point) return end;
    const point = await lookUp(geo, userId, field, end.name);
    if (!point) problems.add(field, placeNotFound(field, end.name));
    return { ...end, point };
  };
  const [startLocation, endLocation] = await Promise.all([locate('startLocation'), locate('endLocation')]);
  problems.throwIfAny();
  return { ...ends, startLocation, endLocation };
}
