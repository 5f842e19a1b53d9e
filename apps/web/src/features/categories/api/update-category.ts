import type { CategoryPatch } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** PATCH /api/v1/categories/:id (the slug never changes). */
export function updateCategory(id: number, body: CategoryPatch) {
  return api.updateCategory(id, body);
}

/** Changes a category's names, colour or icon; every list of categories reloads. */
export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CategoryPatch & { id: number }) => updateCategory(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['categories'] }),
  });
}
