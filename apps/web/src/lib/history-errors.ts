/**
 * A failed fetch of a history page is logged as 'Error fetching data:' and rethrown
 * (RTK Query's transformErrorResponse returns the error, so the page still gets it).
 */
export function logHistoryFetchError<E>(error: E): E {
  console.error('Error fetching data:', error);
  return error;
}
