import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listedPlace } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { PlaceList } from './place-list.tsx';

const pharmacy = { name: 'Pharmacy', color: '#dc2626' };

function renderList(selectedId: number | null, onSelect = vi.fn()) {
  const places = [
    listedPlace({ id: 1, distance: 120 }),
    listedPlace({ id: 2, name: { en: 'Shelter' }, distance: 2500 }),
  ];
  renderWithApp(
    <PlaceList
      places={places}
      selectedId={selectedId}
      categoryOf={() => pharmacy}
      onSelect={onSelect}
      hasMore={false}
      loadingMore={false}
      onShowMore={() => {}}
    />,
  );
  return onSelect;
}

describe('PlaceList', () => {
  it('lists each place with its name in the UI language, category and distance', () => {
    renderList(null);
    const items = screen.getAllByTestId('place-list-item');
    expect(items.map((item) => item.getAttribute('data-place-id'))).toEqual(['1', '2']);
    expect(within(items[0] as HTMLElement).getByRole('button')).toHaveTextContent(
      /City Pharmacy Centre.*Pharmacy.*Ilica 1, Zagreb.*120 m/,
    );
    expect(items[1]).toHaveTextContent('2.5 km');
  });

  it('calls back with the place when an item is chosen', async () => {
    const onSelect = renderList(null);
    await userEvent.click(screen.getByRole('button', { name: /Shelter/ }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect.mock.calls[0]?.[0]).toMatchObject({ id: 2 });
  });

  it('marks the selected place as current', () => {
    renderList(2);
    expect(screen.getByRole('button', { name: /Shelter/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: /City Pharmacy/ })).not.toHaveAttribute('aria-current');
  });

  it('leaves distances out of search results, which are ranked by how well they match', () => {
    renderWithApp(
      <PlaceList
        places={[listedPlace({ id: 1, distance: 120 })]}
        selectedId={null}
        categoryOf={() => pharmacy}
        onSelect={() => {}}
        hasMore={false}
        loadingMore={false}
        onShowMore={() => {}}
        showDistance={false}
      />,
    );
    expect(screen.getByTestId('place-list-item')).toHaveTextContent(/City Pharmacy Centre.*Ilica 1, Zagreb$/);
    expect(screen.getByTestId('place-list-item')).not.toHaveTextContent('120 m');
  });
});
