import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { resetTokenOf } from '../utils/reset-token.ts';

/**
 * The token of an e-mail link's address (`?token=…`: reset, verification, unsubscribe, follows),
 * read once; the address is then replaced by the bare path (replacing the history entry), so the
 * token stays neither in the history nor in what is shared or bookmarked from here. Null when the
 * link has no token or one cut short: such a link is not worth sending.
 */
export function useLinkToken(): string | null {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [token] = useState(() => resetTokenOf(search));

  useEffect(() => {
    if (search !== '') navigate(location, { replace: true });
  }, [search, location, navigate]);

  return token;
}
