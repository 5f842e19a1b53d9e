import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/v1/categories/:id/purge-field (admins): a removed field's hidden values go for good. */
export function purgeCategoryField(id: number, key: string) {
  return api.purgeCategoryField(id, { key });
}

/** Deletes a removed field's hidden values from every place of the category; the categories reload. */
export function usePurgeCategoryField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, key }: { id: number; key: string }) => purgeCategoryField(id, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['categories'] }),
  });
}
