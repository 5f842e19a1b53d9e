import type { CategoryInput } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/v1/categories. */
export function createCategory(body: CategoryInput) {
  return api.createCategory(body);
}

/** Adds a category; every list of categories (chips, markers) reloads. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['categories'] }),
  });
}
